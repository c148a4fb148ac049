#!/usr/bin/env bash
# The README's test command (.ci/run calls it): builds kmm with the openmp
# preset and runs every suite, on both the OpenMP and the Serial execution
# space (one Kokkos with both backends; the first run provisions it).
#   usage: test.sh          (5-9 minutes on 2 cores from a fresh clone, by machine)
#          test.sh --full   the long sweep: every layout combination for every
#                           kernel variant (build/openmp-full, about twice as long)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-deps.sh
export OMP_PROC_BIND=false
if [ "${1:-}" = "--full" ]; then
  cmake --preset openmp -B build/openmp-full -DKMM_TEST_FULL=ON -DKMM_BUILD_BENCHMARKS=OFF
  cmake --build build/openmp-full
  (cd build/openmp-full && ctest --output-on-failure)
else
  cmake --workflow --preset openmp
fi
