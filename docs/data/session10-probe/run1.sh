#!/bin/bash
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD/lib:$LD_LIBRARY_PATH OMP_PROC_BIND=false
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit,driver_version --format=csv
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv,noheader -lms 100 > $OUT/smi.csv &
SMI=$!
t() { echo "$(date +%T.%N | cut -c1-12) $*"; ./"$@" < /dev/null 2>&1 | grep -E 'TFLOP|rror'; }
for n in 4096 16384; do
  reps=40; [ $n = 16384 ] && reps=12
  for rep in 1 2; do
    t base f $n -1 $reps; t base f $n 0 $reps; t w84 f $n 0 $reps; t dbuf f $n 0 $reps
  done
done
sleep 5
for n in 4096 16384; do
  reps=30; [ $n = 16384 ] && reps=8
  for rep in 1 2; do
    t base d $n -1 $reps; t base d $n 0 $reps; t w84 d $n 0 $reps; t dbuf d $n 0 $reps
  done
done
kill $SMI
cuobjdump -sass base > base.sass 2>&1; cuobjdump -sass w84 > w84.sass 2>&1; ls -la *.sass
tar -cJf $OUT/sass.tar.xz base.sass w84.sass
ncu --clock-control none --kernel-name-base demangled -k regex:Blocked --launch-skip 1 --launch-count 1 --set full --import-source no -o $OUT/d64 ./base d 4096 0 3 > /dev/null 2>&1
ncu --import $OUT/d64.ncu-rep --page source --csv --print-source sass > d64-source.csv 2> d64-source.err; echo "source page rc=$? $(wc -l < d64-source.csv) lines"; head -c 300 d64-source.err
ncu --import $OUT/d64.ncu-rep --page details > $OUT/d64-details.txt 2>&1
ncu --clock-control none --kernel-name-base demangled -k regex:Blocked --launch-skip 1 --launch-count 1 --section SpeedOfLight --section Occupancy --section SchedulerStats --section WarpStateStats --section MemoryWorkloadAnalysis_Tables ./w84 d 4096 0 3 > $OUT/d64-w84.txt 2>&1
ncu --clock-control none --kernel-name-base demangled -k regex:Blocked --launch-skip 1 --launch-count 1 --section SpeedOfLight --section SchedulerStats --section WarpStateStats --section MemoryWorkloadAnalysis_Tables ./w84 f 4096 0 3 > f32-w84.txt 2>&1
ncu --clock-control none --kernel-name-base demangled -k regex:Blocked --launch-skip 1 --launch-count 1 --section SpeedOfLight --section SchedulerStats --section WarpStateStats --section MemoryWorkloadAnalysis_Tables ./base f 4096 0 3 > f32-base.txt 2>&1
tar -cJf $OUT/extra.tar.xz d64-source.csv f32-w84.txt f32-base.txt
ls -la $OUT
