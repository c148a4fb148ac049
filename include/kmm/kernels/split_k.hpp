#pragma once
// Split-k's second half. Where C has too few blocks to fill the GPU, the
// Blocked kernel (gpu_blocked.hpp, Split) runs `splits` teams per block of C,
// each over its own range of k-steps, and writes its raw partial product to
// a workspace (detail/workspace.hpp); a second kernel then forms
//   C(i, j) = alpha * (P_0(i, j) + P_1(i, j) + ... + P_{S-1}(i, j)) + beta * C(i, j)
// with the partials added in a fixed order, so a call gives the same bits on
// every run (no atomics into C). Two forms (reduce_by_packs picks):
// - the pack form: a thread per 16-byte pack of C (or per element where C
//   and the partials do not take packs), in teams of kReducePackBlock
//   threads, adding the partials in split order, kReduceChunk reads issued
//   before they are added. Where S is at most kReduceChunk, or where C has
//   kReducePackMinPerSM packs per multiprocessor (split products of tall or
//   wide C: from 16,896 packs on 132 multiprocessors, 9-40 splits).
// - the grouped form, for many splits of a small C (Gram products of tall
//   panels: hundreds of splits of one or a few blocks, so C has a few
//   thousand elements, too few threads for the pack form): a team of 8 to
//   32 warps per 32 elements, warp g of G adding partials g, g + G, ... in
//   order, then warp 0 the G sums in order, so the S reads of an element run
//   G at a time instead of one thread chaining them all.
//   On C of tens of thousands of elements its scalar reads and barriers
//   cost the split product a fifth to a third of its time (perf-log: "The
//   pack form for many splits").
// The partials are laid out along C's unit-stride direction (PartialLayout)
// and both forms walk that direction across a warp, so every read and write
// is coalesced.
#include <cstdint>

#include "kmm/detail/access.hpp"
#include "kmm/detail/pack.hpp"

namespace kmm {
namespace kernels {

/// Partial reads a thread of the pack form issues before it adds them.
constexpr int kReduceChunk = 8;
/// The pack form's team size (launch_reduce_by_packs).
constexpr int kReducePackBlock = 256;
/// The pack form takes more than kReduceChunk splits where it has this
/// many threads per multiprocessor: its loads in flight then read the
/// partials faster than the grouped form's teams (half a team: fp32 100 x
/// 800 x 2048, 20,000 packs, 1.20 as fast, eight products of 20-32 thousand
/// packs 1.08-1.28; 9-12 thousand, 0.94: perf-log "The pack form for split
/// products of 8,448-33,791 packs").
constexpr int kReducePackMinPerSM = 128;
/// The pack form's width: 16 bytes of T.
template <class T>
constexpr int reduce_pack() { return 16 / int(sizeof(T)) > 1 ? 16 / int(sizeof(T)) : 1; }
/// Does the pack form reduce `splits` partials with `threads` threads (one
/// per pack of C, or per element) on `multiprocessors`? Else the grouped one.
inline bool reduce_by_packs(int splits, detail::index_t threads, int multiprocessors) {
  return splits <= kReduceChunk || threads >= detail::index_t(multiprocessors) * kReducePackMinPerSM;
}

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
/// way and C and the partials start each run on a pack, else 1), the
/// partials in chunks of kReduceChunk: a chunk's reads, then its adds.
template <class T, int W>
struct ReduceByPacks {
  T* c;  // C(i, j) is c[i * c_si + j * c_sj]
  detail::index_t c_si, c_sj;
  const T* partial;
  PartialLayout p;
  int splits;
  T alpha, beta;

  // sum (+)= partials s0 ... s0 + kReduceChunk - 1 (those below splits) at q,
  // in order; First: sum starts as partial s0.
  template <bool First>
  KOKKOS_FORCEINLINE_FUNCTION void add_chunk(const T* q, int s0, T (&sum)[W]) const {
    T x[kReduceChunk][W];
    KMM_UNROLL
    for (int s = 0; s < kReduceChunk; ++s)
      if (s0 + s < splits) detail::load_global_pack<T, W>(q + (s0 + s) * p.size(), x[s]);
    if constexpr (First) {
      KMM_UNROLL
      for (int w = 0; w < W; ++w) sum[w] = x[0][w];
    }
    KMM_UNROLL
    for (int s = First ? 1 : 0; s < kReduceChunk; ++s)
      KMM_UNROLL
      for (int w = 0; w < W; ++w)
        if (s0 + s < splits) sum[w] += x[s][w];
  }

