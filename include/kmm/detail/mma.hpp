#pragma once
// fp64 tensor-core instructions (DMMA) for the GPU Blocked kernel's MMA
// micro-kernel (kernels/gpu_micro_kernel.hpp): the inline PTX and the
// compile-time test of whether this build's device code has them. Like
// pack.hpp, the only place with architecture #ifs; kernels call these.
//
// Fragments (PTX ISA, "Matrix fragments for mma.m16n8k4 / m16n8k8" with
// .f64): lane l of the warp is in group g = l / 4 at position t = l % 4.
//   m16n8k4: a = {A(g, t), A(g + 8, t)}, b = {B(t, g)},
//            d = {C(g, 2t), C(g, 2t + 1), C(g + 8, 2t), C(g + 8, 2t + 1)}
//   m16n8k8: a = {A(g, t), A(g + 8, t), A(g, t + 4), A(g + 8, t + 4)},
//            b = {B(t, g), B(t + 4, g)}, d as m16n8k4
//   m8n8k4 (sm_80, the only f64 shape there): a = {A(g, t)}, b = {B(t, g)},
//            d = {C(g, 2t), C(g, 2t + 1)}
// so an m16n8k4 is two m8n8k4 (rows g and g + 8) and an m16n8k8 two
// m16n8k4 (k = t and t + 4): on sm_80-89 the larger shapes run as those.
// tests/test_gemm_rows.cpp (DmmaFragments) checks each shape against a
// reference product, so a wrong layout here fails there.
#include <Kokkos_Core.hpp>

namespace kmm {
namespace detail {

/// Does this build's CUDA device code have the fp64 MMA instructions
/// (sm_80 and newer)? Read from Kokkos' architecture macros on the host, so
/// the tile table can pick the MMA rows; false for every other backend and
/// older GPUs (those keep the SIMT rows).
constexpr bool build_has_f64_mma() {
#if defined(KOKKOS_ENABLE_CUDA) &&                                                                 \
    (defined(KOKKOS_ARCH_AMPERE) || defined(KOKKOS_ARCH_AMPERE80) || defined(KOKKOS_ARCH_AMPERE86) || \
     defined(KOKKOS_ARCH_AMPERE87) || defined(KOKKOS_ARCH_ADA89) || defined(KOKKOS_ARCH_HOPPER) ||     \
     defined(KOKKOS_ARCH_HOPPER90) || defined(KOKKOS_ARCH_BLACKWELL) || defined(KOKKOS_ARCH_BLACKWELL100) || \
     defined(KOKKOS_ARCH_BLACKWELL120))
  return true;
#else
  return false;
#endif
}

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define KMM_DETAIL_F64_MMA 1
#endif

/// d += A B for one m16n8k4 fp64 tile held in the fragments above.
KOKKOS_FORCEINLINE_FUNCTION void mma_f64_16x8x4(double& d0, double& d1, double& d2, double& d3, double a0,
                                                double a1, double b0) {
#if defined(KMM_DETAIL_F64_MMA) && __CUDA_ARCH__ >= 900
  asm("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%0, %1, %2, %3};"
               : "+d"(d0), "+d"(d1), "+d"(d2), "+d"(d3)
               : "d"(a0), "d"(a1), "d"(b0));
#elif defined(KMM_DETAIL_F64_MMA)
  asm("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};"
               : "+d"(d0), "+d"(d1)
               : "d"(a0), "d"(b0));
  asm("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};"
               : "+d"(d2), "+d"(d3)
               : "d"(a1), "d"(b0));
#else
  (void)d0, (void)d1, (void)d2, (void)d3, (void)a0, (void)a1, (void)b0;
  Kokkos::abort("kmm: fp64 MMA row run on a device without fp64 MMA (the tile table selects it only for sm_80+)");
#endif
}

/// d += A B for one m16n8k8 fp64 tile.
KOKKOS_FORCEINLINE_FUNCTION void mma_f64_16x8x8(double& d0, double& d1, double& d2, double& d3, double a0,
                                                double a1, double a2, double a3, double b0, double b1) {
#if defined(KMM_DETAIL_F64_MMA) && __CUDA_ARCH__ >= 900
  asm(
      "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, "
      "%3};"
      : "+d"(d0), "+d"(d1), "+d"(d2), "+d"(d3)
      : "d"(a0), "d"(a1), "d"(a2), "d"(a3), "d"(b0), "d"(b1));
#else
  mma_f64_16x8x4(d0, d1, d2, d3, a0, a1, b0);
  mma_f64_16x8x4(d0, d1, d2, d3, a2, a3, b1);
#endif
}

#undef KMM_DETAIL_F64_MMA

}  // namespace detail
}  // namespace kmm
