#pragma once
// Argument checks shared by every kmm entry point. Always on: they run on the
// host before anything is launched, so on error the caller's C is untouched.
#include <cstddef>
#include <cstdint>

#include "kmm/types.hpp"

namespace kmm {
namespace detail {

/// The element footprint of a rank-2 strided operand: base address, element
/// size, extents and strides (in elements).
struct Footprint {
  std::uintptr_t base;
  std::size_t elem_size;
  std::int64_t extent[2];
  std::int64_t stride[2];
};

/// Throws std::invalid_argument naming opA, opB and all six extents unless
/// op(A) is m x k, op(B) is k x n and C is m x n.
void check_gemm_shapes(const char* routine, Op opA, Op opB, std::int64_t a0, std::int64_t a1,
                       std::int64_t b0, std::int64_t b1, std::int64_t c0, std::int64_t c1);

/// True when some element of x and some element of y share memory. Exact for
/// operands with equal strides (submatrices of one matrix); otherwise true as
/// soon as their address ranges intersect.
bool may_overlap(const Footprint& x, const Footprint& y) noexcept;

/// Throws std::invalid_argument when C shares memory with A or B.
void check_no_overlap(const char* routine, const Footprint& a, const Footprint& b,
                      const Footprint& c);

}  // namespace detail
}  // namespace kmm
