#pragma once
// Rung 3, Blocked: register blocking on top of Tiled.
//
// A team computes a BM x BN block of C. Each k-step stages a BK-deep slice of
// op(A) (stored transposed, As[k][m]) and of op(B) (Bs[k][n]) in team
// scratch; each thread then accumulates TM x TN register micro-tiles from
// fragments read out of scratch as aligned packs of VM / VN values (one
// LDS.128 per pack on a GPU). What it adds over Tiled: every scratch value a
// thread reads feeds TM or TN FMAs instead of one, so the kernel stops being
// bound by shared-memory bandwidth.
//
// One source for every backend; Params (from TileTable) decide the rest:
// - GPU: one thread per micro-tile; fragments strided (VM-wide packs TX*VM
//   apart) so a warp's LDS.128s cover contiguous banks; rows padded by PAD so
//   staging stores are conflict-free; two scratch stages with a register
//   prefetch of the next k-step, so global loads overlap the FMAs.
// (Host backends take kernels/host_blocked.hpp: BLIS' loops compiled into libkmm.)
// - GPU staging: slices inside the matrices travel as 16-byte packs (LDG.128,
//   then STS.128 or a transposed STS per element) when the host finds the
//   operands aligned; with Params::async (1), packs along m or n go global
//   -> scratch by cp.async instead, without registers, and with Async 2 the
//   operand contiguous along k too, element by element. C is written back
//   as 16-byte packs likewise.
// Edges: out-of-range elements are staged as zeros; only in-range C is written.
// Measured (docs/perf-log.md; kmm-bench, every row timed at the board's
// 700 W power cap): H100, GPU run 32, fp32 0.91-0.97 of cuBLAS at n =
// 4096-16384 and 0.90-1.04 at 1024-2048 with 128x64x16 / 8x8 on 128
// threads, four per SM, Async 2, the WholeTiles kernel and blocks taken 8
// block rows at a time (row by row, run 31: 0.88 at 16384, the clock under
// the cap 3 % lower; 0.81 with 128x128x16 and both paths in one kernel,
// run 20); 0.77 at n = 4000 with 64x128x16 / 4x8 (edges); fp64 20-21
// TFLOP/s with 128x64x8 / 8x8 (0.45-0.49 of cuBLAS' tensor-core DGEMM;
// 21-22 on an H200, run 30).
#include <limits>
#include <type_traits>

#include "kmm/detail/access.hpp"
#include "kmm/detail/pack.hpp"

namespace kmm {

/// Parameters of the Blocked kernel (rows of TileTable).
template <int BM_, int BN_, int BK_, int TM_, int TN_, int VM_, int VN_, int PAD_, bool ThreadPerMicroTile_,
          int Stages_, int MaxThreads_, int MinBlocks_, int SimdBytes_ = 0, int Async_ = 0, int Group_ = 1>
struct BlockedParams {
  static constexpr int BM = BM_, BN = BN_, BK = BK_;  // block tile of C, k-step
  static constexpr int TM = TM_, TN = TN_;            // register micro-tile
  static constexpr int VM = VM_, VN = VN_;            // pack widths of the fragment reads
  static constexpr int PAD = PAD_;                    // scratch row padding (elements)
  static constexpr int TX = BM / TM, TY = BN / TN;    // micro-tiles per block
  static constexpr bool thread_per_micro_tile = ThreadPerMicroTile_;
  static constexpr int team_size = ThreadPerMicroTile_ ? TX * TY : 1;
  static constexpr int stages = Stages_;  // 2: register prefetch + double buffer; 1: stage then compute
  static constexpr int max_threads = MaxThreads_, min_blocks = MinBlocks_;  // launch bounds
  static_assert(SimdBytes_ == 0, "host rows are gone: host backends use libkmm's frame (kmm/host_kernel.hpp)");
  // staging without registers (cp.async): 1, packs of m- or n-contiguous
  // operands; 2, also k-contiguous operands, element by element
  static constexpr bool async = Async_ >= 1, async_k = Async_ >= 2;
  // GPU rows: the order of the blocks, Group_ block rows at a time, down the
  // columns of each group (1: row by row), so the blocks resident together
  // share fewer, wider panels of op(A) and op(B) in L2
  static constexpr int group = Group_;
  static_assert(BM % TM == 0 && BN % TN == 0, "micro-tiles must tile the block");
  static_assert(TM % VM == 0 && TN % VN == 0, "packs must tile the micro-tile");
  static_assert((BM + PAD) % VM == 0 && (BN + PAD) % VN == 0, "padded rows must keep packs aligned");
  static_assert(Stages_ == 1 || Stages_ == 2, "one or two scratch stages");
  static_assert(Async_ >= 0 && Async_ <= 2, "Async: 0, 1 or 2");
  static_assert(Group_ >= 1, "Group: at least one block row");
  static_assert(!Async_ || (ThreadPerMicroTile_ && Stages_ == 2), "asynchronous staging is a two-stage GPU pipeline");
};

namespace kernels {

// WholeTiles: the host found every block interior, k a multiple of BK and
// both operands fit for packs, so the kernel is the pack pipeline alone.
// (With the element path beside it, the fp32 128 x 128 row spilled 112 bytes
// at its 128-register cap; alone, nothing: ptxas -v, docs/perf-log.md.)
template <class P, bool TA, bool TB, class ExecSpace, class AView, class BView, class CView, bool WholeTiles = false>
struct Blocked {
  using T = typename CView::non_const_value_type;
  using index_t = detail::index_t;
  using policy_type = Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<P::max_threads, P::min_blocks>>;
  using member_type = typename policy_type::member_type;
  using scratch_view = Kokkos::View<T*, typename ExecSpace::scratch_memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

