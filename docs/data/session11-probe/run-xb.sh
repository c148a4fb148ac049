#!/bin/bash
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD/lib:$LD_LIBRARY_PATH OMP_PROC_BIND=false
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv,noheader -lms 100 > $OUT/smi4.csv &
SMI=$!
t() { echo "$(date +%T.%N | cut -c1-12) $*"; ./"$@" < /dev/null 2>&1 | grep -E 'TFLOP|rror|equire'; }
{
for n in 4096; do for rep in 1 2; do t drv f $n -1 40; for r in 0 1 2 3 4; do t drv f $n $r 40; t drv_xb f $n $r 40; done; done; done
for rep in 1 2; do t drv f 16384 -1 10; for r in 0 2 4; do t drv f 16384 $r 10; t drv_xb f 16384 $r 10; done; done
for n in 4000 3001; do t drv f $n -1 20; for r in 0 1 2; do t drv f $n $r 20; t drv_xb f $n $r 20; done; done
for n in 4096; do for rep in 1 2; do t drv d $n -1 20; for r in 0 1 2 3; do t drv d $n $r 20; t drv_xb d $n $r 20; done; done; done
t drv d 16384 -1 6; for r in 0 3; do t drv d 16384 $r 6; t drv_xb d 16384 $r 6; done
t drv d 4000 -1 10; t drv d 4000 0 10; t drv_xb d 4000 0 10; t drv_xb d 4000 2 10
} 2>&1 | tee $OUT/times4.txt
kill $SMI
