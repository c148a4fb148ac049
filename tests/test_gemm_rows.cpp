// The pieces of the GPU Blocked kernel alone, and the tuning rows' code paths:
// - the block orders (GroupedRows) as bijections of the block grid (any
//   backend: the order is a host-callable function);
// - the table's micro-kernels alone against a double reference, one team
//   reading two k-steps from team scratch laid out as the pipeline's stages,
//   every accumulator mapped to a distinct element of the block (GPU); on
//   builds with fp64 MMA both MMA shapes (16x8x4, 16x8x8), warp tiles
//   of one and of several MMA tiles, and every scratch layout, so a
//   wrong fragment layout fails;
// - the k-major scratch layout: a permutation that keeps k pairs whole, its
//   offsets, and the bank patterns it is chosen for (any backend);
// - split copies (unaligned packs as their elements): every element of a
//   slice to its place, edges zeroed, and the sectors of a warp's copies,
//   for the table's rows (any backend: host copies);
// - fp32's thin rows through the harness, unsplit, split and as C^T (GPU);
// - rows with code paths the tile table's rows do not take, through the
//   harness: register staging (fp32), AsyncAll staging of SIMT fp64, and on
//   fp64 MMA builds the SIMT fp64 table row and the 16x8x8 MMA (GPU);
// - split-k: the table's rule (any backend: a host function), the table's
//   mid-size rows with k split 2, 3 and 7 ways and the narrow rows (8- and
//   16-deep, 32 and 48 columns wide) 3 and 5 ways through the harness (its
//   bitwise-repeat check is the determinism check), a bad split count, and
//   two queues sharing the workspace (GPU); the reduction's two forms alone
//   (the pack form on every backend, the grouped one on the GPU);
// - the last wave split: the table's rule (any backend) and the fp64 large
//   row computed in two parts through the dispatcher's launch (GPU);
// - operand repacking: which operands need a copy, the table's rule and
//   its panels (any backend);
// - unaligned operands along k on the pack pipeline: the rule (any backend).
#include <Kokkos_Random.hpp>
#include <cstring>
#include <set>
#include <string>
#include <utility>

#include "gemm_cases.hpp"
#include "kmm/kernels/gpu_micro_kernel.hpp"
#include "kmm/kernels/gpu_pack_plan.hpp"
#include "kmm/kernels/split_k.hpp"

namespace kmm_test {

template <int G>
void expect_bijection(i64 blocks_m, i64 blocks_n) {
  std::vector<int> seen(std::size_t(blocks_m * blocks_n), 0);
  for (i64 blk = 0; blk < blocks_m * blocks_n; ++blk) {
    i64 bi = -1, bj = -1;
    kmm::GroupedRows<G>::block_of(blk, blocks_m, blocks_n, bi, bj);
    ASSERT_TRUE(bi >= 0 && bi < blocks_m && bj >= 0 && bj < blocks_n)
        << "GroupedRows<" << G << "> on " << blocks_m << " x " << blocks_n << ": item " << blk << " -> (" << bi
        << ", " << bj << ")";
    ++seen[std::size_t(bi * blocks_n + bj)];
  }
  for (i64 b = 0; b < blocks_m * blocks_n; ++b)
    ASSERT_EQ(seen[std::size_t(b)], 1) << "GroupedRows<" << G << "> on " << blocks_m << " x " << blocks_n
                                       << ": block (" << b / blocks_n << ", " << b % blocks_n << ")";
}

TEST(BlockOrder, EveryBlockExactlyOnce) {
  // grids smaller than, equal to, and not multiples of the group
  for (i64 bm : {1, 2, 3, 7, 8, 9, 16, 17, 33})
    for (i64 bn : {1, 2, 5, 8, 13}) {
      expect_bijection<1>(bm, bn);
      expect_bijection<2>(bm, bn);
      expect_bijection<3>(bm, bn);
      expect_bijection<8>(bm, bn);
    }
}

TEST(BlockOrder, GroupsGoDownTheColumns) {
  // 8-row groups: the first 8 items are column 0 of block rows 0-7
  for (i64 blk = 0; blk < 8; ++blk) {
    i64 bi, bj;
    kmm::GroupedRows<8>::block_of(blk, 20, 5, bi, bj);
    EXPECT_EQ(bi, blk);
    EXPECT_EQ(bj, 0);
  }
  i64 bi, bj;  // the last group is 4 rows high (20 = 8 + 8 + 4)
  kmm::GroupedRows<8>::block_of(16 * 5 + 5, 20, 5, bi, bj);
  EXPECT_EQ(bi, 17);
  EXPECT_EQ(bj, 1);
}

// KColumns<BK> (BK = 8 and 16): a permutation of the BK x ROWS slice, k
// pairs whole, each 128-byte span holding 128 / (8 BK) whole columns, steps
// of 4 along r one offset, and a half warp's MMA fragment loads (k = 4 j + t
// by rows r0 + g, t, g < 4) on 16 distinct 8-byte bank pairs (a
// shared-memory line is 16 doubles).
template <int BK>
void check_kcolumns() {
  using L = kmm::kernels::KColumns<BK>;
  constexpr int ROWS = 64;
  std::vector<int> seen(BK * ROWS, 0);
  for (int r = 0; r < ROWS; ++r)
    for (int kk = 0; kk < BK; ++kk) {
      const int at = L::at(kk, r);
      ASSERT_TRUE(at >= 0 && at < BK * ROWS) << "BK " << BK << ": (" << kk << ", " << r << ") -> " << at;
      ++seen[std::size_t(at)];
      if (kk % 2 == 0) EXPECT_TRUE(at % 2 == 0 && L::at(kk + 1, r) == at + 1) << "pair (" << kk << ", " << r << ")";
      if (r + 4 < ROWS) EXPECT_EQ(L::at(kk, r + 4), at + L::shift(0, 4));
      EXPECT_EQ(at / 16, r * BK / 16) << "BK " << BK << ": column " << r << " outside its 128-byte span";
    }
  for (int e = 0; e < BK * ROWS; ++e) ASSERT_EQ(seen[std::size_t(e)], 1) << "BK " << BK << ": offset " << e;
  EXPECT_TRUE(L::affine(0, 16) && !L::affine(0, 2) && !L::affine(1, 0));
  for (int j = 0; j < BK / 4; ++j)
    for (int r0 = 0; r0 < ROWS; r0 += 8) {
      std::vector<int> bank(16, 0);
      for (int g = 0; g < 4; ++g)
        for (int t = 0; t < 4; ++t) ++bank[std::size_t(L::at(4 * j + t, r0 + g) % 16)];
      for (int b = 0; b < 16; ++b)
        EXPECT_EQ(bank[std::size_t(b)], 1) << "BK " << BK << ", j " << j << ", rows " << r0 << ": bank " << b;
    }
}
TEST(ScratchLayout, KColumnsKeepsPairsAndBanks) {
  check_kcolumns<8>();
  check_kcolumns<16>();
}

// Split copies (PackPlan::copy_split, copy_edge_split: packs whose alignment
// fails, copied as their elements) of one operand's BK x ROWS slice, every
// thread of the team on the host: each element lands at its layout place
// from its place in memory, and at C's edge the rows past it are zeros.
// Where a plan spreads a line of packs over G > 1 threads (affine plans
// along the rows), each warp's copy w reads whole 32-byte sectors.
template <class P, class T, int ROWS, int V, int FAST>
void check_split_copies(const char* row) {
  using MK = kmm::kernels::MicroKernel<P, T>;
  using L = kmm::kernels::slice_layout<MK, FAST, P::BK, ROWS + P::PAD>;
  using Plan = kmm::kernels::PackPlan<P, T, ROWS, L, V, FAST>;
  constexpr int BK = P::BK, TEAM = P::team_size;
  const std::string what = std::string(row) + (FAST == 1 ? ", packs along the rows" : ", packs along k") + ", " +
                           std::to_string(ROWS) + " rows";
  // the slice in memory: unit stride along FAST's direction, the other
  // stride one element past the slice's lines (so packs do not align, as
  // where split copies run; whole sectors are checked below on offsets
  // whose lines start on 32 bytes)
  const int ld = (FAST == 1 ? ROWS : BK) + 1;
  const int s_row = FAST == 1 ? 1 : ld, s_k = FAST == 1 ? ld : 1;
  std::vector<T> src(std::size_t(ld * (FAST == 1 ? BK : ROWS)));
  for (std::size_t e = 0; e < src.size(); ++e) src[e] = T(e + 1);
  const int stage = BK * (L::k_major ? ROWS : ROWS + P::PAD);
  for (int rows : {ROWS, ROWS - 1, ROWS / 2 + 1, 1}) {
    std::vector<T> dst(std::size_t(stage), T(-1));
    for (int rank = 0; rank < TEAM; ++rank) {
      const Plan plan(rank, FAST == 1, s_row, s_k);
      if (rows == ROWS) plan.copy_split(rank, src.data() + plan.origin(), dst.data());
      else plan.copy_edge_split(rank, src.data() + plan.origin(), dst.data(), FAST == 1, rows, src.data());
    }
    for (int kk = 0; kk < BK; ++kk)
      for (int r = 0; r < ROWS; ++r) {
        const T want = r < rows ? src[std::size_t(r * s_row + kk * s_k)] : T(0);
        ASSERT_EQ(dst[std::size_t(L::at(kk, r))], want) << what << ", " << rows << " inside: (" << kk << ", " << r << ")";
      }
  }
  if (Plan::G == 1) return;
  // offsets with a run's stride a multiple of 32 bytes
  constexpr int lds = (FAST == 1 ? ROWS : BK) + 64;
  static_assert(lds * sizeof(T) % 32 == 0, "check_split_copies: lines must start on 32 bytes for the sector count");
  const int t_row = FAST == 1 ? 1 : lds, t_k = FAST == 1 ? lds : 1;
  for (int warp = 0; warp < TEAM / 32; ++warp)
    for (int u = 0; u < Plan::NP; ++u)
      for (int w = 0; w < V; ++w) {
        std::set<long> elements, sectors;
        for (int lane = 0; lane < 32; ++lane) {
          const int rank = warp * 32 + lane;
          if (!Plan::owns(rank, u)) continue;
          const Plan plan(rank, FAST == 1, t_row, t_k);
          const long at = long(plan.origin()) + plan.rel(u) + Plan::split_shift(rank, w);
          elements.insert(at);
          sectors.insert(at * long(sizeof(T)) / 32);
        }
        if (elements.empty()) continue;
        EXPECT_EQ(sectors.size() * 32, elements.size() * sizeof(T))
            << what << ": copy " << w << " of pack " << u << ", warp " << warp << " reads part sectors";
      }
}
template <class P, class T>
void check_row_split_copies(const char* row) {
  check_split_copies<P, T, P::BM, P::VM, 1>(row);
  check_split_copies<P, T, P::BN, P::VN, 1>(row);
  if constexpr (kmm::kernels::MicroKernel<P, T>::READS_K_MAJOR) {
    check_split_copies<P, T, P::BM, P::VM, 0>(row);
    check_split_copies<P, T, P::BN, P::VN, 0>(row);
  }
}
TEST(PackPlan, SplitCopiesPlaceEveryElement) {
  using R = kmm::GpuRows;
  check_row_split_copies<R::Fp32Large, float>("Fp32Large");
  check_row_split_copies<R::Fp32Mid, float>("Fp32Mid");
  check_row_split_copies<R::Fp32Narrow, float>("Fp32Narrow");
  check_row_split_copies<R::Fp32Thin, float>("Fp32Thin");
  check_row_split_copies<R::Fp32Thin16, float>("Fp32Thin16");
  check_row_split_copies<R::Fp64MmaLarge, double>("Fp64MmaLarge");
  check_row_split_copies<R::Fp64MmaMid, double>("Fp64MmaMid");
  check_row_split_copies<R::Fp64MmaMidEdgeDeep, double>("Fp64MmaMidEdgeDeep");
  check_row_split_copies<R::Fp64MmaNarrow, double>("Fp64MmaNarrow");
  check_row_split_copies<R::Fp64MmaNarrow48K, double>("Fp64MmaNarrow48K");
  check_row_split_copies<R::Fp64MmaGram, double>("Fp64MmaGram");
  check_row_split_copies<R::Fp64MmaGramSmall, double>("Fp64MmaGramSmall");
  check_row_split_copies<R::Fp64MmaGramWide, double>("Fp64MmaGramWide");
  check_row_split_copies<R::Fp64MmaShortSquare, double>("Fp64MmaShortSquare");
}

// The GPU table's row rule (a host function; on builds without fp64 MMA the
// fp64 rows are SIMT ones, so only the square that fills every wave is
// checked there). fp64 on 132 multiprocessors: 1100^3 is 162 large blocks
// for 264 slots (a wave 61 % full) against the mid row's 324 blocks for 396
// (82 %): not the large row; 1500^3, 288 large blocks (a wave and 24
// blocks, which the last wave split computes with k split: 1.1 waves as
// modelled) against the mid row's 576 blocks (two full waves): the large
// row; 1536^3 likewise, though C is whole mid blocks.
TEST(TilePick, Fp64ComparesWavesNotBlocks) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using Pick = Table::Pick;
  EXPECT_EQ(Table::blocked_pick<double>(4096, 4096, 4096, true, true, 132), Pick::Large);
  EXPECT_EQ(Table::blocked_pick<double>(64, 7680, 64, false, true, 132), Pick::Mid);
  if constexpr (Table::f64_mma) {
    EXPECT_NE(Table::blocked_pick<double>(1100, 1100, 1100, false, true, 132), Pick::Large);
    EXPECT_EQ(Table::blocked_pick<double>(1500, 1500, 1500, false, true, 132), Pick::Large);
    EXPECT_EQ(Table::blocked_pick<double>(1536, 1536, 1536, true, true, 132), Pick::Large);
    EXPECT_NE(Table::blocked_pick<double>(1024, 1024, 1024, true, true, 132), Pick::Large);
    EXPECT_EQ(Table::blocked_pick<double>(2048, 2048, 2048, true, true, 132), Pick::Large);
    EXPECT_EQ(Table::blocked_pick<double>(1234, 4321, 777, false, true, 132), Pick::Large);
    EXPECT_EQ(Table::blocked_pick<double>(7680, 64, 64, false, true, 132), Pick::Narrow);
  }
}

// fp32's narrow row (128 x 96 blocks) where C has 65-96 columns and at least
// as many rows, split or not: there every other fp32 row pads C to 128
// columns; but not where only the large row would split k (the narrow
// row's split: launch_splits). Not at n <= 64
// or n = 192 (the large row's grid pads no more), not for wide C (m < n),
// not where LayoutStride operands leave the unit stride to run time (the
// mid row, or the large one for whole large tiles).
// C without packs goes through the stages where the row's blocks fill the
// device's slots (GridRules::c_through_stages): tall short-k C does, one
// block a multiprocessor (1001^3 on the large row, 528 slots on 132 SMs)
// not; with op(A) along k only up to 8 k-steps.
TEST(TilePick, CThroughTheStagesWhereBlocksFillTheSlots) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using L = Table::Fp32Large;  // 128 x 64 x 16, four per multiprocessor
  EXPECT_TRUE(Table::c_through_stages<L>(145910, 105, 38, true, 132));  // 2,280 blocks
  EXPECT_TRUE(Table::c_through_stages<L>(1408, 3072, 1000, false, 132));  // 11 x 48 = 528 blocks: the slots
  EXPECT_FALSE(Table::c_through_stages<L>(1408, 3008, 1000, false, 132));  // 11 x 47 = 517
  EXPECT_FALSE(Table::c_through_stages<L>(1001, 1001, 1001, false, 132));  // 128 blocks
  EXPECT_TRUE(Table::c_through_stages<L>(1001, 1001, 1001, false, 32));
  EXPECT_TRUE(Table::c_through_stages<L>(16333, 16333, 128, true, 132));  // op(A) along k: 8 k-steps
  EXPECT_FALSE(Table::c_through_stages<L>(16333, 16333, 129, true, 132));
}

TEST(TilePick, Fp32NarrowRowForUpTo96Columns) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using Pick = Table::Pick;
  for (int sms : {108, 132}) {
    for (const Shape3& sh : std::vector<Shape3>{{200000, 96, 96}, {100000, 80, 80}, {640, 96, 20000},
                                                {3000, 65, 3000}, {96, 96, 100000}})
      EXPECT_EQ(Table::blocked_pick<float>(sh.m, sh.n, sh.k, false, true, sms), Pick::Narrow)
          << sh.m << " x " << sh.n << " x " << sh.k << " on " << sms;
    EXPECT_EQ(Table::blocked_pick<float>(7680, 64, 2560, false, true, sms), Pick::Large);
    EXPECT_NE(Table::blocked_pick<float>(4500, 50, 50, false, true, sms), Pick::Narrow);
    EXPECT_EQ(Table::blocked_pick<float>(7680, 192, 640, false, true, sms), Pick::Large);
    EXPECT_NE(Table::blocked_pick<float>(80, 100000, 80, false, true, sms), Pick::Narrow);
    EXPECT_EQ(Table::blocked_pick<float>(200000, 96, 96, false, false, sms), Pick::Mid);
    EXPECT_NE(Table::blocked_pick<float>(200000, 96, 96, true, false, sms), Pick::Narrow);
  }
  // the large row splits 30000 x 96 x 3000 (470 blocks for 528 slots: 3
  // ways), the narrow row would not (235 blocks for 264 slots: 2 splits
  // cost as much in launch_splits' model as none): the large row. Its
  // model splits 20000 x 90 x 8000's 157 blocks 3 ways: the narrow row.
  EXPECT_EQ((Table::k_splits<Table::Fp32Large, float>(30000, 96, 3000, 132)), 3);
  EXPECT_EQ((Table::launch_splits<Table::Fp32Narrow, float>(30000, 96, 3000, 132)), 1);
  EXPECT_EQ(Table::blocked_pick<float>(30000, 96, 3000, false, true, 132), Pick::Large);
  EXPECT_EQ((Table::launch_splits<Table::Fp32Narrow, float>(20000, 90, 8000, 132)), 3);
  EXPECT_EQ(Table::blocked_pick<float>(20000, 90, 8000, false, true, 132), Pick::Narrow);
  // element k-steps (no packs): only splits that give the busiest
  // multiprocessor fewer k-steps, the fewest such (element_splits)
  EXPECT_EQ((Table::launch_splits<Table::Fp32Large, float>(999, 999, 999, 132)), 4);
  EXPECT_EQ((Table::element_splits<Table::Fp32Large, float>(999, 999, 999, 132, 4)), 1);  // 128 blocks: 63 k-steps either way
  // 128 blocks on 108: 4 splits give the busiest 5 items of 16 k-steps,
  // under 40, so the model's count: 3 (4 items of 22; not measured)
  EXPECT_EQ((Table::element_splits<Table::Fp32Large, float>(1023, 1023, 1023, 108, 4)), 3);
  EXPECT_EQ((Table::element_splits<Table::Fp32Large, float>(777, 777, 4001, 132, 5)), 4);  // 91 blocks: 251 -> 189
  EXPECT_EQ((Table::element_splits<Table::Fp32Large, float>(1234, 500, 2000, 132, 6)), 3);
  EXPECT_EQ((Table::element_splits<Table::Fp32Large, float>(1111, 1111, 1111, 132, 3)), 3);
  EXPECT_EQ((Table::element_splits<Table::Fp64Large, double>(999, 999, 999, 132, 2)), 2);  // fp64: as launch_splits
  // items shorter than 40 k-steps: the fewer splits of least modelled time
  // (a lone item at 0.80 of the rate; the partials' traffic counted)
  const auto element = [](std::int64_t m, std::int64_t n, std::int64_t k) {
    return Table::element_splits<Table::Fp32Large, float>(m, n, k, 132,
                                                          Table::launch_splits<Table::Fp32Large, float>(m, n, k, 132));
  };
  EXPECT_EQ((Table::element_splits<Table::Fp32Large, float>(4923, 479, 585, 132, 2)), 1);  // 312 blocks, 19-step items
  EXPECT_EQ((Table::launch_splits<Table::Fp32Large, float>(3598, 126, 1235, 132)), 9);
  EXPECT_EQ(element(3598, 126, 1235), 4);  // 58 blocks, 9-step items at 9: 1.11-1.13
  EXPECT_EQ((Table::element_splits<Table::Fp32Large, float>(19549, 124, 546, 132, 3)), 1);  // 306 blocks: 3 -> 1
  // more splits only for fewer blocks than SMs, items of at least 40
  // k-steps: 951^3's 120 blocks of 60 k-steps unsplit (2 splits: items of
  // 30), 1532 x 633 x 1363's 120 of 86 split 2 ways, 7529 x 116 x 7050's
  // 118 of 441 4 ways (launch_splits' count); 986 x 1910 x 3078's 240
  // blocks fill the SMs: unsplit
  EXPECT_EQ(element(951, 951, 951), 1);
  EXPECT_EQ(element(1532, 633, 1363), 2);
  EXPECT_EQ((Table::launch_splits<Table::Fp32Large, float>(7529, 116, 7050, 132)), 4);
  EXPECT_EQ(element(7529, 116, 7050), 4);
  EXPECT_EQ(element(986, 1910, 3078), 1);
  // the dispatcher compiles narrow-row kernels only where the rule can pick the row
  static_assert(!Table::narrow_row_kernels<float, false>() && Table::narrow_row_kernels<float, true>() &&
                    Table::narrow_row_kernels<double, false>(),
                "narrow_row_kernels");
}

