#pragma once
// kmm's tile table for host backends (Serial, OpenMP): the specialisation
// TileTable<ExecSpace, true> of kmm/tile_table.hpp, which includes this file
// after the GPU table. Each value chosen by measurement names its
// docs/perf-log.md section.
#include <cstdint>

#include "kmm/tile_table.hpp"

namespace kmm {

/// Host table: a team is one thread that computes a whole tile, so tiles of
/// A and B stay in that core's cache while it works on them.
template <class ExecSpace>
struct TileTable<ExecSpace, true> {
  template <class Shape>
  static constexpr int tiled_team_size() { return 1; }
  using tiled_shape = Square32;  // Algorithm::Tiled

  /// Algorithm::Auto: Blocked from 16384 multiply-adds (about 25 x 25 x 25)
  /// up; below, Naive, whose launch costs less than Blocked's packing
  /// (perf-log: "Auto on the CPU").
  template <class T>
  static Algorithm auto_algorithm(std::int64_t m, std::int64_t n, std::int64_t k) {
    return double(m) * double(n) * double(k) >= 16384.0 ? Algorithm::Blocked : Algorithm::Naive;
  }

  /// batched_gemm: a team is one thread, which computes a whole small matrix
  /// (Naive) or one 32 x 32 tile of it (Tiled); Blocked gives each thread a
  /// range of matrices for libkmm's frame. Auto: Naive, the direct loop, up
  /// to 8 x 8, where packing costs more than it saves; Blocked above
  /// (perf-log: "Batched on the CPU").
  static int batched_team_size(std::int64_t, std::int64_t) { return 1; }
  using batched_shape = Square32;
  template <class T>
  static Algorithm batched_algorithm(std::int64_t m, std::int64_t n, std::int64_t) {
    return (m > n ? m : n) <= 8 ? Algorithm::Naive : Algorithm::Blocked;
  }

  // Algorithm::Blocked has no row here: host backends run the frame compiled
  // into libkmm (kernels/host_blocked.hpp), whose blocking goes with the
  // micro-kernel chosen for the CPU at run time (src/host/host_gemm.cpp).
};

}  // namespace kmm
