#pragma once
// batched_gemm's Blocked kernel on a GPU: the Blocked rung's pipeline and
// micro-kernels (gpu_blocked.hpp) over a batch of equal-sized products.
// Work item = (matrix b, block of C); a team takes items league_size()
// apart and runs the GpuBlocked block of matrix b, a copy of the kernel
// whose operands start at matrix b's origins. Every matrix shares the
// descriptor of matrix 0 (same extents and strides); packs and the
// WholeTiles kernel are taken only where every matrix's origin keeps them
// aligned (the batch stride a multiple of the pack).
//
// For the small products batched_gemm is made for (the tile table's batched
// rows: 32 x 32, 48 x 48 and 64 x 64 blocks, one block per matrix up to n = 64),
// where a team per 16 x 16 tile of Tiled re-reads its operands from scratch
// once per multiply-add and a register micro-tile reads them once per TM or
// TN.
#include "kmm/kernels/batched.hpp"
#include "kmm/kernels/gpu_blocked.hpp"

namespace kmm {
namespace kernels {

template <class K>
struct GpuBatchedBlocked {
  using member_type = typename K::member_type;
  using P = typename K::row;
  using T = typename K::T;
  K k;  // the Blocked kernel on matrix 0
  detail::index_t sa, sb, sc;  // A, B, C: matrix b starts b * sa (sb, sc) elements after matrix 0
  detail::index_t batch;

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    typename K::scratch_view raw(team.team_scratch(int(K::SCRATCH_LEVEL)), K::SCRATCH_ELEMENTS);
    T* const smem = detail::align_up<K::BASE_ALIGN>(raw.data());
    const detail::index_t blocks = k.blocks_m * k.blocks_n;
    for (detail::index_t item = team.league_rank(); item < blocks * batch; item += team.league_size()) {
      // one block per matrix (the batched rows are sized for it): no
      // 64-bit divisions, which cost a small product about a tenth of its
      // instructions (perf-log: "Batched items without divisions")
      detail::index_t b = item, bi = 0, bj = 0;
      if (blocks != 1) {
        b = item / blocks;
        P::order::block_of(item - b * blocks, k.blocks_m, k.blocks_n, bi, bj);
      }
      K one = k;
      one.d.a += b * sa;
      one.d.b += b * sb;
      one.d.c += b * sc;
      one.block(team, smem, bi * P::BM, bj * P::BN);
    }
  }
};

template <bool TA, bool TB, class A3, class B3, class C3>
auto batched_operands(const A3& A, const B3& B, const C3& C) {  // matrix 0's descriptor
  const auto a0 = matrix(A, 0);
  const auto b0 = matrix(B, 0);
  const auto c0 = matrix(C, 0);
  using AV = std::remove_const_t<decltype(a0)>;
  using BV = std::remove_const_t<decltype(b0)>;
  using CV = std::remove_const_t<decltype(c0)>;
  return Operands<TA, TB, AV, BV, CV>(a0, b0, c0);
}

/// Do row P's slices of op(A) / op(B) travel as packs in every matrix
/// (matrix 0's packs, and every matrix's origin aligned for them)?
template <class P, class A3, class D>
bool batched_a_packs(const A3& A, const D& d) {
  return detail::index_t(A.stride(0)) % P::VM == 0 && d.template a_packs<P>();
}
template <class P, class B3, class D>
bool batched_b_packs(const B3& B, const D& d) {
  return detail::index_t(B.stride(0)) % P::VN == 0 && d.template b_packs<P>();
}
template <class P, bool TA, bool TB, class A3, class B3, class C3>
bool batched_packs(const A3& A, const B3& B, const C3& C) {
  const auto d = batched_operands<TA, TB>(A, B, C);
  return batched_a_packs<P>(A, d) && batched_b_packs<P>(B, d);
}

/// Row P over every matrix of the batch (rank-3 Views, batch index first).
template <class P, bool TA, bool TB, class ExecSpace, class A3, class B3, class C3>
void gpu_batched_blocked(const ExecSpace& space, typename C3::const_value_type alpha, const A3& A, const B3& B,
                         typename C3::const_value_type beta, const C3& C) {
  using detail::index_t;
  const auto d = batched_operands<TA, TB>(A, B, C);
  using D = std::remove_const_t<decltype(d)>;
  using T = typename D::T;
  using MK = MicroKernel<P, T>;
  const index_t batch = C.extent(0), blocks_m = (d.m + P::BM - 1) / P::BM, blocks_n = (d.n + P::BN - 1) / P::BN;
  const bool a_vec = batched_a_packs<P>(A, d), b_vec = batched_b_packs<P>(B, d);
  const bool c_vec_m = index_t(C.stride(0)) % MK::VM == 0 && d.template c_packs_m<MK>();
  const bool c_vec_n = index_t(C.stride(0)) % MK::VN == 0 && d.template c_packs_n<MK>();
  const auto launch = [&](auto whole_tiles) {
    using K = GpuBlocked<P, ExecSpace, typename D::Facts, decltype(whole_tiles)::value>;
    const K one{{}, d.facts(), alpha, beta, blocks_m, blocks_n, a_vec, b_vec, c_vec_m, c_vec_n};
    using F = GpuBatchedBlocked<K>;
    typename K::policy_type policy(space, detail::league_for(blocks_m * blocks_n * batch), P::team_size);
    Kokkos::parallel_for("kmm::batched_gemm[Blocked]",
                         policy.set_scratch_size(K::SCRATCH_LEVEL, Kokkos::PerTeam(K::scratch_bytes())),
                         F{one, index_t(A.stride(0)), index_t(B.stride(0)), index_t(C.stride(0)), batch});
  };
  if constexpr (D::template row_packs<P>()) {
    if (a_vec && b_vec && d.template whole_tiles<P>()) return launch(std::true_type{});
  }
  launch(std::false_type{});
}

}  // namespace kernels
}  // namespace kmm
