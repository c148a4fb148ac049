#pragma once
// kmm's tile table: every per-backend blocking parameter lives here, and
// nowhere else. Kernels read them as compile-time constants; a kernel body
// never tests which backend it runs on.
//
//   grep -n "TileTable" include/kmm/tile_table.hpp
//
// GPU backends (execution spaces whose memory the host cannot read) and host
// backends (Serial, OpenMP) get one row each. Values chosen by measurement
// are annotated with the run that chose them (docs/perf-log.md).
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <type_traits>

#include "kmm/kernels/blocked.hpp"
#include "kmm/types.hpp"

namespace kmm {

/// A tile of C (tm x tn) and the depth tk of one k-phase staged in scratch.
template <int TM, int TN, int TK>
struct TileShape {
  static constexpr int tm = TM, tn = TN, tk = TK;
  static_assert(TM > 0 && TN > 0 && TK > 0, "tile extents must be positive");
};

// The tile shapes of the seed documents.
using Square8 = TileShape<8, 8, 8>;
using Square16 = TileShape<16, 16, 16>;
using Square32 = TileShape<32, 32, 32>;
/// 004's strip policy: a 16x16 tile of C, A staged 16 x 64 and B 64 x 16 per phase.
using Strip16 = TileShape<16, 16, 64>;

namespace detail {
template <class ExecSpace>
constexpr bool is_host_space() {
  return Kokkos::SpaceAccessibility<Kokkos::HostSpace,
                                    typename ExecSpace::memory_space>::accessible;
}
}  // namespace detail

template <class ExecSpace, bool Host = detail::is_host_space<ExecSpace>()>
struct TileTable;

/// GPU row: one thread per element of a tile (team_rank() is threadIdx.y with
/// vector length 1, so consecutive ranks are consecutive lanes of a warp).
template <class ExecSpace>
struct TileTable<ExecSpace, false> {
  template <class Shape>
  static constexpr int tiled_team_size() { return Shape::tm * Shape::tn; }
  using tiled_shape = Square16;  // Algorithm::Tiled

  // Algorithm::Auto. H200, GPU run 11 (docs/perf-log.md): Blocked wins once
  // its mid-size 64 x 128 tiles number at least 32 (n = 512: 32 tiles, 0.58
  // of cuBLAS fp32 against Tiled's 0.35; n = 1024: 0.89 against 0.16); below
  // that, and for m or n under 64, Tiled's 16 x 16 tiles keep more of the
  // GPU busy (n = 256: 0.83 against 0.70; tall-skinny 4500 x 50: 0.78 against
  // 0.81, within noise; one column: 0.12 against 0.09).
  static Algorithm auto_algorithm(std::int64_t m, std::int64_t n, std::int64_t /*k*/) {
    const std::int64_t tiles = ((m + 63) / 64) * ((n + 127) / 128);
    return (m < n ? m : n) >= 64 && tiles >= 32 ? Algorithm::Blocked : Algorithm::Tiled;
  }

  // batched_gemm: Naive is a team per matrix of one thread per element of C
  // (rounded up to whole warps, at most 256); Tiled a team per 16 x 16 tile.
  // Auto (H200, GPU run 5, docs/perf-log.md): Naive up to 8 x 8, where a
  // tile's team would mostly idle (n = 4 / 8: 3.0 / 2.7 times cuBLAS
  // strided-batched fp32, Tiled 0.64 / 0.66); Tiled from 16 (n = 16: 0.83
  // against Naive's 0.50; n = 64: 0.19 against 0.13).
  static int batched_team_size(std::int64_t m, std::int64_t n) {
    const std::int64_t warps = (m * n + 31) / 32;
    return static_cast<int>(32 * (warps < 1 ? 1 : warps > 8 ? 8 : warps));
  }
  using batched_shape = Square16;
  static Algorithm batched_algorithm(std::int64_t m, std::int64_t n, std::int64_t /*k*/) {
    return (m > n ? m : n) <= 8 ? Algorithm::Naive : Algorithm::Tiled;
  }

