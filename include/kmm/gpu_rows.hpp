#pragma once
// The GPU Blocked rung's rows by name (kmm/blocked_row.hpp: GpuRow): every
// block, thread or warp tile, pipeline and occupancy the GPU tile table
// (kmm/tile_table.hpp) can pick, each with the measurement that chose it
// (a docs/perf-log.md section). TileTable<GPU space> inherits them; the
// rules that pick among them stay in tile_table.hpp.
#include <cstdint>
#include <type_traits>

#include "kmm/blocked_row.hpp"
#include "kmm/detail/mma.hpp"

namespace kmm {

struct GpuRows {
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
  /// batched_gemm's whole-matrix row (kernels/gpu_batched_whole.hpp): a
  /// team per matrix, op(A) and op(B) copied whole into scratch as 16-byte
  /// packs whatever their rows' length, 4 x 4 elements of C per thread, one
  /// pass over k. C of at most 64 a side, k of at most 64, op(A) and op(B)
  /// in at most 48 KB of scratch and in what Kokkos offers a team (40 KB in
  /// Kokkos 3.4: fp32 64 x 64 x 64 fits, fp64 up to 50 x 50 x 50), else in
  /// chunks of k at least 16 deep (fp64 51-64: two chunks). Four
  /// blocks of 256 threads per multiprocessor: 64 registers, none spilled
  /// (at two, 72-112 registers ran 0.97-1.0 as fast).
  using BatchWhole = GpuWholeRow<ThreadTile<4, 4>, 64, 64, 48 * 1024, 16, MinBlocksPerSM<4>>;
  /// The same row on the fp64 tensor cores (sm_80 and newer): a warp per
  /// 32 x 32 of C (four warps for 64 x 64), fp64 MMA 16x8x4, four blocks
  /// per multiprocessor (122-128 registers, none spilled; warp tiles of 32
  /// x 16 and 16 x 32 at three blocks ran 1.0-1.04 as fast on odd n =
  /// 51-63 but spill 16-208 bytes where both operands lie along k). Taken
  /// where the SIMT row would go in chunks of k (batched_whole_mma).
  using BatchWholeMma = GpuWholeRow<WarpTile<32, 32>, 64, 64, 48 * 1024, 16, MinBlocksPerSM<4>, Dmma<16, 8, 4>>;
  /// Where Blocked takes the whole-matrix row (if whole_plan fits): C of at most
  /// batched_whole_all_max a side, which the batched rows pad to 32 x 32 x
  /// 32 (fp32 n = 20 1.53 of cuBLAS strided-batched against 0.85, fp64 22
  /// 1.06 against 0.97), and C whose batched row takes no packs (rows not a
  /// multiple of 16 bytes: fp32 n = 17-63 0.87-1.86 against 0.65-0.76). Where
  /// the row takes packs above 22 it keeps them (fp32 n = 24, 32, 48, 56,
  /// 64: 0.88-1.24 against 0.70-0.88; perf-log: "Whole matrices in scratch").
  static constexpr std::int64_t batched_whole_all_max = 22;
  static bool batched_whole(std::int64_t m, std::int64_t n, bool row_packs) {
    return (m > n ? m : n) <= batched_whole_all_max || !row_packs;
  }
  /// fp64 in an MMA build: the whole-matrix row on the tensor cores
  /// (BatchWholeMma) where the SIMT row goes in chunks of k (fp64 C of 51-64
  /// a side in Kokkos' 40 KB): there each chunk's FMAs take about as long
  /// as its copies, and the DMMA pipe halves them (odd n = 53-63 1.03-1.10
  /// as fast, 51 level; n = 59 0.82 -> 0.90 of cuBLAS strided-batched);
  /// whole, the SIMT row's threads ran 1.0-1.37 as fast as the MMA row's
  /// warps (n = 12-47; perf-log: "The whole-matrix row on the fp64 tensor
  /// cores").
  template <class T>
  static constexpr bool whole_mma_kernels() { return std::is_same<T, double>::value && f64_mma; }
  static bool batched_whole_mma(bool simt_chunks) { return simt_chunks; }
  enum class BatchBlock { Small, Mid48, Mid };
  static BatchBlock batched_block(std::int64_t m, std::int64_t n) {
    const std::int64_t big = m > n ? m : n;
    return big <= 32 ? BatchBlock::Small : big <= 48 ? BatchBlock::Mid48 : BatchBlock::Mid;
  }
  /// The row for BatchBlock B; Edge: its edge form, for C mostly in edge
  /// blocks. The fp64 64 row, whose fragments ahead copy edge blocks element
  /// by element (EDGE_PACKS in kernels/gpu_blocked.hpp), has the mid row's
  /// edge form (C of 49-63: 1.19-1.26 as fast on the H200) at four blocks
  /// per multiprocessor, BatchFp64MmaEdge (124-128 registers; its kernel
  /// with both operands along k on the general path spills 12 bytes; C of
  /// 50-62 a further 1.05-1.11 as fast, where one large product's wide C ran
  /// 0.84-1.01 as fast at four: perf-log "Batched fp64 edge blocks, four per
  /// multiprocessor"); every other row is its own (the fp64 small row's edge
  /// form ran 0.90-0.95 as fast at n = 20 and 28: perf-log "Batched sizes
  /// between the blocks").
  using BatchFp64MmaEdge = GpuRow<Block<64, 64, 8>, WarpTile<32, 32>, FragmentPacks<2, 2>, ScratchPad<4>,
                                  AsyncAllDeep<4>, MinBlocksPerSM<4>, GroupedRows<8>, Dmma<16, 8, 4>>;
  template <class T>
  using batched_small = std::conditional_t<std::is_same<T, float>::value, BatchFp32Small,
                                           std::conditional_t<f64_mma, BatchFp64MmaSmall, BatchFp64SimtSmall>>;
  template <class T>
  using batched_48 = std::conditional_t<std::is_same<T, float>::value, BatchFp32Mid48,
                                        std::conditional_t<f64_mma, BatchFp64Mma48, BatchFp64SimtMid>>;
  template <class T, bool Edge>
  using batched_64 = std::conditional_t<std::is_same<T, float>::value, BatchFp32,
                                        std::conditional_t<f64_mma, std::conditional_t<Edge, BatchFp64MmaEdge, Fp64MmaMid>,
                                                           BatchFp64SimtMid>>;
  template <class T, BatchBlock B, bool Edge = false>
  using batched_row = std::conditional_t<B == BatchBlock::Small, batched_small<T>,
                                         std::conditional_t<B == BatchBlock::Mid48, batched_48<T>, batched_64<T, Edge>>>;
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
  /// cuBLAS). Four blocks per multiprocessor (128 registers: its split
  /// kernel without the element pipeline spills nothing), whose copies
  /// keep a third more bytes in flight than three (perf-log: "Four Gram
  /// blocks per multiprocessor"; 48 x 48 x 300000 opA = T 0.82 -> 1.03).
  using Fp64MmaGram = GpuRow<Block<64, 64, 16>, WarpTile<32, 32>, FragmentPacks<2, 2>, ScratchPad<4>, AsyncAll,
                             MinBlocksPerSM<4>, GroupedRows<8>, Dmma<16, 8, 4>>;
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

