#pragma once
// How a GPU row R (kmm/gpu_rows.hpp) covers an m x n x k product on the
// device: its blocks, resident slots, waves and padding; the split-k
// models (how many ways to split k, the last wave split); and the rule
// for copying operands whose packs do not align. Rules of the GPU tile
// table (kmm/tile_table.hpp), which inherits them; each measured value
// names its docs/perf-log.md section.
#include <cstdint>
#include <optional>
#include <type_traits>

namespace kmm {

struct GridRules {
  /// Split-k for row R (whichever row the table picked): when its blocks of
  /// C fill at most half of the device's resident-block slots
  /// (multiprocessors x R::min_blocks), k is split so that blocks x splits
  /// fill them in one wave; when they fill more than half but at most all,
  /// on rows of at least four resident blocks per multiprocessor (the fp32
  /// large row, the fp64 Gram row), into the 1-4 splits that give the
  /// busiest multiprocessor the fewest k-steps (items spread evenly:
  /// ceil(blocks x s / multiprocessors) items of ceil(steps / s); 1500^3
  /// fp32: 288 blocks, 4 splits; not the other fp64 rows, two or three
  /// blocks per multiprocessor: perf-log "Partial waves"; launch_splits
  /// finishes their rounds). Each
  /// split keeps at least 8 k-steps (the pipeline's prologue and the
  /// partial's write stay small beside its FMAs) and the partials at most
  /// 256 MiB (perf-log: "Split-k").
  template <class R>
  static std::int64_t blocks(std::int64_t m, std::int64_t n) {  // row R's blocks of an m x n C
    return ((m + R::BM - 1) / R::BM) * ((n + R::BN - 1) / R::BN);
  }
  template <class R>
  static std::int64_t slots(int multiprocessors) {  // row R's resident blocks on the device
    return std::int64_t(multiprocessors) * R::min_blocks;
  }
  /// C without packs through the stages (StagedC) where R's blocks fill the slots and, with op(A)
  /// along k, k is at most 8 k-steps (perf-log "C without packs through the stages": short k 1.06-1.51
  /// as fast; one block a multiprocessor 0.89; op(A) along k at long k 0.94-0.95, unstaged 1.00).
  template <class R>
  static bool c_through_stages(std::int64_t m, std::int64_t n, std::int64_t k, bool a_along_k, int multiprocessors) {
    return blocks<R>(m, n) >= slots<R>(multiprocessors) && (!a_along_k || k <= 8 * R::BK);
  }
  template <class R, class T>
  static std::int64_t split_cap(std::int64_t m, std::int64_t n, std::int64_t k) {  // the limits on any split count
    const std::int64_t steps = (k + R::BK - 1) / R::BK;
    const std::int64_t by_bytes = (std::int64_t(256) << 20) / (m * n * std::int64_t(sizeof(T)));
    return steps / 8 < by_bytes ? steps / 8 : by_bytes;
  }
  /// k-steps of the busiest multiprocessor: b blocks of `steps` k-steps
  /// each, split q ways, the items spread evenly over the multiprocessors
  static std::int64_t busiest_steps(std::int64_t b, std::int64_t steps, std::int64_t q, int multiprocessors) {
    return (b * q + multiprocessors - 1) / multiprocessors * ((steps + q - 1) / q);
  }
  template <class R, class T>
  static int k_splits(std::int64_t m, std::int64_t n, std::int64_t k, int multiprocessors) {
    const std::int64_t b = blocks<R>(m, n), steps = (k + R::BK - 1) / R::BK, cap = split_cap<R, T>(m, n, k);
    std::int64_t s = slots<R>(multiprocessors) / b;
    if (s == 1 && R::min_blocks >= 4) {  // a partial wave: the search stays within the limits
      const auto busiest = [&](std::int64_t q) { return busiest_steps(b, steps, q, multiprocessors); };
      for (std::int64_t q = 2; q <= 4 && q <= cap; ++q)
        if (busiest(q) < busiest(s)) s = q;
    }
    s = s < cap ? s : cap;
    return s >= 2 ? int(s) : 1;
  }

