#pragma once
// The one place that picks a kernel and its parameters: the entry points
// (gemm.hpp, batched_gemm.hpp) check their arguments and call these; these
// ask the tile table (tile_table.hpp) and launch. Kernels take what they are
// given and read no table.
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "kmm/detail/access.hpp"
#include "kmm/detail/workspace.hpp"
#include "kmm/kernels/batched.hpp"
#include "kmm/kernels/gpu_batched_blocked.hpp"
#include "kmm/kernels/gpu_batched_whole.hpp"
#include "kmm/kernels/gpu_blocked_launch.hpp"
#include "kmm/kernels/host_blocked.hpp"
#include "kmm/kernels/naive.hpp"
#include "kmm/kernels/operands.hpp"
#include "kmm/kernels/repack.hpp"
#include "kmm/kernels/tiled.hpp"
#include "kmm/tile_table.hpp"
#include "kmm/types.hpp"

namespace kmm {
namespace detail {

template <class T>
struct type_tag {
  using type = T;
};

/// Algorithm::Tiled with tiles of Shape and the table's team size for them.
template <class Shape, bool TA, bool TB, class ExecSpace, class AView, class BView, class CView>
void run_tiled(const ExecSpace& space, typename CView::const_value_type alpha, const AView& A, const BView& B,
               typename CView::const_value_type beta, const CView& C) {
  constexpr int team_size = TileTable<ExecSpace>::template tiled_team_size<Shape>();
  kernels::tiled<Shape, team_size, TA, TB>(space, alpha, A, B, beta, C);
}

/// The GPU Blocked kernel with row Row, k split in `splits` (1: not split);
/// Transposed: on C^T = op(B)^T op(A)^T (kernels::transposed), as the
/// dispatcher runs wide C (TileTable::blocked_transpose).
/// A row whose stages exceed what Kokkos lets a team take (more than 48 KB
/// where Kokkos does not opt kernels in) is refused before anything runs.
template <class Row, bool TA, bool TB, bool Transposed = false, class ExecSpace, class AView, class BView, class CView>
void run_gpu_blocked(const ExecSpace& space, typename CView::const_value_type alpha, const AView& A, const BView& B,
                     typename CView::const_value_type beta, const CView& C, int splits = 1) {
  const kernels::Operands<TA, TB, AView, BView, CView> d(A, B, C);
  using DFacts = std::decay_t<decltype(d.facts())>;
  using Facts =
      std::conditional_t<Transposed, std::decay_t<decltype(kernels::transposed(std::declval<DFacts>()))>, DFacts>;
  const auto bytes = std::int64_t(kernels::GpuBlocked<Row, ExecSpace, Facts>::scratch_bytes());
  const auto team_max = std::int64_t(team_scratch_max(space));
  if (!TileTable<ExecSpace>::team_scratch_ok(bytes, Row::team_size, team_max))
    throw std::invalid_argument("kmm::gemm_blocked: the row's stages take " + std::to_string(bytes) +
                                " bytes of team scratch, over the 48 KB any block may take, and Kokkos lets a "
                                "team take " + std::to_string(team_max) +
                                " (rows of more than 48 KB need a Kokkos that opts kernels in, as kmm's "
                                "patched Kokkos 3.4 does)");
  if constexpr (Transposed)
    kernels::gpu_blocked<Row>(space, kernels::transposed(d.facts()), alpha, beta, splits);
  else
    kernels::gpu_blocked<Row>(space, d.facts(), alpha, beta, splits);
}

/// Does row R's kernel on operands Facts fit what Kokkos lets a team take
/// and the device's multiprocessors hold, R::min_blocks of them
/// (GridRules::stages_fit)? Asked of the rows of more than 48 KB.
template <class R, class Facts, class ExecSpace>
bool row_fits(const ExecSpace& space) {
  return TileTable<ExecSpace>::stages_fit(std::int64_t(kernels::GpuBlocked<R, ExecSpace, Facts>::scratch_bytes()),
                                          R::team_size, R::min_blocks, std::int64_t(team_scratch_max(space)),
                                          std::int64_t(shared_memory_per_multiprocessor(space)));
}

/// GPU Blocked row R (or its deep form where it takes it and the device and
/// Kokkos hold its blocks: GpuRows::deep_form, TileTable::deep_for,
/// GridRules::stages_fit) on the operands f describes (d's, or C^T's), for
/// a device of `sms` multiprocessors: k split as TileTable::launch_splits
/// says (where every k-step takes the element path, as element_splits trims
/// it, not split packs: GridRules::element_splits), or, where that leaves it
/// whole and TileTable::tail_split says so, in two products: C less its last
/// block rows (columns), then those with k split. Operands whose packs do
/// not align take the pack pipeline by element copies where
/// TileTable::unaligned_pipeline says so; where the 96-row row would copy
/// op(B) so in short split items, the large row runs the product
/// (TileTable::short_split_packs_on_large).
template <class R, class ExecSpace, class Facts>
void launch_row(const ExecSpace& space, const Facts& f, typename Facts::T alpha, typename Facts::T beta, int sms) {
  using Table = TileTable<ExecSpace>;
  using T = typename Facts::T;
  using Deep = typename Table::template deep_form<R, Facts::A_FAST>;  // R's deep form, where it has one and it fits
  if constexpr (!std::is_same<Deep, R>::value) {
    if (Table::template deep_for<R, T>(f.m, f.n, f.k, sms) && row_fits<Deep, Facts>(space))
      return launch_row<Deep>(space, f, alpha, beta, sms);
  }
  int splits = Table::template launch_splits<R, T>(f.m, f.n, f.k, sms);
  const bool unaligned = Table::template unaligned_pipeline<R>(f.m, f.n);
  if constexpr (std::is_same<R, typename Table::Fp64MmaShort>::value && Facts::A_FAST == 1 && Facts::B_FAST == 1) {
    // (the 96-row row's split-pack copies of op(B) in short split items: the large row)
    if (kernels::PackPipeline<R, ExecSpace, Facts>::b_split(f, unaligned) &&
        Table::template short_split_packs_on_large<T>(f.m, f.n, f.k, splits, sms))
      return launch_row<typename Table::Fp64MmaLarge>(space, f, alpha, beta, sms);
  }
  if (kernels::PackPipeline<R, ExecSpace, Facts>::elements(f, unaligned))  // element k-steps
    splits = Table::template element_splits<R, T>(f.m, f.n, f.k, sms, splits);
  const auto tail = splits == 1 ? Table::template tail_split<R, T>(f.m, f.n, f.k, sms) : std::nullopt;
  const bool staged = Table::template c_through_stages<R>(f.m, f.n, f.k, !f.a_m, sms);
  if (!tail) return kernels::gpu_blocked<R>(space, f, alpha, beta, splits, unaligned, staged);
  const auto head = tail->rows ? kernels::rows_of(f, 0, tail->from) : kernels::columns_of(f, 0, tail->from);
  const auto lines = tail->rows ? kernels::rows_of(f, tail->from, f.m) : kernels::columns_of(f, tail->from, f.n);
  kernels::gpu_blocked<R>(space, head, alpha, beta, 1, unaligned, staged);
  kernels::gpu_blocked<R>(space, lines, alpha, beta, tail->splits, unaligned, staged);
}

/// GPU Blocked on the operands d describes: the row the table picks for the shape (large, mid
/// (its edge form for C mostly in edge blocks, TileTable::Fp64MidEdge),
/// narrow, 32 or 48 columns wide (16-deep where op(A) runs along k; for
/// tall C of 49-64 columns with op(A) along k the mid edge form's deep form
/// where it fits, TileTable::narrow_on_mid_deep; for tall C of 65-96
/// columns the 96 x 96 row where it fits, TileTable::tall_square), Gram,
/// wide Gram, small Gram, 96-row, or fp32's thin rows), with k split where
/// that row's blocks leave most of the device's multiprocessors idle or
/// part-fill their waves (TileTable::launch_splits), or else only the last
/// part-filled wave's block rows or columns split (TileTable::tail_split);
/// wide C that the tall rows compute better turned, as C^T = op(B)^T
/// op(A)^T (TileTable::blocked_transpose). d is computed once, by
/// run_blocked, and handed to the kernel.
template <class ExecSpace, class Desc>
void blocked_on(const ExecSpace& space, const Desc& d, typename Desc::T alpha, typename Desc::T beta) {
  using T = typename Desc::T;
  using Table = TileTable<ExecSpace>;
  const int sms = multiprocessors(space);
  const auto launch_on = [&](auto row, const auto& f) {  // row R on facts f (d's, or C^T's)
    launch_row<typename decltype(row)::type>(space, f, alpha, beta, sms);
  };
  const auto launch = [&](auto row) { launch_on(row, d); };
  using Large = typename Table::template blocked<T>;
  using Mid = typename Table::template blocked_mid<T>;
  constexpr bool static_directions = Desc::A_FAST >= 0 && Desc::B_FAST >= 0;
  constexpr bool k_contiguous = Desc::A_FAST == 0 && Desc::B_FAST == 0;  // both operands along k
  // Rows other than large and mid are compiled only where the rule can pick
  // them for these operands (the table's *_row_kernels); elsewhere their
  // case launches the mid row, which the rule never reaches there.
  const auto launch_if = [&](auto compiled, auto row) {
    if constexpr (decltype(compiled)::value)
      launch(row);
    else
      launch(type_tag<Mid>{});
  };
  using narrow_compiled = std::bool_constant<Table::template narrow_row_kernels<T, static_directions>()>;
  using gram_compiled = std::bool_constant<Table::template gram_row_kernels<T, k_contiguous>()>;
  using gram_small_compiled = std::bool_constant<Table::template gram_small_row_kernels<T>()>;
  using short_compiled = std::bool_constant<Table::template short_row_kernels<T>()>;
  using narrow48_compiled = std::bool_constant<Table::template narrow48_row_kernels<T>()>;
  // Do the operands' full k-steps travel by the 48-column narrow row's
  // pack pipeline, for C and for C^T (its rule wants them:
  // TileTable::blocked_pick)? Aligned packs, or any where the row's copies
  // need no alignment: C of at most 48 columns (rows, for C^T), which the
  // rule asks for, is one block column of it (unaligned_pipeline).
  const auto packs48 = [&] {
    if constexpr (Table::template narrow48_row_kernels<T>()) {
      using N48 = typename Table::Fp64Narrow48;
      using Pipe = kernels::PackPipeline<N48, ExecSpace, Desc>;
      using PipeT = kernels::PackPipeline<N48, ExecSpace, std::decay_t<decltype(kernels::transposed(d))>>;
      const auto t = kernels::transposed(d);
      return Pipe::a(d, true) && Pipe::b(d, true) && PipeT::a(t, true) && PipeT::b(t, true);
    } else {
      return false;
    }
  }();
  using thin_compiled = std::bool_constant<Table::template thin_row_kernels<T, static_directions>()>;
  const auto launch_thin = [&](typename Table::Pick row, const auto& f) {  // fp32's thin rows, on facts f
    if constexpr (thin_compiled::value) {
      if (row == Table::Pick::Thin16)
        launch_on(type_tag<typename Table::Fp32Thin16>{}, f);
      else
        launch_on(type_tag<typename Table::Fp32Thin>{}, f);
    } else {
      launch_on(type_tag<Mid>{}, f);  // (the rule never picks them here)
    }
  };
  if constexpr (thin_compiled::value) {  // fp32 wide thin C as tall C^T: a thin row
    if (const auto row = Table::template blocked_transpose<T>(d.m, d.n, d.k, static_directions, sms))
      return launch_thin(*row, kernels::transposed(d));
  } else if constexpr (Table::template transposed_row_kernels<T>()) {  // wide C as tall C^T: the large or narrow row
    if (const auto row =
            Table::template blocked_transpose<T>(d.m, d.n, d.k, static_directions, sms, k_contiguous, packs48)) {
      // C^T's op(A) is op(B)^T
      using Narrow = typename Table::template blocked_narrow<T, Desc::B_FAST>;
      using Narrow48 = typename Table::template blocked_narrow<T, Desc::B_FAST, true>;
      const auto ct = kernels::transposed(d);
      if (*row == Table::Pick::Large)
        launch_on(type_tag<Large>{}, ct);
      else if (*row == Table::Pick::Narrow48)
        launch_on(type_tag<Narrow48>{}, ct);
      else
        launch_on(type_tag<Narrow>{}, ct);
      return;
    }
  }
  // every k-step on the element path (the large row's; the mid row's differs
  // only where C is one block row or column of one and not the other)
  const bool elements =
      kernels::PackPipeline<Large, ExecSpace, Desc>::elements(d, Table::template unaligned_pipeline<Large>(d.m, d.n));
  const auto pick = Table::template blocked_pick<T>(d.m, d.n, d.k, d.template whole_tiles<Large>(),
                                                    static_directions, sms, k_contiguous, packs48, true, elements);
  switch (pick) {
    case Table::Pick::Large: launch(type_tag<Large>{}); break;
    case Table::Pick::Narrow:
      if constexpr (Table::template short_row_kernels<T>()) {  // tall C of 65-96 columns: one 96-column block column
        using Sq = typename Table::Fp64MmaShortSquare;
        if (Table::template tall_square<T>(d.m, d.n, d.k, !d.b_n, sms) && row_fits<Sq, Desc>(space)) {
          launch(type_tag<Sq>{});
          break;
        }
      }
      if constexpr (Table::template mid_edge_row_kernels<T>() && Desc::A_FAST == 0) {  // tall C of 49-64 columns
        using E = typename Table::Fp64MmaMidEdgeDeep;
        if (Table::narrow_on_mid_deep(d.n) && row_fits<E, Desc>(space)) {
          launch(type_tag<E>{});
          break;
        }
      }
      launch_if(narrow_compiled{}, type_tag<typename Table::template blocked_narrow<T, Desc::A_FAST>>{});
      break;
    case Table::Pick::Narrow48:
      launch_if(narrow48_compiled{}, type_tag<typename Table::template blocked_narrow<T, Desc::A_FAST, true>>{});
      break;
    case Table::Pick::Gram: launch_if(gram_compiled{}, type_tag<typename Table::Fp64Gram>{}); break;
    case Table::Pick::GramWide: launch_if(gram_compiled{}, type_tag<typename Table::Fp64GramWide>{}); break;
    case Table::Pick::GramSmall: launch_if(gram_small_compiled{}, type_tag<typename Table::Fp64GramSmall>{}); break;
    case Table::Pick::Short: launch_if(short_compiled{}, type_tag<typename Table::Fp64Short>{}); break;
    case Table::Pick::Thin:
    case Table::Pick::Thin16: launch_thin(pick, d); break;
    default:  // the mid row, or its edge form where C is mostly its edge blocks
      if constexpr (Table::template mid_edge_row_kernels<T>()) {
        using MidEdge = typename Table::Fp64MidEdge;
        if (Table::mid_edges(d.m, d.n) && d.template packs<MidEdge>()) {
          launch(type_tag<MidEdge>{});
          break;
        }
      }
      launch(type_tag<Mid>{});
  }
}

/// run(f) on the GPU Blocked operands f, or on f with op(A) and/or op(B)
/// replaced by copies whose packs align (kernels/repack.hpp) where they
/// take none, where TileTable::repack says so (or, where min_reuse >= 0 is
/// given, each such operand used in at least min_reuse products: n for
/// op(A), m for op(B)); an operand larger than panel_bytes goes in
/// panels, each with its part of C (rows of C for op(A), columns for
/// op(B)), a product of its own (none where 256 lines exceed it:
/// TileTable::repack_panel).
template <class ExecSpace, class Facts, class Run>
void with_repacked(const ExecSpace& space, const Facts& f, const Run& run, index_t min_reuse = -1,
                   index_t panel_bytes = TileTable<ExecSpace>::repack_panel_bytes) {
  using T = typename Facts::T;
  using Table = TileTable<ExecSpace>;
  constexpr int V = kernels::repack_pack<T>();
  const bool a_copy = f.template a_repackable<V>(), b_copy = f.template b_repackable<V>();
  const bool table = min_reuse < 0 && Table::template repack<T>(a_copy, !f.a_m, b_copy, !f.b_n, f.m, f.n, f.k);
  const bool ra = a_copy && (min_reuse < 0 ? table : f.n >= min_reuse);
  const bool rb = b_copy && (min_reuse < 0 ? table : f.m >= min_reuse);
  if (!ra && !rb) return run(f);
  const auto ka = kernels::a_repack_shape(f), kb = kernels::b_repack_shape(f);
  // lines per panel: each row of C takes one line of op(A)'s copy, each
  // column one of op(B)'s; lines along the copy's unit stride are padded
  const auto panel = [&](const kernels::RepackShape& s, bool lines_along_unit, index_t lines) {
    const index_t line_bytes = (lines_along_unit ? s.cols : s.template ld<T>()) * index_t(sizeof(T));
    return Table::repack_panel(lines, line_bytes, panel_bytes, lines_along_unit ? s.template pad<T>() : 1);
  };
  const index_t pa = ra ? panel(ka, f.a_m, f.m) : f.m;
  const index_t pb = rb ? panel(kb, f.b_n, f.n) : f.n;
  if (pa == 0 || pb == 0) return run(f);  // a panel of 256 lines over panel_bytes: no copy
  const auto round = [](index_t bytes) { return (bytes + 255) / 256 * 256; };
  const index_t bytes_a =
      ra ? round(kernels::a_repack_shape(kernels::rows_of(f, 0, pa)).template elements<T>() * index_t(sizeof(T))) : 0;
  const index_t bytes_b =
      rb ? round(kernels::b_repack_shape(kernels::columns_of(f, 0, pb)).template elements<T>() * index_t(sizeof(T))) : 0;
  with_workspace<ExecSpace, RepackSlot>(space, std::size_t(bytes_a + bytes_b), [&](void* ws) {
    T* wa = static_cast<T*>(ws);
    T* wb = reinterpret_cast<T*>(static_cast<unsigned char*>(ws) + bytes_a);
    for (index_t i0 = 0; i0 < f.m; i0 += pa) {
      Facts g = pa == f.m ? f : kernels::rows_of(f, i0, std::min(i0 + pa, f.m));
      kernels::RepackCopies<ExecSpace, T> copies;  // op(A)'s panel, and op(B) whole the first time
      if (ra) g = kernels::with_repacked_a(g, wa, copies.add(g.a, kernels::a_repack_shape(g), wa));
      if (rb && pb == f.n) {
        const index_t ld = i0 == 0 ? copies.add(g.b, kb, wb) : kb.template ld<T>();
        g = kernels::with_repacked_b(g, wb, ld);
      }
      copies.run(space);
      if (pb == f.n) {
        run(g);
        continue;
      }
      for (index_t j0 = 0; j0 < f.n; j0 += pb) {  // op(B) in panels, each copied for each panel of op(A)
        Facts h = kernels::columns_of(g, j0, std::min(j0 + pb, f.n));
        kernels::RepackCopies<ExecSpace, T> copy_b;
        h = kernels::with_repacked_b(h, wb, copy_b.add(h.b, kernels::b_repack_shape(h), wb));
        copy_b.run(space);
        run(h);
      }
    }
  });
}

/// Algorithm::Blocked: on a host space libkmm's frame with this CPU's
/// micro-kernel; on a GPU blocked_on, on the operands or their repacked
/// copies (with_repacked).
template <bool TA, bool TB, class ExecSpace, class AView, class BView, class CView>
void run_blocked(const ExecSpace& space, typename CView::const_value_type alpha, const AView& A, const BView& B,
                 typename CView::const_value_type beta, const CView& C) {
  if constexpr (is_host_space<ExecSpace>()) {
    kernels::host_blocked<TA, TB>(space, alpha, A, B, beta, C);
  } else {
    const kernels::Operands<TA, TB, AView, BView, CView> d(A, B, C);
    with_repacked(space, d.facts(), [&](const auto& f) { blocked_on(space, f, alpha, beta); });
  }
}

/// One algorithm (Naive, Tiled or Blocked), fixed at compile time, so only
/// its kernels are instantiated.
template <Algorithm A_, bool TA, bool TB, class ExecSpace, class AView, class BView, class CView>
void run_algorithm(const ExecSpace& space, typename CView::const_value_type alpha, const AView& A, const BView& B,
                   typename CView::const_value_type beta, const CView& C) {
  static_assert(A_ == Algorithm::Naive || A_ == Algorithm::Tiled || A_ == Algorithm::Blocked,
                "run_algorithm: Auto is resolved at run time (dispatch_gemm)");
  if constexpr (A_ == Algorithm::Naive)
    kernels::naive<TA, TB>(space, alpha, A, B, beta, C);
  else if constexpr (A_ == Algorithm::Blocked)
    run_blocked<TA, TB>(space, alpha, A, B, beta, C);
  else
    run_tiled<typename TileTable<ExecSpace>::tiled_shape, TA, TB>(space, alpha, A, B, beta, C);
}

/// kmm::gemm after its checks, with a product to compute (m, n, k > 0,
/// alpha != 0): resolves Auto from the table and launches.
template <bool TA, bool TB, class ExecSpace, class AView, class BView, class CView>
void dispatch_gemm(const ExecSpace& space, Algorithm algorithm, typename CView::const_value_type alpha,
                   const AView& A, const BView& B, typename CView::const_value_type beta, const CView& C) {
  if (algorithm == Algorithm::Auto)
    algorithm = TileTable<ExecSpace>::template auto_algorithm<typename CView::non_const_value_type>(
        C.extent(0), C.extent(1), TA ? A.extent(0) : A.extent(1));
  if (algorithm == Algorithm::Naive)
    run_algorithm<Algorithm::Naive, TA, TB>(space, alpha, A, B, beta, C);
  else if (algorithm == Algorithm::Blocked)
    run_algorithm<Algorithm::Blocked, TA, TB>(space, alpha, A, B, beta, C);
  else
    run_algorithm<Algorithm::Tiled, TA, TB>(space, alpha, A, B, beta, C);
}

/// kmm::batched_gemm after its checks, with a product to compute.
template <bool TA, bool TB, class ExecSpace, class AView, class BView, class CView>
void dispatch_batched(const ExecSpace& space, Algorithm algorithm, typename CView::const_value_type alpha,
                      const AView& A, const BView& B, typename CView::const_value_type beta, const CView& C) {
  using Table = TileTable<ExecSpace>;
  const index_t m = C.extent(1), n = C.extent(2), k = TA ? A.extent(1) : A.extent(2);
  using T = typename CView::non_const_value_type;
  if (algorithm == Algorithm::Auto) algorithm = Table::template batched_algorithm<T>(m, n, k);
  if (algorithm == Algorithm::Naive) {
    kernels::batched_team<TA, TB>(space, Table::batched_team_size(m, n), alpha, A, B, beta, C);
  } else if (algorithm == Algorithm::Blocked) {
    if constexpr (is_host_space<ExecSpace>()) {
      kernels::host_batched_blocked<TA, TB>(space, alpha, A, B, beta, C);
    } else {
      using BB = typename Table::BatchBlock;
      using W = typename Table::BatchWhole;
      // the whole-matrix row where the rule and whole_plan take the batch
      // (on the fp64 tensor cores where batched_whole_mma says); else the
      // row for C's size, or its edge form where C is mostly its edge
      // blocks and both operands travel as the edge form's packs
      const auto launch = [&](auto block) {
        using R = typename Table::template batched_row<T, decltype(block)::value>;
        using E = typename Table::template batched_row<T, decltype(block)::value, true>;
        if (Table::batched_whole(m, n, kernels::batched_packs<R, TA, TB>(A, B, C))) {
          const auto plan = kernels::whole_plan<W, TA, TB, ExecSpace>(A, B, C);
          if constexpr (Table::template whole_mma_kernels<T>()) {
            using WM = typename Table::BatchWholeMma;
            if (plan.fits && Table::batched_whole_mma(plan.kc < k)) {
              const auto mma_plan = kernels::whole_plan<WM, TA, TB, ExecSpace>(A, B, C);
              if (mma_plan.fits) return kernels::gpu_batched_whole<WM, TA, TB>(space, mma_plan, alpha, A, B, beta, C);
            }
          }
          if (plan.fits) return kernels::gpu_batched_whole<W, TA, TB>(space, plan, alpha, A, B, beta, C);
        }
        if constexpr (!std::is_same<R, E>::value) {
          if (Table::template edge_heavy<E>(m, n) && kernels::batched_packs<E, TA, TB>(A, B, C))
            return kernels::gpu_batched_blocked<E, TA, TB>(space, alpha, A, B, beta, C);
        }
        kernels::gpu_batched_blocked<R, TA, TB>(space, alpha, A, B, beta, C);
      };
      switch (Table::batched_block(m, n)) {
        case BB::Small: launch(std::integral_constant<BB, BB::Small>{}); break;
        case BB::Mid48: launch(std::integral_constant<BB, BB::Mid48>{}); break;
        default: launch(std::integral_constant<BB, BB::Mid>{});
      }
    }
  } else {
    using Shape = typename Table::batched_shape;
    kernels::batched_tiled<Shape, Table::template tiled_team_size<Shape>(), TA, TB>(space, alpha, A, B, beta, C);
  }
}

/// batched_gemm's C = beta C (k == 0 or alpha == 0): a team per matrix, A and B unread.
template <class ExecSpace, class AView, class BView, class CView>
void batched_scale(const ExecSpace& space, typename CView::const_value_type beta, const AView& A, const BView& B,
                   const CView& C) {
  using T = typename CView::non_const_value_type;
  const int team_size = TileTable<ExecSpace>::batched_team_size(C.extent(1), C.extent(2));
  kernels::batched_team<false, false>(space, team_size, T(0), A, B, beta, C);
}

}  // namespace detail
}  // namespace kmm

#include "kmm/detail/prebuilt.hpp"  // (libkmm's compiled blocked_on)
