#!/usr/bin/env bash
# Builds kmm for the Serial and OpenMP backends and runs all tests.
# (The README's test command; .ci/run calls it.)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-deps.sh
export OMP_PROC_BIND=false
cmake --workflow --preset serial
cmake --workflow --preset openmp
