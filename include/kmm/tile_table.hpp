#pragma once
// kmm's tile table: every per-backend blocking parameter and every rule that
// picks a kernel from the shape lives here and in the two headers the GPU
// table inherits (kmm/gpu_rows.hpp: the rows by name; kmm/grid_rules.hpp:
// blocks, waves, splits and operand copies of a row on the device), and
// nowhere else. Kernels take their parameters from the caller and never
// read these files; the dispatcher (kmm/dispatch.hpp) asks the table and
// launches.
//
// GPU backends (execution spaces whose memory the host cannot read) and host
// backends (Serial, OpenMP) get one table each. Each value chosen by
// measurement names the docs/perf-log.md section with its evidence.
#include <cstdint>
#include <optional>
#include <type_traits>

#include "kmm/blocked_row.hpp"
#include "kmm/detail/access.hpp"
#include "kmm/detail/mma.hpp"
#include "kmm/gpu_rows.hpp"
#include "kmm/grid_rules.hpp"
#include "kmm/types.hpp"

namespace kmm {

/// A tile of C (tm x tn) and the depth tk of one k-phase staged in scratch
/// (Algorithm::Tiled and batched_gemm's Tiled).
template <int TM, int TN, int TK>
struct TileShape {
  static constexpr int tm = TM, tn = TN, tk = TK;
  static_assert(TM > 0 && TN > 0 && TK > 0, "tile extents must be positive");
};

// The tile shapes of the seed documents.
using Square8 = TileShape<8, 8, 8>;
using Square16 = TileShape<16, 16, 16>;
using Square32 = TileShape<32, 32, 32>;
/// A 16x16 tile of C, A staged 16 x 64 and B 64 x 16 per phase.
using Strip16 = TileShape<16, 16, 64>;

template <class ExecSpace, bool Host = detail::is_host_space<ExecSpace>()>
struct TileTable;

/// GPU table.
template <class ExecSpace>
struct TileTable<ExecSpace, false> : GpuRows, GridRules {
  /// Algorithm::Tiled: one thread per element of a tile (team_rank() is
  /// threadIdx.y with vector length 1, so consecutive ranks are consecutive
  /// lanes of a warp).
  template <class Shape>
  static constexpr int tiled_team_size() { return Shape::tm * Shape::tn; }
  using tiled_shape = Square16;

  /// Algorithm::Auto: Blocked once C's 64 x 128 tiles number at least 32
  /// and both m and n reach 32, or k reaches split_k_min_k (Blocked then
  /// splits k); below that Tiled's 16 x 16 tiles keep more of the GPU busy
  /// (perf-log: "Auto on the GPU", "Split-k"). Blocked also:
  /// - fp64 in an MMA build, and fp32, for C thinner than 32 whose long side
  ///   reaches thin_blocked_min_side: the narrow and thin rows stream the
  ///   long operand (perf-log: "Thin C on the narrow row", "fp32 thin C");
  /// - fp64 in an MMA build wherever both m and n reach 32 (perf-log: "Auto
  ///   on small products with the fp64 tensor cores");
  /// - fp32 where both m and n reach fp32_blocked_min_side (the mid row's
  ///   block) and k fp32_blocked_min_k (perf-log: "fp32 large or mid row by
  ///   the busiest multiprocessor's work") or C fp32_blocked_min_c elements
  ///   (fitted on 20 random products, held on 20: "fp32 Auto at short k").
  static constexpr std::int64_t split_k_min_k = 512;
  static constexpr std::int64_t thin_blocked_min_side = 128 * 128;
  static constexpr std::int64_t mma_blocked_min_side = 32;
  static constexpr std::int64_t fp32_blocked_min_side = 64;
  static constexpr std::int64_t fp32_blocked_min_k = 256, fp32_blocked_min_c = 110000;
  template <class T>
  static Algorithm auto_algorithm(std::int64_t m, std::int64_t n, std::int64_t k) {
    const std::int64_t tiles = ((m + 63) / 64) * ((n + 127) / 128);
    if (k >= split_k_min_k) return Algorithm::Blocked;
    if (f64_mma && !std::is_same<T, float>::value && (m < n ? m : n) >= mma_blocked_min_side)
      return Algorithm::Blocked;
    if (std::is_same<T, float>::value && (m < n ? m : n) >= fp32_blocked_min_side &&
        (k >= fp32_blocked_min_k || m * n >= fp32_blocked_min_c))
      return Algorithm::Blocked;
    if ((f64_mma || std::is_same<T, float>::value) && (m > n ? m : n) >= thin_blocked_min_side)
      return Algorithm::Blocked;
    return (m < n ? m : n) >= 32 && tiles >= 32 ? Algorithm::Blocked : Algorithm::Tiled;
  }

