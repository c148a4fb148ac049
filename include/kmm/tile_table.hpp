#pragma once
// kmm's tile table: every per-backend blocking parameter and every rule that
// picks a kernel from the shape lives here, and nowhere else. Kernels take
// their parameters from the caller and never read this file; the
// dispatcher (kmm/dispatch.hpp) asks the table and launches.
//
// GPU backends (execution spaces whose memory the host cannot read) and host
// backends (Serial, OpenMP) get one table each. Each value chosen by
// measurement names the docs/perf-log.md section with its evidence.
#include <cstdint>
#include <optional>
#include <type_traits>

#include "kmm/blocked_row.hpp"
#include "kmm/detail/access.hpp"
#include "kmm/detail/mma.hpp"
#include "kmm/types.hpp"

namespace kmm {

/// A tile of C (tm x tn) and the depth tk of one k-phase staged in scratch
/// (Algorithm::Tiled and batched_gemm's Tiled).
template <int TM, int TN, int TK>
struct TileShape {
  static constexpr int tm = TM, tn = TN, tk = TK;
  static_assert(TM > 0 && TN > 0 && TK > 0, "tile extents must be positive");
};

// The tile shapes of the seed documents.
using Square8 = TileShape<8, 8, 8>;
using Square16 = TileShape<16, 16, 16>;
using Square32 = TileShape<32, 32, 32>;
/// A 16x16 tile of C, A staged 16 x 64 and B 64 x 16 per phase.
using Strip16 = TileShape<16, 16, 64>;

template <class ExecSpace, bool Host = detail::is_host_space<ExecSpace>()>
struct TileTable;

/// GPU table.
template <class ExecSpace>
struct TileTable<ExecSpace, false> {
  /// Algorithm::Tiled: one thread per element of a tile (team_rank() is
  /// threadIdx.y with vector length 1, so consecutive ranks are consecutive
  /// lanes of a warp).
  template <class Shape>
  static constexpr int tiled_team_size() { return Shape::tm * Shape::tn; }
  using tiled_shape = Square16;

  /// Algorithm::Auto: Blocked once C's 64 x 128 tiles number at
  /// least 32 and both m and n reach 32 (a 64-wide block at least half
  /// used), or k reaches split_k_min_k (Blocked then splits k to fill the
  /// device); below that Tiled's 16 x 16 tiles keep more of the GPU busy
  /// (perf-log: "Auto on the GPU", "Split-k", "Edges without registers").
  /// fp64 in an MMA build, and fp32: Blocked also for C thinner than 32
  /// whose long side reaches thin_blocked_min_side (128 blocks of 128 rows):
  /// there the product streams the long operand, which the fp64 narrow
  /// row's 128 x 32 blocks do at 0.98-1.05 of cuBLAS where Tiled ran
  /// 0.19-0.35 (100000 x 8 x 500, 200000 x 24 x 100; perf-log: "Thin C on
  /// the narrow row"), and the fp32 thin rows at 0.94-2.2 where Tiled ran
  /// 0.23-0.70 (perf-log: "fp32 thin C").
  static constexpr std::int64_t split_k_min_k = 512;
  static constexpr std::int64_t thin_blocked_min_side = 128 * 128;
  template <class T>
  static Algorithm auto_algorithm(std::int64_t m, std::int64_t n, std::int64_t k) {
    const std::int64_t tiles = ((m + 63) / 64) * ((n + 127) / 128);
    if (k >= split_k_min_k) return Algorithm::Blocked;
    if ((f64_mma || std::is_same<T, float>::value) && (m > n ? m : n) >= thin_blocked_min_side)
      return Algorithm::Blocked;
    return (m < n ? m : n) >= 32 && tiles >= 32 ? Algorithm::Blocked : Algorithm::Tiled;
  }

  /// batched_gemm: Naive is a team per matrix of one thread per element of C
  /// (whole warps, at most 256), where a tile's team would mostly idle;
  /// Tiled, a team per 16 x 16 tile; Blocked, the Blocked pipeline with
  /// register micro-tiles. By the larger side of C: Naive up to
  /// batched_naive_max<T>, Tiled up to batched_tiled_max<T>, Blocked above
  /// (fp32: Naive up to 11, Blocked from 12; fp64: Naive up to 13, Tiled
  /// 14-16, Blocked from 17; perf-log: "Batched on the GPU", "Batched
  /// crossovers by precision").
  static int batched_team_size(std::int64_t m, std::int64_t n) {
    const std::int64_t warps = (m * n + 31) / 32;
    return static_cast<int>(32 * (warps < 1 ? 1 : warps > 8 ? 8 : warps));
  }
  using batched_shape = Square16;
  template <class T>
  static constexpr std::int64_t batched_naive_max() { return std::is_same<T, float>::value ? 11 : 13; }
  template <class T>
  static constexpr std::int64_t batched_tiled_max() { return std::is_same<T, float>::value ? 11 : 16; }
  template <class T>
  static Algorithm batched_algorithm(std::int64_t m, std::int64_t n, std::int64_t /*k*/) {
    const std::int64_t big = m > n ? m : n;
    return big <= batched_naive_max<T>()   ? Algorithm::Naive
           : big <= batched_tiled_max<T>() ? Algorithm::Tiled
                                           : Algorithm::Blocked;
  }