  static constexpr int LDA = P::BM + P::PAD, LDB = P::BN + P::PAD;  // scratch row lengths
  static constexpr int STAGE = P::BK * (LDA + LDB);                 // elements per stage
  static constexpr int ALIGN_A = detail::pack_align(int(sizeof(T)) * P::VM);
  static constexpr int ALIGN_B = detail::pack_align(int(sizeof(T)) * P::VN);
  static constexpr int ALIGN = ALIGN_A > ALIGN_B ? ALIGN_A : ALIGN_B;  // of the scratch base
  // elements each thread stages per k-step
  static constexpr int A_PER_THREAD = (P::BK * P::BM + P::team_size - 1) / P::team_size;
  static constexpr int B_PER_THREAD = (P::BK * P::BN + P::team_size - 1) / P::team_size;
  // Vector staging (GPU rows): a slice is read as packs of VM (A) or VN (B)
  // consecutive elements along the operand's unit-stride direction, one
  // 16-byte LDG per pack, and written to scratch as one STS.128 (unit stride
  // along m or n) or transposed, one STS per element (unit stride along k).
  // Used for slices inside the matrices when the host finds the operand
  // aligned (see blocked()); edge slices take the element path.
  static constexpr bool VEC_A = P::thread_per_micro_tile && P::BK % P::VM == 0;
  static constexpr bool VEC_B = P::thread_per_micro_tile && P::BK % P::VN == 0;
  // The unit-stride direction of op(A) / op(B) where the View's layout fixes
  // it: 1 along m (n), 0 along k, -1 only known at run time (LayoutStride).
  template <class View, bool RowsAreDim0>
  static constexpr int static_rows_fast() {
    using L = typename View::array_layout;
    if constexpr (std::is_same<L, Kokkos::LayoutLeft>::value) return RowsAreDim0 ? 1 : 0;
    else if constexpr (std::is_same<L, Kokkos::LayoutRight>::value) return RowsAreDim0 ? 0 : 1;
    else return -1;
  }
  static constexpr int A_FAST = static_rows_fast<AView, !TA>();  // op(A)(i, p): i is dimension 0 unless TA
  static constexpr int B_FAST = static_rows_fast<BView, TB>();   // op(B)(p, j): j is dimension 0 when TB
  // Packs along m (n) land in scratch as they lie in memory, so with
  // P::async they are copied global -> scratch directly (cp.async), without
  // the registers of the prefetch; packs along k are transposed and keep it.
  static constexpr bool ASYNC_A = P::async && A_FAST == 1, ASYNC_B = P::async && B_FAST == 1;
  // With P::async_k, an operand contiguous along k goes by cp.async too, one
  // element per copy (a pack along k would land transposed): thread r copies
  // element (r % BK, r / BK + u * team_size / BK) of the slice, so a warp
  // reads whole k-runs of 32 / BK rows (m or n) and writes 32 distinct banks
  // for BK = 8, 16 of them twice for BK = 16.
  template <int ROWS>
  static constexpr bool elements_fit() { return P::team_size % P::BK == 0 && (P::BK * ROWS) % P::team_size == 0; }
  static constexpr bool ASYNC_KA = P::async_k && A_FAST == 0 && elements_fit<P::BM>();
  static constexpr bool ASYNC_KB = P::async_k && B_FAST == 0 && elements_fit<P::BN>();

  AView A;
  BView B;
  CView C;
  T alpha, beta;
  index_t m, n, k;
  index_t blocks_n, blocks;
  bool a_m_contiguous;  // op(A)(i, p): is i the unit-stride direction in memory?
  bool b_n_contiguous;  // op(B)(p, j): is j the unit-stride direction in memory?
  index_t a_si, a_sp;   // strides of op(A)(i, p) in i and in p
  index_t b_sp, b_sj;   // strides of op(B)(p, j) in p and in j
  index_t c_si, c_sj;   // strides of C(i, j)
  bool a_vec, b_vec;    // vector staging allowed (unit stride, aligned, leading dimension a multiple of the pack)
  bool c_vec_m, c_vec_n;  // vector write-back of VM rows (C unit stride in i) or VN columns (unit stride in j)

  // Stages live in shared memory (scratch level 0).
  static constexpr int SCRATCH_LEVEL = 0;

  static std::size_t scratch_bytes() { return scratch_view::shmem_size(P::stages * STAGE + ALIGN / sizeof(T)); }

  // Coordinates of the e-th staged element of a (rows x cols) slice, walking
  // the memory-contiguous direction fastest.
  KOKKOS_FORCEINLINE_FUNCTION static void coords(int e, int kdim, int other, bool other_fast, int& kk, int& o) {
    if (other_fast) { kk = e / other; o = e % other; }
    else { kk = e % kdim; o = e / kdim; }
  }

