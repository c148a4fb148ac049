#pragma once
// The host micro-kernel of the Blocked rung, written with GCC/Clang vector
// extensions: BLIS's one per-machine piece. The generic micro-kernel in
// blocked.hpp is plain C++ that nvcc turns into FFMA + LDS.128; GCC's
// vectoriser handles that same loop nest only for some tile shapes (measured
// 3.6 to 88 GFLOP/s fp32 depending on TM x TN, docs/perf-log.md), so host rows
// of the tile table ask for this one (simd_bytes > 0) instead.
#include <Kokkos_Core.hpp>
#include <cstring>

#if (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__) && !defined(__HIPCC__)
#define KMM_HAVE_VECTOR_EXTENSIONS 1
#endif

namespace kmm {
namespace detail {

#if defined(KMM_HAVE_VECTOR_EXTENSIONS)
constexpr bool have_vector_extensions = true;

/// c[TN][TM] += sum over kk < kend of As[kk][a0 .. a0+TM) * Bs[kk][b0 + j],
/// TM a multiple of W = SimdBytes / sizeof(T); c kept in TN x TM/W vector registers.
template <class T, int SimdBytes, int TM, int TN, int LDA, int LDB>
inline void vector_micro_kernel(const T* As, const T* Bs, int kend, T (&c)[TN][TM]) {
  constexpr int W = SimdBytes / int(sizeof(T));
  constexpr int NV = TM / W;
  static_assert(TM % W == 0, "TM must be a multiple of the SIMD width");
  typedef T vec __attribute__((vector_size(SimdBytes)));
  vec acc[TN][NV];
  for (int j = 0; j < TN; ++j)
    for (int v = 0; v < NV; ++v) std::memcpy(&acc[j][v], &c[j][v * W], sizeof(vec));
  for (int kk = 0; kk < kend; ++kk) {
    vec a[NV];
    for (int v = 0; v < NV; ++v) std::memcpy(&a[v], As + kk * LDA + v * W, sizeof(vec));
    for (int j = 0; j < TN; ++j) {
      const T b = Bs[kk * LDB + j];  // vector * scalar: a broadcast load
      for (int v = 0; v < NV; ++v) acc[j][v] += a[v] * b;
    }
  }
  for (int j = 0; j < TN; ++j)
    for (int v = 0; v < NV; ++v) std::memcpy(&c[j][v * W], &acc[j][v], sizeof(vec));
}
/// A hint to bring p's cache line in (no fault, no effect on results).
KOKKOS_INLINE_FUNCTION void prefetch(const void* p) { __builtin_prefetch(p); }
#else
constexpr bool have_vector_extensions = false;
KOKKOS_INLINE_FUNCTION void prefetch(const void*) {}
template <class T, int SimdBytes, int TM, int TN, int LDA, int LDB>
void vector_micro_kernel(const T*, const T*, int, T (&)[TN][TM]);  // never instantiated here
#endif

}  // namespace detail
}  // namespace kmm