  /// Algorithm::Blocked, per value type: a large row and a mid-size one
  /// (perf-log: "Blocked on the GPU"). fp32 large: four blocks of 128
  /// threads per multiprocessor, AsyncAll staging (which frees the
  /// registers of the prefetch so four fit), blocks taken 8 block rows at a
  /// time so the resident blocks share panels in L2. fp32 mid: AsyncAll too,
  /// so its edge blocks are copied by cp.async (perf-log: "Edges without
  /// registers": 0.56 -> 0.74 of cuBLAS on 1234 x 4321 x 777); 64 x 64
  /// blocks of 128 threads, four per multiprocessor, the large row's columns
  /// with half its rows: wide C of 33-64 rows (the rule's mid-row products)
  /// ran 1.03-1.22 as fast as on 64 x 128 blocks of 256 threads, two per
  /// multiprocessor (perf-log: "A 64 x 64 fp32 mid row").
  using Fp32Large = GpuRow<Block<128, 64, 16>, ThreadTile<8, 8>, FragmentPacks<4, 4>, ScratchPad<4>, AsyncAll,
                           MinBlocksPerSM<4>, GroupedRows<8>>;
  using Fp32Mid = GpuRow<Block<64, 64, 16>, ThreadTile<8, 4>, FragmentPacks<4, 4>, ScratchPad<4>, AsyncAll,
                         MinBlocksPerSM<4>, GroupedRows<8>>;
  /// fp64 on the tensor cores (sm_80 and newer: detail::build_has_f64_mma):
  /// fp64 MMA 16x8x4, warp tiles of 64 x 32 (large) and 32 x 32 (mid),
  /// cp.async pipelines three (large) and four (mid) stages deep (perf-log: "fp64 on the tensor cores").
  /// The mid row (and batched_gemm's small fp64 row) load the next k-step's
  /// fragments under the last MMAs (AsyncAllDeepAhead); the large and
  /// narrow rows do not: their registers spill at the cap with a second
  /// fragment set (perf-log: "What limits the fp64 large row").
  using Fp64MmaLarge = GpuRow<Block<128, 64, 8>, WarpTile<64, 32>, FragmentPacks<2, 2>, ScratchPad<4>,
                              AsyncAllDeep<3>, MinBlocksPerSM<2>, GroupedRows<8>, Dmma<16, 8, 4>>;
  using Fp64MmaMid = GpuRow<Block<64, 64, 8>, WarpTile<32, 32>, FragmentPacks<2, 2>, ScratchPad<4>,
                            AsyncAllDeepAhead<4>, MinBlocksPerSM<3>, GroupedRows<8>, Dmma<16, 8, 4>>;
  /// fp64 on older GPUs, plain FMAs: two blocks per multiprocessor at 250
  /// registers, row-by-row order.
  using Fp64SimtLarge = GpuRow<Block<128, 64, 8>, ThreadTile<8, 8>, FragmentPacks<2, 2>, ScratchPad<2>, AsyncRows,
                               MinBlocksPerSM<2>, RowByRow>;
  using Fp64SimtMid = GpuRow<Block<64, 128, 8>, ThreadTile<8, 8>, FragmentPacks<2, 2>, ScratchPad<2>, AsyncRows,
                             MinBlocksPerSM<2>, RowByRow>;
  static constexpr bool f64_mma = detail::build_has_f64_mma();
  using Fp64Large = std::conditional_t<f64_mma, Fp64MmaLarge, Fp64SimtLarge>;
  using Fp64Mid = std::conditional_t<f64_mma, Fp64MmaMid, Fp64SimtMid>;
  /// The mid row's blocks without fragments ahead, for fp64 C that mostly
  /// lies in edge blocks of the mid grid (at least half of them: wide C of
  /// fewer than 64 rows, 36 x 40000 x 1000, is all edge): there the mid row
  /// copies every k-step element by element (its edge predicates spill at
  /// its register cap with fragments ahead: EDGE_PACKS in
  /// kernels/gpu_blocked.hpp), this row as zero-filled 16-byte packs. The
  /// dispatcher takes it where the mid row is picked, C is edge-heavy
  /// (mid_edges) and both operands travel as its packs: with op(A) rows 33
  /// doubles apart, 33 x 80000 x 600, every k-step goes element by element
  /// on either row, and there the mid row's fragments ahead ran 1.11 as
  /// fast (perf-log: "Edge-heavy C on the mid row; fp32 narrow splits"; on
  /// the H200 56 x 20000 x 1500 0.68 -> 0.86 of cuBLAS, 42 x 70000 x 1200
  /// opA = T 0.66 -> 0.75-0.79).
  using Fp64MmaMidEdge = GpuRow<Block<64, 64, 8>, WarpTile<32, 32>, FragmentPacks<2, 2>, ScratchPad<4>,
                                AsyncAllDeep<4>, MinBlocksPerSM<3>, GroupedRows<8>, Dmma<16, 8, 4>>;
  using Fp64MidEdge = std::conditional_t<f64_mma, Fp64MmaMidEdge, Fp64SimtMid>;
  template <class T>
  static constexpr bool mid_edge_row_kernels() { return gram_small_row_kernels<T>(); }
  static bool mid_edges(std::int64_t m, std::int64_t n) { return edge_heavy<Fp64MmaMidEdge>(m, n); }
  /// batched_gemm's Blocked rows, by the larger side of C: 32 x 32 blocks
  /// up to 32, 48 x 48 up to 48, 64 x 64 above (one block per matrix up to
  /// 64 x 64), so C of 33-48 is padded to 48 where 64 x 64 blocks computed
  /// 1.8-3.8 times its work (perf-log: "Batched sizes between the blocks").
  /// Small teams, many blocks per multiprocessor: the batch hides latency
  /// that a deep pipeline hides for one large product (fp32: 16 blocks of
  /// the 32 row, 6 of the 64 row, where 8 and 4 ran 0.85-0.92 as fast at n
  /// = 17-24 and 52-64; perf-log: "Batched fp32 occupancy"). fp64's small
  /// row takes 16-deep k-steps: C of 17-32 in two k-steps or one, where
  /// 8-deep ones took three or four (1.02-1.08 as fast; perf-log: "Batched
  /// crossovers by precision").
  using BatchFp32Small = GpuRow<Block<32, 32, 16>, ThreadTile<4, 4>, FragmentPacks<4, 4>, ScratchPad<4>, AsyncAll,
                                MinBlocksPerSM<16>, RowByRow>;
  using BatchFp32Mid48 = GpuRow<Block<48, 48, 16>, ThreadTile<4, 6>, FragmentPacks<4, 2>, ScratchPad<4>, AsyncAll,
                                MinBlocksPerSM<6>, RowByRow>;
  using BatchFp32 = GpuRow<Block<64, 64, 16>, ThreadTile<8, 4>, FragmentPacks<4, 4>, ScratchPad<4>, AsyncAll,
                           MinBlocksPerSM<6>, RowByRow>;
  using BatchFp64MmaSmall = GpuRow<Block<32, 32, 16>, WarpTile<16, 16>, FragmentPacks<2, 2>, ScratchPad<4>,
                                   AsyncAllDeepAhead<3>, MinBlocksPerSM<4>, RowByRow, Dmma<16, 8, 4>>;
  /// fp64: three warps of 48 x 16, no fragments ahead, so the edges of C
  /// of 33-47 go as packs.
  using BatchFp64Mma48 = GpuRow<Block<48, 48, 8>, WarpTile<48, 16>, FragmentPacks<2, 2>, ScratchPad<4>,
                                AsyncAllDeep<3>, MinBlocksPerSM<4>, RowByRow, Dmma<16, 8, 4>>;
  using BatchFp64SimtSmall = GpuRow<Block<32, 32, 8>, ThreadTile<4, 4>, FragmentPacks<2, 2>, ScratchPad<2>, AsyncRows,
                                    MinBlocksPerSM<4>, RowByRow>;
  using BatchFp64SimtMid = GpuRow<Block<64, 64, 8>, ThreadTile<8, 4>, FragmentPacks<2, 2>, ScratchPad<2>, AsyncRows,
                                  MinBlocksPerSM<2>, RowByRow>;
  enum class BatchBlock { Small, Mid48, Mid };
  static BatchBlock batched_block(std::int64_t m, std::int64_t n) {
    const std::int64_t big = m > n ? m : n;
    return big <= 32 ? BatchBlock::Small : big <= 48 ? BatchBlock::Mid48 : BatchBlock::Mid;
  }
  /// The row for BatchBlock B; Edge: its edge form, for C mostly in edge
  /// blocks. The fp64 64 row, whose fragments ahead copy edge blocks element
  /// by element (EDGE_PACKS in kernels/gpu_blocked.hpp), has Fp64MidEdge
  /// (C of 49-63: 1.19-1.26 as fast on the H200); every other row is its own
  /// (the fp64 small row's edge form ran 0.90-0.95 as fast at n = 20 and
  /// 28: perf-log "Batched sizes between the blocks").
  template <class T>
  using batched_small = std::conditional_t<std::is_same<T, float>::value, BatchFp32Small,
                                           std::conditional_t<f64_mma, BatchFp64MmaSmall, BatchFp64SimtSmall>>;
  template <class T>
  using batched_48 = std::conditional_t<std::is_same<T, float>::value, BatchFp32Mid48,
                                        std::conditional_t<f64_mma, BatchFp64Mma48, BatchFp64SimtMid>>;
  template <class T, bool Edge>
  using batched_64 = std::conditional_t<std::is_same<T, float>::value, BatchFp32,
                                        std::conditional_t<f64_mma, std::conditional_t<Edge, Fp64MmaMidEdge, Fp64MmaMid>,
                                                           BatchFp64SimtMid>>;
  template <class T, BatchBlock B, bool Edge = false>
  using batched_row = std::conditional_t<B == BatchBlock::Small, batched_small<T>,
                                         std::conditional_t<B == BatchBlock::Mid48, batched_48<T>, batched_64<T, Edge>>>;
  /// Half or more of row R's blocks of C at its edge (the mid grid: wide C
  /// of fewer than 64 rows; batched: every C of 49-63).
  template <class R>
  static bool edge_heavy(std::int64_t m, std::int64_t n) {
    const std::int64_t bm = (m + R::BM - 1) / R::BM, bn = (n + R::BN - 1) / R::BN;
    const bool em = m % R::BM != 0, en = n % R::BN != 0;
    const std::int64_t edge = (em ? bn : 0) + (en ? bm : 0) - (em && en ? 1 : 0);
    return 2 * edge >= bm * bn;
  }

