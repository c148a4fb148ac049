#pragma once
// batched_gemm's whole-matrix kernel on a GPU: a team per matrix copies
// op(A) and op(B) of its matrix whole into team scratch, each as the one
// span of memory it occupies (first element to last, gaps between its rows
// included), and computes all of C from there in one pass over k: a
// register tile of TM x TN elements per thread, or on the fp64 tensor
// cores a warp tile per warp (the row's micro-kernel:
// kernels/gpu_whole_compute.hpp).
//
// Why: the Blocked rows (gpu_batched_blocked.hpp) copy slices as 16-byte
// packs only where every matrix's rows start on a pack; for C of 17-63 whose
// rows are not a multiple of 4 floats (2 doubles) they copy each k-step
// element by element into a block padded to 32, 48 or 64 in m, n and k,
// and issue-bound, ran 0.64-0.78 of cuBLAS (perf-log: "Whole matrices in
// scratch"). A span copies as 16-byte packs whatever its rows' length:
// its scratch copy starts as many elements past a 16-byte boundary as the
// span does in memory, so both sides of every pack are aligned. And the
// loop runs k, not k rounded up to a k-step (the MMA form: to 4), over a
// thread (warp) grid of ceil(m / TM) x ceil(n / TN), not the block's.
//
// Where the two spans do not fit the scratch a team is offered (fp64 C of
// 51-64 a side: 48-64 KB, past Kokkos 3.4's 40 KB), the kernel goes in
// chunks of k (Chunks): per chunk, an operand whose unit stride is along
// m (n) is again one span (its columns p0 .. p0 + kc - 1), and one whose
// unit stride is along k is its rows' runs of kc elements, each copied as
// packs into a scratch row of its own that starts as many elements past a
// 16-byte boundary as the run does (the same for every chunk: kc is a
// multiple of the pack).
//
// Assumes (the dispatcher checks, whole_plan): op(A) and op(B), whole or
// chunk by chunk, fit the row's scratch, m and n at most MAX_SIDE, the
// team WholeCompute::threads(m, n) threads.
#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "kmm/detail/access.hpp"
#include "kmm/detail/pack.hpp"
#include "kmm/kernels/gpu_batched_blocked.hpp"
#include "kmm/kernels/gpu_whole_compute.hpp"