// Where the row the rule would pick and the large row both split k, the
// large row, unless its grid pads C 15 % more: tall panels with long k
// (n = 64), not n = 48 (the 48-column narrow row pads C a third less), not
// the Gram product of 64 x 64 (its grid would double C), not one small
// dimension that the large block pads (35 x 700), not n = 1024 (the mid row
// fills the device unsplit).
TEST(TilePick, Fp64SplitProductsTakeTheLargeRow) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using Pick = Table::Pick;
  if constexpr (Table::f64_mma) {
    for (int sms : {108, 132}) {
      EXPECT_EQ(Table::blocked_pick<double>(7680, 64, 2560, false, true, sms), Pick::Large) << sms;
      EXPECT_EQ(Table::blocked_pick<double>(5000, 64, 4096, false, true, sms), Pick::Large) << sms;
      EXPECT_EQ(Table::blocked_pick<double>(5000, 48, 4096, false, true, sms), Pick::Narrow48) << sms;
      EXPECT_EQ(Table::blocked_pick<double>(64, 64, 500000, false, true, sms), Pick::Mid) << sms;
      EXPECT_EQ(Table::blocked_pick<double>(35, 700, 2048, false, true, sms), Pick::Mid) << sms;
      EXPECT_NE(Table::blocked_pick<double>(1024, 1024, 1024, true, true, sms), Pick::Large) << sms;
    }
  } else {
    GTEST_SKIP() << "the fp64 MMA rows' rule (this build's fp64 rows are SIMT ones)";
  }
}

// Where a side of C is under 128 and neither the large row nor the row the
// rule would pick splits k, the waves decide, wherever the large grid pads
// C at most 15 % more (132 multiprocessors): 30000 x 56 x 2000 is 235 large
// blocks in one wave of 264 slots against 470 narrow blocks in two of 396;
// so is 128 x 30000 x 1000, the wide one. Not where the large grid pads C a
// third more (200000 x 96 x 96, narrow; 20000 x 48 x 3000 and 30000 x 40 x
// 2000 against the 48-column row) or twice (40 x 30000 x 2000, mid), nor on
// 108 multiprocessors for 30000 x 56 x 2000 (two waves of large blocks there
// as well), where the large row's second wave is part-filled: it takes the
// large row split at launch (Fp64TallCOf49To64ColumnsTakesTheLargeRowSplit).
// (Tall C of this class takes the narrow row, not the mid one: its
// grid pads C at most 2 % more, Fp64TallCTakesTheNarrowRowWithinTwoPercent.)
TEST(TilePick, Fp64SmallSideComparesWaves) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using Pick = Table::Pick;
  if constexpr (Table::f64_mma) {
    EXPECT_EQ(Table::blocked_pick<double>(30000, 56, 2000, false, true, 132), Pick::Large);
    EXPECT_EQ(Table::blocked_pick<double>(30000, 64, 1000, true, true, 132), Pick::Large);
    EXPECT_EQ(Table::blocked_pick<double>(128, 30000, 1000, true, true, 132), Pick::Large);
    EXPECT_EQ(Table::blocked_pick<double>(20000, 48, 3000, false, true, 132), Pick::Narrow48);
    EXPECT_EQ(Table::blocked_pick<double>(30000, 40, 2000, false, true, 132), Pick::Narrow48);
    EXPECT_EQ(Table::blocked_pick<double>(200000, 96, 96, false, true, 132), Pick::Narrow);
    EXPECT_EQ(Table::blocked_pick<double>(40, 30000, 2000, false, true, 132), Pick::Mid);
    EXPECT_EQ(Table::blocked_pick<double>(4500, 50, 50, false, true, 132), Pick::Narrow);
    EXPECT_EQ(Table::blocked_pick<double>(30000, 56, 2000, false, true, 108), Pick::Large);
  } else {
    GTEST_SKIP() << "the fp64 MMA rows' rule (this build's fp64 rows are SIMT ones)";
  }
}

// Tall fp64 C of 49-64 or 97-128 columns that the narrow row would take: its
// 32-column block columns pad C as the large row's one does and read op(A)
// twice (C of 97-128 columns: four against two, read four times), so where
// the large row's blocks part-fill its wave (launch_splits > 1: 20000 x 56
// x 2000, 157 blocks for 264 slots on 132 multiprocessors; 10359 x 98 x
// 6727, 162) the large row takes C, split at launch; C whose large blocks
// fill their waves (40000 x 62 x 800, 24570 x 107 x 1327) keeps the narrow
// row, as do C of 65-96 columns (which the large grid pads more), C
// of 33-48 columns (on either narrow row), C of at most 32 columns and
// wider C (1000^3); C^T of wide C keeps the narrow row (blocked_transpose).
TEST(TilePick, Fp64TallCOf49To64And97To128ColumnsTakesTheLargeRowSplit) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using Pick = Table::Pick;
  if constexpr (Table::f64_mma) {
    for (bool k_contiguous : {true, false}) {
      for (const Shape3& sh : std::vector<Shape3>{{20000, 56, 2000}, {15000, 50, 3000}, {20000, 49, 3000},
                                                  {20000, 64, 3000}, {10359, 98, 6727}, {9000, 128, 3000},
                                                  {12000, 100, 4000}})
        EXPECT_EQ(Table::blocked_pick<double>(sh.m, sh.n, sh.k, false, true, 132, k_contiguous), Pick::Large)
            << sh.m << " x " << sh.n << " x " << sh.k;
      EXPECT_GT((Table::launch_splits<Table::Fp64Large, double>(20000, 56, 2000, 132)), 1);
      EXPECT_GT((Table::launch_splits<Table::Fp64Large, double>(10359, 98, 6727, 132)), 1);
      EXPECT_EQ(Table::blocked_pick<double>(40000, 62, 800, false, true, 132, k_contiguous), Pick::Narrow);
      EXPECT_EQ(Table::blocked_pick<double>(24570, 107, 1327, false, true, 132, k_contiguous), Pick::Narrow)
          << "768 narrow blocks, 384 large ones: 1.45 waves of 264 slots, unsplit";
      EXPECT_EQ(Table::blocked_pick<double>(23406, 84, 2524, false, true, 132, k_contiguous), Pick::Narrow)
          << "65-96 columns: the large grid pads C more (and the dispatcher's tall_square)";
      EXPECT_EQ(Table::blocked_pick<double>(20000, 48, 3000, false, true, 132, k_contiguous), Pick::Narrow48);
      EXPECT_EQ(Table::blocked_pick<double>(20000, 48, 3000, false, true, 132, k_contiguous, false), Pick::Narrow);
      EXPECT_EQ(Table::blocked_pick<double>(20000, 32, 3000, false, true, 132, k_contiguous), Pick::Narrow);
      EXPECT_EQ(Table::blocked_pick<double>(1000, 1000, 1000, false, true, 132, k_contiguous), Pick::Narrow);
      EXPECT_EQ(*Table::blocked_transpose<double>(56, 20000, 2000, true, 132, k_contiguous), Pick::Narrow);
    }
  } else {
    GTEST_SKIP() << "the fp64 MMA rows' rule (this build's fp64 rows are SIMT ones)";
  }
}

// fp64 split products whose operands both run along k (k_contiguous): the
// Gram row where the rule gives the mid or narrow row (64 x 64 x 500000,
// 40 x 40 x 400000, 33 x 40 x 1000000) and, with k at least four times m +
// n, where it gives the large row split and C is under 256 x 256 (128 x 128
// x 200000, 200 x 200 x 100000) or its grid pads C alike (1024 x 64 x
// 100000); not unsplit (30000 x 40 x 2000), not with operands along m or n,
// never fp32.
TEST(TilePick, Fp64GramRowForSplitKContiguousProducts) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using Pick = Table::Pick;
  // the dispatcher compiles Gram-row kernels only where the rule can pick the row
  static_assert(Table::gram_row_kernels<double, true>() == Table::f64_mma && !Table::gram_row_kernels<double, false>() &&
                    !Table::gram_row_kernels<float, true>(),
                "gram_row_kernels");
  if constexpr (Table::f64_mma) {
    for (int sms : {108, 132}) {
      EXPECT_EQ(Table::blocked_pick<double>(64, 64, 500000, false, true, sms, true), Pick::Gram) << sms;
      EXPECT_EQ(Table::blocked_pick<double>(48, 48, 300000, false, true, sms, true), Pick::Gram) << sms;
      EXPECT_EQ(Table::blocked_pick<double>(40, 40, 400000, false, true, sms, true), Pick::Gram) << sms;
      EXPECT_EQ(Table::blocked_pick<double>(33, 40, 1000000, false, true, sms, true), Pick::Gram) << sms;
      EXPECT_EQ(Table::blocked_pick<double>(64, 64, 500000, false, true, sms, false), Pick::Mid) << sms;
      EXPECT_EQ(Table::blocked_pick<double>(128, 128, 200000, true, true, sms, true), Pick::Gram) << sms;
      EXPECT_EQ(Table::blocked_pick<double>(200, 200, 100000, false, true, sms, true), Pick::Gram) << sms;
      EXPECT_EQ(Table::blocked_pick<double>(1024, 64, 100000, true, true, sms, true), Pick::Gram) << sms;
      EXPECT_EQ(Table::blocked_pick<double>(128, 128, 200000, true, true, sms, false), Pick::Large) << sms;
      EXPECT_NE(Table::blocked_pick<double>(30000, 40, 2000, false, true, sms, true), Pick::Gram) << sms;
      EXPECT_NE(Table::blocked_pick<float>(64, 64, 500000, false, true, sms, true), Pick::Gram) << sms;
    }
  } else {
    GTEST_SKIP() << "the fp64 MMA rows' rule (this build's fp64 rows are SIMT ones)";
  }
}

// fp64 split products with C of one block of the small Gram row (32 x 32):
// that row, whatever the operands' directions (along k, along m and n,
// known only at run time), split further than the Gram row would; with C of
// two (16 x 48, 32 x 64) where the mid row would take it, operands not
// both along k; not where the narrow row would (64 x 20) or the Gram row
// (operands along k); not where k is too short to split (32 x 32 x 64), not
// for C past two blocks (40 x 40, 33 x 64), never fp32. With operands
// along k, also C of three or four small blocks that the Gram row's 64 x
// 64 blocks pad 2.5 times or more (32 x 96, 24 x 80, 16 x 96), not where
// they pad it less (32 x 128: four small blocks, two Gram blocks).
TEST(TilePick, Fp64SmallGramRowForSplitProductsOfFewBlocks) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using Pick = Table::Pick;
  static_assert(Table::gram_small_row_kernels<double>() == Table::f64_mma &&
                    !Table::gram_small_row_kernels<float>(),
                "gram_small_row_kernels");
  if constexpr (Table::f64_mma) {
    for (int sms : {108, 132})
      for (bool k_contiguous : {true, false}) {
        const std::string where = std::to_string(sms) + (k_contiguous ? " SMs, along k" : " SMs");
        EXPECT_EQ(Table::blocked_pick<double>(32, 32, 1000000, false, true, sms, k_contiguous), Pick::GramSmall) << where;
        EXPECT_EQ(Table::blocked_pick<double>(24, 24, 1000000, false, true, sms, k_contiguous), Pick::GramSmall) << where;
        EXPECT_EQ(Table::blocked_pick<double>(8, 8, 4000000, false, false, sms, k_contiguous), Pick::GramSmall) << where;
        EXPECT_EQ(Table::blocked_pick<double>(8, 32, 3000, false, true, sms, k_contiguous), Pick::GramSmall) << where;
        EXPECT_NE(Table::blocked_pick<double>(32, 32, 64, false, true, sms, k_contiguous), Pick::GramSmall) << where;
        EXPECT_NE(Table::blocked_pick<double>(40, 40, 400000, false, true, sms, k_contiguous), Pick::GramSmall) << where;
        const Pick two_blocks = k_contiguous ? Pick::Gram : Pick::GramSmall;
        EXPECT_EQ(Table::blocked_pick<double>(16, 48, 1000000, false, true, sms, k_contiguous), two_blocks) << where;
        EXPECT_EQ(Table::blocked_pick<double>(32, 64, 1000000, false, false, sms, k_contiguous), two_blocks) << where;
        EXPECT_NE(Table::blocked_pick<double>(64, 20, 1000000, false, true, sms, k_contiguous), Pick::GramSmall) << where;
        EXPECT_NE(Table::blocked_pick<double>(33, 64, 1000000, false, true, sms, k_contiguous), Pick::GramSmall) << where;
        for (const Shape3& sh : std::vector<Shape3>{{32, 96, 500000}, {24, 80, 400000}, {16, 96, 600000}})
          EXPECT_EQ(Table::blocked_pick<double>(sh.m, sh.n, sh.k, false, true, sms, k_contiguous) == Pick::GramSmall,
                    k_contiguous)
              << sh.m << " x " << sh.n << " x " << sh.k << ", " << where;
        EXPECT_NE(Table::blocked_pick<double>(32, 128, 300000, false, true, sms, k_contiguous), Pick::GramSmall) << where;
        EXPECT_NE(Table::blocked_pick<float>(32, 32, 1000000, false, true, sms, k_contiguous), Pick::GramSmall) << where;
      }
    EXPECT_GT((Table::k_splits<Table::Fp64GramSmall, double>(32, 32, 1000000, 132)),
              (Table::k_splits<Table::Fp64Gram, double>(32, 32, 1000000, 132)));
  } else {
    GTEST_SKIP() << "the fp64 MMA rows' rule (this build's fp64 rows are SIMT ones)";
  }
}

// fp64 Gram products (operands along k, k at least four times m + n) that
// the large row would split, with C of 256 rows or columns or more: the wide
// Gram row (64 x 128 blocks) where its grid pads C at most 15 % more than
// the Gram row's (256 x 256 x 100000, 2560 x 128 x 20000, 260 x 250 x
// 2203; 1024 x 1024 x 30000 on 132 multiprocessors); not past that (300 x
// 300 x 100000: the Gram row), not under 256 x 256 (250 x 250 x 2203), not
// where the large row does not split (2000 x 2000 x 20000; 1024 x 1024 x
// 30000 on 108), nor with k under four times m + n (1000 x 1000 x 1000,
// 7680 x 64 x 2560), nor with operands along m or n.
TEST(TilePick, Fp64WideGramRowForSplitGramProducts) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using Pick = Table::Pick;
  if constexpr (Table::f64_mma) {
    for (int sms : {108, 132}) {
      for (const Shape3& sh : std::vector<Shape3>{{256, 256, 100000}, {2560, 128, 20000}, {128, 2560, 20000},
                                                  {260, 250, 2203}})
        EXPECT_EQ(Table::blocked_pick<double>(sh.m, sh.n, sh.k, false, true, sms, true), Pick::GramWide)
            << sh.m << " x " << sh.n << " x " << sh.k << " on " << sms;
      EXPECT_EQ(Table::blocked_pick<double>(300, 300, 100000, false, true, sms, true), Pick::Gram) << sms;
      EXPECT_EQ(Table::blocked_pick<double>(250, 250, 2203, false, true, sms, true), Pick::Gram) << sms;
      EXPECT_NE(Table::blocked_pick<double>(1024, 1024, 30000, true, true, sms, false), Pick::GramWide) << sms;
      EXPECT_EQ(Table::blocked_pick<double>(7680, 64, 2560, true, true, sms, true), Pick::Large) << sms;
    }
    EXPECT_EQ(Table::blocked_pick<double>(1024, 1024, 30000, true, true, 132, true), Pick::GramWide);
    EXPECT_NE(Table::blocked_pick<double>(1024, 1024, 30000, true, true, 108, true), Pick::GramWide);
    EXPECT_EQ(Table::blocked_pick<double>(2000, 2000, 20000, false, true, 132, true), Pick::Large);
    EXPECT_NE(Table::blocked_pick<double>(1000, 1000, 1000, false, true, 132, true), Pick::GramWide);
  } else {
    GTEST_SKIP() << "the fp64 MMA rows' rule (this build's fp64 rows are SIMT ones)";
  }
}

// fp64 C of whole mid blocks (64 x 64), less than twice as tall as wide,
// that the large row does not take: the mid row, not the narrow one (1024^3,
// 1152^3, 1024 x 1024 x 1032; any op); C with edge blocks keeps the
// narrow row (1000^3, 1100^3), as do tall panels (2100 x 72 x 40, 7680 x 64
// x 64).
TEST(TilePick, Fp64WholeMidBlocksTakeTheMidRow) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using Pick = Table::Pick;
  if constexpr (Table::f64_mma) {
    for (bool k_contiguous : {true, false}) {
      for (const Shape3& sh : std::vector<Shape3>{{1024, 1024, 1024}, {1152, 1152, 1152}, {1024, 1024, 1032}})
        EXPECT_EQ(Table::blocked_pick<double>(sh.m, sh.n, sh.k, sh.k % 8 == 0, true, 132, k_contiguous), Pick::Mid)
            << sh.m << " x " << sh.n << " x " << sh.k;
      EXPECT_EQ(Table::blocked_pick<double>(1000, 1000, 1000, false, true, 132, k_contiguous), Pick::Narrow);
      EXPECT_EQ(Table::blocked_pick<double>(1100, 1100, 1100, false, true, 132, k_contiguous), Pick::Narrow);
      EXPECT_EQ(Table::blocked_pick<double>(2100, 72, 40, false, true, 132, k_contiguous), Pick::Narrow);
      EXPECT_EQ(Table::blocked_pick<double>(7680, 64, 64, false, true, 132, k_contiguous), Pick::Narrow);
    }
  } else {
    GTEST_SKIP() << "the fp64 MMA rows' rule (this build's fp64 rows are SIMT ones)";
  }
}

// Tall fp64 C whose rows end 1-64 past a multiple of 128 (the narrow grid
// pads it at most 2 % more than the mid one): a narrow row, 48 columns wide
// for C of 33-48 columns with k of at least 512 and operands in 16-byte
// packs (packs48), else 32; C that the narrow grid pads more (1200^3: 5 %)
// keeps the mid row.
TEST(TilePick, Fp64TallCTakesTheNarrowRowWithinTwoPercent) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using Pick = Table::Pick;
  if constexpr (Table::f64_mma) {
    for (bool k_contiguous : {true, false}) {
      for (const Shape3& sh : std::vector<Shape3>{{20000, 48, 3000}, {15000, 40, 4000}, {40000, 36, 1000},
                                                  {20000, 33, 3000}, {16500, 40, 600}})
        EXPECT_EQ(Table::blocked_pick<double>(sh.m, sh.n, sh.k, false, true, 132, k_contiguous), Pick::Narrow48)
            << sh.m << " x " << sh.n << " x " << sh.k;
      for (const Shape3& sh : std::vector<Shape3>{{20000, 32, 3000}, {20000, 24, 3000}, {40000, 62, 800},
                                                  {50000, 64, 300}, {1000, 1000, 1000}, {70000, 36, 300}})
        EXPECT_EQ(Table::blocked_pick<double>(sh.m, sh.n, sh.k, false, true, 132, k_contiguous), Pick::Narrow)
            << sh.m << " x " << sh.n << " x " << sh.k;
      EXPECT_EQ(Table::blocked_pick<double>(1200, 1200, 1200, false, true, 132, k_contiguous), Pick::Mid);
      EXPECT_EQ(Table::blocked_pick<double>(20000, 48, 3000, false, true, 132, k_contiguous, false), Pick::Narrow);
      EXPECT_EQ(*Table::blocked_transpose<double>(48, 20000, 3000, true, 132, k_contiguous, false), Pick::Narrow);
    }
  } else {
    GTEST_SKIP() << "the fp64 MMA rows' rule (this build's fp64 rows are SIMT ones)";
  }
}

// Tall fp64 C of 49-64 columns that the rule gives the 32-column narrow row
// goes on the mid edge form's deep form where op(A) runs along k
// (TileTable::narrow_on_mid_deep; the dispatcher also asks stages_fit):
// 25000 x 60 x 300 on 132 multiprocessors is such a product (the large
// row's 196 blocks part-fill its 264 slots, the narrow row's 392 fill 396).
TEST(TilePick, TallCOf49To64ColumnsOnTheMidDeepRow) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  EXPECT_FALSE(Table::narrow_on_mid_deep(48)) << "one 48-column block: the 48-column rows' products";
  EXPECT_TRUE(Table::narrow_on_mid_deep(49));
  EXPECT_TRUE(Table::narrow_on_mid_deep(64));
  EXPECT_FALSE(Table::narrow_on_mid_deep(65)) << "C of 65-128 columns keeps the narrow row";
  if constexpr (Table::f64_mma) {
    EXPECT_EQ(Table::Fp64MmaMidEdgeDeep::BN, 64);
    EXPECT_EQ(Table::Fp64MmaMidEdgeDeep::BK, 16);
    EXPECT_EQ((Table::blocked_pick<double>(25000, 60, 300, false, true, 132, true)), Table::Pick::Narrow);
  } else {
    GTEST_SKIP() << "the fp64 MMA rows (this build has no fp64 MMA)";
  }
}

