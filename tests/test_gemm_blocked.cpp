// Correctness sweep of the Blocked variant on every enabled backend, float and
// double, and of Auto (GemmAuto: in this file, so that the kernels both reach
// compile once).
#include "gemm_cases.hpp"

namespace kmm_test {
template <class C>
class GemmBlocked : public ::testing::Test {};
TYPED_TEST_SUITE(GemmBlocked, AllConfigs, ConfigNames);
TYPED_TEST(GemmBlocked, MatchesReference) {
  full_sweep<typename TypeParam::value_type, typename TypeParam::exec_space>(BlockedKernel{}, /*all_mixed=*/true);
}
// The table's large row on every shape, its two-path kernel for edges
// included (edge blocks, partial k-steps and operands unfit for packs: by
// cp.async element copies with zero fill in its AsyncAll staging).
TYPED_TEST(GemmBlocked, LargeTileMatchesReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if (kmm::detail::is_host_space<E>())
    GTEST_SKIP() << "host backends have no tile-table rows (one frame, swept above; each micro-kernel in kmm-test-host)";
  full_sweep<T, E>(BlockedLargeKernel{}, /*all_mixed=*/true);
}
// The table's narrow row (few columns of C, many rows) on every shape: the
// pipeline of the large row with other extents, so each operand once
// unit-stride along its rows and once along k, and every layout of C.
TYPED_TEST(GemmBlocked, NarrowTileMatchesReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if constexpr (kmm::detail::is_host_space<E>()) {
    GTEST_SKIP() << "host backends have no tile-table rows (one frame, swept above; each micro-kernel in kmm-test-host)";
  } else {
    using Table = kmm::TileTable<E>;
    if (std::is_same<typename Table::template blocked_narrow<T>, typename Table::template blocked<T>>::value)
      GTEST_SKIP() << "no narrow row for this type: the large row takes those shapes (LargeTileMatchesReference)";
    shape_sweep<T, E>(BlockedNarrowKernel{});
  }
}
// Operands one element off their alignment, on a shape with whole blocks:
// the host must see that 16-byte packs do not fit and stage element by
// element (a misaligned 16-byte load faults on a GPU), as the table's
// large row does when called alone; through the dispatcher a GPU copies
// them first (RepackedOperandsMatchReference). L R L and R R R give each
// operand both unit-stride directions across the ops; every layout
// combination in this file is one the sweeps compile already.
TYPED_TEST(GemmBlocked, MisalignedOperandsTakeTheElementPath) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  unsigned seed = 300;
  const bool rows = !kmm::detail::is_host_space<E>();  // (on a host space the large row is Algorithm::Blocked)
  for (Op opA : {Op::N, Op::T})
    for (Op opB : {Op::N, Op::T}) {
      const Case lr{300, 280, 72, opA, opB, Lay::L, Lay::R, Lay::L, 1.0, 0.7};
      EXPECT_EQ((run_case<T, E, Lay::L, Lay::R, Lay::L>(lr, BlockedKernel{}, ++seed, false, 1)), "") << lr.str();
      ++seed;
      if (rows)
        EXPECT_EQ((run_case<T, E, Lay::L, Lay::R, Lay::L>(lr, BlockedLargeKernel{}, seed, false, 1)), "") << lr.str();
      const Case rr{300, 280, 72, opA, opB, Lay::R, Lay::R, Lay::R, -1.5, 0.0};
      EXPECT_EQ((run_case<T, E, Lay::R, Lay::R, Lay::R>(rr, BlockedKernel{}, ++seed, false, 1)), "") << rr.str();
      ++seed;
      if (rows)
        EXPECT_EQ((run_case<T, E, Lay::R, Lay::R, Lay::R>(rr, BlockedLargeKernel{}, seed, false, 1)), "") << rr.str();
    }
}
// Operands whose packs do not align take the pack pipeline where the row's
// copies need no alignment (AsyncAll rows: an operand along k into k-rows
// element by element, ASYNC_KA / ASYNC_KB; any other operand's packs as
// their elements, SPLIT_A / SPLIT_B; kernels::PackPipeline) and the
// dispatcher says so (here told to). L L L with odd leading dimensions (301
// x 97 x 67: interior and edge blocks, a partial last k-step), then one
// element off alignment (shift 1), in every op combination, through the
// large, mid and narrow rows (and fp32's thin rows, fp64's other MMA rows
// and their deep forms where they fit), unsplit and split, and through
// Auto (4001 x 61 x 203: one block column, where the dispatcher's rule
// takes the pipeline; 4001 x 45 x 523, fp64's 48-column row; not in the
// sanitizer preset). The test fails if
// an AsyncAll row leaves either operand to the element path; every product
// is checked against the reference.
struct PipelineRuns {
  int runs = 0, pipelined = 0, async_all = 0;
};
inline PipelineRuns pipeline_runs;
template <TableRow W, int Splits>
struct RowPipelineKernel {
  template <class E, class T, class AV, class BV, class CV>
  void operator()(const E& space, Op opA, Op opB, T alpha, const AV& A, const BV& B, T beta, const CV& C) const {
    on_operands("pipeline", space, opA, opB, alpha, A, B, beta, C, [&](const auto& d) {
      using Row = table_row<W, E, T>;
      using Pipe = kmm::kernels::PackPipeline<Row, E, std::decay_t<decltype(d.facts())>>;
      ++pipeline_runs.runs;
      if (Row::staging::async_k) ++pipeline_runs.async_all;
      if (Pipe::a(d.facts(), true) && Pipe::b(d.facts(), true)) ++pipeline_runs.pipelined;
      kmm::kernels::gpu_blocked<Row>(space, d.facts(), alpha, beta, Splits, true);
    });
  }
};
TYPED_TEST(GemmBlocked, UnalignedOperandsTakeThePackPipeline) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if constexpr (kmm::detail::is_host_space<E>()) {
    GTEST_SKIP() << "host backends pack every operand in their frame; the pack pipeline is the GPU kernel's";
  } else {
    constexpr bool fp32 = std::is_same<T, float>::value;
    unsigned seed = 350;
    for (i64 shift : {0, 1})
      for (Op opA : {Op::N, Op::T})
        for (Op opB : {Op::N, Op::T}) {
          if (small_run() && opA != opB && !(opA == Op::T && opB == Op::N)) continue;  // (sanitizer preset)
          const Case cs{301, 97, 67, opA, opB, Lay::L, Lay::L, Lay::L, 1.0, shift ? 0.5 : 0.0};
          const auto check = [&](auto kernel) {
            pipeline_runs = {};
            EXPECT_EQ((run_case<T, E, Lay::L, Lay::L, Lay::L>(cs, kernel, ++seed, false, shift)), "")
                << cs.str() << " shift " << shift;
            EXPECT_EQ(pipeline_runs.runs, 2) << cs.str();
            EXPECT_EQ(pipeline_runs.pipelined, pipeline_runs.async_all)
                << cs.str() << " shift " << shift << ": an AsyncAll row ran the element path";
          };
          check(RowPipelineKernel<TableRow::Large, 1>{});
          check(RowPipelineKernel<TableRow::Large, 3>{});
          check(RowPipelineKernel<TableRow::Mid, 1>{});
          check(RowPipelineKernel<TableRow::Narrow, 2>{});
          if constexpr (fp32) {
            check(RowPipelineKernel<TableRow::Thin, 1>{});
            check(RowPipelineKernel<TableRow::Thin16, 2>{});
          } else if constexpr (kmm::TileTable<E>::f64_mma) {  // fp64's other MMA rows, all AsyncAll
            check(RowPipelineKernel<TableRow::NarrowK, 1>{});
            check(RowPipelineKernel<TableRow::Narrow48, 2>{});
            check(RowPipelineKernel<TableRow::Narrow48K, 1>{});
            check(RowPipelineKernel<TableRow::Gram, 2>{});
            check(RowPipelineKernel<TableRow::GramSmall, 3>{});
            check(RowPipelineKernel<TableRow::GramWide, 1>{});
            check(RowPipelineKernel<TableRow::Short, 1>{});
            check(RowPipelineKernel<TableRow::MidEdge, 2>{});
            std::string why;
            if (deep_forms_fit<E, T>(why)) {
              check(RowPipelineKernel<TableRow::NarrowKDeep, 1>{});
              check(RowPipelineKernel<TableRow::Narrow48KDeep, 2>{});
              check(RowPipelineKernel<TableRow::MidEdgeDeep, 1>{});
              check(RowPipelineKernel<TableRow::GramDeep, 2>{});
              check(RowPipelineKernel<TableRow::ShortDeep, 1>{});
              check(RowPipelineKernel<TableRow::LargeKDeep, 3>{});
            }
          }
          if (small_run()) continue;
          const Case thin{4001, 61, 203, opA, opB, Lay::L, Lay::L, Lay::L, -1.0, shift ? 1.0 : 0.0};
          EXPECT_EQ((run_case<T, E, Lay::L, Lay::L, Lay::L>(thin, AutoKernel{}, ++seed, false, shift)), "")
              << thin.str() << " shift " << shift << " (Auto)";
          // tall C of 33-48 columns, k of at least narrow48_min_k: fp64's
          // 48-column row takes it through the pipeline (packs48)
          const Case n48{4001, 45, 523, opA, opB, Lay::L, Lay::L, Lay::L, 1.0, shift ? -1.0 : 0.0};
          EXPECT_EQ((run_case<T, E, Lay::L, Lay::L, Lay::L>(n48, AutoKernel{}, ++seed, false, shift)), "")
              << n48.str() << " shift " << shift << " (Auto)";
        }
  }
}
// Operands whose packs do not align, copied with a padded leading dimension
// before the product (kmm::detail::with_repacked; told here to copy at any
// reuse): odd leading dimensions along either direction (L L L, R R L), no
// unit stride (S), data one element off (P shifted), and an operand whose
// packs align left as it is (P A with L B). Whole, or in panels of 256
// lines (of at most 160 elements: k = 151, or 160 padded): 601 x 519 then
// runs as 3 x 3 products. The products
// then run through the dispatcher's pick on the copies. Each call counts
// its products and those that still saw an operand without packs.
struct RepackRuns {
  int runs = 0, unpacked = 0;
};
inline RepackRuns repack_runs;
template <bool Panels>
struct RepackedKernel {
  template <class E, class T, class AV, class BV, class CV>
  void operator()(const E& space, Op opA, Op opB, T alpha, const AV& A, const BV& B, T beta, const CV& C) const {
    on_operands("repacked", space, opA, opB, alpha, A, B, beta, C, [&](const auto& d) {
      constexpr int V = kmm::kernels::repack_pack<T>();
      const auto run = [&](const auto& f) {
        ++repack_runs.runs;
        if (f.template a_repackable<V>() || f.template b_repackable<V>()) ++repack_runs.unpacked;
        kmm::detail::blocked_on(space, f, alpha, beta);
      };
      const long panel_bytes = Panels ? 256 * 160 * long(sizeof(T)) : 1L << 30;
      kmm::detail::with_repacked(space, d.facts(), run, 0, panel_bytes);
    });
  }
};
TYPED_TEST(GemmBlocked, RepackedOperandsMatchReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if constexpr (kmm::detail::is_host_space<E>()) {
    GTEST_SKIP() << "host backends pack every operand in their frame; the repack is the GPU dispatcher's";
  } else {
    unsigned seed = 1300;
    constexpr bool panel = true, whole = false;
    const auto check = [&](auto kernel, const Case& cs, auto la, auto lb, auto lc, i64 shift, int runs) {
      constexpr Lay LA = decltype(la)::value, LB = decltype(lb)::value, LC = decltype(lc)::value;
      repack_runs = {};
      EXPECT_EQ((run_case<T, E, LA, LB, LC>(cs, kernel, ++seed, false, shift)), "") << cs.str() << " shift " << shift;
      EXPECT_EQ(repack_runs.runs, 2 * runs) << cs.str() << " shift " << shift << ": products run (two calls)";
      EXPECT_EQ(repack_runs.unpacked, 0) << cs.str() << " shift " << shift << ": an operand still without packs";
    };
    using L = std::integral_constant<Lay, Lay::L>;
    using R = std::integral_constant<Lay, Lay::R>;
    using S = std::integral_constant<Lay, Lay::S>;
    using P = std::integral_constant<Lay, Lay::P>;
    for (Op opA : {Op::N, Op::T})
      for (Op opB : {Op::N, Op::T}) {
        if (small_run() && opA != opB) continue;  // (the sanitizer preset: NN and TT)
        const Case c1{601, 519, 151, opA, opB, Lay::L, Lay::L, Lay::L, -1.5, 0.7};
        check(RepackedKernel<panel>{}, c1, L{}, L{}, L{}, 0, 9);
        check(RepackedKernel<whole>{}, c1, L{}, L{}, L{}, 0, 1);
        const Case c2{601, 519, 151, opA, opB, Lay::R, Lay::R, Lay::L, 1.0, 0.0};
        check(RepackedKernel<panel>{}, c2, R{}, R{}, L{}, 0, 9);
        const Case c3{601, 519, 151, opA, opB, Lay::S, Lay::R, Lay::R, 0.5, -1.0};
        check(RepackedKernel<whole>{}, c3, S{}, R{}, R{}, 0, 1);
        const Case c4{601, 519, 151, opA, opB, Lay::P, Lay::P, Lay::P, 1.0, 0.7};
        check(RepackedKernel<panel>{}, c4, P{}, P{}, P{}, 1, 9);
        const Case c5{601, 519, 151, opA, opB, Lay::P, Lay::L, Lay::L, -1.0, 1.0};
        check(RepackedKernel<panel>{}, c5, P{}, L{}, L{}, 0, 3);  // op(B) alone: 3 column panels
        // columns longer than one pass of the copy's team (256 threads of
        // kRepackUnroll elements: op(A)'s 2101 rows, 2112 padded, with opA = N)
        const Case c6{2101, 37, 19, opA, opB, Lay::L, Lay::L, Lay::L, 1.0, 0.5};
        check(RepackedKernel<whole>{}, c6, L{}, L{}, L{}, 0, 1);
      }
  }
}
// Through Auto, products the table copies for (TileTable::repack): fp64
// 1101 x 1101 x 1701 opA = T (op(A) along k, rows 1701 doubles apart; 4.1
// GFLOP), fp32 2049 x 2049 x 501 (columns 2049 and 501 floats apart; 4.2
// GFLOP). Not in the sanitizer preset (a host reference of 2 billion
// multiply-adds each).
TYPED_TEST(GemmBlocked, AutoCopiesUnalignedOperandsOfLargeProducts) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if constexpr (kmm::detail::is_host_space<E>()) {
    GTEST_SKIP() << "host backends pack every operand in their frame; the repack is the GPU dispatcher's";
  } else {
    if (small_run()) GTEST_SKIP() << "the sanitizer preset: 2 billion multiply-adds of host reference per case";
    using Table = kmm::TileTable<E>;
    const bool fp64 = std::is_same<T, double>::value;
    const Case cs = fp64 ? Case{1101, 1101, 1701, Op::T, Op::N, Lay::L, Lay::L, Lay::L, 1.0, -0.5}
                         : Case{2049, 2049, 501, Op::N, Op::N, Lay::L, Lay::L, Lay::L, -1.0, 0.0};
    ASSERT_TRUE(Table::template repack<T>(true, fp64, true, true, cs.m, cs.n, cs.k)) << cs.str() << ": not copied";
    EXPECT_EQ((run_case<T, E, Lay::L, Lay::L, Lay::L>(cs, AutoKernel{}, 1400)), "") << cs.str();
  }
}
// Several blocks and k-steps with beta != 0: on the host, Blocked adds each
// k-step's product into C (beta on the first), over blocks whose extent the
// host evens out at run time (300 rows: two or three blocks; 1700 columns:
// two or three), with partial micro-tiles and a partial last k-step. A
// thread packs op(B)'s slice once for its blocks in one block column: 600 x
// 1700 gives each of two threads three blocks of one column (fp32), or
// seven and eight blocks across two columns (fp64), and one thread all.
TYPED_TEST(GemmBlocked, SeveralBlocksAndKStepsMatchReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  const bool all = !small_run();
  unsigned seed = 900;
  for (Op opA : {Op::N, Op::T})
    for (Op opB : {Op::N, Op::T}) {
      const Case ll{300, 40, 600, opA, opB, Lay::L, Lay::L, Lay::L, -1.5, 0.7};
      EXPECT_EQ((run_case<T, E, Lay::L, Lay::L, Lay::L>(ll, BlockedKernel{}, ++seed)), "") << ll.str();
      const Case sr{300, 40, 600, opA, opB, Lay::S, Lay::R, Lay::L, 0.7, 1.0};
      EXPECT_EQ((run_case<T, E, Lay::S, Lay::R, Lay::L>(sr, BlockedKernel{}, ++seed)), "") << sr.str();
      if (!all) continue;  // (the sanitizer preset: 36 million multiply-adds each)
      const Case rr{70, 1700, 300, opA, opB, Lay::R, Lay::R, Lay::R, 1.0, -1.5};
      EXPECT_EQ((run_case<T, E, Lay::R, Lay::R, Lay::R>(rr, BlockedKernel{}, ++seed)), "") << rr.str();
      const Case wide{600, 1700, 300, opA, opB, Lay::L, Lay::L, Lay::L, 0.5, 2.0};
      EXPECT_EQ((run_case<T, E, Lay::L, Lay::L, Lay::L>(wide, BlockedKernel{}, ++seed)), "") << wide.str();
    }
}