  /// The split count row R is launched with, once blocked_pick has chosen R
  /// with k_splits' counts. Rows of four or more blocks per multiprocessor:
  /// spread_splits (below; fp64's keep k_splits' count). Rows of two or three blocks per
  /// multiprocessor (where k_splits searches no partial wave) on products
  /// with k at least m + n or C at most a sixteenth of the operands (16 m n
  /// <= (m + n) k: thin C, whose partials are a few percent of the bytes
  /// read): of 1 to 4 x max(k_splits, slots / blocks)
  /// splits within k_splits' limits, the one of least modelled time, where
  /// it is at least 10 % under k_splits' count. The model: the busiest
  /// multiprocessor's items (blocks x splits, spread evenly) run in rounds
  /// of min_blocks, a part-filled round as long as a full one (896 x 896 x
  /// 30000 on the wide Gram row: split 2 or 4 ways alike), each round the
  /// k-steps of a split plus split_item_steps (pipeline fill, the partial's
  /// write); plus the partials' traffic, each written and read once, at
  /// flops_per_byte. It finishes waves that one-wave splits leave part
  /// filled (768 x 768 x 40000 on the wide Gram row: 72 blocks x 3 splits
  /// took 216 of 264 slots; 11 splits, three full rounds: 0.72 -> 0.80 of
  /// cuBLAS; 3000 x 256 x 20000 0.66 -> 0.82; thin C: 60000 x 20 x 700 opA
  /// = T, 469 narrow blocks for 396 slots, 2 splits: 0.70 -> 0.77, perf-log:
  /// "A 48-column fp64 narrow row; thin C split"). Other products whose C is
  /// large beside k (k < m + n: fp64 1000^3) ran no faster or
  /// slower split. On three-block rows with operands not both along k the model
  /// overrates the gain (960 x 960 x 20000 TT: 0.97 as fast split 3 ways;
  /// perf-log: "Splits that finish their waves"). fp32 rows (two blocks of
  /// 256 threads): a block alone in the last round, where its partner's
  /// slot is empty, counts two thirds of a round (it has the multiprocessor's
  /// FMA pipes to itself): with whole rounds the model split 80000 x 96 x
  /// 2000 on the narrow row (625 blocks, 2.4 waves) 2 ways, 0.86 as fast;
  /// counted so, it keeps that unsplit and splits 40000 x 70 x 3000 and
  /// 35000 x 66 x 2500 4 ways on the narrow row, wide C such as 56 x 20000 x
  /// 1500 3 ways on the mid row (0.76-0.86 -> 0.99-1.03 of cuBLAS; perf-log:
  /// "Edge-heavy C on the mid row; fp32 narrow splits").
  static constexpr int split_item_steps = 2;
  static constexpr int flops_per_byte = 12;  // H100/H200 fp64 MMA: about 50 TFLOP/s over 4 TB/s
  /// The traffic of q partials of an m x n C, in k-steps of one round of
  /// row R's blocks on a multiprocessor (at flops_per_byte): the split
  /// models' price of a split (launch_splits, tail_split).
  template <class R, class T>
  static std::int64_t partial_steps(std::int64_t q, std::int64_t m, std::int64_t n, std::int64_t sms) {
    return flops_per_byte * std::int64_t(sizeof(T)) * q * m * n / (sms * R::min_blocks * R::BM * R::BN * R::BK);
  }
  /// fp32 rows of four or more blocks per multiprocessor whose blocks fill
  /// at most half of the device's slots: k_splits' one wave of blocks x
  /// splits falls unevenly on the multiprocessors (9386 x 126 x 3631 on the
  /// large row: 148 blocks x 3 = 444 items, four on 48 multiprocessors and
  /// three on 84). Of s0 + 1 to 4 s0 splits within k_splits' limits, the
  /// one of least modelled time where it is at least spread_margin % under
  /// s0's: the busiest multiprocessor's items (spread evenly) times the
  /// k-steps of a split plus split_item_steps, plus the partials' traffic
  /// (partial_steps, in k-steps of one block). Not a count that leaves a
  /// block alone in the last round with items of fewer than
  /// spread_lone_steps k-steps: nothing hides its pipeline fill and partial
  /// write (3204 x 494 x 751 opA = T 2 -> 3 splits, five items of 16
  /// k-steps: 0.90-0.92 as fast). Never fewer than s0 (the model counts a
  /// multiprocessor's work, not the resident blocks that hide its latency),
  /// but one: where the blocks outnumber the multiprocessors (each holds
  /// at least one) and s0's items would be shorter than spread_lone_steps
  /// k-steps, the unsplit product (its busiest multiprocessor's blocks
  /// times k's steps, no item cost or partials) where it models
  /// spread_margin % under s0's: such a split halves each item, so the
  /// busiest multiprocessor runs as many block-steps as items, each with
  /// its fill and partial (H200, perf-log "fp32 one-wave splits where every
  /// multiprocessor holds a block": 437 x 2237 x 364 0.70 -> 0.94 of
  /// cuBLAS, 500 x 2000 x 300 and 300 x 3000 x 600 1.18 as fast; at
  /// items of 57-85 k-steps the split ran 1.04-1.13 as fast, so keeps it).
  /// Also at 3-4 blocks a multiprocessor: 19 products 0.97-1.37 as fast unsplit
  /// (perf-log "fp32 one-wave products of 3-4 blocks a multiprocessor unsplit").
  /// H200, class sweeps' products the rule moves: 1.07 as fast (geometric
  /// mean, 0.89-1.43; 6783 x 124 x 6786 opA = T 0.60 -> 0.86 of cuBLAS,
  /// 9386 x 126 x 3631 0.74 -> 0.81; perf-log: "fp32 splits spread evenly
  /// over the multiprocessors").
  static constexpr int spread_margin = 5;
  static constexpr int spread_lone_steps = 40;
  template <class R, class T>
  static int spread_splits(std::int64_t m, std::int64_t n, std::int64_t k, int multiprocessors, int s0) {
    if (!std::is_same<T, float>::value || s0 < 2) return s0;
    const std::int64_t b = blocks<R>(m, n), steps = (k + R::BK - 1) / R::BK, sms = multiprocessors;
    const std::int64_t cap = split_cap<R, T>(m, n, k);
    const auto items_of = [&](std::int64_t q) { return (b * q + sms - 1) / sms; };  // the busiest multiprocessor's
    const auto cost = [&](std::int64_t q) {
      return items_of(q) * ((steps + q - 1) / q + split_item_steps) + R::min_blocks * partial_steps<R, T>(q, m, n, sms);
    };
    const std::int64_t base = cost(s0), top = 4 * std::int64_t(s0) < cap ? 4 * std::int64_t(s0) : cap;
    std::int64_t best = s0, least = base;
    // by the busiest multiprocessor's items, each with the most splits that
    // give it no more: a few dozen steps at most. (Each count from s0 to
    // 4 s0 made the same choices on 7,000 products, but 105 x 45 x 725331,
    // s0 = 528, took 4 us of host time a call and ran 0.89 as fast.)
    for (std::int64_t items = items_of(s0) + 1, q = s0; q < top; ++items) {
      q = items * sms / b < top ? items * sms / b : top;
      if (q <= s0) continue;
      const std::int64_t busiest = items_of(q);
      const bool lone = busiest > R::min_blocks && busiest % R::min_blocks == 1;  // a block alone in the last round
      if (lone && (steps + q - 1) / q < spread_lone_steps) continue;
      const std::int64_t c = cost(q);
      if (c < least) best = q, least = c;
    }
    // (one-wave items of few k-steps where every multiprocessor holds a
    // block, however many: unsplit, no partials)
    const std::int64_t whole = items_of(1) * steps;
    if (b > sms && (steps + s0 - 1) / s0 < spread_lone_steps && whole < least)
      best = 1, least = whole;
    return 100 * least <= (100 - spread_margin) * base ? int(best) : s0;
  }
  template <class R, class T>
  static int launch_splits(std::int64_t m, std::int64_t n, std::int64_t k, int multiprocessors) {
    const int s0 = k_splits<R, T>(m, n, k, multiprocessors);
    if (R::min_blocks >= 4) return spread_splits<R, T>(m, n, k, multiprocessors, s0);
    if (k < m + n && 16 * m * n > (m + n) * k) return s0;
    const std::int64_t b = blocks<R>(m, n), steps = (k + R::BK - 1) / R::BK, sms = multiprocessors;
    const std::int64_t cap = split_cap<R, T>(m, n, k);  // k_splits' limits
    const auto cost = [&](std::int64_t q) {  // in thirds of k-steps of one round of blocks on a multiprocessor
      const std::int64_t items = (b * q + sms - 1) / sms, rounds = (items + R::min_blocks - 1) / R::min_blocks;
      const std::int64_t partials = q > 1 ? partial_steps<R, T>(q, m, n, sms) : 0;
      const std::int64_t thirds = std::is_same<T, float>::value && items % R::min_blocks != 0
                                      ? 3 * (items / R::min_blocks) + 2  // the last round's lone block: 2/3
                                      : 3 * rounds;
      return thirds * ((steps + q - 1) / q + split_item_steps) + 3 * partials;
    };
    const std::int64_t wave = slots<R>(multiprocessors) / b, top = 4 * (s0 > wave ? s0 : wave);
    const std::int64_t base = cost(s0);
    std::int64_t best = s0, least = base;
    for (std::int64_t q = 1; q <= top && q <= cap; ++q) {
      const std::int64_t c = cost(q);
      if (c < least) best = q, least = c;
    }
    return 10 * least <= 9 * base ? int(best) : s0;
  }