// Tall fp64 C of 65-96 columns that the rule gives the 32-column narrow row
// goes on the 96 x 96 row where op(B) runs along k, k is at least
// tall_square_min_k, its grid pads C at most 2 % more than the narrow row's
// and deep_for takes that row (TileTable::tall_square;
// the dispatcher also asks stages_fit), on 132 multiprocessors here.
TEST(TilePick, TallCOf65To96ColumnsOnTheSquareRow) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  if constexpr (Table::f64_mma) {
    for (bool k_contiguous : {true, false}) {
      EXPECT_EQ((Table::blocked_pick<double>(23406, 84, 2524, false, true, 132, k_contiguous)), Table::Pick::Narrow);
      EXPECT_EQ((Table::blocked_pick<double>(14000, 90, 600, false, true, 132, k_contiguous)), Table::Pick::Narrow);
    }
    EXPECT_TRUE((Table::tall_square<double>(23406, 84, 2524, true, 132))) << "244 blocks, unsplit";
    EXPECT_TRUE((Table::tall_square<double>(12000, 80, 4000, true, 132)));
    EXPECT_TRUE((Table::tall_square<double>(14000, 90, 600, true, 132))) << "the test below's product";
    EXPECT_TRUE((Table::tall_square<double>(5000, 72, 6000, true, 132))) << "53 blocks split 4 ways, 94 k-steps an item";
    EXPECT_FALSE((Table::tall_square<double>(23406, 84, 2524, false, 132))) << "op(B) along n";
    EXPECT_FALSE((Table::tall_square<double>(60000, 70, 101, true, 132))) << "7 k-steps";
    EXPECT_FALSE((Table::tall_square<double>(100000, 70, 500, true, 132))) << "under tall_square_min_k";
    EXPECT_FALSE((Table::tall_square<double>(23406, 64, 2524, true, 132))) << "one 64-column block column";
    EXPECT_FALSE((Table::tall_square<double>(23406, 97, 2524, true, 132))) << "two 96-column block columns";
    EXPECT_FALSE((Table::tall_square<double>(2000, 90, 1200, true, 132))) << "21 blocks split 12 ways, 7 k-steps an item";
    EXPECT_FALSE((Table::tall_square<double>(115, 90, 957947, true, 132))) << "192 rows in 96s against 128";
    EXPECT_TRUE((Table::tall_square<double>(16000, 96, 3000, true, 132))) << "16032 rows in 96s against 16000";
    EXPECT_FALSE((Table::tall_square<float>(23406, 84, 2524, true, 132))) << "fp32 keeps its rows";
  } else {
    GTEST_SKIP() << "the fp64 MMA rows (this build has no fp64 MMA)";
  }
}

// fp64 C of 65-96 rows on the 96-row row with op(B) copied as split packs
// (the dispatcher asks the operands): the large row where launch_splits
// splits k into one round of items of at most short_split_pack_max_steps
// k-steps (TileTable::short_split_packs_on_large), on 132 multiprocessors
// here. (The dispatcher asks only where the 96-row row's deep form declines.)
TEST(TilePick, ShortRowSplitPacksOnTheLargeRow) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  if constexpr (Table::f64_mma) {
    const auto on_large = [](std::int64_t m, std::int64_t n, std::int64_t k) {  // with launch_row's splits
      const int splits = Table::launch_splits<Table::Fp64MmaShort, double>(m, n, k, 132);
      return Table::short_split_packs_on_large<double>(m, n, k, splits, 132);
    };
    EXPECT_EQ((Table::blocked_pick<double>(83, 7109, 1778, false, true, 132)), Table::Pick::Short);
    EXPECT_TRUE((on_large(83, 7109, 1778))) << "112 blocks split 2 ways, 56 k-steps an item";
    EXPECT_TRUE((on_large(82, 8391, 1550))) << "132 blocks split 2 ways: all 264 slots";
    EXPECT_TRUE((on_large(71, 3013, 3537))) << "48 blocks split 5 ways";
    EXPECT_TRUE((on_large(83, 1999, 1500))) << "GemmAuto.ShortRowsMatchReference's";
    EXPECT_FALSE((on_large(96, 6043, 2368))) << "74 k-steps an item";
    EXPECT_FALSE((on_large(93, 11111, 801))) << "174 blocks, unsplit";
    EXPECT_FALSE((Table::short_split_packs_on_large<float>(83, 7109, 1778, 2, 132))) << "fp32 has no 96-row row";
  } else {
    GTEST_SKIP() << "the fp64 MMA rows (this build has no fp64 MMA)";
  }
}

// The narrow row by op(A)'s direction (the dispatcher's blocked_narrow<T,
// A_FAST>, C^T's with op(B)'s): 16-deep k-steps where op(A) runs along k
// (its layout fixes it), 8-deep four-stage ones along m or at run time
// (LayoutStride); one block shape, so the rule's picks stand for both; fp32
// keeps its one narrow row.
TEST(TilePick, Fp64NarrowRowBy16DeepKStepsWhereOpAIsAlongK) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  static_assert(std::is_same<Table::blocked_narrow<double, 0>, Table::Fp64NarrowK>::value, "op(A) along k");
  static_assert(std::is_same<Table::blocked_narrow<double, 1>, Table::Fp64Narrow>::value, "op(A) along m");
  static_assert(std::is_same<Table::blocked_narrow<double, -1>, Table::Fp64Narrow>::value, "LayoutStride");
  static_assert(std::is_same<Table::blocked_narrow<float, 0>, Table::Fp32Narrow>::value, "fp32");
  static_assert(std::is_same<Table::blocked_narrow<double, 0, true>, Table::Fp64Narrow48K>::value, "48, along k");
  static_assert(std::is_same<Table::blocked_narrow<double, 1, true>, Table::Fp64Narrow48>::value, "48, along m");
  static_assert(std::is_same<Table::blocked_narrow<double, -1, true>, Table::Fp64Narrow48>::value, "48, run time");
  static_assert(std::is_same<Table::blocked_narrow<float, 0, true>, Table::Fp32Narrow>::value, "fp32, 48");
  if constexpr (Table::f64_mma) {
    EXPECT_EQ(Table::Fp64NarrowK::BK, 2 * Table::Fp64Narrow::BK);
    EXPECT_EQ(Table::Fp64NarrowK::BM, Table::Fp64Narrow::BM);
    EXPECT_EQ(Table::Fp64NarrowK::BN, Table::Fp64Narrow::BN);
    EXPECT_EQ(Table::Fp64Narrow48K::BK, Table::Fp64NarrowK::BK);
    EXPECT_EQ(Table::Fp64Narrow48::BK, Table::Fp64Narrow::BK);
    EXPECT_EQ(Table::Fp64Narrow48::BN, 48);
    EXPECT_EQ(Table::Fp64Narrow48K::BN, 48);
  } else {
    GTEST_SKIP() << "the fp64 MMA rows (this build's fp64 narrow row is the SIMT mid row either way)";
  }
}

// fp64 C of 65-96 rows: the 96-row row, whatever the other extents, k and
// the operands' directions (96 x 30000 x 1000, 80 x 50000 x 1000, the split
// 96 x 96 x 200000); not for 64 or 97 rows, never fp32.
TEST(TilePick, Fp64ShortRowFor65To96Rows) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using Pick = Table::Pick;
  static_assert(Table::short_row_kernels<double>() == Table::f64_mma && !Table::short_row_kernels<float>(),
                "short_row_kernels");
  if constexpr (Table::f64_mma) {
    for (int sms : {108, 132})
      for (bool k_contiguous : {true, false}) {
        const std::string where = std::to_string(sms) + (k_contiguous ? " SMs, along k" : " SMs");
        for (const Shape3& sh : std::vector<Shape3>{{96, 30000, 1000}, {80, 50000, 1000}, {96, 96, 200000},
                                                    {65, 700, 2048}, {90, 20, 5000}})
          EXPECT_EQ(Table::blocked_pick<double>(sh.m, sh.n, sh.k, false, true, sms, k_contiguous), Pick::Short)
              << sh.m << " x " << sh.n << " x " << sh.k << " on " << where;
        EXPECT_NE(Table::blocked_pick<double>(64, 30000, 1000, false, true, sms, k_contiguous), Pick::Short) << where;
        EXPECT_NE(Table::blocked_pick<double>(97, 30000, 1000, false, true, sms, k_contiguous), Pick::Short) << where;
        EXPECT_NE(Table::blocked_pick<float>(96, 30000, 1000, false, true, sms, k_contiguous), Pick::Short) << where;
      }
  } else {
    GTEST_SKIP() << "the fp64 MMA rows' rule (this build's fp64 rows are SIMT ones)";
  }
}

// The mid row's edge form: where at least half of the mid grid's 64 x 64
// blocks lie at C's edge (wide C of fewer than 64 rows: every block; 100
// rows: half), not where C is whole blocks or mostly interior.
TEST(TilePick, Fp64MidEdges) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  static_assert(Table::mid_edge_row_kernels<double>() == Table::f64_mma && !Table::mid_edge_row_kernels<float>(),
                "mid_edge_row_kernels");
  for (const Shape3& sh : std::vector<Shape3>{{36, 40000, 1000}, {56, 20000, 1500}, {100, 50000, 1000}, {20, 20, 9}})
    EXPECT_TRUE(Table::mid_edges(sh.m, sh.n)) << sh.m << " x " << sh.n;
  for (const Shape3& sh : std::vector<Shape3>{{64, 30000, 1000}, {1200, 1200, 1200}, {1024, 1024, 1024}, {130, 50000, 1}})
    EXPECT_FALSE(Table::mid_edges(sh.m, sh.n)) << sh.m << " x " << sh.n;
  static_assert(Table::Fp64MmaMidEdge::BM == Table::Fp64MmaMid::BM && Table::Fp64MmaMidEdge::BN == Table::Fp64MmaMid::BN &&
                    Table::Fp64MmaMidEdge::BK == Table::Fp64MmaMid::BK &&
                    Table::Fp64MmaMidEdge::min_blocks == Table::Fp64MmaMid::min_blocks,
                "the edge form takes the mid row's blocks, splits and waves");
}

// batched_gemm's Blocked rows follow C's larger side: 32 x 32 blocks up to
// 32, 48 x 48 up to 48, 64 x 64 above; the fp64 64 row (fragments ahead)
// takes its edge form where C is mostly edge blocks (49-63, and C of
// several blocks with half of them at the edge), not on whole blocks.
TEST(TilePick, BatchedBlocksFollowC) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using BB = Table::BatchBlock;
  const std::vector<std::pair<Shape3, BB>> cases = {
      {{17, 17, 17}, BB::Small}, {{32, 20, 5}, BB::Small},  {{20, 33, 9}, BB::Mid48}, {{48, 48, 48}, BB::Mid48},
      {{40, 12, 40}, BB::Mid48}, {{49, 10, 1}, BB::Mid},    {{64, 64, 64}, BB::Mid},  {{65, 7, 40}, BB::Mid}};
  for (const auto& c : cases)
    EXPECT_EQ(int(Table::batched_block(c.first.m, c.first.n)), int(c.second)) << c.first.m << " x " << c.first.n;
  static_assert(Table::batched_row<float, BB::Small>::BM == 32 && Table::batched_row<float, BB::Mid48>::BM == 48 &&
                    Table::batched_row<float, BB::Mid>::BM == 64,
                "fp32 batched rows' blocks");
  static_assert(!Table::f64_mma || (Table::batched_row<double, BB::Small>::BM == 32 &&
                                    Table::batched_row<double, BB::Mid48>::BM == 48 &&
                                    Table::batched_row<double, BB::Mid>::BM == 64),
                "fp64 batched rows' blocks (SIMT builds: 32 and 64 only)");
  using MidEdge = Table::batched_row<double, BB::Mid, true>;
  static_assert(std::is_same<Table::batched_row<float, BB::Small, true>, Table::batched_row<float, BB::Small>>::value &&
                    std::is_same<Table::batched_row<double, BB::Small, true>, Table::batched_row<double, BB::Small>>::value &&
                    std::is_same<Table::batched_row<double, BB::Mid48, true>, Table::batched_row<double, BB::Mid48>>::value,
                "rows without an edge form are their own");
  static_assert(!Table::f64_mma || (!MidEdge::staging::ahead && Table::batched_row<double, BB::Mid>::staging::ahead &&
                                    std::is_same<MidEdge, Table::BatchFp64MmaEdge>::value &&
                                    MidEdge::BK == Table::Fp64MmaMidEdge::BK && MidEdge::min_blocks == 4 &&
                                    Table::Fp64MmaMidEdge::min_blocks == 3),
                "fp64: the 64 row's edge form, without fragments ahead, four blocks per multiprocessor (the "
                "large products' edge form three)");
  for (const Shape3& sh : std::vector<Shape3>{{56, 56, 1}, {63, 50, 1}, {100, 60, 1}})
    EXPECT_TRUE(Table::edge_heavy<MidEdge>(sh.m, sh.n)) << sh.m << " x " << sh.n;
  for (const Shape3& sh : std::vector<Shape3>{{64, 64, 1}, {128, 128, 1}, {200, 256, 1}})
    EXPECT_FALSE(Table::edge_heavy<MidEdge>(sh.m, sh.n)) << sh.m << " x " << sh.n;
}

// batched_gemm's Auto by C's larger side, per precision (the crossovers
// measured on the H200): fp32 Naive up to 8, fp64 up to 9, Blocked above
// (where the whole-matrix row takes C of up to 22 a side: 1.6-2.5 times
// cuBLAS strided-batched at n = 9-20, where Tiled ran 0.8-1.2).
TEST(TilePick, BatchedAlgorithmByPrecision) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using A = kmm::Algorithm;
  const auto f32 = [](int m, int n) { return Table::batched_algorithm<float>(m, n, 16); };
  const auto f64 = [](int m, int n) { return Table::batched_algorithm<double>(m, n, 16); };
  EXPECT_EQ(f32(8, 8), A::Naive);
  EXPECT_EQ(f32(9, 9), A::Blocked);
  EXPECT_EQ(f32(4, 12), A::Blocked);
  EXPECT_EQ(f64(9, 9), A::Naive);
  EXPECT_EQ(f64(10, 10), A::Blocked);
  EXPECT_EQ(f64(16, 9), A::Blocked);
  EXPECT_EQ(f64(3, 40), A::Blocked);
  // the whole-matrix row: every C up to 22 a side, above it where the batched row takes no packs
  EXPECT_TRUE(Table::batched_whole(22, 5, true));
  EXPECT_TRUE(Table::batched_whole(9, 9, true));
  EXPECT_FALSE(Table::batched_whole(24, 24, true));
  EXPECT_FALSE(Table::batched_whole(5, 23, true));
  EXPECT_TRUE(Table::batched_whole(23, 23, false));
  EXPECT_TRUE(Table::batched_whole(64, 61, false));
}

// Which batches the whole-matrix row takes (kernels/gpu_batched_whole.hpp:
// whole_plan): C and k within its sides, each operand with a unit stride
// and one span of at most twice its elements; whole where both spans fit
// its scratch and what Kokkos offers a team, else in equal chunks of k (a
// multiple of 4, at least MIN_CHUNK) that fit. Host Views: only extents,
// strides and addresses are read.
TEST(TilePick, WholeMatrixRowTakes) {
  using W = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>::BatchWhole;
  using R3f = Kokkos::View<float***, Kokkos::LayoutRight, Kokkos::HostSpace>;
  using R3d = Kokkos::View<double***, Kokkos::LayoutRight, Kokkos::HostSpace>;
  using L3f = Kokkos::View<float***, Kokkos::LayoutLeft, Kokkos::HostSpace>;
  const auto fits = [](const auto& A, const auto& B, const auto& C, bool ta = false, bool tb = false) {
    bool r = false;
    kmm::detail::with_ops(ta ? Op::T : Op::N, tb ? Op::T : Op::N, [&](auto a, auto b) {
      r = kmm::kernels::whole_fits<W, decltype(a)::value, decltype(b)::value, Kokkos::DefaultExecutionSpace>(A, B, C);
    });
    return r;
  };
  const auto plan = [](const auto& A, const auto& B, const auto& C) {
    return kmm::kernels::whole_plan<W, false, false, Kokkos::DefaultExecutionSpace>(A, B, C);
  };
  const int s = W::MAX_SIDE, kk = W::MAX_K;
  EXPECT_TRUE(fits(R3f("A", 3, 17, 19), R3f("B", 3, 19, 21), R3f("C", 3, 17, 21)));
  EXPECT_TRUE(fits(R3f("A", 3, 19, 17), R3f("B", 3, 21, 19), R3f("C", 3, 17, 21), true, true));
  // the largest C with spans under 32 KB (Kokkos 3.4's scratch_size_max(0) on host spaces; 40 KB on CUDA)
  EXPECT_TRUE(fits(R3f("A", 2, s, kk * 7 / 8), R3f("B", 2, kk * 7 / 8, s), R3f("C", 2, s, s)));
  EXPECT_EQ(plan(R3d("A", 2, s, kk * 3 / 8), R3d("B", 2, kk * 3 / 8, s), R3d("C", 2, s, s)).kc, kk * 3 / 8);
  // 64 KB of spans: in chunks of k (Kokkos 3.4 offers host teams 32 KB: three chunks, of 24, 24 and 16)
  const auto big = plan(R3d("A", 2, s, kk), R3d("B", 2, kk, s), R3d("C", 2, s, s));
  EXPECT_TRUE(big.fits);
  EXPECT_LT(big.kc, kk);
  EXPECT_GE(big.kc, W::MIN_CHUNK);
  EXPECT_EQ(big.kc % 4, 0);
  const int chunks = (kk + big.kc - 1) / big.kc;
  EXPECT_LT((chunks - 1) * big.kc, kk);                              // no chunk empty
  EXPECT_EQ(big.kc, ((kk + chunks - 1) / chunks + 3) / 4 * 4);        // as deep as each other, to a multiple of 4
  const auto small = plan(R3d("A", 2, 8, 16), R3d("B", 2, 16, 8), R3d("C", 2, 8, 8));
  EXPECT_TRUE(small.fits);
  EXPECT_EQ(small.kc, 16);  // whole
  EXPECT_FALSE(fits(R3f("A", 2, s + 1, 8), R3f("B", 2, 8, 8), R3f("C", 2, s + 1, 8)));  // m
  EXPECT_FALSE(fits(R3f("A", 2, 8, 8), R3f("B", 2, 8, s + 1), R3f("C", 2, 8, s + 1)));  // n
  EXPECT_FALSE(fits(R3f("A", 2, 8, kk + 1), R3f("B", 2, kk + 1, 8), R3f("C", 2, 8, 8)));  // k
  // LayoutLeft batches: the batch index is the unit stride, a matrix's span every matrix of the batch
  EXPECT_FALSE(fits(L3f("A", 5, 17, 17), L3f("B", 5, 17, 17), L3f("C", 5, 17, 17)));
  // windows: rows 8 apart holding 3 elements (span 2.5 times the elements), 4 (2 times)
  R3f wide("wide", 2, 16, 8);
  const auto w3 = Kokkos::subview(wide, Kokkos::ALL, Kokkos::ALL, Kokkos::pair<int, int>(0, 3));
  const auto w4 = Kokkos::subview(wide, Kokkos::ALL, Kokkos::ALL, Kokkos::pair<int, int>(0, 4));
  EXPECT_FALSE(fits(w3, R3f("B", 2, 3, 5), R3f("C", 2, 16, 5)));
  EXPECT_TRUE(fits(w4, R3f("B", 2, 4, 5), R3f("C", 2, 16, 5)));
}

// fp32's mid row (64 x 64 blocks, four per multiprocessor) for wide C of
// 33-64 rows, where the large row's 128-row grid pads C to twice its rows.
TEST(TilePick, Fp32WideCTakesTheMidRow) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using Pick = Table::Pick;
  static_assert(Table::Fp32Mid::BM == 64 && Table::Fp32Mid::BN == 64 && Table::Fp32Mid::min_blocks == 4,
                "fp32 mid row: 64 x 64 blocks, four per multiprocessor");
  for (const Shape3& sh : std::vector<Shape3>{{44, 40000, 900}, {35, 700, 2048}, {64, 2000, 2000}, {56, 20000, 1500}})
    EXPECT_EQ(Table::blocked_pick<float>(sh.m, sh.n, sh.k, false, true, 132), Pick::Mid)
        << sh.m << " x " << sh.n << " x " << sh.k;
  EXPECT_EQ(Table::blocked_pick<float>(4096, 4096, 4096, true, true, 132), Pick::Large);
  EXPECT_EQ(Table::blocked_pick<float>(5000, 64, 3000, false, true, 132), Pick::Large);
}

