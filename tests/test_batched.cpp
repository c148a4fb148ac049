// team_gemm inside user TeamPolicy kernels (global subviews and team
// scratch), and batched_gemm on rank-3 Views: random data, C poisoned when
// beta == 0, a double reference with a (k+3) eps bound, sentinels around C.
#include <gtest/gtest.h>

#include "gemm_cases.hpp"
#include "kmm/batched_gemm.hpp"
#include "kmm/team_gemm.hpp"

namespace kmm_test {

// ---- team_gemm on global memory: team t computes a block of rows of C ------
template <class E, class AV, class BV, class CV>
struct RowBlocksKernel {
  using member = typename Kokkos::TeamPolicy<E>::member_type;
  static constexpr i64 kRows = 16;
  Op opA, opB;
  typename CV::non_const_value_type alpha, beta;
  AV A;
  BV B;
  CV C;
  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    const i64 i0 = team.league_rank() * kRows;
    const i64 i1 = i0 + kRows < i64(C.extent(0)) ? i0 + kRows : i64(C.extent(0));
    const Kokkos::pair<i64, i64> rows(i0, i1);
    const auto Cb = Kokkos::subview(C, rows, Kokkos::ALL);
    if (opA == Op::N)
      kmm::team_gemm(team, opA, opB, alpha, Kokkos::subview(A, rows, Kokkos::ALL), B, beta, Cb);
    else
      kmm::team_gemm(team, opA, opB, alpha, Kokkos::subview(A, Kokkos::ALL, rows), B, beta, Cb);
  }
};
struct TeamGemmRowBlocks {
  template <class E, class T, class AV, class BV, class CV>
  void operator()(const E& space, Op opA, Op opB, T alpha, const AV& A, const BV& B, T beta, const CV& C) const {
    using K = RowBlocksKernel<E, AV, BV, CV>;
    const int league = int((C.extent(0) + K::kRows - 1) / K::kRows);
    if (league == 0) return;
    Kokkos::parallel_for("test::team_gemm_rows", Kokkos::TeamPolicy<E>(space, league, Kokkos::AUTO),
                         K{opA, opB, alpha, beta, A, B, C});
  }
};

// ---- team_gemm on team scratch: stage op(A), op(B), C; multiply; copy back --
template <class E, class AV, class BV, class CV>
struct ScratchKernel {
  using T = typename CV::non_const_value_type;
  using member = typename Kokkos::TeamPolicy<E>::member_type;
  using S = Kokkos::View<T**, Kokkos::LayoutRight, typename E::scratch_memory_space, Kokkos::MemoryUnmanaged>;
  Op opA, opB;
  T alpha, beta;
  AV A;
  BV B;
  CV C;
  static std::size_t bytes(const AV& a, const BV& b, const CV& c) {
    return S::shmem_size(a.extent(0), a.extent(1)) + S::shmem_size(b.extent(0), b.extent(1)) +
           S::shmem_size(c.extent(0), c.extent(1));
  }
  template <class Src, class Dst>
  KOKKOS_INLINE_FUNCTION static void copy(const member& team, const Src& s, const Dst& d) {
    const i64 n = s.extent(1);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, i64(s.extent(0)) * n),
                         [=](const i64 e) { d(e / n, e % n) = s(e / n, e % n); });
  }
  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    S As(team.team_scratch(0), A.extent(0), A.extent(1));
    S Bs(team.team_scratch(0), B.extent(0), B.extent(1));
    S Cs(team.team_scratch(0), C.extent(0), C.extent(1));
    copy(team, A, As);
    copy(team, B, Bs);
    copy(team, C, Cs);  // NaN-poisoned when beta == 0: team_gemm must not read it
    team.team_barrier();
    kmm::team_gemm(team, opA, opB, alpha, As, Bs, beta, Cs);
    copy(team, Cs, C);
  }
};
struct TeamGemmScratch {
  template <class E, class T, class AV, class BV, class CV>
  void operator()(const E& space, Op opA, Op opB, T alpha, const AV& A, const BV& B, T beta, const CV& C) const {
    using K = ScratchKernel<E, AV, BV, CV>;
    Kokkos::TeamPolicy<E> policy(space, 1, Kokkos::AUTO);
    Kokkos::parallel_for("test::team_gemm_scratch",
                         policy.set_scratch_size(0, Kokkos::PerTeam(K::bytes(A, B, C))),
                         K{opA, opB, alpha, beta, A, B, C});
  }
};