  /// Narrow rows, for C with at least as many rows as columns. fp64: 128 x
  /// 32 blocks (tall-skinny panels, n = 64 layers). fp32: 128 x 96 blocks of
  /// 8 x 6 thread tiles (256 threads, two blocks per multiprocessor), for C
  /// of 65-96 columns, which every other fp32 row pads to 128 (perf-log: "A
  /// 96-column fp32 row"; at n <= 64 the large row's 128 x 64 blocks were
  /// measured ahead of a 256-thread 128 x 64 row of 8 x 4 tiles: "Edges
  /// without registers").
  using Fp64MmaNarrow = GpuRow<Block<128, 32, 8>, WarpTile<32, 32>, FragmentPacks<2, 2>, ScratchPad<4>,
                               AsyncAllDeep<4>, MinBlocksPerSM<3>, GroupedRows<8>, Dmma<16, 8, 4>>;
  using Fp64Narrow = std::conditional_t<f64_mma, Fp64MmaNarrow, Fp64SimtMid>;
  /// The fp64 narrow row where op(A), the long operand, runs along k (its
  /// layout fixes it): 16-deep k-steps in two stages, so each k-step reads
  /// 128 bytes of each of its rows where the 8-deep row reads 64, as the
  /// Gram row does for panels along k (perf-log: "16-deep narrow k-steps
  /// for op(A) along k"; on the H200 100000 x 8 x 500 opA = T 0.71 -> 0.90
  /// of cuBLAS, 32 x 10000 x 10000 as C^T 0.64 -> 0.92-1.00; op(A) along m
  /// ran 0.94-1.00 as fast on it, so keeps the 8-deep row).
  using Fp64MmaNarrowK = GpuRow<Block<128, 32, 16>, WarpTile<32, 32>, FragmentPacks<2, 2>, ScratchPad<4>, AsyncAll,
                                MinBlocksPerSM<3>, GroupedRows<8>, Dmma<16, 8, 4>>;
  using Fp64NarrowK = std::conditional_t<f64_mma, Fp64MmaNarrowK, Fp64SimtMid>;
  /// The fp64 narrow rows 48 columns wide, for C whose columns the 32-wide
  /// grid pads more (33-48 columns: 48 x 20000 x 3000, 40 x 30000 x 2000 as
  /// C^T), 8- and 16-deep as above; two blocks per multiprocessor (their
  /// 48-element accumulators take 180-255 registers) (perf-log: "A 48-column
  /// fp64 narrow row; thin C split"; on the H200 20000 x 48 x 3000 0.78 ->
  /// 1.03-1.09 of cuBLAS, 30000 x 40 x 2000 opA = T 0.82 -> 1.02).
  using Fp64MmaNarrow48 = GpuRow<Block<128, 48, 8>, WarpTile<32, 48>, FragmentPacks<2, 2>, ScratchPad<4>,
                                 AsyncAllDeep<4>, MinBlocksPerSM<2>, GroupedRows<8>, Dmma<16, 8, 4>>;
  using Fp64MmaNarrow48K = GpuRow<Block<128, 48, 16>, WarpTile<32, 48>, FragmentPacks<2, 2>, ScratchPad<4>, AsyncAll,
                                  MinBlocksPerSM<2>, GroupedRows<8>, Dmma<16, 8, 4>>;
  using Fp64Narrow48 = std::conditional_t<f64_mma, Fp64MmaNarrow48, Fp64SimtMid>;
  using Fp64Narrow48K = std::conditional_t<f64_mma, Fp64MmaNarrow48K, Fp64SimtMid>;
  /// Below this k the 32-column rows keep such C: at k = 300 their three
  /// blocks per multiprocessor ran ahead (70000 x 36 x 300 TT 0.97 as fast
  /// on the 48-column row, 16500 x 40 x 300 TT split 2 ways 0.93), from 500
  /// on the 48-column rows (100000 x 40 x 500 1.10).
  static constexpr std::int64_t narrow48_min_k = 512;
  using Fp32Narrow = GpuRow<Block<128, 96, 16>, ThreadTile<8, 6>, FragmentPacks<4, 2>, ScratchPad<4>, AsyncAll,
                            MinBlocksPerSM<2>, GroupedRows<8>>;
  /// fp32 thin C, at most 32 columns (wide C as C^T: blocked_transpose):
  /// 128-row blocks of 128 threads, 32 columns of 8 x 4 thread tiles, six
  /// per multiprocessor, and 16 columns of 8 x 2 tiles, eight per
  /// multiprocessor, for C of at most 16 columns, which the 32-column block
  /// pads to twice its width. Such products stream op(A) with few FMAs per
  /// element; the small teams keep more of it in flight than Tiled's 16 x 16
  /// tiles (one k-step per team, the latency exposed) or the 64-column
  /// large row (four blocks per multiprocessor, C padded to 64 columns)
  /// (perf-log: "fp32 thin C"; tune rows on the H200: 1000000 x 16 x 16
  /// 0.44 (Tiled) -> 1.66 of cuBLAS on the 16-column row, 0.94 on the
  /// 32-column one; 200000 x 24 x 100 0.23 -> 1.15 on the 32-column row).
  using Fp32Thin = GpuRow<Block<128, 32, 16>, ThreadTile<8, 4>, FragmentPacks<4, 4>, ScratchPad<4>, AsyncAll,
                          MinBlocksPerSM<6>, GroupedRows<8>>;
  using Fp32Thin16 = GpuRow<Block<128, 16, 16>, ThreadTile<8, 2>, FragmentPacks<4, 2>, ScratchPad<4>, AsyncAll,
                            MinBlocksPerSM<8>, RowByRow>;

