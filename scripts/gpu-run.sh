#!/usr/bin/env bash
# Runs on the GPU machine, from the repository root, over what gpu-pack.sh
# packed into .gpu/: every GPU test, compute-sanitizer memcheck and racecheck
# on the mid-size tiled case, batched_gemm and the GPU rows, and kmm-bench. Logs and JSON go to $OUT (or
# ./gpu-out): summary.txt, bench-gpu.json, tune-gpu.json and everything else in
# results.tar.gz (a device call brings back at most 8 files).
# Steps can be chosen: KMM_GPU_STEPS="tests sanitize tune tune-shapes bench holdout ab sass".
# holdout: kmm-bench on bench/holdout.txt (products of the classes outside
# the shapes set), Auto and the vendor, holdout-gpu.json.
# KMM_TUNE_ARGS: kmm-bench flags for the tune steps (e.g. --benchmark_filter=^dgemm/).
# KMM_SANITIZE_TOOLS: the sanitize step's tools ("memcheck racecheck");
# KMM_SANITIZE_SETS its sets ("api batched rows blocked") and
# KMM_SANITIZE_ROWS_FILTER a gtest filter for the rows set: racecheck over
# every set takes more than one 600-s device call (docs/gpu.md).
# ab: an earlier kmm-bench (KMM_AB_OLD, a binary or its .xz, packed beside
# .gpu/) against this one, interleaved old/new KMM_AB_ROUNDS times (2) on
# the rows of KMM_BENCH_ARGS, JSON of each run in ab-results.tar.gz.
# sass: the SASS of the kmm-bench kernels matching KMM_SASS_MATCH (and of
# KMM_AB_OLD's), summarised in sass.txt, each kernel in results.tar.gz.
#   device calls: command "bash scripts/gpu-run.sh", carry [".gpu/pack-1.tar.xz", ".gpu/commit"],
#   then the same with pack-2 and pack-3 (docs/gpu.md)
set -uo pipefail
cd "$(dirname "$0")/.."
# gpu-pack.sh's compressed binaries: the parts this call carried, in place
# of what an earlier call on a warm machine left (the steps run on the
# executables that are there)
if compgen -G ".gpu/pack-*.tar.xz" > /dev/null; then
  rm -rf .gpu/bin .gpu/lib
  for p in .gpu/pack-*.tar.xz; do tar -C .gpu -xJf "$p"; done
fi
final=${OUT:-gpu-out}
mkdir -p "$final"
out=$(mktemp -d)
steps=${KMM_GPU_STEPS:-tests sanitize tune bench}
bench_args=${KMM_BENCH_ARGS:---kmm_set=full}
# cuBLAS and friends from the machine's CUDA install or its pip wheels
libdirs=$PWD/.gpu/lib
for d in /usr/local/cuda/lib64 /usr/local/cuda/targets/x86_64-linux/lib \
         $(ls -d /usr/local/lib/python3*/dist-packages/nvidia/*/lib /opt/*/.venv/lib/python3*/site-packages/nvidia/*/lib \
                 /opt/*/.venv/lib/python3*/site-packages/nvidia/cu13/lib 2>/dev/null); do
  [ -d "$d" ] && libdirs=$libdirs:$d
done
export LD_LIBRARY_PATH=$libdirs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export OMP_PROC_BIND=false
summary=()
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader; nvcc --version | tail -1; } \
  2>&1 | tee "$out/device.txt"
echo "kmm commit: $(cat .gpu/commit 2>/dev/null)" | tee -a "$out/device.txt"
for exe in .gpu/bin/kmm-test-* .gpu/bin/kmm-bench; do
  [ -e "$exe" ] || continue
  ldd "$exe" | grep -q "not found" && { echo "missing libraries for $exe:"; ldd "$exe" | grep "not found"; }
