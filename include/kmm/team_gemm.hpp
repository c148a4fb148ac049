#pragma once
// kmm::team_gemm: C = alpha * op(A) * op(B) + beta * C computed by one team,
// called from inside a user's own TeamPolicy kernel:
//
//   Kokkos::parallel_for(policy, KOKKOS_LAMBDA(const member_type& team) {
//     auto A = Kokkos::subview(As, team.league_rank(), Kokkos::ALL, Kokkos::ALL);
//     ...                                   // or Views on team.team_scratch(0)
//     kmm::team_gemm(team, kmm::Op::N, kmm::Op::T, 1.0, A, B, 0.0, C);
//     // C is complete here for every thread of the team
//   });
//
// A, B, C: rank-2 Views (global memory or team scratch, any layout) of one
// value type. All threads (and vector lanes) of the team must make the call
// with the same arguments. Elements of C are spread over the team's threads
// and vector lanes (TeamVectorRange); each one is a dot product read straight
// from A and B, so staging A and B in scratch first pays off when they are
// read from global memory more than once. If the team wrote A, B or C just
// before the call, put a team_barrier() before it; team_gemm ends with one.
//
// BLAS rules as kmm::gemm: alpha == 0 or k == 0 does not read A or B, beta ==
// 0 does not read C. Extents are checked on every call; inside a kernel there
// is no exception to throw, so a mismatch calls Kokkos::abort with a message
// that names the disagreeing extents, before any element of C is written.
// Device code cannot push Kokkos Tools regions: team_gemm's work shows under
// the name of the user's kernel.
#include <Kokkos_Core.hpp>

#include "kmm/detail/access.hpp"
#include "kmm/detail/static_checks.hpp"
#include "kmm/types.hpp"

namespace kmm {
namespace detail {

template <bool TA, bool TB, class Member, class AView, class BView, class CView>
KOKKOS_INLINE_FUNCTION void team_product(const Member& team, typename CView::const_value_type alpha,
                                         const AView& A, const BView& B,
                                         typename CView::const_value_type beta, const CView& C,
                                         const index_t k) {
  using T = typename CView::non_const_value_type;
  const index_t n = C.extent(0) == 0 ? 0 : C.extent(1);
  const index_t count = static_cast<index_t>(C.extent(0)) * n;
  // consecutive threads take consecutive j: coalesced rows of LayoutRight C and B
  Kokkos::parallel_for(Kokkos::TeamVectorRange(team, count), [=](const index_t e) {
    const index_t i = e / n, j = e % n;
    T acc = 0;
    for (index_t p = 0; p < k; ++p) acc += op_at<TA>(A, i, p) * op_at<TB>(B, p, j);
    update_c(C, i, j, alpha, acc, beta);
  });
}

template <class Member, class CView>
KOKKOS_INLINE_FUNCTION void team_scale(const Member& team, typename CView::const_value_type beta,
                                       const CView& C) {
  using T = typename CView::non_const_value_type;
  const index_t n = C.extent(0) == 0 ? 0 : C.extent(1);
  const index_t count = static_cast<index_t>(C.extent(0)) * n;
  if (beta == T(1)) return;
  Kokkos::parallel_for(Kokkos::TeamVectorRange(team, count), [=](const index_t e) {
    const index_t i = e / n, j = e % n;
    C(i, j) = beta == T(0) ? T(0) : beta * C(i, j);
  });
}

}  // namespace detail

template <class Member, class AView, class BView, class CView>
KOKKOS_INLINE_FUNCTION void team_gemm(const Member& team, Op opA, Op opB,
                                      typename CView::const_value_type alpha, const AView& A,
                                      const BView& B, typename CView::const_value_type beta,
                                      const CView& C) {
  detail::check_views<2, AView, BView, CView>();
  using T = typename CView::non_const_value_type;

  if (opA != Op::N && opA != Op::T) Kokkos::abort("kmm::team_gemm: opA is neither Op::N nor Op::T");
  if (opB != Op::N && opB != Op::T) Kokkos::abort("kmm::team_gemm: opB is neither Op::N nor Op::T");
  const bool ta = opA == Op::T, tb = opB == Op::T;
  const detail::index_t m = ta ? A.extent(1) : A.extent(0), k = ta ? A.extent(0) : A.extent(1);
  const detail::index_t kb = tb ? B.extent(1) : B.extent(0), n = tb ? B.extent(0) : B.extent(1);
  if (static_cast<detail::index_t>(C.extent(0)) != m)
    Kokkos::abort("kmm::team_gemm: extents do not match: C.extent(0) differs from the rows of op(A)");
  if (static_cast<detail::index_t>(C.extent(1)) != n)
    Kokkos::abort("kmm::team_gemm: extents do not match: C.extent(1) differs from the columns of op(B)");
  if (kb != k)
    Kokkos::abort("kmm::team_gemm: extents do not match: the columns of op(A) (k) differ from the rows of op(B)");

  if (k == 0 || alpha == T(0)) {
    detail::team_scale(team, beta, C);
  } else if (!ta && !tb) {
    detail::team_product<false, false>(team, alpha, A, B, beta, C, k);
  } else if (!ta) {
    detail::team_product<false, true>(team, alpha, A, B, beta, C, k);
  } else if (!tb) {
    detail::team_product<true, false>(team, alpha, A, B, beta, C, k);
  } else {
    detail::team_product<true, true>(team, alpha, A, B, beta, C, k);
  }
  team.team_barrier();
}

}  // namespace kmm
