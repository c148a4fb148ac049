#!/usr/bin/env bash
# Builds the `cuda` preset here (no GPU needed) and packs what must run on a
# GPU machine into .gpu/ (git-ignored): the test executables, kmm-bench, the
# shared libraries they load that a bare CUDA machine may lack, and
# scripts/gpu-run.sh's inputs, compressed into .gpu/pack.tar.xz. cuBLAS and the CUDA driver are taken from the
# GPU machine itself (they are far larger than the 64 MiB a device call carries).
#   usage: gpu-pack.sh [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" != "--no-build" ]; then
  bash scripts/setup-deps.sh
  cmake --preset cuda
  cmake --build --preset cuda
fi
rm -rf .gpu
mkdir -p .gpu/bin .gpu/lib
cp build/cuda/tests/kmm-test-* .gpu/bin/
rm -f .gpu/bin/*.cmake .gpu/bin/*.so
cp build/cuda/tests/libkmm-test-region-tool.so .gpu/lib/  # loaded by Kokkos (KOKKOS_PROFILE_LIBRARY)
[ -x build/cuda/bench/kmm-bench ] && cp build/cuda/bench/kmm-bench .gpu/bin/
for exe in .gpu/bin/*; do
  ldd "$exe" | awk '/=> \// { print $3 }'
done | sort -u | while read -r lib; do
  case "$(basename "$lib")" in
    libc.so*|libm.so*|libpthread.so*|libdl.so*|librt.so*|ld-linux*|libcuda.so*|libcublas*|libnvidia*) ;;
    *) cp -L "$lib" .gpu/lib/ ;;
  esac
done
git describe --always --dirty > .gpu/commit 2>/dev/null || true  # -dirty: built from uncommitted changes
ls -la .gpu/bin .gpu/lib
# A device call carries at most 64 MiB: the binaries travel xz-compressed
# (45 MB for e4592f9's tree; -9e's 64 MiB window finds the code the
# executables share, where -6 made 58 MB: docs/gpu.md) and gpu-run.sh
# unpacks them.
tar -C .gpu -cf - bin lib | xz -T0 -9e > .gpu/pack.tar.xz
rm -rf .gpu/bin .gpu/lib
du -sh .gpu
