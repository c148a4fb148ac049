#!/bin/bash
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD/lib:$LD_LIBRARY_PATH OMP_PROC_BIND=false
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv,noheader -lms 100 > $OUT/smi.csv &
SMI=$!
t() { echo "$(date +%T.%N | cut -c1-12) $*"; ./"$@" < /dev/null 2>&1 | grep -E 'TFLOP|rror|equire'; }
for r in -1 -2 0 1 2; do t drv d 4096 $r 20; done
for r in -1 -2 0 1 2 3 4; do t drv f 4096 $r 40; done
for rep in 1 2; do for r in -1 0 1 2 3 4; do t drv f 16384 $r 10; done; done
for rep in 1 2; do for r in -1 -2 0 1 2; do t drv d 16384 $r 6; done; done
for r in -1 0 1 2 3 4; do t drv f 2048 $r 60; done
for r in -1 0 1 2 3 4; do t drv f 8192 $r 20; done
kill $SMI
