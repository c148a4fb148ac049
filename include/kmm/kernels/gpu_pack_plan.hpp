#pragma once
// Pack staging of the GPU Blocked kernel (kernels/gpu_blocked.hpp): where each
// thread's packs (16 bytes; 8 at two floats) of one operand's BK x ROWS
// k-step slice lie in global memory and in the scratch stage, and the copies
// that move them.
// P is the row (kmm/blocked_row.hpp), T the value type, L the slice's scratch
// layout (gpu_scratch_layout.hpp). Also the element copies of AsyncAll rows
// (ElementCopies), for slices packs cannot take.
#include "kmm/blocked_row.hpp"
#include "kmm/detail/access.hpp"
#include "kmm/detail/pack.hpp"
#include "kmm/kernels/gpu_scratch_layout.hpp"

namespace kmm {
namespace kernels {

// This thread's packs of one operand's BK x ROWS slice (scratch layout L),
// located once per block: offsets from the slice's first element in
// global memory (32-bit: the launcher takes the pack path only where every
// offset in a slice fits, Operands::fits) and in its scratch stage. FAST: the unit-stride
// direction where the layout fixes it (static_rows_fast), else -1.
template <class P, class T, int ROWS, class L, int V, int FAST>
struct PackPlan {
  using index_t = detail::index_t;
  // Pack q of a BK x ROWS slice: its k offset and its first row (m for A, n
  // for B), packs running along the unit-stride direction, so consecutive
  // threads read consecutive packs: a warp covers whole rows of the slice in
  // memory. (Along k that costs 2-way bank conflicts in the transposed
  // stores of fp32; spreading a warp over twice the rows removed them but
  // measured slower: docs/perf-log.md.)
  KOKKOS_FORCEINLINE_FUNCTION static void pack_coords(int q, bool rows_fast, int& kk, int& r) {
    if (rows_fast) { kk = q / (ROWS / V); r = (q % (ROWS / V)) * V; }
    else { r = q / (P::BK / V); kk = (q % (P::BK / V)) * V; }
  }

  static constexpr int COUNT = P::BK * ROWS / V;                   // packs in a slice
  static constexpr int NP = (COUNT + P::team_size - 1) / P::team_size;  // per thread
  // Where the layout fixes the direction and the team covers whole lines of
  // packs (ROWS / V of them along the rows, BK / V along k), a thread's pack
  // u lies DK k and DR rows past its pack 0: one offset pair is the whole
  // plan, and no registers hold the others (they spilled at the register cap).
  static constexpr int LINE = FAST == 1 ? ROWS / V : P::BK / V;
  static constexpr int DK = FAST == 1 ? P::team_size / LINE : 0, DR = FAST == 0 ? P::team_size / LINE : 0;
  static constexpr bool AFFINE = FAST >= 0 && P::team_size % LINE == 0 && L::affine(DK, DR);
  // A k-major layout holds packs along k as they lie in memory (and only
  // operands whose layout fixes k as the unit stride get one).
  static_assert(!L::k_major || FAST == 0, "PackPlan: k-major scratch for operands contiguous along k only");
  static constexpr int N = AFFINE ? 1 : NP;
  int g[N], l[N];
  index_t s_row, s_k;