  /// fp64 split products whose operands both run along k (layouts that fix
  /// it: the Gram product A^T B of column-major panels): the mid row's blocks
  /// with 16-deep k-steps in two stages, so each k-step reads 128 bytes of
  /// every column of both panels where the mid row reads 64 (perf-log: "The
  /// Gram row"; on the H200 64 x 64 x 500000 moved from 0.78 to 0.95 of
  /// cuBLAS).
  using Fp64MmaGram = GpuRow<Block<64, 64, 16>, WarpTile<32, 32>, FragmentPacks<2, 2>, ScratchPad<4>, AsyncAll,
                             MinBlocksPerSM<3>, GroupedRows<8>, Dmma<16, 8, 4>>;
  using Fp64Gram = std::conditional_t<f64_mma, Fp64MmaGram, Fp64SimtMid>;
  /// fp64 split products whose C is at most 32 x 32 (one block of this row),
  /// whatever the operands' directions: 32 x 32 x 16 blocks of four 16 x 16
  /// warp tiles, four stages with fragments ahead, six blocks per
  /// multiprocessor, so k splits twice as many ways as on the Gram row, whose
  /// 64 x 64 block pads such C at least fourfold (perf-log: "A Gram row for C
  /// up to 32 x 32"; in tune rows on the H200, 32 x 32 x 1000000 0.64-0.74
  /// -> 0.86-0.88 of cuBLAS, 8 x 8 x 4000000 0.35 -> 0.81).
  using Fp64MmaGramSmall = GpuRow<Block<32, 32, 16>, WarpTile<16, 16>, FragmentPacks<2, 2>, ScratchPad<4>,
                                  AsyncAllDeepAhead<4>, MinBlocksPerSM<6>, RowByRow, Dmma<16, 8, 4>>;
  using Fp64GramSmall = std::conditional_t<f64_mma, Fp64MmaGramSmall, Fp64SimtMid>;
  /// fp64 Gram products with C of at least 256 rows or columns (both
  /// operands along k, k at least four times m + n, k split): the large
  /// row's block turned, 64 x 128 x 8 with 32 x 64 warp tiles (perf-log: "Gram
  /// products of wide panels"; in tune rows on the H200, 1024 x 1024 x 30000
  /// 0.75 -> 0.94 of cuBLAS, 256 x 256 x 100000 0.74 -> 0.82).
  using Fp64MmaGramWide = GpuRow<Block<64, 128, 8>, WarpTile<32, 64>, FragmentPacks<2, 2>, ScratchPad<4>,
                                 AsyncAllDeep<3>, MinBlocksPerSM<2>, GroupedRows<8>, Dmma<16, 8, 4>>;
  using Fp64GramWide = std::conditional_t<f64_mma, Fp64MmaGramWide, Fp64SimtMid>;

  /// fp64 products whose C has 65-96 rows: 96 x 64 x 16 blocks, six warps
  /// of 32 x 32, two stages, two blocks per multiprocessor, where every
  /// other row pads those rows to 128 (perf-log: "A 96-row fp64 row; long k
  /// on the large row"; in tune rows on the H200, 96 x 30000 x 1000 0.72 ->
  /// 0.94 of cuBLAS, 80 x 50000 x 1000 0.69 -> 0.89, 96 x 96 x 200000 0.72
  /// -> 0.85).
  using Fp64MmaShort = GpuRow<Block<96, 64, 16>, WarpTile<32, 32>, FragmentPacks<2, 2>, ScratchPad<4>, AsyncAll,
                              MinBlocksPerSM<2>, GroupedRows<8>, Dmma<16, 8, 4>>;
  using Fp64Short = std::conditional_t<f64_mma, Fp64MmaShort, Fp64SimtMid>;

  template <class T>
  using blocked = std::conditional_t<std::is_same<T, float>::value, Fp32Large, Fp64Large>;
  template <class T>
  using blocked_mid = std::conditional_t<std::is_same<T, float>::value, Fp32Mid, Fp64Mid>;
  /// AFast: op(A)'s unit-stride direction where its layout fixes it (0
  /// along k, 1 along m; OperandFacts::A_FAST), -1 where it does not. Wide48:
  /// fp64's 48-column rows (Pick::Narrow48); fp32 has its one narrow row.
  template <class T, int AFast = -1, bool Wide48 = false>
  using blocked_narrow = std::conditional_t<
      std::is_same<T, float>::value, Fp32Narrow,
      std::conditional_t<Wide48, std::conditional_t<AFast == 0, Fp64Narrow48K, Fp64Narrow48>,
                         std::conditional_t<AFast == 0, Fp64NarrowK, Fp64Narrow>>>;

  /// Split-k for row R (whichever row the table picked): when its blocks of
  /// C fill at most half of the device's resident-block slots
  /// (multiprocessors x R::min_blocks), k is split so that blocks x splits
  /// fill them in one wave; when they fill more than half but at most all,
  /// on rows of at least four resident blocks per multiprocessor (the fp32
  /// large row), into the 1-4 splits that give the busiest multiprocessor
  /// the fewest k-steps (items spread evenly: ceil(blocks x s /
  /// multiprocessors) items of ceil(steps / s); 1500^3 fp32: 288 blocks, 4
  /// splits; not the fp64 rows, two or three blocks per multiprocessor:
  /// perf-log "Partial waves"; launch_splits finishes their rounds). Each
  /// split keeps at least 8 k-steps (the pipeline's prologue and the
  /// partial's write stay small beside its FMAs) and the partials at most
  /// 256 MiB (perf-log: "Split-k").
  template <class R>
  static std::int64_t blocks(std::int64_t m, std::int64_t n) {  // row R's blocks of an m x n C
    return ((m + R::BM - 1) / R::BM) * ((n + R::BN - 1) / R::BN);
  }
  template <class R>
  static std::int64_t slots(int multiprocessors) {  // row R's resident blocks on the device
    return std::int64_t(multiprocessors) * R::min_blocks;
  }
  template <class R, class T>
  static std::int64_t split_cap(std::int64_t m, std::int64_t n, std::int64_t k) {  // the limits on any split count
    const std::int64_t steps = (k + R::BK - 1) / R::BK;
    const std::int64_t by_bytes = (std::int64_t(256) << 20) / (m * n * std::int64_t(sizeof(T)));
    return steps / 8 < by_bytes ? steps / 8 : by_bytes;
  }
  template <class R, class T>
  static int k_splits(std::int64_t m, std::int64_t n, std::int64_t k, int multiprocessors) {
    const std::int64_t b = blocks<R>(m, n), steps = (k + R::BK - 1) / R::BK, cap = split_cap<R, T>(m, n, k);
    std::int64_t s = slots<R>(multiprocessors) / b;
    if (s == 1 && R::min_blocks >= 4) {  // a partial wave: the search stays within the limits
      const auto busiest = [&](std::int64_t q) {  // k-steps of the busiest multiprocessor
        return (b * q + multiprocessors - 1) / multiprocessors * ((steps + q - 1) / q);
      };
      for (std::int64_t q = 2; q <= 4 && q <= cap; ++q)
        if (busiest(q) < busiest(s)) s = q;
    }
    s = s < cap ? s : cap;
    return s >= 2 ? int(s) : 1;
  }

