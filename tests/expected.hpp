#pragma once
// What a product must come to, without GoogleTest, so that the gtest harness
// (harness.hpp) and the programs that run outside it (nvcc_host_check.cpp)
// check kernels against one reference and one tolerance: what
// kmm::reference_gemm computes, in double, and for each element the bound
// (k + 3) eps |alpha| |op(A)||op(B)| + |beta| |C0| (gamma_k of the dot
// product plus the update), eps of the type T the kernel computes in.
// (Expected.MatchesReferenceGemm in test_api.cpp holds the two together.)
#include <Kokkos_Core.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "kmm/reference.hpp"

namespace kmm_test {

struct Expected {
  Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::HostSpace> ref, tol;
  // Is `got` within the tolerance of element (i, j)? (NaN is not.)
  bool holds(std::int64_t i, std::int64_t j, double got) const { return std::abs(got - ref(i, j)) <= tol(i, j); }
};

// alpha op(A) op(B) + beta C0 for host-readable Views A, B and C0 of T.
// What kmm::reference_gemm computes (each product and sum in double, over p
// in order), with the bound in the same pass: op(A)'s rows and op(B)'s
// columns are first copied contiguous along k, then each thread of the
// host space takes rows of C, four columns at a time (eight independent
// sums), so a 600 x 1700 x 300 case costs tens of milliseconds instead of
// the two strided passes' 1.5-2 s.
template <class T, class AView, class BView, class CView>
Expected expected_gemm(kmm::Op opA, kmm::Op opB, double alpha, const AView& A, const BView& B, double beta,
                       const CView& C0) {
  using HostMatrix = Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::HostSpace>;
  using i64 = std::int64_t;
  const i64 m = C0.extent(0), n = C0.extent(1);
  const i64 k = opA == kmm::Op::N ? A.extent(1) : A.extent(0);
  Expected e{HostMatrix("ref", m, n), HostMatrix("tol", m, n)};
  std::vector<double> av(std::size_t(m * k)), bv(std::size_t(n * k));  // op(A)(i, p) at i k + p, op(B)(p, j) at j k + p
  for (i64 i = 0; i < m; ++i)
    for (i64 p = 0; p < k; ++p) av[std::size_t(i * k + p)] = double(opA == kmm::Op::N ? A(i, p) : A(p, i));
  for (i64 j = 0; j < n; ++j)
    for (i64 p = 0; p < k; ++p) bv[std::size_t(j * k + p)] = double(opB == kmm::Op::N ? B(p, j) : B(j, p));
  const double *a = av.data(), *b = bv.data();
  const double factor = double(k + 3) * double(std::numeric_limits<T>::epsilon());
  const double tiny = double(std::numeric_limits<T>::min());
  const HostMatrix ref = e.ref, tol = e.tol;
  const CView c0 = C0;
  // element (i, j) from its sums over p: ref alpha s + beta C0, bound factor (|alpha| t + |beta| |C0|)
  const auto store = [=](i64 i, i64 j, double s, double t) {
    const double c = beta == 0.0 ? 0.0 : double(c0(i, j));  // (beta = 0: C0 unread, NaN or not)
    ref(i, j) = alpha * s + beta * c;
    tol(i, j) = factor * (std::abs(alpha) * t + std::abs(beta) * std::abs(c)) + tiny;
  };
  const i64 kk = alpha == 0.0 ? 0 : k;  // alpha = 0: op(A) op(B) unread, as in reference_gemm
  // columns j .. j + W - 1 of row i: 2 W independent sums over p
  const auto columns = [=](i64 i, i64 j, auto width) {
    constexpr int W = decltype(width)::value;
    const double* ai = a + i * k;
    double s[W] = {}, t[W] = {};
    for (i64 p = 0; p < kk; ++p) {
      const double x = ai[p], ax = std::abs(x);
      for (int w = 0; w < W; ++w) {
        const double y = b[(j + w) * k + p];
        s[w] += x * y;
        t[w] += ax * std::abs(y);
      }
    }
    for (int w = 0; w < W; ++w) store(i, j + w, s[w], t[w]);
  };
  Kokkos::parallel_for(
      "kmm_test::expected_gemm", Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace>(0, m), [=](i64 i) {
        i64 j = 0;
        for (; j + 4 <= n; j += 4) columns(i, j, std::integral_constant<int, 4>{});
        for (; j < n; ++j) columns(i, j, std::integral_constant<int, 1>{});
      });
  Kokkos::DefaultHostExecutionSpace().fence();
  return e;
}

}  // namespace kmm_test
