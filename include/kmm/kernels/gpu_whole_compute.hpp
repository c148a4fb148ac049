#pragma once
// The whole-matrix kernel's two ways of computing C from the operands in
// team scratch (kernels/gpu_batched_whole.hpp copies them there): the row's
// micro-kernel (GpuWholeRow's Micro) picks one.
//
//   SimtFma: thread (ti, tj) of a grid of ceil(m / TM) x ceil(n / TN)
//     threads accumulates C(ti TM + t, tj + u grid_n) with fused
//     multiply-adds: rows together, so that op(A)'s are one address apart
//     (k-fast: TM addresses, each read at immediate offsets along k),
//     columns a grid row apart, so that a warp writes C's rows (unit stride
//     along n, as in a contiguous LayoutRight batch) as runs of consecutive
//     elements. Threads past C's edge read past the spans (the row's
//     over_read) and write nothing.
//   Dmma<16, 8, 4>: warp (wi, wj) of a grid of ceil(m / TM) x ceil(n / TN)
//     warps accumulates the TM x TN tile of C at (wi TM, wj TN) as
//     (TM / 16) x (TN / 8) fp64 MMA tiles (detail/mma.hpp has the
//     fragments), each lane reading its fragment elements from scratch one
//     by one, so any stride and any shift of the copies will do. Rows and
//     columns past C's edge read C's last one (never written back); k past
//     the chunk reads nothing and counts as zero in both operands.
//
// Both take the operands through two functions: a_at(i), the scratch
// address of op(A)(i, 0) of the current chunk, whose k-th element lies ka
// elements further per k (1 where op(A)'s unit stride is along k, AK); the
// same for op(B)'s columns, b_at(j) and kb.
#include <type_traits>
#include <utility>

#include "kmm/blocked_row.hpp"
#include "kmm/detail/access.hpp"
#include "kmm/detail/mma.hpp"
#include "kmm/detail/pack.hpp"

namespace kmm {
namespace kernels {

/// Calls f(std::integral_constant<int, Q>{}) for Q = 0 .. U - 1.
template <int... Q, class F>
KOKKOS_FORCEINLINE_FUNCTION void for_each_q(std::integer_sequence<int, Q...>, F&& f) {
  (f(std::integral_constant<int, Q>{}), ...);
}

template <class W, class T, bool AK, bool BK, class Micro = typename W::micro>
struct WholeCompute;

/// Plain FMAs, TM x TN elements of C per thread.
template <class W, class T, bool AK, bool BK>
struct WholeCompute<W, T, AK, BK, SimtFma> {
  using SA = detail::ScratchAddress<T>;
  static constexpr int TM = W::TM, TN = W::TN, U = 4;  // k unrolled by U
  /// the team: the thread grid over C in whole warps
  static int threads(int m, int n) { return (((m + TM - 1) / TM) * ((n + TN - 1) / TN) + 31) / 32 * 32; }

  // C's extents; the thread's first row and its column of C's thread grid.
  // Its operand rows and columns are recomputed per chunk (accumulate),
  // not held across the copies: held, the fp64 kernels spilled 8-88 bytes
  // at the row's 64-register cap.
  int m, n, i0, tj;
  bool computes;  // threads past the grid only copy
  T acc[TM][TN];

  /// threads along n
  KOKKOS_FORCEINLINE_FUNCTION static int grid_n(int n) { return (n + TN - 1) / TN; }

  KOKKOS_FORCEINLINE_FUNCTION WholeCompute(int rank, int m_, int n_) : m(m_), n(n_) {
    i0 = (rank / grid_n(n)) * TM;
    tj = rank % grid_n(n);
    computes = i0 < m;
  }

  KOKKOS_FORCEINLINE_FUNCTION void clear() {
    KMM_UNROLL
    for (int t = 0; t < TM; ++t) {
      KMM_UNROLL
      for (int u = 0; u < TN; ++u) acc[t][u] = T(0);
    }
  }

