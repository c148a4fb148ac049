#pragma once
// Small device-side helpers shared by the kernels.
#include <Kokkos_Core.hpp>
#include <cstdint>

namespace kmm {
namespace detail {

using index_t = std::int64_t;

/// Can the host read the memory of ExecSpace? (Serial, OpenMP: yes; a GPU: no.)
template <class ExecSpace>
constexpr bool is_host_space() {
  return Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename ExecSpace::memory_space>::accessible;
}

/// League size for `work` items of a TeamPolicy: at most 2^30 teams, which
/// then loop over the items league_size() apart.
inline int league_for(index_t work) {
  const index_t cap = index_t(1) << 30;
  return static_cast<int>(work < cap ? work : cap);
}

/// op(X)(i, j) for a compile-time op.
template <bool Trans, class View>
KOKKOS_FORCEINLINE_FUNCTION typename View::value_type op_at(const View& x, index_t i, index_t j) {
  if constexpr (Trans) {
    return x(j, i);
  } else {
    return x(i, j);
  }
}

/// C(i, j) = alpha * acc + beta * C(i, j), without reading C when beta == 0.
template <class CView, class T>
KOKKOS_FORCEINLINE_FUNCTION void update_c(const CView& c, index_t i, index_t j, T alpha, T acc,
                                          T beta) {
  if (beta == T(0)) {
    c(i, j) = alpha * acc;
  } else {
    c(i, j) = alpha * acc + beta * c(i, j);
  }
}

/// *c = alpha * acc + beta * *c, without reading *c when beta == 0 (the
/// kernels that hold C as a pointer; update_c keeps the View's operator():
/// team_gemm takes the caller's Views, whose element may be a proxy, e.g.
/// MemoryTraits<Atomic>).
template <class T>
KOKKOS_FORCEINLINE_FUNCTION void update_element(T* c, T alpha, T acc, T beta) {
  if (beta == T(0)) {
    *c = alpha * acc;
  } else {
    *c = alpha * acc + beta * *c;
  }
}

}  // namespace detail
}  // namespace kmm