  KOKKOS_FORCEINLINE_FUNCTION T load_a(index_t i, index_t p) const {
    return (i < m && p < k) ? detail::op_at<TA>(A, i, p) : T(0);
  }
  KOKKOS_FORCEINLINE_FUNCTION T load_b(index_t p, index_t j) const {
    return (p < k && j < n) ? detail::op_at<TB>(B, p, j) : T(0);
  }

  // Global -> registers, element by element with bounds checks (edge slices,
  // unaligned or strided operands): the share of this thread of the k-step at p0.
  KOKKOS_FORCEINLINE_FUNCTION void fetch_elements(int rank, index_t i0, index_t j0, index_t p0, T* ra, T* rb) const {
    KMM_UNROLL
    for (int q = 0; q < A_PER_THREAD; ++q) {
      const int e = rank + q * P::team_size;
      int kk, mm;
      coords(e, P::BK, P::BM, a_m_contiguous, kk, mm);
      ra[q] = e < P::BK * P::BM ? load_a(i0 + mm, p0 + kk) : T(0);
    }
    KMM_UNROLL
    for (int q = 0; q < B_PER_THREAD; ++q) {
      const int e = rank + q * P::team_size;
      int kk, nn;
      coords(e, P::BK, P::BN, b_n_contiguous, kk, nn);
      rb[q] = e < P::BK * P::BN ? load_b(p0 + kk, j0 + nn) : T(0);
    }
  }
  // Registers -> scratch stage, the element layout of fetch_elements.
  KOKKOS_FORCEINLINE_FUNCTION void deposit_elements(int rank, T* As, T* Bs, const T* ra, const T* rb) const {
    KMM_UNROLL
    for (int q = 0; q < A_PER_THREAD; ++q) {
      const int e = rank + q * P::team_size;
      int kk, mm;
      coords(e, P::BK, P::BM, a_m_contiguous, kk, mm);
      if (e < P::BK * P::BM) detail::store_scratch(As + kk * LDA + mm, ra[q]);
    }
    KMM_UNROLL
    for (int q = 0; q < B_PER_THREAD; ++q) {
      const int e = rank + q * P::team_size;
      int kk, nn;
      coords(e, P::BK, P::BN, b_n_contiguous, kk, nn);
      if (e < P::BK * P::BN) detail::store_scratch(Bs + kk * LDB + nn, rb[q]);
    }
  }

  // Pack q of a BK x ROWS slice: its k offset and its first row (m for A, n
  // for B), packs running along the unit-stride direction, so consecutive
  // threads read consecutive packs: a warp covers whole rows of the slice in
  // memory. (Along k that costs 2-way bank conflicts in the transposed
  // stores of fp32; spreading a warp over twice the rows, a 32-byte sector
  // each, removed them but lost 2-9 %: GPU runs 14-16, docs/perf-log.md.)
  template <int ROWS, int V>
  KOKKOS_FORCEINLINE_FUNCTION static void pack_coords(int q, bool rows_fast, int& kk, int& r) {
    if (rows_fast) { kk = q / (ROWS / V); r = (q % (ROWS / V)) * V; }
    else { r = q / (P::BK / V); kk = (q % (P::BK / V)) * V; }
  }
  // This thread's packs of one operand's BK x ROWS slice (scratch rows LD
  // long), located once per block: offsets from the slice's first element in
  // global memory (32-bit: blocked() takes the pack path only where every
  // offset in a slice fits) and in its scratch stage. FAST: the unit-stride
  // direction where the layout fixes it (static_rows_fast), else -1.
  template <int ROWS, int LD, int V, int FAST>
  struct PackPlan {
    static constexpr int COUNT = P::BK * ROWS / V;                   // packs in a slice
    static constexpr int NP = (COUNT + P::team_size - 1) / P::team_size;  // per thread
    // Where the layout fixes the direction and the team covers whole lines of
    // packs (ROWS / V of them along the rows, BK / V along k), a thread's pack
    // u lies DK k and DR rows past its pack 0: one offset pair is the whole
    // plan, and no registers hold the others (they spilled at the register cap).
    static constexpr int LINE = FAST == 1 ? ROWS / V : P::BK / V;
    static constexpr bool AFFINE = FAST >= 0 && P::team_size % LINE == 0;
    static constexpr int DK = FAST == 1 ? P::team_size / LINE : 0, DR = FAST == 0 ? P::team_size / LINE : 0;
    static constexpr int N = AFFINE ? 1 : NP;
    int g[N], l[N];
    index_t s_row, s_k;