  /// The split count row R is launched with, once blocked_pick has chosen R
  /// with k_splits' counts. Rows of two or three blocks per
  /// multiprocessor (where k_splits searches no partial wave) on products
  /// with k at least m + n or C at most a sixteenth of the operands (16 m n
  /// <= (m + n) k: thin C, whose partials are a few percent of the bytes
  /// read): of 1 to 4 x max(k_splits, slots / blocks)
  /// splits within k_splits' limits, the one of least modelled time, where
  /// it is at least 10 % under k_splits' count. The model: the busiest
  /// multiprocessor's items (blocks x splits, spread evenly) run in rounds
  /// of min_blocks, a part-filled round as long as a full one (896 x 896 x
  /// 30000 on the wide Gram row: split 2 or 4 ways alike), each round the
  /// k-steps of a split plus split_item_steps (pipeline fill, the partial's
  /// write); plus the partials' traffic, each written and read once, at
  /// flops_per_byte. It finishes waves that one-wave splits leave part
  /// filled (768 x 768 x 40000 on the wide Gram row: 72 blocks x 3 splits
  /// took 216 of 264 slots; 11 splits, three full rounds: 0.72 -> 0.80 of
  /// cuBLAS; 3000 x 256 x 20000 0.66 -> 0.82; thin C: 60000 x 20 x 700 opA
  /// = T, 469 narrow blocks for 396 slots, 2 splits: 0.70 -> 0.77, perf-log:
  /// "A 48-column fp64 narrow row; thin C split"). Other products whose C is
  /// large beside k (k < m + n: fp64 1000^3) ran no faster or
  /// slower split. On three-block rows with operands not both along k the model
  /// overrates the gain (960 x 960 x 20000 TT: 0.97 as fast split 3 ways;
  /// perf-log: "Splits that finish their waves"). fp32 rows (two blocks of
  /// 256 threads): a block alone in the last round, where its partner's
  /// slot is empty, counts two thirds of a round (it has the multiprocessor's
  /// FMA pipes to itself): with whole rounds the model split 80000 x 96 x
  /// 2000 on the narrow row (625 blocks, 2.4 waves) 2 ways, 0.86 as fast;
  /// counted so, it keeps that unsplit and splits 40000 x 70 x 3000 and
  /// 35000 x 66 x 2500 4 ways on the narrow row, wide C such as 56 x 20000 x
  /// 1500 3 ways on the mid row (0.76-0.86 -> 0.99-1.03 of cuBLAS; perf-log:
  /// "Edge-heavy C on the mid row; fp32 narrow splits").
  static constexpr int split_item_steps = 2;
  static constexpr int flops_per_byte = 12;  // H100/H200 fp64 MMA: about 50 TFLOP/s over 4 TB/s
  /// The traffic of q partials of an m x n C, in k-steps of one round of
  /// row R's blocks on a multiprocessor (at flops_per_byte): the split
  /// models' price of a split (launch_splits, tail_split).
  template <class R, class T>
  static std::int64_t partial_steps(std::int64_t q, std::int64_t m, std::int64_t n, std::int64_t sms) {
    return flops_per_byte * std::int64_t(sizeof(T)) * q * m * n / (sms * R::min_blocks * R::BM * R::BN * R::BK);
  }
  template <class R, class T>
  static int launch_splits(std::int64_t m, std::int64_t n, std::int64_t k, int multiprocessors) {
    const int s0 = k_splits<R, T>(m, n, k, multiprocessors);
    if (R::min_blocks >= 4 || (k < m + n && 16 * m * n > (m + n) * k)) return s0;
    const std::int64_t b = blocks<R>(m, n), steps = (k + R::BK - 1) / R::BK, sms = multiprocessors;
    const std::int64_t cap = split_cap<R, T>(m, n, k);  // k_splits' limits
    const auto cost = [&](std::int64_t q) {  // in thirds of k-steps of one round of blocks on a multiprocessor
      const std::int64_t items = (b * q + sms - 1) / sms, rounds = (items + R::min_blocks - 1) / R::min_blocks;
      const std::int64_t partials = q > 1 ? partial_steps<R, T>(q, m, n, sms) : 0;
      const std::int64_t thirds = std::is_same<T, float>::value && items % R::min_blocks != 0
                                      ? 3 * (items / R::min_blocks) + 2  // the last round's lone block: 2/3
                                      : 3 * rounds;
      return thirds * ((steps + q - 1) / q + split_item_steps) + 3 * partials;
    };
    const std::int64_t wave = slots<R>(multiprocessors) / b, top = 4 * (s0 > wave ? s0 : wave);
    const std::int64_t base = cost(s0);
    std::int64_t best = s0, least = base;
    for (std::int64_t q = 1; q <= top && q <= cap; ++q) {
      const std::int64_t c = cost(q);
      if (c < least) best = q, least = c;
    }
    return 10 * least <= 9 * base ? int(best) : s0;
  }

  /// The last wave split (fp64 rows of at most two blocks per
  /// multiprocessor, products that launch_splits leaves unsplit): where row
  /// R's blocks fill W >= 1 waves and part of one more, the dispatcher
  /// computes C in two parts, each a product of its own: C less its last
  /// `lines` block rows (rows: true) or block columns, at most W waves, as
  /// before; then those lines with k split `splits` ways, their partials
  /// reduced as split-k's (the same bits every run). A part-filled last
  /// wave takes as long as a full one on these rows (perf-log: "Splits that
  /// finish their waves"): 2500^3 is 800 large blocks for 264 slots, three
  /// waves and one of 8 blocks. Model, in k-steps of one round of blocks:
  /// the part's rounds times its steps; the lines' rounds of items times
  /// the k-steps of a split plus split_item_steps, their partials'
  /// traffic at flops_per_byte (as launch_splits), and tail_launch_steps
  /// for the two more launches (split and reduction kernels, a few
  /// microseconds each: about 12 k-steps of the large row, 0.7 us each on
  /// the H200). Taken where it models at least 10 % or half a wave under
  /// the unsplit product (the model's errors, launches and the first part's
  /// ragged end, do not grow with the waves: 8192^3, 31 waves and 8 blocks,
  /// saves 2 %); the orientation and split count of least modelled time.
  /// On the H200 (perf-log: "The last wave split"): 2500^3 0.82 -> 1.00 of
  /// cuBLAS, 3000^3 0.84 -> 0.95, 3210 x 2100 x 4321 opA = T 0.69 -> 0.81.
  struct TailSplit {
    bool rows;          // the lines are C's last block rows (else its last block columns)
    std::int64_t from;  // their first row (column) of C: a multiple of R::BM (R::BN)
    int splits;
    std::int64_t cost;  // modelled: k-steps of one round of blocks, both parts
  };
  static constexpr std::int64_t tail_launch_steps = 12;
  template <class R, class T>
  static std::optional<TailSplit> tail_split(std::int64_t m, std::int64_t n, std::int64_t k, int multiprocessors) {
    if (std::is_same<T, float>::value || R::min_blocks > 2) return std::nullopt;
    const std::int64_t bm = (m + R::BM - 1) / R::BM, bn = (n + R::BN - 1) / R::BN, b = bm * bn;
    const std::int64_t slots_ = slots<R>(multiprocessors), waves = b / slots_, sms = multiprocessors;
    if (waves < 1 || b % slots_ == 0) return std::nullopt;
    const std::int64_t steps = (k + R::BK - 1) / R::BK, base = (waves + 1) * steps;
    std::optional<TailSplit> best;
    std::int64_t least = base;
    for (const bool rows : {true, false}) {
      const std::int64_t line = rows ? bn : bm, lines = rows ? bm : bn;
      const std::int64_t t = (b - waves * slots_ + line - 1) / line;  // the fewest lines leaving W waves
      if (t >= lines) continue;
      const std::int64_t from = (lines - t) * (rows ? R::BM : R::BN);
      const std::int64_t tm = rows ? m - from : m, tn = rows ? n : n - from;  // the lines' part of C
      const std::int64_t head = (b - t * line + slots_ - 1) / slots_ * steps;
      const std::int64_t cap = split_cap<R, T>(tm, tn, k);
      for (std::int64_t q = 2; q <= cap; ++q) {
        const std::int64_t items = (t * line * q + sms - 1) / sms, rounds = (items + R::min_blocks - 1) / R::min_blocks;
        const std::int64_t cost = head + rounds * ((steps + q - 1) / q + split_item_steps) +
                                  partial_steps<R, T>(q, tm, tn, sms) + tail_launch_steps;
        if (cost < least) least = cost, best = TailSplit{rows, from, int(q), cost};
      }
    }
    return 10 * least <= 9 * base || 2 * (base - least) >= steps ? best : std::nullopt;
  }

