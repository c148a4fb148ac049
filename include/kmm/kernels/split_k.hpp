#pragma once
// Split-k's second half. Where C has too few blocks to fill the GPU, the
// Blocked kernel (gpu_blocked.hpp, Split) runs `splits` teams per block of C,
// each over its own range of k-steps, and writes its raw partial product to
// a workspace (detail/workspace.hpp); a second kernel then forms
//   C(i, j) = alpha * (P_0(i, j) + P_1(i, j) + ... + P_{S-1}(i, j)) + beta * C(i, j)
// with the partials added in a fixed order, so a call gives the same bits on
// every run (no atomics into C). Two forms, chosen by S alone:
// - S <= kFewSplits: a thread per 16-byte pack of C (or per element where C
//   and the partials do not take packs), its S reads issued before they are
//   added in split order.
// - more splits (Gram products of tall panels: hundreds of splits of one or
//   a few blocks, so C has a few thousand elements): a team of GROUPS warps
//   per 32 elements, warp g adding partials g, g + GROUPS, ... in order,
//   then warp 0 the GROUPS sums in order, so the S reads of an element run
//   GROUPS at a time instead of one thread chaining them all.
// The partials are laid out along C's unit-stride direction (PartialLayout)
// and both forms walk that direction across a warp, so every read and write
// is coalesced.
#include <cstdint>

#include "kmm/detail/access.hpp"
#include "kmm/detail/pack.hpp"

namespace kmm {
namespace kernels {

/// The most splits the pack form adds (its reads are unrolled to this many).
constexpr int kFewSplits = 8;
/// The pack form's width: 16 bytes of T.
template <class T>
constexpr int reduce_pack() { return 16 / int(sizeof(T)) > 1 ? 16 / int(sizeof(T)) : 1; }

/// Where partial s's element (i, j) lives: s * m * n + i * si + j * sj, with
/// unit stride along C's unit-stride direction (i where C has none).
struct PartialLayout {
  detail::index_t m, n, si, sj;
  PartialLayout(detail::index_t m_, detail::index_t n_, detail::index_t c_si, detail::index_t c_sj)
      : m(m_), n(n_), si(c_sj == 1 && c_si != 1 ? n_ : 1), sj(c_sj == 1 && c_si != 1 ? 1 : m_) {}
  KOKKOS_INLINE_FUNCTION detail::index_t size() const { return m * n; }
  KOKKOS_INLINE_FUNCTION bool rows_fast() const { return si == 1; }
};

/// The pack form: thread e forms W consecutive elements of C along the
/// partials' unit stride (W = 16 bytes where C's unit stride runs the same
/// way and C and the partials start each run on a pack, else 1).
template <class T, int W>
struct ReduceFewPartials {
  T* c;  // C(i, j) is c[i * c_si + j * c_sj]
  detail::index_t c_si, c_sj;
  const T* partial;
  PartialLayout p;
  int splits;
  T alpha, beta;

  KOKKOS_INLINE_FUNCTION void operator()(const detail::index_t e) const {
    const detail::index_t runs = (p.rows_fast() ? p.m : p.n) / W;  // packs per column (row) of C
    const detail::index_t f = (e % runs) * W, o = e / runs;
    const detail::index_t i = p.rows_fast() ? f : o, j = p.rows_fast() ? o : f;
    const T* q = partial + i * p.si + j * p.sj;
    T x[kFewSplits][W];
    KMM_UNROLL
    for (int s = 0; s < kFewSplits; ++s)
      if (s < splits) detail::load_global_pack<T, W>(q + s * p.size(), x[s]);
    T sum[W];
    KMM_UNROLL
    for (int w = 0; w < W; ++w) sum[w] = x[0][w];
    KMM_UNROLL
    for (int s = 1; s < kFewSplits; ++s)
      KMM_UNROLL
      for (int w = 0; w < W; ++w)
        if (s < splits) sum[w] += x[s][w];
    if constexpr (W == 1) detail::update_element(c + i * c_si + j * c_sj, alpha, sum[0], beta);
    else detail::update_c_pack(c + i * c_si + j * c_sj, sum, alpha, beta);
  }
};

/// The grouped form: team t forms C's elements 32 t ... 32 t + 31 along the
/// partials' unit stride, warp g of GROUPS adding partials g, g + GROUPS,
/// ... (an element per lane), then warp 0 the GROUPS sums in order.
template <class ExecSpace, class T>
struct ReduceManyPartials {
  using policy_type = Kokkos::TeamPolicy<ExecSpace>;
  using scratch_view = Kokkos::View<T*, typename ExecSpace::scratch_memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  static constexpr int LANES = 32, GROUPS = 8;
  T* c;  // C(i, j) is c[i * c_si + j * c_sj]
  detail::index_t c_si, c_sj;
  const T* partial;
  PartialLayout p;
  int splits;
  T alpha, beta;

