// API rules: argument checks (C untouched on error), aliasing, BLAS corner
// rules, and the m*n > 2^31 case.
#include <cstdlib>

#include "fill_pattern.hpp"
#include "gemm_cases.hpp"
#include "kmm/batched_gemm.hpp"

namespace kmm_test {

template <class C>
class GemmApi : public ::testing::Test {};
TYPED_TEST_SUITE(GemmApi, AllConfigs, ConfigNames);

template <class T, class E>
using Mat = Kokkos::View<T**, Kokkos::LayoutRight, typename E::memory_space>;

template <class V>
std::vector<typename V::non_const_value_type> host_copy(const V& v) {
  auto h = Kokkos::create_mirror_view(v);
  Kokkos::deep_copy(h, v);
  const auto* p = h.data();
  return std::vector<typename V::non_const_value_type>(p, p + h.span());
}

template <class V>
void fill_random(const V& v, unsigned seed) {
  auto h = Kokkos::create_mirror_view(v);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  for (size_t i = 0; i < h.extent(0); ++i)
    for (size_t j = 0; j < h.extent(1); ++j) h(i, j) = uni(rng);
  Kokkos::deep_copy(v, h);
}

// The message of the Exception f() throws (by default kmm's argument checks').
template <class Exception = std::invalid_argument, class F>
std::string thrown_message(F f) {
  try {
    f();
  } catch (const Exception& e) {
    return e.what();
  }
  return "<nothing thrown>";
}

// Device work for the tests below, as functors (no extended lambdas inside
// gtest's private TestBody).
template <class V>
struct AddOne {
  V v;
  int n;
  KOKKOS_INLINE_FUNCTION void operator()(int e) const { v(e / n, e % n) += typename V::value_type(1); }
};
template <class V>
struct CountNotFinite {
  V v;
  i64 n;
  KOKKOS_INLINE_FUNCTION void operator()(i64 e, i64& s) const {
    const auto x = v(e / n, e % n);
    s += (x - x == x - x) ? 0 : 1;  // x - x is NaN for NaN and +-Inf
  }
};

// The tests' reference (expected.hpp: one pass, op(A) and op(B) copied
// contiguous along k, rows of C across the host space's threads) against
// kmm::reference_gemm and the bound as two reference_gemm calls on |A|,
// |B|, |C0| give it: every op pair, alpha 0 / 1 / -1.5, beta 0 (C0 NaN,
// unread) / 0.7, widths past and below its four-column step, k = 1.
template <class T>
void expected_matches_reference_gemm() {
  using HostL = Kokkos::View<T**, Kokkos::LayoutLeft, Kokkos::HostSpace>;
  using HostR = Kokkos::View<T**, Kokkos::LayoutRight, Kokkos::HostSpace>;
  using D = Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::HostSpace>;
  unsigned seed = 900;
  for (const Shape3 sh : {Shape3{17, 31, 29}, Shape3{5, 9, 1}, Shape3{64, 3, 100}, Shape3{1, 1, 1}})
    for (kmm::Op opA : {kmm::Op::N, kmm::Op::T})
      for (kmm::Op opB : {kmm::Op::N, kmm::Op::T})
        for (double alpha : {0.0, 1.0, -1.5})
          for (double beta : {0.0, 0.7}) {
            const bool ta = opA == kmm::Op::T, tb = opB == kmm::Op::T;
            HostL A("A", ta ? sh.k : sh.m, ta ? sh.m : sh.k), C0("C0", sh.m, sh.n);
            HostR B("B", tb ? sh.n : sh.k, tb ? sh.k : sh.n);
            fill_random(A, ++seed);
            fill_random(B, ++seed);
            fill_random(C0, ++seed);
            if (beta == 0.0) Kokkos::deep_copy(C0, std::numeric_limits<T>::quiet_NaN());
            const Expected e = expected_gemm<T>(opA, opB, alpha, A, B, beta, C0);
            D ref("ref", sh.m, sh.n), bound("bound", sh.m, sh.n);
            D absA("absA", A.extent(0), A.extent(1)), absB("absB", B.extent(0), B.extent(1));
            for (i64 i = 0; i < i64(A.extent(0)); ++i)
              for (i64 j = 0; j < i64(A.extent(1)); ++j) absA(i, j) = std::abs(double(A(i, j)));
            for (i64 i = 0; i < i64(B.extent(0)); ++i)
              for (i64 j = 0; j < i64(B.extent(1)); ++j) absB(i, j) = std::abs(double(B(i, j)));
            for (i64 i = 0; i < sh.m; ++i)
              for (i64 j = 0; j < sh.n; ++j) {
                ref(i, j) = double(C0(i, j));
                bound(i, j) = std::abs(double(C0(i, j)));
              }
            kmm::reference_gemm(opA, opB, alpha, A, B, beta, ref);
            kmm::reference_gemm(opA, opB, std::abs(alpha), absA, absB, std::abs(beta), bound);
            const double factor = double(sh.k + 3) * double(std::numeric_limits<T>::epsilon());
            int bad = 0;
            for (i64 i = 0; i < sh.m; ++i)
              for (i64 j = 0; j < sh.n; ++j) {
                const double tol = factor * bound(i, j) + double(std::numeric_limits<T>::min());
                // the same sums, perhaps contracted to FMAs elsewhere: within 1e-14 of the bound's scale
                const bool ok = std::abs(e.ref(i, j) - ref(i, j)) <= 1e-14 * (1.0 + bound(i, j)) &&
                                std::abs(e.tol(i, j) - tol) <= 1e-14 * tol;
                if (!ok && bad++ < 3)
                  ADD_FAILURE() << sh.m << " x " << sh.n << " x " << sh.k << " op " << ta << tb << " alpha " << alpha
                                << " beta " << beta << " (" << i << "," << j << "): ref " << e.ref(i, j) << " vs "
                                << ref(i, j) << ", tol " << e.tol(i, j) << " vs " << tol;
              }
          }
}
TEST(Expected, MatchesReferenceGemm) {
  expected_matches_reference_gemm<float>();
  expected_matches_reference_gemm<double>();
}

TYPED_TEST(GemmApi, MismatchedExtentsThrowNamingOpsAndExtentsAndLeaveCUntouched) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  Mat<T, E> A("A", 4, 5), B("B", 6, 7), C("C", 4, 7);
  fill_random(A, 1);
  fill_random(B, 2);
  fill_random(C, 3);
  const auto before = host_copy(C);
  for (auto algo : {kmm::Algorithm::Auto, kmm::Algorithm::Naive, kmm::Algorithm::Tiled, kmm::Algorithm::Blocked}) {
    const std::string msg = thrown_message([&] { kmm::gemm(E(), Op::N, Op::T, T(1), A, B, T(0), C, algo); });
    EXPECT_NE(msg.find("opA=N"), std::string::npos) << msg;
    EXPECT_NE(msg.find("opB=T"), std::string::npos) << msg;
    EXPECT_NE(msg.find("A is 4x5"), std::string::npos) << msg;
    EXPECT_NE(msg.find("B is 6x7"), std::string::npos) << msg;
    EXPECT_NE(msg.find("C is 4x7"), std::string::npos) << msg;
  }
  // C of the wrong shape, k matching
  Mat<T, E> B2("B2", 5, 7), C2("C2", 3, 7);
  fill_random(C2, 4);
  const auto before2 = host_copy(C2);
  EXPECT_NE(thrown_message([&] { kmm::gemm(Op::N, Op::N, T(1), A, B2, T(1), C2); }).find("C is 3x7"),
            std::string::npos);
  EXPECT_NE(thrown_message([&] { kmm::gemm_tiled<kmm::Square8>(E(), Op::T, Op::N, T(1), A, B2, T(1), C2); })
                .find("opA=T"),
            std::string::npos);
  Kokkos::fence();
  EXPECT_EQ(host_copy(C), before);
  EXPECT_EQ(host_copy(C2), before2);
}

