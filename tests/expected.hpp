#pragma once
// What a product must come to, without GoogleTest, so that the gtest harness
// (harness.hpp) and the programs that run outside it (nvcc_host_check.cpp)
// check kernels against one reference and one tolerance: kmm::reference_gemm
// in double, and for each element the bound (k + 3) eps |alpha| |op(A)||op(B)|
// + |beta| |C0| (gamma_k of the dot product plus the update), eps of the
// type T the kernel computes in.
#include <Kokkos_Core.hpp>
#include <cmath>
#include <cstdint>
#include <limits>

#include "kmm/reference.hpp"

namespace kmm_test {

struct Expected {
  Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::HostSpace> ref, tol;
  // Is `got` within the tolerance of element (i, j)? (NaN is not.)
  bool holds(std::int64_t i, std::int64_t j, double got) const { return std::abs(got - ref(i, j)) <= tol(i, j); }
};

// alpha op(A) op(B) + beta C0 for host-readable Views A, B and C0 of T.
template <class T, class AView, class BView, class CView>
Expected expected_gemm(kmm::Op opA, kmm::Op opB, double alpha, const AView& A, const BView& B, double beta,
                       const CView& C0) {
  using HostMatrix = Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::HostSpace>;
  const std::int64_t m = C0.extent(0), n = C0.extent(1);
  const std::int64_t k = opA == kmm::Op::N ? A.extent(1) : A.extent(0);
  Expected e{HostMatrix("ref", m, n), HostMatrix("tol", m, n)};
  HostMatrix absA("absA", A.extent(0), A.extent(1)), absB("absB", B.extent(0), B.extent(1));
  for (std::int64_t i = 0; i < m; ++i)
    for (std::int64_t j = 0; j < n; ++j) {
      e.ref(i, j) = double(C0(i, j));
      e.tol(i, j) = std::abs(double(C0(i, j)));
    }
  for (std::size_t i = 0; i < A.extent(0); ++i)
    for (std::size_t j = 0; j < A.extent(1); ++j) absA(i, j) = std::abs(double(A(i, j)));
  for (std::size_t i = 0; i < B.extent(0); ++i)
    for (std::size_t j = 0; j < B.extent(1); ++j) absB(i, j) = std::abs(double(B(i, j)));
  kmm::reference_gemm(opA, opB, alpha, A, B, beta, e.ref);
  kmm::reference_gemm(opA, opB, std::abs(alpha), absA, absB, std::abs(beta), e.tol);  // the bound
  const double factor = double(k + 3) * double(std::numeric_limits<T>::epsilon());
  for (std::int64_t i = 0; i < m; ++i)
    for (std::int64_t j = 0; j < n; ++j) e.tol(i, j) = factor * e.tol(i, j) + double(std::numeric_limits<T>::min());
  return e;
}

}  // namespace kmm_test