  /// batched_gemm by the larger side of C: Naive (a team per matrix, a thread
  /// per element of C in whole warps, at most 256) up to batched_naive_max<T>,
  /// Blocked above (the whole-matrix row where its rule takes the batch, else
  /// the batched rows: kmm/dispatch.hpp). Never Tiled: the whole-matrix row
  /// ran 1.6-2.3 times as fast at n = 9-16 (perf-log: "Whole matrices in scratch").
  static int batched_team_size(std::int64_t m, std::int64_t n) {
    const std::int64_t warps = (m * n + 31) / 32;
    return static_cast<int>(32 * (warps < 1 ? 1 : warps > 8 ? 8 : warps));
  }
  using batched_shape = Square16;
  template <class T>
  static constexpr std::int64_t batched_naive_max() { return std::is_same<T, float>::value ? 8 : 9; }
  template <class T>
  static Algorithm batched_algorithm(std::int64_t m, std::int64_t n, std::int64_t /*k*/) {
    const std::int64_t big = m > n ? m : n;
    return big <= batched_naive_max<T>() ? Algorithm::Naive : Algorithm::Blocked;
  }

  /// Does row R take its deep form (GpuRows::deep_form) for an m x n x k
  /// product on a device of `multiprocessors`? The Gram row where C has two
  /// of its blocks or more: one block split over hundreds of k-ranges ran
  /// slower on the deep form, where four blocks per multiprocessor keep more
  /// splits running (perf-log: "Team scratch above 48 KB: deeper stages for
  /// streamed fp64 panels"). The 96-row row (its deep form
  /// Fp64MmaShortSquare) where C has more than 64 columns, the 96-column
  /// blocks pad them at most 2 % more than 64-column ones, and k_splits'
  /// count for it leaves C unsplit or keeps at least short_square_min_steps
  /// k-steps an item: its one block is split twice as many ways as the
  /// 96-row row's two, and an item's fixed cost (pipeline fill, partial)
  /// measured as some 25 k-steps (perf-log: "A 96 x 96 fp64 row for C of
  /// 65-96 rows"). k_splits, not launch_splits: launch_splits' search took
  /// 4-9 % of a 100 us product on the host. The other rows everywhere.
  static constexpr std::int64_t short_square_min_steps = 40;
  template <class R, class T>
  static bool deep_for(std::int64_t m, std::int64_t n, std::int64_t k, int multiprocessors) {
    if constexpr (std::is_same<R, Fp64MmaGram>::value) {
      return blocks<R>(m, n) >= 2;
    } else if constexpr (std::is_same<R, Fp64MmaShort>::value) {
      using S = Fp64MmaShortSquare;
      if (n <= R::BN || 50 * padded<S>(m, n) > 51 * padded<R>(m, n)) return false;  // (both 96 rows)
      const std::int64_t q = k_splits<S, T>(m, n, k, multiprocessors), steps = (k + S::BK - 1) / S::BK;
      return q == 1 || (steps + q - 1) / q >= short_square_min_steps;
    } else {
      return true;
    }
  }

