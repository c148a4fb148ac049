#!/usr/bin/python3
"""Prints kmm-bench --kmm_shape= flags for 46 products drawn at random from
issue 21's shape classes (seed: first argument, default 53): squares off the
tile grid, uneven products, C of 16-128 rows at k of 500-4000 and the same
tall, tall C of 32-128 columns at k of 1000-10000, tall-skinny panels, Gram
products, HPL trailing updates and products of 100-800 a side, with random
ops.  A search for cliffs outside the lists the rules were tuned beside
(docs/benchmarks.md, "Random products of the classes"), not a tuning set.
usage: kmm-bench ... $(python3 scripts/class-sweep.py 54)"""
import math
import random
import sys

r = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 53)


def lu(a, b):  # log-uniform integer in [a, b]
    return int(round(math.exp(r.uniform(math.log(a), math.log(b)))))


def ops():
    r.random()  # (kept: the seeds' products stay those of the first runs)
    return ["", ",opA=T", ",opB=T", ",opA=T,opB=T"][r.randrange(4)]


def square():
    n = r.randint(700, 9000)
    return f"{n}x{n}x{n}{ops()}"


def hpl():
    n = r.randint(10000, 24000)
    return f"{n}x{n}x{r.randint(256, 512)}{r.choice(['', ',opA=T'])}"


# (count, draw) per class, drawn in this order (the seeds' products stay those of the first runs)
CLASSES = [
    (4, square),
    (6, lambda: f"{lu(300, 6000)}x{lu(300, 6000)}x{lu(300, 6000)}{ops()}"),
    (6, lambda: f"{r.randint(16, 128)}x{lu(500, 60000)}x{lu(500, 4000)}{ops()}"),
    (6, lambda: f"{lu(2000, 60000)}x{r.randint(16, 128)}x{lu(500, 4000)}{ops()}"),
    (6, lambda: f"{lu(3000, 25000)}x{r.randint(32, 128)}x{lu(1000, 10000)}{r.choice(['', ',opA=T'])}"),
    (5, lambda: f"{lu(20000, 400000)}x{r.randint(16, 128)}x{r.randint(16, 128)}{ops()}"),
    (6, lambda: f"{r.randint(16, 128)}x{r.randint(16, 128)}x{lu(50000, 1000000)},opA=T"),
    (3, hpl),
    (4, lambda: f"{lu(100, 800)}x{lu(100, 800)}x{lu(100, 800)}{ops()}"),
]
S = [draw() for count, draw in CLASSES for _ in range(count)]
print(" ".join("--kmm_shape=" + s for s in S))