  /// Which Blocked row computes an m x n x k product (perf-log: "Edges
  /// without registers"). fp32: with directions the layouts fix, a thin
  /// row where C has at most 32 columns and at least as many rows
  /// (Fp32Thin16 up to 16 columns, Fp32Thin up to 32; perf-log: "fp32 thin
  /// C"); else the mid row where the operands' unit-stride
  /// directions are known only at run time (LayoutStride) and C is not whole
  /// large tiles (those two-path kernels spill at the register caps of the
  /// large and narrow rows); else, with directions the layouts fix, the
  /// narrow row where C has at least as many rows as columns and its 128 x
  /// 96 grid pads C 15 % less than the large row's (65-96 columns), unless
  /// the large row would split k (k_splits) and the narrow one would not
  /// (launch_splits, which splits part-filled waves of the narrow row's
  /// two blocks per multiprocessor: 20000 x 90 x 8000 ran 0.83 as fast on
  /// it unsplit as on the large row split 2 ways, 1.28 as fast split 3 ways; perf-log:
  /// "A 96-column fp32 row", "Edge-heavy C on the mid row; fp32 narrow
  /// splits"; narrow_row_kernels); else the large
  /// row, unless the mid row's 64 x 64 grid pads C by 15 % less (the large
  /// row runs about 15 % faster per element of C on squares). fp64: the
  /// large row where C has at least 128 rows and columns and its waves cost
  /// 15 % less than the mid row's (a wave: every resident-block slot of the
  /// device's multiprocessors busy; the last one counts whole, since its
  /// blocks take as long however few they are, perf-log: "Waves, not
  /// blocks"; unless tail_split splits it: then as modelled there, so
  /// 1500^3, 288 large blocks for 264 slots, 1.1 waves against the mid
  /// row's two, takes the large row, 0.85 -> 0.95 of cuBLAS on the H200,
  /// perf-log: "The last wave split"). Else the
  /// narrow row where C has at least as many rows as columns and its grid
  /// pads C at most 2 % more than the mid row's (C of about 3,200 rows or
  /// more that end 1-64 past a multiple of 128: 20000 x 48 x 3000 pads 0.3 %
  /// more, 0.65 of cuBLAS on the mid row, 0.75 on the narrow one, whose
  /// copies run under its MMAs since; perf-log: "The k-step head"), unless
  /// C is whole mid blocks and
  /// less than twice as tall as wide (1024^3: 0.76-0.82 of cuBLAS on the
  /// narrow row, 0.96-1.03 on the mid row, whose edge blocks, where C has
  /// them, go element by element; perf-log: "A 96-row fp64 row; long k on
  /// the large row"), else the mid row; but where that row and the large
  /// one would both split k (k_splits), each fills the device in one wave
  /// of blocks x splits, and the large row's 15 % lead per element decides
  /// unless its grid pads C 15 % more (7680 x 64 x 2560: 0.68 of cuBLAS on
  /// the narrow row, 0.89 on the large one; perf-log: "Split products take
  /// the large row"). And
  /// where a side of C is under 128 and neither row splits, the waves
  /// decide as for larger C, against that row's, wherever the large grid
  /// pads C at most 15 % more (30000 x 40 x 2000: the mid row's 469 blocks,
  /// the narrow row's 470, take two waves of 396 slots, the large row's 235
  /// one of 264; 0.70 of cuBLAS on the mid row, 0.86 on the large one;
  /// perf-log: "One wave instead of two"). "The narrow row" in these rules
  /// is the 48-column one (Pick::Narrow48) for C of 33-48 columns (one
  /// block column of it, which the 32-column grid pads to 64), k of at
  /// least narrow48_min_k and operands that its k-steps copy as 16-byte
  /// packs (packs48, from the dispatcher: its team of 128 does not tile a
  /// 48-column slice element by element, so its element path stages through
  /// registers; 80000 x 45 x 800 opB = T, op(B)'s rows 45 doubles apart,
  /// ran 0.58 as fast there as on the large row), with its own splits,
  /// padding and waves.
  /// fp64 in an MMA build, ahead of those rules: C of one block of the small
  /// Gram row (32 x 32) that the narrow or mid row would compute with k
  /// split, whatever the operands' directions, or of two (32 x 64, 64 x 32)
  /// that the mid row would compute so with operands not both along k (16 x
  /// 48 x 1000000 NN: 0.70 -> 0.83 of cuBLAS; with opA = T, on the Gram row,
  /// or on the narrow row, two small blocks ran 0.90-0.99 as fast), or, with
  /// operands both along k, of up to four whose grid pads C at most 2 / 5 as
  /// much as the Gram row's (C of at most 32 rows and 65-96 columns: 32 x 96
  /// x 500000 opA = T 0.73 -> 0.82 of cuBLAS, 16 x 96 x 600000 0.65 -> 0.82;
  /// perf-log: "Small Gram products of three blocks"): the small
  /// Gram row where it splits k too. Then Gram products, operands
  /// both along k (KContiguous) with k at least four times m + n, that the
  /// large row would split: the wide Gram row (64 x 128 x 8) where C has 256
  /// rows or columns or more and its grid pads C at most 15 % more than the
  /// Gram row's, else the Gram row (64 x 64 x 16) where its grid pads C at
  /// most 15 % more than the large row's and the rules' row (128 x 128 x
  /// 200000: 0.83 of cuBLAS on the large row, 0.89-0.92 on the Gram row;
  /// perf-log: "Gram products of wide panels"). After the rules above, with
  /// operands along k, the other products that they give the mid or narrow
  /// row with k split: the Gram row where its grid pads C at most 15 % more.
  /// fp64 in an MMA build, first of all: C of 65-96 rows, the 96-row row
  /// (its 96 x 64 blocks pad C least). And after the Gram rules: products
  /// with k at least m + n and both sides of C at least 128 that the large
  /// row would split at launch
  /// (launch_splits: its blocks part-fill their rounds), the large row, as
  /// for products that both rows split (1100 x 1100 x 25000 NN: 0.58 of
  /// cuBLAS on the narrow row unsplit, 0.83 on the large row split 3 ways;
  /// perf-log: "A 96-row fp64 row; long k on the large row").
  enum class Pick { Large, Mid, Narrow, Narrow48, Gram, GramSmall, GramWide, Short, Thin, Thin16 };
  /// Can blocked_pick<T> or blocked_transpose<T> return Pick::Thin or
  /// Pick::Thin16 (fp32 whose operands' unit-stride directions their
  /// layouts fix)? Where not, the dispatcher compiles neither thin row.
  template <class T, bool StaticDirections>
  static constexpr bool thin_row_kernels() { return StaticDirections && std::is_same<T, float>::value; }
  /// Can blocked_pick<T> return Pick::Narrow for operands whose unit-stride
  /// directions are (StaticDirections) or are not fixed by their layouts?
  /// Where not, the dispatcher compiles no narrow-row kernels (fp32 with
  /// LayoutStride operands: three kernels fewer per operand type).
  template <class T, bool StaticDirections>
  static constexpr bool narrow_row_kernels() { return StaticDirections || !std::is_same<T, float>::value; }
  /// Can blocked_pick<T> return Pick::Gram or Pick::GramWide (operands both
  /// along k: KContiguous)? Where not, the dispatcher compiles neither row's
  /// kernels.
  template <class T, bool KContiguous>
  static constexpr bool gram_row_kernels() { return KContiguous && gram_small_row_kernels<T>(); }
  /// Can it return Pick::GramSmall or Pick::Short (fp64 on the tensor cores)?
  template <class T>
  static constexpr bool gram_small_row_kernels() { return f64_mma && !std::is_same<T, float>::value; }
  template <class T>
  static constexpr bool short_row_kernels() { return gram_small_row_kernels<T>(); }
  /// Can it return Pick::Narrow48 (fp64 on the tensor cores)?
  template <class T>
  static constexpr bool narrow48_row_kernels() { return gram_small_row_kernels<T>(); }
  template <class R>
  static std::int64_t padded(std::int64_t m, std::int64_t n) {  // C's elements in row R's block grid
    return blocks<R>(m, n) * R::BM * R::BN;
  }
  template <class R>
  static std::int64_t wave_elements(std::int64_t m, std::int64_t n, int multiprocessors) {  // per SM, all waves
    const std::int64_t waves = (blocks<R>(m, n) + slots<R>(multiprocessors) - 1) / slots<R>(multiprocessors);
    return waves * R::min_blocks * R::BM * R::BN;
  }
  /// wave_elements of the fp64 large row, its last wave split where
  /// tail_split takes it (the modelled k-steps as waves).
  template <class T>
  static std::int64_t large_wave_elements(std::int64_t m, std::int64_t n, std::int64_t k, int multiprocessors) {
    using R = Fp64Large;
    const auto t = tail_split<R, T>(m, n, k, multiprocessors);
    if (!t) return wave_elements<R>(m, n, multiprocessors);
    return t->cost * R::min_blocks * R::BM * R::BN / ((k + R::BK - 1) / R::BK);
  }
  template <class T>
  static Pick blocked_pick(std::int64_t m, std::int64_t n, std::int64_t k, bool large_whole_tiles,
                           bool static_directions, int multiprocessors, bool k_contiguous = false,
                           bool packs48 = true) {
    if (std::is_same<T, float>::value) {
      if (!large_whole_tiles && !static_directions) return Pick::Mid;
      if (static_directions && m >= n && n <= Fp32Thin::BN) return n <= Fp32Thin16::BN ? Pick::Thin16 : Pick::Thin;
      if (static_directions && m >= n && 20 * padded<Fp32Narrow>(m, n) <= 17 * padded<Fp32Large>(m, n)) {
        const int narrow_splits = launch_splits<Fp32Narrow, T>(m, n, k, multiprocessors);
        if (narrow_splits > 1 || k_splits<Fp32Large, T>(m, n, k, multiprocessors) == 1) return Pick::Narrow;
      }
      return 20 * padded<Fp32Large>(m, n) <= 23 * padded<Fp32Mid>(m, n) ? Pick::Large : Pick::Mid;
    }
    // C of more rows than one mid block holds and no more than one 96-row block
    if (short_row_kernels<T>() && m > Fp64MmaMid::BM && m <= Fp64MmaShort::BM) return Pick::Short;
    // (C of whole mid blocks, less than twice as tall as wide: the mid row;
    // its edge blocks, where C has them, take the element path. The narrow
    // row's grid may pad C 2 % more than the mid row's: C of about 3,200
    // rows or more that end 1-64 past a multiple of 128)
    const bool mid_whole = m < 2 * n && m % Fp64Mid::BM == 0 && n % Fp64Mid::BN == 0;
    const bool narrow = m >= n && 50 * padded<Fp64Narrow>(m, n) <= 51 * padded<Fp64Mid>(m, n) && !mid_whole;
    // (C of 33-48 columns: one 48-column block column, two 32-column ones)
    const bool n48 = narrow && narrow48_row_kernels<T>() && packs48 && n > Fp64Narrow::BN &&
                     n <= Fp64Narrow48::BN && k >= narrow48_min_k;
    const int splits = n48      ? k_splits<Fp64Narrow48, T>(m, n, k, multiprocessors)
                       : narrow ? k_splits<Fp64Narrow, T>(m, n, k, multiprocessors)
                                : k_splits<Fp64Mid, T>(m, n, k, multiprocessors);
    const std::int64_t pads = n48      ? padded<Fp64Narrow48>(m, n)
                              : narrow ? padded<Fp64Narrow>(m, n)
                                       : padded<Fp64Mid>(m, n);
    const int large_splits = k_splits<Fp64Large, T>(m, n, k, multiprocessors);
    const std::int64_t large_pads = padded<Fp64Large>(m, n);
    const bool large_pads_alike = 20 * large_pads <= 23 * pads;
    // (C of few small Gram blocks: one or two, or with operands along k up
    // to four that pad C at most 2/5 as much as the Gram row's blocks)
    const std::int64_t small_blocks = blocks<Fp64GramSmall>(m, n);
    const bool few_small = small_blocks <= (narrow || k_contiguous ? 1 : 2) ||
                           (k_contiguous && small_blocks <= 4 &&
                            5 * padded<Fp64GramSmall>(m, n) <= 2 * padded<Fp64Gram>(m, n));
    if (gram_small_row_kernels<T>() && splits > 1 && few_small && k_splits<Fp64GramSmall, T>(m, n, k, multiprocessors) > 1)
      return Pick::GramSmall;
    if (gram_row_kernels<T, true>() && k_contiguous && large_splits > 1 && k >= 4 * (m + n)) {
      if ((m > n ? m : n) >= 256 && 20 * padded<Fp64GramWide>(m, n) <= 23 * padded<Fp64Gram>(m, n))
        return Pick::GramWide;
      if (20 * padded<Fp64Gram>(m, n) <= 23 * (pads < large_pads ? pads : large_pads)) return Pick::Gram;
    }
    if (f64_mma && k >= m + n && (m < n ? m : n) >= 128 && launch_splits<Fp64Large, T>(m, n, k, multiprocessors) > 1)
      return Pick::Large;
    if ((m < n ? m : n) >= 128 &&
        20 * large_wave_elements<T>(m, n, k, multiprocessors) <= 23 * wave_elements<Fp64Mid>(m, n, multiprocessors))
      return Pick::Large;
    if (splits > 1 && large_splits > 1 && large_pads_alike) return Pick::Large;
    const std::int64_t waves = n48      ? wave_elements<Fp64Narrow48>(m, n, multiprocessors)
                               : narrow ? wave_elements<Fp64Narrow>(m, n, multiprocessors)
                                        : wave_elements<Fp64Mid>(m, n, multiprocessors);
    if ((m < n ? m : n) < 128 && splits == 1 && large_splits == 1 && large_pads_alike &&
        20 * wave_elements<Fp64Large>(m, n, multiprocessors) <= 23 * waves)
      return Pick::Large;
    if (gram_row_kernels<T, true>() && k_contiguous && splits > 1 && 20 * padded<Fp64Gram>(m, n) <= 23 * pads)
      return Pick::Gram;
    return n48 ? Pick::Narrow48 : narrow ? Pick::Narrow : Pick::Mid;
  }