// fp32 products of few blocks: the mid row where its busiest
// multiprocessor models at least 10 % less work than the large row's
// (fp32_busiest: k split as launch_row splits it, element_splits where
// every k-step takes the element path, a split's reduction counted);
// products of many waves keep the padding rule.
TEST(TilePick, Fp32MidRowForFewBlocks) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using Pick = Table::Pick;
  using L = Table::Fp32Large;
  using M = Table::Fp32Mid;
  const auto pick = [](std::int64_t m, std::int64_t n, std::int64_t k, bool elements) {
    return Table::blocked_pick<float>(m, n, k, false, true, 132, false, true, true, elements);
  };
  // 36 large blocks, 71 mid ones, k too short to split: a quarter of the
  // multiprocessors busy on the large row, each with twice a mid block's work
  EXPECT_EQ(pick(4500, 50, 50, false), Pick::Mid);
  EXPECT_EQ(pick(243, 1004, 171, false), Pick::Mid);
  // element k-steps: the large row's 140 blocks split 2 ways (3 items on
  // the busiest multiprocessor), the mid row's 245 unsplit (2 items)
  EXPECT_EQ((Table::element_splits<L, float>(437, 2237, 363, 132, Table::launch_splits<L, float>(437, 2237, 363, 132))), 2);
  EXPECT_EQ((Table::element_splits<M, float>(437, 2237, 363, 132, Table::launch_splits<M, float>(437, 2237, 363, 132))), 1);
  EXPECT_EQ(pick(437, 2237, 363, true), Pick::Mid);
  // element k-steps: the large row's 92 blocks unsplit (22 k-steps, no
  // reduction), the mid row's 161 split 2 ways: the large row; with packs
  // both rows split 2 ways and the mid row's busiest does less
  EXPECT_EQ((Table::fp32_busiest<L, float>(431, 1418, 351, 132, true)), 20 * 22 * L::BM * L::BN);
  EXPECT_EQ(pick(431, 1418, 351, true), Pick::Large);
  EXPECT_EQ(pick(431, 1418, 351, false), Pick::Mid);
  // many blocks or waves: the large row
  for (const bool elements : {false, true}) {
    for (const Shape3& sh : std::vector<Shape3>{{1000, 1000, 1000}, {999, 999, 999}, {777, 777, 4001},
                                                {2048, 2048, 2048}, {1234, 4321, 777}, {7680, 192, 640}})
      EXPECT_EQ(pick(sh.m, sh.n, sh.k, elements), Pick::Large)
          << sh.m << " x " << sh.n << " x " << sh.k << (elements ? " (element k-steps)" : "");
  }
}

// Wide fp64 C of fewer than 128 rows, k at least 2000 or C at most 32
// rows, that the rule gives the mid row, where C^T would take the large row
// unsplit (40 x 30000 x 2000 on 132 multiprocessors) or the narrow row (the
// others, split or not): computed as C^T. At shorter k where C has more
// than 32 rows, only where C^T's row fills fewer waves than the mid row's
// (on 132 multiprocessors 48 x 30000 x 1200 and 40 x 30000 x 1000: one
// 48-column wave against two; 60 x 60000 x 200: two large-row waves against
// three; on 108, two against two: not; 36 x 40000 x 1000 and 44 x 40000 x
// 900: as many waves on both). Gram products (operands along k) of at most
// 32 rows that the rule gives a Gram row: C^T on the narrow row (20 x 100 x
// 500000, 8 x 1000 x 100000). Not where C^T would take the
// large row split (35 x 700 x 2048), nor where C has 128 rows or more, is
// not wide, takes the 96-row or small Gram row, or where C^T would take the
// mid row too (the 64 x 64 Gram product); never fp32.
TEST(TilePick, Fp64WideCAsTallCT) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using Pick = Table::Pick;
  static_assert(Table::transposed_row_kernels<double>() == Table::f64_mma && !Table::transposed_row_kernels<float>(),
                "transposed_row_kernels");
  if constexpr (Table::f64_mma) {
    EXPECT_EQ(Table::blocked_pick<double>(30000, 40, 2000, false, true, 132), Pick::Narrow48);
    EXPECT_EQ(*Table::blocked_transpose<double>(40, 30000, 2000, true, 132), Pick::Narrow48);
    EXPECT_EQ(*Table::blocked_transpose<double>(24, 200000, 100, true, 132), Pick::Narrow);
    EXPECT_EQ(*Table::blocked_transpose<double>(48, 30000, 1200, true, 132), Pick::Narrow48);
    EXPECT_EQ(*Table::blocked_transpose<double>(60, 60000, 200, true, 132), Pick::Large);
    for (int sms : {108, 132}) {
      const std::string where = " on " + std::to_string(sms) + " SMs";
      for (const Shape3& sh : std::vector<Shape3>{{40, 30000, 2000}, {48, 20000, 3000}, {40, 15000, 4000},
                                                  {16, 20000, 2000}, {8, 100000, 500}, {24, 200000, 100},
                                                  {32, 40000, 64}})
        for (bool k_contiguous : {true, false})
          EXPECT_TRUE(Table::blocked_transpose<double>(sh.m, sh.n, sh.k, true, sms, k_contiguous))
              << sh.m << " x " << sh.n << " x " << sh.k << where;
      // split on the mid row, or with operands along k on a Gram row
      for (const Shape3& sh : std::vector<Shape3>{{32, 10000, 10000}, {20, 1000, 50000}}) {
        EXPECT_TRUE(Table::blocked_transpose<double>(sh.m, sh.n, sh.k, true, sms)) << sh.m << " x " << sh.n << where;
        EXPECT_TRUE(Table::blocked_transpose<double>(sh.m, sh.n, sh.k, true, sms, true)) << sh.m << " x " << sh.n << where;
      }
      // Gram products of at most 32 rows on the Gram or wide Gram row: C^T
      // on the narrow row; not C of 33 rows, nor where C^T takes the small
      // Gram row (16 x 48) or the 96-row row (32 x 96 stays on the small Gram row)
      for (const Shape3& sh : std::vector<Shape3>{{20, 100, 500000}, {16, 128, 500000}, {8, 1000, 100000},
                                                  {32, 256, 200000}}) {
        const Pick p = Table::blocked_pick<double>(sh.m, sh.n, sh.k, false, true, sms, true);
        EXPECT_TRUE(p == Pick::Gram || p == Pick::GramWide) << sh.m << " x " << sh.n << " x " << sh.k << where;
        const auto t = Table::blocked_transpose<double>(sh.m, sh.n, sh.k, true, sms, true);
        EXPECT_TRUE(t && *t == Pick::Narrow) << sh.m << " x " << sh.n << " x " << sh.k << where;
      }
      for (const Shape3& sh : std::vector<Shape3>{{33, 100, 500000}, {16, 48, 1000000}, {32, 96, 500000}})
        EXPECT_FALSE(Table::blocked_transpose<double>(sh.m, sh.n, sh.k, true, sms, true))
            << sh.m << " x " << sh.n << " x " << sh.k << where;
      for (const Shape3& sh : std::vector<Shape3>{{48, 30000, 1200}, {40, 30000, 1000}, {60, 60000, 200}})
        EXPECT_EQ(bool(Table::blocked_transpose<double>(sh.m, sh.n, sh.k, true, sms)), sms == 132)
            << sh.m << " x " << sh.n << " x " << sh.k << where;
      for (const Shape3& sh : std::vector<Shape3>{{36, 40000, 1000}, {44, 40000, 900}, {33, 40000, 64},
                                                  {35, 700, 2048}, {64, 2000, 2000}, {128, 30000, 2000},
                                                  {96, 30000, 2000}, {30000, 40, 2000}, {16, 48, 1000000},
                                                  {64, 64, 500000}, {1000, 1234, 2000}})
        EXPECT_FALSE(Table::blocked_transpose<double>(sh.m, sh.n, sh.k, true, sms))
            << sh.m << " x " << sh.n << " x " << sh.k << where;
      EXPECT_FALSE(Table::blocked_transpose<float>(40, 30000, 2000, true, sms)) << where;
    }
  } else {
    GTEST_SKIP() << "the fp64 MMA rows' rule (this build's fp64 rows are SIMT ones)";
  }
}

// Algorithm::Auto on the GPU for C thinner than 32: fp32, and fp64 in an
// MMA build, take Blocked (fp32: a thin row; fp64: the narrow row, or the
// mid one for wide C) once the long side reaches 16384, whatever k; below
// that, and for SIMT fp64 builds, Tiled unless k reaches split_k_min_k.
TEST(TilePick, AutoTakesBlockedForThinC) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using kmm::Algorithm;
  const Algorithm thin = Table::f64_mma ? Algorithm::Blocked : Algorithm::Tiled;
  for (const Shape3& sh : std::vector<Shape3>{{100000, 8, 500}, {200000, 24, 100}, {8, 100000, 500}, {16384, 4, 16}}) {
    EXPECT_EQ(Table::auto_algorithm<double>(sh.m, sh.n, sh.k), thin) << sh.m << " x " << sh.n << " x " << sh.k;
    EXPECT_EQ(Table::auto_algorithm<float>(sh.m, sh.n, sh.k), Algorithm::Blocked)
        << sh.m << " x " << sh.n << " x " << sh.k;
  }
  EXPECT_EQ(Table::auto_algorithm<double>(16383, 8, 100), Algorithm::Tiled);
  EXPECT_EQ(Table::auto_algorithm<float>(16383, 8, 100), Algorithm::Tiled);
  EXPECT_EQ(Table::auto_algorithm<double>(8, 2000, 100), Algorithm::Tiled);
  EXPECT_EQ(Table::auto_algorithm<float>(8, 2000, 100), Algorithm::Tiled);
  EXPECT_EQ(Table::auto_algorithm<double>(100, 8, 512), Algorithm::Blocked);
  EXPECT_EQ(Table::auto_algorithm<double>(4096, 4096, 64), Algorithm::Blocked);
}

// Algorithm::Auto on the GPU for small products (k under split_k_min_k, C
// of fewer than 32 tiles of 64 x 128): fp64 in an MMA build takes Blocked
// (the MMA rows) wherever both sides of C reach 32, fp32 wherever both
// reach 64 (the mid row's block) and k reaches 256 or C has at least
// 110,000 elements; C narrower than that, smaller fp32 C of shorter k, and
// SIMT fp64 builds keep Tiled there.
TEST(TilePick, AutoTakesBlockedForSmallProducts) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using kmm::Algorithm;
  const Algorithm small = Table::f64_mma ? Algorithm::Blocked : Algorithm::Tiled;
  for (const Shape3& sh : std::vector<Shape3>{{161, 117, 326}, {64, 64, 64}, {32, 32, 1}, {1000, 40, 300},
                                              {40, 1000, 300}, {300, 300, 100}})
    EXPECT_EQ(Table::auto_algorithm<double>(sh.m, sh.n, sh.k), small) << sh.m << " x " << sh.n << " x " << sh.k;
  for (const Shape3& sh : std::vector<Shape3>{{161, 117, 326}, {64, 64, 256}, {67, 121, 371}, {302, 745, 474},
                                              {281, 641, 156}, {1000, 110, 16}, {110, 1000, 255}})
    EXPECT_EQ(Table::auto_algorithm<float>(sh.m, sh.n, sh.k), Algorithm::Blocked) << sh.m << " x " << sh.n << " x " << sh.k;
  for (const Shape3& sh : std::vector<Shape3>{{32, 32, 1}, {1000, 40, 300}, {40, 1000, 300}, {63, 500, 300},
                                              {64, 64, 64}, {300, 300, 100}, {130, 232, 255}, {1184, 86, 70},
                                              {999, 110, 255}, {63, 3000, 100}})
    EXPECT_EQ(Table::auto_algorithm<float>(sh.m, sh.n, sh.k), Algorithm::Tiled) << sh.m << " x " << sh.n << " x " << sh.k;
  EXPECT_EQ(Table::auto_algorithm<double>(31, 1000, 300), Algorithm::Tiled);
  EXPECT_EQ(Table::auto_algorithm<double>(1000, 31, 300), Algorithm::Tiled);
}

// fp32 C of at most 32 columns and at least as many rows (operands whose
// layouts fix their unit-stride directions): the 16-column thin row up to
// 16 columns, the 32-column one from 17 to 32, whatever m and k (split or
// not); wide C of at most 32 rows as C^T on the same rows
// (blocked_transpose). Not C of 33 columns or more, not LayoutStride
// operands (no thin-row kernels are compiled for them), not fp64.
TEST(TilePick, Fp32ThinRowsForThinC) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using Pick = Table::Pick;
  for (int sms : {108, 132}) {
    for (const Shape3& sh : std::vector<Shape3>{{1000000, 16, 16}, {100000, 8, 500}, {8192, 1, 8192}, {16, 16, 100000},
                                                {20000, 16, 2000}, {17, 16, 3}})
      EXPECT_EQ(Table::blocked_pick<float>(sh.m, sh.n, sh.k, false, true, sms), Pick::Thin16)
          << sh.m << " x " << sh.n << " x " << sh.k << " on " << sms;
    for (const Shape3& sh : std::vector<Shape3>{{200000, 24, 100}, {500000, 32, 32}, {2000, 24, 10000}, {32, 32, 500000},
                                                {64, 17, 100}})
      EXPECT_EQ(Table::blocked_pick<float>(sh.m, sh.n, sh.k, false, true, sms), Pick::Thin)
          << sh.m << " x " << sh.n << " x " << sh.k << " on " << sms;
    EXPECT_EQ(*Table::blocked_transpose<float>(16, 1000000, 16, true, sms), Pick::Thin16);
    EXPECT_EQ(*Table::blocked_transpose<float>(1, 8192, 8192, true, sms), Pick::Thin16);
    EXPECT_EQ(*Table::blocked_transpose<float>(24, 200000, 100, true, sms), Pick::Thin);
    EXPECT_EQ(*Table::blocked_transpose<float>(32, 96, 500000, true, sms), Pick::Thin);
    EXPECT_FALSE(Table::blocked_transpose<float>(33, 100000, 100, true, sms));
    EXPECT_FALSE(Table::blocked_transpose<float>(32, 32, 100000, true, sms));  // (C^T is no taller)
    EXPECT_FALSE(Table::blocked_transpose<float>(8, 100000, 500, false, sms));
    EXPECT_NE(Table::blocked_pick<float>(24, 200000, 100, false, true, sms), Pick::Thin);
    EXPECT_NE(Table::blocked_pick<float>(100000, 33, 100, false, true, sms), Pick::Thin);
    EXPECT_EQ(Table::blocked_pick<float>(100000, 24, 100, false, false, sms), Pick::Mid);
    EXPECT_NE(Table::blocked_pick<double>(100000, 24, 100, false, true, sms), Pick::Thin);
    EXPECT_NE(Table::blocked_pick<double>(100000, 8, 100, false, true, sms), Pick::Thin16);
  }
  static_assert(Table::thin_row_kernels<float, true>() && !Table::thin_row_kernels<float, false>() &&
                    !Table::thin_row_kernels<double, true>(),
                "thin_row_kernels");
  static_assert(Table::Fp32Thin16::BN == 16 && Table::Fp32Thin::BN == 32 && Table::Fp32Thin::BM == 128,
                "the thin rows' widths the rule is written for");
}

// Products with k at least m + n and both sides of C at least 128 that the
// large row would split at launch (launch_splits > 1): the large row (132
// multiprocessors: 1100 x 1100 x 25000 NN, 162 blocks for 264 slots, split
// 3 ways; 5000 x 256 x 12000; 1000 x 1000 x 8000; 1536 x 1536 x 20000 opA =
// T). Not where k < m + n (1000^3: the narrow row), nor with a side under 128
// (20000 x 48 x 3000, 640 x 96 x 20000), nor where the large row is not
// split at launch (4096 x 4096 x 10000: whole waves), nor where a Gram rule
// comes first (1024 x 1024 x 30000 opA = T: the wide Gram row).
TEST(TilePick, Fp64LongKTakesTheLargeRowWhereItSplits) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using Pick = Table::Pick;
  if constexpr (Table::f64_mma) {
    for (const Shape3& sh : std::vector<Shape3>{{1100, 1100, 25000}, {5000, 256, 12000}, {1000, 1000, 8000},
                                                {1536, 1536, 20000}, {500, 3000, 16000}}) {
      EXPECT_GT((Table::launch_splits<Table::Fp64Large, double>(sh.m, sh.n, sh.k, 132)), 1);
      EXPECT_EQ(Table::blocked_pick<double>(sh.m, sh.n, sh.k, false, true, 132), Pick::Large)
          << sh.m << " x " << sh.n << " x " << sh.k;
    }
    EXPECT_EQ(Table::blocked_pick<double>(1536, 1536, 20000, false, true, 132, true), Pick::Large);
    EXPECT_NE(Table::blocked_pick<double>(1000, 1000, 1000, false, true, 132), Pick::Large);
    EXPECT_NE(Table::blocked_pick<double>(20000, 48, 3000, false, true, 132), Pick::Large);
    EXPECT_NE(Table::blocked_pick<double>(640, 96, 20000, false, true, 132), Pick::Large);
    EXPECT_EQ((Table::launch_splits<Table::Fp64Large, double>(4096, 4096, 10000, 132)), 1);
    EXPECT_EQ(Table::blocked_pick<double>(1024, 1024, 30000, true, true, 132, true), Pick::GramWide);
  } else {
    GTEST_SKIP() << "the fp64 MMA rows' rule (this build's fp64 rows are SIMT ones)";
  }
}

template <class C>
class GpuRows : public ::testing::Test {};
TYPED_TEST_SUITE(GpuRows, AllConfigs, ConfigNames);

// One team of Row::team_size threads: each thread zeroes its accumulators,
// adds two k-steps read from As / Bs (laid out as two scratch stages of BK x
// (BM + PAD) and BK x (BN + PAD) elements, the slices in layouts LA and LB,
// the rest filled with random values too), and stores accumulator (i, j) at
// out(row(rank, i), col(rank, j)), counting the stores.
template <class Row, class T, class E, class LA = kmm::kernels::KRows<Row::BM + Row::PAD>,
          class LB = kmm::kernels::KRows<Row::BN + Row::PAD>>
std::string micro_kernel_case(unsigned seed) {
  using MK = kmm::kernels::MicroKernel<Row, T>;
  constexpr int LDA = Row::BM + Row::PAD, LDB = Row::BN + Row::PAD, BK = Row::BK, BM = Row::BM, BN = Row::BN;
  using Mem = typename E::memory_space;
  Kokkos::View<T*, Mem> As("As", 2 * BK * LDA), Bs("Bs", 2 * BK * LDB);
  Kokkos::View<T**, Kokkos::LayoutRight, Mem> out("out", BM, BN);
  Kokkos::View<int**, Kokkos::LayoutRight, Mem> count("count", BM, BN);
  auto hA = Kokkos::create_mirror_view(As);
  auto hB = Kokkos::create_mirror_view(Bs);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  for (std::size_t e = 0; e < hA.extent(0); ++e) hA(e) = T(uni(rng));
  for (std::size_t e = 0; e < hB.extent(0); ++e) hB(e) = T(uni(rng));
  Kokkos::deep_copy(As, hA);
  Kokkos::deep_copy(Bs, hB);
  Kokkos::deep_copy(out, std::numeric_limits<T>::quiet_NaN());
  // The micro-kernel reads team scratch (ld.shared on a GPU): the team copies
  // As and Bs into it first, as the pipeline's stages would hold them.
  using policy = Kokkos::TeamPolicy<E>;
  using scratch = Kokkos::View<T*, typename E::scratch_memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  constexpr int elems = 2 * BK * (LDA + LDB), pad = 64 / int(sizeof(T));
  Kokkos::parallel_for(
      "micro_kernel_case",
      policy(E(), 1, Row::team_size).set_scratch_size(0, Kokkos::PerTeam(scratch::shmem_size(elems + pad))),
      KOKKOS_LAMBDA(const typename policy::member_type& team) {
        scratch raw(team.team_scratch(0), elems + pad);
        T* const sa = kmm::detail::align_up<64>(raw.data());
        T* const sb = sa + 2 * BK * LDA;
        const int rank = team.team_rank();
        for (int e = rank; e < 2 * BK * LDA; e += team.team_size()) sa[e] = As(e);
        for (int e = rank; e < 2 * BK * LDB; e += team.team_size()) sb[e] = Bs(e);
        team.team_barrier();
        typename MK::acc_type acc;
        MK::zero(acc);
        for (int s = 0; s < 2; ++s)
          kmm::kernels::compute_k_step<MK, LA, LB>(sa + s * BK * LDA, sb + s * BK * LDB, rank, acc);
        for (int j = 0; j < MK::TN; ++j)
          for (int i = 0; i < MK::TM; ++i) {
            const int r = MK::row(rank, i), c = MK::col(rank, j);
            out(r, c) = acc[j][i];
            Kokkos::atomic_increment(&count(r, c));
          }
      });
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  auto hc = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), count);
  // The stages as matrices: a is op(A)^T, 2 BK x BM, b is op(B), 2 BK x BN,
  // each element read where its layout puts it; the harness's reference and
  // bound.
  using HostMatrix = Kokkos::View<T**, Kokkos::LayoutRight, Kokkos::HostSpace>;
  const HostMatrix a("a", 2 * BK, BM), b("b", 2 * BK, BN);
  for (int s = 0; s < 2; ++s)
    for (int kk = 0; kk < BK; ++kk) {
      for (int r = 0; r < BM; ++r) a(s * BK + kk, r) = hA(s * BK * LDA + LA::at(kk, r));
      for (int c = 0; c < BN; ++c) b(s * BK + kk, c) = hB(s * BK * LDB + LB::at(kk, c));
    }
  const Kokkos::View<T**, Kokkos::LayoutRight, Kokkos::HostSpace> c0("c0", BM, BN);
  const Expected e = expected_gemm<T>(Op::T, Op::N, 1.0, a, b, 0.0, c0);
  for (int r = 0; r < BM; ++r)
    for (int c = 0; c < BN; ++c) {
      std::ostringstream where;
      where << "element (" << r << ", " << c << ") of the " << BM << " x " << BN << " block";
      if (hc(r, c) != 1) return where.str() + " written " + std::to_string(hc(r, c)) + " times";
      if (!e.holds(r, c, double(h(r, c))))
        return where.str() + ": " + std::to_string(double(h(r, c))) + ", expected " + std::to_string(e.ref(r, c));
    }
  return "";
}

