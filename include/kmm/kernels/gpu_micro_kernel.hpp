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
// Assumed: every thread of the team calls compute() with the same stage.
// A warp-level tensor-core micro-kernel fits the same interface: its
// fragment layout decides row() and col().
#include "kmm/blocked_row.hpp"
#include "kmm/detail/access.hpp"
#include "kmm/detail/pack.hpp"

namespace kmm {
namespace kernels {

template <class Row, class T, class Micro = typename Row::micro>
struct MicroKernel;

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
  KOKKOS_FORCEINLINE_FUNCTION static void zero(acc_type& c) {
    KMM_UNROLL
    for (int j = 0; j < TN; ++j)
      KMM_UNROLL
      for (int i = 0; i < TM; ++i) c[j][i] = T(0);
  }
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

}  // namespace kernels
}  // namespace kmm