TYPED_TEST(GemmApi, UnknownAlgorithmOrOpThrows) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  Mat<T, E> A("A", 3, 3), B("B", 3, 3), C("C", 3, 3);
  fill_random(C, 5);
  const auto before = host_copy(C);
  EXPECT_NE(thrown_message([&] { kmm::gemm(Op::N, Op::N, T(1), A, B, T(0), C, static_cast<kmm::Algorithm>(99)); })
                .find("unknown algorithm"),
            std::string::npos);
  EXPECT_NE(thrown_message([&] { kmm::gemm(static_cast<Op>(7), Op::N, T(1), A, B, T(0), C); }).find("opA"),
            std::string::npos);
  Kokkos::fence();
  EXPECT_EQ(host_copy(C), before);
}

TYPED_TEST(GemmApi, COverlappingAOrBThrowsAndLeavesCUntouched) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  using Mem = typename E::memory_space;
  Kokkos::View<T**, Kokkos::LayoutLeft, Mem> M("M", 8, 12);
  fill_random(M, 6);
  const auto before = host_copy(M);
  auto cols = [&](int a, int b) { return Kokkos::subview(M, Kokkos::ALL, Kokkos::make_pair(a, b)); };
  // C = columns 4..7, A = columns 0..3 and 2..5 of the same matrix
  Kokkos::View<T**, Mem> B("B", 4, 4);
  fill_random(B, 7);
  const std::string msg = thrown_message([&] { kmm::gemm(E(), Op::N, Op::N, T(1), cols(2, 6), B, T(1), cols(4, 8)); });
  EXPECT_NE(msg.find("overlaps A"), std::string::npos) << msg;
  EXPECT_NE(thrown_message([&] { kmm::gemm(E(), Op::N, Op::N, T(1), B, Kokkos::subview(M, Kokkos::make_pair(0, 4), Kokkos::make_pair(6, 10)), T(1), Kokkos::subview(M, Kokkos::make_pair(2, 6), Kokkos::make_pair(8, 12))); }).find("overlaps B"),
            std::string::npos);
  // C = A exactly (in place) is an overlap too
  Kokkos::View<T**, Mem> S("S", 4, 4);
  EXPECT_NE(thrown_message([&] { kmm::gemm(E(), Op::N, Op::N, T(1), S, B, T(0), S); }).find("overlaps A"),
            std::string::npos);
  Kokkos::fence();
  EXPECT_EQ(host_copy(M), before);
  // Disjoint submatrices of one matrix are fine, even interleaved in memory:
  // rows 0..3 and rows 4..7 of a LayoutLeft matrix share every column.
  EXPECT_NO_THROW(kmm::gemm(E(), Op::N, Op::N, T(1), cols(0, 4), B, T(0), cols(4, 8)));
  auto top = Kokkos::subview(M, Kokkos::make_pair(0, 4), Kokkos::make_pair(0, 4));
  auto bottom = Kokkos::subview(M, Kokkos::make_pair(4, 8), Kokkos::make_pair(0, 4));
  EXPECT_NO_THROW(kmm::gemm(E(), Op::N, Op::N, T(1), top, B, T(0), bottom));
  // rows 0..3 against rows 3..6: one shared row, interleaved with the rest
  auto rows3 = Kokkos::subview(M, Kokkos::make_pair(3, 7), Kokkos::make_pair(0, 4));
  EXPECT_NE(thrown_message([&] { kmm::gemm(E(), Op::N, Op::N, T(1), top, B, T(0), rows3); }).find("overlaps A"),
            std::string::npos);
  Kokkos::fence();
}

