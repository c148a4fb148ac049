#include "kmm/detail/checks.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace kmm {

const char* to_string(Op op) noexcept { return op == Op::N ? "N" : "T"; }

const char* to_string(Algorithm algorithm) noexcept {
  switch (algorithm) {
    case Algorithm::Auto: return "Auto";
    case Algorithm::Naive: return "Naive";
    case Algorithm::Tiled: return "Tiled";
    case Algorithm::Blocked: return "Blocked";
  }
  return "?";
}

namespace detail {

void check_gemm_shapes(const char* routine, Op opA, Op opB, std::int64_t a0, std::int64_t a1,
                       std::int64_t b0, std::int64_t b1, std::int64_t c0, std::int64_t c1) {
  const std::int64_t m = opA == Op::N ? a0 : a1, ka = opA == Op::N ? a1 : a0;
  const std::int64_t kb = opB == Op::N ? b0 : b1, n = opB == Op::N ? b1 : b0;
  if (m == c0 && n == c1 && ka == kb) return;
  std::ostringstream msg;
  msg << routine << ": extents do not match: opA=" << to_string(opA) << " A is " << a0 << "x" << a1
      << ", opB=" << to_string(opB) << " B is " << b0 << "x" << b1 << ", C is " << c0 << "x" << c1
      << "; need op(A) m x k, op(B) k x n, C m x n, but op(A) is " << m << "x" << ka
      << " and op(B) is " << kb << "x" << n;
  throw std::invalid_argument(msg.str());
}

namespace {

bool empty(const Footprint& f) { return f.extent[0] <= 0 || f.extent[1] <= 0; }

// [first, last] byte range touched by f.
void byte_range(const Footprint& f, std::uintptr_t& first, std::uintptr_t& last) {
  std::int64_t lo = 0, hi = 0;
  for (int d = 0; d < 2; ++d) {
    const std::int64_t reach = (f.extent[d] - 1) * f.stride[d];
    if (reach < 0) lo += reach; else hi += reach;
  }
  first = f.base + static_cast<std::uintptr_t>(lo * static_cast<std::int64_t>(f.elem_size));
  last = f.base + static_cast<std::uintptr_t>(hi * static_cast<std::int64_t>(f.elem_size)) +
         f.elem_size - 1;
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  std::int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

bool boxes_intersect(std::int64_t x0, std::int64_t xn, std::int64_t y0, std::int64_t yn) {
  return x0 < y0 + yn && y0 < x0 + xn;
}

}  // namespace

bool may_overlap(const Footprint& x, const Footprint& y) noexcept {
  if (empty(x) || empty(y)) return false;
  std::uintptr_t x_first, x_last, y_first, y_last;
  byte_range(x, x_first, x_last);
  byte_range(y, y_first, y_last);
  if (x_last < y_first || y_last < x_first) return false;
  // Address ranges intersect. Exact answer for two submatrices of one matrix:
  // same element size and strides, positive strides, the fast dimension not
  // wrapping into the slow one.
  if (x.elem_size != y.elem_size) return true;
  const std::int64_t es = static_cast<std::int64_t>(x.elem_size);
  const std::int64_t diff_bytes = static_cast<std::int64_t>(y.base - x.base);
  if (diff_bytes % es != 0) return true;  // misaligned aliasing: treat as overlap
  const std::int64_t d = diff_bytes / es;
  // Strides that matter: a dimension of extent 1 may carry any stride.
  std::int64_t stride[2];
  bool known[2];
  for (int k = 0; k < 2; ++k) {
    const bool xr = x.extent[k] > 1, yr = y.extent[k] > 1;
    if (xr && yr && x.stride[k] != y.stride[k]) return true;
    known[k] = xr || yr;
    stride[k] = xr ? x.stride[k] : y.stride[k];
  }
  if (!known[0] && !known[1]) return d == 0;  // two single elements
  // fast: the dimension whose stride is known and smallest
  int fast = known[0] && (!known[1] || stride[0] <= stride[1]) ? 0 : 1;
  const int slow = 1 - fast;
  const std::int64_t sf = stride[fast];
  if (sf <= 0) return true;
  std::int64_t L;  // the fast dimension's period, in steps of sf
  if (known[slow]) {
    const std::int64_t ss = stride[slow];
    if (ss <= 0 || ss % sf != 0) return true;
    L = ss / sf;
  } else {
    // a single row or column each: any period longer than both reaches works
    L = (d < 0 ? -d : d) / sf + x.extent[fast] + y.extent[fast] + 1;
  }
  if (x.extent[fast] > L || y.extent[fast] > L) return true;  // rows wrap: not a submatrix
  if (d % sf != 0) return false;  // the two element lattices never meet
  const std::int64_t dd = d / sf;
  const std::int64_t db = floor_div(dd, L), da = dd - db * L;  // 0 <= da < L
  const std::int64_t xf = x.extent[fast], xs = x.extent[slow];
  const std::int64_t yf = y.extent[fast], ys = y.extent[slow];
  // y's origin is at (da, db) or, equivalently, (da - L, db + 1) of x's grid.
  return (boxes_intersect(0, xf, da, yf) && boxes_intersect(0, xs, db, ys)) ||
         (boxes_intersect(0, xf, da - L, yf) && boxes_intersect(0, xs, db + 1, ys));
}

void check_no_overlap(const char* routine, const Footprint& a, const Footprint& b,
                      const Footprint& c) {
  const char* which = may_overlap(c, a) ? "A" : may_overlap(c, b) ? "B" : nullptr;
  if (!which) return;
  std::ostringstream msg;
  msg << routine << ": C (" << c.extent[0] << "x" << c.extent[1] << ") overlaps " << which
      << " in memory; C must not share elements with A or B";
  throw std::invalid_argument(msg.str());
}

}  // namespace detail
}  // namespace kmm
