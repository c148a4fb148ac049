#pragma once
// Split-k's second half. Where C has too few blocks to fill the GPU, the
// Blocked kernel (gpu_blocked.hpp, Split) runs `splits` teams per block of C,
// each over its own range of k-steps, and writes its raw partial product to
// a workspace (detail/workspace.hpp); this kernel then forms
//   C(i, j) = alpha * (P_0(i, j) + P_1(i, j) + ... + P_{S-1}(i, j)) + beta * C(i, j)
// with the partials added in that fixed order, so a call gives the same bits
// on every run (no atomics into C). One thread per element of C, walking C's
// unit-stride direction across a warp; the partials are laid out the same
// way (PartialLayout), so every read and write is coalesced.
#include "kmm/detail/access.hpp"

namespace kmm {
namespace kernels {

/// Where partial s's element (i, j) lives: s * m * n + i * si + j * sj, with
/// unit stride along C's unit-stride direction (i where C has none).
struct PartialLayout {
  detail::index_t m, n, si, sj;
  PartialLayout(detail::index_t m_, detail::index_t n_, detail::index_t c_si, detail::index_t c_sj)
      : m(m_), n(n_), si(c_sj == 1 && c_si != 1 ? n_ : 1), sj(c_sj == 1 && c_si != 1 ? 1 : m_) {}
  KOKKOS_INLINE_FUNCTION detail::index_t size() const { return m * n; }
  KOKKOS_INLINE_FUNCTION bool rows_fast() const { return si == 1; }
};

template <class CView>
struct ReducePartials {
  using T = typename CView::non_const_value_type;
  CView C;
  const T* partial;
  PartialLayout p;
  int splits;
  T alpha, beta;

  KOKKOS_INLINE_FUNCTION void operator()(const detail::index_t e) const {
    // e walks the partials' unit-stride direction fastest
    const detail::index_t i = p.rows_fast() ? e % p.m : e / p.n, j = p.rows_fast() ? e / p.m : e % p.n;
    const T* q = partial + i * p.si + j * p.sj;
    T sum = q[0];
    for (int s = 1; s < splits; ++s) sum += q[s * p.size()];
    detail::update_c(C, i, j, alpha, sum, beta);
  }
};

/// C = alpha * (sum of the `splits` partials, in order) + beta * C.
template <class ExecSpace, class CView>
void reduce_partials(const ExecSpace& space, int splits, const typename CView::non_const_value_type* partial,
                     const PartialLayout& p, typename CView::const_value_type alpha,
                     typename CView::const_value_type beta, const CView& C) {
  Kokkos::parallel_for("kmm::gemm[split-k reduce]",
                       Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<detail::index_t>>(space, 0, p.size()),
                       ReducePartials<CView>{C, partial, p, splits, alpha, beta});
}

}  // namespace kernels
}  // namespace kmm
