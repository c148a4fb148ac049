#!/bin/bash
# Session 12: ncu's DRAM and L2 bytes for the fp32 table row, group 1 (drv row 0)
# and group 8 (row 1), one launch each at n = 16384 and 8192 (run-group2.sh's binary).
# (Calls 1-2 left out --kernel-name-base demangled, so -k regex:Blocked matched no kernel.)
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD/lib:$LD_LIBRARY_PATH OMP_PROC_BIND=false
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
for n in 16384 8192; do for r in 0 1; do
  timeout 200 $NCU --clock-control none --kernel-name-base demangled -k regex:Blocked --launch-skip 0 --launch-count 1 \
    --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum,lts__t_sector_hit_rate.pct,gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second \
    ./drv f $n $r 1 2>&1 | grep -E "dram__|lts__|duration|per_second|ERROR|rror" | sed "s/^/n=$n row$r /"
done; done 2>&1 | tee $OUT/ncu.txt