TYPED_TEST(GpuRows, MicroKernelAlone) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if constexpr (kmm::detail::is_host_space<E>()) {
    GTEST_SKIP() << "the GPU micro-kernel runs on GPU spaces only (host micro-kernels: kmm-test-host)";
  } else {
    using Table = kmm::TileTable<E>;
    EXPECT_EQ((micro_kernel_case<typename Table::template blocked<T>, T, E>(11)), "");
    EXPECT_EQ((micro_kernel_case<typename Table::template blocked_mid<T>, T, E>(12)), "");
    EXPECT_EQ((micro_kernel_case<typename Table::template blocked_narrow<T>, T, E>(13)), "");
    if constexpr (std::is_same<T, double>::value && Table::f64_mma) {  // op(A) along k: 16-deep k-major stages
      EXPECT_EQ((micro_kernel_case<typename Table::template blocked_narrow<T, 0>, T, E, kmm::kernels::KColumns<16>>(
                    14)),
                "");
      // the 48-column rows: warp tiles of 2 x 6 MMA tiles
      EXPECT_EQ((micro_kernel_case<typename Table::template blocked_narrow<T, 1, true>, T, E>(15)), "");
      EXPECT_EQ((micro_kernel_case<typename Table::template blocked_narrow<T, 0, true>, T, E,
                                   kmm::kernels::KColumns<16>, kmm::kernels::KColumns<16>>(16)),
                "");
      // the mid row's edge form (no fragments ahead)
      EXPECT_EQ((micro_kernel_case<typename Table::Fp64MidEdge, T, E>(17)), "");
    }
  }
}

// Both fp64 MMA shapes, with warp tiles of 2 x 4 and 1 x 1 MMA tiles and a
// team of several warps (warp w's tile position from w).
using DmmaK4 = kmm::GpuRow<kmm::Block<128, 64, 8>, kmm::WarpTile<64, 32>, kmm::FragmentPacks<2, 2>,
                           kmm::ScratchPad<4>, kmm::AsyncAll, kmm::MinBlocksPerSM<2>, kmm::GroupedRows<8>,
                           kmm::Dmma<16, 8, 4>>;
using DmmaK8 = kmm::GpuRow<kmm::Block<64, 64, 16>, kmm::WarpTile<32, 32>, kmm::FragmentPacks<2, 2>,
                           kmm::ScratchPad<4>, kmm::AsyncAll, kmm::MinBlocksPerSM<2>, kmm::GroupedRows<8>,
                           kmm::Dmma<16, 8, 8>>;
using DmmaSmall = kmm::GpuRow<kmm::Block<32, 16, 8>, kmm::WarpTile<16, 8>, kmm::FragmentPacks<2, 2>,
                              kmm::ScratchPad<4>, kmm::AsyncAll, kmm::MinBlocksPerSM<1>, kmm::RowByRow,
                              kmm::Dmma<16, 8, 8>>;
TYPED_TEST(GpuRows, DmmaFragments) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if constexpr (kmm::detail::is_host_space<E>()) {
    GTEST_SKIP() << "the GPU micro-kernels run on GPU spaces only";
  } else if constexpr (!std::is_same<T, double>::value) {
    GTEST_SKIP() << "fp64 MMA micro-kernel: double only";
  } else if constexpr (!kmm::TileTable<E>::f64_mma) {
    GTEST_SKIP() << "this build's GPU architecture has no fp64 MMA (sm_80 and newer)";
  } else {
    using kmm::kernels::KColumns;
    using kmm::kernels::KRows;
    EXPECT_EQ((micro_kernel_case<DmmaK4, T, E>(21)), "");
    EXPECT_EQ((micro_kernel_case<DmmaK8, T, E>(22)), "");
    EXPECT_EQ((micro_kernel_case<DmmaSmall, T, E>(23)), "");
    // the table's 96-row row: three warps along m, two along n
    EXPECT_EQ((micro_kernel_case<typename kmm::TileTable<E>::Fp64MmaShort, T, E>(31)), "");
    // k-major stages (operands contiguous along k) for either operand and
    // both, as the pipeline picks them for the op combinations (DmmaSmall: a
    // warp tile of one MMA tile, warps 8 columns apart)
    static_assert(kmm::kernels::MicroKernel<DmmaK4, T>::READS_K_MAJOR, "DmmaK4 reads k-major stages");
    using RowsA = KRows<DmmaK4::BM + DmmaK4::PAD>;
    using RowsB = KRows<DmmaK4::BN + DmmaK4::PAD>;
    EXPECT_EQ((micro_kernel_case<DmmaK4, T, E, KColumns<8>, RowsB>(24)), "");
    EXPECT_EQ((micro_kernel_case<DmmaK4, T, E, RowsA, KColumns<8>>(25)), "");
    EXPECT_EQ((micro_kernel_case<DmmaK4, T, E, KColumns<8>, KColumns<8>>(26)), "");
    EXPECT_EQ((micro_kernel_case<DmmaSmall, T, E, KColumns<8>, KColumns<8>>(27)), "");
    // 16-deep k-steps (DmmaK8: two 16x8x8 MMA steps per k-step)
    static_assert(kmm::kernels::MicroKernel<DmmaK8, T>::READS_K_MAJOR, "DmmaK8 reads k-major stages");
    using RowsA8 = KRows<DmmaK8::BM + DmmaK8::PAD>;
    using RowsB8 = KRows<DmmaK8::BN + DmmaK8::PAD>;
    EXPECT_EQ((micro_kernel_case<DmmaK8, T, E, KColumns<16>, RowsB8>(28)), "");
    EXPECT_EQ((micro_kernel_case<DmmaK8, T, E, RowsA8, KColumns<16>>(29)), "");
    EXPECT_EQ((micro_kernel_case<DmmaK8, T, E, KColumns<16>, KColumns<16>>(30)), "");
  }
}

// Rows whose code paths the table's rows leave out: fp32 staged through
// registers only (no cp.async), fp64 with AsyncAll (k-contiguous operands by
// cp.async, element by element). The harness's shapes cover whole tiles
// (256 x 384 x 48: the WholeTiles kernel where packs fit) and edges; the
// layouts put each operand unit-stride along m (n) and along k.
using RegisterFp32 = kmm::GpuRow<kmm::Block<128, 64, 16>, kmm::ThreadTile<8, 8>, kmm::FragmentPacks<4, 4>,
                                 kmm::ScratchPad<4>, kmm::RegisterStaging, kmm::MinBlocksPerSM<2>, kmm::GroupedRows<8>>;
using AsyncAllFp64 = kmm::GpuRow<kmm::Block<128, 64, 8>, kmm::ThreadTile<8, 8>, kmm::FragmentPacks<2, 2>,
                                 kmm::ScratchPad<2>, kmm::AsyncAll, kmm::MinBlocksPerSM<2>, kmm::RowByRow>;
template <class Fp32Row, class Fp64Row>
struct RowKernel {
  template <class E, class T, class AV, class BV, class CV>
  void operator()(const E& space, Op opA, Op opB, T alpha, const AV& A, const BV& B, T beta, const CV& C) const {
    using Row = std::conditional_t<std::is_same<T, float>::value, Fp32Row, Fp64Row>;
    kmm::gemm_blocked<Row>(space, opA, opB, alpha, A, B, beta, C);
  }
};
TYPED_TEST(GpuRows, TuningRowPathsMatchReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if constexpr (kmm::detail::is_host_space<E>()) {
    GTEST_SKIP() << "GPU rows run on GPU spaces only (host backends have one frame: kmm-test-blocked, kmm-test-host)";
  } else {
    unsigned seed = 4321;
    sweep_layouts<T, E, Lay::L, Lay::R, Lay::L>(RowKernel<RegisterFp32, AsyncAllFp64>{}, seed);
    sweep_layouts<T, E, Lay::R, Lay::L, Lay::S>(RowKernel<RegisterFp32, AsyncAllFp64>{}, seed);
  }
}
// On fp64 MMA builds the table's fp64 rows are MMA ones: the SIMT fp64 row
// (the table's on older GPUs) and the 16x8x8 MMA through the harness.
TYPED_TEST(GpuRows, OtherFp64MicroKernelsMatchReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if constexpr (kmm::detail::is_host_space<E>()) {
    GTEST_SKIP() << "GPU rows run on GPU spaces only";
  } else if constexpr (!std::is_same<T, double>::value || !kmm::TileTable<E>::f64_mma) {
    GTEST_SKIP() << "fp64 on a build with fp64 MMA only (elsewhere the SIMT fp64 row is the table's)";
  } else {
    using Table = kmm::TileTable<E>;
    unsigned seed = 5432;
    sweep_layouts<T, E, Lay::L, Lay::L, Lay::L>(RowKernel<RegisterFp32, typename Table::Fp64SimtLarge>{}, seed);
    sweep_layouts<T, E, Lay::L, Lay::R, Lay::L>(RowKernel<RegisterFp32, DmmaK8>{}, seed);
    sweep_layouts<T, E, Lay::R, Lay::L, Lay::S>(RowKernel<RegisterFp32, DmmaK8>{}, seed);
  }
}

// The split-k rule of the GPU table (a host function, so every build checks
// it): no split where the blocks fill the device, one wave of blocks x
// splits otherwise, at least 8 k-steps per split, partials within 256 MiB.
TEST(SplitKRule, FillsTheDeviceWithinItsLimits) {
  using Table = kmm::TileTable<Kokkos::DefaultHostExecutionSpace, false>;  // the GPU table
  using R = Table::Fp64Mid;
  for (int sms : {1, 16, 108, 132}) {
    const i64 slots = i64(sms) * R::min_blocks;
    for (const Shape3& sh : std::vector<Shape3>{{64, 64, 500000}, {35, 700, 2048}, {7680, 64, 2560},
                                                {1000, 1000, 1000}, {8192, 8192, 8192}, {64, 64, 64},
                                                {100000, 100000, 10000}, {3, 2, 1500}}) {
      const int s = Table::k_splits<R, double>(sh.m, sh.n, sh.k, sms);
      const i64 blocks = ((sh.m + R::BM - 1) / R::BM) * ((sh.n + R::BN - 1) / R::BN);
      const i64 steps = (sh.k + R::BK - 1) / R::BK;
      const std::string where = std::to_string(sh.m) + " x " + std::to_string(sh.n) + " x " +
                                std::to_string(sh.k) + " on " + std::to_string(sms) + " SMs";
      ASSERT_GE(s, 1) << where;
      if (s == 1) {
        EXPECT_TRUE(2 * blocks > slots || steps < 16 || double(sh.m) * double(sh.n) * 16 > double(256 << 20))
            << where << ": not split";
        continue;
      }
      if (2 * blocks > slots) {  // a partial wave: at most 4 splits, the busiest multiprocessor's k-steps fewer
        EXPECT_LE(blocks, slots) << where << ": more than one wave split";
        EXPECT_LE(s, 4) << where;
        const auto busiest = [&](i64 q) { return (blocks * q + sms - 1) / sms * ((steps + q - 1) / q); };
        EXPECT_LT(busiest(s), busiest(1)) << where;
      } else {
        EXPECT_LE(blocks * s, slots) << where << ": " << s << " splits overfill one wave";
      }
      EXPECT_GE(steps / s, 8) << where << ": " << s << " splits of fewer than 8 k-steps";
      EXPECT_LE(double(s) * double(sh.m) * double(sh.n) * 8, double(256 << 20)) << where;
    }
  }
  // the Gram product of tall panels splits; a large square does not
  EXPECT_GT((Table::k_splits<R, double>(64, 64, 500000, 132)), 100);
  EXPECT_EQ((Table::k_splits<R, double>(8192, 8192, 8192, 132)), 1);
  // partial waves of the fp32 large row (528 slots on 132 SMs): 1500^3's 288
  // blocks split 4 ways (3 x 94 k-steps on the busiest SM -> 9 x 24), 1800^3's
  // 435 3 ways, 2000^3's 512 not (4 x 125 k-steps, no split does better)
  using L = Table::Fp32Large;
  EXPECT_EQ((Table::k_splits<L, float>(1500, 1500, 1500, 132)), 4);
  EXPECT_EQ((Table::k_splits<L, float>(1800, 1800, 1800, 132)), 3);
  EXPECT_EQ((Table::k_splits<L, float>(2000, 2000, 2000, 132)), 1);
  // the search stays within the limits: 1100 x 2400 x 256's 342 blocks have
  // 16 k-steps, so at most 2 splits, which leave the busiest SM its 48 k-steps
  EXPECT_EQ((Table::k_splits<L, float>(1100, 2400, 256, 132)), 1);
}

// The launch's split count (launch_splits): k_splits' count but where a
// row's part-filled rounds cost 10 % more in the model than another
// count's, within the same limits; products with k < m + n whose C is more
// than a sixteenth of the operands (16 m n > (m + n) k) keep k_splits'
// count (rows of four or more blocks per multiprocessor: the next test).
TEST(SplitKRule, LaunchFinishesPartFilledWaves) {
  using Table = kmm::TileTable<Kokkos::DefaultHostExecutionSpace, false>;  // the GPU table
  using Wide = Table::Fp64MmaGramWide;  // (the MMA rows by name: every build computes their counts)
  // 768 x 768 x 40000 on the wide Gram row (2 per SM, 264 slots): 72 blocks x
  // 3 splits fill 216 slots, 2 rounds' worth on 84 SMs; 11 splits, 6 items
  // on every SM; 3000 x 256 x 20000: 94 blocks x 2 -> x 8
  EXPECT_EQ((Table::k_splits<Wide, double>(768, 768, 40000, 132)), 3);
  EXPECT_EQ((Table::launch_splits<Wide, double>(768, 768, 40000, 132)), 11);
  EXPECT_EQ((Table::launch_splits<Wide, double>(3000, 256, 20000, 132)), 8);
  // unsplit by k_splits (235 blocks of the mid row's 396 slots, two rounds'
  // worth on some SMs), split 3 ways here: 6 items, two full rounds
  EXPECT_EQ((Table::k_splits<Table::Fp64MmaMid, double>(3000, 300, 10000, 132)), 1);
  EXPECT_EQ((Table::launch_splits<Table::Fp64MmaMid, double>(3000, 300, 10000, 132)), 3);
  // full rounds already: 512 x 512 x 50000 (32 blocks x 8 splits, 256 slots)
  EXPECT_EQ((Table::launch_splits<Wide, double>(512, 512, 50000, 132)),
            (Table::k_splits<Wide, double>(512, 512, 50000, 132)));
  // C large beside k: fp64 1000^3 keeps k_splits' count; thin C (16 m n <=
  // (m + n) k) does not: 60000 x 20 x 700's 469 blocks of the 16-deep
  // narrow row (396 slots) split 2 ways
  EXPECT_EQ((Table::launch_splits<Table::Fp64MmaNarrow, double>(1000, 1000, 1000, 132)), 1);
  EXPECT_EQ((Table::k_splits<Table::Fp64MmaNarrowK, double>(60000, 20, 700, 132)), 1);
  EXPECT_EQ((Table::launch_splits<Table::Fp64MmaNarrowK, double>(60000, 20, 700, 132)), 2);
  // fp32: the large row (four blocks per SM) keeps its partial-wave search;
  // the narrow row (two) finishes its waves, a lone block in the last round
  // counted as two thirds of one: 40000 x 70 x 3000's 313 blocks (1.2 waves
  // of 264) split 4 ways, 35000 x 66 x 2500's 274 too, 80000 x 96 x 2000's
  // 625 (2.4 waves) stay whole
  EXPECT_EQ((Table::launch_splits<Table::Fp32Large, float>(1500, 1500, 1500, 132)), 4);
  EXPECT_EQ((Table::k_splits<Table::Fp32Narrow, float>(40000, 70, 3000, 132)), 1);
  EXPECT_EQ((Table::launch_splits<Table::Fp32Narrow, float>(40000, 70, 3000, 132)), 4);
  EXPECT_EQ((Table::launch_splits<Table::Fp32Narrow, float>(35000, 66, 2500, 132)), 4);
  EXPECT_EQ((Table::launch_splits<Table::Fp32Narrow, float>(80000, 96, 2000, 132)), 1);
  // ... and the rule then keeps 20000 x 90 x 8000 (157 blocks) on the narrow
  // row split 3 ways, where it gave it the large row split 2 ways before
  EXPECT_EQ((Table::launch_splits<Table::Fp32Narrow, float>(20000, 90, 8000, 132)), 3);
  EXPECT_EQ((Table::blocked_pick<float>(20000, 90, 8000, false, true, 132)), Table::Pick::Narrow);
  // within k_splits' limits everywhere: at least 8 k-steps a split, partials
  // at most 256 MiB, and only where k >= m + n or C is thin
  using R = Table::Fp64Mid;
  for (int sms : {1, 16, 108, 132})
    for (i64 m : {1, 40, 300, 768, 3000, 20000})
      for (i64 n : {1, 48, 256, 768, 3000})
        for (i64 k : {1, 64, 2000, 10000, 40000, 400000}) {
          const int s = Table::launch_splits<R, double>(m, n, k, sms);
          const int s0 = Table::k_splits<R, double>(m, n, k, sms);
          const std::string where = std::to_string(m) + " x " + std::to_string(n) + " x " + std::to_string(k) +
                                    " on " + std::to_string(sms) + " SMs";
          ASSERT_GE(s, 1) << where;
          if (s == s0) continue;
          EXPECT_TRUE(k >= m + n || 16 * m * n <= (m + n) * k) << where << ": C large beside the operands";
          EXPECT_GE((k + R::BK - 1) / R::BK / s, 8) << where << ": " << s << " splits of fewer than 8 k-steps";
          EXPECT_LE(double(s) * double(m) * double(n) * 8, double(256 << 20)) << where;
        }
}

// fp32 rows of four or more blocks per SM (GridRules::spread_splits): where
// k_splits fills one wave that falls unevenly on the SMs, more splits that
// even it out by at least spread_margin %; where that one wave split C's
// blocks though they outnumber the SMs, unsplit where the busiest SM's
// blocks model at least spread_margin % under it; else never fewer than
// k_splits'. A count that leaves a block alone in the last round only for
// items of at least spread_lone_steps k-steps. fp64 keeps k_splits' count.
TEST(SplitKRule, Fp32SplitsSpreadEvenly) {
  using Table = kmm::TileTable<Kokkos::DefaultHostExecutionSpace, false>;  // the GPU table
  using L = Table::Fp32Large;
  // 9386 x 126 x 3631: 148 blocks x 3 = 444 items (four on 48 SMs, three on
  // 84) -> 6 splits, 888 items (seven and six); 12710 x 105 x 4044: 200
  // blocks x 2 -> x 5 (1000 items, eight on 76 SMs); 103 x 13857 x 2319: 217
  // x 2 -> x 3 (five items, one alone in the second round, 49 k-steps each)
  EXPECT_EQ((Table::k_splits<L, float>(9386, 126, 3631, 132)), 3);
  EXPECT_EQ((Table::launch_splits<L, float>(9386, 126, 3631, 132)), 6);
  EXPECT_EQ((Table::k_splits<L, float>(12710, 105, 4044, 132)), 2);
  EXPECT_EQ((Table::launch_splits<L, float>(12710, 105, 4044, 132)), 5);
  EXPECT_EQ((Table::launch_splits<L, float>(103, 13857, 2319, 132)), 3);
  // a lone block on items shorter than 40 k-steps: 67 x 6789 x 1120 keeps 4
  // (107 blocks)
  EXPECT_EQ((Table::launch_splits<L, float>(67, 6789, 1120, 132)), 4);
  // blocks that outnumber the SMs, split 2 ways into one wave: unsplit where
  // that gives the busiest SM fewer k-steps (437 x 2237 x 364 on the mid
  // row: two blocks of 23 k-steps against four items of 12 and partials;
  // 3204 x 494 x 751 on the large row, 208 blocks), not where more splits
  // spread them better (12710 x 105 x 4044 above: 5) nor where the blocks
  // are fewer than the SMs (1000 x 1000 x 500: 128 large blocks, 4 splits)
  using M = Table::Fp32Mid;
  EXPECT_EQ((Table::k_splits<M, float>(437, 2237, 364, 132)), 2);
  EXPECT_EQ((Table::launch_splits<M, float>(437, 2237, 364, 132)), 1);
  EXPECT_EQ((Table::launch_splits<L, float>(3204, 494, 751, 132)), 1);
  EXPECT_EQ((Table::launch_splits<L, float>(1000, 1000, 500, 132)), 4);
  // also where the blocks fill more than half the slots: 2564 x 1460 x 376,
  // 483 large blocks, k_splits' 3 (busiest 88 k-steps against 96) in items
  // of 8 k-steps; 1024 x 3444 x 408, 432 blocks, 3 in items of 9
  EXPECT_EQ((Table::k_splits<L, float>(2564, 1460, 376, 132)), 3);
  EXPECT_EQ((Table::launch_splits<L, float>(2564, 1460, 376, 132)), 1);
  EXPECT_EQ((Table::k_splits<L, float>(1024, 3444, 408, 132)), 3);
  EXPECT_EQ((Table::launch_splits<L, float>(1024, 3444, 408, 132)), 1);
  // fp64's four-block rows keep k_splits' count
  using G = Table::Fp64MmaGram;
  EXPECT_EQ((Table::launch_splits<G, double>(9386, 126, 3631, 132)), (Table::k_splits<G, double>(9386, 126, 3631, 132)));
  // everywhere: at least k_splits' count, at most four times it, within its
  // limits, and where it differs at least spread_margin % under it in the
  // model, with no lone block on short items
  for (int sms : {16, 108, 132})
    for (i64 m : {40, 300, 1000, 4000, 13000})
      for (i64 n : {36, 100, 700, 7000})
        for (i64 k : {64, 700, 2000, 5000, 40000}) {
          const int s = Table::launch_splits<L, float>(m, n, k, sms), s0 = Table::k_splits<L, float>(m, n, k, sms);
          const std::string where = std::to_string(m) + " x " + std::to_string(n) + " x " + std::to_string(k) +
                                    " on " + std::to_string(sms) + " SMs";
          if (s == s0) continue;
          EXPECT_GE(s0, 2) << where;
          EXPECT_LE(s, 4 * s0) << where;
          const i64 b = ((m + L::BM - 1) / L::BM) * ((n + L::BN - 1) / L::BN), steps = (k + L::BK - 1) / L::BK;
          const auto cost = [&](i64 q) {
            return (b * q + sms - 1) / sms * ((steps + q - 1) / q + Table::split_item_steps) +
                   L::min_blocks * Table::partial_steps<L, float>(q, m, n, sms);
          };
          if (s < s0) {  // unsplit: blocks that outnumber the SMs, which k_splits' one wave split into short items
            EXPECT_EQ(s, 1) << where;
            EXPECT_GT(b, sms) << where << ": " << b << " blocks";
            EXPECT_LT((steps + s0 - 1) / s0, Table::spread_lone_steps) << where << ": items of " << s0 << " splits";
            EXPECT_LE(100 * ((b + sms - 1) / sms * steps), (100 - Table::spread_margin) * cost(s0)) << where;
            continue;
          }
          EXPECT_GE(steps / s, 8) << where << ": " << s << " splits of fewer than 8 k-steps";
          EXPECT_LE(double(s) * double(m) * double(n) * 4, double(256 << 20)) << where;
          EXPECT_LE(100 * cost(s), (100 - Table::spread_margin) * cost(s0)) << where;
          const i64 items = (b * s + sms - 1) / sms;
          if (items > L::min_blocks && items % L::min_blocks == 1)
            EXPECT_GE((steps + s - 1) / s, Table::spread_lone_steps) << where << ": a lone block on short items";
        }
}