  /// Element k-steps (fp32 rows of four or more blocks per multiprocessor
  /// whose operands both miss the row's packs, every k-step copied element
  /// by element): a split spreads the copies but does not shrink them (ncu,
  /// H200: 1023^3 70.6 us split 4 ways, about 71 unsplit). So first the
  /// fewest of launch_splits' `splits` that give the busiest multiprocessor
  /// the fewest k-steps (999^3, 128 blocks on 132: unsplit); then the count
  /// of least modelled time (the busiest multiprocessor's items in rounds
  /// of min_blocks, each its k-steps plus split_item_steps where split, a
  /// last round of r items at element_rate[r - 1], plus partial_steps):
  /// among fewer where that count's items are under spread_lone_steps, or
  /// among more up to `splits` whose items stay that long where the blocks
  /// are fewer than the multiprocessors. H200, held-out products: fewer
  /// 0.97-1.51 as fast (32, geometric mean 1.05; 2565 x 1461 x 375 opB = T
  /// 3 -> 1, 1.50), more 0.97-1.26 (16, 1.05; 7529 x 116 x 7050 1 -> 4,
  /// 1.12); more on shorter items or filled multiprocessors lost (951^3 1
  /// -> 2, 0.95; perf-log "Element k-steps: split counts by the busiest
  /// multiprocessor's time", "... more splits for fewer blocks than
  /// multiprocessors"). Not for split packs: fp32 16155 x 35 x 5141 ran 0.80
  /// as fast at 4 -> 1 (perf-log "Split packs' split counts").
  template <class R, class T>
  static int element_splits(std::int64_t m, std::int64_t n, std::int64_t k, int multiprocessors, int splits) {
    if (!std::is_same<T, float>::value || R::min_blocks < 4 || splits <= 1) return splits;
    const std::int64_t b = blocks<R>(m, n), steps = (k + R::BK - 1) / R::BK, sms = multiprocessors;
    const auto busiest = [&](std::int64_t q) { return busiest_steps(b, steps, q, multiprocessors); };
    const auto item_steps = [&](std::int64_t q) { return (steps + q - 1) / q; };
    std::int64_t most = 1;
    for (std::int64_t q = 2; q <= splits; ++q)
      if (busiest(q) < busiest(most)) most = q;
    const bool fewer = item_steps(most) < spread_lone_steps;
    if (!fewer && b >= sms) return int(most);
    const auto cost = [&](std::int64_t q) {
      const std::int64_t items = (b * q + sms - 1) / sms, full = (items - 1) / R::min_blocks;
      const std::int64_t last = items - full * R::min_blocks;
      const double item = double(item_steps(q) + (q > 1 ? split_item_steps : 0));
      return double(full * R::min_blocks) * item + double(last) * item / (last <= 4 ? element_rate[last - 1] : 1.0) +
             (q > 1 ? double(R::min_blocks * partial_steps<R, T>(q, m, n, sms)) : 0.0);
    };
    const std::int64_t from = fewer ? 1 : most;
    std::int64_t best = from;
    double least = cost(best);
    for (std::int64_t q = from + 1; fewer ? q <= most : q <= splits && item_steps(q) >= spread_lone_steps; ++q) {
      const double c = cost(q);
      if (c < least) best = q, least = c;
    }
    return int(best);
  }
  /// element_splits' rate of a multiprocessor running r = 1-4 resident
  /// element-path items, against four (H200, fp32 large row: one block
  /// alone ran 0.80 as fast per k-step as four, 3677 x 113 x 1673 at 2
  /// against 9 splits; two 0.96, 986 x 1910 x 3078 opB = T; perf-log
  /// "Element k-steps: split counts by the busiest multiprocessor's time").
  static constexpr double element_rate[4] = {0.80, 0.96, 0.98, 1.0};
  /// Row R as launch_row runs it: its k splits (element_splits' where every
  /// k-step takes the element path) and its busiest multiprocessor's work,
  /// elements of C times k-steps (items spread evenly).
  struct LaunchWork {
    std::int64_t work;
    int splits;
  };
  template <class R, class T>
  static LaunchWork launch_work(std::int64_t m, std::int64_t n, std::int64_t k, int multiprocessors, bool elements) {
    int q = launch_splits<R, T>(m, n, k, multiprocessors);
    if (elements) q = element_splits<R, T>(m, n, k, multiprocessors, q);
    return {busiest_steps(blocks<R>(m, n), (k + R::BK - 1) / R::BK, q, multiprocessors) * R::BM * R::BN, q};
  }

