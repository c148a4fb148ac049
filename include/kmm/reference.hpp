#pragma once
// Host reference: C = alpha * op(A) * op(B) + beta * C with every product and
// sum in double, as the seeds' MatrixMulOnHost / serial versions do. For tests
// and for users who want to verify a result. Same BLAS rules and checks as
// kmm::gemm; the Views must be readable from the host. C may be a View of
// double while A and B hold float, to keep the reference unrounded.
#include <Kokkos_Core.hpp>
#include <cstdint>

#include "kmm/gemm.hpp"

namespace kmm {

template <class AView, class BView, class CView>
void reference_gemm(Op opA, Op opB, double alpha, const AView& A, const BView& B, double beta,
                    const CView& C) {
  static_assert(AView::rank == 2 && BView::rank == 2 && CView::rank == 2,
                "kmm::reference_gemm: A, B and C must be rank-2 Views");
  static_assert(Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename AView::memory_space>::accessible &&
                    Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename BView::memory_space>::accessible &&
                    Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename CView::memory_space>::accessible,
                "kmm::reference_gemm: A, B and C must be host-accessible");
  detail::ProfilingRegion region("kmm::reference_gemm");
  detail::validate_gemm("kmm::reference_gemm", opA, opB, A, B, C);
  using T = typename CView::non_const_value_type;
  const std::int64_t m = C.extent(0), n = C.extent(1);
  const std::int64_t k = opA == Op::N ? A.extent(1) : A.extent(0);
  const bool ta = opA == Op::T, tb = opB == Op::T;
  for (std::int64_t i = 0; i < m; ++i) {
    for (std::int64_t j = 0; j < n; ++j) {
      double acc = 0;
      if (alpha != 0.0)
        for (std::int64_t p = 0; p < k; ++p)
          acc += double(ta ? A(p, i) : A(i, p)) * double(tb ? B(j, p) : B(p, j));
      const double c = beta == 0.0 ? 0.0 : beta * double(C(i, j));
      C(i, j) = static_cast<T>(alpha * acc + c);
    }
  }
}

}  // namespace kmm
