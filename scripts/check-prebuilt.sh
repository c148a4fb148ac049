#!/usr/bin/env bash
# With CUDA, libkmm holds the GPU Blocked dispatch for float and double on
# layouts that fix the unit stride (kmm/detail/prebuilt.hpp). Checks on a
# built cuda preset that it does: libkmm.a defines those 8 instantiations of
# blocked_on, and an object that calls kmm (kmm_blas' blas.cpp: sgemm_ and
# dgemm_ on LayoutLeft views, all four ops) only refers to them, compiling
# none of its own. No GPU needed.
#   usage: check-prebuilt.sh [build dir, default build/cuda]
set -euo pipefail
cd "$(dirname "$0")/.."
b=${1:-build/cuda}
lib=$b/src/libkmm.a
obj=$b/src/CMakeFiles/kmm_blas_objects.dir/blas/blas.cpp.o
[ -f "$lib" ] && [ -f "$obj" ] || { echo "check-prebuilt: build the cuda preset first ($lib, $obj)" >&2; exit 2; }
pat='kmm::detail::blocked_on<Kokkos::Cuda, kmm::kernels::OperandFacts<(float|double), [01], [01]> >'
defined=$(nm -C --defined-only "$lib" 2> /dev/null | grep -E " [TW] void $pat" | sort -u | wc -l)
own=$(nm -C --defined-only "$obj" | grep -cE " [TW] void $pat" || true)
used=$(nm -C --undefined-only "$obj" | grep -cE "void $pat" || true)
echo "check-prebuilt: libkmm defines $defined of 8; blas.cpp.o refers to $used and compiles $own of its own"
[ "$defined" -eq 8 ] && [ "$own" -eq 0 ] && [ "$used" -eq 8 ]
