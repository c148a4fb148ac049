#pragma once
// Rung 3, Blocked, on a GPU: register blocking on top of Tiled.
//
// A team computes a BM x BN block of C. Each k-step stages a BK-deep slice of
// op(A) and of op(B) in team scratch (k-rows or k-major per operand:
// gpu_scratch_layout.hpp); the row's micro-kernel (gpu_micro_kernel.hpp)
// adds it to each thread's register micro-tile. Every scratch value a thread
// reads feeds TM or TN FMAs instead of Tiled's one, so the kernel stops
// being bound by shared-memory bandwidth.
//
// The pipeline: two scratch stages, the next k-step fetched while this one's
// FMAs run (into registers, or by cp.async into the other stage:
// Row::staging); deeper rows keep more k-steps in flight. Whole k-steps go
// as the row's packs where the operands align (kernels/operands.hpp), on
// AsyncAll rows also unaligned ones where the dispatcher says so
// (PackPipeline, gpu_blocked_launch.hpp); else element by element, zeros
// outside the matrices. Only in-range C is written, as 16-byte packs where
// C allows (else through the stages: StagedC); blocks in the row's order.
// Why: docs/perf-log.md, "Blocked on the GPU". Assumed: a GPU execution space
// (scratch level 0 is shared memory; team rank r is thread r of the block);
// host backends take kernels/host_blocked.hpp. Rows come from the caller (the
// launcher: gpu_blocked_launch.hpp; the write-back: gpu_epilogue.hpp).
#include <type_traits>

#include "kmm/blocked_row.hpp"
#include "kmm/detail/access.hpp"
#include "kmm/detail/pack.hpp"
#include "kmm/kernels/gpu_epilogue.hpp"
#include "kmm/kernels/gpu_micro_kernel.hpp"
#include "kmm/kernels/gpu_pack_plan.hpp"
#include "kmm/kernels/operands.hpp"
#include "kmm/kernels/split_k.hpp"