// The last wave split (TileTable::tail_split), on 132 SMs: 2500^3's 800
// large blocks (three waves of 264 and 8 blocks) computed as C less its last
// block column, then that column (4 columns of C) split 13 ways; 3210 x
// 2100 x 4321 (858 blocks) less its last two block rows, those split 4
// ways; 8192^3 (31 waves and 8 blocks) less its last block column, split 4
// ways. Not where the waves are whole or the last one more than half full,
// not on fp32 rows, not within one wave. Rows of three blocks per SM
// (GridRules::round_sixths): 17506 x 84 x 935 on the 16-deep narrow row's
// deep form, 411 blocks for 396 slots, less its last five block rows, those
// split 7 ways; not where the last round has two blocks on an SM (the mid
// row's 548 blocks of 17506 x 128, its 1600 of 2500^3: 16 blocks over 132
// SMs, one each, but four waves beside them). Everywhere: whole lines, at
// most W waves before them, splits within k_splits' limits. (The
// dispatcher asks only where launch_splits leaves the product whole.)
TEST(SplitKRule, TailSplitFinishesTheLastWave) {
  using Table = kmm::TileTable<Kokkos::DefaultHostExecutionSpace, false>;  // the GPU table
  using L = Table::Fp64MmaLarge;
  const auto t2500 = Table::tail_split<L, double>(2500, 2500, 2500, 132);
  ASSERT_TRUE(t2500.has_value());
  EXPECT_FALSE(t2500->rows);
  EXPECT_EQ(t2500->from, 2496);
  EXPECT_EQ(t2500->splits, 13);
  const auto t3210 = Table::tail_split<L, double>(3210, 2100, 4321, 132);
  ASSERT_TRUE(t3210.has_value());
  EXPECT_TRUE(t3210->rows);
  EXPECT_EQ(t3210->from, 3072);
  EXPECT_EQ(t3210->splits, 4);
  const auto t8192 = Table::tail_split<L, double>(8192, 8192, 8192, 132);
  ASSERT_TRUE(t8192.has_value());
  EXPECT_FALSE(t8192->rows);
  EXPECT_EQ(t8192->from, 8128);
  EXPECT_FALSE((Table::tail_split<L, double>(4096, 4096, 4096, 132)));        // 7.76 waves
  EXPECT_FALSE((Table::tail_split<L, double>(2048, 2048, 2048, 132)));        // 1.94
  EXPECT_FALSE((Table::tail_split<L, double>(16384, 16384, 384, 132)));       // short k: 124.1 waves, no gain
  EXPECT_FALSE((Table::tail_split<L, double>(1408, 1536, 2048, 132)));        // 264 blocks: one whole wave
  EXPECT_FALSE((Table::tail_split<L, double>(1100, 1100, 25000, 132)));       // under one wave
  EXPECT_FALSE((Table::tail_split<Table::Fp32Large, float>(2500, 2500, 2500, 132)));
  EXPECT_FALSE((Table::tail_split<Table::Fp32Mid, float>(2500, 2500, 2500, 132)));
  EXPECT_FALSE((Table::tail_split<Table::Fp64MmaMid, double>(2500, 2500, 2500, 132)));
  const auto t17506 = Table::tail_split<Table::Fp64MmaNarrowKDeep, double>(17506, 84, 935, 132);
  ASSERT_TRUE(t17506.has_value());
  EXPECT_TRUE(t17506->rows);
  EXPECT_EQ(t17506->from, 16896);
  EXPECT_EQ(t17506->splits, 7);
  EXPECT_FALSE((Table::tail_split<Table::Fp64MmaMid, double>(17506, 128, 935, 132)));  // 152 blocks past one wave
  EXPECT_FALSE((Table::tail_split<Table::Fp64MmaGram, double>(17506, 84, 935, 132)));  // four blocks per SM
  for (int sms : {1, 2, 16, 108, 132})
    for (i64 m : {100, 300, 1000, 2500, 3210, 8192})
      for (i64 n : {64, 150, 700, 2100, 4321})
        for (i64 k : {64, 517, 3000, 20000}) {
          const auto t = Table::tail_split<L, double>(m, n, k, sms);
          if (!t) continue;
          const std::string where = std::to_string(m) + " x " + std::to_string(n) + " x " + std::to_string(k) +
                                    " on " + std::to_string(sms) + " SMs";
          const i64 bm = (m + L::BM - 1) / L::BM, bn = (n + L::BN - 1) / L::BN, slots = 2 * sms;
          const i64 unit = t->rows ? L::BM : L::BN, extent = t->rows ? m : n;
          EXPECT_EQ(t->from % unit, 0) << where;
          EXPECT_TRUE(t->from > 0 && t->from < extent) << where << ": from " << t->from;
          const i64 head = (t->rows ? t->from / L::BM * bn : bm * (t->from / L::BN));
          EXPECT_LE(head, bm * bn / slots * slots) << where << ": the first part over its whole waves";
          EXPECT_GE(t->splits, 2) << where;
          EXPECT_GE((k + L::BK - 1) / L::BK / t->splits, 8) << where << ": splits of fewer than 8 k-steps";
        }
}

// Operand repacking's rule and facts (any backend: host functions; the
// copies themselves: GemmBlocked.RepackedOperandsMatchReference, GPU).
// Which operands need a copy: odd leading dimensions along either
// direction and data off 16 bytes do, padded ones do not; the table then
// copies both or neither, by reuse and size, never for fp32 with both
// along k; the panels hold all lines or 256-line multiples within their
// bytes.
// Operands whose packs do not align take the pack pipeline where C is one
// block row or column of the row (the thin C the A/B gained on), and the
// element path elsewhere.
TEST(UnalignedRule, PipelineForOneBlockRowOrColumn) {
  using Table = kmm::TileTable<Kokkos::DefaultExecutionSpace, false>;
  using Large = typename Table::Fp32Large;    // 128 x 64
  using Narrow = typename Table::Fp32Narrow;  // 128 x 96
  for (auto mn : {std::pair<long, long>{15536, 34}, {5910, 64}, {82, 4980}, {112, 115}, {128, 1000}})
    EXPECT_TRUE(Table::template unaligned_pipeline<Large>(mn.first, mn.second)) << mn.first << " x " << mn.second;
  for (auto mn : {std::pair<long, long>{15149, 100}, {4491, 112}, {999, 999}, {129, 65}})
    EXPECT_FALSE(Table::template unaligned_pipeline<Large>(mn.first, mn.second)) << mn.first << " x " << mn.second;
  EXPECT_TRUE(Table::template unaligned_pipeline<Narrow>(20256, 96));
  EXPECT_FALSE(Table::template unaligned_pipeline<Narrow>(20256, 97));
}
TEST(RepackRule, BothOrNeitherByReuse) {
  using Table = kmm::TileTable<Kokkos::DefaultHostExecutionSpace, false>;  // the GPU table
  using Left = Kokkos::View<double**, Kokkos::LayoutLeft, Kokkos::HostSpace>;
  using Facts = kmm::kernels::Operands<false, false, Left, Left, Left>;
  Left a("a", 999, 500), b("b", 500, 300), c("c", 999, 300);
  const Facts odd(a, b, c);  // op(A) along m, columns 999 doubles apart; op(B) along k, 500 apart
  EXPECT_TRUE(odd.a_repackable<2>()) << "op(A) 999 x 500: its columns start off 16 bytes";
  EXPECT_FALSE(odd.b_repackable<2>()) << "op(B) 500 x 300: columns 500 doubles apart take packs";
  Left a2("a2", 1000, 501), b2("b2", 501, 300), c2("c2", 1000, 300);
  const Facts odd_k(a2, b2, c2);
  EXPECT_FALSE(odd_k.a_repackable<2>()) << "op(A) 1000 x 501: columns 1000 doubles apart take packs";
  EXPECT_TRUE(odd_k.b_repackable<2>()) << "op(B) 501 x 300 along k, columns 501 doubles apart";
  using Unmanaged = Kokkos::View<double**, Kokkos::LayoutLeft, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>;
  const Unmanaged shifted(a2.data() + 1, 998, 501);  // 16-byte packs of data one double off
  Left c3("c3", 998, 300);
  const kmm::kernels::Operands<false, false, Unmanaged, Left, Left> off(shifted, b2, c3);
  EXPECT_TRUE(off.a_repackable<2>()) << "op(A) one double off its alignment";
  // from 3.5 GFLOP; fp64 with op(A) along k to copy: each operand used 512 times; both or neither
  EXPECT_TRUE(Table::repack<double>(true, true, true, true, 2345, 1234, 999));    // 2345 x 1234 x 999 opA = T
  EXPECT_TRUE(Table::repack<double>(true, true, true, true, 3001, 1001, 2001));   // 12 GFLOP
  EXPECT_TRUE(Table::repack<double>(true, true, true, false, 1537, 1537, 1537));  // TT
  EXPECT_FALSE(Table::repack<double>(true, true, true, true, 999, 999, 999));     // 2 GFLOP
  EXPECT_FALSE(Table::repack<double>(true, true, true, true, 8191, 64, 4097));    // op(A) used 64 times
  EXPECT_FALSE(Table::repack<double>(true, true, true, true, 300, 20000, 2000));  // op(B) used 300 times
  EXPECT_TRUE(Table::repack<double>(true, true, false, true, 300, 20000, 2000));  // op(B) in packs
  // otherwise from 1024 uses each
  EXPECT_TRUE(Table::repack<double>(true, false, true, true, 2345, 1234, 999));   // op(A) along m, used 1234 times
  EXPECT_FALSE(Table::repack<double>(true, false, true, true, 2345, 1000, 1999));  // op(A) used 1000 times
  EXPECT_TRUE(Table::repack<double>(true, false, true, true, 2999, 2999, 2999));
  EXPECT_TRUE(Table::repack<double>(false, true, true, true, 4096, 256, 4096));   // op(B) alone, op(A) in packs
  EXPECT_FALSE(Table::repack<double>(false, true, true, true, 4096, 64, 4096));   // 2.1 GFLOP
  EXPECT_TRUE(Table::repack<double>(false, true, true, true, 1999, 801, 3001));   // op(B) used 1999 times
  EXPECT_FALSE(Table::repack<double>(false, true, true, true, 1000, 801, 3001));  // op(B) used 1000 times
  EXPECT_FALSE(Table::repack<double>(false, false, false, true, 9999, 9999, 9999));  // nothing to copy
  // fp32: from 1024 uses each, never with both along k
  EXPECT_TRUE(Table::repack<float>(true, false, true, true, 2999, 2999, 2999));   // NN
  EXPECT_TRUE(Table::repack<float>(true, true, true, false, 2999, 2999, 2999));   // TT
  EXPECT_FALSE(Table::repack<float>(true, true, true, true, 2999, 2999, 2999));   // opA = T: both along k
  EXPECT_FALSE(Table::repack<float>(true, true, false, true, 2999, 2999, 2999));  // op(B) in packs along k
  EXPECT_TRUE(Table::repack<float>(true, false, true, true, 1234, 4321, 777));    // op(B) used 1234 times
  EXPECT_FALSE(Table::repack<float>(true, false, true, true, 777, 777, 4001));    // each used 777 times
  EXPECT_TRUE(Table::repack<float>(true, false, true, true, 1233, 1233, 1233));   // 3.7 GFLOP
  EXPECT_FALSE(Table::repack<float>(true, false, true, true, 1001, 1001, 1001));  // 2 GFLOP
  EXPECT_FALSE(Table::repack<float>(false, false, true, true, 4500, 50, 50));     // 22 MFLOP: the launch costs more
  EXPECT_FALSE(Table::repack<double>(true, false, true, true, 20000, 20000, 4));  // 3.2 GFLOP
  // panels: all lines, or 256-line multiples within the bytes; none where 256 lines exceed them
  EXPECT_EQ(Table::repack_panel(601, 1208, 256 * 1208), 256);
  EXPECT_EQ(Table::repack_panel(601, 1208, 64 << 10), 0);
  EXPECT_EQ(Table::repack_panel(200, 1208, 256 * 1208), 200);
  EXPECT_EQ(Table::repack_panel(8191, 8192 * 8, Table::repack_panel_bytes), 2048);
  EXPECT_EQ(Table::repack_panel(3000, 3008 * 8, Table::repack_panel_bytes), 3000);
  EXPECT_EQ(Table::repack_panel(4096, 500032 * 8, Table::repack_panel_bytes), 0);  // a Gram product's k
  // lines along the copy's unit stride count padded: 33 lines of 4 MB (fp64, k = 500000) take 48
  EXPECT_EQ(Table::repack_panel(33, 4000000, Table::repack_panel_bytes, 16), 0);
  EXPECT_EQ(Table::repack_panel(33, 4000000, Table::repack_panel_bytes, 1), 33);
  EXPECT_EQ(Table::repack_panel(601, 1208, 256 * 1208, 16), 256);
  for (i64 lines : {1, 255, 256, 1000, 100000})
    for (i64 bytes : {4, 1000, 40000, 4000000}) {
      for (i64 pad : {1, 16, 32}) {
        const i64 p = Table::repack_panel(lines, bytes, Table::repack_panel_bytes, pad);
        EXPECT_TRUE(p == lines || p % 256 == 0) << lines << " lines of " << bytes << " bytes: panels of " << p;
        EXPECT_TRUE(p >= 0 && p <= lines && (p + pad - 1) / pad * pad * bytes <= Table::repack_panel_bytes)
            << lines << " lines of " << bytes << " bytes, padded to " << pad << ": panels of " << p;
      }
    }
}

template <int Splits, TableRow W = TableRow::Mid>
struct SplitRowKernel {
  template <class E, class T, class AV, class BV, class CV>
  void operator()(const E& space, Op opA, Op opB, T alpha, const AV& A, const BV& B, T beta, const CV& C) const {
    kmm::gemm_blocked<table_row<W, E, T>>(space, opA, opB, alpha, A, B, beta, C, Splits);
  }
};
// The table's mid-size row split 2, 3 and 7 ways (the partials added by
// the reduction's pack form in one chunk), 12 ways (the grouped form on the
// harness' shapes, the pack form in two chunks on 640 x 420) and 150 ways
// (the grouped form; kernels/split_k.hpp), its narrow rows 5 ways (fp64: 8- and 16-deep; the
// 48-column ones 3 and 5 ways) and its fp64 large row 4 ways
// and Gram rows 3 and 6 ways (16-deep k-steps) and the wide Gram row 2 ways
// (both operands along k in NN on R L), the 96-row row 3 ways (L R L):
// the mid row's edge form 3 ways (L R L):
// every shape of the harness (edges in every dimension, k not a multiple of
// the k-step, so the last split ends with the element path; interior blocks
// with packs), both unit-stride directions of C for the partials' layout.
TYPED_TEST(GpuRows, SplitKMatchesReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if constexpr (kmm::detail::is_host_space<E>()) {
    GTEST_SKIP() << "split-k is a GPU Blocked path (host backends: kmm-test-blocked, kmm-test-host)";
  } else {
    unsigned seed = 6543;
    sweep_layouts<T, E, Lay::L, Lay::R, Lay::L>(SplitRowKernel<2>{}, seed);
    sweep_layouts<T, E, Lay::R, Lay::L, Lay::R>(SplitRowKernel<3>{}, seed);
    sweep_layouts<T, E, Lay::L, Lay::L, Lay::S>(SplitRowKernel<7>{}, seed);
    static_assert(12 > kmm::kernels::kReduceChunk, "12 splits: more than one chunk of the pack form");
    // on a GPU of 132 multiprocessors the harness' C of fewer than 16,896
    // packs (elements where C takes none) take the grouped form, the larger
    // ones (4500 x 50, 256 x 384, 300 x 280) the pack form
    sweep_layouts<T, E, Lay::R, Lay::L, Lay::R>(SplitRowKernel<12>{}, seed);  // (3 x 2 x 1500, 300 x 280 x 72)
    {  // 640 x 420: 67,200 fp32 packs, the pack form for up to 262 multiprocessors (9 and 10 splits)
      const Case wide{640, 420, 389, Op::N, Op::N, Lay::L, Lay::L, Lay::L, -1.5, 0.7};
      EXPECT_EQ((run_case<T, E, Lay::L, Lay::L, Lay::L>(wide, SplitRowKernel<12>{}, ++seed)), "") << wide.str();
    }
    // 150 splits (k = 2395: 150 k-steps of 16 for fp32, 300 of 8 for fp64,
    // the last one partial): each of the grouped form's warps adds a long
    // run of partials (18 or 19); C's 1665 elements part-fill the last run
    // of 32
    for (Op opA : {Op::N, Op::T}) {
      const Case many{37, 45, 2395, opA, Op::N, Lay::R, Lay::L, Lay::R, -1.5, 0.7};
      EXPECT_EQ((run_case<T, E, Lay::R, Lay::L, Lay::R>(many, SplitRowKernel<150>{}, ++seed)), "") << many.str();
    }
    sweep_layouts<T, E, Lay::L, Lay::L, Lay::L>(SplitRowKernel<5, TableRow::Narrow>{}, seed);
    // The PacksOnly split kernel (every k-step by packs: operands aligned,
    // k a multiple of the k-step, edge blocks by packs; the harness' 64^3
    // and 256 x 384 x 48 on L L L take it too): the large row's edge
    // blocks in m and n, 3 and 7 splits, every op, C padded or strided.
    for (Op opA : {Op::N, Op::T})
      for (Op opB : {Op::N, Op::T}) {
        const Case edges{300, 70, 256, opA, opB, Lay::P, Lay::P, Lay::P, -1.5, 0.7};
        EXPECT_EQ((run_case<T, E, Lay::P, Lay::P, Lay::P>(edges, SplitRowKernel<3, TableRow::Large>{}, ++seed)), "")
            << edges.str();
        const Case strided{130, 200, 512, opA, opB, Lay::P, Lay::P, Lay::S, 1.0, 0.0};
        EXPECT_EQ((run_case<T, E, Lay::P, Lay::P, Lay::S>(strided, SplitRowKernel<7, TableRow::Large>{}, ++seed)), "")
            << strided.str();
      }
    if constexpr (std::is_same<T, double>::value) {  // (fp32's large row split: EdgePacksMatchReference)
      sweep_layouts<T, E, Lay::L, Lay::L, Lay::L>(SplitRowKernel<4, TableRow::Large>{}, seed);
      sweep_layouts<T, E, Lay::L, Lay::L, Lay::L>(SplitRowKernel<5, TableRow::NarrowK>{}, seed);
      sweep_layouts<T, E, Lay::L, Lay::R, Lay::R>(SplitRowKernel<3, TableRow::Narrow48>{}, seed);
      sweep_layouts<T, E, Lay::R, Lay::L, Lay::L>(SplitRowKernel<5, TableRow::Narrow48K>{}, seed);
      sweep_layouts<T, E, Lay::R, Lay::L, Lay::L>(SplitRowKernel<3, TableRow::Gram>{}, seed);
      sweep_layouts<T, E, Lay::R, Lay::L, Lay::L>(SplitRowKernel<6, TableRow::GramSmall>{}, seed);
      sweep_layouts<T, E, Lay::R, Lay::L, Lay::L>(SplitRowKernel<2, TableRow::GramWide>{}, seed);
      sweep_layouts<T, E, Lay::L, Lay::R, Lay::L>(SplitRowKernel<3, TableRow::Short>{}, seed);
      sweep_layouts<T, E, Lay::L, Lay::R, Lay::L>(SplitRowKernel<3, TableRow::MidEdge>{}, seed);
    }
  }
}

