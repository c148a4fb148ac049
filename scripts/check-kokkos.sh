#!/usr/bin/env bash
# Builds kmm against a Kokkos install and runs its tests, then installs kmm
# and builds and runs examples/consumer against that install naming only
# kmm's prefix (the installed kmm finds the Kokkos it was built with).
#   usage: check-kokkos.sh <kokkos-prefix> [backend] [cmake args ...]
#   backend: OpenMP (default), Serial or CUDA (without a GPU the CUDA tests report skipped)
#   e.g.   check-kokkos.sh /opt/kokkos-4.6.01 OpenMP -DCMAKE_CXX_STANDARD=20
# Build tree: build/check-<prefix name>-<backend>. Benchmarks are not built.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { sed -n '2,8p' "$0"; exit 2; }
kokkos=$(realpath "$1")
backend=${2:-OpenMP}
shift $(( $# >= 2 ? 2 : 1 ))
[ -d "$kokkos" ] || { echo "check-kokkos: no directory $kokkos" >&2; exit 2; }
b=build/check-$(basename "$kokkos")-$backend
start=$SECONDS
echo "== kmm against the Kokkos at $kokkos ($backend) in $b"
cmake -S . -B "$b" -G Ninja -DCMAKE_BUILD_TYPE=Release -DKokkos_ROOT="$kokkos" -DKMM_PROVISION_KOKKOS=OFF \
  -DKMM_BACKEND="$backend" -DKMM_BUILD_BENCHMARKS=OFF "$@" | grep -E "^-- kmm|Warning|Error" || true
cmake --build "$b"
(cd "$b" && OMP_PROC_BIND=false ctest --output-on-failure)
rm -rf "$b/prefix" "$b/consumer"
cmake --install "$b" --prefix "$b/prefix" > /dev/null
# only kmm's prefix: its kmmConfig.cmake finds Kokkos
cmake -S examples/consumer -B "$b/consumer" -G Ninja -DCMAKE_PREFIX_PATH="$PWD/$b/prefix" > /dev/null
cmake --build "$b/consumer" --target consumer > /dev/null
if [ "$backend" = CUDA ] && ! nvidia-smi -L > /dev/null 2>&1; then
  echo "consumer built; not run (CUDA, no GPU here)"
else
  OMP_PROC_BIND=false "$b/consumer/consumer"
fi
echo "== check-kokkos: kmm against $(basename "$kokkos") ($backend) passed in $((SECONDS - start)) s"
