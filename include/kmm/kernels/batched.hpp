#pragma once
// batched_gemm's kernels: C[b] = alpha op(A[b]) op(B[b]) + beta C[b] for
// rank-3 Views whose first index is the batch index.
//
// BatchedTeam (Algorithm::Naive): one team per matrix, the team_gemm loop
// (one element of C per thread and vector lane, operands read from global
// memory, where a small matrix stays in L1). For tiny products (m, n <= 16),
// where a tile would leave most threads of a team idle.
//
// BatchedTiled (Algorithm::Tiled): one team per tile of one matrix, the
// Tiled rung's tile (TileOfC: A and B staged through team scratch). For the
// larger small products (32, 64), where staging saves re-reads.
//
// The team sizes and the choice between the two come from the caller (the
// tile table's batched_team_size, batched_shape, batched_algorithm).
#include "kmm/detail/access.hpp"
#include "kmm/kernels/tiled.hpp"
#include "kmm/team_gemm.hpp"

namespace kmm {
namespace kernels {

template <class View>
KOKKOS_INLINE_FUNCTION auto matrix(const View& v, detail::index_t b) {
  return Kokkos::subview(v, b, Kokkos::ALL, Kokkos::ALL);
}

template <bool TA, bool TB, class ExecSpace, class AView, class BView, class CView>
struct BatchedTeam {
  using T = typename CView::non_const_value_type;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  AView A;
  BView B;
  CView C;
  T alpha, beta;
  detail::index_t batch, k;

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    for (detail::index_t b = team.league_rank(); b < batch; b += team.league_size()) {
      if (k == 0 || alpha == T(0))  // C = beta C without reading A or B
        detail::team_scale(team, beta, matrix(C, b));
      else
        detail::team_product<TA, TB>(team, alpha, matrix(A, b), matrix(B, b), beta, matrix(C, b), k);
    }
  }
};

template <class Shape, int TeamSize, bool TA, bool TB, class ExecSpace, class AView, class BView,
          class CView>
struct BatchedTiled {
  using T = typename CView::non_const_value_type;
  using tile_of_c = TileOfC<Shape, TeamSize, TA, TB, ExecSpace, T>;
  using member_type = typename tile_of_c::member_type;
  AView A;
  BView B;
  CView C;
  T alpha, beta;
  detail::index_t k, tiles_n, tiles, work;  // work = batch * tiles
  bool a_rows_contiguous, b_rows_contiguous;

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    for (detail::index_t w = team.league_rank(); w < work; w += team.league_size()) {
      const detail::index_t b = w / tiles, t = w % tiles;
      tile_of_c::compute(team, alpha, matrix(A, b), matrix(B, b), beta, matrix(C, b), k,
                         a_rows_contiguous, b_rows_contiguous, (t / tiles_n) * Shape::tm,
                         (t % tiles_n) * Shape::tn);
    }
  }
};

/// A team of team_size threads per matrix.
template <bool TA, bool TB, class ExecSpace, class AView, class BView, class CView>
void batched_team(const ExecSpace& space, int team_size, typename CView::const_value_type alpha, const AView& A,
                  const BView& B, typename CView::const_value_type beta, const CView& C) {
  const detail::index_t batch = C.extent(0);
  const detail::index_t k = TA ? A.extent(1) : A.extent(2);
  Kokkos::parallel_for("kmm::batched_gemm[Naive]",
                       Kokkos::TeamPolicy<ExecSpace>(space, detail::league_for(batch), team_size),
                       BatchedTeam<TA, TB, ExecSpace, AView, BView, CView>{A, B, C, alpha, beta, batch, k});
}

/// A team of TeamSize threads per Shape tile of one matrix.
template <class Shape, int TeamSize, bool TA, bool TB, class ExecSpace, class AView, class BView, class CView>
void batched_tiled(const ExecSpace& space, typename CView::const_value_type alpha, const AView& A,
                   const BView& B, typename CView::const_value_type beta, const CView& C) {
  constexpr int team_size = TeamSize;
  using kernel = BatchedTiled<Shape, team_size, TA, TB, ExecSpace, AView, BView, CView>;
  const detail::index_t batch = C.extent(0), m = C.extent(1), n = C.extent(2);
  const detail::index_t k = TA ? A.extent(1) : A.extent(2);
  const detail::index_t tiles_n = (n + Shape::tn - 1) / Shape::tn;
  const detail::index_t tiles = ((m + Shape::tm - 1) / Shape::tm) * tiles_n;
  const auto a0 = matrix(A, 0);
  const auto b0 = matrix(B, 0);
  kernel f{A, B, C, alpha, beta, k, tiles_n, tiles, batch * tiles,
           rows_contiguous<TA>(a0), rows_contiguous<TB>(b0)};
  Kokkos::TeamPolicy<ExecSpace> policy(space, detail::league_for(batch * tiles), team_size);
  Kokkos::parallel_for("kmm::batched_gemm[Tiled]",
                       policy.set_scratch_size(0, Kokkos::PerTeam(kernel::tile_of_c::scratch_bytes())), f);
}

}  // namespace kernels
}  // namespace kmm