    KOKKOS_FORCEINLINE_FUNCTION PackPlan(int rank, bool rows_fast, index_t s_row_, index_t s_k_)
        : s_row(s_row_), s_k(s_k_) {
      KMM_UNROLL
      for (int u = 0; u < N; ++u) {
        int kk = 0, r = 0;
        const int q = rank + u * P::team_size;
        if (q < COUNT) pack_coords<ROWS, V>(q, rows_fast, kk, r);
        g[u] = int(r * s_row + kk * s_k);
        l[u] = kk * LD + r;
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
      if constexpr (AFFINE) return l[0] + u * (DK * LD + DR);
      else return l[u];
    }
    // Global -> registers, one 16-byte load per pack (from: see origin()).
    KOKKOS_FORCEINLINE_FUNCTION void fetch(int rank, const T* from, T* reg) const {
      KMM_UNROLL
      for (int u = 0; u < NP; ++u)
        if (owns(rank, u)) detail::load_global_pack<T, V>(from + rel(u), reg + u * V);
    }
    // Global -> scratch without registers (packs along the rows only).
    KOKKOS_FORCEINLINE_FUNCTION void copy(int rank, const T* from, T* dst) const {
      KMM_UNROLL
      for (int u = 0; u < NP; ++u)
        if (owns(rank, u)) detail::copy_pack_async<T, V>(dst + local(u), from + rel(u));
    }
    // Registers -> scratch: one 16-byte store per pack when the pack runs
    // along the rows, V stores down k when it runs along k.
    KOKKOS_FORCEINLINE_FUNCTION void deposit(int rank, T* dst, bool rows_fast, const T* reg) const {
      KMM_UNROLL
      for (int u = 0; u < NP; ++u) {
        if (!owns(rank, u)) continue;
        if (rows_fast) {
          detail::store_pack<T, V>(dst + local(u), reg + u * V);
        } else {
          KMM_UNROLL
          for (int w = 0; w < V; ++w) detail::store_scratch(dst + local(u) + w * LD, reg[u * V + w]);
        }
      }
    }
  };
  using PlanA = PackPlan<P::BM, LDA, P::VM, A_FAST>;
  using PlanB = PackPlan<P::BN, LDB, P::VN, B_FAST>;
  // k-steps [s0, s1) of the block at (i0, j0) as a two-stage pipeline: the
  // next step's share is loaded into registers while this step's FMAs run,
  // then deposited in the other stage (asynchronous operands: copied straight
  // into it). Packs: every slice is staged as 16-byte packs (interior
  // blocks, full k-steps, aligned operands); else element by element. Two
  // specialisations rather than a branch per step, so neither path's
  // addresses occupy registers in the other's loop.
  template <bool Packs>
  KOKKOS_FORCEINLINE_FUNCTION void pipeline(const member_type& team, T* smem, index_t i0, index_t j0, index_t s0,
                                            index_t s1, T (&acc)[P::TN][P::TM]) const {
    if (s0 >= s1) return;
    const int rank = team.team_rank();
    constexpr bool async_a = Packs && ASYNC_A, async_b = Packs && ASYNC_B;
    constexpr bool async_ka = Packs && ASYNC_KA, async_kb = Packs && ASYNC_KB;
    constexpr bool regs_a = !(async_a || async_ka), regs_b = !(async_b || async_kb);  // staged through registers
    constexpr int NA = Packs ? (regs_a ? PlanA::NP * P::VM : 1) : A_PER_THREAD;
    constexpr int NB = Packs ? (regs_b ? PlanB::NP * P::VN : 1) : B_PER_THREAD;
    T ra[NA], rb[NB];
    // a constant where the layout fixes it, so the pack path keeps one branch
    const bool a_rows = A_FAST >= 0 ? A_FAST == 1 : a_m_contiguous;
    const bool b_rows = B_FAST >= 0 ? B_FAST == 1 : b_n_contiguous;
    const PlanA plan_a(rank, a_rows, a_si, a_sp);  // (unread, and compiled away, on the element path)
    const PlanB plan_b(rank, b_rows, b_sj, b_sp);
    // Pack path: this thread's first source element of each operand
    // advances by BK along k per step, one pointer add (so fetch() is called
    // once per k-step, in order, and reads its p0 only on the element path),
    // and its other elements lie at 32-bit offsets from it (blocked() takes
    // packs only where a slice's offsets fit an int). Recomputed from (i0,
    // p0) and the strides at every step, as 64-bit products, the addresses
    // took the fp32 row 2 % more instructions in all (ncu at n = 16384:
    // 158.7 G against 155.2 G this way, and cuBLAS' 153.6 G;
    // docs/perf-log.md, session 11).
    // k-contiguous operands by element (async_k): thread r copies element
    // (r % BK, r / BK + u * team_size / BK) of the slice.
    constexpr int DRK = P::team_size / P::BK;
    const int kk_r = rank % P::BK, r_r = rank / P::BK;
    const T* pa = A.data() + i0 * a_si + s0 * P::BK * a_sp +
                  (async_ka ? int(kk_r * a_sp + r_r * a_si) : plan_a.origin());
    const T* pb = B.data() + s0 * P::BK * b_sp + j0 * b_sj +
                  (async_kb ? int(kk_r * b_sp + r_r * b_sj) : plan_b.origin());
    const auto fetch = [&](index_t p0, T* stage) {  // stage: where this k-step goes
      if constexpr (Packs) {
        (void)p0;
        if constexpr (async_ka) {  // (written out here: as a function taking the strides, the
                                   // 4-blocks-per-SM fp32 row spilled 36 bytes at its 128-register cap)
          constexpr int N = P::BK * P::BM / P::team_size;
          T* dst = stage + kk_r * LDA + r_r;
          KMM_UNROLL
          for (int u = 0; u < N; ++u) detail::copy_element_async(dst + u * DRK, pa + u * int(DRK * a_si));
        } else if constexpr (async_a) plan_a.copy(rank, pa, stage);
        else plan_a.fetch(rank, pa, ra);
        if constexpr (async_kb) {
          constexpr int N = P::BK * P::BN / P::team_size;
          T* dst = stage + P::BK * LDA + kk_r * LDB + r_r;
          KMM_UNROLL
          for (int u = 0; u < N; ++u) detail::copy_element_async(dst + u * DRK, pb + u * int(DRK * b_sj));
        } else if constexpr (async_b) plan_b.copy(rank, pb, stage + P::BK * LDA);
        else plan_b.fetch(rank, pb, rb);
        pa += P::BK * a_sp;
        pb += P::BK * b_sp;
      } else {
        (void)stage;
        fetch_elements(rank, i0, j0, p0, ra, rb);
      }
    };
    const auto deposit = [&](T* stage) {
      if constexpr (Packs) {
        if constexpr (regs_a) plan_a.deposit(rank, stage, a_rows, ra);
        if constexpr (regs_b) plan_b.deposit(rank, stage + P::BK * LDA, b_rows, rb);
      } else {
        deposit_elements(rank, stage, stage + P::BK * LDA, ra, rb);
      }
    };
    const auto settle = [&]() {  // this thread's copies landed, then the team's
      if constexpr (!regs_a || !regs_b) detail::wait_async_copies();
      team.team_barrier();
    };
    fetch(s0 * P::BK, smem);
    deposit(smem);
    settle();
    for (index_t s = s0; s < s1; ++s) {
      const int t = int((s - s0) % 2);
      // the other stage was last read before the previous barrier
      if (s + 1 < s1) fetch((s + 1) * P::BK, smem + (1 - t) * STAGE);  // in flight during the FMAs
      compute(rank, smem + t * STAGE, P::BK, acc);
      if (s + 1 < s1) deposit(smem + (1 - t) * STAGE);
      settle();
    }
  }