template <class C>
class TeamGemm : public ::testing::Test {};
TYPED_TEST_SUITE(TeamGemm, AllConfigs, ConfigNames);

TYPED_TEST(TeamGemm, OnGlobalSubviewsMatchesReference) {
  full_sweep<typename TypeParam::value_type, typename TypeParam::exec_space>(TeamGemmRowBlocks{});
}

TYPED_TEST(TeamGemm, OnTeamScratchMatchesReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  // shapes that fit one team's scratch (at most 3 * 33 * 33 doubles, 26 KB)
  const Shape3 small[] = {{1, 1, 1}, {4, 4, 4}, {5, 7, 3}, {16, 16, 16}, {17, 31, 29}, {33, 33, 33}, {8, 3, 0}};
  unsigned seed = 99;
  int idx = 0;
  for (Op opA : {Op::N, Op::T})
    for (Op opB : {Op::N, Op::T})
      for (const auto& sh : small) {
        const int pair = idx++ % 16;
        const Case cs{sh.m, sh.n, sh.k, opA, opB, Lay::L, Lay::R, Lay::S, kScalars[pair / 4], kScalars[pair % 4]};
        EXPECT_EQ((run_case<T, E, Lay::L, Lay::R, Lay::S>(cs, TeamGemmScratch{}, ++seed)), "") << cs.str();
      }
}

template <class E, class V>
struct BadTeamGemm {
  V A, B, C;
  KOKKOS_INLINE_FUNCTION void operator()(const typename Kokkos::TeamPolicy<E>::member_type& t) const {
    kmm::team_gemm(t, Op::N, Op::N, 1.0, A, B, 0.0, C);
  }
};

TYPED_TEST(TeamGemm, MismatchedExtentsAbortWithTheirNames) {
  using E = typename TypeParam::exec_space;
  if (!kmm::detail::is_host_space<E>())
    GTEST_SKIP() << "Kokkos::abort in a GPU kernel ends the CUDA context, and every later test with it; "
                    "the check is the same code on the host backends, where this test runs";
  using V = Kokkos::View<double**, Kokkos::LayoutRight, typename E::memory_space>;
  V A("A", 4, 5), B("B", 6, 3), C("C", 4, 3);
  ::testing::GTEST_FLAG(death_test_style) = "threadsafe";
  EXPECT_DEATH(Kokkos::parallel_for(Kokkos::TeamPolicy<E>(1, 1), BadTeamGemm<E, V>{A, B, C}),
               "kmm::team_gemm: extents do not match: the columns of op\\(A\\) \\(k\\) differ from the rows of op\\(B\\)");
}

// ---- batched_gemm -----------------------------------------------------------
struct Batch {
  i64 count, m, n, k;
  Op opA, opB;
  bool left;  // LayoutLeft rank-3 operands (else LayoutRight)
  double alpha, beta;
  kmm::Algorithm algo;
  i64 pad = 0;         // A and B: windows of rank-3 Views with pad more columns (LayoutStride, gaps between rows)
  bool whole = false;  // call the whole-matrix kernel alone (GPU), not batched_gemm
  int chunk = 0;       // whole: in chunks of k this deep (a multiple of 4), else as whole_plan says
  bool mma = false;    // whole: the row on the fp64 tensor cores (BatchWholeMma), else the SIMT row
  std::string str() const {
    std::ostringstream s;
    s << "batch=" << count << " m=" << m << " n=" << n << " k=" << k << " op=" << kmm::to_string(opA)
      << kmm::to_string(opB) << (left ? " LayoutLeft" : " LayoutRight") << " alpha=" << alpha << " beta=" << beta
      << " algorithm=" << kmm::to_string(algo) << (pad ? " pad=" + std::to_string(pad) : "")
      << (whole ? mma ? " whole-matrix kernel (MMA row)" : " whole-matrix kernel" : "")
      << (chunk ? " chunks of k=" + std::to_string(chunk) : "");
    return s.str();
  }
};

