#!/usr/bin/env bash
# Builds the `cuda` preset here (no GPU needed) and packs what must run on a
# GPU machine into .gpu/ (git-ignored): the test executables, kmm-bench, the
# shared libraries they load that a bare CUDA machine may lack, and
# scripts/gpu-run.sh's inputs, compressed into .gpu/pack-1.tar.xz, pack-2.tar.xz and pack-3.tar.xz. cuBLAS and the CUDA driver are taken from the
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
# A device call carries at most 64 MiB, and the binaries of one tree no
# longer fit in it together: they travel in three parts, each with lib/, one
# or two a device call (docs/gpu.md):
#   pack-1.tar.xz  kmm-test-rows
#   pack-2.tar.xz  kmm-test-blocked
#   pack-3.tar.xz  the other suites and kmm-bench
# (Two parts, rows and blocked in one, until that part passed the limit
# once C without packs got kernels of its own.)
# xz -9e with a 384 MiB dictionary, one thread (threads would cut the input
# into blocks): the window spans a part, so it finds the code the executables
# share. gpu-run.sh unpacks what it is given.
part1="bin/kmm-test-rows"
part2="bin/kmm-test-blocked"
part3=$(cd .gpu && ls bin/* | grep -v -x -F -e bin/kmm-test-rows -e bin/kmm-test-blocked)
limit=$((60 * 1024 * 1024))  # what a call carries (64 MiB), less room for the working tree (4 MB)
for i in 1 2 3; do
  files=part$i
  tar -C .gpu -cf - ${!files} lib | xz -T1 --lzma2=preset=9e,dict=384MiB > .gpu/pack-$i.tar.xz
  size=$(stat -c %s .gpu/pack-$i.tar.xz)
  echo "pack-$i.tar.xz: $size bytes"
  [ "$size" -le "$limit" ] || { echo "gpu-pack: pack-$i.tar.xz is over $limit bytes: split it further" >&2; exit 1; }
done
rm -rf .gpu/bin .gpu/lib
du -sh .gpu
