#!/bin/bash
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD/lib:$LD_LIBRARY_PATH OMP_PROC_BIND=false
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit,driver_version --format=csv
cuobjdump -sass drv > drv.sass 2>&1; ls -la drv.sass
prof() {  # name filter skip args...
  local nm=$1 flt=$2 skip=$3; shift 3
  ncu --clock-control none --kernel-name-base demangled -k regex:$flt --launch-skip $skip --launch-count 1 --set full --import-source no -o $nm "$@" > $nm.log 2>&1
  ncu --import $nm.ncu-rep --page source --csv --print-source sass > $nm-source.csv 2> $nm-source.err
  ncu --import $nm.ncu-rep --page details > $OUT/$nm-details.txt 2>&1
  echo "$nm: $(wc -l < $nm-source.csv) source lines"; grep -m3 -i "error\|==ERR" $nm.log
}
prof cublas16k sgemm 1 ./drv f 16384 -1 1
prof kmm256x128 Blocked 0 ./drv f 16384 4 1
prof kmm128x64 Blocked 0 ./drv f 16384 0 1
tar -cJf $OUT/sass.tar.xz drv.sass *-source.csv
ls -la $OUT
