#pragma once
// The operand descriptor of the GPU Blocked kernel, computed once per call by
// the dispatcher (kmm/dispatch.hpp) and handed to the kernel: for op(A) and
// op(B), their data, which direction is unit-stride in memory, their strides,
// and the facts from which a row decides whether slices travel as 16-byte
// packs and whether the product is whole tiles. Nothing here depends on a
// row; the row-dependent questions are member templates. The kernel holds
// no View: see OperandFacts.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "kmm/detail/access.hpp"
#include "kmm/detail/pack.hpp"

namespace kmm {
namespace kernels {

/// The view-free facts the kernel needs about op(A), op(B) and C: their
/// data, extents and strides, and (as template arguments) op(A)'s and
/// op(B)'s unit-stride direction where the View's layout fixes it: 1 along
/// m (n), 0 along k, -1 only known at run time (LayoutStride). The GPU
/// Blocked kernel is instantiated on these, not on the View types, so every
/// (layout, op) combination with the same directions shares its kernels:
/// NN on LayoutLeft and TT on LayoutRight are one kernel, and a const,
/// unmanaged or managed View of the same layout another name for it.
template <class T_, int AFast, int BFast>
struct OperandFacts {
  using T = T_;
  using index_t = detail::index_t;
  static constexpr int A_FAST = AFast, B_FAST = BFast;

  index_t m, n, k;
  bool a_m, b_n;       // op(A)(i, p): is i the unit-stride direction? op(B)(p, j): is j?
  index_t a_si, a_sp;  // strides of op(A)(i, p) in i and in p
  index_t b_sp, b_sj;  // strides of op(B)(p, j) in p and in j
  index_t c_si, c_sj;  // strides of C(i, j)
  const T* a;          // op(A)(i, p) is a[i * a_si + p * a_sp]
  const T* b;          // op(B)(p, j) is b[p * b_sp + j * b_sj]
  T* c;                // C(i, j) is c[i * c_si + j * c_sj]

  /// Offsets of op(A)(i, p), op(B)(p, j) and C(i, j); a unit stride the
  /// layout fixes is a constant, as the View's own operator() has it.
  KOKKOS_FORCEINLINE_FUNCTION index_t a_at(index_t i, index_t p) const {
    if constexpr (A_FAST == 1) return i + p * a_sp;
    else if constexpr (A_FAST == 0) return i * a_si + p;
    else return i * a_si + p * a_sp;
  }
  KOKKOS_FORCEINLINE_FUNCTION index_t b_at(index_t p, index_t j) const {
    if constexpr (B_FAST == 1) return p * b_sp + j;
    else if constexpr (B_FAST == 0) return p + j * b_sj;
    else return p * b_sp + j * b_sj;
  }
  KOKKOS_FORCEINLINE_FUNCTION index_t c_at(index_t i, index_t j) const { return i * c_si + j * c_sj; }

  /// Packs of v elements along a unit stride are aligned when the data
  /// pointer is and the other stride is a multiple of v (block and k-step
  /// origins are multiples of v).
  template <int V>
  static bool packable(const T* data, index_t unit, index_t other) {
    return unit == 1 && other % V == 0 && reinterpret_cast<std::uintptr_t>(data) % alignof(detail::Pack<T, V>) == 0;
  }
  /// The pack plans hold 32-bit offsets within a BK x ROWS slice: operands
  /// whose slices span 2^31 elements or more take the element path.
  static bool fits(index_t rows, index_t s_row, index_t bk, index_t s_k) {
    return rows * s_row + bk * s_k < index_t(std::numeric_limits<int>::max());
  }
  /// Do op(A)'s / op(B)'s slices travel as packs under row R? (And, where
  /// the layout fixes the unit-stride direction, is it the one found here.)
  /// AnyA / AnyB: the row's pack pipeline copies that operand element by
  /// element (an operand along k into k-rows on AsyncAll rows: GpuBlocked's
  /// ASYNC_KA, ASYNC_KB), so its packs need no alignment, only 32-bit
  /// offsets and the direction.
  template <class R, bool AnyA = false>
  bool a_packs() const {
    return (AnyA || packable<R::VM>(a, a_m ? a_si : a_sp, a_m ? a_sp : a_si)) && fits(R::BM, a_si, R::BK, a_sp) &&
           (A_FAST < 0 || a_m == (A_FAST == 1));
  }
  template <class R, bool AnyB = false>
  bool b_packs() const {
    return (AnyB || packable<R::VN>(b, b_n ? b_sj : b_sp, b_n ? b_sp : b_sj)) && fits(R::BN, b_sj, R::BK, b_sp) &&
           (B_FAST < 0 || b_n == (B_FAST == 1));
  }
  /// Both operands' slices as packs under row R (the condition of the rows
  /// taken only where every k-step goes as packs: the 48-column and edge rows).
  template <class R, bool AnyA = false, bool AnyB = false>
  bool packs() const { return a_packs<R, AnyA>() && b_packs<R, AnyB>(); }
  /// Would op(A) (op(B)) take packs of V once copied with its leading
  /// dimension padded (kernels/repack.hpp), where it takes none now? (Its
  /// unit-stride direction, if any, is kept, so it must be the one the
  /// layout fixes.)
  template <int V>
  bool a_repackable() const {
    return !packable<V>(a, a_m ? a_si : a_sp, a_m ? a_sp : a_si) && (A_FAST < 0 || a_m == (A_FAST == 1));
  }
  template <int V>
  bool b_repackable() const {
    return !packable<V>(b, b_n ? b_sj : b_sp, b_n ? b_sp : b_sj) && (B_FAST < 0 || b_n == (B_FAST == 1));
  }
  /// C written back as R::VM rows (unit stride in i) or R::VN columns (in j);
  /// R is the row's micro-kernel, whose accumulators decide the packs.
  template <class R>
  bool c_packs_m() const { return packable<R::VM>(c, c_si, c_sj); }
  template <class R>
  bool c_packs_n() const { return !c_packs_m<R>() && packable<R::VN>(c, c_sj, c_si); }

