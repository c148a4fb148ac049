#pragma once
// Candidate GPU Blocked parameters that `kmm-bench --kmm_set=tune` sweeps
// (square n = 1024, 2048, 4096 and 16384, next to cuBLAS). On a CPU the tune
// set compares the host micro-kernels instead (kmm/host_kernel.hpp). The winner goes into include/kmm/tile_table.hpp with the
// run that chose it (docs/perf-log.md). The first entry of each list is the
// table's current `blocked` row, the second `blocked_mid`.
#include <tuple>

#include "kmm/tile_table.hpp"

namespace kmm_bench {
using kmm::BlockedParams;
//                     BM   BN  BK  TM TN VM VN PAD thread/micro stages launch bounds - async group
using GpuFloat = std::tuple<BlockedParams<128, 64, 16, 8, 8, 4, 4, 4, true, 2, 128, 4, 0, 2, 8>,   // table: blocked (127 registers, 16 warps)
                            BlockedParams<64, 128, 16, 4, 8, 4, 4, 4, true, 2, 256, 2, 0, 1, 8>,   // table: blocked_mid
                            BlockedParams<128, 64, 16, 8, 8, 4, 4, 4, true, 2, 128, 4, 0, 2, 1>,   // blocked before session 12 (row by row)
                            BlockedParams<64, 128, 16, 4, 8, 4, 4, 4, true, 2, 256, 2, 0, 1, 1>,   // blocked_mid before session 12
                            BlockedParams<128, 128, 16, 8, 8, 4, 4, 4, true, 2, 256, 2, 0, 2, 8>,  // 128 registers, 16 warps
                            BlockedParams<128, 64, 16, 8, 8, 4, 4, 4, true, 2, 128, 3, 0, 2, 8>>;  // 12 warps
// (ptxas -v of the WholeTiles kernel, NN; fp64 4 x 8 rows: 128, no spills)
using GpuDouble = std::tuple<BlockedParams<128, 64, 8, 8, 8, 2, 2, 2, true, 2, 128, 2, 0, 1>,   // table: blocked (250 registers)
                             BlockedParams<64, 128, 8, 8, 8, 2, 2, 2, true, 2, 128, 2, 0, 1>,   // table: blocked_mid
                             BlockedParams<128, 64, 8, 8, 8, 2, 2, 2, true, 2, 128, 2, 0, 2>,   // 244 registers
                             BlockedParams<128, 128, 8, 8, 8, 2, 2, 2, true, 2, 256, 1, 0, 1>,  // 238: a third fewer L2 bytes per FMA
                             BlockedParams<128, 64, 8, 4, 8, 2, 2, 2, true, 2, 256, 2, 0, 1>,
                             BlockedParams<64, 64, 8, 4, 8, 2, 2, 2, true, 2, 128, 4, 0, 1>>;   // 16 warps per SM
template <class P>
std::string params_name() {
  // GPU rows also name the padding and the launch bounds (threads, minimum blocks per SM)
  std::string name = "kmm:Blocked[" + std::to_string(P::BM) + "x" + std::to_string(P::BN) + "x" +
                     std::to_string(P::BK) + "/" + std::to_string(P::TM) + "x" + std::to_string(P::TN);
  if (P::thread_per_micro_tile)
    name += "/p" + std::to_string(P::PAD) + "/" + std::to_string(P::max_threads) + "x" + std::to_string(P::min_blocks) +
            (P::async_k ? "/async2" : P::async ? "/async" : "") + (P::group > 1 ? "/g" + std::to_string(P::group) : "");
  return name + "]";
}
}  // namespace kmm_bench
