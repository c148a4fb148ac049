#!/usr/bin/env bash
# Compares two kmm-bench binaries (e.g. before and after a change) on this
# machine, interleaved so that both see the same load: ROUNDS rounds of
# "old, new", each a kmm-bench run on THREADS threads with binding off.
# Prints one line per median: binary, threads, case, counters.
#   usage: ab-bench.sh OLD NEW THREADS FILTER [ROUNDS=2]
#   e.g.   ab-bench.sh /tmp/kmm-bench.old build/openmp/bench/kmm-bench 2 'gemm/square/n=2048/(OpenBLAS|kmm:Blocked)'
set -euo pipefail
old=$1 new=$2 threads=$3 filter=$4 rounds=${5:-2}
for _ in $(seq "$rounds"); do
  for which in old new; do
    exe=$old; [ "$which" = new ] && exe=$new
    OMP_PROC_BIND=false OMP_NUM_THREADS=$threads "$exe" --benchmark_filter="$filter" --kmm_reps=3 2>&1 |
      awk -v b="$which" -v t="$threads" '/manual_time_median/ { n = split($1, a, "/"); printf "%s t=%s %s/%s/%s %s %s\n", b, t, a[1], a[3], a[4], $(NF-1), $NF }'
  done
done
