#pragma once
// Candidate GPU Blocked rows that `kmm-bench --kmm_set=tune` sweeps (square
// NN products, n = 1024, 2048, 4096 and 16384, next to cuBLAS) and
// `--kmm_set=tune-shapes` (the NN application shapes, k split by the
// table's rule for each row). On a CPU the
// tune set compares the host micro-kernels instead (kmm/host_kernel.hpp).
// The first two rows of each list are the tile table's `blocked` and
// `blocked_mid` (the fp32 list's third its `blocked_narrow`); a winner goes
// into include/kmm/tile_table.hpp with its evidence in docs/perf-log.md.
// tests/test_gemm_rows.cpp runs a row of each distinct code path here
// through the test harness.
#include <string>
#include <tuple>

#include "kmm/tile_table.hpp"

namespace kmm_bench {
using kmm::AsyncAll;
using kmm::AsyncRows;
using kmm::Block;
using kmm::FragmentPacks;
using kmm::GpuRow;
using kmm::GroupedRows;
using kmm::MinBlocksPerSM;
using kmm::RowByRow;
using kmm::ScratchPad;
using kmm::ThreadTile;
using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;

using GpuFloat = std::tuple<
    Table::Fp32Large, Table::Fp32Mid, Table::Fp32Narrow,
    // the former mid row: 64 x 128 blocks of 256 threads, two per multiprocessor
    GpuRow<Block<64, 128, 16>, ThreadTile<4, 8>, FragmentPacks<4, 4>, ScratchPad<4>, AsyncAll, MinBlocksPerSM<2>, GroupedRows<8>>,
    // a 128 x 128 block: fewer L2 bytes per FMA, two blocks per multiprocessor
    GpuRow<Block<128, 128, 16>, ThreadTile<8, 8>, FragmentPacks<4, 4>, ScratchPad<4>, AsyncAll, MinBlocksPerSM<2>, GroupedRows<8>>>;

using kmm::Dmma;
using kmm::WarpTile;
// fp64 on the tensor cores (builds for sm_80 and newer): MMA shape, warp
// tile, block and occupancy around the table's rows, and the SIMT row
using kmm::AsyncAllDeep;
using GpuDoubleMma = std::tuple<
    Table::Fp64Large, Table::Fp64Mid,
    GpuRow<Block<128, 64, 8>, WarpTile<32, 32>, FragmentPacks<2, 2>, ScratchPad<4>, AsyncAllDeep<3>, MinBlocksPerSM<2>, GroupedRows<8>, Dmma<16, 8, 4>>,
    // narrow: 128 x 32 blocks, for n <= 32 past a multiple of 64
    GpuRow<Block<128, 32, 8>, WarpTile<32, 32>, FragmentPacks<2, 2>, ScratchPad<4>, AsyncAllDeep<4>, MinBlocksPerSM<3>, GroupedRows<8>, Dmma<16, 8, 4>>,
    GpuRow<Block<128, 128, 8>, WarpTile<64, 32>, FragmentPacks<2, 2>, ScratchPad<4>, AsyncAll, MinBlocksPerSM<1>, GroupedRows<8>, Dmma<16, 8, 4>>,
    Table::Fp64SimtLarge, Table::Fp64MmaShort, Table::Fp64MmaGram>;
// fp64 with plain FMAs (older GPUs)
using GpuDoubleSimt = std::tuple<
    Table::Fp64SimtLarge, Table::Fp64SimtMid,
    GpuRow<Block<128, 64, 8>, ThreadTile<8, 8>, FragmentPacks<2, 2>, ScratchPad<2>, AsyncAll, MinBlocksPerSM<2>, RowByRow>,
    GpuRow<Block<128, 128, 8>, ThreadTile<8, 8>, FragmentPacks<2, 2>, ScratchPad<2>, AsyncRows, MinBlocksPerSM<1>, RowByRow>,
    GpuRow<Block<128, 64, 8>, ThreadTile<4, 8>, FragmentPacks<2, 2>, ScratchPad<2>, AsyncRows, MinBlocksPerSM<2>, RowByRow>,
    GpuRow<Block<64, 64, 8>, ThreadTile<4, 8>, FragmentPacks<2, 2>, ScratchPad<2>, AsyncRows, MinBlocksPerSM<4>, RowByRow>>;
using GpuDouble = std::conditional_t<Table::f64_mma, GpuDoubleMma, GpuDoubleSimt>;

template <class Micro>
struct micro_name {
  static std::string get() { return ""; }
};
template <int M, int N, int K>
struct micro_name<Dmma<M, N, K>> {
  static std::string get() { return "/dmma" + std::to_string(M) + "x" + std::to_string(N) + "x" + std::to_string(K); }
};

/// kmm:Blocked[block/thread (warp) tile/pad/threads x min blocks/staging/order/MMA]
template <class R>
std::string row_name() {
  const auto s = [](int v) { return std::to_string(v); };
  return "kmm:Blocked[" + s(R::BM) + "x" + s(R::BN) + "x" + s(R::BK) + "/" + s(R::TM) + "x" + s(R::TN) + "/p" +
         s(R::PAD) + "/" + s(R::max_threads) + "x" + s(R::min_blocks) +
         (R::staging::async_k ? "/async2" : R::staging::async ? "/async" : "") +
         (R::staging::depth > 2 ? "x" + s(R::staging::depth) : "") + (R::staging::ahead ? "a" : "") +
         (R::order::rows > 1 ? "/g" + s(R::order::rows) : "") + micro_name<typename R::micro>::get() + "]";
}
}  // namespace kmm_bench