  /// fp64 C on the 96-row row itself (not its deep form) whose op(B) it
  /// copies as split packs (op(A) along m, op(B) along n, B's lines an odd
  /// number of doubles apart; the dispatcher asks the operands): the large
  /// row where launch_splits' count `splits` makes one round of items of at
  /// most short_split_pack_max_steps k-steps. That row's kernel reloads
  /// spilled registers on those copies, per item (perf-log: "Split packs on
  /// the 96-row row taken by the large row"; the limits: what was measured).
  static constexpr std::int64_t short_split_pack_max_steps = 64;
  template <class T>
  static bool short_split_packs_on_large(std::int64_t m, std::int64_t n, std::int64_t k, int splits,
                                         int multiprocessors) {
    using R = Fp64MmaShort;
    if (!short_row_kernels<T>() || splits <= 1) return false;
    const std::int64_t steps = (k + R::BK - 1) / R::BK, item = (steps + splits - 1) / splits;
    return blocks<R>(m, n) * ((steps + item - 1) / item) <= slots<R>(multiprocessors) &&
           item <= short_split_pack_max_steps;
  }

  /// The mid row's edge form (Fp64MidEdge): its kernels are compiled for
  /// fp64 on the tensor cores; the dispatcher takes it where the mid row is
  /// picked and C is mostly its edge blocks (mid_edges).
  template <class T>
  static constexpr bool mid_edge_row_kernels() { return gram_small_row_kernels<T>(); }
  static bool mid_edges(std::int64_t m, std::int64_t n) { return edge_heavy<Fp64MmaMidEdge>(m, n); }
  /// fp64 tall C of 49-64 columns with op(A) along k that blocked_pick
  /// gives the 32-column narrow row: its two block columns read op(A)
  /// twice, where the mid edge form's deep form (Fp64MmaMidEdgeDeep, 64 x
  /// 64 x 16 blocks in four stages) reads it once, 16 deep. The dispatcher
  /// takes that row there where it fits (stages_fit), else the narrow row.
  /// On the H200 0.97-1.11 as fast on products of the class; C of 65-128
  /// columns ran level or slower on it, so keeps the narrow row (perf-log:
  /// "Tall C of 49-64 columns on the mid row's deep form").
  static bool narrow_on_mid_deep(std::int64_t n) { return n > Fp64MmaNarrow48::BN && n <= Fp64MmaMidEdgeDeep::BN; }
  /// fp64 tall C of 65-96 columns that blocked_pick gives the 32-column
  /// narrow row (three block columns, each reading op(A)), with op(B) along
  /// k and k of at least tall_square_min_k: the 96 x 96 row
  /// (Fp64MmaShortSquare: one block column, which reads op(A) once, in warp
  /// tiles of 48 x 32) where its 96-row grid pads C at most 2 % more than
  /// the narrow row's 128-row one and deep_for takes it for C of that many
  /// columns (unsplit, or items of at least short_square_min_steps k-steps).
  /// The dispatcher takes it there where it fits (stages_fit).
  /// On an H100 1.01-1.26 as fast at k of 500 or more; slower at k of
  /// 101-115 (7-8 k-steps), with op(B) along n and where C is padded more,
  /// which keep the narrow row (perf-log: "Tall C of 65-96 columns on the
  /// 96 x 96 row; small copies").
  static constexpr std::int64_t tall_square_min_k = 512;
  template <class T>
  static bool tall_square(std::int64_t m, std::int64_t n, std::int64_t k, bool b_along_k, int multiprocessors) {
    using S = Fp64MmaShortSquare;
    return short_row_kernels<T>() && b_along_k && n > Fp64MmaShort::BN && n <= S::BN && k >= tall_square_min_k &&
           50 * padded<S>(m, n) <= 51 * padded<Fp64MmaNarrow>(m, n) && deep_for<Fp64MmaShort, T>(m, n, k, multiprocessors);
  }

