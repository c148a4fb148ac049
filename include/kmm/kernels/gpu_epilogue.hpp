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
#include <type_traits>

#include "kmm/detail/access.hpp"
#include "kmm/detail/pack.hpp"
#include "kmm/kernels/gpu_micro_kernel.hpp"

namespace kmm {
namespace kernels {

/// f(std::integral_constant<int, g>) for g = G .. N - 1, in order.
template <int G, int N, class F>
KOKKOS_FORCEINLINE_FUNCTION void each_band(const F& f) {
  if constexpr (G < N) {
    f(std::integral_constant<int, G>{});
    each_band<G + 1, N>(f);
  }
}

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
  // by element; StagedC kernels (C without packs) through the stages.
  template <class Member, class T, class Acc>
  KOKKOS_FORCEINLINE_FUNCTION void write_back(const Member& team, T* smem, index_t i0, index_t j0,
                                              const Acc& acc) const {
    const int rank = team.team_rank();
    const Derived& k = static_cast<const Derived&>(*this);
    using MK = typename Derived::MK;
    using P = typename Derived::row;
    if constexpr (Derived::STAGED_C) {  // (the launcher found C without packs, with a unit stride)
      const T beta = k.beta;  // (alpha applied on the way into the stages)
      const auto put = [beta](T* at, T x) { *at = beta == T(0) ? x : x + beta * *at; };
      if (k.d.c_si == 1) write_staged<true>(team, smem, i0, j0, acc, k.alpha, k.d.c, k.d.c_sj, put);
      else write_staged<false>(team, smem, i0, j0, acc, k.alpha, k.d.c, k.d.c_si, put);
      return;
    }
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

  /// Can row P's micro-kernel MK write C through stages of CAP elements
  /// (write_staged)? Plain FMAs, whose pack u of j (of i) covers columns
  /// (rows) [u SPAN, (u + 1) SPAN) of the block across the team, where the
  /// stages hold at least one such band each way.
  template <class P, class MK, int CAP>
  static constexpr bool stages_c() {
    if constexpr (std::is_same<typename P::micro, SimtFma>::value)
      return (P::BM + MK::VM) * MK::TY * MK::VN <= CAP && (P::BN + MK::VN) * MK::TX * MK::VM <= CAP;
    else
      return false;
  }
  /// write_staged's packs per band: the most that divide PACKS and whose
  /// SPAN lines of LDT elements each fit in CAP.
  KOKKOS_INLINE_FUNCTION static constexpr int band_packs(int packs, int ldt, int span, int cap) {
    int best = 1;
    for (int c = 1; c <= packs; ++c)
      if (packs % c == 0 && ldt * c * span <= cap) best = c;
    return best;
  }

  // C without packs, through the team's scratch (the pipeline's stages,
  // free once its last barrier passed): each thread's micro-tile goes into
  // a band of the block as packs along the unit stride (FastM: along m,
  // C(i, j) at base[i + j ld]; else along n, at base[i ld + j]), then the
  // team writes the band back in runs along that stride, each warp store
  // 32 consecutive elements where the block's extent along it is a
  // multiple of 32. Element by element from the micro-tiles a warp store
  // spans 16 x VM elements of two columns, four times the sectors of its
  // data (perf-log "C without packs through the stages"). Bands of as many
  // of the micro-kernel's packs (across the team: SPAN columns, or rows,
  // each) as the stages hold. alpha scales the values on the way into the
  // stages: a vector store straight from the accumulators tied them to
  // aligned register quads, and the main loop's FMAs ran 0.90 as fast (ncu:
  // twice the dispatch and wait stalls). put(address, value): the store.
  // Only elements inside C are written.
  template <bool FastM, class Member, class T, class Acc, class Put>
  KOKKOS_FORCEINLINE_FUNCTION void write_staged(const Member& team, T* smem, index_t i0, index_t j0, const Acc& acc,
                                                T alpha, T* base, index_t ld, const Put& put) const {
    const Derived& k = static_cast<const Derived&>(*this);
    using MK = typename Derived::MK;
    using P = typename Derived::row;
    constexpr int TEAM = P::team_size;
    constexpr int FAST = FastM ? P::BM : P::BN;  // the block's extent along the unit stride
    constexpr int V = FastM ? MK::VM : MK::VN;   // the stores' packs in scratch
    constexpr int LDT = FAST + V;                // a band's line in scratch (a pack apart: other banks)
    constexpr int PACKS = FastM ? MK::TN / MK::VN : MK::TM / MK::VM;  // the micro-tile's packs across the band
    constexpr int SPAN = FastM ? MK::TY * MK::VN : MK::TX * MK::VM;   // lines of one pack across the team
    constexpr int CAP = Derived::DEPTH * Derived::STAGE;
    constexpr int JP = band_packs(PACKS, LDT, SPAN, CAP);  // packs per band
    constexpr int W = JP * SPAN;                            // lines per band
    static_assert(LDT * W <= CAP, "write_staged: a band must fit in the stages");
    // (opaque: the addresses computed here, not held in registers from the kernel's start)
    const int rank = detail::opaque(team.team_rank());
    ld = detail::opaque(ld);
    const index_t fast_left = FastM ? k.d.m - i0 : k.d.n - j0, lines_left = FastM ? k.d.n - j0 : k.d.m - i0;
    const int fast_in = int(fast_left < FAST ? fast_left : FAST);  // the block's extent inside C along it
    T* const corner = base + (FastM ? i0 + j0 * ld : i0 * ld + j0);
    each_band<0, PACKS / JP>([&](auto band_index) {  // (a constant: acc indexed by constants only)
      constexpr int g = decltype(band_index)::value;
      detail::block_barrier(team);  // the stages (or the previous band) read by everyone
      if constexpr (FastM) {  // packs of VM rows, columns g W .. (g + 1) W
        KMM_UNROLL
        for (int j = g * JP * MK::VN; j < (g + 1) * JP * MK::VN; ++j)
          KMM_UNROLL
          for (int i = 0; i < MK::TM; i += V) {
            T v[V];
            KMM_UNROLL
            for (int y = 0; y < V; ++y) v[y] = alpha * acc[j][i + y];
            detail::store_pack<T, V>(smem + (MK::col(rank, j) - g * W) * LDT + MK::row(rank, i), v);
          }
      } else {  // packs of VN columns, rows g W .. (g + 1) W
        KMM_UNROLL
        for (int i = g * JP * MK::VM; i < (g + 1) * JP * MK::VM; ++i)
          KMM_UNROLL
          for (int j = 0; j < MK::TN; j += V) {
            T v[V];
            KMM_UNROLL
            for (int y = 0; y < V; ++y) v[y] = alpha * acc[j + y][i];
            detail::store_pack<T, V>(smem + (MK::row(rank, i) - g * W) * LDT + MK::col(rank, j), v);
          }
      }
      detail::block_barrier(team);
      // the band back, TEAM elements at a time (four per thread per round:
      // fully unrolled, or with the addresses stepped along, the main loops
      // spilled 50-100 bytes at the register cap)
      const int band_left = int(lines_left - g * W < W ? lines_left - g * W : W);
      T* const band = corner + index_t(g * W) * ld;
      KMM_UNROLL_4
      for (int e = rank; e < FAST * W; e += TEAM) {
        const int f = e % FAST, line = e / FAST;
        if (f < fast_in && line < band_left) put(band + f + index_t(line) * ld, detail::load_scratch(smem + line * LDT + f));
      }
    });
    detail::block_barrier(team);  // the next block's copies overwrite the stages
  }
};

}  // namespace kernels
}  // namespace kmm
