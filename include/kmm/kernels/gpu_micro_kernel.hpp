#pragma once
// The micro-kernel interface of the GPU Blocked kernel, and its SIMT one.
//
// A micro-kernel owns one thread's accumulators, acc[TN][TM], and says where
// each lands in the block: element (i, j) of thread `rank` is C(row(rank, i),
// col(rank, j)) relative to the block's corner, and runs of VM consecutive i
// (VN consecutive j) are consecutive rows (columns), so the pipeline can write
// C back in packs (for_each_pack). A BK-deep k-step read from the scratch
// stage is STEPS steps, each load<LA, LB>() of its fragments (frag_type)
// then mma() (compute_k_step; a pipeline may also call them apart): op(A)'s
// element (kk, r) at As[LA::at(kk, r)] (r along m), op(B)'s (kk, c) at
// Bs[LB::at(kk, c)] (c along n), LA and LB the layouts of
// gpu_scratch_layout.hpp; READS_K_MAJOR says whether it reads KColumns (else
// KRows only). The pipeline (gpu_blocked.hpp) owns staging, barriers and the
// write-back; a micro-kernel owns only registers.
// Assumed: every thread of the team reads the same stage in the same step.
// Two micro-kernels: SimtFma (any GPU, any type) and Dmma (fp64 tensor
// cores, sm_80+), whose fragment layout decides row() and col().
#include <type_traits>

#include "kmm/blocked_row.hpp"
#include "kmm/detail/access.hpp"
#include "kmm/detail/mma.hpp"
#include "kmm/detail/pack.hpp"
#include "kmm/kernels/gpu_scratch_layout.hpp"

namespace kmm {
namespace kernels {

template <class Row, class T, class Micro = typename Row::micro>
struct MicroKernel;

/// Sets a thread's accumulators to zero (every micro-kernel's zero()).
template <class T, int N, int M>
KOKKOS_FORCEINLINE_FUNCTION void zero_accumulators(T (&c)[N][M]) {
  KMM_UNROLL
  for (int j = 0; j < N; ++j)
    KMM_UNROLL
    for (int i = 0; i < M; ++i) c[j][i] = T(0);
}

/// Plain FMAs: thread rank computes micro-tile (tx, ty) = (rank % TX, rank /
/// TX), a warp 16 x 2 micro-tiles. Its fragments are strided: pack u of the
/// m direction is rows u * TX * VM + tx * VM .. + VM, so a warp's 16-byte
/// fragment loads cover contiguous banks.
template <class Row, class T>
struct MicroKernel<Row, T, SimtFma> {
  static constexpr int TM = Row::TM, TN = Row::TN, VM = Row::VM, VN = Row::VN;
  static constexpr int TX = Row::TX, TY = Row::TY, BK = Row::BK;
  static constexpr bool READS_K_MAJOR = false;  // its 16-byte fragment packs run along m and n
  using acc_type = T[TN][TM];

