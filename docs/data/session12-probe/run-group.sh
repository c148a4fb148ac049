#!/bin/bash
# Session 12, call 1: the order of the blocks (P::group block rows at a time),
# each row timed for 5-7 s per process, so at the power cap.
# drv rows: f 0-3 = fp32 table row with group 1 / 8 / 16 / 32,
# f 4-5 = 128x128x16 / 8x8 on 256 x 2 with group 1 / 16; d 0-2 = fp64 table row, group 1 / 8 / 16.
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD/lib:$LD_LIBRARY_PATH OMP_PROC_BIND=false
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit,driver_version --format=csv
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv,noheader -lms 100 > $OUT/smi.csv &
SMI=$!
t() { echo "$(date +%T.%N | cut -c1-12) $*"; ./"$@" < /dev/null 2>&1 | grep -E 'TFLOP|rror|equire'; }
{
for rep in 1 2; do t drv f 16384 -1 30; for r in 0 2 1 3 4 5; do t drv f 16384 $r 30; done; done
for rep in 1 2; do t drv f 8192 -1 250; for r in 0 2 1 3 5; do t drv f 8192 $r 250; done; done
for rep in 1 2; do t drv f 4096 -1 2000; for r in 0 2 1 5; do t drv f 4096 $r 2000; done; done
for rep in 1 2; do t drv d 16384 -1 12; for r in 0 2 1; do t drv d 16384 $r 12; done; done
for rep in 1 2; do t drv d 4096 -1 800; for r in 0 2; do t drv d 4096 $r 800; done; done
} 2>&1 | tee $OUT/times.txt
kill $SMI
for r in 0 2; do
  timeout 60 ncu --clock-control none -k regex:Blocked --launch-skip 0 --launch-count 1 --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum,lts__t_sector_hit_rate.pct,gpu__time_duration.sum,sm__cycles_elapsed.avg,smsp__inst_executed.sum ./drv f 16384 $r 1 2>&1 | grep -E "dram__|lts__|duration|cycles_elapsed|inst_exec" | sed "s/^/row$r /"
done | tee $OUT/ncu.txt