  /// acc += op(A) op(B) over kn values of k
  template <class AAt, class BAt>
  KOKKOS_FORCEINLINE_FUNCTION void accumulate(const AAt& a_at, const BAt& b_at, int ka, int kb, int kn) {
    // op(A)'s rows i0 + t (k-fast; those past C's edge read as its last) or
    // row i0 (m-fast: rows i0 + t are t past it); op(B)'s columns tj + u grid_n
    SA pa[AK ? TM : 1], pb[TN];
    KMM_UNROLL
    for (int t = 0; t < (AK ? TM : 1); ++t) pa[t] = SA(a_at(AK ? (i0 + t < m ? i0 + t : m - 1) : i0));
    KMM_UNROLL
    for (int u = 0; u < TN; ++u) {
      const int j = tj + u * grid_n(n);
      pb[u] = SA(b_at(j < n ? j : n - 1));
    }
    // one k: q past the addresses (a constant: k-fast operands read it as an immediate offset)
    const auto fma_at = [&](auto q) {
      constexpr int Q = decltype(q)::value;
      T av[TM], bv[TN];
      if constexpr (AK) {
        KMM_UNROLL
        for (int t = 0; t < TM; ++t) av[t] = pa[t].template load<Q>();
      } else {
        const SA at = pa[0] + Q * ka;
        for_each_q(std::make_integer_sequence<int, TM>{}, [&](auto t) {
          constexpr int R = decltype(t)::value;
          av[R] = at.template load<R>();
        });
      }
      KMM_UNROLL
      for (int u = 0; u < TN; ++u) bv[u] = BK ? pb[u].template load<Q>() : (pb[u] + Q * kb).template load<0>();
      KMM_UNROLL
      for (int t = 0; t < TM; ++t) {
        KMM_UNROLL
        for (int u = 0; u < TN; ++u) acc[t][u] += av[t] * bv[u];
      }
    };
    const auto advance = [&](int steps) {
      KMM_UNROLL
      for (int t = 0; t < (AK ? TM : 1); ++t) pa[t] = pa[t] + (AK ? steps : steps * ka);
      KMM_UNROLL
      for (int u = 0; u < TN; ++u) pb[u] = pb[u] + (BK ? steps : steps * kb);
    };
    int p = 0;
    for (; p + U <= kn; p += U) {
      for_each_q(std::make_integer_sequence<int, U>{}, fma_at);
      advance(U);
    }
    for (; p < kn; ++p) {
      fma_at(std::integral_constant<int, 0>{});
      advance(1);
    }
  }

  /// C = alpha acc + beta C on this thread's elements within C (c: the matrix's C)
  template <class Facts>
  KOKKOS_FORCEINLINE_FUNCTION void store(T* c, const Facts& d, T alpha, T beta) const {
    KMM_UNROLL
    for (int t = 0; t < TM; ++t) {
      KMM_UNROLL
      for (int u = 0; u < TN; ++u)
        if (i0 + t < m && tj + u * grid_n(n) < n)
          detail::update_element(c + d.c_at(i0 + t, tj + u * grid_n(n)), alpha, acc[t][u], beta);
    }
  }
};

/// fp64 MMA 16x8x4, a TM x TN tile of C per warp.
template <class W, bool AK, bool BK>
struct WholeCompute<W, double, AK, BK, Dmma<16, 8, 4>> {
  using T = double;
  using SA = detail::ScratchAddress<T>;
  static constexpr int MT = W::TM / 16, NT = W::TN / 8;  // MMA tiles per warp along m and n
  /// the team: the warp grid over C
  static int threads(int m, int n) { return 32 * ((m + W::TM - 1) / W::TM) * ((n + W::TN - 1) / W::TN); }

  // C's extents; the warp's first row and column of C; the lane's group
  // and position (detail/mma.hpp)
  int m, n, wi, wj, g, t;
  bool computes;
  T acc[MT][NT][4];

  KOKKOS_FORCEINLINE_FUNCTION WholeCompute(int rank, int m_, int n_) : m(m_), n(n_) {
    const int warps_n = (n + W::TN - 1) / W::TN, w = rank / 32, lane = rank % 32;
    wi = (w / warps_n) * W::TM;
    wj = (w % warps_n) * W::TN;
    g = lane / 4;
    t = lane % 4;
    computes = wi < m;
  }