  KOKKOS_FORCEINLINE_FUNCTION PackPlan(int rank, bool rows_fast, index_t s_row_, index_t s_k_)
      : s_row(s_row_), s_k(s_k_) {
    KMM_UNROLL
    for (int u = 0; u < N; ++u) {
      int kk = 0, r = 0;
      const int q = rank + u * P::team_size;
      if (q < COUNT) pack_coords(q, rows_fast, kk, r);
      g[u] = int(r * s_row + kk * s_k);
      l[u] = L::at(kk, r);
    }
  }
  // Is pack u of this thread inside the slice? (Always, when the team's
  // packs divide evenly.)
  KOKKOS_FORCEINLINE_FUNCTION static bool owns(int rank, int u) {
    return COUNT % P::team_size == 0 || rank + u * P::team_size < COUNT;
  }
  // This thread's pack 0 from the slice's first element, and pack u from
  // pack 0 (affine plans), or 0 and pack u from the slice's first element:
  // fetch() and copy() take from = slice + origin(), which the pipeline
  // advances by BK along k per step.
  KOKKOS_FORCEINLINE_FUNCTION int origin() const {
    if constexpr (AFFINE) return g[0];
    else return 0;
  }
  KOKKOS_FORCEINLINE_FUNCTION int rel(int u) const {
    if constexpr (AFFINE) return u * int(DR * s_row + DK * s_k);
    else return g[u];
  }
  KOKKOS_FORCEINLINE_FUNCTION int local(int u) const {
    if constexpr (AFFINE) return l[0] + u * L::shift(DK, DR);
    else return l[u];
  }
  // Calls f(u, r) for each pack u this thread owns, r the pack's first row
  // in the slice (unread, and compiled away, where f does not need it).
  template <class F>
  KOKKOS_FORCEINLINE_FUNCTION static void each_pack(int rank, bool rows_fast, const F& f) {
    KMM_UNROLL
    for (int u = 0; u < NP; ++u) {
      if (!owns(rank, u)) continue;
      int kk = 0, r = 0;
      pack_coords(rank + u * P::team_size, rows_fast, kk, r);
      f(u, r);
    }
  }
  // Global -> registers, one load per pack (from: see origin()).
  KOKKOS_FORCEINLINE_FUNCTION void fetch(int rank, const T* from, T* reg) const {
    each_pack(rank, true, [&](int u, int) { detail::load_global_pack<T, V>(from + rel(u), reg + u * V); });
  }
  // Global -> scratch without registers (packs that land as they lie in
  // memory: along the rows of KRows, along k of KColumns).
  KOKKOS_FORCEINLINE_FUNCTION void copy(int rank, const T* from, T* dst) const {
    each_pack(rank, true, [&](int u, int) { detail::copy_pack_async<T, V>(dst + local(u), from + rel(u)); });
  }
  // copy() for a block at the matrix's edge, `rows` of the slice's rows
  // inside it: packs past them are zeros and a pack along the rows that
  // straddles the edge copies the elements inside (reading nothing outside
  // the matrix; `inside` is any element of it). Whole k-steps only.
  KOKKOS_FORCEINLINE_FUNCTION void copy_edge(int rank, const T* from, T* dst, bool rows_fast, int rows,
                                             const T* inside) const {
    each_pack(rank, rows_fast, [&](int u, int r) {
      const int left = rows - r;  // rows of the pack inside (along the rows: V when all are)
      const int bytes = left <= 0 ? 0 : (!rows_fast || left >= V ? V : left) * int(sizeof(T));
      detail::copy_pack_async_or_zero<T, V>(dst + local(u), bytes > 0 ? from + rel(u) : inside, bytes);
    });
  }
  // copy() and copy_edge() for an operand whose packs do not align (its
  // leading dimension or data pointer off the pack's alignment): the
  // elements of the packs, to the same scratch places. Where G consecutive
  // threads own G consecutive packs of one k-row (affine plans along the
  // rows: G = 32, or a line of fewer packs), copy w of those threads moves
  // elements g + G w of their G V-element run (g = rank % G), so that each
  // copy instruction reads and writes contiguous memory (the packs' own
  // elements, w of every pack per copy, touch V times the span; perf-log
  // "Split packs"); else each pack's elements (packs along k: consecutive in memory and,
  // KColumns' pairs being whole, in scratch).
  static constexpr int G = FAST == 1 && AFFINE ? (LINE % 32 == 0 ? 32 : 32 % LINE == 0 ? LINE : 1) : 1;
  KOKKOS_FORCEINLINE_FUNCTION static int split_shift(int rank, int w) { return (rank % G) * (1 - V) + G * w; }
  KOKKOS_FORCEINLINE_FUNCTION void copy_split(int rank, const T* from, T* dst) const {
    each_pack(rank, true, [&](int u, int) {
      KMM_UNROLL
      for (int w = 0; w < V; ++w)
        detail::copy_element_async(dst + local(u) + split_shift(rank, w), from + rel(u) + split_shift(rank, w));
    });
  }
  KOKKOS_FORCEINLINE_FUNCTION void copy_edge_split(int rank, const T* from, T* dst, bool rows_fast, int rows,
                                                   const T* inside) const {
    each_pack(rank, rows_fast, [&](int u, int r) {
      KMM_UNROLL
      for (int w = 0; w < V; ++w) {
        const int e = split_shift(rank, w);
        const bool in = (rows_fast ? r + e : r) < rows;
        detail::copy_element_async_or_zero(dst + local(u) + e, from + rel(u) + e, in, inside);
      }
    });
  }
  // One k-step of this thread's packs: by cp.async into the stage dst
  // (Async: copy, or at C's edge copy_edge; their split forms where the
  // kernel has them, Split, and the launcher found the packs unaligned,
  // split), else into registers (fetch; deposit stores them).
  template <bool Async, bool Edge, bool Split>
  KOKKOS_FORCEINLINE_FUNCTION void copy_step(int rank, const T* from, T* dst, T* reg, bool split, bool rows_fast,
                                             int rows, const T* inside) const {
    if constexpr (Async && Edge) {
      if (Split && split) copy_edge_split(rank, from, dst, rows_fast, rows, inside);
      else copy_edge(rank, from, dst, rows_fast, rows, inside);
    } else if constexpr (Async) {
      if (Split && split) copy_split(rank, from, dst);
      else copy(rank, from, dst);
    } else {
      fetch(rank, from, reg);
    }
  }
  // Registers -> scratch: one store per pack when it lands as it
  // lies (see copy()), else V stores down k (packs along k into KRows).
  KOKKOS_FORCEINLINE_FUNCTION void deposit(int rank, T* dst, bool rows_fast, const T* reg) const {
    each_pack(rank, true, [&](int u, int) {
      if (L::k_major || rows_fast) {
        detail::store_pack<T, V>(dst + local(u), reg + u * V);
      } else {
        KMM_UNROLL
        for (int w = 0; w < V; ++w) detail::store_scratch(dst + local(u) + L::shift(w, 0), reg[u * V + w]);
      }
    });
  }
};

/// Element staging by cp.async, for rows whose staging is AsyncAll: the
/// slices packs cannot take (edge blocks, a last partial k-step, operands
/// not aligned for packs) one element per copy, walking the operand's
/// unit-stride direction so that a warp reads contiguous memory, and
/// elements outside the matrix written as zeros by the same copy (no
/// registers, no branch around the copy). Thread `rank` copies N elements
/// of the BK x ROWS slice: along the rows, (kk0 + u DK, r0); along k, (kk0,
/// r0 + u DR). FITS: the team covers whole lines of the slice that way (else
/// the row stages its edges through registers). L: the scratch layout (a
/// k-major one only for operands contiguous along k: the walk along k).
template <class P, class T, int ROWS, class L>
struct ElementCopies {
  using index_t = detail::index_t;
  static constexpr int TEAM = P::team_size, BK = P::BK;
  static constexpr int DK = TEAM % ROWS == 0 ? TEAM / ROWS : 1, DR = TEAM % BK == 0 ? TEAM / BK : 1;
  static constexpr bool FITS =
      TEAM % ROWS == 0 && TEAM % BK == 0 && (BK * ROWS) % TEAM == 0 && L::affine(0, DR);
  static constexpr int N = FITS ? BK * ROWS / TEAM : 1;
  bool rows_fast;
  int kk0, r0;
  index_t first, step;  // global offsets: element 0 from the slice's corner, element u + 1 from u

