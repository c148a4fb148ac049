#!/usr/bin/env python3
"""Summarise the SASS of the kernels whose names match a pattern.

  cuobjdump -sass BIN | python3 scripts/sass-kernels.py PATTERN [OUTDIR]

For each kernel whose demangled name matches PATTERN (a Python regex), one
line: its instruction count, the counts of the instructions that matter to
a GEMM (FFMA, DMMA, shared loads and stores, cp.async LDGSTS, global loads
and stores, barriers, local-memory spills LDL/STL), and the same counts for
its hot loop (the innermost loop holding most of the FFMA + DMMA).
With OUTDIR, each match's SASS goes to OUTDIR/kernel-N.sass and its hot
loop to OUTDIR/kernel-N.loop, for diffing two builds. cuobjdump runs on the
GPU machine (docs/gpu.md); c++filt demangles where it is installed.
"""
import re
import shutil
import subprocess
import sys
from collections import Counter

KEYS = ["FFMA", "DMMA", "LDS", "STS", "LDGSTS", "LDG", "STG", "BAR", "LDL", "STL"]
LINE = re.compile(r"/\*([0-9a-f]{4,})\*/\s+(@!?U?P\w+\s+)?([A-Z0-9_.]+)([^;]*);")


def demangle(names):
    if not names or not shutil.which("c++filt"):
        return names
    out = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True).stdout
    got = out.split("\n")
    return got[: len(names)] if len(got) >= len(names) else names


def functions(text):
    cur, body = None, []
    for line in text.splitlines():
        m = re.match(r"\s*Function : (\S+)", line)
        if m:
            if cur:
                yield cur, body
            cur, body = m.group(1), []
        elif cur:
            i = LINE.search(line)
            if i:
                body.append((int(i.group(1), 16), i.group(3).split(".")[0], line.strip()))
    if cur:
        yield cur, body


def counts(instrs):
    c = Counter(op for _, op, _ in instrs)
    return " ".join(f"{k}={c.get(k, 0)}" for k in KEYS)


def hot_loop(body):
    """The innermost loop holding most of the math: of the backward branches
    whose range holds at least half of the largest FFMA + DMMA count of any
    loop, the shortest range."""
    loops = []
    for idx, (addr, op, line) in enumerate(body):
        if op != "BRA":
            continue
        t = re.search(r"BRA\s+(?:`\(\.L_x_\d+\)\s*)?(0x[0-9a-f]+)", line)
        if not t or int(t.group(1), 16) > addr:
            continue
        loop = [b for b in body if int(t.group(1), 16) <= b[0] <= addr]
        loops.append((sum(1 for _, o, _ in loop if o in ("FFMA", "DMMA")), loop))
    if not loops:
        return []
    top = max(s for s, _ in loops)
    return min((l for s, l in loops if 2 * s >= top), key=len)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    pattern = re.compile(sys.argv[1])
    outdir = sys.argv[2] if len(sys.argv) > 2 else None
    funcs = list(functions(sys.stdin.read()))
    names = demangle([f for f, _ in funcs])
    n = 0
    for (mangled, body), name in zip(funcs, names):
        if not pattern.search(name):
            continue
        loop = hot_loop(body)
        print(f"kernel-{n}: {len(body)} instructions, {counts(body)}")
        print(f"  hot loop: {len(loop)} instructions, {counts(loop)}")
        print(f"  {name[:400]}")
        if outdir:
            with open(f"{outdir}/kernel-{n}.sass", "w") as f:
                f.write(name + "\n" + "\n".join(l for _, _, l in body) + "\n")
            with open(f"{outdir}/kernel-{n}.loop", "w") as f:
                f.write("\n".join(re.sub(r"/\*[0-9a-f]+\*/", "", l).strip() for _, _, l in loop) + "\n")
        n += 1
    if n == 0:
        print(f"no kernel matches {sys.argv[1]!r} (of {len(funcs)})")


if __name__ == "__main__":
    main()