  /// Which Blocked row computes an m x n x k product (perf-log: "Edges
  /// without registers"). fp32: with directions the layouts fix, a thin row
  /// where C has at most 32 columns and at least as many rows (Fp32Thin16 up
  /// to 16 columns, Fp32Thin up to 32; perf-log: "fp32 thin C"); else the mid
  /// row where the operands' unit-stride directions are known only at run
  /// time (LayoutStride) and C is not whole large tiles (those two-path
  /// kernels spill at the register caps of the large and narrow rows); else,
  /// with directions the layouts fix, the narrow row where C has at least as
  /// many rows as columns and its 128 x 96 grid pads C 15 % less than the
  /// large row's (65-96 columns), unless the large row would split k
  /// (k_splits) and the narrow one would not (launch_splits, which splits
  /// part-filled waves of the narrow row's two blocks per multiprocessor:
  /// 20000 x 90 x 8000 ran 0.83 as fast on it unsplit as on the large row
  /// split 2 ways, 1.28 as fast split 3 ways; perf-log: "A 96-column fp32
  /// row", "Edge-heavy C on the mid row; fp32 narrow splits";
  /// narrow_row_kernels); else the large row, unless the mid row's 64 x 64
  /// grid pads C by 15 % less (the large row runs about 15 % faster per
  /// element of C on squares) or its busiest multiprocessor models at least
  /// 10 % less work (fp32_busiest; elements, from the dispatcher: every
  /// k-step on the element path; perf-log: "fp32 large or mid row by the
  /// busiest multiprocessor's work"). fp64: the large row where C has at
  /// least 128 rows and columns and its waves cost 15 % less than the mid
  /// row's (a wave: every resident-block slot of the device's multiprocessors
  /// busy; the last one counts whole, since its blocks take as long however
  /// few they are, perf-log: "Waves, not blocks"; unless tail_split splits
  /// it: then as modelled there, so 1500^3, 1.1 waves against the mid row's
  /// two, takes the large row, perf-log: "The last wave split"). Else the
  /// narrow row where C has at least as many rows as columns and its grid
  /// pads C at most 2 % more than the mid row's (C of about 3,200 rows or
  /// more that end 1-64 past a multiple of 128; perf-log: "The k-step head"),
  /// unless C is whole mid blocks and less than twice as tall as wide (1024^3
  /// ran slower on the narrow row; perf-log: "A 96-row fp64 row; long k on
  /// the large row"), else the mid row; but where that row and the large one
  /// would both split k (k_splits), each fills the device in one wave of
  /// blocks x splits, and the large row's 15 % lead per element decides
  /// unless its grid pads C 15 % more (7680 x 64 x 2560; perf-log: "Split
  /// products take the large row"). Where the narrow row (32 columns) takes C
  /// of 49-64 columns, which its two block columns pad as the large row's one
  /// does while reading op(A) twice, or of 97-128 columns (four block columns
  /// against two), and the large row's blocks part-fill its wave
  /// (launch_splits > 1): the large row, split at launch (20000 x 56 x 2000,
  /// 10359 x 98 x 6727; products the narrow row split already ran level;
  /// tall_large, which blocked_transpose turns off for C^T; perf-log: "Tall C
  /// of 49-64 columns on the large row", "Tall C of 97-128 columns on the
  /// large row"). And where a side of C is under 128 and neither row splits,
  /// the waves decide as for larger C, against that row's, wherever the large
  /// grid pads C at most 15 % more (30000 x 40 x 2000: two waves of the mid
  /// or narrow row, one of the large row; perf-log: "One wave instead of
  /// two"). "The narrow row" in these rules is the 48-column one
  /// (Pick::Narrow48) for C of 33-48 columns (one block column of it, which
  /// the 32-column grid pads to 64), k of at least narrow48_min_k and
  /// operands that its pack pipeline takes, aligned or not (packs48, from the
  /// dispatcher; kernels::PackPipeline: its team of 128 does not tile a
  /// 48-column slice element by element, so its element path stages through
  /// registers), with its own splits, padding and waves. fp64 in an MMA
  /// build, ahead of those rules: C of one block of the small Gram row (32 x
  /// 32) that the narrow or mid row would compute with k split, whatever the
  /// operands' directions, or of two (32 x 64, 64 x 32) that the mid row
  /// would compute so with operands not both along k (16 x 48 x 1000000 NN;
  /// with opA = T two small blocks ran slower), or, with operands both along
  /// k, of up to four whose grid pads C at most 2 / 5 as much as the Gram
  /// row's (C of at most 32 rows and 65-96 columns; perf-log: "Small Gram
  /// products of three blocks"): the small Gram row where it splits k too.
  /// Then Gram products, operands both along k (KContiguous) with k at least
  /// four times m + n, that the large row would split: the wide Gram row (64
  /// x 128 x 8) where C has 256 rows or columns or more and its grid pads C
  /// at most 15 % more than the Gram row's, else the Gram row (64 x 64 x 16)
  /// where its grid pads C at most 15 % more than the large row's and the
  /// rules' row (128 x 128 x 200000; perf-log: "Gram products of wide
  /// panels"). After the rules above, with operands along k, the other
  /// products that they give the mid or narrow row with k split: the Gram row
  /// where its grid pads C at most 15 % more. fp64 in an MMA build, first of
  /// all: C of 65-96 rows, the 96-row row (its 96 x 64 blocks pad C least).
  /// And after the Gram rules: products with k at least m + n and both sides
  /// of C at least 128 that the large row would split at launch
  /// (launch_splits: its blocks part-fill their rounds), the large row, as
  /// for products that both rows split (1100 x 1100 x 25000 NN; perf-log: "A
  /// 96-row fp64 row; long k on the large row").
  enum class Pick { Large, Mid, Narrow, Narrow48, Gram, GramSmall, GramWide, Short, Thin, Thin16 };
  /// Can blocked_pick<T> or blocked_transpose<T> return Pick::Thin or
  /// Pick::Thin16 (fp32 whose operands' unit-stride directions their
  /// layouts fix)? Where not, the dispatcher compiles neither thin row.
  template <class T, bool StaticDirections>
  static constexpr bool thin_row_kernels() { return StaticDirections && std::is_same<T, float>::value; }
  /// Can blocked_pick<T> return Pick::Narrow for operands whose unit-stride
  /// directions are (StaticDirections) or are not fixed by their layouts?
  /// Where not, the dispatcher compiles no narrow-row kernels (fp32 with
  /// LayoutStride operands: three kernels fewer per operand type).
  template <class T, bool StaticDirections>
  static constexpr bool narrow_row_kernels() { return StaticDirections || !std::is_same<T, float>::value; }
  /// Can blocked_pick<T> return Pick::Gram or Pick::GramWide (operands both
  /// along k: KContiguous)? Where not, the dispatcher compiles neither row's
  /// kernels.
  template <class T, bool KContiguous>
  static constexpr bool gram_row_kernels() { return KContiguous && gram_small_row_kernels<T>(); }
  /// Can it return Pick::GramSmall or Pick::Short (fp64 on the tensor cores)?
  template <class T>
  static constexpr bool gram_small_row_kernels() { return f64_mma && !std::is_same<T, float>::value; }
  template <class T>
  static constexpr bool short_row_kernels() { return gram_small_row_kernels<T>(); }
  /// Can it return Pick::Narrow48 (fp64 on the tensor cores)?
  template <class T>
  static constexpr bool narrow48_row_kernels() { return gram_small_row_kernels<T>(); }
  /// wave_elements of the fp64 large row, its last wave split where
  /// tail_split takes it (the modelled k-steps as waves).
  template <class T>
  static std::int64_t large_wave_elements(std::int64_t m, std::int64_t n, std::int64_t k, int multiprocessors) {
    using R = Fp64Large;
    const auto t = tail_split<R, T>(m, n, k, multiprocessors);
    if (!t) return wave_elements<R>(m, n, multiprocessors);
    return t->cost * R::min_blocks * R::BM * R::BN / ((k + R::BK - 1) / R::BK);
  }
  /// fp32 row R's busiest multiprocessor in twentieths of a large-row
  /// element times k-step (the mid row's element 23, as the padding rule
  /// has it), k split as launch_row splits it (launch_work), a split's
  /// reduction counted as fp32_split_steps k-steps of a large block.
  static constexpr std::int64_t fp32_split_steps = 5;
  template <class R, class T>
  static std::int64_t fp32_busiest(std::int64_t m, std::int64_t n, std::int64_t k, int multiprocessors,
                                   bool elements) {
    const auto w = launch_work<R, T>(m, n, k, multiprocessors, elements);
    return (std::is_same<R, Fp32Mid>::value ? 23 : 20) * w.work +
           (w.splits > 1 ? 20 * fp32_split_steps * Fp32Large::BM * Fp32Large::BN : 0);
  }
  template <class T>
  static Pick blocked_pick(std::int64_t m, std::int64_t n, std::int64_t k, bool large_whole_tiles,
                           bool static_directions, int multiprocessors, bool k_contiguous = false,
                           bool packs48 = true, bool tall_large = true, bool elements = false) {
    if (std::is_same<T, float>::value) {
      if (!large_whole_tiles && !static_directions) return Pick::Mid;
      if (static_directions && m >= n && n <= Fp32Thin::BN) return n <= Fp32Thin16::BN ? Pick::Thin16 : Pick::Thin;
      if (static_directions && m >= n && 20 * padded<Fp32Narrow>(m, n) <= 17 * padded<Fp32Large>(m, n)) {
        const int narrow_splits = launch_splits<Fp32Narrow, T>(m, n, k, multiprocessors);
        if (narrow_splits > 1 || k_splits<Fp32Large, T>(m, n, k, multiprocessors) == 1) return Pick::Narrow;
      }
      // (the mid row where its grid pads C 15 % less, or where its busiest
      // multiprocessor models at least 10 % less work: fp32_busiest)
      if (20 * padded<Fp32Large>(m, n) > 23 * padded<Fp32Mid>(m, n)) return Pick::Mid;
      return 10 * fp32_busiest<Fp32Mid, T>(m, n, k, multiprocessors, elements) <=
                     9 * fp32_busiest<Fp32Large, T>(m, n, k, multiprocessors, elements)
                 ? Pick::Mid
                 : Pick::Large;
    }
    // C of more rows than one mid block holds and no more than one 96-row block
    if (short_row_kernels<T>() && m > Fp64MmaMid::BM && m <= Fp64MmaShort::BM) return Pick::Short;
    // (C of whole mid blocks, less than twice as tall as wide: the mid row;
    // its edge blocks, where C has them, take the element path. The narrow
    // row's grid may pad C 2 % more than the mid row's: C of about 3,200
    // rows or more that end 1-64 past a multiple of 128)
    const bool mid_whole = m < 2 * n && m % Fp64Mid::BM == 0 && n % Fp64Mid::BN == 0;
    const bool narrow = m >= n && 50 * padded<Fp64Narrow>(m, n) <= 51 * padded<Fp64Mid>(m, n) && !mid_whole;
    // (C of 33-48 columns: one 48-column block column, two 32-column ones)
    const bool n48 = narrow && narrow48_row_kernels<T>() && packs48 && n > Fp64Narrow::BN &&
                     n <= Fp64Narrow48::BN && k >= narrow48_min_k;
    const int splits = n48      ? k_splits<Fp64Narrow48, T>(m, n, k, multiprocessors)
                       : narrow ? k_splits<Fp64Narrow, T>(m, n, k, multiprocessors)
                                : k_splits<Fp64Mid, T>(m, n, k, multiprocessors);
    const std::int64_t pads = n48      ? padded<Fp64Narrow48>(m, n)
                              : narrow ? padded<Fp64Narrow>(m, n)
                                       : padded<Fp64Mid>(m, n);
    const int large_splits = k_splits<Fp64Large, T>(m, n, k, multiprocessors);
    const std::int64_t large_pads = padded<Fp64Large>(m, n);
    const bool large_pads_alike = 20 * large_pads <= 23 * pads;
    // (C of few small Gram blocks: one or two, or with operands along k up
    // to four that pad C at most 2/5 as much as the Gram row's blocks)
    const std::int64_t small_blocks = blocks<Fp64GramSmall>(m, n);
    const bool few_small = small_blocks <= (narrow || k_contiguous ? 1 : 2) ||
                           (k_contiguous && small_blocks <= 4 &&
                            5 * padded<Fp64GramSmall>(m, n) <= 2 * padded<Fp64Gram>(m, n));
    if (gram_small_row_kernels<T>() && splits > 1 && few_small && k_splits<Fp64GramSmall, T>(m, n, k, multiprocessors) > 1)
      return Pick::GramSmall;
    if (gram_row_kernels<T, true>() && k_contiguous && large_splits > 1 && k >= 4 * (m + n)) {
      if ((m > n ? m : n) >= 256 && 20 * padded<Fp64GramWide>(m, n) <= 23 * padded<Fp64Gram>(m, n))
        return Pick::GramWide;
      if (20 * padded<Fp64Gram>(m, n) <= 23 * (pads < large_pads ? pads : large_pads)) return Pick::Gram;
    }
    if (f64_mma && k >= m + n && (m < n ? m : n) >= 128 && launch_splits<Fp64Large, T>(m, n, k, multiprocessors) > 1)
      return Pick::Large;
    if ((m < n ? m : n) >= 128 &&
        20 * large_wave_elements<T>(m, n, k, multiprocessors) <= 23 * wave_elements<Fp64Mid>(m, n, multiprocessors))
      return Pick::Large;
    if (splits > 1 && large_splits > 1 && large_pads_alike) return Pick::Large;
    const std::int64_t waves = n48      ? wave_elements<Fp64Narrow48>(m, n, multiprocessors)
                               : narrow ? wave_elements<Fp64Narrow>(m, n, multiprocessors)
                                        : wave_elements<Fp64Mid>(m, n, multiprocessors);
    if ((m < n ? m : n) < 128 && splits == 1 && large_splits == 1 && large_pads_alike &&
        20 * wave_elements<Fp64Large>(m, n, multiprocessors) <= 23 * waves)
      return Pick::Large;
    if (gram_row_kernels<T, true>() && k_contiguous && splits > 1 && 20 * padded<Fp64Gram>(m, n) <= 23 * pads)
      return Pick::Gram;
    if (tall_large && narrow && n > Fp64Narrow48::BN && n <= 2 * Fp64Large::BN && large_pads <= pads &&
        launch_splits<Fp64Large, T>(m, n, k, multiprocessors) > 1)
      return Pick::Large;
    return n48 ? Pick::Narrow48 : narrow ? Pick::Narrow : Pick::Mid;
  }

