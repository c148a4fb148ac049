#!/bin/bash
# mk.sh out [extra -D flags]
out=$1; shift
K=/work/main/build/cuda/_kokkos/install
$K/bin/nvcc_wrapper -std=c++17 -O3 -fopenmp -arch=sm_90 -Xptxas=-v -I${INC:-/work/main/include} -I$K/include --expt-extended-lambda "$@" "$(dirname "$0")/drv.cpp" -o $out -L$K/lib -lkokkoscontainers -lkokkoscore -lcublas -lcudart -ldl -fopenmp > $out.log 2>&1 || { grep error $out.log | head; exit 1; }
python3 - $out.log <<'PY'
import re,sys
cur=None
for l in open(sys.argv[1]):
    m=re.search(r"Compiling entry function '(\S+)'",l)
    if m: cur=m.group(1); continue
    if cur and 'Blocked' in cur and ('Used' in l or 'spill' in l):
        p=re.search(r'BlockedParams(ILi\d+ELi\d+ELi\d+ELi\d+ELi\d+E)',cur); w='W' if re.search(r'ELb1EEENS_10TeamPolicy',cur) else 'e'
        t='d' if 'PKd' in cur else 'f'
        print(t, p.group(1) if p else '?', w, l.strip().replace('ptxas info    : ',''))
PY
