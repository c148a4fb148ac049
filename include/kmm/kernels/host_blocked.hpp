#pragma once
// Rung 3 on host backends: Algorithm::Blocked for an execution space whose
// memory the host reads (Serial, OpenMP, Threads, ...). This header only
// launches: one team of one thread per core, each with its scratch for the
// packed slices (Kokkos level 1), calling the frame compiled into libkmm
// (src/host/: BLIS' loops and the micro-kernel chosen for this CPU at run
// time, kmm/host_kernel.hpp). So the speed of an application's kmm::gemm
// does not depend on the flags the application compiles with.
#include <Kokkos_Core.hpp>

#include "kmm/detail/access.hpp"
#include "kmm/host_kernel.hpp"

namespace kmm {
namespace kernels {

template <class ExecSpace, class T>
struct HostBlocked {
  using policy_type = Kokkos::TeamPolicy<ExecSpace>;
  using member_type = typename policy_type::member_type;
  using scratch_view =
      Kokkos::View<char*, typename ExecSpace::scratch_memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  detail::HostProduct<T> product;
  detail::HostPlan plan;

  // (host only: never instantiated for a device)
  void operator()(const member_type& team) const {
    scratch_view s(team.team_scratch(1), plan.scratch_bytes);
    const detail::index_t r = team.league_rank(), l = team.league_size();
    detail::host_blocks(product, plan, r * plan.blocks / l, (r + 1) * plan.blocks / l, s.data());
  }
};

/// The product as the frame takes it: pointers and strides, ops folded in.
/// D is the first matrix dimension's index in the Views (1 for a batch).
template <bool TA, bool TB, int D, class AView, class BView, class CView>
detail::HostProduct<typename CView::non_const_value_type> host_product(typename CView::const_value_type alpha,
                                                                      const AView& A, const BView& B,
                                                                      typename CView::const_value_type beta,
                                                                      const CView& C) {
  detail::HostProduct<typename CView::non_const_value_type> p;
  p.m = C.extent(D);
  p.n = C.extent(D + 1);
  p.k = TA ? A.extent(D) : A.extent(D + 1);
  p.alpha = alpha;
  p.beta = beta;
  p.a = A.data();
  p.a_si = TA ? A.stride(D + 1) : A.stride(D);
  p.a_sp = TA ? A.stride(D) : A.stride(D + 1);
  p.b = B.data();
  p.b_sp = TB ? B.stride(D + 1) : B.stride(D);
  p.b_sj = TB ? B.stride(D) : B.stride(D + 1);
  p.c = C.data();
  p.c_si = C.stride(D);
  p.c_sj = C.stride(D + 1);
  return p;
}

/// batched_gemm's Blocked on a host space: a team of one thread per core,
/// each taking a contiguous range of matrices and running the frame's blocks
/// of each (the plan of one matrix for one thread: the matrices share their
/// shape and strides).
template <class ExecSpace, class T>
struct HostBatchedBlocked {
  using policy_type = Kokkos::TeamPolicy<ExecSpace>;
  using member_type = typename policy_type::member_type;
  using scratch_view = typename HostBlocked<ExecSpace, T>::scratch_view;
  detail::HostProduct<T> product;  // matrix 0
  detail::HostPlan plan;
  detail::index_t batch, a_sb, b_sb, c_sb;

  // (host only: never instantiated for a device)
  void operator()(const member_type& team) const {
    scratch_view s(team.team_scratch(1), plan.scratch_bytes);
    const detail::index_t r = team.league_rank(), l = team.league_size();
    for (detail::index_t b = r * batch / l; b < (r + 1) * batch / l; ++b) {
      detail::HostProduct<T> p = product;
      p.a += b * a_sb;
      p.b += b * b_sb;
      p.c += b * c_sb;
      detail::host_blocks(p, plan, 0, plan.blocks, s.data());
    }
  }
};

/// C[b] = alpha op(A[b]) op(B[b]) + beta C[b] for every b (rank-3 Views,
/// batch index first) on a host space; m, n, k > 0 and alpha != 0.
template <bool TA, bool TB, class ExecSpace, class A3, class B3, class C3>
void host_batched_blocked(const ExecSpace& space, typename C3::const_value_type alpha, const A3& A, const B3& B,
                          typename C3::const_value_type beta, const C3& C) {
  using T = typename C3::non_const_value_type;
  const detail::HostProduct<T> p = host_product<TA, TB, 1>(alpha, A, B, beta, C);
  const detail::HostPlan plan = detail::host_plan(p, 1);
  const detail::index_t batch = C.extent(0);
  const int threads = space.concurrency();
  const int league = detail::league_for(batch < threads ? batch : threads);
  using F = HostBatchedBlocked<ExecSpace, T>;
  typename F::policy_type policy(space, league, 1);
  Kokkos::parallel_for("kmm::batched_gemm[Blocked]",
                       policy.set_scratch_size(1, Kokkos::PerTeam(plan.scratch_bytes)),
                       F{p, plan, batch, detail::index_t(A.stride(0)), detail::index_t(B.stride(0)),
                         detail::index_t(C.stride(0))});
}

/// C = alpha op(A) op(B) + beta C with TA / TB the ops, on a host execution
/// space; m, n, k > 0 and alpha != 0 (gemm() handles the rest).
template <bool TA, bool TB, class ExecSpace, class AView, class BView, class CView>
void host_blocked(const ExecSpace& space, typename CView::const_value_type alpha, const AView& A, const BView& B,
                  typename CView::const_value_type beta, const CView& C) {
  using T = typename CView::non_const_value_type;
  const detail::HostProduct<T> p = host_product<TA, TB, 0>(alpha, A, B, beta, C);
  const int threads = space.concurrency();
  const detail::HostPlan plan = detail::host_plan(p, threads);
  const int league = detail::league_for(plan.blocks < threads ? plan.blocks : threads);
  using F = HostBlocked<ExecSpace, T>;
  typename F::policy_type policy(space, league, 1);
  Kokkos::parallel_for("kmm::gemm[Blocked]", policy.set_scratch_size(1, Kokkos::PerTeam(plan.scratch_bytes)),
                       F{p, plan});
}

}  // namespace kernels
}  // namespace kmm
