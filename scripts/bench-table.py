#!/usr/bin/python3
"""Prints a Markdown table of kmm-bench JSON medians: one row per case, one
column per implementation (GFLOP/s, and the fraction of the vendor in
brackets).  usage: bench-table.py BENCH.json"""
import json
import re
import sys
from collections import OrderedDict

data = json.load(open(sys.argv[1]))
table = OrderedDict()
impls = []
for b in data["benchmarks"]:
    if b.get("aggregate_name") != "median":
        continue
    m = re.match(r"((?:s|d)gemm/.+?)/((?:cuBLAS[-\w]*|OpenBLAS[-\w]*|kmm:[^/\[]+(?:\[[^\]]*\])?))(?:/.*)?$",
                 b["run_name"])
    if not m:
        continue
    case, impl = m.groups()
    if impl not in impls:
        impls.append(impl)
    g = b.get("GFLOP/s")
    v = b.get("vs_vendor")
    cell = "" if g is None else (f"{g:,.0f}" if g >= 100 else f"{g:.2f}")
    if v is not None:
        cell += f" ({v:.2f})"
    table.setdefault(case, {})[impl] = cell
ctx = data.get("context", {})
print(f"{ctx.get('kmm.device', '')}; {ctx.get('kmm.vendor', '')}; Kokkos {ctx.get('kmm.kokkos_version', '')} "
      f"({ctx.get('kmm.backend', '')}); {ctx.get('date', '')}. GFLOP/s, median; (fraction of the vendor).\n")
print("| case | " + " | ".join(impls) + " |")
print("| --- | " + " | ".join("---" for _ in impls) + " |")
for case, cells in table.items():
    print(f"| {case} | " + " | ".join(cells.get(i, "") for i in impls) + " |")