namespace kmm {
namespace kernels {

/// The kernel of row P on the operands Facts describes (an OperandFacts:
/// the value type and op(A)'s and op(B)'s static unit-stride directions;
/// data and strides at run time). WholeTiles: the dispatcher found every
/// block interior, k a multiple of BK and both operands fit for packs: the
/// kernel is the pack pipeline alone.
/// Split (split-k, kernels/split_k.hpp): `splits` teams per block of C, team
/// s over k-steps [s * split_steps, (s + 1) * split_steps), each writing its
/// raw partial product to the workspace `partial`; reduce_partials then
/// forms C. Without Split the members below it are unread.
/// PacksOnly (Split kernels): the launcher found every k-step of every block
/// goes by packs (OperandFacts::packs_every_step with EDGE_PACKS), so the
/// element pipeline, whose presence alone spilled at the register cap, is
/// not compiled in (perf-log "Split kernels without the element pipeline").
/// SplitPacks (not with WholeTiles or PacksOnly): an operand whose packs do
/// not align taken by the pack pipeline (a_split, b_split), copied as the
/// packs' elements, in a kernel of its own (perf-log "Split packs").
/// StagedC (two-path kernels): C without packs, written back through the
/// stages (BlockedEpilogue::write_staged, STAGED_C) in a kernel of its own
/// (compiled into the others it cost their main loops 6-10 %: perf-log "C
/// without packs through the stages").
template <class P, class ExecSpace, class Facts, bool WholeTiles = false, bool Split = false,
          bool PacksOnly = false, bool SplitPacks = false, bool StagedC = false>
struct GpuBlocked
    : BlockedEpilogue<GpuBlocked<P, ExecSpace, Facts, WholeTiles, Split, PacksOnly, SplitPacks, StagedC>> {
  using row = P;
  static constexpr bool WHOLE_TILES = WholeTiles;
  using T = typename Facts::T;
  using index_t = detail::index_t;
  using Desc = Facts;
  using MK = MicroKernel<P, T>;
  using acc_type = typename MK::acc_type;
  using policy_type = Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<P::max_threads, P::min_blocks>>;
  using member_type = typename policy_type::member_type;
  using scratch_view = Kokkos::View<T*, typename ExecSpace::scratch_memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

  static constexpr int LDA = P::BM + P::PAD, LDB = P::BN + P::PAD;  // k-row lengths (KRows)
  // elements each thread stages per k-step on the element path
  static constexpr int A_PER_THREAD = (P::BK * P::BM + P::team_size - 1) / P::team_size;
  static constexpr int B_PER_THREAD = (P::BK * P::BN + P::team_size - 1) / P::team_size;
  // Pack staging: the row's packs along the operand's unit stride. Packs that
  // land as they lie in the slice's layout (slice_layout: along m (n) into
  // k-rows, along k into k-major) are one store, with asynchronous staging a
  // cp.async without the prefetch's registers; packs along k into k-rows are
  // transposed, one store per element, and keep the registers.
  static constexpr bool PACKS = Desc::template row_packs<P>();
  static constexpr int A_FAST = Desc::A_FAST, B_FAST = Desc::B_FAST;
  using LayA = slice_layout<MK, A_FAST, P::BK, LDA>;
  using LayB = slice_layout<MK, B_FAST, P::BK, LDB>;
  static constexpr bool KMAJOR_A = LayA::k_major, KMAJOR_B = LayB::k_major;
  // a stage: op(A)'s slice, then op(B)'s at B_OFF; k-rows BK x (rows + PAD),
  // k-major BK x rows (perf-log: "Stages sized by their layout").
  static constexpr int A_STAGE = P::BK * (KMAJOR_A ? P::BM : LDA), B_STAGE = P::BK * (KMAJOR_B ? P::BN : LDB);
  static constexpr int B_OFF = A_STAGE, STAGE = B_OFF + B_STAGE;
  static constexpr int DEPTH = P::staging::depth;  // stages
  static constexpr int ALIGN_A = detail::pack_align(int(sizeof(T)) * P::VM);
  static constexpr int ALIGN_B = detail::pack_align(int(sizeof(T)) * P::VN);
  static constexpr int ALIGN = ALIGN_A > ALIGN_B ? ALIGN_A : ALIGN_B;  // of the scratch base
  static_assert((B_OFF * int(sizeof(T))) % ALIGN == 0 && (STAGE * int(sizeof(T))) % ALIGN == 0,
                "GpuBlocked: every stage and op(B)'s slice in it must start on the packs' alignment");
  static constexpr bool ASYNC_A = P::staging::async && (A_FAST == 1 || KMAJOR_A);
  static constexpr bool ASYNC_B = P::staging::async && (B_FAST == 1 || KMAJOR_B);
  // AsyncAll: an operand contiguous along k into k-rows goes by cp.async too, one element per
  // copy, thread r element (r % BK, r / BK + u team_size / BK): a warp reads k-runs of 32 / BK rows.
  template <int ROWS>
  static constexpr bool elements_fit() { return P::team_size % P::BK == 0 && (P::BK * ROWS) % P::team_size == 0; }
  static constexpr bool ASYNC_KA = P::staging::async_k && A_FAST == 0 && !KMAJOR_A && elements_fit<P::BM>();
  static constexpr bool ASYNC_KB = P::staging::async_k && B_FAST == 0 && !KMAJOR_B && elements_fit<P::BN>();
  // AsyncAll rows copy an operand whose packs land as they lie (ASYNC_A,
  // ASYNC_B) but do not align as element copies to the packs' places
  // (PackPlan::copy_split) where the launcher says so (a_split, b_split).
  // Only in SplitPacks kernels (two-path or Split, never WholeTiles or
  // PacksOnly), whose full k-steps all take pipeline<..., SplitCopies>.
  static constexpr bool SPLIT_A = PACKS && P::staging::async_k && ASYNC_A;
  static constexpr bool SPLIT_B = PACKS && P::staging::async_k && ASYNC_B;
  static constexpr bool SPLITS = SplitPacks && (SPLIT_A || SPLIT_B);
  static_assert(!SplitPacks || (SPLITS && !WholeTiles && !PacksOnly),
                "GpuBlocked: split packs in the two-path and Split kernels of AsyncAll rows");
  // AsyncAll rows copy the element path by cp.async too (ElementCopies,
  // gpu_pack_plan.hpp): no staging registers, the pipeline's full depth.
  using ElemA = ElementCopies<P, T, P::BM, LayA>;
  using ElemB = ElementCopies<P, T, P::BN, LayB>;
  static constexpr bool ASYNC_ELEMENTS = P::staging::async_k && ElemA::FITS && ElemB::FITS;
  // Edge blocks as packs too where every pack copy is asynchronous, except
  // on rows with fragments ahead (at their register cap the edge's
  // predicates spilled 16-40 bytes).
  static constexpr bool EDGE_PACKS = PACKS && (ASYNC_A || ASYNC_KA) && (ASYNC_B || ASYNC_KB) && !P::staging::ahead;
  static constexpr int SCRATCH_LEVEL = 0;  // the stages live in shared memory

  Desc d;                  // data, shape, unit-stride directions and strides
  T alpha, beta;
  index_t blocks_m, blocks_n;
  bool a_vec, b_vec;       // full k-steps of op(A) / op(B) by the pack pipeline (PackPipeline)
  bool c_vec_m, c_vec_n;   // C written back as MK::VM rows (unit stride in i) or MK::VN columns (in j)
  bool a_split = false, b_split = false;  // packs of op(A) / op(B) as element copies (SPLIT_A, SPLIT_B only)
  // Split only:
  T* partial = nullptr;           // the workspace: splits partials laid out as p
  PartialLayout p{0, 0, 1, 1};
  index_t splits = 1, split_steps = 0;
  bool p_vec_m = false, p_vec_n = false;  // partials written as MK::VM rows / MK::VN columns

  // The stages' base on a 128-byte line (Kokkos 3.4 puts a team's scratch
  // 16 bytes past one): a quarter warp's 16-byte copies into a 128-byte row
  // write one shared-memory wavefront, two where the row straddles a line
  // (perf-log: "The scratch base on a 128-byte line").
  static constexpr int BASE_ALIGN = 128;
  static constexpr int SCRATCH_ELEMENTS = DEPTH * STAGE + BASE_ALIGN / sizeof(T);  // the stages, and room to align them
  static std::size_t scratch_bytes() { return scratch_view::shmem_size(SCRATCH_ELEMENTS); }
  static constexpr bool STAGED_C = StagedC && BlockedEpilogue<GpuBlocked>::template stages_c<P, MK, DEPTH * STAGE>();
  static_assert(!StagedC || (!WholeTiles && !Split), "GpuBlocked: C through the stages in two-path kernels");

  // Coordinates of the e-th staged element of a (rows x cols) slice, walking
  // the memory-contiguous direction fastest.
  KOKKOS_FORCEINLINE_FUNCTION static void coords(int e, int kdim, int other, bool other_fast, int& kk, int& o) {
    if (other_fast) { kk = e / other; o = e % other; }
    else { kk = e % kdim; o = e / kdim; }
  }
  KOKKOS_FORCEINLINE_FUNCTION T load_a(index_t i, index_t p) const {
    return (i < d.m && p < d.k) ? d.a[d.a_at(i, p)] : T(0);
  }
  KOKKOS_FORCEINLINE_FUNCTION T load_b(index_t p, index_t j) const {
    return (p < d.k && j < d.n) ? d.b[d.b_at(p, j)] : T(0);
  }

  // Global -> registers, element by element with bounds checks (edge slices,
  // unaligned or strided operands): this thread's share of the k-step at p0.
  KOKKOS_FORCEINLINE_FUNCTION void fetch_elements(int rank, index_t i0, index_t j0, index_t p0, T* ra, T* rb) const {
    KMM_UNROLL
    for (int q = 0; q < A_PER_THREAD; ++q) {
      const int e = rank + q * P::team_size;
      int kk, mm;
      coords(e, P::BK, P::BM, d.a_m, kk, mm);
      ra[q] = e < P::BK * P::BM ? load_a(i0 + mm, p0 + kk) : T(0);
    }
    KMM_UNROLL
    for (int q = 0; q < B_PER_THREAD; ++q) {
      const int e = rank + q * P::team_size;
      int kk, nn;
      coords(e, P::BK, P::BN, d.b_n, kk, nn);
      rb[q] = e < P::BK * P::BN ? load_b(p0 + kk, j0 + nn) : T(0);
    }
  }
  // Registers -> scratch stage, the element layout of fetch_elements.
  KOKKOS_FORCEINLINE_FUNCTION void deposit_elements(int rank, T* As, T* Bs, const T* ra, const T* rb) const {
    KMM_UNROLL
    for (int q = 0; q < A_PER_THREAD; ++q) {
      const int e = rank + q * P::team_size;
      int kk, mm;
      coords(e, P::BK, P::BM, d.a_m, kk, mm);
      if (e < P::BK * P::BM) detail::store_scratch(As + LayA::at(kk, mm), ra[q]);
    }
    KMM_UNROLL
    for (int q = 0; q < B_PER_THREAD; ++q) {
      const int e = rank + q * P::team_size;
      int kk, nn;
      coords(e, P::BK, P::BN, d.b_n, kk, nn);
      if (e < P::BK * P::BN) detail::store_scratch(Bs + LayB::at(kk, nn), rb[q]);
    }
  }

  // This thread's packs of each operand's slice (kernels/gpu_pack_plan.hpp).
  using PlanA = PackPlan<P, T, P::BM, LayA, P::VM, A_FAST>;
  using PlanB = PackPlan<P, T, P::BN, LayB, P::VN, B_FAST>;
  // k-steps [s0, s1) of the block at (i0, j0) as a pipeline: the next step
  // fetched (into registers, or copied into the other stage) while this
  // step's FMAs run; deeper rows DEPTH - 1 steps ahead. Packs: every slice
  // as 16-byte packs (Edge: past C's edge zero-filled, PackPlan::copy_edge);
  // else element by element. Specialisations, not a branch per step, so no
  // path's addresses occupy registers in another's.
  template <bool Packs, bool Edge = false, bool SplitCopies = false>
  KOKKOS_FORCEINLINE_FUNCTION void pipeline(const member_type& team, T* smem, index_t i0, index_t j0, index_t s0,
                                            index_t s1, acc_type& acc) const {
    static_assert(!Edge || (Packs && EDGE_PACKS), "edge packs: rows whose pack copies are all asynchronous");
    static_assert(!SplitCopies || (Packs && (SPLIT_A || SPLIT_B)), "split packs: AsyncAll rows");
    constexpr bool split_a = SplitCopies && SPLIT_A, split_b = SplitCopies && SPLIT_B;
    if (s0 >= s1) return;
    const int rank = team.team_rank();
    // rows of op(A), op(B) inside the matrices, at most the block's (Edge)
    const int rows_a = int(d.m - i0 < P::BM ? d.m - i0 : P::BM), rows_b = int(d.n - j0 < P::BN ? d.n - j0 : P::BN);
    constexpr bool async_a = Packs && ASYNC_A, async_b = Packs && ASYNC_B;
    constexpr bool async_ka = Packs && ASYNC_KA, async_kb = Packs && ASYNC_KB;
    constexpr bool elements_async = !Packs && ASYNC_ELEMENTS;
    constexpr bool regs_a = Packs ? !(async_a || async_ka) : !elements_async;  // staged through registers
    constexpr bool regs_b = Packs ? !(async_b || async_kb) : !elements_async;
    constexpr int NA = regs_a ? (Packs ? PlanA::NP * P::VM : A_PER_THREAD) : 1;
    constexpr int NB = regs_b ? (Packs ? PlanB::NP * P::VN : B_PER_THREAD) : 1;
    T ra[NA], rb[NB];
    // a constant where the layout fixes it, so the pack path keeps one branch
    const bool a_rows = A_FAST >= 0 ? A_FAST == 1 : d.a_m;
    const bool b_rows = B_FAST >= 0 ? B_FAST == 1 : d.b_n;
    const PlanA plan_a(rank, a_rows, d.a_si, d.a_sp);  // (unread, and compiled away, on the element path)
    const PlanB plan_b(rank, b_rows, d.b_sj, d.b_sp);
    const ElemA elem_a(rank, a_rows, d.a_si, d.a_sp);  // (element path of AsyncAll rows only)
    const ElemB elem_b(rank, b_rows, d.b_sj, d.b_sp);
    // Pack path: this thread's first source element of each operand
    // advances by BK along k per step, one pointer add (so fetch() is called
    // once per k-step, in order, and reads its p0 only on the element path),
    // and its other elements lie at 32-bit offsets from it (the launcher takes
    // packs only where a slice's offsets fit an int): fewer instructions
    // than 64-bit addresses recomputed from (i0, p0) at every step.
    // k-contiguous operands by element (async_k): thread r copies element
    // (r % BK, r / BK + u * team_size / BK) of the slice.
    constexpr int DRK = P::team_size / P::BK;
    const int kk_r = rank % P::BK, r_r = rank / P::BK;
    const T* pa = d.a + i0 * d.a_si + s0 * P::BK * d.a_sp +
                  (async_ka ? int(kk_r * d.a_sp + r_r * d.a_si) : plan_a.origin());
    const T* pb = d.b + s0 * P::BK * d.b_sp + j0 * d.b_sj +
                  (async_kb ? int(kk_r * d.b_sp + r_r * d.b_sj) : plan_b.origin());
    // k-contiguous operand into k-rows (async_k): this thread's elements (kk_r, r_r + u DRK), `rows`
    // of the slice's inside the matrix (Edge). (A member function taking the strides spilled 36
    // bytes on the 4-blocks-per-SM fp32 row at its 128-register cap.)
    const auto copy_along_k = [&](auto n, const T* from, T* dst, index_t s_row, int rows, const T* inside) {
      KMM_UNROLL
      for (int u = 0; u < decltype(n)::value; ++u) {
        if constexpr (Edge) {
          const bool in = r_r + u * DRK < rows;
          detail::copy_element_async_or_zero(dst + u * DRK, from + u * int(DRK * s_row), in, inside);
        } else {
          (void)rows, (void)inside;
          detail::copy_element_async(dst + u * DRK, from + u * int(DRK * s_row));
        }
      }
    };
    const auto fetch = [&](index_t p0, T* stage) {  // stage: where this k-step goes
      if constexpr (Packs) {
        (void)p0;
        if constexpr (async_ka)
          copy_along_k(std::integral_constant<int, P::BK * P::BM / P::team_size>{}, pa, stage + kk_r * LDA + r_r,
                       d.a_si, rows_a, d.a);
        else plan_a.template copy_step<async_a, Edge, split_a>(rank, pa, stage, ra, a_split, a_rows, rows_a, d.a);
        if constexpr (async_kb)
          copy_along_k(std::integral_constant<int, P::BK * P::BN / P::team_size>{}, pb,
                       stage + B_OFF + kk_r * LDB + r_r, d.b_sj, rows_b, d.b);
        else
          plan_b.template copy_step<async_b, Edge, split_b>(rank, pb, stage + B_OFF, rb, b_split, b_rows, rows_b, d.b);
        pa += P::BK * d.a_sp;
        pb += P::BK * d.b_sp;
      } else if constexpr (elements_async) {
        elem_a.copy(d.a + i0 * d.a_si + p0 * d.a_sp, stage, d.m - i0, d.k - p0);
        elem_b.copy(d.b + p0 * d.b_sp + j0 * d.b_sj, stage + B_OFF, d.n - j0, d.k - p0);
      } else {
        (void)stage;
        fetch_elements(rank, i0, j0, p0, ra, rb);
      }
    };
    const auto deposit = [&](T* stage) {
      if constexpr (Packs) {
        if constexpr (regs_a) plan_a.deposit(rank, stage, a_rows, ra);
        if constexpr (regs_b) plan_b.deposit(rank, stage + B_OFF, b_rows, rb);
      } else if constexpr (!elements_async) {
        deposit_elements(rank, stage, stage + B_OFF, ra, rb);
      } else {
        (void)stage;  // the copies went straight to the stage
      }
    };
    const auto settle = [&]() {  // this thread's copies landed, then the team's
      if constexpr (!regs_a || !regs_b) detail::wait_async_copies();
      detail::block_barrier(team);
    };
    if constexpr (DEPTH > 2 && !regs_a && !regs_b) {
      // DEPTH stages, every copy asynchronous: DEPTH - 1 k-steps in flight.
      // Step s is in stage (s - s0) % DEPTH; each thread commits one group
      // of copies per step (empty past s1), so "step s landed" is "at most
      // DEPTH - 2 groups pending". advance(t, w) waits for the oldest step,
      // then the barrier says it is in scratch for everyone and that every
      // thread is done with stage w, where step t's fetch goes.
      KMM_UNROLL
      for (int q = 0; q < DEPTH - 1; ++q) {
        if (s0 + q < s1) fetch((s0 + q) * P::BK, smem + q * STAGE);
        detail::commit_async_copies();
      }
      const auto advance = [&](index_t t, int w) {
        detail::wait_async_groups<DEPTH - 2>();
        detail::block_barrier(team);
        if (t < s1) fetch(t * P::BK, smem + w * STAGE);
        detail::commit_async_copies();
      };
      int rd = 0;  // stage of step s
      if constexpr (P::staging::ahead) {
        // Step s + 1's advance comes inside step s, before its last MMA
        // step, so the fragments of step s + 1's first MMA step are read
        // while step s's last MMAs run (two fragment sets, f[q % 2]; STEPS
        // even keeps them in place from one k-step to the next). Every thread
        // has then read all of step s's stage, which step s + DEPTH reuses.
        static_assert(MK::STEPS % 2 == 0, "fragments ahead: an even number of MMA steps per k-step");
        advance(s0 + DEPTH - 1, DEPTH - 1);
        typename MK::frag_type f[2];
        MK::template load<LayA, LayB>(smem, smem + B_OFF, rank, 0, f[0]);
        for (index_t s = s0; s < s1; ++s) {
          const int next = rd + 1 == DEPTH ? 0 : rd + 1;
          KMM_UNROLL
          for (int q = 0; q < MK::STEPS; ++q) {
            if (q + 1 < MK::STEPS) {
              MK::template load<LayA, LayB>(smem + rd * STAGE, smem + rd * STAGE + B_OFF, rank, q + 1, f[(q + 1) % 2]);
            } else if (s + 1 < s1) {
              advance(s + DEPTH, rd);
              MK::template load<LayA, LayB>(smem + next * STAGE, smem + next * STAGE + B_OFF, rank, 0, f[0]);
            }
            MK::mma(f[q % 2], acc);
          }
          rd = next;
        }
      } else {
        // Two loops: while step s + DEPTH - 1 exists, its copies go
        // unconditionally, after step s's first MMA step, so the barrier, the
        // copies and the step's fragment loads and MMAs are one basic block
        // and the copies' instructions run under the MMAs; then the last
        // DEPTH - 1 steps, which copy nothing (perf-log: "The k-step head").
        int wr = DEPTH - 1;  // stage of step s + DEPTH - 1 (that of step s - 1)
        index_t s = s0;
        for (; s + DEPTH - 1 < s1; ++s) {
          detail::wait_async_groups<DEPTH - 2>();
          detail::block_barrier(team);
          compute_k_step<MK, LayA, LayB>(smem + rd * STAGE, smem + rd * STAGE + B_OFF, rank, acc, [&] {
            fetch((s + DEPTH - 1) * P::BK, smem + wr * STAGE);
            detail::commit_async_copies();
          });
          rd = rd + 1 == DEPTH ? 0 : rd + 1;
          wr = wr + 1 == DEPTH ? 0 : wr + 1;
        }
        for (; s < s1; ++s) {
          detail::wait_async_groups<DEPTH - 2>();
          detail::block_barrier(team);
          detail::commit_async_copies();  // (empty: the count of groups stays one per step)
          compute_k_step<MK, LayA, LayB>(smem + rd * STAGE, smem + rd * STAGE + B_OFF, rank, acc);
          rd = rd + 1 == DEPTH ? 0 : rd + 1;
        }
      }
      detail::wait_async_copies();
      detail::block_barrier(team);  // the stages are free for the next block (or the element path)
      return;
    }
    fetch(s0 * P::BK, smem);
    deposit(smem);
    settle();
    for (index_t s = s0; s < s1; ++s) {
      const int t = int((s - s0) % 2);
      // the other stage was last read before the previous barrier
      if (s + 1 < s1) fetch((s + 1) * P::BK, smem + (1 - t) * STAGE);  // in flight during the FMAs
      compute_k_step<MK, LayA, LayB>(smem + t * STAGE, smem + t * STAGE + B_OFF, rank, acc);
      if (s + 1 < s1) deposit(smem + (1 - t) * STAGE);
      settle();
    }
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    scratch_view raw(team.team_scratch(int(SCRATCH_LEVEL)), SCRATCH_ELEMENTS);
    T* const smem = detail::align_up<BASE_ALIGN>(raw.data());
    const index_t blocks = blocks_m * blocks_n;
    if constexpr (Split) {  // item = split * blocks + block: a split's blocks in the row's order
      for (index_t item = team.league_rank(); item < blocks * splits; item += team.league_size()) {
        const index_t s = item / blocks;
        index_t bi, bj;
        P::order::block_of(item - s * blocks, blocks_m, blocks_n, bi, bj);
        split_block(team, smem, bi * P::BM, bj * P::BN, s);
      }
    } else {
      for (index_t blk = team.league_rank(); blk < blocks; blk += team.league_size()) {
        index_t bi, bj;
        P::order::block_of(blk, blocks_m, blocks_n, bi, bj);
        block(team, smem, bi * P::BM, bj * P::BN);
      }
    }
  }

  // The full k-steps among [s0, s1) of the block at (i0, j0) by the pack
  // pipeline, where both operands fit for packs and the block is interior or
  // EDGE_PACKS; returns where the element pipeline takes over (the partial
  // last k-step, if any; every step where the packs do not fit).
  KOKKOS_FORCEINLINE_FUNCTION index_t pack_steps(const member_type& team, T* smem, index_t i0, index_t j0,
                                                 index_t s0, index_t s1, acc_type& acc) const {
    if constexpr (PACKS) {
      const bool interior = i0 + P::BM <= d.m && j0 + P::BN <= d.n;
      if (a_vec && b_vec && (interior || EDGE_PACKS)) {
        const index_t full = d.k / P::BK;
        const index_t packed = full < s1 ? (full > s0 ? full : s0) : s1;
        if (interior) pipeline<true, false, SPLITS>(team, smem, i0, j0, s0, packed, acc);
        else if constexpr (EDGE_PACKS) pipeline<true, true, SPLITS>(team, smem, i0, j0, s0, packed, acc);
        return packed;
      }
    }
    return s0;
  }

  // Split: k-steps [s0, s1) of the block at (i0, j0), the partial to split s.
  KOKKOS_INLINE_FUNCTION void split_block(const member_type& team, T* smem, index_t i0, index_t j0,
                                          index_t s) const {
    acc_type acc;
    MK::zero(acc);
    const index_t steps = (d.k + P::BK - 1) / P::BK, s0 = s * split_steps;
    const index_t s1 = s0 + split_steps < steps ? s0 + split_steps : steps;
    const index_t packed = pack_steps(team, smem, i0, j0, s0, s1, acc);
    if constexpr (PacksOnly) (void)packed;  // (packed == s1)
    else pipeline<false>(team, smem, i0, j0, packed, s1, acc);
    this->write_partial(team.team_rank(), i0, j0, s, acc);
  }

  // The team's block at (i0, j0), one micro-tile per thread.
  KOKKOS_INLINE_FUNCTION void block(const member_type& team, T* smem, index_t i0, index_t j0) const {
    acc_type acc;
    MK::zero(acc);
    const index_t steps = (d.k + P::BK - 1) / P::BK;
    if constexpr (WholeTiles) {
      pipeline<true>(team, smem, i0, j0, 0, steps, acc);
    } else {
      const index_t packed = pack_steps(team, smem, i0, j0, 0, steps, acc);
      pipeline<false>(team, smem, i0, j0, packed, steps, acc);  // one copy of the element loop
    }
    this->write_back(team, smem, i0, j0, acc);
  }

};

}  // namespace kernels
}  // namespace kmm