  KOKKOS_FORCEINLINE_FUNCTION ElementCopies(int rank, bool rows_fast_, index_t s_row, index_t s_k)
      : rows_fast(!L::k_major && rows_fast_), kk0(rows_fast ? rank / ROWS : rank % BK),
        r0(rows_fast ? rank % ROWS : rank / BK), first(r0 * s_row + kk0 * s_k), step(rows_fast ? DK * s_k : DR * s_row) {}

  /// corner: the slice's element (row 0, k 0), inside the matrix (a
  /// readable address for the copies outside it); rows, ks: how many of the
  /// slice's rows and k lie inside the matrix (either may exceed the slice).
  KOKKOS_FORCEINLINE_FUNCTION void copy(const T* corner, T* dst, index_t rows, index_t ks) const {
    const T* src = corner + first;
    if (!L::k_major && rows_fast) {
      const bool row_in = r0 < rows;
      KMM_UNROLL
      for (int u = 0; u < N; ++u) {
        const bool in = row_in && kk0 + u * DK < ks;
        detail::copy_element_async_or_zero(dst + L::at(kk0 + u * DK, r0), src, in, corner);
        src += step;
      }
    } else {
      const bool k_in = kk0 < ks;
      KMM_UNROLL
      for (int u = 0; u < N; ++u) {
        const bool in = k_in && r0 + u * DR < rows;
        detail::copy_element_async_or_zero(dst + L::at(kk0, r0) + u * L::shift(0, DR), src, in, corner);
        src += step;
      }
    }
  }
};

}  // namespace kernels
}  // namespace kmm
