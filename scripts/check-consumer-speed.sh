#!/usr/bin/env bash
# Checks that an application gets kmm-bench's speed: builds
# examples/consumer/speed.cpp against an installed kmm with no compiler flags
# at all (no -O, no -march: CMake's empty build type), runs it and kmm-bench's
# Auto rows on the same square sizes back to back, and fails when the
# application's GFLOP/s fall below 0.8 of kmm-bench's (fp32 and fp64).
#   usage: check-consumer-speed.sh <kmm-install-prefix> [kmm-bench] [n ...]
#   (default kmm-bench: build/openmp/bench/kmm-bench; default n: 1024)
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:?usage: check-consumer-speed.sh <kmm-install-prefix> [kmm-bench] [n ...]}
bench=${2:-build/openmp/bench/kmm-bench}
shift $(( $# >= 2 ? 2 : $# ))
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1024)
[ -x "$bench" ] || { echo "check-consumer-speed: no kmm-bench at $bench (build the openmp preset)" >&2; exit 2; }
out=build/consumer-plain
rm -rf "$out"
cmake -S examples/consumer -B "$out" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE= -DCMAKE_CXX_FLAGS= > /dev/null
cmake --build "$out" --target consumer-speed > /dev/null
export OMP_PROC_BIND=false
filter="gemm/square/n=($(IFS='|'; echo "${sizes[*]}"))/kmm:Auto"
# kmm-bench prints e.g. "sgemm/square/n=1024/kmm:Auto/manual_time_median ... GFLOP/s=361.4 ..."
measure() {
  "$bench" --benchmark_filter="$filter" 2>/dev/null |
    sed -n 's|^\([sd]gemm\)/square/n=\([0-9]*\)/kmm:Auto/manual_time_median.*GFLOP/s=\([0-9.]*\).*|\1 \2 \3|p' > "$out/in-tree.txt"
  "$out/consumer-speed" "${sizes[@]}" > "$out/consumer.txt"
  echo "kmm::gemm (Auto, LayoutLeft, $(sed -n 's/^# //p' "$out/consumer.txt")), GFLOP/s:"
  awk 'NR == FNR { tree[$1 " " $2] = $3; next }
       /^#/ { next }
       { key = $1 " " $2; t = tree[key]
         if (t == "") { printf "  %s n=%s: no kmm-bench row\n", $1, $2; bad++; next }
         r = $3 / t; ok = r >= 0.8
         printf "  %s n=%s: application (no flags) %.1f, kmm-bench %.1f: %.2f %s\n", $1, $2, $3, t, r, ok ? "(>= 0.8, ok)" : "(below 0.8)"
         if (!ok) bad++ }
       END { exit bad > 0 }' "$out/in-tree.txt" "$out/consumer.txt"
}
# A busy machine can slow one of the two runs: a shortfall is measured once more before it counts.
measure || { echo "  (measuring again)"; measure; }