  /// fp64 in an MMA build: the row (Large, Narrow or Narrow48) on which the
  /// dispatcher computes C^T = op(B)^T op(A)^T (kernels::transposed: operands swapped,
  /// C's strides swapped), blocked_pick<T>(n, m, ...)'s; none where C stays
  /// as it is. Where C has fewer rows than columns
  /// and fewer than 128 rows, k is at least transpose_min_k or C at most
  /// transpose_thin_m rows, the rule above gives C the mid row, and C^T a
  /// narrow row or the large row unsplit:
  /// the rows tuned for tall panels (128-row blocks along the long side, the
  /// deep pipeline), for which the mid row's 64 x 64 blocks stood in on wide
  /// ones (40 x 30000 x 2000 NN 0.70 -> 0.77 of cuBLAS, TT 0.70 -> 0.92, 32 x
  /// 10000 x 10000 0.50 -> 0.62; C of at most 32 rows at any k: 8 x 100000
  /// x 500 0.56 -> 0.68 NN, 0.65 -> 0.99 TT, 24 x 200000 x 100 opA = T 0.55
  /// -> 0.77). Measured level or slower: shorter k where C has more rows (36
  /// x 40000 x 1000 0.93 as fast, 60 x 60000 x 200 0.87), and C^T on the
  /// large row split (35 x 700 x 2048 0.87, 64 x 2000 x 2000 0.81; perf-log:
  /// "Wide C as tall C^T", "Thin C on the narrow row").
  /// fp32 with directions the layouts fix: C of at most 32 rows and more
  /// columns, C^T on its thin row (as C^T: 16 x 1000000 x 16 0.46 -> 1.11 of
  /// cuBLAS, 24 x 200000 x 100 0.27 -> 0.90, 20 x 50000 x 400 0.25 -> 0.75;
  /// perf-log: "fp32 thin C").
  static constexpr std::int64_t transpose_min_k = 2000;
  static constexpr std::int64_t transpose_thin_m = 32;
  template <class T>
  static constexpr bool transposed_row_kernels() { return gram_small_row_kernels<T>(); }
  template <class T>
  static std::optional<Pick> blocked_transpose(std::int64_t m, std::int64_t n, std::int64_t k, bool static_directions,
                                               int multiprocessors, bool k_contiguous = false, bool packs48 = true) {
    if (std::is_same<T, float>::value) {  // wide thin C: C^T on a thin row
      if (!static_directions || m >= n || m > Fp32Thin::BN) return std::nullopt;
      return blocked_pick<T>(n, m, k, false, static_directions, multiprocessors);
    }
    if (!transposed_row_kernels<T>() || m >= n || m >= 128 || (k < transpose_min_k && m > transpose_thin_m))
      return std::nullopt;
    if (blocked_pick<T>(m, n, k, false, static_directions, multiprocessors, k_contiguous, packs48) != Pick::Mid)
      return std::nullopt;
    const Pick t = blocked_pick<T>(n, m, k, false, static_directions, multiprocessors, k_contiguous, packs48);
    if (t == Pick::Narrow || t == Pick::Narrow48 ||
        (t == Pick::Large && launch_splits<Fp64Large, T>(n, m, k, multiprocessors) == 1))
      return t;
    return std::nullopt;
  }

