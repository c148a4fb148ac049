#pragma once
// The operand descriptor of the GPU Blocked kernel, computed once per call by
// the dispatcher (kmm/dispatch.hpp) and handed to the kernel: for op(A) and
// op(B), which direction is unit-stride in memory, their strides, and the
// facts from which a row decides whether slices travel as 16-byte packs and
// whether the product is whole tiles. Nothing here depends on a row; the
// row-dependent questions are member templates.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "kmm/detail/access.hpp"
#include "kmm/detail/pack.hpp"

namespace kmm {
namespace kernels {

template <bool TA, bool TB, class AView, class BView, class CView>
struct Operands {
  using T = typename CView::non_const_value_type;
  using index_t = detail::index_t;

  /// The unit-stride direction of op(A) / op(B) where the View's layout fixes
  /// it: 1 along m (n), 0 along k, -1 only known at run time (LayoutStride).
  template <class View, bool RowsAreDim0>
  static constexpr int static_rows_fast() {
    using L = typename View::array_layout;
    if constexpr (std::is_same<L, Kokkos::LayoutLeft>::value) return RowsAreDim0 ? 1 : 0;
    else if constexpr (std::is_same<L, Kokkos::LayoutRight>::value) return RowsAreDim0 ? 0 : 1;
    else return -1;
  }
  static constexpr int A_FAST = static_rows_fast<AView, !TA>();  // op(A)(i, p): i is dimension 0 unless TA
  static constexpr int B_FAST = static_rows_fast<BView, TB>();   // op(B)(p, j): j is dimension 0 when TB

  index_t m, n, k;
  bool a_m, b_n;       // op(A)(i, p): is i the unit-stride direction? op(B)(p, j): is j?
  index_t a_si, a_sp;  // strides of op(A)(i, p) in i and in p
  index_t b_sp, b_sj;  // strides of op(B)(p, j) in p and in j
  index_t c_si, c_sj;  // strides of C(i, j)
  std::uintptr_t a_addr, b_addr, c_addr;

  Operands(const AView& A, const BView& B, const CView& C)
      : m(C.extent(0)), n(C.extent(1)), k(TA ? A.extent(0) : A.extent(1)),
        a_m((TA ? A.stride(1) : A.stride(0)) == 1 && A.extent(TA ? 1 : 0) > 1),
        b_n((TB ? B.stride(0) : B.stride(1)) == 1 && B.extent(TB ? 0 : 1) > 1),
        a_si(TA ? A.stride(1) : A.stride(0)), a_sp(TA ? A.stride(0) : A.stride(1)),
        b_sp(TB ? B.stride(1) : B.stride(0)), b_sj(TB ? B.stride(0) : B.stride(1)),
        c_si(C.stride(0)), c_sj(C.stride(1)),
        a_addr(reinterpret_cast<std::uintptr_t>(A.data())), b_addr(reinterpret_cast<std::uintptr_t>(B.data())),
        c_addr(reinterpret_cast<std::uintptr_t>(C.data())) {}

  /// Packs of v elements along a unit stride are aligned when the data
  /// pointer is and the other stride is a multiple of v (block and k-step
  /// origins are multiples of v).
  template <int V>
  static bool packable(std::uintptr_t addr, index_t unit, index_t other) {
    return unit == 1 && other % V == 0 && addr % alignof(detail::Pack<T, V>) == 0;
  }
  /// The pack plans hold 32-bit offsets within a BK x ROWS slice: operands
  /// whose slices span 2^31 elements or more take the element path.
  static bool fits(index_t rows, index_t s_row, index_t bk, index_t s_k) {
    return rows * s_row + bk * s_k < index_t(std::numeric_limits<int>::max());
  }
  /// Do op(A)'s / op(B)'s slices travel as packs under row R? (And, where
  /// the layout fixes the unit-stride direction, is it the one found here.)
  template <class R>
  bool a_packs() const {
    return packable<R::VM>(a_addr, a_m ? a_si : a_sp, a_m ? a_sp : a_si) && fits(R::BM, a_si, R::BK, a_sp) &&
           (A_FAST < 0 || a_m == (A_FAST == 1));
  }
  template <class R>
  bool b_packs() const {
    return packable<R::VN>(b_addr, b_n ? b_sj : b_sp, b_n ? b_sp : b_sj) && fits(R::BN, b_sj, R::BK, b_sp) &&
           (B_FAST < 0 || b_n == (B_FAST == 1));
  }
  /// C written back as R::VM rows (unit stride in i) or R::VN columns (in j);
  /// R is the row's micro-kernel, whose accumulators decide the packs.
  template <class R>
  bool c_packs_m() const { return packable<R::VM>(c_addr, c_si, c_sj); }
  template <class R>
  bool c_packs_n() const { return !c_packs_m<R>() && packable<R::VN>(c_addr, c_sj, c_si); }

  /// Can row R stage whole k-steps as packs at all? (Its k-step must hold
  /// whole packs of both operands.)
  template <class R>
  static constexpr bool row_packs() { return R::BK % R::VM == 0 && R::BK % R::VN == 0; }
  /// Does the product run row R's WholeTiles kernel: every block interior,
  /// k a multiple of BK, both operands in packs?
  template <class R>
  bool whole_tiles() const {
    if constexpr (row_packs<R>())
      return a_packs<R>() && b_packs<R>() && m % R::BM == 0 && n % R::BN == 0 && k % R::BK == 0;
    else
      return false;
  }
};

}  // namespace kernels
}  // namespace kmm