// Split-k's reduction alone (kernels/split_k.hpp): each form on random
// partials against their double sum, splits on both sides of a chunk's
// edge; C along either direction, its extent along the partials' unit
// stride a multiple of the pack or not (elements), alpha and beta (beta = 0
// on a NaN C). The pack form on every backend (a RangePolicy), the
// grouped form where its teams of up to 1024 threads run (GPU). And which form
// reduce_by_packs picks.
template <class T, class E>
std::string reduction_case(bool by_packs, i64 m, i64 n, bool rows_fast, int splits, T alpha, T beta, unsigned seed) {
  using Mem = typename E::memory_space;
  using kmm::kernels::PartialLayout;
  const i64 c_si = rows_fast ? 1 : n, c_sj = rows_fast ? m : 1, size = m * n;
  const PartialLayout p(m, n, c_si, c_sj);
  constexpr int V = kmm::kernels::reduce_pack<T>();
  const bool c_packs = (rows_fast ? m : n) % V == 0;
  Kokkos::View<T*, Mem> partial("partials", std::size_t(splits * size)), c("c", std::size_t(size));
  auto hp = Kokkos::create_mirror_view(partial);
  auto hc = Kokkos::create_mirror_view(c);
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (std::size_t e = 0; e < hp.extent(0); ++e) hp(e) = T(u(gen));
  for (std::size_t e = 0; e < hc.extent(0); ++e)
    hc(e) = beta == T(0) ? std::numeric_limits<T>::quiet_NaN() : T(u(gen));
  Kokkos::deep_copy(partial, hp);
  Kokkos::deep_copy(c, hc);
  const std::vector<T> c0(hc.data(), hc.data() + size);  // (on a host backend hc is c)
  E space;
  if (by_packs)
    kmm::kernels::reduce_partials_by_packs(space, splits, partial.data(), p, alpha, beta, c.data(), c_si, c_sj,
                                           c_packs);
  else
    kmm::kernels::reduce_partials_grouped(space, splits, partial.data(), p, alpha, beta, c.data(), c_si, c_sj);
  space.fence();
  auto got = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), c);
  for (i64 i = 0; i < m; ++i)
    for (i64 j = 0; j < n; ++j) {
      const i64 at = i * c_si + j * c_sj, q = i * p.si + j * p.sj;
      double sum = 0, mag = 0;
      for (int s = 0; s < splits; ++s) {
        const double v = double(hp(std::size_t(s * size + q)));
        sum += v;
        mag += std::abs(v);
      }
      const double cij = beta == T(0) ? 0.0 : double(c0[std::size_t(at)]);
      const double want = double(alpha) * sum + double(beta) * cij;
      const double bound = double(splits + 3) * double(std::numeric_limits<T>::epsilon()) *
                           (std::abs(double(alpha)) * mag + std::abs(double(beta) * cij));
      const double x = double(got(std::size_t(at)));
      if (!(std::abs(x - want) <= bound)) {
        std::ostringstream o;
        o << (by_packs ? "pack" : "grouped") << " form, " << m << " x " << n
          << (rows_fast ? " (rows fast)" : " (columns fast)") << ", " << splits << " splits, alpha " << alpha
          << ", beta " << beta << ": C(" << i << ", " << j << ") = " << x
          << ", want " << want << " (bound " << bound << ")";
        return o.str();
      }
    }
  return "";
}
TYPED_TEST(GpuRows, SplitKReductionFormsMatchReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  using kmm::kernels::reduce_by_packs;
  EXPECT_TRUE(reduce_by_packs(kmm::kernels::kReduceChunk, 1, 132));
  EXPECT_FALSE(reduce_by_packs(kmm::kernels::kReduceChunk + 1, 132 * 128 - 1, 132));
  EXPECT_TRUE(reduce_by_packs(kmm::kernels::kReduceChunk + 1, 132 * 128, 132));
  EXPECT_TRUE(reduce_by_packs(16, 20000, 132)) << "fp32 100 x 800 x 2048's 20,000 packs";
  EXPECT_FALSE(reduce_by_packs(16, 12250, 132)) << "fp64 35 x 700 x 2048's 12,250 packs";
  EXPECT_TRUE(reduce_by_packs(150, 4 * 128, 4));
  unsigned seed = 8080;
  for (const bool by_packs : {true, false}) {
    if (!by_packs && kmm::detail::is_host_space<E>()) continue;  // (teams of up to 1024 threads: GPU only)
    for (const auto& mn : std::vector<std::pair<i64, i64>>{{36, 20}, {33, 7}, {8, 65}})
      for (const bool rows_fast : {true, false})
        for (const int splits : {1, 2, 8, 9, 16, 17, 40, 300}) {  // 300: two chunks of 8 per warp of 32
          const i64 m = mn.first, n = mn.second;
          EXPECT_EQ((reduction_case<T, E>(by_packs, m, n, rows_fast, splits, T(-1.5), T(0.7), ++seed)), "");
          EXPECT_EQ((reduction_case<T, E>(by_packs, m, n, rows_fast, splits, T(1), T(0), ++seed)), "");
        }
  }
}

// Shared memory against the blocks per multiprocessor a row is made for:
// the fp64 small Gram row (six per multiprocessor) fits six blocks in an
// H100's or H200's 228 KiB (233,472 bytes; the driver reserves 1 KiB per
// block, a Kokkos team (team size + 2) doubles before its scratch) wherever
// an operand is staged k-major, so its grid, sized for six, runs in one
// wave (perf-log: "Stages sized by their layout": with k-major stages
// padded as k-rows are, 4 KiB more per block, five fit and 32 x 96 x 500000
// opA = T ran 1.2 waves). Both operands in k-rows (op(A) along m, op(B)
// along n) take a few bytes more than a sixth: five fit there. (Sizes
// computed on the host; builds without fp64 MMA skip.)
template <class Table>
void expect_small_gram_residency() {
  if constexpr (!Table::f64_mma) {
    GTEST_SKIP() << "the small Gram row is the SIMT mid row on this build (no fp64 MMA)";
  } else {
    using R = typename Table::Fp64MmaGramSmall;
    static_assert(R::min_blocks == 6, "RowResidency: the row was made for six blocks per multiprocessor");
    const auto bytes = [](auto facts) {
      using K = kmm::kernels::GpuBlocked<R, Kokkos::DefaultExecutionSpace, decltype(facts)>;
      return K::scratch_bytes() + std::size_t(R::team_size + 2) * sizeof(double) + 1024;
    };
    using kmm::kernels::OperandFacts;
    const std::size_t sixth = 233472 / 6;
    EXPECT_LE(bytes(OperandFacts<double, 0, 0>{}), sixth) << "op(A) and op(B) along k (Gram products)";
    EXPECT_LE(bytes(OperandFacts<double, 1, 0>{}), sixth) << "op(A) along m, op(B) along k (NN)";
    EXPECT_LE(bytes(OperandFacts<double, 0, 1>{}), sixth) << "op(A) along k, op(B) along n (TT)";
    EXPECT_GT(bytes(OperandFacts<double, 1, 1>{}), sixth) << "both in k-rows: five fit, as the comment says";
  }
}
TEST(RowResidency, SmallGramRowFitsSixBlocksWhereAnOperandIsKMajor) {
  expect_small_gram_residency<kmm::TileTable<Kokkos::DefaultExecutionSpace, false>>();
}

// The deep forms (GpuRows::deep_form, more than 48 KB of stages) against
// TileTable::stages_fit, for every direction pair of their operands, and
// the Gram and 96-row rows' rules (deep_for): each
// fits the blocks per multiprocessor it is made for on an H100 or H200
// (227 KB per block opted in, so scratch_size_max(0) 219 KB with kmm's
// Kokkos; 228 KB per multiprocessor), none where Kokkos lets a team take 40
// KB (3.4 and 4.x as released); on an A100 (155 and 164 KB) only the large
// row's and the 96-row row's (two blocks of 72-77 KB) hold their blocks;
// the 48 KB rows pass
// team_scratch_ok under any Kokkos. (Sizes computed on the host.)
template <class Table, class R, class Facts>
std::int64_t row_bytes() {
  return std::int64_t(kmm::kernels::GpuBlocked<R, Kokkos::DefaultExecutionSpace, Facts>::scratch_bytes());
}
template <class Table, class R, class Facts>
void expect_deep_fit(const char* name, bool fits_a100) {
  const std::int64_t bytes = row_bytes<Table, R, Facts>();
  const std::string where = std::string(name) + ", " + std::to_string(bytes) + " bytes, directions " +
                            std::to_string(Facts::A_FAST) + std::to_string(Facts::B_FAST);
  EXPECT_GT(Table::team_bytes(bytes, R::team_size), Table::block_bytes_without_opt_in) << where;
  EXPECT_TRUE(Table::stages_fit(bytes, R::team_size, R::min_blocks, 227 * 1024 - 8192, 228 * 1024)) << where;
  EXPECT_FALSE(Table::stages_fit(bytes, R::team_size, R::min_blocks, 40 * 1024, 228 * 1024)) << where;
  EXPECT_EQ(Table::stages_fit(bytes, R::team_size, R::min_blocks, 163 * 1024 - 8192, 164 * 1024), fits_a100)
      << where << " on an A100";
}
template <class Table, class R>
void expect_deep_fits(const char* name, bool fits_a100 = false) {
  using kmm::kernels::OperandFacts;
  expect_deep_fit<Table, R, OperandFacts<double, 0, 0>>(name, fits_a100);
  expect_deep_fit<Table, R, OperandFacts<double, 0, 1>>(name, fits_a100);
  expect_deep_fit<Table, R, OperandFacts<double, 1, 0>>(name, fits_a100);
  expect_deep_fit<Table, R, OperandFacts<double, 1, 1>>(name, fits_a100);
}
/// TileTable::deep_for on an H100's or H200's 132 multiprocessors, fp64.
template <class Table, class R>
bool deep_on_h200(std::int64_t m, std::int64_t n, std::int64_t k) {
  return Table::template deep_for<R, double>(m, n, k, 132);
}
template <class Table>
void expect_deep_forms_fit() {
  if constexpr (!Table::f64_mma) {
    GTEST_SKIP() << "the deep forms are fp64 MMA rows (this build has no fp64 MMA)";
  } else {
    expect_deep_fits<Table, typename Table::Fp64MmaNarrowKDeep>("NarrowKDeep");
    expect_deep_fits<Table, typename Table::Fp64MmaNarrow48KDeep>("Narrow48KDeep");
    expect_deep_fits<Table, typename Table::Fp64MmaMidEdgeDeep>("MidEdgeDeep");
    expect_deep_fits<Table, typename Table::Fp64MmaLargeKDeep>("LargeKDeep", true);
    expect_deep_fits<Table, typename Table::Fp64MmaShortSquare>("ShortSquare", true);
    static_assert(std::is_same<typename Table::template deep_form<typename Table::Fp64MmaLarge, 0>,
                               typename Table::Fp64MmaLargeKDeep>::value,
                  "the large row's deep form where op(A) runs along k");
    static_assert(std::is_same<typename Table::template deep_form<typename Table::Fp64MmaLarge, 1>,
                               typename Table::Fp64MmaLarge>::value &&
                      std::is_same<typename Table::template deep_form<typename Table::Fp64MmaLarge, -1>,
                                   typename Table::Fp64MmaLarge>::value,
                  "the large row keeps its 8-deep form for op(A) along m or known at run time only");
    static_assert(std::is_same<typename Table::template deep_form<typename Table::Fp64MmaGram>,
                               typename Table::Fp64MmaMidEdgeDeep>::value,
                  "the Gram row's deep form is the mid edge form's");
    using G = typename Table::Fp64MmaGram;
    EXPECT_FALSE((deep_on_h200<Table, G>(64, 64, 500000))) << "C of one Gram block keeps the 48 KB row";
    EXPECT_TRUE((deep_on_h200<Table, G>(64, 65, 500000))) << "C of two Gram blocks takes the deep form";
    EXPECT_TRUE((deep_on_h200<Table, G>(40, 10000, 4096)));
    EXPECT_TRUE((deep_on_h200<Table, typename Table::Fp64MmaMidEdge>(1, 1, 1))) << "other rows: everywhere";
    // the 96-row row's: C of more than 64 columns, padded at most 2 % more,
    // unsplit or split into items of at least short_square_min_steps
    using S = typename Table::Fp64MmaShort;
    static_assert(std::is_same<typename Table::template deep_form<S>, typename Table::Fp64MmaShortSquare>::value,
                  "the 96-row row's deep form: 96 x 96 blocks");
    EXPECT_TRUE((deep_on_h200<Table, S>(96, 96, 250000))) << "one block split 264 ways, 60 k-steps an item";
    EXPECT_TRUE((deep_on_h200<Table, S>(80, 80, 300000)));
    EXPECT_TRUE((deep_on_h200<Table, S>(96, 96, 200000))) << "48 k-steps an item";
    EXPECT_FALSE((deep_on_h200<Table, S>(90, 90, 100000))) << "24 k-steps an item";
    EXPECT_FALSE((deep_on_h200<Table, S>(96, 96, 20000)));
    EXPECT_FALSE((deep_on_h200<Table, S>(96, 64, 400000))) << "C of 64 columns: one 96-row block column";
    EXPECT_FALSE((deep_on_h200<Table, S>(96, 40, 400000)));
    EXPECT_FALSE((deep_on_h200<Table, S>(88, 500, 50000))) << "500 columns: 576 in 96s, 512 in 64s";
    EXPECT_TRUE((deep_on_h200<Table, S>(80, 20000, 1500))) << "unsplit wide C, 20064 columns against 20032";
    EXPECT_FALSE((deep_on_h200<Table, S>(96, 2000, 5000))) << "21 blocks split 12 ways, items of 27 k-steps";
    static_assert(std::is_same<typename Table::template deep_form<typename Table::Fp64MmaMid>,
                               typename Table::Fp64MmaMid>::value,
                  "rows without a deep form are their own");
    using kmm::kernels::OperandFacts;
    using N48 = typename Table::Fp64MmaNarrow48K;  // the largest 48 KB row: 46 KB with op(B) in k-rows
    const std::int64_t n48 = row_bytes<Table, N48, OperandFacts<double, 0, 1>>();
    EXPECT_GT(n48, 40 * 1024) << "over Kokkos' 40 KB scratch_size_max(0), within the 48 KB any block may take";
    EXPECT_TRUE(Table::team_scratch_ok(n48, N48::team_size, 40 * 1024));
  }
}
TEST(RowResidency, DeepFormsFitWhereKokkosOptsIn) {
  expect_deep_forms_fit<kmm::TileTable<Kokkos::DefaultExecutionSpace, false>>();
}

// The last wave split through the dispatcher's launch (detail::launch_row)
// on the table's row W, told the device has Sms SMs so that small products
// take it.
template <int Sms, TableRow W>
struct TailSplitKernel {
  template <class E, class T, class AV, class BV, class CV>
  void operator()(const E& space, Op opA, Op opB, T alpha, const AV& A, const BV& B, T beta, const CV& C) const {
    on_operands("tail split", space, opA, opB, alpha, A, B, beta, C, [&](const auto& d) {
      kmm::detail::launch_row<table_row<W, E, T>>(space, d.facts(), alpha, beta, Sms);
    });
  }
};
// Row W's last wave split on Sms SMs (TileTable::tail_split) for an m x n x
// k product whose lines start at row (rows) or column `from`: k off the
// k-step, every op, C along either direction, operands padded (packs on
// both parts) or not.
template <class T, class E, TableRow W, int Sms>
void tail_split_cases(i64 m, i64 n, i64 k, bool rows, i64 from, unsigned& seed) {
  using Table = kmm::TileTable<E>;
  using R = table_row<W, E, T>;
  const std::string where = std::to_string(m) + " x " + std::to_string(n) + " x " + std::to_string(k) + " on " +
                            std::to_string(Sms) + " SMs";
  ASSERT_EQ((Table::template launch_splits<R, T>(m, n, k, Sms)), 1) << where << ": split whole, no tail";
  const auto t = Table::template tail_split<R, T>(m, n, k, Sms);
  ASSERT_TRUE(t && t->rows == rows && t->from == from) << where << ": not the lines from " << from;
  for (Op opA : {Op::N, Op::T})
    for (Op opB : {Op::N, Op::T}) {
      const Case cl{m, n, k, opA, opB, Lay::L, Lay::L, Lay::L, -1.5, 0.7};
      EXPECT_EQ((run_case<T, E, Lay::L, Lay::L, Lay::L>(cl, TailSplitKernel<Sms, W>{}, ++seed)), "") << cl.str();
      const Case cr{m, n, k, opA, opB, Lay::R, Lay::L, Lay::R, 1.0, 0.0};
      EXPECT_EQ((run_case<T, E, Lay::R, Lay::L, Lay::R>(cr, TailSplitKernel<Sms, W>{}, ++seed)), "") << cr.str();
      const Case cp{m, n, k, opA, opB, Lay::P, Lay::P, Lay::P, 0.5, -1.0};
      EXPECT_EQ((run_case<T, E, Lay::P, Lay::P, Lay::P>(cp, TailSplitKernel<Sms, W>{}, ++seed)), "") << cp.str();
    }
}
// The large row (two blocks per SM) on one SM (two slots): 300 x 50 (three
// block rows) as its first two block rows, then the third (44 rows of C)
// split; 100 x 150 (three block columns) as two, then the third (22
// columns). Rows of three blocks per SM (the fp64 tensor-core narrow and mid
// rows) on three: 1179 x 30 x 600 on the narrow row (ten blocks for nine
// slots) less its last block row, 597 x 60 x 600 and 60 x 597 x 600 on the
// mid row less its last block row, column.
TYPED_TEST(GpuRows, TailSplitMatchesReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if constexpr (kmm::detail::is_host_space<E>()) {
    GTEST_SKIP() << "the last wave split is a GPU Blocked launch";
  } else if constexpr (!std::is_same<T, double>::value) {
    GTEST_SKIP() << "fp32 rows are not split so (TileTable::tail_split: fp64 rows of two or three blocks per SM)";
  } else {
    unsigned seed = 4321;
    tail_split_cases<T, E, TableRow::Large, 1>(300, 50, 517, true, 256, seed);
    tail_split_cases<T, E, TableRow::Large, 1>(100, 150, 517, false, 128, seed);
    if constexpr (table_row<TableRow::Narrow, E, T>::min_blocks == 3 && table_row<TableRow::Mid, E, T>::min_blocks == 3) {
      tail_split_cases<T, E, TableRow::Narrow, 3>(1179, 30, 600, true, 1152, seed);
      tail_split_cases<T, E, TableRow::Mid, 3>(597, 60, 600, true, 576, seed);
      tail_split_cases<T, E, TableRow::Mid, 3>(60, 597, 600, false, 576, seed);
    } else {
      GTEST_SKIP() << "large row done; this build's fp64 narrow and mid rows are not rows of three blocks per SM "
                      "(fp64 without the tensor cores)";
    }
  }
}