done
if [[ " $steps " == *" tests "* ]]; then
  for exe in .gpu/bin/kmm-test-*; do
    name=$(basename "$exe")
    # the kmm_blas tests read the profiling regions back through this Kokkos
    # Tools library (as ctest sets it up); the others run without a tool
    envs=()
    region_tool=$PWD/.gpu/lib/libkmm-test-region-tool.so
    [[ $name == kmm-test-blas-* ]] && envs=(KOKKOS_PROFILE_LIBRARY="$region_tool" KOKKOS_TOOLS_LIBS="$region_tool")
    env "${envs[@]}" "$exe" --gtest_output=xml:"$out/$name.xml" > "$out/$name.log" 2>&1
    rc=$?
    line=$(grep -E '^\[  (PASSED|FAILED|SKIPPED) ' "$out/$name.log" | tr '\n' ' ')
    summary+=("$name rc=$rc $line")
    [ $rc -ne 0 ] && tail -40 "$out/$name.log"
  done
fi
if [[ " $steps " == *" sanitize "* ]]; then
  # one sanitizer run: tool, set name, label, then the command
  sanitize() {
    local tool=$1 set=$2 label=$3
    shift 3
    [[ " $sets " == *" $set "* ]] || return 0
    [ -x "$1" ] || { summary+=("compute-sanitizer $tool ($label): $1 is not in this call's pack"); return 0; }
    local log="$out/sanitizer-$set-$tool.log" t0=$SECONDS
    compute-sanitizer --tool $tool --error-exitcode 3 "$@" > "$log" 2>&1
    local rc=$?
    summary+=("compute-sanitizer $tool ($label) rc=$rc in $((SECONDS - t0)) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED' "$log" | tr '\n' ' ')")
  }
  sets=" ${KMM_SANITIZE_SETS:-api batched rows blocked} "
  for tool in ${KMM_SANITIZE_TOOLS:-memcheck racecheck}; do
    sanitize $tool api "mid-size tiled" .gpu/bin/kmm-test-api --gtest_filter='*SanitizerMidSizeTiled*'
    # batched_gemm (every kernel and row, the whole-matrix kernel alone, every alpha/beta pair) and team_gemm on team scratch
    sanitize $tool batched "batched, team scratch" .gpu/bin/kmm-test-batched \
      --gtest_filter='*EveryScalarPair*:*OnTeamScratch*:*BatchedGemm*MatchesReference*:*WholeMatrixKernel*'
    # the GPU rows' pieces and code paths: the fp64 MMA micro-kernels and rows,
    # deep cp.async pipelines, SIMT rows (KMM_SANITIZE_ROWS_FILTER: a part of them)
    sanitize $tool rows "GPU rows ${KMM_SANITIZE_ROWS_FILTER:-*}" .gpu/bin/kmm-test-rows \
      --gtest_filter="${KMM_SANITIZE_ROWS_FILTER:-*}"
    # the table's large and narrow rows on the harness' small shapes: edge
    # blocks, partial k-steps and unaligned operands by cp.async element copies;
    # the 96-row row through Auto (edges, whole blocks, k split); unaligned
    # operands copied with padding first (whole and in panels); fp32's mid
    # row on several blocks and k-steps (300 x 40 x 600, LayoutStride too)
    KMM_TEST_SMALL=1 sanitize $tool blocked "large, narrow, mid and 96-row rows, repacked operands" .gpu/bin/kmm-test-blocked \
      --gtest_filter='*LargeTile*:*NarrowTile*:*Misaligned*:*UnalignedOperands*:*ShortRows*:*Repacked*:*SeveralBlocksAndKSteps*'
  done
fi
# the steps that run kmm-bench need pack-3 (gpu-pack.sh)
if [ ! -x .gpu/bin/kmm-bench ]; then
  for st in tune tune-shapes bench holdout ab sass; do
    [[ " $steps " == *" $st "* ]] && summary+=("$st: kmm-bench is not in this call's pack (it is in pack-3)")
  done
  steps=" $(printf ' %s ' $steps | sed -E 's/ (tune|tune-shapes|bench|holdout|ab|sass) / /g') "
fi
if [[ " $steps " == *" tune "* ]]; then
  .gpu/bin/kmm-bench --kmm_set=tune ${KMM_TUNE_ARGS:-} --benchmark_out="$out/tune-gpu.json" --benchmark_out_format=json \
    > "$out/tune-gpu.txt" 2>&1
  summary+=("kmm-bench --kmm_set=tune rc=$?")
  grep -E 'median' "$out/tune-gpu.txt" | sed 's/manual_time_median//' | cut -c1-150
