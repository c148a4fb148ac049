#!/bin/bash
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD/lib:$LD_LIBRARY_PATH OMP_PROC_BIND=false
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv,noheader -lms 100 > $OUT/smi5.csv &
SMI=$!
t() { echo "$(date +%T.%N | cut -c1-12) $*"; ./"$@" < /dev/null 2>&1 | grep -E 'TFLOP|rror|equire'; }
{
for rep in 1 2; do t drv f 4096 -1 2000; t drv f 4096 0 2000; done
for rep in 1 2; do t drv f 4096 -1 40; t drv f 4096 0 40; done
for rep in 1 2; do t drv f 8192 -1 300; t drv f 8192 0 300; done
for rep in 1 2; do t drv d 4096 -1 1000; t drv d 4096 0 1000; done
} 2>&1 | tee $OUT/times5.txt
kill $SMI