  KOKKOS_INLINE_FUNCTION void operator()(const typename policy_type::member_type& team) const {
    scratch_view sums(team.team_scratch(0), GROUPS * LANES);
    const int rank = team.team_rank(), lane = rank % LANES, g = rank / LANES;
    const detail::index_t runs = (p.size() + LANES - 1) / LANES;
    for (detail::index_t t = team.league_rank(); t < runs; t += team.league_size()) {
      const detail::index_t e = t * LANES + lane;  // along the partials' unit stride
      const detail::index_t i = p.rows_fast() ? e % p.m : e / p.n, j = p.rows_fast() ? e / p.m : e % p.n;
      const T* q = partial + i * p.si + j * p.sj;
      if (e < p.size() && g < splits) {
        T sum = q[g * p.size()];
        for (int s = g + GROUPS; s < splits; s += GROUPS) sum += q[s * p.size()];
        sums(g * LANES + lane) = sum;
      }
      team.team_barrier();
      if (e < p.size() && g == 0) {
        T sum = sums(lane);
        for (int h = 1; h < GROUPS && h < splits; ++h) sum += sums(h * LANES + lane);
        detail::update_element(c + i * c_si + j * c_sj, alpha, sum, beta);
      }
      team.team_barrier();  // sums read before the next run writes them
    }
  }
};

/// C = alpha * (sum of the `splits` partials, in the order above) + beta * C,
/// C(i, j) at c[i * c_si + j * c_sj] (no View type: one reduction per value
/// type).
/// c_packs: C takes packs of reduce_pack<T>() elements along the partials'
/// unit stride (its unit stride runs that way, its extent there and its
/// other stride are multiples of the pack, its data 16-byte aligned; the
/// partials, one allocation of m * n each, then are too); the caller knows C's
/// strides (OperandFacts::packable).
template <class ExecSpace, class T>
void reduce_partials(const ExecSpace& space, int splits, const T* partial, const PartialLayout& p, T alpha, T beta,
                     T* c, detail::index_t c_si, detail::index_t c_sj, bool c_packs) {
  using Range = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<detail::index_t>>;
  if (splits <= kFewSplits) {
    constexpr int V = reduce_pack<T>();
    if (V > 1 && c_packs) {
      Kokkos::parallel_for("kmm::gemm[split-k reduce]", Range(space, 0, p.size() / V),
                           ReduceFewPartials<T, V>{c, c_si, c_sj, partial, p, splits, alpha, beta});
    } else {
      Kokkos::parallel_for("kmm::gemm[split-k reduce]", Range(space, 0, p.size()),
                           ReduceFewPartials<T, 1>{c, c_si, c_sj, partial, p, splits, alpha, beta});
    }
    return;
  }
  using K = ReduceManyPartials<ExecSpace, T>;
  typename K::policy_type policy(space, detail::league_for((p.size() + K::LANES - 1) / K::LANES), K::LANES * K::GROUPS);
  Kokkos::parallel_for("kmm::gemm[split-k reduce]",
                       policy.set_scratch_size(0, Kokkos::PerTeam(K::scratch_view::shmem_size(K::GROUPS * K::LANES))),
                       K{c, c_si, c_sj, partial, p, splits, alpha, beta});
}

}  // namespace kernels
}  // namespace kmm
