#pragma once
// kmm::batched_gemm: many equal-sized products in one launch,
//
//   C(b, :, :) = alpha * op(A(b, :, :)) * op(B(b, :, :)) + beta * C(b, :, :)
//
// for every b < C.extent(0). A, B, C: rank-3 Views of float or double (one
// value type), batch index first, any layout, accessible from the execution
// space. Made for small matrices (4 to 64, where one gemm call per matrix
// would be all launch overhead); any size is computed correctly.
//
//   kmm::batched_gemm(space, kmm::Op::N, kmm::Op::N, 1.0, A, B, 0.0, C);
//
// Same rules as kmm::gemm: BLAS rules for alpha == 0, k == 0 and beta == 0;
// batch counts and matrix extents checked on every call, and C must not share
// memory with A or B (std::invalid_argument, C untouched); asynchronous on
// the given instance (a refused launch: std::runtime_error); a Kokkos Tools
// region "kmm::batched_gemm".
// Algorithm::Auto picks Naive (a team per matrix), Tiled (a team per tile)
// or Blocked (on GPUs the Blocked rung's pipeline and register micro-tiles,
// a team per block of a matrix; on CPUs libkmm's frame, a thread per range of
// matrices) from the tile table.
#include <Kokkos_Core.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "kmm/gemm.hpp"
#include "kmm/kernels/batched.hpp"

namespace kmm {
namespace detail {

/// The elements of a rank-3 operand as a rank-2 footprint: exact when two of
/// its dimensions merge into one (contiguous LayoutRight or LayoutLeft
/// batches), otherwise its whole address range (conservative).
template <class View>
Footprint footprint3(const View& v) {
  const std::int64_t e[3] = {std::int64_t(v.extent(0)), std::int64_t(v.extent(1)), std::int64_t(v.extent(2))};
  const std::int64_t s[3] = {std::int64_t(v.stride(0)), std::int64_t(v.stride(1)), std::int64_t(v.stride(2))};
  const auto base = reinterpret_cast<std::uintptr_t>(v.data());
  const std::size_t es = sizeof(typename View::value_type);
  if (e[0] == 0 || e[1] == 0 || e[2] == 0) return Footprint{base, es, {0, 0}, {1, 1}};
  // two dimensions merge when one steps exactly over the other's extent
  if (s[1] == e[2] * s[2]) return Footprint{base, es, {e[0], e[1] * e[2]}, {s[0], s[2]}};  // LayoutRight
  if (s[2] == e[1] * s[1]) return Footprint{base, es, {e[0], e[1] * e[2]}, {s[0], s[1]}};  // LayoutLeft
  if (s[0] == e[1] * s[1]) return Footprint{base, es, {e[0] * e[1], e[2]}, {s[1], s[2]}};
  if (s[1] == e[0] * s[0]) return Footprint{base, es, {e[0] * e[1], e[2]}, {s[0], s[2]}};
  std::int64_t last = 0;
  for (int d = 0; d < 3; ++d) last += (e[d] - 1) * s[d];
  return Footprint{base, es, {1, last + 1}, {1, 1}};
}

template <class AView, class BView, class CView>
void validate_batched(const char* routine, Op opA, Op opB, const AView& A, const BView& B, const CView& C) {
  if (opA != Op::N && opA != Op::T) throw std::invalid_argument(std::string(routine) + ": opA is neither Op::N nor Op::T");
  if (opB != Op::N && opB != Op::T) throw std::invalid_argument(std::string(routine) + ": opB is neither Op::N nor Op::T");
  if (A.extent(0) != C.extent(0) || B.extent(0) != C.extent(0)) {
    std::ostringstream msg;
    msg << routine << ": batch counts differ: A.extent(0) = " << A.extent(0) << ", B.extent(0) = " << B.extent(0)
        << ", C.extent(0) = " << C.extent(0);
    throw std::invalid_argument(msg.str());
  }
  check_gemm_shapes(routine, opA, opB, A.extent(1), A.extent(2), B.extent(1), B.extent(2), C.extent(1),
                    C.extent(2));
  check_no_overlap(routine, footprint3(A), footprint3(B), footprint3(C));
}

}  // namespace detail

namespace detail {
/// batched_gemm on the kernel views (gemm.hpp: operand_view, result_view),
/// instantiated once per combination of layouts.
template <class ExecSpace, class AView, class BView, class CView>
void batched_kernel_views(const char* routine, const ExecSpace& space, Op opA, Op opB,
                          typename CView::const_value_type alpha, const AView& A, const BView& B,
                          typename CView::const_value_type beta, const CView& C, Algorithm algorithm) {
  ProfilingRegion region(routine);
  validate_batched(routine, opA, opB, A, B, C);
  using T = typename CView::non_const_value_type;
  const index_t batch = C.extent(0), m = C.extent(1), n = C.extent(2);
  const index_t k = opA == Op::N ? A.extent(2) : A.extent(1);
  if (batch == 0 || m == 0 || n == 0) return;
  if (k == 0 || alpha == T(0)) {  // C = beta C, a team per matrix, A and B unread
    if (beta == T(1)) return;
    batched_scale(space, beta, A, B, C);
  } else {
    with_ops(opA, opB, [&](auto ta, auto tb) {
      dispatch_batched<decltype(ta)::value, decltype(tb)::value>(space, algorithm, alpha, A, B, beta, C);
    });
  }
  check_launches(space, routine);
}
}  // namespace detail

/// C[b] = alpha * op(A[b]) * op(B[b]) + beta * C[b] for every b, on `space`.
template <class ExecSpace, class AView, class BView, class CView>
void batched_gemm(const ExecSpace& space, Op opA, Op opB, typename CView::const_value_type alpha,
                  const AView& A, const BView& B, typename CView::const_value_type beta, const CView& C,
                  Algorithm algorithm = Algorithm::Auto) {
  constexpr const char* routine = "kmm::batched_gemm";
  detail::static_checks<3, ExecSpace, AView, BView, CView>();
  detail::check_algorithm(routine, algorithm);
  detail::batched_kernel_views(routine, space, opA, opB, alpha, detail::operand_view(A), detail::operand_view(B),
                               beta, detail::result_view(C), algorithm);
}

/// Same, on a default-constructed instance of C's execution space.
template <class AView, class BView, class CView>
void batched_gemm(Op opA, Op opB, typename CView::const_value_type alpha, const AView& A, const BView& B,
                  typename CView::const_value_type beta, const CView& C, Algorithm algorithm = Algorithm::Auto) {
  batched_gemm(typename CView::execution_space(), opA, opB, alpha, A, B, beta, C, algorithm);
}

}  // namespace kmm