TYPED_TEST(GemmApi, AlphaZeroReadsNeitherANorB) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  for (auto algo : {kmm::Algorithm::Auto, kmm::Algorithm::Naive, kmm::Algorithm::Tiled, kmm::Algorithm::Blocked})
    for (double beta : {0.0, 0.7}) {
      const Case cs{19, 23, 11, Op::N, Op::T, Lay::R, Lay::L, Lay::S, 0.0, beta};
      auto kernel = [algo](const auto& space, Op a, Op b, auto alpha, const auto& A, const auto& B, auto bt,
                           const auto& C) { kmm::gemm(space, a, b, alpha, A, B, bt, C, algo); };
      // A and B are all NaN: any read of them would show in C
      EXPECT_EQ((run_case<T, E, Lay::R, Lay::L, Lay::S>(cs, kernel, 99, /*poison_ab=*/true)), "") << cs.str();
    }
}

TYPED_TEST(GemmApi, EmptyProductsAreNoOpsOrScaleC) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  Mat<T, E> A0("A0", 0, 4), B0("B0", 4, 6), C0("C0", 0, 6);
  EXPECT_NO_THROW(kmm::gemm(E(), Op::N, Op::N, T(1), A0, B0, T(0), C0));
  // k == 0 with beta == 0 on a NaN-filled C gives zeros
  Mat<T, E> Ak("Ak", 3, 0), Bk("Bk", 0, 2), Ck("Ck", 3, 2);
  Kokkos::deep_copy(Ck, std::numeric_limits<T>::quiet_NaN());
  kmm::gemm(E(), Op::N, Op::N, T(1), Ak, Bk, T(0), Ck);
  for (T v : host_copy(Ck)) EXPECT_EQ(v, T(0));
}

