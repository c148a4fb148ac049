#pragma once
// Compiler-portability helpers for the register-blocked kernel (not backend
// switches: the same kernel source uses them on every backend).
#include <Kokkos_Core.hpp>
#include <cstdint>

#if defined(__CUDACC__) || defined(__HIPCC__)
#define KMM_UNROLL _Pragma("unroll")
#elif defined(__clang__)
#define KMM_UNROLL _Pragma("clang loop unroll(full)")
#else
#define KMM_UNROLL
#endif

namespace kmm {
namespace detail {

constexpr int min_int(int a, int b) { return a < b ? a : b; }
/// The largest power of two dividing bytes, at most 64: the alignment of a pack.
constexpr int pack_align(int bytes) { return (bytes & -bytes) < 64 ? (bytes & -bytes) : 64; }

/// V consecutive values read or written as one aligned access: on a GPU a
/// 16-byte Pack becomes one LDS.128; on a CPU a vector load.
template <class T, int V>
struct alignas(pack_align(int(sizeof(T)) * V)) Pack {
  T v[V];
};

/// Reads V consecutive values. Up to 16 bytes (the widest shared-memory
/// access, LDS.128) as one aligned Pack; wider runs element by element, left
/// to the compiler's vectoriser (struct copies of 32+ bytes defeat GCC's).
template <class T, int V>
KOKKOS_FORCEINLINE_FUNCTION void load_pack(const T* src, T* dst) {
  if constexpr (sizeof(T) * V <= 16) {
    const Pack<T, V> p = *reinterpret_cast<const Pack<T, V>*>(src);
    KMM_UNROLL
    for (int w = 0; w < V; ++w) dst[w] = p.v[w];
  } else {
    KMM_UNROLL
    for (int w = 0; w < V; ++w) dst[w] = src[w];
  }
}

/// Rounds p up to a multiple of Align bytes.
template <int Align, class T>
KOKKOS_FORCEINLINE_FUNCTION T* align_up(T* p) {
  const std::uintptr_t a = reinterpret_cast<std::uintptr_t>(p);
  return reinterpret_cast<T*>((a + Align - 1) & ~std::uintptr_t(Align - 1));
}

}  // namespace detail
}  // namespace kmm