namespace kmm {
namespace kernels {

/// How many elements p lies past a 16-byte boundary (0 to 16 / sizeof(T) - 1):
/// where a span or run starting at p sits in its scratch copy's first pack.
template <class T>
KOKKOS_FORCEINLINE_FUNCTION int pack_shift(const T* p) {
  return int((reinterpret_cast<std::uintptr_t>(p) / sizeof(T)) % (16 / sizeof(T)));
}

/// Copies the span [src, src + len) of global memory into team scratch at
/// dst + shift, where shift is how many elements src lies past a 16-byte
/// boundary, and returns shift: from the span's first 16-byte boundary to
/// its last, 16-byte packs by cp.async; the elements before the first
/// boundary and after the last (at most 16 / sizeof(T) - 1 each) one copy
/// each. Reads nothing outside the span (a 16-byte copy of fewer source
/// bytes would read within its 16 bytes, and compute-sanitizer counts all
/// of them). dst: 16-byte aligned, room for whole_region(len) elements.
/// Thread `rank` of `threads` takes packs rank, rank + threads, ...;
/// complete once every thread has waited for its copies
/// (detail::wait_async_copies) and the team has met at a barrier.
template <class T>
KOKKOS_FORCEINLINE_FUNCTION int copy_span_async(int rank, int threads, const T* src, int len, T* dst) {
  constexpr int V = 16 / int(sizeof(T));
  const int shift = pack_shift(src);
  const int head = shift == 0 ? 0 : V - shift < len ? V - shift : len;  // elements before the first boundary
  const int packs = (len - head) / V, tail = len - head - packs * V;   // whole packs, elements after them
  if (rank < head) detail::copy_element_async(dst + shift + rank, src + rank);
  const int last = threads - 1 - rank;  // the tail from the team's last thread down
  if (last < tail) {
    const int e = head + packs * V + last;
    detail::copy_element_async(dst + shift + e, src + e);
  }
  const T* from = src + head;  // on a boundary
  T* to = dst + shift + head;  // dst or dst + V: on a boundary
  for (int p = rank; p < packs; p += threads) detail::copy_pack_async<T, V>(to + p * V, from + p * V);
  return shift;
}
/// Scratch elements copy_span_async needs for a span of len elements (a
/// multiple of a pack, so the next region starts on a boundary too).
template <class T>
KOKKOS_INLINE_FUNCTION constexpr int whole_region(int len) {
  constexpr int V = 16 / int(sizeof(T));
  return V + (len + V - 1) / V * V;
}

/// The runs of `len` elements at src + r * stride (r < rows), each into its
/// scratch row dst + r * pitch, shifted as copy_span_async shifts a span
/// (so the run's element e lies at dst + r * pitch + shift_r + e): its
/// 16-byte packs by cp.async, the elements of a pack the run only partly
/// covers one copy each. pitch: a multiple of the pack, at least slots
/// packs; slots: packs per run (len / V + 1 for every len the caller
/// copies). Thread `rank` of `threads` takes (run, pack) items rank, rank +
/// threads, ... in run-major order; complete as copy_span_async.
template <class T>
struct RunCopies {
  static constexpr int V = 16 / int(sizeof(T));
  int slots, r0, q0, dr, dq;  // this thread's first item, and the step, as (run, pack)
  KOKKOS_FORCEINLINE_FUNCTION RunCopies(int rank, int threads, int slots_)
      : slots(slots_), r0(rank / slots_), q0(rank % slots_), dr(threads / slots_), dq(threads % slots_) {}
  KOKKOS_FORCEINLINE_FUNCTION void copy(const T* src, int rows, int stride, int len, T* dst, int pitch) const {
    int r = r0, q = q0;
    while (r < rows) {
      const T* run = src + r * stride;
      const int e0 = q * V - pack_shift(run);  // run element at slot 0
      T* to = dst + r * pitch + q * V;
      if (e0 >= 0 && e0 + V <= len) {
        detail::copy_pack_async<T, V>(to, run + e0);
      } else {
        KMM_UNROLL
        for (int w = 0; w < V; ++w)
          if (e0 + w >= 0 && e0 + w < len) detail::copy_element_async(to + w, run + e0 + w);
      }
      q += dq;
      r += dr;
      if (q >= slots) {
        q -= slots;
        ++r;
      }
    }
  }
};

/// Row W (GpuRows::BatchWhole, BatchWholeMma) over the batch. Facts:
/// matrix 0's operand facts (every matrix has the same extents and strides;
/// matrix b starts b * sa (sb, sc) elements after matrix 0). AK (BK): op(A)'s
/// (op(B)'s) unit stride is along k, else along m (n) (whole_plan: one of
/// them is 1). Chunks: k in chunks of kc (see the top of this file), else
/// whole. Each thread computes its part of C as the row's micro-kernel says
/// (kernels/gpu_whole_compute.hpp).
template <class W, class ExecSpace, class Facts, bool AK, bool BK, bool Chunks = false>
struct GpuBatchedWhole {
  using T = typename Facts::T;
  using index_t = detail::index_t;
  using policy_type = Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<W::max_threads, W::min_blocks>>;
  using member_type = typename policy_type::member_type;
  using scratch_view = Kokkos::View<T*, typename ExecSpace::scratch_memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  using Compute = WholeCompute<W, T, AK, BK>;
  static constexpr int U = 4;                      // chunks of k: a multiple of U
  static constexpr int V = 16 / int(sizeof(T));  // elements of a pack

  Facts d;
  T alpha, beta;
  index_t sa, sb, sc, batch;
  int span_a, span_b;  // whole: elements from op(A)'s (op(B)'s) first element to its last
  int reg_a, reg_b;    // scratch elements of op(A)'s and op(B)'s regions (whole, or one chunk)
  int kc;              // Chunks: k per chunk (a multiple of U and V), else k

