#pragma once
// Rung 2, Tiled: one team per tm x tn tile of C. Each k-phase stages a tm x tk
// tile of op(A) and a tk x tn tile of op(B) in level-0 team scratch (CUDA
// shared memory), separated by team barriers: the shared-memory kernels of the
// seeds 000, 002 and 004 and the tile_static version of 003, in Kokkos.
//
// What it adds over Naive: each element of A and B is read from global memory
// once per tile instead of once per element of C (a factor tm or tn less
// traffic). Edges: out-of-range elements are staged as zeros, so the inner
// loop always runs tk steps, and only in-range elements of C are written.
//
// The scratch tiles are LayoutRight explicitly (Kokkos' default on CUDA is
// LayoutLeft, which made a 16x16 kernel 4x slower through bank conflicts) and
// padded by one element per row so that staging stores are conflict-free
// whichever operand dimension is contiguous in global memory.
//
// The team size comes from the caller (the tile table's tiled_team_size):
// one thread per C element on a GPU, one thread per team (that loops over
// the whole tile) on a host. Measured in docs/perf-log.md ("Tiled").
#include "kmm/detail/access.hpp"

namespace kmm {
namespace kernels {

/// One team computes one tm x tn tile of C = alpha op(A) op(B) + beta C.
/// Shared by gemm's Tiled kernel and batched_gemm (a tile of one matrix).
template <class Shape, int TeamSize, bool TA, bool TB, class ExecSpace, class T>
struct TileOfC {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using scratch_view = Kokkos::View<T**, Kokkos::LayoutRight, typename ExecSpace::scratch_memory_space,
                                    Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  static constexpr int TM = Shape::tm, TN = Shape::tn, TK = Shape::tk;
  static constexpr int PER_THREAD = (TM * TN + TeamSize - 1) / TeamSize;  // C elements per thread

  static std::size_t scratch_bytes() {
    return scratch_view::shmem_size(TM, TK + 1) + scratch_view::shmem_size(TK, TN + 1);
  }

  // Stage op(X)(r0 + r, c0 + c) for r < R, c < Cc into s, zeros outside rows x cols.
  template <bool Trans, int R, int Cc, class XView>
  KOKKOS_INLINE_FUNCTION static void stage(const member_type& team, const scratch_view& s,
                                           const XView& x, detail::index_t r0, detail::index_t c0,
                                           detail::index_t rows, detail::index_t cols,
                                           bool rows_contiguous) {
    for (int e = team.team_rank(); e < R * Cc; e += team.team_size()) {
      // consecutive threads walk the dimension that is contiguous in memory
      const int r = rows_contiguous ? e % R : e / Cc;
      const int c = rows_contiguous ? e / R : e % Cc;
      const detail::index_t gr = r0 + r, gc = c0 + c;
      s(r, c) = (gr < rows && gc < cols) ? detail::op_at<Trans>(x, gr, gc) : T(0);
    }
  }

  // a_rows / b_rows: op(A)(i, p) / op(B)(p, j) has the unit stride along its rows
  template <class AView, class BView, class CView>
  KOKKOS_INLINE_FUNCTION static void compute(const member_type& team, T alpha, const AView& A,
                                             const BView& B, T beta, const CView& C,
                                             detail::index_t k, bool a_rows, bool b_rows,
                                             detail::index_t i0, detail::index_t j0) {
    const detail::index_t m = C.extent(0), n = C.extent(1);
    scratch_view As(team.team_scratch(0), TM, TK + 1);
    scratch_view Bs(team.team_scratch(0), TK, TN + 1);
    const int rank = team.team_rank(), nthreads = team.team_size();

    T acc[PER_THREAD];
    for (int q = 0; q < PER_THREAD; ++q) acc[q] = T(0);

    for (detail::index_t p0 = 0; p0 < k; p0 += TK) {
      stage<TA, TM, TK>(team, As, A, i0, p0, m, k, a_rows);
      stage<TB, TK, TN>(team, Bs, B, p0, j0, k, n, b_rows);
      team.team_barrier();
      for (int q = 0; q < PER_THREAD; ++q) {
        const int e = rank + q * nthreads;
        if (e < TM * TN) {
          const int r = e / TN, c = e % TN;
          T sum = acc[q];
          for (int p = 0; p < TK; ++p) sum += As(r, p) * Bs(p, c);
          acc[q] = sum;
        }
      }
      team.team_barrier();
    }
    for (int q = 0; q < PER_THREAD; ++q) {
      const int e = rank + q * nthreads;
      if (e < TM * TN) {
        const detail::index_t i = i0 + e / TN, j = j0 + e % TN;
        if (i < m && j < n) detail::update_c(C, i, j, alpha, acc[q], beta);
      }
    }
  }
};

/// op(X)(r, c) = X(r, c) or X(c, r): is the r direction unit-stride in memory?
template <bool Trans, class XView>
bool rows_contiguous(const XView& x) {
  return (Trans ? x.stride(1) : x.stride(0)) == 1 && x.extent(Trans ? 1 : 0) > 1;
}

template <class Shape, int TeamSize, bool TA, bool TB, class ExecSpace, class AView, class BView,
          class CView>
struct Tiled {
  using T = typename CView::non_const_value_type;
  using tile_of_c = TileOfC<Shape, TeamSize, TA, TB, ExecSpace, T>;
  using member_type = typename tile_of_c::member_type;

  AView A;
  BView B;
  CView C;
  T alpha, beta;
  detail::index_t k;
  detail::index_t tiles_n, tiles;
  bool a_rows_contiguous;
  bool b_rows_contiguous;

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    // A league is at most 2^30 teams; each team walks tiles league_size apart.
    for (detail::index_t t = team.league_rank(); t < tiles; t += team.league_size())
      tile_of_c::compute(team, alpha, A, B, beta, C, k, a_rows_contiguous, b_rows_contiguous,
                         (t / tiles_n) * Shape::tm, (t % tiles_n) * Shape::tn);
  }
};

/// Tiles of Shape, TeamSize threads per team.
template <class Shape, int TeamSize, bool TA, bool TB, class ExecSpace, class AView, class BView, class CView>
void tiled(const ExecSpace& space, typename CView::const_value_type alpha, const AView& A,
           const BView& B, typename CView::const_value_type beta, const CView& C) {
  constexpr int team_size = TeamSize;
  using kernel = Tiled<Shape, team_size, TA, TB, ExecSpace, AView, BView, CView>;
  const detail::index_t m = C.extent(0), n = C.extent(1);
  const detail::index_t k = TA ? A.extent(0) : A.extent(1);
  const detail::index_t tiles_m = (m + Shape::tm - 1) / Shape::tm;
  const detail::index_t tiles_n = (n + Shape::tn - 1) / Shape::tn;
  const detail::index_t tiles = tiles_m * tiles_n;
  kernel f{A, B, C, alpha, beta, k, tiles_n, tiles, rows_contiguous<TA>(A), rows_contiguous<TB>(B)};
  const int league = detail::league_for(tiles);
  Kokkos::TeamPolicy<ExecSpace> policy(space, league, team_size);
  Kokkos::parallel_for("kmm::gemm[Tiled]",
                       policy.set_scratch_size(0, Kokkos::PerTeam(kernel::tile_of_c::scratch_bytes())), f);
}

}  // namespace kernels
}  // namespace kmm
