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

/// C = alpha op(A) op(B) + beta C with TA / TB the ops, on a host execution
/// space; m, n, k > 0 and alpha != 0 (gemm() handles the rest).
template <bool TA, bool TB, class ExecSpace, class AView, class BView, class CView>
void host_blocked(const ExecSpace& space, typename CView::const_value_type alpha, const AView& A, const BView& B,
                  typename CView::const_value_type beta, const CView& C) {
  using T = typename CView::non_const_value_type;
  detail::HostProduct<T> p;
  p.m = C.extent(0);
  p.n = C.extent(1);
  p.k = TA ? A.extent(0) : A.extent(1);
  p.alpha = alpha;
  p.beta = beta;
  p.a = A.data();
  p.a_si = TA ? A.stride(1) : A.stride(0);
  p.a_sp = TA ? A.stride(0) : A.stride(1);
  p.b = B.data();
  p.b_sp = TB ? B.stride(1) : B.stride(0);
  p.b_sj = TB ? B.stride(0) : B.stride(1);
  p.c = C.data();
  p.c_si = C.stride(0);
  p.c_sj = C.stride(1);
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
