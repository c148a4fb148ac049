#pragma once
// The GPU Blocked dispatch that libkmm compiles once (src/gpu/): blocked_on
// on the CUDA space for float and double operands whose layouts fix their
// unit-stride directions (LayoutLeft, LayoutRight; any op), the combinations
// behind every kmm::gemm and BLAS call on such Views. An application's
// translation unit that calls kmm::gemm on them compiles no Blocked kernel
// of its own: the declarations below tell it libkmm has them, so it only
// compiles the argument checks and the small copy kernels around them.
// LayoutStride operands (a direction known at run time) and other value
// types compile where they are used, as before.
//
// Assumed: the application uses the Kokkos libkmm was built with (kmm's
// CMake package requires it), so KOKKOS_ENABLE_CUDA means the same here as
// in libkmm's build, which adds src/gpu/ exactly when Kokkos has CUDA.
// KMM_NO_PREBUILT (defined before the first kmm header) compiles everything
// in place instead. Included by kmm/dispatch.hpp after blocked_on.
#include <Kokkos_Core.hpp>

#include "kmm/kernels/operands.hpp"

#if defined(KOKKOS_ENABLE_CUDA) && !defined(KMM_NO_PREBUILT)
#define KMM_PREBUILT_GPU_BLOCKED 1
#endif

/// One explicit instantiation of blocked_on for value type T and unit-stride
/// directions AF, BF (OperandFacts): `extern template` (declaration) or
/// `template` (libkmm's definition).
#define KMM_BLOCKED_ON_INSTANCE(KW, T, AF, BF)                                                                  \
  KW void kmm::detail::blocked_on<Kokkos::Cuda, kmm::kernels::OperandFacts<T, AF, BF>>(                         \
      const Kokkos::Cuda&, const kmm::kernels::OperandFacts<T, AF, BF>&, T, T);
/// Every (AF, BF) libkmm builds for T: each operand along m (n) or along k.
#define KMM_BLOCKED_ON_INSTANCES(KW, T) \
  KMM_BLOCKED_ON_INSTANCE(KW, T, 1, 1)  \
  KMM_BLOCKED_ON_INSTANCE(KW, T, 1, 0)  \
  KMM_BLOCKED_ON_INSTANCE(KW, T, 0, 1)  \
  KMM_BLOCKED_ON_INSTANCE(KW, T, 0, 0)

#if defined(KMM_PREBUILT_GPU_BLOCKED)
KMM_BLOCKED_ON_INSTANCES(extern template, float)
KMM_BLOCKED_ON_INSTANCES(extern template, double)
#endif
