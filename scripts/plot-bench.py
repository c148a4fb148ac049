#!/usr/bin/python3
"""Turns kmm-bench JSON (--benchmark_out) into PNG plots.

usage: plot-bench.py BENCH.json OUT_PREFIX [TITLE]

Writes OUT_PREFIX-square.png (GFLOP/s against n per algorithm, vendor line
dashed, fp32 and fp64 side by side), OUT_PREFIX-percent.png (percent of the
vendor's GFLOP/s against n) and OUT_PREFIX-shapes.png (the HPC shapes).
Reads the median aggregate of each benchmark. Needs python3-matplotlib
(Debian package).
"""
import json
import re
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def load(path):
    data = json.load(open(path))
    rows = []
    for b in data["benchmarks"]:
        if b.get("aggregate_name", "median") != "median" or b.get("run_type") == "iteration" and "aggregate_name" in b:
            continue
        name = b.get("run_name", b["name"])
        m = re.match(r"(s|d)gemm/(.+?)/((?:cuBLAS|OpenBLAS|kmm:[^/\[]+(?:\[[^\]]*\])?))(?:/.*)?$", name)
        if not m:
            continue
        prec, shape, impl = m.groups()
        rows.append(dict(prec="fp32" if prec == "s" else "fp64", shape=shape, impl=impl,
                         gflops=b.get("GFLOP/s"), vs=b.get("vs_vendor")))
    return data.get("context", {}), rows


def main():
    path, prefix = sys.argv[1], sys.argv[2]
    title = sys.argv[3] if len(sys.argv) > 3 else ""
    ctx, rows = load(path)
    device = ctx.get("kmm.device", "")
    vendor = next((r["impl"] for r in rows if not r["impl"].startswith("kmm:")), "vendor")
    sub = f"{title} {device}".strip()

    square = [r for r in rows if r["shape"].startswith("square/")]
    fig, axes = plt.subplots(1, 2, figsize=(13, 5))
    figp, axesp = plt.subplots(1, 2, figsize=(13, 5))
    for ax, axp, prec in zip(axes, axesp, ("fp32", "fp64")):
        series = defaultdict(dict)
        for r in square:
            if r["prec"] == prec and r["gflops"]:
                series[r["impl"]][int(r["shape"].split("=")[1])] = r
        for impl in sorted(series, key=lambda s: (s.startswith("kmm:"), s)):
            pts = sorted(series[impl].items())
            xs = [n for n, _ in pts]
            style = dict(linestyle="--", color="black", linewidth=2) if not impl.startswith("kmm:") else dict(marker="o")
            ax.plot(xs, [r["gflops"] for _, r in pts], label=impl, **style)
            if impl.startswith("kmm:"):
                vs = [(n, r["vs"]) for n, r in pts if r["vs"]]
                if vs:
                    axp.plot([n for n, _ in vs], [100 * v for _, v in vs], marker="o", label=impl)
        for a in (ax, axp):
            a.set_xscale("log", base=2)
            a.set_xlabel("n (square m = n = k)")
            a.grid(True, which="both", alpha=0.3)
            a.legend(fontsize=8)
        ax.set_yscale("log")
        ax.set_ylabel("GFLOP/s (median)")
        ax.set_title(f"{prec} GEMM vs {vendor}")
        axp.set_ylabel(f"% of {vendor}")
        axp.axhline(100, color="black", linestyle="--", linewidth=1)
        axp.set_title(f"{prec}: percent of {vendor}")
    fig.suptitle(sub)
    figp.suptitle(sub)
    fig.tight_layout()
    figp.tight_layout()
    fig.savefig(f"{prefix}-square.png", dpi=90)
    figp.savefig(f"{prefix}-percent.png", dpi=90)

    other = [r for r in rows if not r["shape"].startswith("square/") and r["gflops"]]
    if other:
        shapes = sorted({(r["prec"], r["shape"]) for r in other})
        impls = sorted({r["impl"] for r in other}, key=lambda s: (s.startswith("kmm:"), s))
        fig, ax = plt.subplots(figsize=(13, 5))
        width = 0.8 / len(impls)
        for i, impl in enumerate(impls):
            vals = [next((r["gflops"] for r in other if (r["prec"], r["shape"]) == s and r["impl"] == impl), 0)
                    for s in shapes]
            ax.bar([x + i * width for x in range(len(shapes))], vals, width, label=impl)
        ax.set_xticks([x + 0.4 - width / 2 for x in range(len(shapes))])
        ax.set_xticklabels([f"{p} {s}" for p, s in shapes], fontsize=7, rotation=15, ha="right")
        ax.set_yscale("log")
        ax.set_ylabel("GFLOP/s (median)")
        ax.set_title(f"HPC shapes: {sub}")
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(f"{prefix}-shapes.png", dpi=90)
    print(f"wrote {prefix}-square.png, {prefix}-percent.png" + (f", {prefix}-shapes.png" if other else ""))


if __name__ == "__main__":
    main()