fi
if [[ " $steps " == *" tune-shapes "* ]]; then  # the tune rows on the shapes set's NN products
  .gpu/bin/kmm-bench --kmm_set=tune-shapes ${KMM_TUNE_ARGS:---kmm_warmup=0.3 --kmm_reps=3} \
    --benchmark_out="$out/tune-shapes-gpu.json" --benchmark_out_format=json > "$out/tune-shapes-gpu.txt" 2>&1
  summary+=("kmm-bench --kmm_set=tune-shapes rc=$?")
fi
if [[ " $steps " == *" bench "* ]]; then
  .gpu/bin/kmm-bench $bench_args --benchmark_out="$out/bench-gpu.json" --benchmark_out_format=json \
    --benchmark_counters_tabular=true > "$out/bench-gpu.txt" 2>&1
  rc=$?
  summary+=("kmm-bench rc=$rc")
  grep -E 'median' "$out/bench-gpu.txt" | cut -c1-150
fi
if [[ " $steps " == *" holdout "* ]]; then  # bench/holdout.txt: the classes' products outside the shapes set
  hold=()
  for t in $(grep -v '^#' bench/holdout.txt); do
    case $t in batch=*) hold+=(--kmm_batch=${t#batch=}) ;; *) hold+=(--kmm_shape=$t) ;; esac
  done
  .gpu/bin/kmm-bench --benchmark_filter='/(cuBLAS|cuBLAS-strided-batched|kmm:Auto)(/|$)' ${KMM_HOLDOUT_ARGS:---kmm_warmup=0.3} \
    "${hold[@]}" --benchmark_out="$out/holdout-gpu.json" --benchmark_out_format=json > "$out/holdout-gpu.txt" 2>&1
  summary+=("kmm-bench holdout rc=$?")
fi
# KMM_AB_OLD as a runnable binary (an .xz one decompressed once into $out)
old_bench() {
  if [[ $KMM_AB_OLD == *.xz ]]; then
    [ -f "$out/kmm-bench.old" ] || { xz -dc "$KMM_AB_OLD" > "$out/kmm-bench.old" && chmod +x "$out/kmm-bench.old"; }
    echo "$out/kmm-bench.old"
  else
    echo "$KMM_AB_OLD"
  fi
}
if [[ " $steps " == *" ab "* ]]; then
  : "${KMM_AB_OLD:?KMM_AB_OLD names the earlier kmm-bench}"
  old=$(old_bench)
  mkdir -p "$out/ab"
  for r in $(seq "${KMM_AB_ROUNDS:-2}"); do
    for which in old new; do
      exe=$old; [ $which = new ] && exe=.gpu/bin/kmm-bench
      "$exe" $bench_args --benchmark_out="$out/ab/$which-$r.json" --benchmark_out_format=json > "$out/ab/$which-$r.txt" 2>&1
      summary+=("ab $which round $r rc=$?")
    done
  done
  tar -C "$out/ab" -czf "$final/ab-results.tar.gz" .
fi
if [[ " $steps " == *" sass "* ]]; then
  # kernels whose names match KMM_SASS_MATCH in this kmm-bench (and in
  # KMM_AB_OLD's): instruction counts, spills, hot loops (scripts/sass-kernels.py)
  for which in new old; do
    exe=.gpu/bin/kmm-bench
    if [ $which = old ]; then
      [ -n "${KMM_AB_OLD:-}" ] || continue
      exe=$(old_bench)
    fi
    mkdir -p "$out/sass-$which"
    cuobjdump -sass "$exe" | python3 scripts/sass-kernels.py "${KMM_SASS_MATCH:-GpuBlocked}" "$out/sass-$which" \
      > "$out/sass-$which.txt" 2>&1
    summary+=("sass $which rc=$?: $(grep -c '^kernel-' "$out/sass-$which.txt") kernels")
  done
  cat "$out"/sass-*.txt > "$final/sass.txt"
fi
echo "==== summary"
printf '%s\n' "${summary[@]}" | tee "$out/summary.txt"
cp "$out/summary.txt" "$final/"
for f in bench-gpu.json holdout-gpu.json tune-gpu.json tune-shapes-gpu.json; do [ -f "$out/$f" ] && cp "$out/$f" "$final/"; done
tar -C "$out" -czf "$final/results.tar.gz" .
