#pragma once
// kmm::gemm: C = alpha * op(A) * op(B) + beta * C on Kokkos Views.
//
//   kmm::gemm(space, kmm::Op::N, kmm::Op::T, alpha, A, B, beta, C);
//
// A, B, C: rank-2 Views of float or double (one value type per call), each
// LayoutRight, LayoutLeft or LayoutStride, accessible from the execution
// space. op(A) is m x k, op(B) k x n, C m x n. BLAS rules: m, n, k may be 0;
// k == 0 or alpha == 0 gives C = beta * C without reading A or B; beta == 0
// overwrites C without reading it. Shapes and aliasing are checked on every
// call (std::invalid_argument, C untouched). The call is asynchronous on the
// given instance, like any Kokkos parallel operation; a kernel launch the
// GPU runtime refuses throws std::runtime_error naming the runtime's error
// (detail::check_launches).
#include <Kokkos_Core.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "kmm/detail/checks.hpp"
#include "kmm/detail/static_checks.hpp"
#include "kmm/dispatch.hpp"
#include "kmm/kernels/scale.hpp"
#include "kmm/types.hpp"

namespace kmm {
namespace detail {

template <class View>
Footprint footprint(const View& v) {
  return Footprint{reinterpret_cast<std::uintptr_t>(v.data()),
                   sizeof(typename View::value_type),
                   {static_cast<std::int64_t>(v.extent(0)), static_cast<std::int64_t>(v.extent(1))},
                   {static_cast<std::int64_t>(v.stride(0)), static_cast<std::int64_t>(v.stride(1))}};
}

/// Shape and aliasing checks shared by every gemm entry point.
template <class AView, class BView, class CView>
void validate_gemm(const char* routine, Op opA, Op opB, const AView& A, const BView& B,
                   const CView& C) {
  if (opA != Op::N && opA != Op::T) throw std::invalid_argument(std::string(routine) + ": opA is neither Op::N nor Op::T");
  if (opB != Op::N && opB != Op::T) throw std::invalid_argument(std::string(routine) + ": opB is neither Op::N nor Op::T");
  check_gemm_shapes(routine, opA, opB, A.extent(0), A.extent(1), B.extent(0), B.extent(1),
                    C.extent(0), C.extent(1));
  check_no_overlap(routine, footprint(A), footprint(B), footprint(C));
}

/// Calls f(std::integral_constant<bool, opA == T>, std::integral_constant<bool, opB == T>).
template <class F>
void with_ops(Op opA, Op opB, F&& f) {
  using N = std::false_type;
  using T = std::true_type;
  if (opA == Op::N && opB == Op::N) f(N{}, N{});
  else if (opA == Op::N) f(N{}, T{});
  else if (opB == Op::N) f(T{}, N{});
  else f(T{}, T{});
}

/// Opens a Kokkos Tools profiling region for the lifetime of the object.
struct ProfilingRegion {
  explicit ProfilingRegion(const char* name) { Kokkos::Profiling::pushRegion(name); }
  ~ProfilingRegion() { Kokkos::Profiling::popRegion(); }
  ProfilingRegion(const ProfilingRegion&) = delete;
  ProfilingRegion& operator=(const ProfilingRegion&) = delete;
};

/// True when the product part must be computed (otherwise C = beta * C).
template <class AView, class CView>
bool needs_product(Op opA, typename CView::const_value_type alpha, const AView& A,
                   const CView& C) {
  const auto k = opA == Op::N ? A.extent(1) : A.extent(0);
  return C.extent(0) > 0 && C.extent(1) > 0 && k > 0 &&
         alpha != typename CView::non_const_value_type(0);
}

}  // namespace detail

namespace detail {

/// The View type kmm's kernels are compiled for, for a caller's View V:
/// V's layout and memory space, unmanaged, with data type Data (V's
/// const_data_type for the operands, non_const_data_type for C). Every entry
/// point converts its arguments to these after the static checks, so
/// managed and unmanaged views, const or not, with a Device<> or a memory
/// space in their type, share one set of kernels per layout: a translation
/// unit that calls kmm with several of them compiles the kernels once.
/// Memory traits other than Unmanaged (RandomAccess, Atomic, Restrict) are
/// dropped: the kernels read through their own staging and write each
/// element of C from one thread.
template <class V, class Data>
using kernel_view =
    Kokkos::View<Data, typename V::array_layout, typename V::memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
template <class V>
kernel_view<V, typename V::const_data_type> operand_view(const V& v) {
  return v;
}
template <class V>
kernel_view<V, typename V::non_const_data_type> result_view(const V& v) {
  return v;
}

/// checked_gemm's part on the kernel views (below), instantiated once per
/// combination of layouts.
template <class ExecSpace, class AView, class BView, class CView, class Launch>
void checked_kernel_views(const char* routine, const ExecSpace& space, Op opA, Op opB,
                          typename CView::const_value_type alpha, const AView& A, const BView& B,
                          typename CView::const_value_type beta, const CView& C, Launch& launch) {
  ProfilingRegion region(routine);
  validate_gemm(routine, opA, opB, A, B, C);
  if (!needs_product(opA, alpha, A, C)) kernels::scale_c(space, beta, C);
  else with_ops(opA, opB, [&](auto ta, auto tb) { launch(ta, tb, A, B, C); });
  check_launches(space, routine);
}

/// What every rank-2 entry point does around its kernel: the static checks
/// on the caller's types, then on the kernel views (operand_view,
/// result_view) a Kokkos Tools region named after the routine, the shape and
/// aliasing checks, C = beta C when there is no product; otherwise
/// launch(ta, tb, a, b, c), the ops as types (std::integral_constant<bool,
/// op == Op::T>) and the kernel views.
template <class ExecSpace, class AView, class BView, class CView, class Launch>
void checked_gemm(const char* routine, const ExecSpace& space, Op opA, Op opB,
                  typename CView::const_value_type alpha, const AView& A, const BView& B,
                  typename CView::const_value_type beta, const CView& C, Launch&& launch) {
  static_checks<2, ExecSpace, AView, BView, CView>();
  checked_kernel_views(routine, space, opA, opB, alpha, operand_view(A), operand_view(B), beta, result_view(C),
                       launch);
}

}  // namespace detail

/// gemm with a tile shape chosen at compile time (Algorithm::Tiled with
/// Shape). For tile experiments; gemm() with Algorithm::Tiled uses the shape
/// of the tile table.
template <class Shape, class ExecSpace, class AView, class BView, class CView>
void gemm_tiled(const ExecSpace& space, Op opA, Op opB, typename CView::const_value_type alpha,
                const AView& A, const BView& B, typename CView::const_value_type beta,
                const CView& C) {
  detail::checked_gemm("kmm::gemm_tiled", space, opA, opB, alpha, A, B, beta, C,
                       [&](auto ta, auto tb, const auto& a, const auto& b, const auto& c) {
                         detail::run_tiled<Shape, decltype(ta)::value, decltype(tb)::value>(space, alpha, a, b, beta, c);
                       });
}

/// gemm with the GPU Blocked kernel and an explicit row (kmm/blocked_row.hpp;
/// tuning sweeps), k split in k_splits ranges (split-k; at most one per
/// k-step, partials added in a fixed order, so the result's bits do not vary
/// from run to run; 1: not split). Host spaces choose their blocking per CPU
/// at run time (kmm/host_kernel.hpp).
template <class Row, class ExecSpace, class AView, class BView, class CView>
void gemm_blocked(const ExecSpace& space, Op opA, Op opB, typename CView::const_value_type alpha,
                  const AView& A, const BView& B, typename CView::const_value_type beta, const CView& C,
                  int k_splits = 1) {
  static_assert(!detail::is_host_space<ExecSpace>(),
                "kmm::gemm_blocked<Row> takes GPU rows; on a host space use gemm(..., Algorithm::Blocked) "
                "and kmm::set_host_kernel() to choose the micro-kernel");
  if (k_splits < 1)
    throw std::invalid_argument("kmm::gemm_blocked: k_splits = " + std::to_string(k_splits) + " (must be >= 1)");
  detail::checked_gemm("kmm::gemm_blocked", space, opA, opB, alpha, A, B, beta, C,
                       [&](auto ta, auto tb, const auto& a, const auto& b, const auto& c) {
                         detail::run_gpu_blocked<Row, decltype(ta)::value, decltype(tb)::value>(space, alpha, a, b,
                                                                                                beta, c, k_splits);
                       });
}

namespace detail {
inline void check_algorithm(const char* routine, Algorithm algorithm) {
  if (algorithm == Algorithm::Auto || algorithm == Algorithm::Naive || algorithm == Algorithm::Tiled ||
      algorithm == Algorithm::Blocked)
    return;
  std::ostringstream msg;
  msg << routine << ": unknown algorithm value " << static_cast<int>(algorithm);
  throw std::invalid_argument(msg.str());
}
}  // namespace detail

/// C = alpha * op(A) * op(B) + beta * C on the execution space instance `space`.
template <class ExecSpace, class AView, class BView, class CView>
void gemm(const ExecSpace& space, Op opA, Op opB, typename CView::const_value_type alpha,
          const AView& A, const BView& B, typename CView::const_value_type beta, const CView& C,
          Algorithm algorithm = Algorithm::Auto) {
  detail::check_algorithm("kmm::gemm", algorithm);
  detail::checked_gemm("kmm::gemm", space, opA, opB, alpha, A, B, beta, C,
                       [&](auto ta, auto tb, const auto& a, const auto& b, const auto& c) {
                         detail::dispatch_gemm<decltype(ta)::value, decltype(tb)::value>(space, algorithm, alpha, a, b,
                                                                                         beta, c);
                       });
}

namespace detail {
/// gemm(..., Alg) with the algorithm fixed at compile time: the same checks
/// and kernels, without instantiating the other algorithms' kernels (the
/// per-kernel test suites use it; a CUDA build of each compiles in a
/// fraction of the time).
template <Algorithm Alg, class ExecSpace, class AView, class BView, class CView>
void gemm_with(const ExecSpace& space, Op opA, Op opB, typename CView::const_value_type alpha, const AView& A,
               const BView& B, typename CView::const_value_type beta, const CView& C) {
  checked_gemm("kmm::gemm", space, opA, opB, alpha, A, B, beta, C,
               [&](auto ta, auto tb, const auto& a, const auto& b, const auto& c) {
                 run_algorithm<Alg, decltype(ta)::value, decltype(tb)::value>(space, alpha, a, b, beta, c);
               });
}
}  // namespace detail

/// Same, on a default-constructed instance of C's execution space.
template <class AView, class BView, class CView>
void gemm(Op opA, Op opB, typename CView::const_value_type alpha, const AView& A, const BView& B,
          typename CView::const_value_type beta, const CView& C,
          Algorithm algorithm = Algorithm::Auto) {
  gemm(typename CView::execution_space(), opA, opB, alpha, A, B, beta, C, algorithm);
}

}  // namespace kmm