// The whole-matrix kernel alone (kernels/gpu_batched_whole.hpp), where its
// row takes the batch; GPU execution spaces only.
template <class T, class E, class AV, class BV, class CV>
void call_whole(const E& space, const Batch& b, const AV& A, const BV& B, const CV& C) {
  if constexpr (!kmm::detail::is_host_space<E>()) {
    using Table = kmm::TileTable<E>;
    const auto run = [&](auto row) {
      using W = typename decltype(row)::type;
      kmm::detail::with_ops(b.opA, b.opB, [&](auto ta, auto tb) {
        constexpr bool TA = decltype(ta)::value, TB = decltype(tb)::value;
        auto plan = kmm::kernels::whole_plan<W, TA, TB, E>(A, B, C);
        ASSERT_TRUE(plan.fits) << "the whole-matrix row does not take " << b.str();
        if (b.chunk) plan.kc = b.chunk;
        kmm::kernels::gpu_batched_whole<W, TA, TB>(space, plan, T(b.alpha), A, B, T(b.beta), C);
      });
    };
    if constexpr (Table::template whole_mma_kernels<T>()) {
      if (b.mma) return run(std::common_type<typename Table::BatchWholeMma>{});
    }
    ASSERT_FALSE(b.mma) << "no whole-matrix MMA row for this type and build";
    run(std::common_type<typename Table::BatchWhole>{});
  }
}

// C is a strided window (rows 1.., columns 2..) of a larger batch of matrices
// filled with sentinels, so writes outside C show. With b.pad, A and B are
// windows too: the columns past them hold random values (never to be read).
template <class T, class E, class Layout>
std::string run_batch(const Batch& b, unsigned seed) {
  using Mem = typename E::memory_space;
  using V3 = Kokkos::View<T***, Layout, Mem>;
  const i64 ar = b.opA == Op::N ? b.m : b.k, ac = b.opA == Op::N ? b.k : b.m;
  const i64 br = b.opB == Op::N ? b.k : b.n, bc = b.opB == Op::N ? b.n : b.k;
  V3 A("A", b.count, ar, ac + b.pad), B("B", b.count, br, bc + b.pad), big("Cbig", b.count, b.m + 3, b.n + 4);
  auto C = Kokkos::subview(big, Kokkos::ALL, Kokkos::pair<i64, i64>(1, 1 + b.m), Kokkos::pair<i64, i64>(2, 2 + b.n));
  auto hAp = Kokkos::create_mirror(A);
  auto hBp = Kokkos::create_mirror(B);
  const auto hA = Kokkos::subview(hAp, Kokkos::ALL, Kokkos::ALL, Kokkos::pair<i64, i64>(0, ac));
  const auto hB = Kokkos::subview(hBp, Kokkos::ALL, Kokkos::ALL, Kokkos::pair<i64, i64>(0, bc));
  auto hbig = Kokkos::create_mirror(big);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  for (i64 q = 0; q < b.count; ++q) {
    for (i64 i = 0; i < ar; ++i)
      for (i64 j = 0; j < ac + b.pad; ++j) hAp(q, i, j) = T(uni(rng));
    for (i64 i = 0; i < br; ++i)
      for (i64 j = 0; j < bc + b.pad; ++j) hBp(q, i, j) = T(uni(rng));
    for (i64 i = 0; i < b.m + 3; ++i)
      for (i64 j = 0; j < b.n + 4; ++j) {
        const bool in_c = i >= 1 && i < 1 + b.m && j >= 2 && j < 2 + b.n;
        hbig(q, i, j) = !in_c ? sentinel<T>() : b.beta == 0.0 ? std::numeric_limits<T>::quiet_NaN() : T(uni(rng));
      }
  }
  Kokkos::deep_copy(A, hAp);
  Kokkos::deep_copy(B, hBp);
  Kokkos::deep_copy(big, hbig);
  E space;
  if (b.pad)
    call_whole<T>(space, b, Kokkos::subview(A, Kokkos::ALL, Kokkos::ALL, Kokkos::pair<i64, i64>(0, ac)),
                  Kokkos::subview(B, Kokkos::ALL, Kokkos::ALL, Kokkos::pair<i64, i64>(0, bc)), C);
  else if (b.whole)
    call_whole<T>(space, b, A, B, C);
  else
    kmm::batched_gemm(space, b.opA, b.opB, T(b.alpha), A, B, T(b.beta), C, b.algo);
  space.fence();
  auto out = Kokkos::create_mirror(big);
  Kokkos::deep_copy(out, big);

  const double factor = double(b.k + 3) * std::numeric_limits<T>::epsilon();
  std::ostringstream err;
  int bad = 0;
  using H2 = Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::HostSpace>;
  H2 ref("ref", b.m, b.n), bound("bound", b.m, b.n), absA("absA", ar, ac), absB("absB", br, bc);
  for (i64 q = 0; q < b.count; ++q) {
    auto Aq = Kokkos::subview(hA, q, Kokkos::ALL, Kokkos::ALL);
    auto Bq = Kokkos::subview(hB, q, Kokkos::ALL, Kokkos::ALL);
    for (i64 i = 0; i < ar; ++i)
      for (i64 j = 0; j < ac; ++j) absA(i, j) = std::abs(double(Aq(i, j)));
    for (i64 i = 0; i < br; ++i)
      for (i64 j = 0; j < bc; ++j) absB(i, j) = std::abs(double(Bq(i, j)));
    for (i64 i = 0; i < b.m; ++i)
      for (i64 j = 0; j < b.n; ++j) {
        ref(i, j) = hbig(q, 1 + i, 2 + j);
        bound(i, j) = std::abs(ref(i, j));
      }
    kmm::reference_gemm(b.opA, b.opB, b.alpha, Aq, Bq, b.beta, ref);
    kmm::reference_gemm(b.opA, b.opB, std::abs(b.alpha), absA, absB, std::abs(b.beta), bound);
    for (i64 i = 0; i < b.m + 3; ++i)
      for (i64 j = 0; j < b.n + 4; ++j) {
        const double got = out(q, i, j);
        const bool in_c = i >= 1 && i < 1 + b.m && j >= 2 && j < 2 + b.n;
        if (!in_c) {
          if (!(got == double(sentinel<T>())) && bad++ < 6)
            err << " wrote outside C in matrix " << q << " at (" << i << "," << j << ");";
          continue;
        }
        const double r = ref(i - 1, j - 2);
        const double tol = factor * bound(i - 1, j - 2) + std::numeric_limits<T>::min();
        if (!(std::abs(got - r) <= tol) && bad++ < 3)
          err << " C(" << q << "," << i - 1 << "," << j - 2 << ")=" << got << " expected " << r << ";";
      }
  }
  if (!bad) return "";
  std::ostringstream s;
  s << bad << " bad elements:" << err.str();
  return s.str();
}