  KOKKOS_FORCEINLINE_FUNCTION static int row(int rank, int i) {
    return (i / VM) * TX * VM + (rank % TX) * VM + i % VM;
  }
  KOKKOS_FORCEINLINE_FUNCTION static int col(int rank, int j) {
    return (j / VN) * TY * VN + (rank / TX) * VN + j % VN;
  }
  KOKKOS_FORCEINLINE_FUNCTION static void zero(acc_type& c) { zero_accumulators(c); }
  /// One of the k-step's STEPS steps (here: one k, an outer product):
  /// load() reads its fragments from the stage, mma() adds them up.
  static constexpr int STEPS = BK;
  struct frag_type {
    T a[TM], b[TN];
  };
  template <class LA, class LB>
  KOKKOS_FORCEINLINE_FUNCTION static void load(const T* As, const T* Bs, int rank, int kk, frag_type& f) {
    static_assert(!LA::k_major && !LB::k_major, "SimtFma reads k-rows (KRows) only");
    constexpr int LDA = LA::ld, LDB = LB::ld;
    const int tx = rank % TX, ty = rank / TX;
    KMM_UNROLL
    for (int u = 0; u < TM / VM; ++u) detail::load_pack<T, VM>(As + kk * LDA + u * TX * VM + tx * VM, f.a + u * VM);
    KMM_UNROLL
    for (int u = 0; u < TN / VN; ++u) detail::load_pack<T, VN>(Bs + kk * LDB + u * TY * VN + ty * VN, f.b + u * VN);
  }
  KOKKOS_FORCEINLINE_FUNCTION static void mma(const frag_type& f, acc_type& c) {
    KMM_UNROLL
    for (int j = 0; j < TN; ++j) {
      KMM_UNROLL
      for (int i = 0; i < TM; ++i) c[j][i] += f.a[i] * f.b[j];
    }
  }
};

/// fp64 tensor cores: warp w of the team computes warp tile (w % TX, w / TX)
/// of the block (TM x TN = the row's WarpTile) as (TM / 16) x (TN / 8) MMA
/// tiles per K-deep step (detail/mma.hpp has the fragments). A thread's
/// accumulator acc[j][i], i = 2 mt + h, j = 2 nt + e, is the d fragment's
/// element at row 16 mt + 8 h + g and column 8 nt + 2 t + e of the warp tile
/// (lane = 4 g + t): C goes back as pairs of columns (VN = 2), rows one at a
/// time (VM = 1). Fragment loads are 8-byte ld.shared; a warp's 32 of them
/// (4 k x 8 rows) hit distinct banks in KRows when the scratch row length is
/// 4 mod 16 doubles (ScratchPad<4> with BM, BN multiples of 16), and in
/// KColumns by its swizzle (k-steps of 8 or 16).
template <class Row, int M, int N, int K>
struct MicroKernel<Row, double, Dmma<M, N, K>> {
  using T = double;
  static constexpr int MT = Row::TM / M, NT = Row::TN / N;  // MMA tiles per warp tile
  static constexpr int TM = 2 * MT, TN = 2 * NT, VM = 1, VN = 2;
  static constexpr int TX = Row::TX, BK = Row::BK;
  static_assert(BK % K == 0, "Dmma: the k-step must hold whole MMA steps");
  static constexpr bool READS_K_MAJOR = BK == 8 || BK == 16;  // KColumns' k-steps
  using acc_type = T[TN][TM];