  // Global -> scratch rows of LD elements (element (r, kk) at kk * LD + r),
  // without registers in between (the stages == 1 path). rows: how many rows
  // (m or n) to stage, a multiple of W; the first `inside` of them lie in the
  // matrix, and so does the whole k-step when k_in: those are read through
  // src (the slice's first element; strides s_row, s_k) without bounds
  // checks, the rest through `checked`, which gives zeros outside.
  // Contiguous along the rows (rows_fast): W rows at a time, copied as a run;
  // along k: W rows side by side, so W streams are in flight.
  template <int LD, int W, class Load>
  KOKKOS_FORCEINLINE_FUNCTION static void pack_slice(int rank, int nthreads, int rows, int inside, bool rows_fast,
                                                     bool k_in, T* dst, const Load& checked, const T* src,
                                                     index_t s_row, index_t s_k) {
    if (rows_fast) {  // one k per outer step
      for (int kk = rank; kk < P::BK; kk += nthreads) {
        for (int r0 = 0; r0 < rows; r0 += W) {
          T* d = dst + kk * LD + r0;
          if (k_in && r0 + W <= inside) {
            const T* s = src + kk * s_k + r0;
            T v[W];  // all loads before the stores: no aliasing between s and d to rule out, so it vectorises
            for (int w = 0; w < W; ++w) v[w] = s[w];
            for (int w = 0; w < W; ++w) d[w] = v[w];
          } else {
            for (int w = 0; w < W; ++w) d[w] = checked(r0 + w, kk);
          }
        }
      }
    } else {  // W rows per outer step
      for (int r0 = rank * W; r0 < rows; r0 += nthreads * W) {
        T* const d = dst + r0;
        if (k_in && r0 + W <= inside) {
          const T* s = src + r0 * s_row;
          if (s_k == 1)
            for (int kk = 0; kk < P::BK; ++kk)
              for (int w = 0; w < W; ++w) d[kk * LD + w] = s[w * s_row + kk];
          else
            for (int kk = 0; kk < P::BK; ++kk)
              for (int w = 0; w < W; ++w) d[kk * LD + w] = s[w * s_row + kk * s_k];
        } else {
          for (int kk = 0; kk < P::BK; ++kk)
            for (int w = 0; w < W; ++w) d[kk * LD + w] = checked(r0 + w, kk);
        }
      }
    }
  }
  // op(A)'s (op(B)'s) slice of the k-step at p0 for the `rows` rows
  // (columns) from i0 (j0), a multiple of TM (TN); the part inside C is read
  // without checks.
  KOKKOS_FORCEINLINE_FUNCTION void stage_a(int rank, int nthreads, index_t i0, index_t p0, int rows, T* As) const {
    pack_slice<LDA, P::TM>(
        rank, nthreads, rows, int(m - i0 < rows ? m - i0 : rows), a_m_contiguous, p0 + P::BK <= k, As,
        [&](int r, int kk) { return load_a(i0 + r, p0 + kk); }, A.data() + i0 * a_si + p0 * a_sp, a_si, a_sp);
  }
  KOKKOS_FORCEINLINE_FUNCTION void stage_b(int rank, int nthreads, index_t j0, index_t p0, int cols, T* Bs) const {
    pack_slice<LDB, P::TN>(
        rank, nthreads, cols, int(n - j0 < cols ? n - j0 : cols), b_n_contiguous, p0 + P::BK <= k, Bs,
        [&](int r, int kk) { return load_b(p0 + kk, j0 + r); }, B.data() + p0 * b_sp + j0 * b_sj, b_sj, b_sp);
  }