  KOKKOS_INLINE_FUNCTION void operator()(const detail::index_t e) const {
    const detail::index_t runs = (p.rows_fast() ? p.m : p.n) / W;  // packs per column (row) of C
    const detail::index_t f = (e % runs) * W, o = e / runs;
    const detail::index_t i = p.rows_fast() ? f : o, j = p.rows_fast() ? o : f;
    const T* q = partial + i * p.si + j * p.sj;
    T sum[W];
    add_chunk<true>(q, 0, sum);
    for (int s0 = kReduceChunk; s0 < splits; s0 += kReduceChunk) add_chunk<false>(q, s0, sum);
    if constexpr (W == 1) detail::update_element(c + i * c_si + j * c_sj, alpha, sum[0], beta);
    else detail::update_c_pack(c + i * c_si + j * c_sj, sum, alpha, beta);
  }
};

/// The grouped form: team t forms C's elements 32 t ... 32 t + 31 along the
/// partials' unit stride, warp g of `groups` adding partials g, g + groups,
/// ... (an element per lane; kReduceChunk reads issued before they are
/// added, in order), then warp 0 the groups' sums in order. MIN_GROUPS
/// warps, up to MAX_GROUPS (a team of 1024 threads where Kokkos allows it)
/// where the splits are many, so each warp chains few reads: Gram products'
/// C of a few thousand elements fills fewer teams than the GPU has
/// multiprocessors.
template <class ExecSpace, class T>
struct ReduceManyPartials {
  using policy_type = Kokkos::TeamPolicy<ExecSpace>;
  using scratch_view = Kokkos::View<T*, typename ExecSpace::scratch_memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  static constexpr int LANES = 32, MIN_GROUPS = 8, MAX_GROUPS = 32;
  T* c;  // C(i, j) is c[i * c_si + j * c_sj]
  detail::index_t c_si, c_sj;
  const T* partial;
  PartialLayout p;
  int splits, groups;
  T alpha, beta;