  /// Can row R stage whole k-steps as packs at all? (Its k-step must hold
  /// whole packs of both operands.)
  template <class R>
  static constexpr bool row_packs() { return R::BK % R::VM == 0 && R::BK % R::VN == 0; }
  /// Does every k-step of every block of row R go by packs: both operands
  /// in packs, k a multiple of BK, and every block interior unless
  /// EdgePacks (the kernel stages edge blocks by packs too)? (Split kernels
  /// then take their PacksOnly form.)
  template <class R, bool EdgePacks, bool AnyA = false, bool AnyB = false>
  bool packs_every_step() const {
    if constexpr (row_packs<R>())
      return packs<R, AnyA, AnyB>() && k % R::BK == 0 && (EdgePacks || (m % R::BM == 0 && n % R::BN == 0));
    else
      return false;
  }
  /// Does the product run row R's WholeTiles kernel: every block interior,
  /// k a multiple of BK, both operands in packs?
  template <class R, bool AnyA = false, bool AnyB = false>
  bool whole_tiles() const { return packs_every_step<R, false, AnyA, AnyB>(); }
};

/// The facts of C^T = op(B)^T op(A)^T for those of C = op(A) op(B): the
/// same data, op(A)'s and op(B)'s roles swapped, C's strides swapped, so a
/// row tuned for tall C computes wide C (the dispatcher decides where:
/// TileTable::blocked_transpose). Each element of C is the same sum of the
/// same products.
template <class T, int AFast, int BFast>
OperandFacts<T, BFast, AFast> transposed(const OperandFacts<T, AFast, BFast>& d) {
  return OperandFacts<T, BFast, AFast>{d.n,    d.m,    d.k,    d.b_n,  d.a_m,  d.b_sj, d.b_sp,
                                       d.a_sp, d.a_si, d.c_sj, d.c_si, d.b,    d.a,    d.c};
}

/// The facts of rows [i0, i1) of C = op(A) op(B) (rows_of) or of its columns
/// [j0, j1) (columns_of): the same strides, the data of op(A) (op(B)) and C
/// from that row (column) on. The dispatcher computes a product in two
/// parts this way (TileTable::tail_split); i0 (j0) a multiple of the row's
/// BM (BN) keeps every pack that was aligned aligned.
template <class T, int AFast, int BFast>
OperandFacts<T, AFast, BFast> rows_of(const OperandFacts<T, AFast, BFast>& d, detail::index_t i0, detail::index_t i1) {
  OperandFacts<T, AFast, BFast> r = d;
  r.m = i1 - i0;
  r.a += i0 * d.a_si;
  r.c += i0 * d.c_si;
  return r;
}
template <class T, int AFast, int BFast>
OperandFacts<T, AFast, BFast> columns_of(const OperandFacts<T, AFast, BFast>& d, detail::index_t j0,
                                         detail::index_t j1) {
  OperandFacts<T, AFast, BFast> r = d;
  r.n = j1 - j0;
  r.b += j0 * d.b_sj;
  r.c += j0 * d.c_sj;
  return r;
}

/// The unit-stride direction of op(X)'s rows where View's layout fixes it
/// (OperandFacts' A_FAST, B_FAST). RowsAreDim0: op(X)'s rows are View's
/// dimension 0.
template <class View, bool RowsAreDim0>
constexpr int static_rows_fast() {
  using L = typename View::array_layout;
  if constexpr (std::is_same<L, Kokkos::LayoutLeft>::value) return RowsAreDim0 ? 1 : 0;
  else if constexpr (std::is_same<L, Kokkos::LayoutRight>::value) return RowsAreDim0 ? 0 : 1;
  else return -1;
}

/// The facts of C = op(A) op(B) for these Views, computed once per call by
/// the dispatcher.
template <bool TA, bool TB, class AView, class BView, class CView>
struct Operands : OperandFacts<typename CView::non_const_value_type, static_rows_fast<AView, !TA>(),
                               static_rows_fast<BView, TB>()> {
  using Facts = OperandFacts<typename CView::non_const_value_type, static_rows_fast<AView, !TA>(),
                             static_rows_fast<BView, TB>()>;
  Operands(const AView& A, const BView& B, const CView& C)
      : Facts{detail::index_t(C.extent(0)),
              detail::index_t(C.extent(1)),
              detail::index_t(TA ? A.extent(0) : A.extent(1)),
              (TA ? A.stride(1) : A.stride(0)) == 1 && A.extent(TA ? 1 : 0) > 1,
              (TB ? B.stride(0) : B.stride(1)) == 1 && B.extent(TB ? 0 : 1) > 1,
              detail::index_t(TA ? A.stride(1) : A.stride(0)),
              detail::index_t(TA ? A.stride(0) : A.stride(1)),
              detail::index_t(TB ? B.stride(1) : B.stride(0)),
              detail::index_t(TB ? B.stride(0) : B.stride(1)),
              detail::index_t(C.stride(0)),
              detail::index_t(C.stride(1)),
              A.data(),
              B.data(),
              C.data()} {}
  const Facts& facts() const { return *this; }
};

}  // namespace kernels
}  // namespace kmm
