#pragma once
// C = beta * C: what gemm does when alpha == 0 or k == 0 (A and B are not read).
// beta == 0 writes zeros without reading C, so NaN or Inf in C never propagates.
#include "kmm/detail/access.hpp"

namespace kmm {
namespace kernels {

template <class CView>
struct ScaleC {
  using T = typename CView::non_const_value_type;
  CView C;
  T beta;
  detail::index_t n;

  KOKKOS_INLINE_FUNCTION void operator()(const detail::index_t idx) const {
    const detail::index_t i = idx / n, j = idx % n;
    if (beta == T(0)) {
      C(i, j) = T(0);
    } else {
      C(i, j) = beta * C(i, j);
    }
  }
};

template <class ExecSpace, class CView>
void scale_c(const ExecSpace& space, typename CView::const_value_type beta, const CView& C) {
  const detail::index_t m = C.extent(0), n = C.extent(1);
  if (m == 0 || n == 0 || beta == typename CView::non_const_value_type(1)) return;
  Kokkos::parallel_for("kmm::scale_c",
                       Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<detail::index_t>>(space, 0, m * n),
                       ScaleC<CView>{C, beta, n});
}

}  // namespace kernels
}  // namespace kmm
