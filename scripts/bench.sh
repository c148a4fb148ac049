#!/usr/bin/env bash
# The main job: build kmm with the openmp preset and run kmm-bench's quick
# selection (kmm against OpenBLAS, GFLOP/s). Extra arguments go to kmm-bench,
# e.g. --kmm_set=full or --benchmark_filter=sgemm.
# JSON lands in build/openmp/kmm-bench.json (plots: scripts/plot-bench.py).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-deps.sh
cmake --preset openmp
cmake --build --preset openmp --target kmm-bench
# Binding off: with OMP_PROC_BIND set, Kokkos pins the main thread to one core
# and OpenBLAS's threads inherit that mask (halving the vendor's rate).
export OMP_PROC_BIND=false
exec build/openmp/bench/kmm-bench --benchmark_out=build/openmp/kmm-bench.json \
  --benchmark_out_format=json --benchmark_counters_tabular=true "$@"