  /// The last wave split (fp64 rows of at most three blocks per
  /// multiprocessor, products that launch_splits leaves unsplit): where row
  /// R's blocks fill W >= 1 waves and part of one more, the dispatcher
  /// computes C in two parts, each a product of its own: C less its last
  /// `lines` block rows (rows: true) or block columns, at most W waves, as
  /// before; then those lines with k split `splits` ways, their partials
  /// reduced as split-k's (the same bits every run). A part-filled last
  /// wave takes as long as a full one on rows of two blocks (perf-log:
  /// "Splits that finish their waves"): 2500^3 is 800 large blocks for 264
  /// slots, three waves and one of 8 blocks; on rows of three, where its
  /// busiest multiprocessor runs one block alone, half as long
  /// (round_sixths): 17506 x 84 x 935 TT is 411 narrow blocks for 396
  /// slots. Model, in k-steps of one round of blocks (a round as
  /// round_sixths counts it):
  /// the part's rounds times its steps; the lines' rounds of items times
  /// the k-steps of a split plus split_item_steps, their partials'
  /// traffic at flops_per_byte (as launch_splits), and tail_launch_steps
  /// for the two more launches (split and reduction kernels, a few
  /// microseconds each: about 12 k-steps of the large row, 0.7 us each on
  /// the H200). Taken where it models at least 10 % or half a wave under
  /// the unsplit product (the model's errors, launches and the first part's
  /// ragged end, do not grow with the waves: 8192^3, 31 waves and 8 blocks,
  /// saves 2 %); the orientation and split count of least modelled time.
  /// On the H200 (perf-log: "The last wave split"): 2500^3 0.82 -> 1.00 of
  /// cuBLAS, 3000^3 0.84 -> 0.95, 3210 x 2100 x 4321 opA = T 0.69 -> 0.81.
  struct TailSplit {
    bool rows;          // the lines are C's last block rows (else its last block columns)
    std::int64_t from;  // their first row (column) of C: a multiple of R::BM (R::BN)
    int splits;
    std::int64_t cost;  // modelled: k-steps of one round of blocks, both parts
  };
  static constexpr std::int64_t tail_launch_steps = 12;
  /// A round of j < R::min_blocks blocks on a multiprocessor, in sixths of
  /// a full round's time: a full round on rows of at most two blocks (see
  /// above); on rows of three, two blocks run near the multiprocessor's
  /// full rate (four sixths: perf-log "Splits that finish their waves"),
  /// one alone at about two thirds of it (three sixths).
  template <class R>
  static std::int64_t round_sixths(std::int64_t j) {
    return R::min_blocks <= 2 || j >= R::min_blocks ? 6 : j == 1 ? 3 : 4;
  }
  template <class R>
  static std::int64_t items_sixths(std::int64_t items) {  // a multiprocessor's items, in sixths of a round
    const std::int64_t r = items % R::min_blocks;
    return 6 * (items / R::min_blocks) + (r > 0 ? round_sixths<R>(r) : 0);
  }
  template <class R, class T>
  static std::optional<TailSplit> tail_split(std::int64_t m, std::int64_t n, std::int64_t k, int multiprocessors) {
    if (std::is_same<T, float>::value || R::min_blocks > 3) return std::nullopt;
    const std::int64_t bm = (m + R::BM - 1) / R::BM, bn = (n + R::BN - 1) / R::BN, b = bm * bn;
    const std::int64_t slots_ = slots<R>(multiprocessors), waves = b / slots_, sms = multiprocessors;
    if (waves < 1 || b % slots_ == 0) return std::nullopt;
    const std::int64_t steps = (k + R::BK - 1) / R::BK;  // (costs in sixths of k-steps of a round)
    const std::int64_t base = 6 * waves * steps + round_sixths<R>((b % slots_ + sms - 1) / sms) * steps;
    std::optional<TailSplit> best;
    std::int64_t least = base;
    for (const bool rows : {true, false}) {
      const std::int64_t line = rows ? bn : bm, lines = rows ? bm : bn;
      const std::int64_t t = (b - waves * slots_ + line - 1) / line;  // the fewest lines leaving W waves
      if (t >= lines) continue;
      const std::int64_t from = (lines - t) * (rows ? R::BM : R::BN);
      const std::int64_t tm = rows ? m - from : m, tn = rows ? n : n - from;  // the lines' part of C
      const std::int64_t head = 6 * ((b - t * line + slots_ - 1) / slots_) * steps;
      const std::int64_t cap = split_cap<R, T>(tm, tn, k);
      for (std::int64_t q = 2; q <= cap; ++q) {
        const std::int64_t items = (t * line * q + sms - 1) / sms;
        const std::int64_t cost = head + items_sixths<R>(items) * ((steps + q - 1) / q + split_item_steps) +
                                  6 * (partial_steps<R, T>(q, tm, tn, sms) + tail_launch_steps);
        if (cost < least) least = cost, best = TailSplit{rows, from, int(q), cost / 6};
      }
    }
    return 10 * least <= 9 * base || 2 * (base - least) >= 6 * steps ? best : std::nullopt;
  }

