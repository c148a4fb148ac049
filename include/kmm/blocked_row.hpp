#pragma once
// Named parameters of the GPU Blocked kernel (kernels/gpu_blocked.hpp): a
// row is one line of named pieces,
//
//   using Row = kmm::GpuRow<kmm::Block<128, 64, 16>, kmm::ThreadTile<8, 8>, kmm::FragmentPacks<4, 4>,
//                           kmm::ScratchPad<4>, kmm::AsyncAll, kmm::MinBlocksPerSM<4>, kmm::GroupedRows<8>>;
//
// and kmm::gemm_blocked<Row>(...) runs it. The tile table (tile_table.hpp)
// and the tuning list (bench/tuning.hpp) are made of such rows. Host backends
// have no rows: their blocking goes with the micro-kernel chosen for the CPU
// at run time (kmm/host_kernel.hpp).
#include <cstdint>
#include <type_traits>

#include <Kokkos_Core.hpp>

namespace kmm {

/// A team computes an M x N block of C, K deep per k-step staged in scratch.
template <int M, int N, int K>
struct Block {
  static constexpr int m = M, n = N, k = K;
  static_assert(M > 0 && N > 0 && K > 0, "Block: extents must be positive");
};

/// One thread accumulates an M x N micro-tile of the block in registers.
template <int M, int N>
struct ThreadTile {
  static constexpr int m = M, n = N;
  static_assert(M > 0 && N > 0, "ThreadTile: extents must be positive");
};

/// One warp accumulates an M x N warp tile of the block on the tensor cores
/// (rows whose micro-kernel is an MMA one, such as Dmma).
template <int M, int N>
struct WarpTile {
  static constexpr int m = M, n = N;
  static_assert(M > 0 && N > 0, "WarpTile: extents must be positive");
};

/// Fragments are read from scratch as aligned packs of M (op(A)) and N
/// (op(B)) consecutive values, one 16-byte load per pack at 4 floats or 2
/// doubles (8-byte at 2 floats, for thread tiles of 6); slices are staged
/// and C is written back in the same packs.
template <int M, int N>
struct FragmentPacks {
  static constexpr int m = M, n = N;
  static_assert(M > 0 && N > 0, "FragmentPacks: widths must be positive");
};

/// Scratch rows are padded by P elements so staging stores do not collide in
/// one shared-memory bank.
template <int P>
struct ScratchPad {
  static constexpr int value = P;
  static_assert(P >= 0, "ScratchPad: padding cannot be negative");
};

/// How the k-step slices travel global -> scratch. RegisterStaging: through
/// registers, prefetched one step ahead. AsyncRows: operands contiguous along
/// m (op(A)) or n (op(B)) by cp.async, without registers; the others through
/// registers. AsyncAll: also operands contiguous along k, element by element.
/// (On a GPU without cp.async the copies are plain loads and stores.)
/// Depth: scratch stages. Two: the next k-step is fetched while this one is
/// computed. More (AsyncAll only): Depth - 1 k-steps in flight while one is
/// computed, where both operands of a product go by cp.async.
/// Ahead (deeper pipelines only): the wait and barrier for the next k-step
/// come before this step's last MMA step, so the next step's first
/// fragments are read while this step's last MMAs run; it holds a second
/// fragment set in registers (gpu_blocked.hpp's pipeline).
template <int Level, int Depth = 2, bool Ahead = false>
struct Staging {
  static constexpr bool async = Level >= 1, async_k = Level >= 2, ahead = Ahead;
  static constexpr int level = Level, depth = Depth;
  static_assert(Depth >= 2, "Staging: at least two stages");
  static_assert(Depth == 2 || Level == 2, "Staging: deeper pipelines copy every operand asynchronously (AsyncAll)");
  static_assert(!Ahead || Depth > 2, "Staging: fragments ahead in deeper pipelines only");
};
using RegisterStaging = Staging<0>;
using AsyncRows = Staging<1>;
using AsyncAll = Staging<2>;
template <int Depth>
using AsyncAllDeep = Staging<2, Depth>;
template <int Depth>
using AsyncAllDeepAhead = Staging<2, Depth, true>;

/// Launch bounds: the compiler keeps registers low enough for this many
/// blocks of the row's team size per multiprocessor.
template <int B>
struct MinBlocksPerSM {
  static constexpr int value = B;
  static_assert(B >= 1, "MinBlocksPerSM: at least one");
};

/// Block order: which block (bi, bj) of a blocks_m x blocks_n grid league
/// item blk computes. G block rows at a time, each group taken column by
/// column (the last group may be shorter), so the blocks resident together
/// share G panels of op(A) and few of op(B) in L2. GroupedRows<1> is row by
/// row. A bijection of [0, blocks_m * blocks_n) for every G.
template <int G>
struct GroupedRows {
  static_assert(G >= 1, "GroupedRows: at least one block row");
  static constexpr int rows = G;
  KOKKOS_FORCEINLINE_FUNCTION static void block_of(std::int64_t blk, std::int64_t blocks_m, std::int64_t blocks_n,
                                                   std::int64_t& bi, std::int64_t& bj) {
    if constexpr (G == 1) {
      (void)blocks_m;
      bi = blk / blocks_n;
      bj = blk % blocks_n;
    } else {
      const std::int64_t span = std::int64_t(G) * blocks_n, g = blk / span, r = blk - g * span;
      const std::int64_t first = g * G, left = blocks_m - first;
      const std::int64_t height = left < G ? left : std::int64_t(G);
      bi = first + r % height;
      bj = r / height;
    }
  }
};
using RowByRow = GroupedRows<1>;

/// Micro-kernel: how the staged k-step is added to the accumulators
/// (kernels/gpu_micro_kernel.hpp), and so how many threads a team has.
/// SimtFma: plain fused multiply-adds, one thread per ThreadTile.
struct SimtFma {
  template <class BlockShape, class Tile>
  static constexpr int threads() { return (BlockShape::m / Tile::m) * (BlockShape::n / Tile::n); }
};
/// Dmma<M, N, K>: fp64 tensor-core MMA instructions of shape M x N x K
/// (16x8x4 or 16x8x8), one warp per WarpTile. Only for double, and only
/// where detail::build_has_f64_mma() (sm_80 and newer).
template <int M, int N, int K>
struct Dmma {
  static constexpr int m = M, n = N, k = K;
  static_assert(M == 16 && N == 8 && (K == 4 || K == 8), "Dmma: shapes 16x8x4 and 16x8x8");
  template <class BlockShape, class Tile>
  static constexpr int threads() {
    static_assert(Tile::m % M == 0 && Tile::n % N == 0, "Dmma: the warp tile must hold whole MMA tiles");
    return 32 * (BlockShape::m / Tile::m) * (BlockShape::n / Tile::n);
  }
};

/// One row of the GPU Blocked kernel. The team is one thread per micro-tile,
/// (Block::m / ThreadTile::m) x (Block::n / ThreadTile::n) threads (an MMA
/// micro-kernel: one warp per WarpTile, given in the Thread position), and a
/// pipeline of Staging::depth scratch stages.
template <class BlockShape, class Thread, class Packs, class Pad, class Stage, class Occupancy,
          class Order = RowByRow, class Micro = SimtFma>
struct GpuRow {
  using block = BlockShape;
  using thread = Thread;
  using packs = Packs;
  using staging = Stage;
  using order = Order;
  using micro = Micro;
  // the names the kernel reads
  static constexpr int BM = BlockShape::m, BN = BlockShape::n, BK = BlockShape::k;
  static constexpr int TM = Thread::m, TN = Thread::n;
  static constexpr int VM = Packs::m, VN = Packs::n;
  static constexpr int PAD = Pad::value;
  static constexpr int TX = BM / TM, TY = BN / TN;  // micro-tiles (warp tiles) along m and n
  static constexpr int team_size = Micro::template threads<BlockShape, Thread>();
  static constexpr int max_threads = team_size, min_blocks = Occupancy::value;
  static_assert(BM % TM == 0 && BN % TN == 0, "GpuRow: thread tiles must tile the block");
  static_assert(TM % VM == 0 && TN % VN == 0, "GpuRow: packs must tile the thread tile");
  static_assert((BM + PAD) % VM == 0 && (BN + PAD) % VN == 0, "GpuRow: padded rows must keep packs aligned");
  static_assert(team_size >= 32 && team_size <= 1024, "GpuRow: a team of 32 to 1024 threads");
};

/// batched_gemm's whole-matrix row (kernels/gpu_batched_whole.hpp): a team
/// per matrix, op(A) and op(B) copied whole into scratch, one Thread tile
/// of C per thread (SimtFma), or one WarpTile per warp on the fp64 tensor
/// cores (Dmma; double only, sm_80 and newer). Taken for C of at most
/// MaxSide a side and k of at most MaxK whose operands' spans fit MaxBytes
/// of scratch; the team is the thread (warp) grid over C rounded up to
/// whole warps, at most max_threads. Where the spans do not fit, in chunks
/// of k at least MinChunk deep that do.
template <class Thread, int MaxSide, int MaxK, int MaxBytes, int MinChunk, class Occupancy, class Micro = SimtFma>
struct GpuWholeRow {
  using micro = Micro;
  static constexpr bool mma = !std::is_same<Micro, SimtFma>::value;
  static constexpr int TM = Thread::m, TN = Thread::n;
  static constexpr int MAX_SIDE = MaxSide, MAX_K = MaxK, MAX_BYTES = MaxBytes, MIN_CHUNK = MinChunk;
  static constexpr int grid_side_m = (MaxSide + TM - 1) / TM, grid_side_n = (MaxSide + TN - 1) / TN;
  static constexpr int max_threads = (mma ? 32 : 1) * grid_side_m * grid_side_n, min_blocks = Occupancy::value;
  /// scratch elements read past an operand's span: the SIMT threads past C's
  /// edge read on (never written back); the MMA warps clamp their rows
  static constexpr int over_read = mma ? 0 : (TM > TN ? TM : TN);
  static_assert(max_threads <= 1024, "GpuWholeRow: at most 1024 threads");
  static constexpr bool whole_tiles() {
    if constexpr (mma) return TM % Micro::m == 0 && TN % Micro::n == 0;
    else return true;
  }
  static_assert(whole_tiles(), "GpuWholeRow: whole MMA tiles per warp");
};

}  // namespace kmm
