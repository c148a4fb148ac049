#!/bin/bash
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD/lib:$LD_LIBRARY_PATH OMP_PROC_BIND=false
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit,driver_version --format=csv
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv,noheader -lms 100 > $OUT/smi3.csv &
SMI=$!
t() { echo "$(date +%T.%N | cut -c1-12) $*"; ./"$@" < /dev/null 2>&1 | grep -E 'TFLOP|rror|equire'; }
{
for n in 4096 8192; do for rep in 1 2; do t drv f $n -1 40; for r in 0 1 2 3; do t drv_old f $n $r 40; t drv f $n $r 40; done; done; done
for rep in 1 2; do t drv f 16384 -1 10; for r in 0 3; do t drv_old f 16384 $r 10; t drv f 16384 $r 10; done; done
for n in 4000 1000 3001; do t drv f $n -1 20; for r in 0 1; do t drv_old f $n $r 20; t drv f $n $r 20; done; done
for n in 4096; do for rep in 1 2; do t drv d $n -1 20; for r in 0 1 2; do t drv_old d $n $r 20; t drv d $n $r 20; done; done; done
t drv d 16384 -1 6; for r in 0; do t drv_old d 16384 $r 6; t drv d 16384 $r 6; done
t drv d 4000 -1 10; t drv_old d 4000 0 10; t drv d 4000 0 10; t drv d 4000 2 10
} 2>&1 | tee $OUT/times.txt
kill $SMI
for b in drv_old drv; do
  ncu --clock-control none --kernel-name-base demangled -k regex:Blocked --launch-skip 0 --launch-count 1 --metrics smsp__inst_executed.sum,sm__cycles_elapsed.avg,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active,gpu__time_duration.sum ./$b f 16384 0 1 2>&1 | grep -E "inst_executed|cycles_elapsed|issue_active|warps_active|duration" | sed "s/^/$b /"
done | tee $OUT/ncu3.txt