  /// Half or more of row R's blocks of C at its edge (the mid grid: wide C
  /// of fewer than 64 rows; batched: every C of 49-63).
  template <class R>
  static bool edge_heavy(std::int64_t m, std::int64_t n) {
    const std::int64_t bm = (m + R::BM - 1) / R::BM, bn = (n + R::BN - 1) / R::BN;
    const bool em = m % R::BM != 0, en = n % R::BN != 0;
    const std::int64_t edge = (em ? bn : 0) + (en ? bm : 0) - (em && en ? 1 : 0);
    return 2 * edge >= bm * bn;
  }
  template <class R>
  static std::int64_t padded(std::int64_t m, std::int64_t n) {  // C's elements in row R's block grid
    return blocks<R>(m, n) * R::BM * R::BN;
  }
  template <class R>
  static std::int64_t wave_elements(std::int64_t m, std::int64_t n, int multiprocessors) {  // per SM, all waves
    const std::int64_t waves = (blocks<R>(m, n) + slots<R>(multiprocessors) - 1) / slots<R>(multiprocessors);
    return waves * R::min_blocks * R::BM * R::BN;
  }

  /// Operands whose packs do not align (odd leading dimensions, fp32's 2 mod
  /// 4), which the rows whose copies are all asynchronous (AsyncAll rows)
  /// can take through the pack pipeline (kernels::PackPipeline) instead of
  /// the element path: operands along k into k-rows element by element
  /// anyway, other operands each pack as its elements (split packs): where
  /// C is one block row or one block column of row R. H200 A/B, pipeline
  /// against element path (perf-log "Unaligned operands on the pack
  /// pipeline", "Split packs"): operands along k 1.00-1.33 (15536 x 34 x
  /// 5667 opA = T 1.33, 93816 x 67 x 115 1.31), split packs 0.93-1.21
  /// (fp32 3359 x 65 x 2596 1.20, 10469 x 45 x 726 opB = T 0.93; fp64 65
  /// x 19 x 169133 opA = T 1.21, others 0.97-1.05);
  /// C of two or more block rows and columns 0.77-1.01 (15149 x 100 x 658
  /// opA = T 0.77, 999^3 and 1001^3 opA = T 0.92), which keeps the element
  /// path: with element_splits' counts, such C ran 0.64-0.94 as fast on the
  /// pipeline too (fp32 999^3 0.73; perf-log "Split packs' split counts").
  template <class R>
  static bool unaligned_pipeline(std::int64_t m, std::int64_t n) {
    return m <= R::BM || n <= R::BN;
  }

