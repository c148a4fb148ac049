#!/bin/bash
# Session 12, call 2: the group at the other sizes and rows, and ncu's DRAM bytes.
# drv rows: f 0 / 1 = fp32 table row (128x64x16 / 8x8, 128 x 4, Async 2), group 1 / 8;
# f 2 / 3 = fp32 mid row (64x128x16 / 4x8, 256 x 2, Async 1), group 1 / 8;
# f 4 / 5 = 128x128x16 / 8x8, 256 x 2, Async 2, group 16 / 8;
# d 0 / 1 = fp64 table row (128x64x8 / 8x8, 128 x 2), group 1 / 4; d 2 / 3 = fp64 mid row (64x128x8), group 1 / 8.
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD/lib:$LD_LIBRARY_PATH OMP_PROC_BIND=false
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit,driver_version --format=csv
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv,noheader -lms 100 > $OUT/smi2.csv &
SMI=$!
t() { echo "$(date +%T.%N | cut -c1-12) $*"; ./"$@" < /dev/null 2>&1 | grep -E 'TFLOP|rror|equire'; }
{
for rep in 1 2; do t drv f 16384 -1 30; for r in 0 1 4 5; do t drv f 16384 $r 30; done; done
for rep in 1 2; do t drv f 1024 -1 20000; for r in 0 1 4; do t drv f 1024 $r 20000; done; done
for rep in 1 2; do t drv f 2048 -1 10000; for r in 0 1 4; do t drv f 2048 $r 10000; done; done
for n in 4000 8000; do for rep in 1 2; do t drv f $n -1 $((n == 4000 ? 2000 : 250)); for r in 2 3; do t drv f $n $r $((n == 4000 ? 2000 : 250)); done; done; done
for rep in 1 2; do t drv d 16384 -1 12; for r in 0 1; do t drv d 16384 $r 12; done; done
for rep in 1 2; do t drv d 4096 -1 800; for r in 0 1; do t drv d 4096 $r 800; done; done
for rep in 1 2; do t drv d 1024 -1 20000; for r in 2 3; do t drv d 1024 $r 20000; done; done
} 2>&1 | tee $OUT/times2.txt
kill $SMI
NCU=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
echo "ncu: $NCU"
for r in 0 1; do
  timeout 150 $NCU --clock-control none -k regex:Blocked --launch-skip 0 --launch-count 1 --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum,gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second ./drv f 16384 $r 1 2>&1 | grep -E "dram__|lts__|duration|cycles_elapsed|rror" | sed "s/^/row$r /"
done 2>&1 | tee $OUT/ncu2.txt
