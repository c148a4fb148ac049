#pragma once
// The micro-kernel interface of the GPU Blocked kernel, and its SIMT one.
//
// A micro-kernel owns one thread's accumulators, acc[TN][TM], and says where
// each lands in the block: element (i, j) of thread `rank` is C(row(rank, i),
// col(rank, j)) relative to the block's corner, and runs of VM consecutive i
// (VN consecutive j) are consecutive rows (columns), so the pipeline can write
// C back in packs. compute() adds one BK-deep k-step read from the scratch
// stage: op(A)'s slice as As[kk * LDA + r] (r along m), op(B)'s as
// Bs[kk * LDB + c] (c along n). The pipeline (gpu_blocked.hpp) owns staging,
// barriers and the write-back; a micro-kernel owns only registers.
// VM (VN) is also the pack width of C's write-back along m (n).
// Assumed: every thread of the team calls compute() with the same stage.
// Two micro-kernels: SimtFma (any GPU, any type) and Dmma (fp64 tensor
// cores, sm_80+), whose fragment layout decides row() and col().
#include "kmm/blocked_row.hpp"
#include "kmm/detail/access.hpp"
#include "kmm/detail/mma.hpp"
#include "kmm/detail/pack.hpp"

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
  using acc_type = T[TN][TM];

  KOKKOS_FORCEINLINE_FUNCTION static int row(int rank, int i) {
    return (i / VM) * TX * VM + (rank % TX) * VM + i % VM;
  }
  KOKKOS_FORCEINLINE_FUNCTION static int col(int rank, int j) {
    return (j / VN) * TY * VN + (rank / TX) * VN + j % VN;
  }
  KOKKOS_FORCEINLINE_FUNCTION static void zero(acc_type& c) { zero_accumulators(c); }
  /// c += As^T Bs over one k-step (BK deep, zero-padded past k).
  template <int LDA, int LDB>
  KOKKOS_FORCEINLINE_FUNCTION static void compute(const T* As, const T* Bs, int rank, acc_type& c) {
    const int tx = rank % TX, ty = rank / TX;
    KMM_UNROLL
    for (int kk = 0; kk < BK; ++kk) {
      T a[TM], b[TN];
      KMM_UNROLL
      for (int u = 0; u < TM / VM; ++u) detail::load_pack<T, VM>(As + kk * LDA + u * TX * VM + tx * VM, a + u * VM);
      KMM_UNROLL
      for (int u = 0; u < TN / VN; ++u) detail::load_pack<T, VN>(Bs + kk * LDB + u * TY * VN + ty * VN, b + u * VN);
      KMM_UNROLL
      for (int j = 0; j < TN; ++j) {
        KMM_UNROLL
        for (int i = 0; i < TM; ++i) c[j][i] += a[i] * b[j];
      }
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
/// (4 k x 8 rows) hit distinct banks when the scratch row length is 4 mod 16
/// doubles (ScratchPad<4> with BM, BN multiples of 16).
template <class Row, int M, int N, int K>
struct MicroKernel<Row, double, Dmma<M, N, K>> {
  using T = double;
  static constexpr int MT = Row::TM / M, NT = Row::TN / N;  // MMA tiles per warp tile
  static constexpr int TM = 2 * MT, TN = 2 * NT, VM = 1, VN = 2;
  static constexpr int TX = Row::TX, BK = Row::BK;
  static_assert(BK % K == 0, "Dmma: the k-step must hold whole MMA steps");
  using acc_type = T[TN][TM];

  KOKKOS_FORCEINLINE_FUNCTION static int row(int rank, int i) {
    return ((rank / 32) % TX) * Row::TM + (i / 2) * 16 + (i % 2) * 8 + (rank % 32) / 4;
  }
  KOKKOS_FORCEINLINE_FUNCTION static int col(int rank, int j) {
    return ((rank / 32) / TX) * Row::TN + (j / 2) * 8 + (rank % 4) * 2 + j % 2;
  }
  KOKKOS_FORCEINLINE_FUNCTION static void zero(acc_type& c) { zero_accumulators(c); }
  /// c += As^T Bs over one k-step, BK / K MMA steps.
  template <int LDA, int LDB>
  KOKKOS_FORCEINLINE_FUNCTION static void compute(const T* As, const T* Bs, int rank, acc_type& c) {
    const int w = rank / 32, g = (rank % 32) / 4, t = rank % 4;
    const T* a = As + t * LDA + (w % TX) * Row::TM + g;  // A(g, t) of MMA tile 0
    const T* b = Bs + t * LDB + (w / TX) * Row::TN + g;  // B(t, g)
    KMM_UNROLL
    for (int ks = 0; ks < BK / K; ++ks) {
      T af[MT][K / 2], bf[NT][K / 4];  // K = 4: {A(g, t), A(g + 8, t)}; K = 8 adds t + 4
      KMM_UNROLL
      for (int mt = 0; mt < MT; ++mt)
        KMM_UNROLL
        for (int q = 0; q < K / 2; ++q)
          af[mt][q] = detail::load_scratch(a + (ks * K + (q / 2) * 4) * LDA + mt * 16 + (q % 2) * 8);
      KMM_UNROLL
      for (int nt = 0; nt < NT; ++nt)
        KMM_UNROLL
        for (int q = 0; q < K / 4; ++q) bf[nt][q] = detail::load_scratch(b + (ks * K + q * 4) * LDB + nt * 8);
      KMM_UNROLL
      for (int mt = 0; mt < MT; ++mt) {
        KMM_UNROLL
        for (int nt = 0; nt < NT; ++nt) {
          T& d0 = c[2 * nt][2 * mt];
          T& d1 = c[2 * nt + 1][2 * mt];
          T& d2 = c[2 * nt][2 * mt + 1];
          T& d3 = c[2 * nt + 1][2 * mt + 1];
          if constexpr (K == 4) detail::mma_f64_16x8x4(d0, d1, d2, d3, af[mt][0], af[mt][1], bf[nt][0]);
          else detail::mma_f64_16x8x8(d0, d1, d2, d3, af[mt][0], af[mt][1], af[mt][2], af[mt][3], bf[nt][0], bf[nt][1]);
        }
      }
    }
  }
};

}  // namespace kernels
}  // namespace kmm