  KOKKOS_FORCEINLINE_FUNCTION void clear() {
    KMM_UNROLL
    for (int mt = 0; mt < MT; ++mt) {
      KMM_UNROLL
      for (int nt = 0; nt < NT; ++nt) {
        KMM_UNROLL
        for (int r = 0; r < 4; ++r) acc[mt][nt][r] = T(0);
      }
    }
  }

  template <class AAt, class BAt>
  KOKKOS_FORCEINLINE_FUNCTION void accumulate(const AAt& a_at, const BAt& b_at, int ka_, int kb_, int kn) {
    const int ka = AK ? 1 : ka_, kb = BK ? 1 : kb_;
    // the lane's fragment elements at k = t: op(A)'s rows g and g + 8 of
    // tile mt, op(B)'s column g of tile nt (those past C's edge: its last)
    SA pa[MT][2], pb[NT];
    KMM_UNROLL
    for (int mt = 0; mt < MT; ++mt) {
      KMM_UNROLL
      for (int h = 0; h < 2; ++h) {
        const int i = wi + mt * 16 + h * 8 + g;
        pa[mt][h] = SA(a_at(i < m ? i : m - 1) + t * ka);
      }
    }
    KMM_UNROLL
    for (int nt = 0; nt < NT; ++nt) {
      const int j = wj + nt * 8 + g;
      pb[nt] = SA(b_at(j < n ? j : n - 1) + t * kb);
    }
    const auto mma = [&](const T (&a)[MT][2], const T (&b)[NT]) {
      KMM_UNROLL
      for (int mt = 0; mt < MT; ++mt) {
        KMM_UNROLL
        for (int nt = 0; nt < NT; ++nt) {
          T* d = acc[mt][nt];
          detail::mma_f64_16x8x4(d[0], d[1], d[2], d[3], a[mt][0], a[mt][1], b[nt]);
        }
      }
    };
    // one k-step of 4 at the addresses; `in`: false for the lanes whose k
    // lies past the chunk (the last 1-3 values of k), which read nothing
    // and count zero. (Not unrolled: two k-steps at once spilled 4-24
    // bytes in two of the kernels at the row's 128-register cap.)
    const auto step = [&](bool in) {
      T a[MT][2], b[NT];
      KMM_UNROLL
      for (int mt = 0; mt < MT; ++mt) {
        KMM_UNROLL
        for (int h = 0; h < 2; ++h) a[mt][h] = in ? pa[mt][h].template load<0>() : T(0);
      }
      KMM_UNROLL
      for (int nt = 0; nt < NT; ++nt) b[nt] = in ? pb[nt].template load<0>() : T(0);
      mma(a, b);
    };
    int p = 0;
    for (; p + 4 <= kn; p += 4) {
      step(true);
      KMM_UNROLL
      for (int mt = 0; mt < MT; ++mt) {
        KMM_UNROLL
        for (int h = 0; h < 2; ++h) pa[mt][h] = pa[mt][h] + 4 * ka;
      }
      KMM_UNROLL
      for (int nt = 0; nt < NT; ++nt) pb[nt] = pb[nt] + 4 * kb;
    }
    if (p < kn) step(t < kn - p);
  }

  template <class Facts>
  KOKKOS_FORCEINLINE_FUNCTION void store(T* c, const Facts& d, T alpha, T beta) const {
    KMM_UNROLL
    for (int mt = 0; mt < MT; ++mt) {
      KMM_UNROLL
      for (int nt = 0; nt < NT; ++nt) {
        KMM_UNROLL
        for (int r = 0; r < 4; ++r) {
          const int i = wi + mt * 16 + g + (r / 2) * 8, j = wj + nt * 8 + 2 * t + r % 2;
          if (i < m && j < n) detail::update_element(c + d.c_at(i, j), alpha, acc[mt][nt][r], beta);
        }
      }
    }
  }
};

}  // namespace kernels
}  // namespace kmm
