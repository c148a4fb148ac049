#pragma once
// The case lists every kernel variant is run through, and the driver.
#include <cstdlib>

#include "harness.hpp"

namespace kmm_test {

struct Shape3 { i64 m, n, k; };

// 0, 1, primes, non-multiples of every tile, exact multiples, tall-skinny,
// wide, k = 1, a long k, a single column of C, a side >= 1024, and two with
// whole 128 x 128 blocks and 8-deep k-steps inside them (300 x 280 x 72 with
// edges around them, 256 x 384 x 48 without), where Blocked stages 16-byte
// packs when the leading dimensions allow it.
// KMM_TEST_SMALL=1 (the sanitizer preset, Debug + ASan) keeps the shapes of
// at most 100,000 multiply-adds; the Release presets run them all.
inline bool small_run() {  // KMM_TEST_SMALL=1: the sanitizer preset's smaller cases
  const char* small = std::getenv("KMM_TEST_SMALL");
  return small && std::string(small) == "1";
}
inline const std::vector<Shape3>& shapes() {
  static const std::vector<Shape3> s = [] {
    std::vector<Shape3> all = {
        {0, 5, 7},  {5, 0, 7},    {5, 7, 0},     {1, 1, 1},   {17, 31, 29}, {33, 65, 17}, {64, 64, 64},
        {4500, 50, 50}, {50, 4500, 50}, {13, 11, 1}, {3, 2, 1500}, {100, 1, 100}, {1031, 3, 7},
        {300, 280, 72}, {256, 384, 48}};
    if (!small_run()) return all;
    std::vector<Shape3> kept;
    for (const auto& sh : all)
      if (sh.m * sh.n * sh.k <= 100000) kept.push_back(sh);
    return kept;
  }();
  return s;
}
inline const double kScalars[] = {0.0, 1.0, -1.5, 0.7};

// Runs every (op, shape) pair for one layout combination; alpha and beta cycle
// through all 16 pairs of kScalars across the cases.
template <class T, class E, Lay LA, Lay LB, Lay LC, class Kernel>
void sweep_layouts(Kernel kernel, unsigned& seed) {
  int idx = 0;
  for (Op opA : {Op::N, Op::T})
    for (Op opB : {Op::N, Op::T})
      for (const auto& sh : shapes()) {
        const int pair = (idx++ * 7 + int(LA) * 3 + int(LB) + int(LC) * 5) % 16;
        const Case cs{sh.m, sh.n, sh.k, opA, opB, LA, LB, LC, kScalars[pair / 4], kScalars[pair % 4]};
        const std::string err = run_case<T, E, LA, LB, LC>(cs, kernel, ++seed);
        EXPECT_EQ(err, "") << cs.str();
      }
}

// Every alpha/beta pair with every op combination on one prime-sized case.
template <class T, class E, class Kernel>
void sweep_scalars(Kernel kernel, unsigned& seed) {
  for (Op opA : {Op::N, Op::T})
    for (Op opB : {Op::N, Op::T})
      for (double alpha : kScalars)
        for (double beta : kScalars) {
          const Case cs{17, 31, 29, opA, opB, Lay::R, Lay::R, Lay::R, alpha, beta};
          EXPECT_EQ((run_case<T, E, Lay::R, Lay::R, Lay::R>(cs, kernel, ++seed)), "") << cs.str();
        }
}

// The standard correctness sweep for one kernel variant.
template <class T, class E, class Kernel>
void full_sweep(Kernel kernel, bool all_mixed = false) {
  unsigned seed = 1234;
  sweep_scalars<T, E>(kernel, seed);
  sweep_layouts<T, E, Lay::R, Lay::R, Lay::R>(kernel, seed);
  sweep_layouts<T, E, Lay::L, Lay::L, Lay::L>(kernel, seed);
  sweep_layouts<T, E, Lay::S, Lay::S, Lay::S>(kernel, seed);
  sweep_layouts<T, E, Lay::R, Lay::L, Lay::S>(kernel, seed);
  if (all_mixed) {
    sweep_layouts<T, E, Lay::L, Lay::S, Lay::R>(kernel, seed);
    sweep_layouts<T, E, Lay::S, Lay::R, Lay::L>(kernel, seed);
  }
}

// For a variant that differs from a fully swept one (Algorithm::Tiled) only in
// compile-time tile extents, over the same run-time layout handling: every
// shape, op and alpha/beta pair, each operand once unit-stride along its rows
// and once along its columns (R L S, then L R L), and all three layouts of C.
// Configured with -DKMM_TEST_FULL=ON (scripts/test.sh --full), the full sweep instead.
template <class T, class E, class Kernel>
void shape_sweep(Kernel kernel) {
#if defined(KMM_TEST_FULL)
  full_sweep<T, E>(kernel, true);
#else
  unsigned seed = 1234;
  sweep_scalars<T, E>(kernel, seed);
  sweep_layouts<T, E, Lay::R, Lay::L, Lay::S>(kernel, seed);
  sweep_layouts<T, E, Lay::L, Lay::R, Lay::L>(kernel, seed);
#endif
}

// Kernel variants: generic callables, instantiated for every view type.
#define KMM_GEMM_VARIANT(NAME, CALL)                                                    \
  struct NAME {                                                                           \
    template <class E, class T, class AV, class BV, class CV>                             \
    void operator()(const E& space, Op opA, Op opB, T alpha, const AV& A, const BV& B,   \
                    T beta, const CV& C) const {                                          \
      CALL;                                                                               \
    }                                                                                     \
  };

KMM_GEMM_VARIANT(AutoKernel, kmm::gemm(space, opA, opB, alpha, A, B, beta, C))
// One algorithm each, as gemm(..., Algorithm::X) runs it, through gemm_with<X>,
// which instantiates that algorithm's kernels only (kmm-test-api and
// GemmAuto, in kmm-test-blocked, call kmm::gemm itself).
KMM_GEMM_VARIANT(NaiveKernel, kmm::detail::gemm_with<kmm::Algorithm::Naive>(space, opA, opB, alpha, A, B, beta, C))
KMM_GEMM_VARIANT(TiledKernel, kmm::detail::gemm_with<kmm::Algorithm::Tiled>(space, opA, opB, alpha, A, B, beta, C))
KMM_GEMM_VARIANT(BlockedKernel, kmm::detail::gemm_with<kmm::Algorithm::Blocked>(space, opA, opB, alpha, A, B, beta, C))
// One of the GPU tile table's Blocked rows on every shape it is swept with,
// whatever the table would pick for the shape (TileTable::blocked_pick).
// Host spaces have no rows: Algorithm::Blocked.
/// NarrowK: the narrow row the dispatcher takes where op(A) runs along k;
/// Narrow48, Narrow48K: the same for fp64's 48-column narrow rows.
/// MidEdge: fp64's mid row without fragments ahead (edge-heavy C).
/// Thin, Thin16: fp32's thin rows (32 and 16 columns).
enum class TableRow {
  Large, Mid, Narrow, NarrowK, Narrow48, Narrow48K, Gram, GramSmall, GramWide, Short, MidEdge, Thin, Thin16,
  // GpuRows::deep_form of NarrowK, Narrow48K, MidEdge, Gram, Short and
  // (for op(A) along k) Large: more than 48 KB of stages
  NarrowKDeep, Narrow48KDeep, MidEdgeDeep, GramDeep, ShortDeep, LargeKDeep
};
template <TableRow W>
constexpr bool is_narrow_row() {
  return W == TableRow::Narrow || W == TableRow::NarrowK || W == TableRow::Narrow48 || W == TableRow::Narrow48K;
}
template <TableRow W, class Table>
using thin_or_short = std::conditional_t<
    W == TableRow::Thin, typename Table::Fp32Thin,
    std::conditional_t<W == TableRow::Thin16, typename Table::Fp32Thin16, typename Table::Fp64Short>>;
template <TableRow W>
constexpr TableRow shallow_row() {
  return W == TableRow::NarrowKDeep     ? TableRow::NarrowK
         : W == TableRow::Narrow48KDeep ? TableRow::Narrow48K
         : W == TableRow::MidEdgeDeep   ? TableRow::MidEdge
         : W == TableRow::GramDeep      ? TableRow::Gram
         : W == TableRow::ShortDeep     ? TableRow::Short
         : W == TableRow::LargeKDeep    ? TableRow::Large
                                        : W;
}
/// Row W of GPU space E's table for value type V (a deep row: its shallow
/// row's deep_form for op(A) along k, which only the large row's depends
/// on).
template <TableRow W, class E, class V, class Table = kmm::TileTable<E>>
using table_row_shallow = std::conditional_t<
    W == TableRow::Large, typename Table::template blocked<V>,
    std::conditional_t<
        W == TableRow::Mid, typename Table::template blocked_mid<V>,
        std::conditional_t<is_narrow_row<W>(),
                           typename Table::template blocked_narrow<
                               V, W == TableRow::NarrowK || W == TableRow::Narrow48K ? 0 : 1,
                               W == TableRow::Narrow48 || W == TableRow::Narrow48K>,
                           std::conditional_t<W == TableRow::Gram, typename Table::Fp64Gram,
                                              std::conditional_t<W == TableRow::GramSmall,
                                                                 typename Table::Fp64GramSmall,
                                                                 std::conditional_t<W == TableRow::GramWide,
                                                                                    typename Table::Fp64GramWide,
                                                                                    std::conditional_t<W == TableRow::MidEdge,
                                                                                                       typename Table::Fp64MidEdge,
                                                                                                       thin_or_short<W, Table>>>>>>>>;
template <TableRow W, class E, class V, class Table = kmm::TileTable<E>>
using table_row = std::conditional_t<W == shallow_row<W>(), table_row_shallow<W, E, V, Table>,
                                     typename Table::template deep_form<table_row_shallow<shallow_row<W>(), E, V, Table>, 0>>;
/// Do the fp64 MMA rows' deep forms fit on GPU space E's device, as the
/// dispatcher asks (TileTable::stages_fit, with what Kokkos lets a team take
/// and what a multiprocessor holds)? They fit alike (RowResidency), so the
/// mid edge form answers for all. Where not, `why` says what the two allow.
template <class E, class T>
bool deep_forms_fit(std::string& why) {
  using Table = kmm::TileTable<E>;
  using R = typename Table::Fp64MmaMidEdgeDeep;
  const E space;
  const auto bytes = std::int64_t(kmm::kernels::GpuBlocked<R, E, kmm::kernels::OperandFacts<T, 1, 1>>::scratch_bytes());
  const auto team_max = std::int64_t(kmm::detail::team_scratch_max(space));
  const auto sm_bytes = std::int64_t(kmm::detail::shared_memory_per_multiprocessor(space));
  why = "Kokkos lets a team take " + std::to_string(team_max) + " bytes and a multiprocessor holds " +
        std::to_string(sm_bytes);
  return Table::stages_fit(bytes, R::team_size, R::min_blocks, team_max, sm_bytes);
}
template <TableRow W>
struct BlockedRowKernel {
  template <class E, class T, class AV, class BV, class CV>
  void operator()(const E& space, Op opA, Op opB, T alpha, const AV& A, const BV& B, T beta, const CV& C) const {
    if constexpr (kmm::detail::is_host_space<E>()) {
      kmm::detail::gemm_with<kmm::Algorithm::Blocked>(space, opA, opB, alpha, A, B, beta, C);
    } else {
      kmm::gemm_blocked<table_row<W, E, typename CV::non_const_value_type>>(space, opA, opB, alpha, A, B, beta, C);
    }
  }
};
using BlockedLargeKernel = BlockedRowKernel<TableRow::Large>;
using BlockedNarrowKernel = BlockedRowKernel<TableRow::Narrow>;
// kmm::gemm's checks on A, B and C, then f on the dispatcher's descriptor
// of the product (kernels::Operands of the checked kernel views): for tests
// that drive one stage of the GPU dispatch (detail::launch_row,
// detail::with_repacked) directly.
template <class E, class T, class AV, class BV, class CV, class F>
void on_operands(const char* name, const E& space, Op opA, Op opB, T alpha, const AV& A, const BV& B, T beta,
                 const CV& C, const F& f) {
  kmm::detail::checked_gemm(name, space, opA, opB, alpha, A, B, beta, C,
                            [&](auto ta, auto tb, const auto& a, const auto& b, const auto& c) {
                              using D = kmm::kernels::Operands<decltype(ta)::value, decltype(tb)::value,
                                                               std::decay_t<decltype(a)>, std::decay_t<decltype(b)>,
                                                               std::decay_t<decltype(c)>>;
                              f(D(a, b, c));
                            });
}
KMM_GEMM_VARIANT(Tiled8Kernel, kmm::gemm_tiled<kmm::Square8>(space, opA, opB, alpha, A, B, beta, C))
KMM_GEMM_VARIANT(Tiled16Kernel, kmm::gemm_tiled<kmm::Square16>(space, opA, opB, alpha, A, B, beta, C))
KMM_GEMM_VARIANT(Tiled32Kernel, kmm::gemm_tiled<kmm::Square32>(space, opA, opB, alpha, A, B, beta, C))
KMM_GEMM_VARIANT(Strip16Kernel, kmm::gemm_tiled<kmm::Strip16>(space, opA, opB, alpha, A, B, beta, C))

}  // namespace kmm_test