template <class C>
class BatchedGemm : public ::testing::Test {};
TYPED_TEST_SUITE(BatchedGemm, AllConfigs, ConfigNames);

TYPED_TEST(BatchedGemm, MatchesReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  const Shape3 sizes[] = {{4, 4, 4}, {8, 8, 8}, {16, 16, 16}, {32, 32, 32}, {64, 64, 64}, {1, 1, 1},
                          {3, 5, 7}, {17, 33, 9}, {65, 7, 40}, {40, 48, 32}, {5, 6, 0},
                          // each GPU row by C's size (LayoutRight: edges as packs where the row takes them):
                          // the small row's edges, the 48 row (edge and whole), the 64 row's edge form
                          {24, 20, 24}, {44, 40, 36}, {48, 48, 48}, {56, 60, 50},
                          // Auto's crossovers (GPU: fp32 Blocked, fp64 Naive; CPU: Blocked), the
                          // whole-matrix row's (GPU: every C up to 22, above it where the batched row takes no packs)
                          {9, 8, 10}, {13, 12, 15}, {22, 21, 20}, {24, 24, 24}, {23, 25, 27},
                          // the whole-matrix row in chunks of k (GPU fp64: on the tensor cores)
                          {59, 61, 57}};
  unsigned seed = 7;
  int idx = 0;
  for (auto algo : {kmm::Algorithm::Auto, kmm::Algorithm::Naive, kmm::Algorithm::Tiled, kmm::Algorithm::Blocked})
    for (Op opA : {Op::N, Op::T})
      for (Op opB : {Op::N, Op::T})
        for (const auto& sh : sizes) {
          const int pair = (idx++ * 5) % 16;
          const bool left = idx % 2 == 0;
          const Batch b{idx % 3 == 0 ? 1 : 11, sh.m, sh.n, sh.k, opA, opB, left, kScalars[pair / 4], kScalars[pair % 4], algo};
          const std::string err = left ? run_batch<T, E, Kokkos::LayoutLeft>(b, ++seed)
                                       : run_batch<T, E, Kokkos::LayoutRight>(b, ++seed);
          EXPECT_EQ(err, "") << b.str();
        }
}

