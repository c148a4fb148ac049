#pragma once
// The compile-time checks of every entry point (gemm, gemm_tiled,
// gemm_blocked, batched_gemm, team_gemm): one set, so a message reads the
// same wherever it fires. The entry point shows in the compiler's
// instantiation trace above the message.
#include <Kokkos_Core.hpp>
#include <type_traits>

namespace kmm {
namespace detail {

/// A, B, C: Views of rank Rank (2; batched_gemm: 3, batch index first) with
/// one value type, C writable. Host and device: team_gemm calls it inside
/// users' kernels.
template <int Rank, class AView, class BView, class CView>
KOKKOS_INLINE_FUNCTION constexpr void check_views() {
  static_assert(Kokkos::is_view<AView>::value && Kokkos::is_view<BView>::value && Kokkos::is_view<CView>::value,
                "kmm: A, B and C must be Kokkos::Views");
  static_assert(int(AView::rank) == Rank && int(BView::rank) == Rank && int(CView::rank) == Rank,
                "kmm: A, B and C must have the entry point's rank (2; batched_gemm: 3, batch index first)");
  using T = typename CView::non_const_value_type;
  static_assert(std::is_same<typename AView::non_const_value_type, T>::value &&
                    std::is_same<typename BView::non_const_value_type, T>::value,
                "kmm: A, B and C must have the same value type");
  static_assert(std::is_same<typename CView::value_type, T>::value, "kmm: C must be a View of non-const values");
}

/// Host-called entry points also: an execution space instance that can reach
/// all three Views, and a value type kmm's kernels compute in.
template <int Rank, class ExecSpace, class AView, class BView, class CView>
constexpr void static_checks() {
  static_assert(Kokkos::is_execution_space<ExecSpace>::value,
                "kmm: the first argument must be a Kokkos execution space instance");
  check_views<Rank, AView, BView, CView>();
  using T = typename CView::non_const_value_type;
  static_assert(std::is_same<T, float>::value || std::is_same<T, double>::value,
                "kmm: the value type must be float or double");
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename AView::memory_space>::accessible &&
                    Kokkos::SpaceAccessibility<ExecSpace, typename BView::memory_space>::accessible &&
                    Kokkos::SpaceAccessibility<ExecSpace, typename CView::memory_space>::accessible,
                "kmm: A, B and C must be accessible from the execution space");
}

}  // namespace detail
}  // namespace kmm