// Wide C computed as C^T = op(B)^T op(A)^T (kmm::kernels::transposed, as
// the dispatcher runs it where TileTable::blocked_transpose says so): the
// table's fp64 large and narrow rows (32 and 48 columns) on the swapped operands, unsplit and
// split, over every harness shape and op, with C along either direction
// and padded leading dimensions (edge blocks by packs); then
// Algorithm::Blocked on wide products the rule sends there on this device.
template <TableRow W, int Splits = 1>
struct TransposedRowKernel {
  template <class E, class T, class AV, class BV, class CV>
  void operator()(const E& space, Op opA, Op opB, T alpha, const AV& A, const BV& B, T beta, const CV& C) const {
    kmm::detail::checked_gemm("transposed row", space, opA, opB, alpha, A, B, beta, C,
                              [&](auto ta, auto tb, const auto& a, const auto& b, const auto& c) {
                                kmm::detail::run_gpu_blocked<table_row<W, E, T>, decltype(ta)::value,
                                                             decltype(tb)::value, true>(space, alpha, a, b, beta, c,
                                                                                        Splits);
                              });
  }
};
TYPED_TEST(GpuRows, TransposedRowsMatchReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if constexpr (kmm::detail::is_host_space<E>()) {
    GTEST_SKIP() << "the transposed rows are a GPU Blocked path";
  } else if constexpr (!kmm::TileTable<E>::template transposed_row_kernels<T>()) {
    GTEST_SKIP() << "the dispatcher transposes fp64 products on builds with fp64 MMA only (fp32 ones onto the thin "
                    "rows: Fp32ThinRowsMatchReference)";
  } else {
    using Table = kmm::TileTable<E>;
    unsigned seed = 8765;
    sweep_layouts<T, E, Lay::L, Lay::L, Lay::L>(TransposedRowKernel<TableRow::Large>{}, seed);
    sweep_layouts<T, E, Lay::R, Lay::L, Lay::S>(TransposedRowKernel<TableRow::Narrow>{}, seed);
    sweep_layouts<T, E, Lay::L, Lay::R, Lay::R>(TransposedRowKernel<TableRow::Large, 4>{}, seed);
    sweep_layouts<T, E, Lay::L, Lay::L, Lay::L>(TransposedRowKernel<TableRow::Narrow, 3>{}, seed);
    sweep_layouts<T, E, Lay::L, Lay::L, Lay::L>(TransposedRowKernel<TableRow::NarrowK>{}, seed);
    sweep_layouts<T, E, Lay::L, Lay::L, Lay::L>(TransposedRowKernel<TableRow::Narrow48>{}, seed);
    sweep_layouts<T, E, Lay::R, Lay::L, Lay::S>(TransposedRowKernel<TableRow::Narrow48K>{}, seed);
    sweep_layouts<T, E, Lay::P, Lay::P, Lay::R>(TransposedRowKernel<TableRow::Narrow48>{}, seed);
    sweep_layouts<T, E, Lay::P, Lay::P, Lay::L>(TransposedRowKernel<TableRow::Large>{}, seed);
    sweep_layouts<T, E, Lay::P, Lay::P, Lay::R>(TransposedRowKernel<TableRow::Narrow>{}, seed);
    // (through the rule: products whose C^T takes the narrow row; those of
    // the large row are 40 x 30000 x 2000 and up, whose host reference
    // would take a minute, so that row runs in the sweeps above only)
    const int sms = kmm::detail::multiprocessors(E());
    int ran = 0;
    for (const Shape3& sh : std::vector<Shape3>{{16, 2000, 2000}, {8, 3000, 2000}, {7, 17000, 60}, {40, 2500, 2000}}) {
      if (!Table::template blocked_transpose<T>(sh.m, sh.n, sh.k, true, sms)) continue;
      ++ran;
      for (Op opA : {Op::N, Op::T})
        for (Op opB : {Op::N, Op::T}) {
          const Case cs{sh.m, sh.n, sh.k, opA, opB, Lay::L, Lay::L, Lay::L, -1.5, 0.7};
          EXPECT_EQ((run_case<T, E, Lay::L, Lay::L, Lay::L>(cs, BlockedKernel{}, ++seed)), "") << cs.str();
        }
    }
    EXPECT_GT(ran, 0) << "no product of the list is computed as C^T on " << sms << " SMs";
    // (and a Gram product of at most 32 rows, operands along k: op(A)^T of a
    // LayoutLeft A, op(B) of a LayoutLeft B)
    const Shape3 gram{20, 100, 30000};
    EXPECT_TRUE(Table::template blocked_transpose<T>(gram.m, gram.n, gram.k, true, sms, true)) << sms << " SMs";
    for (Op opA : {Op::N, Op::T}) {
      const Case cs{gram.m, gram.n, gram.k, opA, Op::N, Lay::L, Lay::L, Lay::L, 0.8, -0.6};
      EXPECT_EQ((run_case<T, E, Lay::L, Lay::L, Lay::L>(cs, BlockedKernel{}, ++seed)), "") << cs.str();
    }
  }
}

// Are the deep forms (fp64 MMA rows of more than 48 KB of scratch)
// compiled for T on E, and why do they not run here ("" where they do)?
template <class T, class E>
constexpr bool deep_forms_compiled() {
  if constexpr (kmm::detail::is_host_space<E>()) return false;
  else return std::is_same<T, double>::value && kmm::TileTable<E>::f64_mma;
}
template <class T, class E>
std::string deep_forms_absent() {
  if constexpr (kmm::detail::is_host_space<E>()) {
    return "the deep forms are GPU Blocked rows";
  } else if constexpr (!deep_forms_compiled<T, E>()) {
    return "the deep forms are fp64 MMA rows";
  } else {
    std::string why;
    return deep_forms_fit<E, T>(why) ? "" : why + ": the deep forms do not fit (the dispatcher runs the 48 KB rows)";
  }
}

// The deep forms (GpuRows::deep_form), as the dispatcher runs them in their
// rows' place where Kokkos and the device hold their blocks
// (TileTable::stages_fit): each over every harness shape and op (edges in
// every dimension, k off the k-step), unsplit and split, the narrow ones
// also on C^T, C along either direction, operands padded or not.
TYPED_TEST(GpuRows, DeepFormsMatchReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  const std::string absent = deep_forms_absent<T, E>();
  if (!absent.empty()) GTEST_SKIP() << absent;
  if constexpr (deep_forms_compiled<T, E>()) {
    unsigned seed = 9876;
    sweep_layouts<T, E, Lay::L, Lay::L, Lay::L>(SplitRowKernel<1, TableRow::NarrowKDeep>{}, seed);
    sweep_layouts<T, E, Lay::R, Lay::L, Lay::R>(SplitRowKernel<5, TableRow::NarrowKDeep>{}, seed);
    sweep_layouts<T, E, Lay::R, Lay::L, Lay::L>(SplitRowKernel<1, TableRow::Narrow48KDeep>{}, seed);
    sweep_layouts<T, E, Lay::P, Lay::P, Lay::L>(SplitRowKernel<5, TableRow::Narrow48KDeep>{}, seed);
    sweep_layouts<T, E, Lay::L, Lay::R, Lay::L>(SplitRowKernel<1, TableRow::MidEdgeDeep>{}, seed);
    sweep_layouts<T, E, Lay::P, Lay::P, Lay::R>(SplitRowKernel<3, TableRow::MidEdgeDeep>{}, seed);
    sweep_layouts<T, E, Lay::R, Lay::L, Lay::L>(SplitRowKernel<1, TableRow::GramDeep>{}, seed);
    sweep_layouts<T, E, Lay::R, Lay::L, Lay::R>(SplitRowKernel<6, TableRow::GramDeep>{}, seed);
    sweep_layouts<T, E, Lay::L, Lay::L, Lay::L>(SplitRowKernel<1, TableRow::ShortDeep>{}, seed);
    sweep_layouts<T, E, Lay::R, Lay::L, Lay::R>(SplitRowKernel<1, TableRow::ShortDeep>{}, seed);
    sweep_layouts<T, E, Lay::P, Lay::R, Lay::L>(SplitRowKernel<4, TableRow::ShortDeep>{}, seed);
    sweep_layouts<T, E, Lay::L, Lay::L, Lay::L>(TransposedRowKernel<TableRow::NarrowKDeep>{}, seed);
    sweep_layouts<T, E, Lay::R, Lay::L, Lay::S>(TransposedRowKernel<TableRow::Narrow48KDeep, 3>{}, seed);
    sweep_layouts<T, E, Lay::R, Lay::L, Lay::L>(SplitRowKernel<1, TableRow::LargeKDeep>{}, seed);
    sweep_layouts<T, E, Lay::P, Lay::P, Lay::R>(SplitRowKernel<4, TableRow::LargeKDeep>{}, seed);
    sweep_layouts<T, E, Lay::L, Lay::R, Lay::L>(TransposedRowKernel<TableRow::LargeKDeep>{}, seed);
  }
}

// Auto on thin C whose long side reaches 16384 (TileTable::auto_algorithm:
// Blocked for fp32, and for fp64 on builds with fp64 MMA), tall and wide,
// every op: the table's row for it (fp32: the thin rows, wide C as C^T),
// edge blocks in the thin direction.
TYPED_TEST(GpuRows, AutoThinCMatchesReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if constexpr (kmm::detail::is_host_space<E>()) {
    GTEST_SKIP() << "the GPU table's Auto rule (host backends: kmm-test-blocked)";
  } else {
    unsigned seed = 9876;
    // (16500 x 45 x 520: the 48-column row, but with op(B) = B^T, whose rows
    // lie 45 doubles apart, the 32-column one: the operands fit no packs;
    // 25000 x 60 x 300 and 20000 x 50 x 520: the narrow row, with opA = T the
    // mid edge form's deep form where it fits: TileTable::narrow_on_mid_deep)
    for (const Shape3& sh : std::vector<Shape3>{
             {20000, 8, 100}, {7, 17000, 60}, {16500, 24, 300}, {16500, 40, 600}, {16500, 45, 520}, {25000, 60, 300},
             {20000, 50, 520}})
      for (Op opA : {Op::N, Op::T})
        for (Op opB : {Op::N, Op::T}) {
          const Case cs{sh.m, sh.n, sh.k, opA, opB, Lay::L, Lay::L, Lay::L, 1.0, -1.5};
          EXPECT_EQ((run_case<T, E, Lay::L, Lay::L, Lay::L>(cs, AutoKernel{}, ++seed)), "") << cs.str();
        }
  }
}

// One deep form's kernel launched from libkmm (Auto: 25000 x 60 x 300 TN
// takes the mid edge form's deep form) and from this file
// (gemm_blocked<Row>), in both orders. With CUDA 13 each translation unit
// has its own copy of the kernel, and each copy must be opted in to its
// more than 48 KB of scratch: once Kokkos' opt-in was remembered per
// functor type, the second copy's launches were refused and C was left as
// it was (docs/perf-log.md, "A launch refused in silence").
TYPED_TEST(GpuRows, DeepFormFromTwoTranslationUnits) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  const std::string absent = deep_forms_absent<T, E>();
  if (!absent.empty()) GTEST_SKIP() << absent;
  if constexpr (deep_forms_compiled<T, E>()) {
    unsigned seed = 4242;
    for (const Shape3& sh : std::vector<Shape3>{{25000, 60, 300}, {20000, 50, 520}}) {
      const Case cs{sh.m, sh.n, sh.k, Op::T, Op::N, Lay::L, Lay::L, Lay::L, 1.0, -1.5};
      EXPECT_EQ((run_case<T, E, Lay::L, Lay::L, Lay::L>(cs, AutoKernel{}, ++seed)), "") << cs.str();
      EXPECT_EQ((run_case<T, E, Lay::L, Lay::L, Lay::L>(cs, SplitRowKernel<1, TableRow::MidEdgeDeep>{}, ++seed)), "")
          << cs.str();
      EXPECT_EQ((run_case<T, E, Lay::L, Lay::L, Lay::L>(cs, AutoKernel{}, ++seed)), "") << cs.str();
    }
  }
}

// Auto on wide fp64 C whose mid-grid blocks are all edge blocks, k split 8
// ways: the mid row's edge form where both operands travel as its packs
// (50 rows, and 45 with opA = opB = T), the mid row where op(A) = A's
// columns lie 45 doubles apart (NN, NT), the Gram row for 45 rows TN.
TYPED_TEST(GpuRows, AutoMidEdgeMatchesReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if constexpr (kmm::detail::is_host_space<E>()) {
    GTEST_SKIP() << "the GPU table's Auto rule (host backends: kmm-test-blocked)";
  } else {
    unsigned seed = 9123;
    for (const Shape3& sh : std::vector<Shape3>{{50, 3000, 700}, {45, 2900, 650}})
      for (Op opA : {Op::N, Op::T})
        for (Op opB : {Op::N, Op::T}) {
          const Case cs{sh.m, sh.n, sh.k, opA, opB, Lay::L, Lay::L, Lay::L, -0.5, 1.25};
          EXPECT_EQ((run_case<T, E, Lay::L, Lay::L, Lay::L>(cs, AutoKernel{}, ++seed)), "") << cs.str();
        }
  }
}

// Edge blocks by the pack path (rows whose pack copies are all asynchronous:
// the table's fp32 rows, the narrow one with 8-byte packs of op(B), and fp64
// large and narrow MMA rows, plain and split, and the mid row's edge form,
// also on unpadded operands): operands with padded leading
// dimensions, so every harness shape's edge blocks take packs, and m or n
// not a multiple of the pack width where the pack runs along it (a pack
// straddling the last row copies its part).
TYPED_TEST(GpuRows, EdgePacksMatchReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if constexpr (kmm::detail::is_host_space<E>()) {
    GTEST_SKIP() << "edge packs are a GPU Blocked path (host backends: kmm-test-blocked, kmm-test-host)";
  } else {
    using Table = kmm::TileTable<E>;
    unsigned seed = 7654;
    sweep_layouts<T, E, Lay::P, Lay::P, Lay::L>(
        RowKernel<typename Table::Fp32Large, typename Table::template blocked<double>>{}, seed);
    sweep_layouts<T, E, Lay::P, Lay::P, Lay::R>(
        RowKernel<typename Table::Fp32Mid, typename Table::template blocked_narrow<double>>{}, seed);
    if constexpr (std::is_same<T, float>::value)  // fp32's narrow row: op(B) in 8-byte packs of two floats
      sweep_layouts<T, E, Lay::P, Lay::P, Lay::L>(
          RowKernel<typename Table::Fp32Narrow, typename Table::template blocked_narrow<double>>{}, seed);
    sweep_layouts<T, E, Lay::P, Lay::P, Lay::P>(SplitRowKernel<3, TableRow::Large>{}, seed);
    if constexpr (std::is_same<T, double>::value && Table::f64_mma) {  // the mid row's edge form, every op
      sweep_layouts<T, E, Lay::P, Lay::P, Lay::L>(SplitRowKernel<1, TableRow::MidEdge>{}, seed);
      sweep_layouts<T, E, Lay::L, Lay::L, Lay::R>(SplitRowKernel<1, TableRow::MidEdge>{}, seed);
    }
  }
}

// fp32's thin rows (TileTable::Fp32Thin, Fp32Thin16) through the harness:
// every shape (edges in every dimension, so C of fewer columns than the
// block, k not a multiple of the k-step), each op, on C as it is, split 3
// and 5 ways, and as C^T (the dispatcher's path for wide thin C), with
// layouts that give each operand both unit-stride directions.
TYPED_TEST(GpuRows, Fp32ThinRowsMatchReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if constexpr (kmm::detail::is_host_space<E>()) {
    GTEST_SKIP() << "the thin rows are GPU Blocked rows (host backends: kmm-test-blocked)";
  } else if constexpr (!std::is_same<T, float>::value) {
    GTEST_SKIP() << "the thin rows are fp32 rows (fp64 thin C takes the narrow rows: AutoThinCMatchesReference)";
  } else {
    unsigned seed = 6543;
    sweep_layouts<T, E, Lay::L, Lay::L, Lay::L>(BlockedRowKernel<TableRow::Thin>{}, seed);
    sweep_layouts<T, E, Lay::L, Lay::L, Lay::L>(BlockedRowKernel<TableRow::Thin16>{}, seed);
    sweep_layouts<T, E, Lay::R, Lay::L, Lay::R>(BlockedRowKernel<TableRow::Thin16>{}, seed);
    sweep_layouts<T, E, Lay::L, Lay::R, Lay::L>(SplitRowKernel<3, TableRow::Thin>{}, seed);
    sweep_layouts<T, E, Lay::L, Lay::L, Lay::L>(SplitRowKernel<5, TableRow::Thin16>{}, seed);
    sweep_layouts<T, E, Lay::L, Lay::L, Lay::L>(TransposedRowKernel<TableRow::Thin>{}, seed);
    sweep_layouts<T, E, Lay::L, Lay::L, Lay::L>(TransposedRowKernel<TableRow::Thin16>{}, seed);
    sweep_layouts<T, E, Lay::R, Lay::R, Lay::L>(TransposedRowKernel<TableRow::Thin16, 3>{}, seed);
  }
}

TYPED_TEST(GpuRows, SplitKRejectsABadSplitCount) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if constexpr (kmm::detail::is_host_space<E>()) {
    GTEST_SKIP() << "gemm_blocked<Row> takes GPU spaces only";
  } else {
    Kokkos::View<T**, Kokkos::LayoutLeft, typename E::memory_space> A("A", 8, 8), B("B", 8, 8), C("C", 8, 8);
    Kokkos::deep_copy(C, T(3));
    using Row = typename kmm::TileTable<E>::template blocked_mid<T>;
    try {
      kmm::gemm_blocked<Row>(E(), Op::N, Op::N, T(1), A, B, T(0), C, 0);
      ADD_FAILURE() << "k_splits = 0 accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("k_splits = 0"), std::string::npos) << e.what();
    }
    auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), C);
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 8; ++j) ASSERT_EQ(h(i, j), T(3)) << "C changed at (" << i << ", " << j << ")";
  }
}

// A row whose stages no Kokkos lets a team take (16 stages of 64 x 64 x 16
// doubles, 278 KB, over every GPU's per-block limit) is refused by
// gemm_blocked, naming its bytes and Kokkos' limit, before anything runs.
TYPED_TEST(GpuRows, RowOverTeamScratchIsRefused) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if constexpr (kmm::detail::is_host_space<E>()) {
    GTEST_SKIP() << "gemm_blocked<Row> takes GPU spaces only";
  } else if constexpr (!std::is_same<T, double>::value || !kmm::TileTable<E>::f64_mma) {
    GTEST_SKIP() << "the oversized row is an fp64 MMA row";
  } else {
    using Huge = kmm::GpuRow<kmm::Block<64, 64, 16>, kmm::WarpTile<32, 32>, kmm::FragmentPacks<2, 2>,
                             kmm::ScratchPad<4>, kmm::AsyncAllDeep<16>, kmm::MinBlocksPerSM<1>, kmm::RowByRow,
                             kmm::Dmma<16, 8, 4>>;
    Kokkos::View<T**, Kokkos::LayoutLeft, typename E::memory_space> A("A", 64, 48), B("B", 48, 64), C("C", 64, 64);
    Kokkos::deep_copy(A, T(1));
    Kokkos::deep_copy(B, T(1));
    Kokkos::deep_copy(C, T(3));
    try {
      kmm::gemm_blocked<Huge>(E(), Op::N, Op::N, T(1), A, B, T(0), C);
      ADD_FAILURE() << "a row of 278 KB of stages accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("bytes of team scratch"), std::string::npos) << e.what();
    }
    auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), C);
    for (int i = 0; i < 64; ++i)
      for (int j = 0; j < 64; ++j) ASSERT_EQ(h(i, j), T(3)) << "C changed at (" << i << ", " << j << ")";
  }
}

#if defined(KOKKOS_ENABLE_CUDA)
// Two CUDA streams share kmm's split-k workspace: products issued on them
// alternately must give the bits each gives alone (a call on another queue
// than the workspace's last user waits for that user's kernels first), with
// either form of the reduction (4 and 9 splits).
TYPED_TEST(GpuRows, SplitKWorkspaceAcrossQueues) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  using M = Kokkos::View<T**, Kokkos::LayoutLeft, typename E::memory_space>;
  const int m = 96, n = 80, k = 6000;
  M A1("A1", m, k), B1("B1", k, n), A2("A2", m, k), B2("B2", k, n);
  M C1("C1", m, n), C2("C2", m, n), R1("R1", m, n), R2("R2", m, n);
  Kokkos::Random_XorShift64_Pool<typename E::device_type> pool(77);
  Kokkos::fill_random(A1, pool, T(-1), T(1));
  Kokkos::fill_random(B1, pool, T(-1), T(1));
  Kokkos::fill_random(A2, pool, T(-1), T(1));
  Kokkos::fill_random(B2, pool, T(-1), T(1));
  using Row = typename kmm::TileTable<E>::template blocked_mid<T>;
  cudaStream_t s1, s2;
  ASSERT_EQ(cudaStreamCreate(&s1), cudaSuccess);
  ASSERT_EQ(cudaStreamCreate(&s2), cudaSuccess);
  for (const int splits : {4, 9}) {
    kmm::gemm_blocked<Row>(E(), Op::N, Op::N, T(1), A1, B1, T(0), R1, splits);
    kmm::gemm_blocked<Row>(E(), Op::N, Op::N, T(1), A2, B2, T(0), R2, splits);
    Kokkos::fence();
    {
      const E q1(s1), q2(s2);
      for (int rep = 0; rep < 4; ++rep) {
        kmm::gemm_blocked<Row>(q1, Op::N, Op::N, T(1), A1, B1, T(0), C1, splits);
        kmm::gemm_blocked<Row>(q2, Op::N, Op::N, T(1), A2, B2, T(0), C2, splits);
      }
      q1.fence();
      q2.fence();
    }
    auto h1 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), C1);
    auto h2 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), C2);
    auto r1 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), R1);
    auto r2 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), R2);
    int bad = 0;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i) {
        bad += std::memcmp(&h1(i, j), &r1(i, j), sizeof(T)) != 0;
        bad += std::memcmp(&h2(i, j), &r2(i, j), sizeof(T)) != 0;
      }
    EXPECT_EQ(bad, 0) << splits << " splits: elements differ from the product computed alone";
  }
  Kokkos::fence();  // (the workspace keeps an event, not the streams, so they may go)
  cudaStreamDestroy(s1);
  cudaStreamDestroy(s2);
}
#endif
}  // namespace kmm_test