  /// Deep forms: where Kokkos lets a team take more than 48 KB of scratch
  /// (kmm's patched Kokkos 3.4 opts kernels in, as Kokkos develop does since
  /// kokkos/kokkos#9012; 3.4 and 4.x as released do not) and the device's
  /// multiprocessors hold their blocks (GridRules::stages_fit), these rows
  /// stream fp64 panels with more k-steps in flight per block: the 16-deep
  /// narrow rows in three and four stages (now two), the mid edge form's
  /// blocks 16 deep in four stages (now 8 deep), and the Gram row's in four
  /// stages at three blocks per multiprocessor (now two at four) where C
  /// has two Gram blocks or more (TileTable::deep_for). On the H200 (perf-log: "Team
  /// scratch above 48 KB: deeper stages for streamed fp64 panels"): wide C
  /// of 34-62 rows on the edge form 1.05-1.19 as fast, 60 x 50000 x 700
  /// level (44 x 40000 x 900 0.78 -> 0.91 of cuBLAS), on the 48-column
  /// k-row 1.06-1.11 (42 x 70000 x 1200 opA = T 0.75 -> 0.81), on the
  /// 32-column one 0.99-1.06; Gram products of 2-157 Gram blocks 1.04-1.16
  /// (40 x 10000 x 4096 opA = T 0.76 -> 0.89), of one block 0.83-0.90 (so
  /// not there). Not deepened: the small Gram row (six stages at four
  /// blocks: 0.99-1.04); the 96-row row in four stages (0.96-0.99) was not
  /// kept, its 96 x 96 blocks in three were (Fp64MmaShortSquare, below).
  using Fp64MmaNarrowKDeep = GpuRow<Block<128, 32, 16>, WarpTile<32, 32>, FragmentPacks<2, 2>, ScratchPad<4>,
                                    AsyncAllDeep<3>, MinBlocksPerSM<3>, GroupedRows<8>, Dmma<16, 8, 4>>;
  using Fp64MmaNarrow48KDeep = GpuRow<Block<128, 48, 16>, WarpTile<32, 48>, FragmentPacks<2, 2>, ScratchPad<4>,
                                      AsyncAllDeep<4>, MinBlocksPerSM<2>, GroupedRows<8>, Dmma<16, 8, 4>>;
  /// (the deep form of the mid edge form and of the Gram row, one row)
  using Fp64MmaMidEdgeDeep = GpuRow<Block<64, 64, 16>, WarpTile<32, 32>, FragmentPacks<2, 2>, ScratchPad<4>,
                                    AsyncAllDeep<4>, MinBlocksPerSM<3>, GroupedRows<8>, Dmma<16, 8, 4>>;
  using Fp64MmaGramDeep = Fp64MmaMidEdgeDeep;
  /// The large row's deep form, for op(A) along k only: 16-deep k-steps in
  /// three stages (72-74 KB with op(A) along k, two blocks per multiprocessor), so each k-step
  /// reads 128 bytes of every row of op(A) where the 8-deep row reads 64,
  /// as the narrow k-rows do. On the H200 (perf-log: "The large row 16 deep
  /// for op(A) along k"): C of 48-64 columns split over long k 1.06-1.20 as
  /// fast (8192 x 64 x 4096 opA = T 0.79 -> 0.89-0.95 of cuBLAS), 10000^3
  /// opA = T 1.05-1.06, other products with op(A) along k 0.95-1.04 (2500^3
  /// and 3000^3 the lowest); four stages ran no faster than three. Two of
  /// its split kernels spill 12-16 bytes at 255 registers. op(A) along m
  /// keeps the 8-deep row (128 x 64 x 16 in three and four stages ran
  /// 0.80-0.88 of cuBLAS at 4096^3 NN against 0.86-0.87: "What limits the
  /// fp64 large row").
  using Fp64MmaLargeKDeep = GpuRow<Block<128, 64, 16>, WarpTile<64, 32>, FragmentPacks<2, 2>, ScratchPad<4>,
                                   AsyncAllDeep<3>, MinBlocksPerSM<2>, GroupedRows<8>, Dmma<16, 8, 4>>;
  /// The 96-row row's deep form: 96 x 96 x 16 blocks of six warps of 48 x
  /// 32, three stages (74-77 KB), two blocks per multiprocessor, for C of
  /// 65-96 rows and more than 64 columns, which the 96-row row pads to
  /// whole 64-column blocks (96 x 96 to 96 x 128, a third more MMA work)
  /// and whose op(A) panel it reads once per 64 columns. Taken where
  /// TileTable::deep_for says so (its padding, its split items' k-steps).
  /// On the H200 (perf-log: "A 96 x 96 fp64 row for C of 65-96 rows"):
  /// 1.04-1.21 as fast on C of 66-96 x 66-96 split over k of 200000 and more
  /// (96 x 96 x 250000 opA = T 0.81 -> 0.86 of cuBLAS, 80 x 80 x 300000 0.93
  /// -> 1.10), 1.02-1.13 on wide C of 80-96 rows (80 x 20000 x 1500 0.82-0.86
  /// -> 0.95-0.99); where the rule leaves the 96-row row it ran 0.84-0.99 (96 x 96
  /// x 20000, 90 x 90 x 100000: items of fewer k-steps; 88 x 500 x 50000, 96 x
  /// 40: padded more).
  using Fp64MmaShortSquare = GpuRow<Block<96, 96, 16>, WarpTile<48, 32>, FragmentPacks<2, 2>, ScratchPad<4>,
                                    AsyncAllDeep<3>, MinBlocksPerSM<2>, GroupedRows<8>, Dmma<16, 8, 4>>;
  /// Row R's deep form for op(A) of unit-stride direction AFast (0 along
  /// k, 1 along m, -1 known at run time only): R itself where it has none;
  /// the dispatcher launches it in R's place where it fits
  /// (detail::launch_row) and TileTable::deep_for says so.
  template <class R, int AFast = -1>
  using deep_form = std::conditional_t<
      std::is_same<R, Fp64MmaNarrowK>::value, Fp64MmaNarrowKDeep,
      std::conditional_t<
          std::is_same<R, Fp64MmaNarrow48K>::value, Fp64MmaNarrow48KDeep,
          std::conditional_t<
              std::is_same<R, Fp64MmaMidEdge>::value, Fp64MmaMidEdgeDeep,
              std::conditional_t<
                  std::is_same<R, Fp64MmaGram>::value, Fp64MmaGramDeep,
                  std::conditional_t<std::is_same<R, Fp64MmaShort>::value, Fp64MmaShortSquare,
                                     std::conditional_t<std::is_same<R, Fp64MmaLarge>::value && AFast == 0,
                                                        Fp64MmaLargeKDeep, R>>>>>>;
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
};

}  // namespace kmm
