#pragma once
// Rung 1, Naive: one thread per element of C, each computing a dot product of
// a row of op(A) and a column of op(B) straight from global memory. This is the
// corrected naive kernel of the seed 000 (row/column from the thread index,
// the loop over k, the bounds check), with the thread grid flattened into one
// 64-bit range so that m*n may exceed 2^31 - 1. Consecutive indices run along
// a row of C, like threadIdx.x along a column index in the seed.
// Measured (docs/perf-log.md): H200 fp32 0.50 TFLOP/s at n = 4096 (0.01 of
// cuBLAS); 2-core CPU 1.4-2.7 GFLOP/s at n = 256.
#include "kmm/detail/access.hpp"

namespace kmm {
namespace kernels {

template <bool TA, bool TB, class AView, class BView, class CView>
struct Naive {
  using T = typename CView::non_const_value_type;
  AView A;
  BView B;
  CView C;
  T alpha, beta;
  detail::index_t n, k;

  KOKKOS_INLINE_FUNCTION void operator()(const detail::index_t idx) const {
    const detail::index_t i = idx / n, j = idx % n;
    T acc = 0;
    for (detail::index_t p = 0; p < k; ++p)
      acc += detail::op_at<TA>(A, i, p) * detail::op_at<TB>(B, p, j);
    detail::update_c(C, i, j, alpha, acc, beta);
  }
};

template <bool TA, bool TB, class ExecSpace, class AView, class BView, class CView>
void naive(const ExecSpace& space, typename CView::const_value_type alpha, const AView& A,
           const BView& B, typename CView::const_value_type beta, const CView& C) {
  const detail::index_t m = C.extent(0), n = C.extent(1);
  const detail::index_t k = TA ? A.extent(0) : A.extent(1);
  Kokkos::parallel_for("kmm::gemm[Naive]",
                       Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<detail::index_t>>(space, 0, m * n),
                       Naive<TA, TB, AView, BView, CView>{A, B, C, alpha, beta, n, k});
}

}  // namespace kernels
}  // namespace kmm