  // a span's region: the span, up to a pack before it (its offset from a
  // 16-byte boundary), and room for the micro-kernel's reads past its end
  KOKKOS_INLINE_FUNCTION static int region(int span) { return whole_region<T>(span + W::over_read); }
  // Chunks: the scratch row of a run of kc elements (a pack of room for its shift)
  KOKKOS_INLINE_FUNCTION static int pitch(int kc) { return (kc + V - 1) / V * V + V; }
  /// Chunks: an operand's region for a chunk of kc: `rows` runs along k
  /// (along_k), else the span of its columns along k, s_k apart.
  static int chunk_region(bool along_k, int rows, int s_k, int kc) {
    return along_k ? rows * pitch(kc) : region(rows + (kc - 1) * s_k);
  }
  KOKKOS_INLINE_FUNCTION int scratch_elements() const { return reg_a + reg_b + V; }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    scratch_view raw(team.team_scratch(0), scratch_elements());
    T* const a_base = detail::align_up<16>(raw.data());
    T* const b_base = a_base + reg_a;
    const int rank = team.team_rank(), threads = team.team_size();
    const int m = int(d.m), n = int(d.n), k = int(d.k);
    const int asi = int(d.a_si), asp = int(d.a_sp), bsp = int(d.b_sp), bsj = int(d.b_sj);
    Compute th(rank, m, n);
    for (index_t b = team.league_rank(); b < batch; b += team.league_size()) {
      const T* const a = d.a + b * sa;
      const T* const bm = d.b + b * sb;
      th.clear();
      if constexpr (!Chunks) {
        // scratch offsets from a span's first element
        const int sha = copy_span_async(rank, threads, a, span_a, a_base);
        const int shb = copy_span_async(rank, threads, bm, span_b, b_base);
        detail::wait_async_copies();
        detail::block_barrier(team);
        if (th.computes)
          th.accumulate([&](int i) { return a_base + sha + (AK ? i * asi : i); },
                        [&](int j) { return b_base + shb + (BK ? j * bsj : j); }, asp, bsp, k);
        detail::block_barrier(team);  // the next matrix's copies overwrite the scratch
      } else {
        // k-fast operands: where the runs lie past a 16-byte boundary (run
        // r of this matrix: (s + r * stride) % V, the same in every chunk)
        const int sa0 = pack_shift(a);
        const int sb0 = pack_shift(bm);
        for (int p0 = 0; p0 < k; p0 += kc) {
          const int kn = k - p0 < kc ? k - p0 : kc;
          int sha = 0, shb = 0;
          // (the runs' copy plans made here, not kept in registers across the chunk)
          if constexpr (AK) RunCopies<T>(rank, threads, kc / V + 1).copy(a + p0, m, asi, kn, a_base, pitch(kc));
          else sha = copy_span_async(rank, threads, a + p0 * asp, m + (kn - 1) * asp, a_base);
          if constexpr (BK) RunCopies<T>(rank, threads, kc / V + 1).copy(bm + p0, n, bsj, kn, b_base, pitch(kc));
          else shb = copy_span_async(rank, threads, bm + p0 * bsp, n + (kn - 1) * bsp, b_base);
          detail::wait_async_copies();
          detail::block_barrier(team);
          if (th.computes)
            th.accumulate(
                [&](int i) { return a_base + (AK ? i * pitch(kc) + ((sa0 + i * asi) & (V - 1)) : sha + i); },
                [&](int j) { return b_base + (BK ? j * pitch(kc) + ((sb0 + j * bsj) & (V - 1)) : shb + j); }, asp,
                bsp, kn);
          detail::block_barrier(team);  // the next chunk's copies overwrite the scratch
        }
      }
      if (th.computes) th.store(d.c + b * sc, d, alpha, beta);
    }
  }
};

/// Is op(A)'s (op(B)'s) unit stride along k? The direction the layout
/// fixes, where it does (one kernel; whole_fits checks its stride is 1,
/// which a dimension of extent 1 may not have), else this batch's (along
/// k where the stride along m (n) is not the unit one and along k is).
template <class Facts>
bool whole_a_k_fast(const Facts& d) { return Facts::A_FAST >= 0 ? Facts::A_FAST == 0 : !d.a_m && d.a_sp == 1; }
template <class Facts>
bool whole_b_k_fast(const Facts& d) { return Facts::B_FAST >= 0 ? Facts::B_FAST == 0 : !d.b_n && d.b_sp == 1; }

/// op(A)'s and op(B)'s spans (elements from the first to the last) under
/// matrix 0's facts.
template <class Facts>
detail::index_t span_a(const Facts& d) { return (d.m - 1) * d.a_si + (d.k - 1) * d.a_sp + 1; }
template <class Facts>
detail::index_t span_b(const Facts& d) { return (d.k - 1) * d.b_sp + (d.n - 1) * d.b_sj + 1; }

/// How row W takes a batch: not at all, whole (kc = k) or in chunks of kc.
struct WholePlan {
  bool fits = false;
  int kc = 0;
};

/// Does row W take this batch, and how: C of at most W::MAX_SIDE a side, k
/// of at most W::MAX_K; op(A) and op(B) each with a unit stride (the one
/// the layout fixes, where it does) and one span of at most twice its
/// elements; whole where both spans fit W::MAX_BYTES of scratch and what
/// the TeamPolicy offers a team (Kokkos' scratch_size_max(0)), else in the
/// fewest chunks of k that fit, if those are at least W::MIN_CHUNK deep
/// (each as deep as the others, to a multiple of 4).
template <class W, bool TA, bool TB, class ExecSpace, class A3, class B3, class C3>
WholePlan whole_plan(const A3& A, const B3& B, const C3& C) {
  using detail::index_t;
  const auto d = batched_operands<TA, TB>(A, B, C);
  using D = std::remove_const_t<decltype(d)>;
  using T = typename D::T;
  if (d.m > W::MAX_SIDE || d.n > W::MAX_SIDE || d.k > W::MAX_K || d.k < 1) return {};
  const bool ak = whole_a_k_fast(d), bk = whole_b_k_fast(d);
  if (!(ak ? d.a_sp == 1 : d.a_si == 1) || !(bk ? d.b_sp == 1 : d.b_sj == 1)) return {};
  const index_t la = span_a(d), lb = span_b(d);
  if (la > 2 * d.m * d.k || lb > 2 * d.k * d.n) return {};
  using K = GpuBatchedWhole<W, ExecSpace, typename D::Facts, true, true>;
  const index_t cap = std::min<index_t>(W::MAX_BYTES, Kokkos::TeamPolicy<ExecSpace>(1, 1).scratch_size_max(0));
  const auto fits = [&](index_t elements) { return elements * index_t(sizeof(T)) <= cap; };
  const int k = int(d.k);
  if (fits(index_t(K::region(int(la))) + K::region(int(lb)) + K::V)) return {true, k};
  const auto chunk = [&](int kc) {
    return index_t(K::chunk_region(ak, int(d.m), int(d.a_sp), kc)) + K::chunk_region(bk, int(d.n), int(d.b_sp), kc) + K::V;
  };
  int deepest = 0;
  for (int kc = K::U; kc < k && fits(chunk(kc)); kc += K::U) deepest = kc;
  if (deepest < W::MIN_CHUNK) return {};
  const int chunks = (k + deepest - 1) / deepest;
  return {true, ((k + chunks - 1) / chunks + K::U - 1) / K::U * K::U};
}

/// Does row W take this batch (whole or in chunks)?
template <class W, bool TA, bool TB, class ExecSpace, class A3, class B3, class C3>
bool whole_fits(const A3& A, const B3& B, const C3& C) {
  return whole_plan<W, TA, TB, ExecSpace>(A, B, C).fits;
}

/// Row W over every matrix of the batch as `plan` (whole_plan) says; a plan
/// of other chunks of k (a multiple of 4, each chunk fitting the scratch)
/// computes the same.
template <class W, bool TA, bool TB, class ExecSpace, class A3, class B3, class C3>
void gpu_batched_whole(const ExecSpace& space, const WholePlan& plan, typename C3::const_value_type alpha, const A3& A,
                       const B3& B, typename C3::const_value_type beta, const C3& C) {
  using detail::index_t;
  const auto d = batched_operands<TA, TB>(A, B, C);
  using D = std::remove_const_t<decltype(d)>;
  const index_t batch = C.extent(0);
  const auto launch = [&](auto ak, auto bk) {
    constexpr bool AK = decltype(ak)::value, BK = decltype(bk)::value;
    const auto run = [&](auto chunks) {
      using K = GpuBatchedWhole<W, ExecSpace, typename D::Facts, AK, BK, decltype(chunks)::value>;
      const int la = int(span_a(d)), lb = int(span_b(d)), kc = plan.kc;
      const int reg_a = chunks ? K::chunk_region(AK, int(d.m), int(d.a_sp), kc) : K::region(la);
      const int reg_b = chunks ? K::chunk_region(BK, int(d.n), int(d.b_sp), kc) : K::region(lb);
      const K f{d.facts(), alpha, beta, index_t(A.stride(0)), index_t(B.stride(0)), index_t(C.stride(0)), batch,
                la, lb, reg_a, reg_b, kc};
      typename K::policy_type policy(space, detail::league_for(batch), K::Compute::threads(int(d.m), int(d.n)));
      Kokkos::parallel_for(chunks ? "kmm::batched_gemm[Blocked, whole, chunks of k]" : "kmm::batched_gemm[Blocked, whole]",
                           policy.set_scratch_size(0, Kokkos::PerTeam(K::scratch_view::shmem_size(f.scratch_elements()))),
                           f);
    };
    if (plan.kc < d.k) run(std::true_type{});
    else run(std::false_type{});
  };
  // the unit-stride directions (whole_a_k_fast): the layout's where it fixes them (one kernel), else this batch's
  const auto with_b = [&](auto ak) {
    if constexpr (D::B_FAST >= 0) launch(ak, std::integral_constant<bool, D::B_FAST == 0>{});
    else if (whole_b_k_fast(d)) launch(ak, std::true_type{});
    else launch(ak, std::false_type{});
  };
  if constexpr (D::A_FAST >= 0) with_b(std::integral_constant<bool, D::A_FAST == 0>{});
  else if (whole_a_k_fast(d)) with_b(std::true_type{});
  else with_b(std::false_type{});
}

}  // namespace kernels
}  // namespace kmm