  /// Operands whose 16-byte packs are not aligned (kernels/repack.hpp): the
  /// dispatcher copies every such operand with its leading dimension padded
  /// where repack says so, in panels of at most repack_panel_bytes (block
  /// rows of C for op(A), block columns for op(B)), so the buffer kmm keeps
  /// for them stays within twice that. The kernels gain only once both
  /// operands take packs (one of two copied: 0.93-0.99 as fast), so the
  /// rule is for both or neither, on products of at least repack_min_flops
  /// (a copy's launch costs about 5 us: fp32 4500 x 50 x 50, whose 50 x 50
  /// op(B) it copied, ran 0.78 as fast):
  /// - fp64 with op(A) along k to copy, whose element path is the slowest:
  ///   operands each used in at least repack_fp64_a_along_k_reuse products
  ///   (n for op(A), m for op(B)). H200, copy against none: 1537^3 TT 1.18,
  ///   1201 x 1201 x 3001 opA = T 1.21, 3001 x 1001 x 2001 1.30, 2999^3
  ///   1.31, 3210 x 2100 x 4321 1.28; 999^3 (2 GFLOP) 0.95.
  /// - otherwise each operand to copy used in at least repack_min_reuse
  ///   products (fp64 2999^3 NN 1.09, 8191^3 1.17, 20001 x 20001 x 257 1.07;
  ///   fp32 2999^3 1.14, 5001^3 1.18; from 1233 to 1999 0.93-1.07, 999^3 and
  ///   1025^3 0.89-0.98, thin operands 0.5-0.8);
  /// - never for fp32 with both operands along k, whose element copies by
  ///   cp.async run as fast as packs (2999^3 opA = T 0.96, 1537^3 TT 0.90).
  /// (perf-log: "Repacked operands".)
  static constexpr std::int64_t repack_min_reuse = 2048;
  static constexpr std::int64_t repack_fp64_a_along_k_reuse = 512;
  static constexpr double repack_min_flops = 4e9;
  static constexpr std::int64_t repack_panel_bytes = std::int64_t(128) << 20;
  static constexpr std::int64_t repack_panel_align = 256;  // panel extents: a multiple of every row's BM and BN
  /// Copy op(A) and op(B) of an m x n x k product where a_copy / b_copy
  /// (they take no packs)? Each is along k or not (its unit stride).
  template <class T>
  static bool repack(bool a_copy, bool a_along_k, bool b_copy, bool b_along_k, std::int64_t m, std::int64_t n,
                     std::int64_t k) {
    if ((!a_copy && !b_copy) || 2.0 * double(m) * double(n) * double(k) < repack_min_flops) return false;
    const bool fp32 = std::is_same<T, float>::value;
    if (fp32 && a_along_k && b_along_k) return false;
    if (!fp32 && a_copy && a_along_k)
      return n >= repack_fp64_a_along_k_reuse && (!b_copy || m >= repack_fp64_a_along_k_reuse);
    return (!a_copy || n >= repack_min_reuse) && (!b_copy || m >= repack_min_reuse);
  }
  /// Lines (rows of C for op(A), columns for op(B)) per panel of at most
  /// panel_bytes, each line taking line_bytes of the copy and the lines
  /// padded to a multiple of `pad` (the copy's leading dimension, where the
  /// lines run along its unit stride; else 1): all of them, or a multiple
  /// of 256; 0 where 256 lines exceed panel_bytes (k of hundreds of
  /// thousands along k: no copy).
  static std::int64_t repack_panel(std::int64_t lines, std::int64_t line_bytes,
                                   std::int64_t panel_bytes = repack_panel_bytes, std::int64_t pad = 1) {
    const std::int64_t fit = panel_bytes / (line_bytes > 0 ? line_bytes : 1);
    return fit >= (lines + pad - 1) / pad * pad ? lines : fit / repack_panel_align * repack_panel_align;
  }
};

/// Host table: a team is one thread that computes a whole tile, so tiles of
/// A and B stay in that core's cache while it works on them.
template <class ExecSpace>
struct TileTable<ExecSpace, true> {
  template <class Shape>
  static constexpr int tiled_team_size() { return 1; }
  using tiled_shape = Square32;  // Algorithm::Tiled

  /// Algorithm::Auto: Blocked from 16384 multiply-adds (about 25 x 25 x 25)
  /// up; below, Naive, whose launch costs less than Blocked's packing
  /// (perf-log: "Auto on the CPU").
  template <class T>
  static Algorithm auto_algorithm(std::int64_t m, std::int64_t n, std::int64_t k) {
    return double(m) * double(n) * double(k) >= 16384.0 ? Algorithm::Blocked : Algorithm::Naive;
  }

  /// batched_gemm: a team is one thread, which computes a whole small matrix
  /// (Naive) or one 32 x 32 tile of it (Tiled); Blocked gives each thread a
  /// range of matrices for libkmm's frame. Auto: Naive, the direct loop, up
  /// to 8 x 8, where packing costs more than it saves; Blocked above
  /// (perf-log: "Batched on the CPU").
  static int batched_team_size(std::int64_t, std::int64_t) { return 1; }
  using batched_shape = Square32;
  template <class T>
  static Algorithm batched_algorithm(std::int64_t m, std::int64_t n, std::int64_t) {
    return (m > n ? m : n) <= 8 ? Algorithm::Naive : Algorithm::Blocked;
  }

  // Algorithm::Blocked has no row here: host backends run the frame compiled
  // into libkmm (kernels/host_blocked.hpp), whose blocking goes with the
  // micro-kernel chosen for the CPU at run time (src/host/host_gemm.cpp).
};

}  // namespace kmm