TYPED_TEST(BatchedGemm, EveryScalarPair) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  unsigned seed = 70;
  for (double alpha : kScalars)
    for (double beta : kScalars)
      for (auto algo : {kmm::Algorithm::Naive, kmm::Algorithm::Tiled, kmm::Algorithm::Blocked}) {
        const Batch b{5, 19, 23, 21, Op::T, Op::N, false, alpha, beta, algo};
        EXPECT_EQ((run_batch<T, E, Kokkos::LayoutRight>(b, ++seed)), "") << b.str();
      }
}

// The whole-matrix kernel alone on products its row takes: every op;
// matrices of odd size, so that their spans start at every offset from a
// 16-byte boundary along the batch (and spans shorter than the elements
// before the first boundary: 1 x 1 x 1); operands with gaps between their
// rows (pad); the largest C and k the row takes (fp64: in chunks of k,
// whose operands do not fit Kokkos 3.4's 40 KB whole); C of one thread and
// of several warps. Then each shape in chunks of 4 and 8 (the last chunk
// shorter where k is not a multiple), whatever whole_plan would pick: runs
// along k at every offset, spans of columns along m or n. fp64 on sm_80+:
// all of it again on the MMA row (BatchWholeMma), whose warps clamp rows
// and columns past C and count k past a chunk as zero (k of 2 and 5, C of
// 1 x 1 and 3 x 2 in a 32 x 32 warp tile, chunks ending 1-3 past a
// multiple of 4): a wrong fragment layout or tail fails here.
TYPED_TEST(BatchedGemm, WholeMatrixKernel) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if constexpr (kmm::detail::is_host_space<E>()) {
    GTEST_SKIP() << "the whole-matrix kernel (kernels/gpu_batched_whole.hpp) is a GPU kernel; batched_gemm's "
                    "Blocked on this backend is host_batched_blocked, which MatchesReference covers";
  } else {
    using Table = kmm::TileTable<E>;
    using W = typename Table::BatchWhole;
    const Shape3 sizes[] = {{17, 19, 23}, {1, 1, 1}, {3, 2, 5}, {31, 30, 29}, {W::MAX_SIDE, W::MAX_SIDE, W::MAX_K},
                            {63, 17, 48}, {20, 24, 16}, {33, 5, 47}, {9, 57, 2}, {59, 61, 63}};
    unsigned seed = 300;
    int idx = 0;
    for (bool mma : {false, true}) {
      if (mma && !Table::template whole_mma_kernels<T>()) continue;  // fp64 on sm_80+ only
      for (Op opA : {Op::N, Op::T})
        for (Op opB : {Op::N, Op::T})
          for (const auto& sh : sizes)
            for (i64 pad : {0, 1})
              for (int chunk : {0, 4, 8}) {
                if (chunk >= sh.k) continue;
                const int pair = (idx++ * 7) % 16;
                Batch b{7, sh.m, sh.n, sh.k, opA, opB, false, kScalars[pair / 4], kScalars[pair % 4], kmm::Algorithm::Blocked};
                b.pad = pad;
                b.whole = true;
                b.chunk = chunk;
                b.mma = mma;
                EXPECT_EQ((run_batch<T, E, Kokkos::LayoutRight>(b, ++seed)), "") << b.str();
              }
    }
  }
}

TYPED_TEST(BatchedGemm, EmptyBatchIsANoOp) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  Kokkos::View<T***, typename E::memory_space> A("A", 0, 4, 5), B("B", 0, 5, 6), C("C", 0, 4, 6);
  EXPECT_NO_THROW(kmm::batched_gemm(E(), Op::N, Op::N, T(1), A, B, T(0), C));
}