  // Algorithm::Blocked, per value type: a large tile (`blocked`) and a
  // mid-size one (`blocked_mid`). GPU rows stage the operand contiguous
  // along m or n by cp.async (Async 1); the fp32 `blocked` row also the one
  // contiguous along k, element by element (Async 2), which frees the
  // registers of its prefetch: 123 instead of 144, so four blocks (16 warps)
  // per SM fit. Measured on an H200 (session 10, docs/perf-log.md, square
  // NN, fraction of cuBLAS at n = 1024 / 2048 / 4096 / 8192 / 16384):
  // fp32 128x64x16 / 8x8 on 128 threads, 4 per SM, Async 2: 1.04 / 0.95 /
  // 0.97 / 0.95 / 0.90, against 1.10 / 0.74 / 0.95 / 0.94 / 0.89 for the
  // row before (3 per SM, Async 1, 144 registers; its 512 tiles at n = 2048
  // filled 396 slots and then a third of them again, where 4 per SM take
  // them in one wave of 528) and 0.98 / 0.82 / 0.82 / 0.81 / 0.72 for
  // 64x128x16 / 4x8 (mid). fp64 from GPU runs 19 and 21: 128x64x8 / 8x8
  // on 128 threads 21.6-22.0 TFLOP/s at n >= 2048 (0.48 of cuBLAS'
  // tensor-core DGEMM); Async 2 frees 6 of its 250 registers, not enough
  // for a third block, and measured the same (session 10).
  //
  // The fp32 rows take their blocks 8 block rows at a time, down the columns
  // (group 8): the blocks resident together then share 8 panels of op(A) and
  // about 66 of op(B) instead of 2 and all of op(B), DRAM draws less of the
  // 700 W, and the SM clock under the cap rises (H100, session 12, driver,
  // 5-7 s per row at the cap: table row 1800 -> 1860 MHz and 47.0 -> 48.8
  // TFLOP/s at n = 16384, 0.90 -> 0.93 of cuBLAS; 0.91 -> 0.95 at 8192, 0.91
  // -> 0.93 at 4096, 0.95-1.00 -> 1.05-1.09 at 1024; mid row at n = 8000 +7 %, 4000
  // -0.7 %). kmm-bench, GPU run 32 (H100, every row warmed up for 1.5 s):
  // Blocked fp32 1.04 / 0.90 / 0.91 / 0.97 / 0.96 of cuBLAS at n = 1024 /
  // 2048 / 4096 / 8192 / 16384. The fp64 table row keeps row-by-row order:
  // group 4 lost 3.5 % at n = 16384 (gained 1.5 % at 4096).
  //                    BM   BN  BK  TM TN VM VN PAD one-thread-per-micro-tile stages launch bounds - async group
  template <class T>
  using blocked = std::conditional_t<std::is_same<T, float>::value,
                                     BlockedParams<128, 64, 16, 8, 8, 4, 4, 4, true, 2, 128, 4, 0, 2, 8>,
                                     BlockedParams<128, 64, 8, 8, 8, 2, 2, 2, true, 2, 128, 2, 0, 1>>;
  template <class T>
  using blocked_mid = std::conditional_t<std::is_same<T, float>::value,
                                         BlockedParams<64, 128, 16, 4, 8, 4, 4, 4, true, 2, 256, 2, 0, 1, 8>,
                                         BlockedParams<64, 128, 8, 8, 8, 2, 2, 2, true, 2, 128, 2, 0, 1>>;
  // blocked_mid when C has fewer than 128 rows or columns, which would leave
  // large tiles part-empty (run 11: wide 64 x 65536 on 128 x 128 tiles, 0.41
  // of cuBLAS). fp32 also where the `blocked` row would not run its
  // WholeTiles kernel (whole: m, n, k multiples of 128, 64, 16 and operands
  // fit for packs): the two-path kernel it runs then spills 300 bytes at 128
  // registers, and the mid row's, 16 bytes, beats it (session 10, square
  // n = 1000 / 2000 / 3001 / 4000 / 8000: 0.51 / 0.65 / 0.57 / 0.77 / 0.83
  // of cuBLAS against 0.10 / 0.23 / 0.17 / 0.47 / 0.76). fp64 (two per SM)
  // below 256 tiles of 128 x 64, as n = 1024 (128 tiles, 16.9 against 16.8
  // TFLOP/s in run 19) and 2048 (512 tiles, 22.0 against 18.5 in run 21)
  // measured.
  template <class T>
  static bool blocked_mid_wins(std::int64_t m, std::int64_t n, bool whole_tiles) {
    if ((m < n ? m : n) < 128) return true;
    if (std::is_same<T, float>::value) return !whole_tiles;
    return ((m + 127) / 128) * ((n + 63) / 64) < 256;
  }
};

/// Host row: a team is one thread that computes a whole tile, so tiles of A
/// and B stay in that core's cache while it works on them.
template <class ExecSpace>
struct TileTable<ExecSpace, true> {
  template <class Shape>
  static constexpr int tiled_team_size() { return 1; }
  using tiled_shape = Square32;  // Algorithm::Tiled

  // Algorithm::Auto (CPU, docs/perf-log.md, session 8): Blocked from 16384
  // multiply-adds (about 25 x 25 x 25) up; below, Naive, whose launch costs
  // less than Blocked's packing (2 cores, OpenMP, median of 200 calls: n = 16
  // Naive 6.2 us fp32 / 5.3 fp64 against Blocked's 8.4 / 9.1; n = 32 30 / 26
  // against 13.5 / 15.7; `kmm-bench --kmm_set=full` times square n = 16 and
  // 32 too). Blocked also won every other shape of the full bench (Naive
  // 0.04-0.32 of OpenBLAS there; Blocked 0.36 fp32 / 1.54 fp64 on the 16 x 16
  // inner product of 2^20-long vectors, where the rule before, C of fewer
  // than one 128 x 96 block per thread, picked Naive).
  static Algorithm auto_algorithm(std::int64_t m, std::int64_t n, std::int64_t k) {
    return double(m) * double(n) * double(k) >= 16384.0 ? Algorithm::Blocked : Algorithm::Naive;
  }

  // batched_gemm: a team is one thread, which computes a whole small matrix
  // (Naive) or one 32 x 32 tile of it (Tiled). Auto: Naive, the direct loop,
  // at every size measured (2-core CPU, docs/perf-log.md: n = 4 to 16 Naive
  // 1.7-5.8 GFLOP/s, Tiled 0.01-0.75 as it computes zero-padded 32 x 32
  // tiles; n = 32 and 64 within 10% of each other).
  static int batched_team_size(std::int64_t, std::int64_t) { return 1; }
  using batched_shape = Square32;
  static Algorithm batched_algorithm(std::int64_t, std::int64_t, std::int64_t) { return Algorithm::Naive; }

  // Algorithm::Blocked has no row here: host backends run the frame compiled
  // into libkmm (kernels/host_blocked.hpp), whose blocking goes with the
  // micro-kernel chosen for the CPU at run time (src/host/host_gemm.cpp).
};

}  // namespace kmm