TYPED_TEST(GemmApi, RunsOnAGivenInstanceAndOrdersWithItsOtherWork) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  const int n = 40;
  Mat<T, E> A("A", n, n), B("B", n, n), C("C", n, n);
  E space;
  // Work queued on the instance before and after gemm, without fences between.
  Kokkos::parallel_for("fillA", Kokkos::RangePolicy<E>(space, 0, n * n), FillPattern<Mat<T, E>>{A, 7});
  Kokkos::parallel_for("fillB", Kokkos::RangePolicy<E>(space, 0, n * n), FillPattern<Mat<T, E>>{B, 5});
  kmm::gemm(space, Op::N, Op::N, T(1), A, B, T(0), C);
  kmm::gemm(space, Op::N, Op::N, T(-1), A, B, T(1), C);  // C = A*B - A*B = 0, exactly (small integers)
  Kokkos::parallel_for("plus1", Kokkos::RangePolicy<E>(space, 0, n * n), AddOne<Mat<T, E>>{C, n});
  space.fence();
  for (T v : host_copy(C)) ASSERT_EQ(v, T(1));
}

TYPED_TEST(GemmApi, MoreThan2To31ElementsOfC) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if (!std::is_same<T, float>::value) GTEST_SKIP() << "the 46341 x 46341 case runs for float only (8.6 GB)";
  if (kmm::detail::is_host_space<E>() && !std::getenv("KMM_TEST_HUGE"))
    GTEST_SKIP() << "needs 8.6 GB and 69 GFLOP: runs on GPU backends, on host backends only with KMM_TEST_HUGE=1";
  const i64 m = 46341, n = 46341, k = 16;  // m*n = 2147488281 > 2^31 - 1
  Mat<T, E> A("A", m, k), B("B", k, n), C(Kokkos::view_alloc(Kokkos::WithoutInitializing, "C"), m, n);
  fill_random(A, 11);
  fill_random(B, 12);
  Kokkos::deep_copy(C, std::numeric_limits<T>::quiet_NaN());
  for (auto algo : {kmm::Algorithm::Tiled, kmm::Algorithm::Blocked}) {
    kmm::gemm(E(), Op::N, Op::N, T(1), A, B, T(0), C, algo);
    i64 not_finite = 0;
    Kokkos::parallel_reduce("count", Kokkos::RangePolicy<E, Kokkos::IndexType<i64>>(0, m * n),
                            CountNotFinite<Mat<T, E>>{C, n}, not_finite);
    EXPECT_EQ(not_finite, 0) << kmm::to_string(algo);
    // check the corners and a sample of elements against the reference
    auto hA = Kokkos::create_mirror_view(A);
    auto hB = Kokkos::create_mirror_view(B);
    Kokkos::deep_copy(hA, A);
    Kokkos::deep_copy(hB, B);
    std::mt19937_64 rng(13);
    std::vector<std::pair<i64, i64>> pts = {{0, 0}, {m - 1, n - 1}, {0, n - 1}, {m - 1, 0}, {46340, 46339}};
    for (int s = 0; s < 2000; ++s) pts.push_back({i64(rng() % m), i64(rng() % n)});
    for (auto [i, j] : pts) {
      auto cij = Kokkos::subview(C, i, j);
      T got;
      Kokkos::deep_copy(got, cij);
      double ref = 0, mag = 0;
      for (i64 p = 0; p < k; ++p) {
        ref += double(hA(i, p)) * double(hB(p, j));
        mag += std::abs(double(hA(i, p)) * double(hB(p, j)));
      }
      ASSERT_LE(std::abs(got - ref), (k + 3) * std::numeric_limits<T>::epsilon() * mag) << i << "," << j;
    }
    Kokkos::deep_copy(C, std::numeric_limits<T>::quiet_NaN());
  }
}