  // acc[TN][TM] += As^T Bs over one k-step, for micro-tile (tx, ty).
  // kend: the valid depth of this k-step (< BK only in the last one). The
  // loop runs the full, unrolled BK over zero-padded scratch.
  KOKKOS_FORCEINLINE_FUNCTION static void micro_kernel(const T* As, const T* Bs, int tx, int ty, int kend,
                                                       T (&c)[P::TN][P::TM]) {
    (void)kend;
    KMM_UNROLL
    for (int kk = 0; kk < P::BK; ++kk) {
      T a[P::TM], b[P::TN];
      KMM_UNROLL
      for (int u = 0; u < P::TM / P::VM; ++u)
        detail::load_pack<T, P::VM>(As + kk * LDA + u * P::TX * P::VM + tx * P::VM, a + u * P::VM);
      KMM_UNROLL
      for (int u = 0; u < P::TN / P::VN; ++u)
        detail::load_pack<T, P::VN>(Bs + kk * LDB + u * P::TY * P::VN + ty * P::VN, b + u * P::VN);
      KMM_UNROLL
      for (int j = 0; j < P::TN; ++j) {
        KMM_UNROLL
        for (int i = 0; i < P::TM; ++i) c[j][i] += a[i] * b[j];
      }
    }
  }

  // Micro-tile t of the block, (tx, ty), tx fastest: a GPU warp is 16 x 2
  // micro-tiles (as 8 x 4 warp tiles, each fragment read one shared-memory
  // wavefront instead of two, the fp32 rows lost 3-7 %: GPU runs 18-19,
  // docs/perf-log.md).
  KOKKOS_FORCEINLINE_FUNCTION static void micro_tile(int t, int& tx, int& ty) {
    tx = t % P::TX;
    ty = t / P::TX;
  }
  // Block (bi, bj) of C that league item blk computes: groups of P::group
  // block rows (the last group may be shorter), each taken column by column.
  // A bijection of [0, blocks) for any group.
  KOKKOS_FORCEINLINE_FUNCTION void block_of(index_t blk, index_t& bi, index_t& bj) const {
    if constexpr (P::group == 1) {
      bi = blk / blocks_n;
      bj = blk % blocks_n;
    } else {
      const index_t span = index_t(P::group) * blocks_n, g = blk / span, r = blk - g * span;
      const index_t first = g * P::group, left = blocks / blocks_n - first;
      const index_t rows = left < P::group ? left : index_t(P::group);
      bi = first + r % rows;
      bj = r / rows;
    }
  }
  // Row (col) of element i (j) of micro-tile tx (ty) within the block.
  KOKKOS_FORCEINLINE_FUNCTION static int row_of(int tx, int i) { return (i / P::VM) * P::TX * P::VM + tx * P::VM + i % P::VM; }
  KOKKOS_FORCEINLINE_FUNCTION static int col_of(int ty, int j) { return (j / P::VN) * P::TY * P::VN + ty * P::VN + j % P::VN; }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    scratch_view raw(team.team_scratch(int(SCRATCH_LEVEL)), P::stages * STAGE + ALIGN / sizeof(T));
    T* const smem = detail::align_up<ALIGN>(raw.data());
    for (index_t blk = team.league_rank(); blk < blocks; blk += team.league_size()) {
      index_t bi, bj;
      block_of(blk, bi, bj);
      block(team, smem, bi * P::BM, bj * P::BN);
    }
  }

  // GPU rows: the team's block at (i0, j0), one micro-tile per thread.
  KOKKOS_INLINE_FUNCTION void block(const member_type& team, T* smem, index_t i0, index_t j0) const {
    const int rank = team.team_rank();
    T acc[P::TN][P::TM];
    KMM_UNROLL
    for (int j = 0; j < P::TN; ++j)
      KMM_UNROLL
      for (int i = 0; i < P::TM; ++i) acc[j][i] = T(0);

    const index_t steps = (k + P::BK - 1) / P::BK;
    if constexpr (WholeTiles) {
      pipeline<true>(team, smem, i0, j0, 0, steps, acc);
    } else if constexpr (P::stages == 2) {
      // The pack pipeline for the full k-steps of an interior block (the last,
      // partial k-step, if any, element by element); the element pipeline
      // for edge blocks and operands the host found unfit for packs.
      index_t packed = 0;  // k-steps staged as packs
      if constexpr (VEC_A && VEC_B) {
        if (a_vec && b_vec && i0 + P::BM <= m && j0 + P::BN <= n) {
          packed = k / P::BK;
          pipeline<true>(team, smem, i0, j0, 0, packed, acc);
        }
      }
      pipeline<false>(team, smem, i0, j0, packed, steps, acc);  // one copy of the element loop
    } else {
      for (index_t s = 0; s < steps; ++s) {
        stage_a(rank, team.team_size(), i0, s * P::BK, P::BM, smem);
        stage_b(rank, team.team_size(), j0, s * P::BK, P::BN, smem + P::BK * LDA);
        team.team_barrier();
        compute(rank, smem, int(k - s * P::BK < P::BK ? k - s * P::BK : P::BK), acc);
        team.team_barrier();
      }
    }
    write_back(rank, i0, j0, acc);
  }