  /// Operands whose 16-byte packs are not aligned (kernels/repack.hpp): the
  /// dispatcher copies every such operand with its leading dimension padded
  /// where repack says so, in panels of at most repack_panel_bytes (block
  /// rows of C for op(A), block columns for op(B)), so the buffer kmm keeps
  /// for them stays within twice that. The kernels gain only once both
  /// operands take packs (one of two copied: 0.93-0.99 as fast), so the
  /// rule is for both or neither, on products of at least repack_min_flops
  /// (a copy's launch costs about 5 us: fp32 4500 x 50 x 50 0.73-0.78 as
  /// fast; 999^3 and 1001^3, 2 GFLOP, 0.87-0.95):
  /// - fp64 with op(A) along k to copy, whose element path is the slowest:
  ///   operands each used in at least repack_fp64_a_along_k_reuse products
  ///   (n for op(A), m for op(B)). H200, copy against none: 1537^3 TT 1.18,
  ///   3001 x 1001 x 2001 1.30, 2999^3 1.31; 999^3 (2 GFLOP) 0.95.
  /// - otherwise each operand to copy used in at least repack_min_reuse
  ///   products (fp64 2999^3 NN 1.09, 8191^3 1.17; fp32 2999^3 1.14, 5001^3
  ///   1.18, 1999^3 1.08; fp32 products at 0.9 of cuBLAS uncopied lose up
  ///   to 6 %: 1537^3 0.94; perf-log: "Repack copies with loads in flight");
  /// - never for fp32 with both operands along k, whose element copies by
  ///   cp.async run as fast as packs (2999^3 opA = T 0.96, 1537^3 TT 0.90).
  /// (perf-log: "Repacked operands".)
  static constexpr std::int64_t repack_min_reuse = 1024;
  static constexpr std::int64_t repack_fp64_a_along_k_reuse = 512;
  static constexpr double repack_min_flops = 3.5e9;
  static constexpr std::int64_t repack_panel_bytes = std::int64_t(128) << 20;
  static constexpr std::int64_t repack_panel_align = 256;  // panel extents: a multiple of every row's BM and BN
  /// Copy op(A) and op(B) of an m x n x k product where a_copy / b_copy
  /// (they take no packs)? Each is along k or not (its unit stride).
  template <class T>
  static bool repack(bool a_copy, bool a_along_k, bool b_copy, bool b_along_k, std::int64_t m, std::int64_t n,
                     std::int64_t k) {
    if ((!a_copy && !b_copy) || 2.0 * double(m) * double(n) * double(k) < repack_min_flops) return false;
    const bool fp32 = std::is_same<T, float>::value;
    if (fp32 && a_along_k && b_along_k) return false;
    if (!fp32 && a_copy && a_along_k)
      return n >= repack_fp64_a_along_k_reuse && (!b_copy || m >= repack_fp64_a_along_k_reuse);
    return (!a_copy || n >= repack_min_reuse) && (!b_copy || m >= repack_min_reuse);
  }
  /// Lines (rows of C for op(A), columns for op(B)) per panel of at most
  /// panel_bytes, each line taking line_bytes of the copy and the lines
  /// padded to a multiple of `pad` (the copy's leading dimension, where the
  /// lines run along its unit stride; else 1): all of them, or a multiple
  /// of 256; 0 where 256 lines exceed panel_bytes (k of hundreds of
  /// thousands along k: no copy).
  static std::int64_t repack_panel(std::int64_t lines, std::int64_t line_bytes,
                                   std::int64_t panel_bytes = repack_panel_bytes, std::int64_t pad = 1) {
    const std::int64_t fit = panel_bytes / (line_bytes > 0 ? line_bytes : 1);
    return fit >= (lines + pad - 1) / pad * pad ? lines : fit / repack_panel_align * repack_panel_align;
  }