  KOKKOS_FORCEINLINE_FUNCTION static int row(int rank, int i) {
    return ((rank / 32) % TX) * Row::TM + (i / 2) * 16 + (i % 2) * 8 + (rank % 32) / 4;
  }
  KOKKOS_FORCEINLINE_FUNCTION static int col(int rank, int j) {
    return ((rank / 32) / TX) * Row::TN + (j / 2) * 8 + (rank % 4) * 2 + j % 2;
  }
  KOKKOS_FORCEINLINE_FUNCTION static void zero(acc_type& c) { zero_accumulators(c); }
  /// MMA step ks of the k-step (STEPS = BK / K of them): load() reads its
  /// fragments from the stage, A(g + dr, 4 j + t) and B(4 j + t, g + dr)
  /// for lane (g, t), dr a multiple of 8 (one offset from the lane's element
  /// at dr = 0 in either layout); mma() issues its MT x NT MMAs.
  static constexpr int STEPS = BK / K;
  struct frag_type {
    T a[MT][K / 2], b[NT][K / 4];  // K = 4: {A(g, t), A(g + 8, t)}; K = 8 adds t + 4
  };
  template <class LA, class LB>
  KOKKOS_FORCEINLINE_FUNCTION static void load(const T* As, const T* Bs, int rank, int ks, frag_type& f) {
    const int w = rank / 32, g = (rank % 32) / 4, t = rank % 4;
    const int ra = (w % TX) * Row::TM + g, rb = (w / TX) * Row::TN + g;  // A(ra, t) of MMA tile 0, B(t, rb)
    KMM_UNROLL
    for (int mt = 0; mt < MT; ++mt)
      KMM_UNROLL
      for (int q = 0; q < K / 2; ++q)
        f.a[mt][q] = detail::load_scratch(As + LA::at(ks * K + (q / 2) * 4 + t, ra) + LA::shift(0, mt * 16 + (q % 2) * 8));
    KMM_UNROLL
    for (int nt = 0; nt < NT; ++nt)
      KMM_UNROLL
      for (int q = 0; q < K / 4; ++q)
        f.b[nt][q] = detail::load_scratch(Bs + LB::at(ks * K + q * 4 + t, rb) + LB::shift(0, nt * 8));
  }
  KOKKOS_FORCEINLINE_FUNCTION static void mma(const frag_type& f, acc_type& c) {
    KMM_UNROLL
    for (int mt = 0; mt < MT; ++mt) {
      KMM_UNROLL
      for (int nt = 0; nt < NT; ++nt) {
        T& d0 = c[2 * nt][2 * mt];
        T& d1 = c[2 * nt + 1][2 * mt];
        T& d2 = c[2 * nt][2 * mt + 1];
        T& d3 = c[2 * nt + 1][2 * mt + 1];
        if constexpr (K == 4) detail::mma_f64_16x8x4(d0, d1, d2, d3, f.a[mt][0], f.a[mt][1], f.b[nt][0]);
        else
          detail::mma_f64_16x8x8(d0, d1, d2, d3, f.a[mt][0], f.a[mt][1], f.a[mt][2], f.a[mt][3], f.b[nt][0],
                                 f.b[nt][1]);
      }
    }
  }
};

/// c += As^T Bs over one k-step of micro-kernel MK (BK deep, zero-padded
/// past k): its STEPS steps, each one's fragments loaded, then multiplied.
/// between() runs after the first step's multiplies are issued: a pipeline
/// issues the copies of a later k-step there, so their instructions (and
/// their waits for address registers that a copy still reads) go while
/// those multiplies run, not between the barrier and the first multiply
/// (perf-log: "The k-step head").
template <class MK, class LA, class LB, class T, class F>
KOKKOS_FORCEINLINE_FUNCTION void compute_k_step(const T* As, const T* Bs, int rank, typename MK::acc_type& c,
                                                F&& between) {
  KMM_UNROLL
  for (int q = 0; q < MK::STEPS; ++q) {
    typename MK::frag_type f;
    MK::template load<LA, LB>(As, Bs, rank, q, f);
    MK::mma(f, c);
    if (q == 0) between();
  }
}
template <class MK, class LA, class LB, class T>
KOKKOS_FORCEINLINE_FUNCTION void compute_k_step(const T* As, const T* Bs, int rank, typename MK::acc_type& c) {
  compute_k_step<MK, LA, LB>(As, Bs, rank, c, [] {});
}

/// Thread rank's accumulators of micro-kernel MK as packs: V = MK::VM
/// consecutive rows (AlongM, j outer) or V = MK::VN consecutive columns (i
/// outer); f(r, c, v) for each, (r, c) the place of the pack's first element
/// in the block, v its values (T[V]).
template <class MK, bool AlongM, class F>
KOKKOS_FORCEINLINE_FUNCTION void for_each_pack(int rank, const typename MK::acc_type& acc, F&& f) {
  using T = std::remove_all_extents_t<typename MK::acc_type>;
  constexpr int V = AlongM ? MK::VM : MK::VN;
  constexpr int OUTER = AlongM ? MK::TN : MK::TM, INNER = AlongM ? MK::TM : MK::TN;
  KMM_UNROLL
  for (int o = 0; o < OUTER; ++o) {
    KMM_UNROLL
    for (int u = 0; u < INNER; u += V) {
      const int i = AlongM ? u : o, j = AlongM ? o : u;
      T v[V];
      KMM_UNROLL
      for (int w = 0; w < V; ++w) v[w] = AlongM ? acc[j][i + w] : acc[j + w][i];
      f(MK::row(rank, i), MK::col(rank, j), v);
    }
  }
}
/// The same one element at a time (j outer): f(r, c, value).
template <class MK, class F>
KOKKOS_FORCEINLINE_FUNCTION void for_each_element(int rank, const typename MK::acc_type& acc, F&& f) {
  KMM_UNROLL
  for (int j = 0; j < MK::TN; ++j) {
    KMM_UNROLL
    for (int i = 0; i < MK::TM; ++i) f(MK::row(rank, i), MK::col(rank, j), acc[j][i]);
  }
}

}  // namespace kernels
}  // namespace kmm