TYPED_TEST(BatchedGemm, BadArgumentsThrowAndLeaveCUntouched) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  using V3 = Kokkos::View<T***, Kokkos::LayoutRight, typename E::memory_space>;
  V3 A("A", 3, 4, 5), B("B", 3, 5, 6), C("C", 3, 4, 6), B2("B2", 2, 5, 6), Bk("Bk", 3, 7, 6);
  Kokkos::deep_copy(C, T(42));
  auto message = [](auto f) -> std::string {
    try {
      f();
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "<nothing thrown>";
  };
  EXPECT_EQ(message([&] { kmm::batched_gemm(E(), Op::N, Op::N, T(1), A, B2, T(0), C); }),
            "kmm::batched_gemm: batch counts differ: A.extent(0) = 3, B.extent(0) = 2, C.extent(0) = 3");
  EXPECT_NE(message([&] { kmm::batched_gemm(E(), Op::N, Op::N, T(1), A, Bk, T(0), C); })
                .find("kmm::batched_gemm: extents do not match: opA=N A is 4x5, opB=N B is 7x6, C is 4x6"),
            std::string::npos);
  EXPECT_NE(message([&] { kmm::batched_gemm(E(), Op::N, Op::N, T(1), A, B, T(0), C, kmm::Algorithm(77)); })
                .find("unknown algorithm value 77"),
            std::string::npos);
  // C aliasing A: the first two matrices of one allocation
  V3 AC("AC", 3, 4, 4);
  auto Aa = Kokkos::subview(AC, Kokkos::pair<int, int>(0, 2), Kokkos::ALL, Kokkos::ALL);
  auto Ca = Kokkos::subview(AC, Kokkos::pair<int, int>(1, 3), Kokkos::ALL, Kokkos::ALL);
  V3 Bs("Bs", 2, 4, 4);
  EXPECT_NE(message([&] { kmm::batched_gemm(E(), Op::N, Op::N, T(1), Aa, Bs, T(0), Ca); }).find("overlaps A"),
            std::string::npos);
  // disjoint matrices of one allocation are fine
  auto Cd = Kokkos::subview(AC, Kokkos::pair<int, int>(2, 3), Kokkos::ALL, Kokkos::ALL);
  auto Ad = Kokkos::subview(AC, Kokkos::pair<int, int>(0, 1), Kokkos::ALL, Kokkos::ALL);
  auto Bd = Kokkos::subview(AC, Kokkos::pair<int, int>(1, 2), Kokkos::ALL, Kokkos::ALL);
  EXPECT_NO_THROW(kmm::batched_gemm(E(), Op::N, Op::N, T(1), Ad, Bd, T(0), Cd));
  // the same with LayoutLeft batches (batch index fastest in memory)
  using L3 = Kokkos::View<T***, Kokkos::LayoutLeft, typename E::memory_space>;
  L3 LC("LC", 3, 4, 4);
  auto la = Kokkos::subview(LC, Kokkos::pair<int, int>(0, 2), Kokkos::ALL, Kokkos::ALL);
  auto lc = Kokkos::subview(LC, Kokkos::pair<int, int>(1, 3), Kokkos::ALL, Kokkos::ALL);
  L3 lb("lb", 2, 4, 4);
  EXPECT_NE(message([&] { kmm::batched_gemm(E(), Op::N, Op::N, T(1), la, lb, T(0), lc); }).find("overlaps A"),
            std::string::npos);
  EXPECT_NO_THROW(kmm::batched_gemm(E(), Op::N, Op::N, T(1), Kokkos::subview(LC, Kokkos::pair<int, int>(0, 1), Kokkos::ALL, Kokkos::ALL),
                                    Kokkos::subview(LC, Kokkos::pair<int, int>(1, 2), Kokkos::ALL, Kokkos::ALL), T(0),
                                    Kokkos::subview(LC, Kokkos::pair<int, int>(2, 3), Kokkos::ALL, Kokkos::ALL)));
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), C);
  for (size_t e = 0; e < h.span(); ++e) ASSERT_EQ(h.data()[e], T(42)) << "C changed at " << e;
}

}  // namespace kmm_test