  /// fp64 in an MMA build: the row (Large, Narrow or Narrow48) on which the
  /// dispatcher computes C^T = op(B)^T op(A)^T (kernels::transposed: operands swapped,
  /// C's strides swapped), blocked_pick<T>(n, m, ...)'s; none where C stays
  /// as it is. Where C has fewer rows than columns
  /// and fewer than 128 rows, the rule above gives C the mid row, and C^T a
  /// narrow row or the large row unsplit, and either k is at least
  /// transpose_min_k, C has at most transpose_thin_m rows, or C^T's row
  /// fills its waves with fewer elements than the mid row's on C
  /// (wave_elements, in steps of a wave: 12,288 elements for the mid and
  /// narrow rows, 16,384 for the large row, whose last wave counts as
  /// tail_split models it):
  /// the rows tuned for tall panels (128-row blocks along the long side, the
  /// deep pipeline), for which the mid row's 64 x 64 blocks stood in on wide
  /// ones (40 x 30000 x 2000 NN 0.70 -> 0.77 of cuBLAS, TT 0.70 -> 0.92, 32 x
  /// 10000 x 10000 0.50 -> 0.62; C of at most 32 rows at any k: 8 x 100000
  /// x 500 0.56 -> 0.68 NN, 0.65 -> 0.99 TT, 24 x 200000 x 100 opA = T 0.55
  /// -> 0.77). Shorter k where C has more rows: 48 x 30000 x 1200 0.71 ->
  /// 0.95-0.99 (one wave of the 48-column row against two of the mid row),
  /// 40 x 33000 x 800 0.65 -> 0.95-0.98, 60 x 60000 x 200 1.13 as fast (two
  /// large-row waves against three); where the waves are as many, 0.82-1.19
  /// as fast (44 x 40000 x 900 0.82, opA = T 0.88; 42 x 70000 x 1200 opA = T
  /// 1.19), so not taken. Measured slower: C^T on the large row split (35
  /// x 700 x 2048 0.87, 64 x 2000 x 2000 0.81; perf-log: "Wide C as tall
  /// C^T", "Thin C on the narrow row", "Wide C as C^T at shorter k, by
  /// waves").
  /// Gram products (operands both along k) whose C has at most
  /// transpose_thin_m rows and which blocked_pick gives the Gram or wide Gram
  /// row: C^T where its pick is a narrow row, one block column that reads
  /// each panel once, where the Gram rows' 64-row blocks pad C at least twice
  /// as much and leave the product bound by the tensor cores (20 x 100 x
  /// 500000 opA = T: 8.2 GFLOP of MMA work for 2.0; 0.69 -> 0.88 of cuBLAS,
  /// 8 x 1000 x 100000 0.64 -> 1.02; perf-log: "Gram products of at most 32
  /// rows as C^T on the narrow row").
  /// fp32 with directions the layouts fix: C of at most 32 rows and more
  /// columns, C^T on its thin row (as C^T: 16 x 1000000 x 16 0.46 -> 1.11 of
  /// cuBLAS, 24 x 200000 x 100 0.27 -> 0.90, 20 x 50000 x 400 0.25 -> 0.75;
  /// perf-log: "fp32 thin C").
  static constexpr std::int64_t transpose_min_k = 2000;
  static constexpr std::int64_t transpose_thin_m = 32;
  template <class T>
  static constexpr bool transposed_row_kernels() { return gram_small_row_kernels<T>(); }
  template <class T>
  static std::optional<Pick> blocked_transpose(std::int64_t m, std::int64_t n, std::int64_t k, bool static_directions,
                                               int multiprocessors, bool k_contiguous = false, bool packs48 = true) {
    if (std::is_same<T, float>::value) {  // wide thin C: C^T on a thin row
      if (!static_directions || m >= n || m > Fp32Thin::BN) return std::nullopt;
      return blocked_pick<T>(n, m, k, false, static_directions, multiprocessors);
    }
    if (!transposed_row_kernels<T>() || m >= n || m >= 128) return std::nullopt;
    const Pick p = blocked_pick<T>(m, n, k, false, static_directions, multiprocessors, k_contiguous, packs48);
    const bool gram_thin = m <= transpose_thin_m && (p == Pick::Gram || p == Pick::GramWide);
    if (p != Pick::Mid && !gram_thin) return std::nullopt;
    const Pick t = blocked_pick<T>(n, m, k, false, static_directions, multiprocessors, k_contiguous, packs48, false);
    if (gram_thin) return t == Pick::Narrow || t == Pick::Narrow48 ? std::optional<Pick>(t) : std::nullopt;
    if (t != Pick::Narrow && t != Pick::Narrow48 &&
        !(t == Pick::Large && launch_splits<Fp64Large, T>(n, m, k, multiprocessors) == 1))
      return std::nullopt;
    if (k >= transpose_min_k || m <= transpose_thin_m) return t;
    const std::int64_t waves = t == Pick::Large      ? large_wave_elements<T>(n, m, k, multiprocessors)
                               : t == Pick::Narrow48 ? wave_elements<Fp64Narrow48>(n, m, multiprocessors)
                                                     : wave_elements<Fp64Narrow>(n, m, multiprocessors);
    if (waves < wave_elements<Fp64Mid>(m, n, multiprocessors)) return t;
    return std::nullopt;
  }
};

}  // namespace kmm

#include "kmm/host_table.hpp"  // TileTable<ExecSpace, true>