template <class C>
class GemmAuto : public ::testing::Test {};
TYPED_TEST_SUITE(GemmAuto, AllConfigs, ConfigNames);
TYPED_TEST(GemmAuto, MatchesReference) {
  // Auto's choice on every shape; the kernels it picks are swept in full by their own suites
  shape_sweep<typename TypeParam::value_type, typename TypeParam::exec_space>(AutoKernel{});
}
// Tall C with 65-96 columns, where Auto picks Blocked and, on a GPU, the
// table's narrow row (TileTable::blocked_pick): 2100 x 72 x 40 unsplit with
// edge blocks, 130 x 90 x 1500 split 11 ways (the grouped reduction), and
// on a GPU 14000 x 90 x 600 (fp64: the 96 x 96 row, TileTable::tall_square). The
// harness's shapes reach no narrow row through Auto. The layouts are
// shape_sweep's (no more kernels to compile); KMM_TEST_SMALL=1 (the
// sanitizer preset) keeps the NN products.
TYPED_TEST(GemmAuto, NarrowColumnsMatchReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  const bool all = !small_run();  // (the sanitizer preset: NN only)
  unsigned seed = 2100;
  for (Op opA : {Op::N, Op::T})
    for (Op opB : {Op::N, Op::T}) {
      if (!all && (opA == Op::T || opB == Op::T)) continue;
      const Case tall{2100, 72, 40, opA, opB, Lay::L, Lay::R, Lay::L, 1.0, 0.7};
      EXPECT_EQ((run_case<T, E, Lay::L, Lay::R, Lay::L>(tall, AutoKernel{}, ++seed)), "") << tall.str();
      const Case split{130, 90, 1500, opA, opB, Lay::R, Lay::L, Lay::S, -1.5, 1.0};
      EXPECT_EQ((run_case<T, E, Lay::R, Lay::L, Lay::S>(split, AutoKernel{}, ++seed)), "") << split.str();
      // fp64 on a GPU, op(B) along k: the 96 x 96 row where Kokkos lets its
      // team take 74 KB (TileTable::tall_square; 146 blocks, unsplit, on 132
      // multiprocessors, edge blocks in m and n, a partial last k-step).
      // Host backends have no rows: the 14000 x 90 x 600 reference would
      // only lengthen their run.
      if (!kmm::detail::is_host_space<E>() && opB == Op::N) {
        const Case square{14000, 90, 600, opA, opB, Lay::L, Lay::R, Lay::L, 1.0, 0.7};
        EXPECT_EQ((run_case<T, E, Lay::L, Lay::R, Lay::L>(square, AutoKernel{}, ++seed)), "") << square.str();
      }
    }
}
// C of 65-96 rows, where Auto picks Blocked and, on a GPU, fp64, the table's
// 96-row row (k from 512 up, so Auto takes Blocked): 90 x 700 x 530 (edge
// blocks in m and n, a partial last k-step), 96 x 640 x 640 (whole blocks:
// the WholeTiles kernel where the layouts allow packs), 80 x 90 x 3000 (k
// split) and, on a GPU, 83 x 1999 x 1500 (the large row in the 96-row
// row's place); the layouts are the
// narrow-column test's (no more kernels to compile); KMM_TEST_SMALL=1 keeps
// the NN products.
TYPED_TEST(GemmAuto, ShortRowsMatchReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  const bool all = !small_run();
  unsigned seed = 2600;
  for (Op opA : {Op::N, Op::T})
    for (Op opB : {Op::N, Op::T}) {
      if (!all && (opA == Op::T || opB == Op::T)) continue;
      const Case edges{90, 700, 530, opA, opB, Lay::L, Lay::R, Lay::L, 1.0, 0.7};
      EXPECT_EQ((run_case<T, E, Lay::L, Lay::R, Lay::L>(edges, AutoKernel{}, ++seed)), "") << edges.str();
      const Case whole{96, 640, 640, opA, opB, Lay::L, Lay::R, Lay::L, -1.5, 0.0};
      EXPECT_EQ((run_case<T, E, Lay::L, Lay::R, Lay::L>(whole, AutoKernel{}, ++seed)), "") << whole.str();
      const Case split{80, 90, 3000, opA, opB, Lay::R, Lay::L, Lay::S, -1.5, 1.0};
      EXPECT_EQ((run_case<T, E, Lay::R, Lay::L, Lay::S>(split, AutoKernel{}, ++seed)), "") << split.str();
      // On a GPU, op(A) along m and op(B) along n with B's rows 1999
      // elements apart: for fp64 the 96-row row would copy op(B) as split
      // packs in one round of short split items, so the large row runs it,
      // split too (TileTable::short_split_packs_on_large; fp32 takes its own
      // rows). Host backends: no rows.
      if (!kmm::detail::is_host_space<E>() && opA == Op::N && opB == Op::N) {
        const Case packs{83, 1999, 1500, opA, opB, Lay::L, Lay::R, Lay::L, 1.0, 0.7};
        EXPECT_EQ((run_case<T, E, Lay::L, Lay::R, Lay::L>(packs, AutoKernel{}, ++seed)), "") << packs.str();
      }
    }
}
// Gram products C = A^T B of panels with a long k, the operands' unit
// stride along k (on a GPU, fp64: the table's Gram row, k split): opA = opB
// = T on L R L and N N on R L S, layouts whose kernels the narrow-column
// test already compiles, and 260 x 250 x 2203 TT (the wide Gram row, edges
// in m, n and k); and C of one or two 32 x 32 blocks (fp64: the small Gram
// row, k split), 20 x 28 with operands along k (TT on L R L), 24 x 30 and
// 20 x 60 with them along m and n (NN on L R L).
TYPED_TEST(GemmAuto, GramProductsMatchReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  unsigned seed = 3100;
  const Case tt{40, 40, 3000, Op::T, Op::T, Lay::L, Lay::R, Lay::L, 1.0, 0.7};
  EXPECT_EQ((run_case<T, E, Lay::L, Lay::R, Lay::L>(tt, AutoKernel{}, ++seed)), "") << tt.str();
  const Case small{20, 28, 3000, Op::T, Op::T, Lay::L, Lay::R, Lay::L, -1.5, 0.7};
  EXPECT_EQ((run_case<T, E, Lay::L, Lay::R, Lay::L>(small, AutoKernel{}, ++seed)), "") << small.str();
  const Case small_nn{24, 30, 3000, Op::N, Op::N, Lay::L, Lay::R, Lay::L, 1.0, 0.0};
  EXPECT_EQ((run_case<T, E, Lay::L, Lay::R, Lay::L>(small_nn, AutoKernel{}, ++seed)), "") << small_nn.str();
  const Case two_blocks{20, 60, 3000, Op::N, Op::N, Lay::L, Lay::R, Lay::L, -1.0, 0.5};
  EXPECT_EQ((run_case<T, E, Lay::L, Lay::R, Lay::L>(two_blocks, AutoKernel{}, ++seed)), "") << two_blocks.str();
  const Case wide{260, 250, 2203, Op::T, Op::T, Lay::L, Lay::R, Lay::L, 1.0, -0.5};
  EXPECT_EQ((run_case<T, E, Lay::L, Lay::R, Lay::L>(wide, AutoKernel{}, ++seed)), "") << wide.str();
  const Case nn{33, 47, 2900, Op::N, Op::N, Lay::R, Lay::L, Lay::S, -1.5, 0.0};
  EXPECT_EQ((run_case<T, E, Lay::R, Lay::L, Lay::S>(nn, AutoKernel{}, ++seed)), "") << nn.str();
}
}  // namespace kmm_test
