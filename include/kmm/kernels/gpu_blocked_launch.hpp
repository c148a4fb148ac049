#pragma once
// The launcher of the GPU Blocked kernel (gpu_blocked.hpp) for one product:
// the WholeTiles kernel or the two-path one, or split-k (the Split kernel
// into kmm's workspace, detail/workspace.hpp, then reduce_partials,
// split_k.hpp). The dispatcher (kmm/dispatch.hpp) picks the row and the
// split count; this file only launches.
#include <type_traits>

#include "kmm/detail/workspace.hpp"
#include "kmm/kernels/gpu_blocked.hpp"
#include "kmm/kernels/split_k.hpp"

namespace kmm {
namespace kernels {

/// Row P's pack pipeline on the operands d describes: whether each
/// operand's full k-steps take it (else the element path runs, for both).
/// Aligned packs always do. An operand whose packs do not align does too
/// where `unaligned` (the dispatcher's choice, GridRules::
/// unaligned_pipeline) and the row's copies need no alignment (AsyncAll
/// rows): an operand along k into k-rows, copied element by element anyway
/// (GpuBlocked's ASYNC_KA / ASYNC_KB: k_a, k_b), or one whose packs land
/// as they lie, each pack then copied as its elements (SPLIT_A / SPLIT_B:
/// s_a, s_b; the kernel's a_split, b_split).
template <class P, class ExecSpace, class Facts>
struct PackPipeline {
  using K = GpuBlocked<P, ExecSpace, Facts>;
  static constexpr bool k_a = K::PACKS && K::ASYNC_KA, k_b = K::PACKS && K::ASYNC_KB;
  static constexpr bool s_a = K::SPLIT_A, s_b = K::SPLIT_B;
  static constexpr bool any_a = k_a || s_a, any_b = k_b || s_b;
  static bool a(const Facts& d, bool unaligned) {
    return d.template a_packs<P>() || (unaligned && d.template a_packs<P, any_a>());
  }
  static bool b(const Facts& d, bool unaligned) {
    return d.template b_packs<P>() || (unaligned && d.template b_packs<P, any_b>());
  }
  /// Packs of op(A) (op(B)) copied as their elements: taken, not aligned.
  static bool a_split(const Facts& d, bool unaligned) { return s_a && a(d, unaligned) && !d.template a_packs<P>(); }
  static bool b_split(const Facts& d, bool unaligned) { return s_b && b(d, unaligned) && !d.template b_packs<P>(); }
  /// Every k-step of the element path, neither operand in packs (the
  /// products TileTable::element_splits was measured on).
  static bool elements(const Facts& d, bool unaligned) {
    return !(a(d, unaligned) && b(d, unaligned)) && !d.template a_packs<P>() && !d.template b_packs<P>();
  }
  /// packs_every_step and whole_tiles (OperandFacts) as the pipeline takes
  /// the operands, but not split packs (they take SplitPacks kernels, never
  /// WholeTiles or PacksOnly).
  template <bool EdgePacks>
  static bool every_step(const Facts& d, bool unaligned) {
    return unaligned ? d.template packs_every_step<P, EdgePacks, k_a, k_b>()
                     : d.template packs_every_step<P, EdgePacks>();
  }
};

/// Runs row P on the operands the dispatcher described (d: their data,
/// extents and strides, an OperandFacts): the WholeTiles kernel where d says
/// so, else the two-path one. splits > 1: split-k over that many ranges of
/// k-steps (at most one per k-step; the Split kernel, PacksOnly where every
/// k-step of every block goes by packs), partials in kmm's workspace, then
/// reduce_partials. unaligned: the dispatcher's choice for operands whose
/// packs do not align (PackPipeline). staged: C without packs (along a unit
/// stride) written through the stages where the row can (GpuBlocked's
/// StagedC; the dispatcher's choice, GridRules::c_through_stages; not split
/// products, whose partials keep their own write). The kernels are instantiated
/// on d's type alone (no View type), so products whose operands share their
/// static unit-stride directions share them.
template <class P, class ExecSpace, class Facts>
void gpu_blocked(const ExecSpace& space, const Facts& d, typename Facts::T alpha, typename Facts::T beta,
                 int splits = 1, bool unaligned = false, bool staged = true) {
  using detail::index_t;
  using T = typename Facts::T;
  const index_t blocks_m = (d.m + P::BM - 1) / P::BM, blocks_n = (d.n + P::BN - 1) / P::BN;
  using Pipe = PackPipeline<P, ExecSpace, Facts>;
  const bool a_vec = Pipe::a(d, unaligned), b_vec = Pipe::b(d, unaligned);
  const bool a_split = Pipe::a_split(d, unaligned), b_split = Pipe::b_split(d, unaligned);
  using MK = MicroKernel<P, T>;  // C packs: the micro-kernel's VM, VN
  const bool c_vec_m = d.template c_packs_m<MK>(), c_vec_n = d.template c_packs_n<MK>();
  const index_t steps = (d.k + P::BK - 1) / P::BK;
  if (splits > 1 && steps > 1) {
    const index_t split_steps = (steps + splits - 1) / splits;
    const index_t s = (steps + split_steps - 1) / split_steps;  // none empty
    const auto launch_split = [&](auto packs_only, auto split_packs) {
      using K = GpuBlocked<P, ExecSpace, Facts, false, true, decltype(packs_only)::value, decltype(split_packs)::value>;
      K f{{}, d, alpha, beta, blocks_m, blocks_n, a_vec, b_vec, c_vec_m, c_vec_n, a_split, b_split};
      f.p = PartialLayout(d.m, d.n, d.c_si, d.c_sj);
      f.splits = s;
      f.split_steps = split_steps;
      // partials are one allocation, each m * n, so packs align where the extent is a multiple of the pack
      f.p_vec_m = f.p.rows_fast() && d.m % MK::VM == 0;
      f.p_vec_n = !f.p.rows_fast() && d.n % MK::VN == 0;
      constexpr int V = reduce_pack<T>();  // the reduction's packs of C, along the partials' unit stride
      const bool c_packs = f.p.rows_fast() ? Facts::template packable<V>(d.c, d.c_si, d.c_sj) && d.m % V == 0
                                           : Facts::template packable<V>(d.c, d.c_sj, d.c_si) && d.n % V == 0;
      const std::size_t bytes = std::size_t(s) * std::size_t(f.p.size()) * sizeof(T);
      detail::with_workspace(space, bytes, [&](void* ws) {
        f.partial = static_cast<T*>(ws);
        typename K::policy_type policy(space, detail::league_for(blocks_m * blocks_n * s), P::team_size);
        Kokkos::parallel_for("kmm::gemm[Blocked split-k]",
                             policy.set_scratch_size(K::SCRATCH_LEVEL, Kokkos::PerTeam(K::scratch_bytes())), f);
        reduce_partials(space, int(s), f.partial, f.p, alpha, beta, d.c, d.c_si, d.c_sj, c_packs,
                        detail::multiprocessors(space));
      });
    };
    if constexpr (Facts::template row_packs<P>()) {  // (else no PacksOnly kernel)
      constexpr bool edge_packs = GpuBlocked<P, ExecSpace, Facts, false, true, true>::EDGE_PACKS;
      if (Pipe::template every_step<edge_packs>(d, unaligned))
        return launch_split(std::true_type{}, std::false_type{});
    }
    if constexpr (Pipe::s_a || Pipe::s_b) {
      if (a_split || b_split) return launch_split(std::false_type{}, std::true_type{});
    }
    launch_split(std::false_type{}, std::false_type{});
    return;
  }
  const int league = detail::league_for(blocks_m * blocks_n);
  const auto launch = [&](auto whole_tiles, auto split_packs, auto staged_c) {
    using K = GpuBlocked<P, ExecSpace, Facts, decltype(whole_tiles)::value, false, false, decltype(split_packs)::value,
                         decltype(staged_c)::value>;
    const K f{{}, d, alpha, beta, blocks_m, blocks_n, a_vec, b_vec, c_vec_m, c_vec_n, a_split, b_split};
    typename K::policy_type policy(space, league, P::team_size);
    Kokkos::parallel_for("kmm::gemm[Blocked]",
                         policy.set_scratch_size(K::SCRATCH_LEVEL, Kokkos::PerTeam(K::scratch_bytes())), f);
  };
  if constexpr (Facts::template row_packs<P>()) {  // (else no WholeTiles kernel)
    if (Pipe::template every_step<false>(d, unaligned))
      return launch(std::true_type{}, std::false_type{}, std::false_type{});
  }
  // C without packs along a unit stride, where the caller says so: the kernels that write it through
  // the stages, on rows that can
  constexpr bool can_stage = GpuBlocked<P, ExecSpace, Facts, false, false, false, false, true>::STAGED_C;
  const bool stage_c = can_stage && staged && !c_vec_m && !c_vec_n && (d.c_si == 1 || d.c_sj == 1);
  const auto launch_two_path = [&](auto split_packs) {
    if constexpr (can_stage) {
      if (stage_c) return launch(std::false_type{}, split_packs, std::true_type{});
    }
    launch(std::false_type{}, split_packs, std::false_type{});
  };
  if constexpr (Pipe::s_a || Pipe::s_b) {
    if (a_split || b_split) return launch_two_path(std::true_type{});
  }
  launch_two_path(std::false_type{});
}

}  // namespace kernels
}  // namespace kmm