  /// Scratch a block of a row takes: its kernel's stages (`bytes`) and
  /// Kokkos' team reserve (8 bytes per thread and 16 more: 3.4, 4.x). Any
  /// CUDA block may take 48 KB; more only where Kokkos opts the kernel in,
  /// and then as much as the TeamPolicy's scratch_size_max(0) (team_max).
  static constexpr std::int64_t block_bytes_without_opt_in = 48 * 1024;
  static std::int64_t team_bytes(std::int64_t bytes, int team_size) { return bytes + 8 * (std::int64_t(team_size) + 2); }
  static bool team_scratch_ok(std::int64_t bytes, int team_size, std::int64_t team_max) {
    return team_bytes(bytes, team_size) <= block_bytes_without_opt_in || bytes <= team_max;
  }
  /// Does a row whose kernel's stages take `bytes` run, `blocks` teams of
  /// team_size threads per multiprocessor, where Kokkos lets a team take
  /// team_max bytes and a multiprocessor holds sm_bytes (each block also
  /// 1 KB that CUDA keeps, sm_80 and newer)? GpuRows' deep forms (more than
  /// 48 KB) run where it holds, so their grids' resident-block counts stay
  /// true: on an H100 or H200 (227 KB per block opted in, 228 KB per
  /// multiprocessor) with kmm's Kokkos; not with Kokkos 3.4 or 4.x as
  /// released (40 KB), nor on an A100 (164 KB: three 70 KB blocks do not
  /// fit), where the 48 KB forms run.
  static bool stages_fit(std::int64_t bytes, int team_size, int blocks, std::int64_t team_max,
                         std::int64_t sm_bytes) {
    return team_scratch_ok(bytes, team_size, team_max) &&
           std::int64_t(blocks) * (team_bytes(bytes, team_size) + 1024) <= sm_bytes;
  }
};

}  // namespace kmm