  KOKKOS_INLINE_FUNCTION void operator()(const typename policy_type::member_type& team) const {
    scratch_view sums(team.team_scratch(0), MAX_GROUPS * LANES);
    const int rank = team.team_rank(), lane = rank % LANES, g = rank / LANES;
    const detail::index_t runs = (p.size() + LANES - 1) / LANES;
    for (detail::index_t t = team.league_rank(); t < runs; t += team.league_size()) {
      const detail::index_t e = t * LANES + lane;  // along the partials' unit stride
      const detail::index_t i = p.rows_fast() ? e % p.m : e / p.n, j = p.rows_fast() ? e / p.m : e % p.n;
      const T* q = partial + i * p.si + j * p.sj;
      if (e < p.size() && g < splits) {
        T sum = q[g * p.size()];
        for (int s0 = g + groups; s0 < splits; s0 += kReduceChunk * groups) {
          T x[kReduceChunk];
          KMM_UNROLL
          for (int u = 0; u < kReduceChunk; ++u)
            if (s0 + u * groups < splits) x[u] = q[(s0 + u * groups) * p.size()];
          KMM_UNROLL
          for (int u = 0; u < kReduceChunk; ++u)
            if (s0 + u * groups < splits) sum += x[u];
        }
        sums(g * LANES + lane) = sum;
      }
      team.team_barrier();
      if (e < p.size() && g == 0) {
        T sum = sums(lane);
        for (int h = 1; h < groups && h < splits; ++h) sum += sums(h * LANES + lane);
        detail::update_element(c + i * c_si + j * c_sj, alpha, sum, beta);
      }
      team.team_barrier();  // sums read before the next run writes them
    }
  }
};

/// The pack form's launch: teams of kReducePackBlock threads (fewer where
/// Kokkos gives the functor fewer), thread r of team t forming the pack
/// t * team + r (the league loops where C has more packs than 2^30 teams
/// cover). A TeamPolicy, not a RangePolicy: Kokkos picks a RangePolicy's
/// block size by an occupancy search that gave ReduceByPacks<double, 2>
/// blocks of 32 threads (on the H200 16000 x 64 x 3000 opA = T's
/// reduction ran in 12.5 us so, 9.7 us in teams: perf-log "The pack form of
/// the split-k reduction in teams of 256 threads").
template <class ExecSpace, class F>
struct ReducePacksInTeams {
  using policy_type = Kokkos::TeamPolicy<ExecSpace>;
  F f;
  detail::index_t packs;
  KOKKOS_INLINE_FUNCTION void operator()(const typename policy_type::member_type& team) const {
    const detail::index_t size = team.team_size(), stride = detail::index_t(team.league_size()) * size;
    for (detail::index_t e = detail::index_t(team.league_rank()) * size + team.team_rank(); e < packs; e += stride)
      f(e);
  }
};
template <class ExecSpace, class F>
void launch_reduce_by_packs(const ExecSpace& space, const F& f, detail::index_t packs) {
  using K = ReducePacksInTeams<ExecSpace, F>;
  const K g{f, packs};
  // (asked once per functor type, as the grouped form's)
  static const int most = typename K::policy_type(space, 1, 1).team_size_max(g, Kokkos::ParallelForTag());
  const int team = most < kReducePackBlock ? most : kReducePackBlock;
  Kokkos::parallel_for("kmm::gemm[split-k reduce]",
                       typename K::policy_type(space, detail::league_for((packs + team - 1) / team), team), g);
}

/// The pack form of C = alpha * (sum of the `splits` partials) + beta * C
/// (ReduceByPacks), 16-byte packs where c_packs (below), else elements.
template <class ExecSpace, class T>
void reduce_partials_by_packs(const ExecSpace& space, int splits, const T* partial, const PartialLayout& p, T alpha,
                              T beta, T* c, detail::index_t c_si, detail::index_t c_sj, bool c_packs) {
  constexpr int V = reduce_pack<T>();
  if (V > 1 && c_packs)
    launch_reduce_by_packs(space, ReduceByPacks<T, V>{c, c_si, c_sj, partial, p, splits, alpha, beta}, p.size() / V);
  else
    launch_reduce_by_packs(space, ReduceByPacks<T, 1>{c, c_si, c_sj, partial, p, splits, alpha, beta}, p.size());
}
/// The grouped form of the same (ReduceManyPartials).
template <class ExecSpace, class T>
void reduce_partials_grouped(const ExecSpace& space, int splits, const T* partial, const PartialLayout& p, T alpha,
                             T beta, T* c, detail::index_t c_si, detail::index_t c_sj) {
  using K = ReduceManyPartials<ExecSpace, T>;
  const std::size_t bytes = K::scratch_view::shmem_size(K::MAX_GROUPS * K::LANES);
  const int league = detail::league_for((p.size() + K::LANES - 1) / K::LANES);
  K f{c, c_si, c_sj, partial, p, splits, 1, alpha, beta};
  // MIN_GROUPS warps, more (powers of two, up to MAX_GROUPS and what Kokkos
  // gives this functor's team) while each still adds at least kReduceChunk
  // partials: wider teams idle where the splits are few (fp32 100 x 800 x
  // 2048's C of 80,000 elements: 0.55 as fast on teams of 32 warps).
  // (asked once per value type: Kokkos' occupancy search runs on the host at
  // every call; the answer assumes every device of the process alike)
  static const int most = typename K::policy_type(space, league, 1)
                              .set_scratch_size(0, Kokkos::PerTeam(bytes))
                              .team_size_max(f, Kokkos::ParallelForTag()) / K::LANES;
  f.groups = K::MIN_GROUPS < most ? K::MIN_GROUPS : most > 1 ? most : 1;
  while (f.groups * 2 <= most && f.groups * 2 <= K::MAX_GROUPS && f.groups * 2 * kReduceChunk <= splits) f.groups *= 2;
  typename K::policy_type policy(space, league, K::LANES * f.groups);
  Kokkos::parallel_for("kmm::gemm[split-k reduce]", policy.set_scratch_size(0, Kokkos::PerTeam(bytes)), f);
}

/// C = alpha * (sum of the `splits` partials, in the order above) + beta * C,
/// C(i, j) at c[i * c_si + j * c_sj] (no View type: one reduction per value
/// type), in the form reduce_by_packs picks for a device of
/// `multiprocessors`.
/// c_packs: C takes packs of reduce_pack<T>() elements along the partials'
/// unit stride (its unit stride runs that way, its extent there and its
/// other stride are multiples of the pack, its data 16-byte aligned; the
/// partials, one allocation of m * n each, then are too); the caller knows C's
/// strides (OperandFacts::packable).
template <class ExecSpace, class T>
void reduce_partials(const ExecSpace& space, int splits, const T* partial, const PartialLayout& p, T alpha, T beta,
                     T* c, detail::index_t c_si, detail::index_t c_sj, bool c_packs, int multiprocessors) {
  constexpr int V = reduce_pack<T>();
  const detail::index_t threads = V > 1 && c_packs ? p.size() / V : p.size();
  if (reduce_by_packs(splits, threads, multiprocessors))
    reduce_partials_by_packs(space, splits, partial, p, alpha, beta, c, c_si, c_sj, c_packs);
  else
    reduce_partials_grouped(space, splits, partial, p, alpha, beta, c, c_si, c_sj);
}

}  // namespace kernels
}  // namespace kmm