  KOKKOS_FORCEINLINE_FUNCTION void compute(int rank, const T* stage, int kend, T (&acc)[P::TN][P::TM]) const {
    int tx, ty;
    micro_tile(rank, tx, ty);
    micro_kernel(stage, stage + P::BK * LDA, tx, ty, kend, acc);
  }

  template <int V>
  KOKKOS_FORCEINLINE_FUNCTION void store_c_pack(T* p, T (&v)[V]) const;

  KOKKOS_FORCEINLINE_FUNCTION void write_back(int rank, index_t i0, index_t j0, const T (&acc)[P::TN][P::TM]) const {
    const bool interior = WholeTiles || (i0 + P::BM <= m && j0 + P::BN <= n);
    int tx, ty;
    micro_tile(rank, tx, ty);
    if (interior && c_vec_m) {  // VM consecutive rows per pack: one 16-byte access
      KMM_UNROLL
      for (int j = 0; j < P::TN; ++j) {
        KMM_UNROLL
        for (int i = 0; i < P::TM; i += P::VM) {
          T v[P::VM];
          KMM_UNROLL
          for (int w = 0; w < P::VM; ++w) v[w] = acc[j][i + w];
          store_c_pack<P::VM>(C.data() + (i0 + row_of(tx, i)) * c_si + (j0 + col_of(ty, j)) * c_sj, v);
        }
      }
    } else if (interior && c_vec_n) {  // VN consecutive columns per pack
      KMM_UNROLL
      for (int i = 0; i < P::TM; ++i) {
        KMM_UNROLL
        for (int j = 0; j < P::TN; j += P::VN) {
          T v[P::VN];
          KMM_UNROLL
          for (int w = 0; w < P::VN; ++w) v[w] = acc[j + w][i];
          store_c_pack<P::VN>(C.data() + (i0 + row_of(tx, i)) * c_si + (j0 + col_of(ty, j)) * c_sj, v);
        }
      }
    } else {
      KMM_UNROLL
      for (int j = 0; j < P::TN; ++j) {
        const index_t gj = j0 + col_of(ty, j);
        KMM_UNROLL
        for (int i = 0; i < P::TM; ++i) {
          const index_t gi = i0 + row_of(tx, i);
          if (gi < m && gj < n) detail::update_c(C, gi, gj, alpha, acc[j][i], beta);
        }
      }
    }
  }
};

template <class P, bool TA, bool TB, class ExecSpace, class AView, class BView, class CView, bool WholeTiles>
template <int V>
KOKKOS_FORCEINLINE_FUNCTION void Blocked<P, TA, TB, ExecSpace, AView, BView, CView, WholeTiles>::store_c_pack(T* p, T (&v)[V]) const {
  // p = alpha * v + beta * p, reading p only when beta != 0 (as update_c)
  if (beta == T(0)) {
    KMM_UNROLL
    for (int w = 0; w < V; ++w) v[w] = alpha * v[w];
  } else {
    T c[V];
    detail::load_global_pack<T, V>(p, c);
    KMM_UNROLL
    for (int w = 0; w < V; ++w) v[w] = alpha * v[w] + beta * c[w];
  }
  detail::store_global_pack<T, V>(p, v);
}

/// How blocked() stages op(A) and op(B): their unit-stride directions and
/// strides, and whether their slices travel as 16-byte packs.
template <class P, bool TA, bool TB, class ExecSpace, class AView, class BView, class CView>
struct BlockedOperands {
  using kernel = Blocked<P, TA, TB, ExecSpace, AView, BView, CView>;
  using T = typename CView::non_const_value_type;
  using index_t = detail::index_t;
  bool a_m, b_n;             // op(A)(i, p): is i the unit-stride direction? op(B)(p, j): is j?
  index_t a_si, a_sp;        // strides of op(A)(i, p) in i and in p
  index_t b_sp, b_sj;        // strides of op(B)(p, j) in p and in j
  bool a_vec, b_vec;         // packs allowed

