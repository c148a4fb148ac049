#pragma once
// Where the GPU Blocked kernel keeps one operand's BK x ROWS k-step slice in
// a scratch stage: element (kk, r), kk along k, r along m (op(A)) or n
// (op(B)), lies at at(kk, r). Every writer of a stage (pack plans, element
// copies, register deposits) and the micro-kernel that reads it go through
// one of these, so the pipeline can pick per operand the layout its copies
// land in without transposition.
//
// KRows<LD>: k-rows LD elements long, r fastest. Operands contiguous along m
// (n) are copied into it as they lie in memory (16-byte packs along r); a
// padded LD (4 mod 16 doubles) keeps fragment loads conflict-free.
// KColumns<BK>: r-columns of BK = 8 or 16 elements, k fastest. Operands
// contiguous along k are copied into it as 16-byte packs of k pairs instead
// of transposed element by element; no padding: the pair index is
// XOR-swizzled by r (BK = 8: element (kk, r) at r * 8 + (kk ^ 4 (r >> 1 &
// 1)); BK = 16: at r * 16 + (kk ^ 4 (r & 3))), so
//  - eight threads copying a 128-byte line's pairs (two columns of 8 k, one
//    of 16) write one 128-byte span (one shared-memory wavefront per
//    quarter warp, the minimum), and
//  - a half warp reading MMA fragments, 4 k x 4 consecutive r (the Dmma
//    micro-kernel's lanes t and g), hits 16 distinct bank pairs.
// Assumed by KColumns: element-sized reads (8-byte values: fp64, the only
// type whose micro-kernel reads it, gpu_micro_kernel.hpp) and packs of two.
#include <Kokkos_Core.hpp>
#include <type_traits>

namespace kmm {
namespace kernels {

template <int LD>
struct KRows {
  static constexpr bool k_major = false;
  static constexpr int ld = LD;
  KOKKOS_FORCEINLINE_FUNCTION static constexpr int at(int kk, int r) { return kk * LD + r; }
  /// Is the element dk along k and dr along r from any (kk, r) one fixed
  /// offset, shift(dk, dr), away?
  KOKKOS_FORCEINLINE_FUNCTION static constexpr bool affine(int, int) { return true; }
  KOKKOS_FORCEINLINE_FUNCTION static constexpr int shift(int dk, int dr) { return dk * LD + dr; }
};

template <int BK>
struct KColumns {
  static_assert(BK == 8 || BK == 16, "KColumns: the swizzle is written for k-steps of 8 and 16");
  static constexpr bool k_major = true;
  /// The k-pair swizzle of column r: bit 1 of r (BK = 8, two columns per
  /// 128-byte line) or bits 0-1 (BK = 16, one column per line), as an XOR
  /// of a multiple of 4 that keeps pairs whole.
  KOKKOS_FORCEINLINE_FUNCTION static constexpr int swizzle(int r) { return BK == 8 ? (r & 2) << 1 : (r & 3) << 2; }
  KOKKOS_FORCEINLINE_FUNCTION static constexpr int at(int kk, int r) { return r * BK + (kk ^ swizzle(r)); }
  /// Steps along r that keep bits 0-1 of r (multiples of 4) are one offset.
  KOKKOS_FORCEINLINE_FUNCTION static constexpr bool affine(int dk, int dr) { return dk == 0 && dr % 4 == 0; }
  KOKKOS_FORCEINLINE_FUNCTION static constexpr int shift(int, int dr) { return dr * BK; }
};

/// The layout of one operand's slice for micro-kernel MK: k-major where the
/// View's layout fixes k as the unit stride (FAST 0) and MK reads KColumns;
/// else k-rows LD long (also where the direction is known only at run time,
/// LayoutStride: its packs may come along either). (XOR-swizzled unpadded
/// k-rows for operands contiguous along m or n measured no better:
/// docs/perf-log.md, "k-major stages".)
template <class MK, int FAST, int BK, int LD>
using slice_layout = std::conditional_t<MK::READS_K_MAJOR && FAST == 0, KColumns<BK>, KRows<LD>>;

}  // namespace kernels
}  // namespace kmm
