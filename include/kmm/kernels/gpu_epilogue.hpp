#pragma once
// The GPU Blocked kernel's write-back (gpu_blocked.hpp): what a team does
// with its threads' register micro-tiles (element (r, c) of the block at
// MK::row, MK::col) once its k-steps are done: C = alpha acc + beta C
// (write_back), or split-k's partial s, unscaled (write_partial;
// reduce_partials, split_k.hpp, then forms C). A base of the kernel
// (Derived: GpuBlocked, whose members it reads through a static_cast of
// this), so the kernel file keeps the pipeline alone. Written as members
// reading the kernel's: ptxas then gives every kernel the registers and
// spills it had with them inside GpuBlocked (free functions taking the
// members moved spills from kernel to kernel at the register caps:
// docs/perf-log.md, "Split-k reduced by each block's last team").
#include "kmm/detail/access.hpp"
#include "kmm/detail/pack.hpp"
#include "kmm/kernels/gpu_micro_kernel.hpp"

namespace kmm {
namespace kernels {

template <class Derived>
struct BlockedEpilogue {
  using index_t = detail::index_t;

  // acc (this thread's micro-tile) to partial s, unscaled: 16-byte packs
  // along the partials' unit stride where the extent along it is a multiple
  // of the pack (at C's edge the packs inside C), else element by element
  // inside C.
  template <class Acc>
  KOKKOS_FORCEINLINE_FUNCTION void write_partial(int rank, index_t i0, index_t j0, index_t s,
                                                 const Acc& acc) const {
    const Derived& k = static_cast<const Derived&>(*this);
    using MK = typename Derived::MK;
    using P = typename Derived::row;
    using T = typename Derived::T;
    T* const base = k.partial + s * k.p.size();
    const bool interior = i0 + P::BM <= k.d.m && j0 + P::BN <= k.d.n;
    if (interior && k.p_vec_m) {
      for_each_pack<MK, true>(rank, acc, [&](int r, int c, T(&v)[MK::VM]) {
        detail::store_global_pack<T, MK::VM>(base + (i0 + r) + (j0 + c) * k.p.sj, v);
      });
    } else if (interior && k.p_vec_n) {
      for_each_pack<MK, false>(rank, acc, [&](int r, int c, T(&v)[MK::VN]) {
        detail::store_global_pack<T, MK::VN>(base + (i0 + r) * k.p.si + (j0 + c), v);
      });
    } else if (k.p_vec_m) {  // an edge block (the partials' columns end on a pack): the packs inside C, as write_back
      for_each_pack<MK, true>(rank, acc, [&](int r, int c, T(&v)[MK::VM]) {
        const index_t gi = i0 + r, gj = j0 + c;
        if (gi < k.d.m && gj < k.d.n) detail::store_global_pack<T, MK::VM>(base + gi + gj * k.p.sj, v);
      });
    } else if (k.p_vec_n) {  // (the partials' rows along j, ending on a pack)
      for_each_pack<MK, false>(rank, acc, [&](int r, int c, T(&v)[MK::VN]) {
        const index_t gi = i0 + r, gj = j0 + c;
        if (gi < k.d.m && gj < k.d.n) detail::store_global_pack<T, MK::VN>(base + gi * k.p.si + gj, v);
      });
    } else {
      for_each_element<MK>(rank, acc, [&](int r, int c, T x) {
        const index_t gi = i0 + r, gj = j0 + c;
        if (gi < k.d.m && gj < k.d.n) base[gi * k.p.si + gj * k.p.sj] = x;
      });
    }
  }

  // C = alpha acc + beta C for this thread's micro-tile, inside C only:
  // 16-byte packs where C takes them (at an edge block, the packs inside C
  // where C's extent along them is a multiple of the pack), else element
  // by element.
  template <class Acc>
  KOKKOS_FORCEINLINE_FUNCTION void write_back(int rank, index_t i0, index_t j0, const Acc& acc) const {
    const Derived& k = static_cast<const Derived&>(*this);
    using MK = typename Derived::MK;
    using P = typename Derived::row;
    using T = typename Derived::T;
    const bool interior = Derived::WHOLE_TILES || (i0 + P::BM <= k.d.m && j0 + P::BN <= k.d.n);
    if (interior && k.c_vec_m) {  // VM consecutive rows per pack: one 16-byte access
      for_each_pack<MK, true>(rank, acc, [&](int r, int c, T(&v)[MK::VM]) {
        detail::update_c_pack(k.d.c + (i0 + r) * k.d.c_si + (j0 + c) * k.d.c_sj, v, k.alpha, k.beta);
      });
    } else if (interior && k.c_vec_n) {  // VN consecutive columns per pack
      for_each_pack<MK, false>(rank, acc, [&](int r, int c, T(&v)[MK::VN]) {
        detail::update_c_pack(k.d.c + (i0 + r) * k.d.c_si + (j0 + c) * k.d.c_sj, v, k.alpha, k.beta);
      });
    } else if (!Derived::WHOLE_TILES && k.c_vec_m && k.d.m % MK::VM == 0) {
      // (not compiled into WholeTiles kernels: there it cost the fp32 large
      // row's NN kernel 8 bytes of spills at its 128-register cap, 0.93 as fast)
      // an edge block of C whose columns end on a whole pack: the packs
      // inside C (element by element, a warp's stores left three quarters
      // of every 32-byte sector unused: batched 28 x 28 moved 2.5 times the
      // sectors of its data through L2; perf-log "Edge blocks by packs of C")
      for_each_pack<MK, true>(rank, acc, [&](int r, int c, T(&v)[MK::VM]) {
        const index_t gi = i0 + r, gj = j0 + c;
        if (gi < k.d.m && gj < k.d.n) detail::update_c_pack(k.d.c + gi * k.d.c_si + gj * k.d.c_sj, v, k.alpha, k.beta);
      });
    } else if (!Derived::WHOLE_TILES && k.c_vec_n && k.d.n % MK::VN == 0) {  // (C's rows along j, ending on a pack)
      for_each_pack<MK, false>(rank, acc, [&](int r, int c, T(&v)[MK::VN]) {
        const index_t gi = i0 + r, gj = j0 + c;
        if (gi < k.d.m && gj < k.d.n) detail::update_c_pack(k.d.c + gi * k.d.c_si + gj * k.d.c_sj, v, k.alpha, k.beta);
      });
    } else {
      for_each_element<MK>(rank, acc, [&](int r, int c, T x) {
        const index_t gi = i0 + r, gj = j0 + c;
        if (gi < k.d.m && gj < k.d.n) detail::update_element(k.d.c + k.d.c_at(gi, gj), k.alpha, x, k.beta);
      });
    }
  }
};

}  // namespace kernels
}  // namespace kmm