  // Packs of v elements along a unit stride are aligned (16 bytes on a GPU)
  // when the data pointer is and the other stride is a multiple of v: block
  // and k-step origins are multiples of v.
  static bool packable(const T* data, index_t unit, index_t other, int v, int align) {
    return unit == 1 && other % v == 0 && reinterpret_cast<std::uintptr_t>(data) % align == 0;
  }
  BlockedOperands(const AView& A, const BView& B)
      : a_m((TA ? A.stride(1) : A.stride(0)) == 1 && A.extent(TA ? 1 : 0) > 1),
        b_n((TB ? B.stride(0) : B.stride(1)) == 1 && B.extent(TB ? 0 : 1) > 1),
        a_si(TA ? A.stride(1) : A.stride(0)), a_sp(TA ? A.stride(0) : A.stride(1)),
        b_sp(TB ? B.stride(1) : B.stride(0)), b_sj(TB ? B.stride(0) : B.stride(1)) {
    // The pack plans hold 32-bit offsets within a BK x ROWS slice: operands
    // whose slices span 2^31 elements or more (leading dimension above about
    // 2^31 / (ROWS + BK)) take the element path.
    const auto fits = [](index_t rows, index_t s_row, index_t s_k) {
      return rows * s_row + index_t(P::BK) * s_k < index_t(std::numeric_limits<int>::max());
    };
    constexpr int align_m = alignof(detail::Pack<T, P::VM>), align_n = alignof(detail::Pack<T, P::VN>);
    // (and, where the layout fixes the unit-stride direction, it is the one found here)
    a_vec = packable(A.data(), a_m ? a_si : a_sp, a_m ? a_sp : a_si, P::VM, align_m) &&
            fits(P::BM, a_si, a_sp) && (kernel::A_FAST < 0 || a_m == (kernel::A_FAST == 1));
    b_vec = packable(B.data(), b_n ? b_sj : b_sp, b_n ? b_sp : b_sj, P::VN, align_n) &&
            fits(P::BN, b_sj, b_sp) && (kernel::B_FAST < 0 || b_n == (kernel::B_FAST == 1));
  }
  /// Does the m x n x k product run the WholeTiles kernel (every block
  /// interior, k a multiple of BK, both operands in packs)?
  bool whole_tiles(index_t m, index_t n, index_t k) const {
    if constexpr (kernel::VEC_A && kernel::VEC_B && P::stages == 2)
      return a_vec && b_vec && m % P::BM == 0 && n % P::BN == 0 && k % P::BK == 0;
    else
      return false;
  }
};

/// Whether blocked<P, TA, TB>() on these operands runs the WholeTiles kernel.
template <class P, bool TA, bool TB, class ExecSpace, class AView, class BView, class CView>
bool blocked_whole_tiles(const AView& A, const BView& B, const CView& C) {
  const BlockedOperands<P, TA, TB, ExecSpace, AView, BView, CView> ops(A, B);
  return ops.whole_tiles(C.extent(0), C.extent(1), TA ? A.extent(0) : A.extent(1));
}

template <class P, bool TA, bool TB, class ExecSpace, class AView, class BView, class CView>
void blocked(const ExecSpace& space, typename CView::const_value_type alpha, const AView& A, const BView& B,
             typename CView::const_value_type beta, const CView& C) {
  using kernel = Blocked<P, TA, TB, ExecSpace, AView, BView, CView>;
  using detail::index_t;
  const index_t m = C.extent(0), n = C.extent(1);
  const index_t k = TA ? A.extent(0) : A.extent(1);
  const index_t blocks_m = (m + P::BM - 1) / P::BM, blocks_n = (n + P::BN - 1) / P::BN;
  const detail::index_t blocks = blocks_m * blocks_n;
  const BlockedOperands<P, TA, TB, ExecSpace, AView, BView, CView> ops(A, B);
  const bool a_m = ops.a_m, b_n = ops.b_n, a_vec = ops.a_vec, b_vec = ops.b_vec;
  const index_t a_si = ops.a_si, a_sp = ops.a_sp, b_sp = ops.b_sp, b_sj = ops.b_sj;
  const index_t c_si = C.stride(0), c_sj = C.stride(1);
  using T = typename CView::non_const_value_type;
  constexpr int align_m = alignof(detail::Pack<T, P::VM>), align_n = alignof(detail::Pack<T, P::VN>);
  const auto packable = decltype(ops)::packable;
  const bool c_vec_m = P::thread_per_micro_tile && packable(C.data(), c_si, c_sj, P::VM, align_m);
  const bool c_vec_n = P::thread_per_micro_tile && !c_vec_m && packable(C.data(), c_sj, c_si, P::VN, align_n);
  const int league = detail::league_for(blocks);
  const auto launch = [&](auto whole_tiles) {
    using K = Blocked<P, TA, TB, ExecSpace, AView, BView, CView, decltype(whole_tiles)::value>;
    K f{A,    B,    C,    alpha, beta, m,    n,    k,     blocks_n, blocks,  a_m,    b_n,
        a_si, a_sp, b_sp, b_sj,  c_si, c_sj, a_vec, b_vec, c_vec_m,  c_vec_n};
    typename K::policy_type policy(space, league, P::team_size);
    Kokkos::parallel_for("kmm::gemm[Blocked]", policy.set_scratch_size(K::SCRATCH_LEVEL, Kokkos::PerTeam(K::scratch_bytes())), f);
  };
  if constexpr (kernel::VEC_A && kernel::VEC_B && P::stages == 2) {  // (no WholeTiles kernel compiled for the others)
    if (ops.whole_tiles(m, n, k)) return launch(std::true_type{});
  }
  launch(std::false_type{});
}

}  // namespace kernels
}  // namespace kmm