// A mid-size Tiled case for compute-sanitizer memcheck / racecheck runs
// (scripts/gpu-run.sh runs it under the sanitizer with --gtest_filter). The
// layouts are those the tests above compile already (kmm::gemm runs every
// view of one layout on the same kernels), the ops chosen for the unit-stride
// directions each case needs.
TYPED_TEST(GemmApi, SanitizerMidSizeTiled) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  // op(A) along k, op(B) along n, C strided
  const Case cs{257, 193, 131, Op::N, Op::T, Lay::R, Lay::L, Lay::S, 1.5, -0.7};
  EXPECT_EQ((run_case<T, E, Lay::R, Lay::L, Lay::S>(cs, TiledKernel{}, 7)), "") << cs.str();
  EXPECT_EQ((run_case<T, E, Lay::R, Lay::L, Lay::S>(cs, Strip16Kernel{}, 8)), "") << cs.str();
  EXPECT_EQ((run_case<T, E, Lay::R, Lay::L, Lay::S>(cs, BlockedKernel{}, 9)), "") << cs.str();
  // whole blocks with aligned operands: Blocked's 16-byte staging and
  // write-back, op(A) along m and op(B) along k
  const Case packs{300, 280, 72, Op::N, Op::N, Lay::L, Lay::L, Lay::L, 1.5, -0.7};
  EXPECT_EQ((run_case<T, E, Lay::L, Lay::L, Lay::L>(packs, BlockedKernel{}, 10)), "") << packs.str();
  EXPECT_EQ((run_case<T, E, Lay::L, Lay::L, Lay::L>(packs, BlockedLargeKernel{}, 12)), "") << packs.str();
  // both along k, C row-major
  const Case panels{300, 280, 72, Op::N, Op::T, Lay::R, Lay::R, Lay::R, 1.0, 0.0};
  EXPECT_EQ((run_case<T, E, Lay::R, Lay::R, Lay::R>(panels, BlockedKernel{}, 11)), "") << panels.str();
  // whole tiles of the large row with both operands contiguous along k: its
  // WholeTiles kernel, where fp32 copies them by cp.async element by element
  const Case whole{256, 384, 48, Op::T, Op::N, Lay::L, Lay::L, Lay::L, 1.0, 0.5};
  EXPECT_EQ((run_case<T, E, Lay::L, Lay::L, Lay::L>(whole, BlockedLargeKernel{}, 13)), "") << whole.str();
}

#if defined(KOKKOS_ENABLE_CUDA)
__global__ void never_runs() {}

// A launch the CUDA runtime refuses is reported, not silent (Kokkos checks
// launches only in debug builds; a refused launch once left C unwritten
// with no error: docs/perf-log.md, "A launch refused in silence"): with a
// launch error pending after its launches, gemm and batched_gemm throw
// naming the routine and the error, and clear it, so the next call runs.
TEST(GemmApiCuda, ALaunchErrorIsReportedNotSilent) {
  using E = Kokkos::Cuda;
  Mat<double, E> A("A", 16, 8), B("B", 8, 12), C("C", 16, 12);
  fill_random(A, 1);
  fill_random(B, 2);
  fill_random(C, 3);
  Kokkos::View<double***, Kokkos::LayoutRight, E::memory_space> A3("A3", 2, 16, 8), B3("B3", 2, 8, 12),
      C3("C3", 2, 16, 12);
  Kokkos::fence();
  for (const char* routine : {"kmm::gemm", "kmm::batched_gemm"}) {
    // 4096 threads a block: refused (CUDA 13: cudaErrorInvalidValue), nothing runs
    const cudaError_t refused =
        cudaLaunchKernel(reinterpret_cast<const void*>(&never_runs), dim3(1), dim3(4096), nullptr, 0, nullptr);
    ASSERT_NE(refused, cudaSuccess) << "a block of 4096 threads was launched";
    const std::string msg = thrown_message<std::runtime_error>([&] {
      if (std::string(routine) == "kmm::gemm") kmm::gemm(E(), Op::N, Op::N, 1.0, A, B, 0.5, C);
      else kmm::batched_gemm(E(), Op::N, Op::N, 1.0, A3, B3, 0.5, C3);
    });
    (void)cudaGetLastError();  // (where kmm did not: the other tests start clean)
    EXPECT_NE(msg.find(routine), std::string::npos) << msg;
    EXPECT_NE(msg.find(cudaGetErrorName(refused)), std::string::npos) << msg;
  }
  // cleared: the next calls run and say nothing
  EXPECT_NO_THROW(kmm::gemm(E(), Op::N, Op::N, 1.0, A, B, 0.5, C));
  EXPECT_NO_THROW(kmm::batched_gemm(E(), Op::N, Op::N, 1.0, A3, B3, 0.5, C3));
  Kokkos::fence();
}
#endif

}  // namespace kmm_test
