#!/usr/bin/env bash
# Builds tests/nvcc_host_check.cpp with nvcc against the openmp preset's
# host-only Kokkos and libkmm, and runs it: Blocked's host launcher as a CUDA
# build compiles it, checked on this machine without a GPU (see the
# source). Needs the openmp preset built (cmake --build --preset openmp).
#   usage: check-nvcc-host.sh
set -euo pipefail
cd "$(dirname "$0")/.."
b=build/openmp
k=$b/_kokkos/install
[ -f "$b/src/libkmm.a" ] && [ -d "$k/include" ] || { echo "check-nvcc-host: build the openmp preset first" >&2; exit 2; }
command -v nvcc > /dev/null || { echo "check-nvcc-host: skipped, no nvcc on the PATH" >&2; exit 0; }
out=$b/nvcc-host
mkdir -p "$out"
nvcc -x cu -std=c++17 -O2 --expt-extended-lambda -Xcompiler -fopenmp -Iinclude -isystem "$k/include" \
  -c tests/nvcc_host_check.cpp -o "$out/check.o"
# nvcc links too: it knows where its own cudart is (the nvcc on the PATH may
# be a wrapper script outside the toolkit's tree, as on the CI machine).
nvcc -Xcompiler -fopenmp "$out/check.o" -o "$out/check" "$b/src/libkmm.a" -L"$k/lib" -lkokkoscore -ldl \
  -lrt -lpthread
OMP_PROC_BIND=false "$out/check"
