#pragma once
// Test harness: builds operands of any layout over guarded buffers, runs a
// kernel on random data (C poisoned with NaN when beta == 0), and checks the
// result against kmm::reference_gemm (double) with a bound derived from k and
// the type's epsilon (expected.hpp, shared with the checks outside
// GoogleTest). Also checks that nothing outside C's elements was written and
// that two runs are bitwise identical.
#include <gtest/gtest.h>

#include <Kokkos_Core.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "expected.hpp"
#include "kmm/gemm.hpp"

namespace kmm_test {

using kmm::Op;
using i64 = std::int64_t;

// ---- execution spaces under test -------------------------------------------
template <class T, class E>
struct Config {
  using value_type = T;
  using exec_space = E;
};

#define KMM_TEST_CONFIGS_FOR(E) Config<float, E>, Config<double, E>
// A CUDA build tests the GPU only (its host backend is the openmp preset's job).
#if defined(KOKKOS_ENABLE_CUDA)
using AllConfigs = ::testing::Types<KMM_TEST_CONFIGS_FOR(Kokkos::Cuda)>;
#elif defined(KOKKOS_ENABLE_OPENMP) && defined(KOKKOS_ENABLE_SERIAL)
using AllConfigs = ::testing::Types<KMM_TEST_CONFIGS_FOR(Kokkos::OpenMP), KMM_TEST_CONFIGS_FOR(Kokkos::Serial)>;
#elif defined(KOKKOS_ENABLE_OPENMP)
using AllConfigs = ::testing::Types<KMM_TEST_CONFIGS_FOR(Kokkos::OpenMP)>;
#else
using AllConfigs = ::testing::Types<KMM_TEST_CONFIGS_FOR(Kokkos::Serial)>;
#endif

struct ConfigNames {
  template <class C>
  static std::string GetName(int) {
    std::string t = std::is_same<typename C::value_type, float>::value ? "float" : "double";
    return t + "_" + C::exec_space::name();
  }
};

// ---- operands ----------------------------------------------------------------
// R, L: LayoutRight, LayoutLeft; S: LayoutStride, column-major, every other
// element; P: LayoutStride, column-major with a padded leading dimension (a
// multiple of 8 past the rows: columns stay 32-byte aligned, so 16-byte packs
// run, and a pack can straddle the last row).
enum class Lay { R, L, S, P };
inline const char* name(Lay l) { return l == Lay::R ? "R" : l == Lay::L ? "L" : l == Lay::S ? "S" : "P"; }

template <Lay>
struct layout_of;
template <>
struct layout_of<Lay::R> { using type = Kokkos::LayoutRight; };
template <>
struct layout_of<Lay::L> { using type = Kokkos::LayoutLeft; };
template <>
struct layout_of<Lay::S> { using type = Kokkos::LayoutStride; };
template <>
struct layout_of<Lay::P> { using type = Kokkos::LayoutStride; };

// Guard elements before and after every operand. 8 keeps an operand's first
// element 32-byte aligned in its (aligned) buffer, so the kernels' aligned
// paths run; run_case's `shift` moves all three operands off that alignment.
constexpr i64 kGuard = 8;

// Element (i, j) of an r x c operand sits at offset(i, j) of its buffer.
struct Geometry {
  Lay lay;
  i64 r, c;
  i64 s0, s1;  // strides
  i64 lead;    // guard elements before (i, j) = (0, 0)
  i64 size() const { return lead + (r * c == 0 ? 0 : (r - 1) * s0 + (c - 1) * s1 + 1) + kGuard; }
  i64 offset(i64 i, i64 j) const { return lead + i * s0 + j * s1; }
};

inline Geometry geometry(Lay lay, i64 r, i64 c, i64 shift = 0) {
  const i64 lead = kGuard + shift;
  switch (lay) {
    case Lay::R: return {lay, r, c, c, 1, lead};
    case Lay::L: return {lay, r, c, 1, r, lead};
    case Lay::P: return {lay, r, c, 1, (r + 7) / 8 * 8 + 8, lead};
    default: return {lay, r, c, 2, 2 * r + 3, lead};  // column-major, every other element, padded
  }
}

template <class Layout>
Layout make_layout(const Geometry& g) {
  if constexpr (std::is_same<Layout, Kokkos::LayoutStride>::value) {
    return Kokkos::LayoutStride(g.r, g.s0, g.c, g.s1);
  } else {
    return Layout(g.r, g.c);
  }
}

template <class T, class Layout, class Mem>
using Unmanaged = Kokkos::View<T**, Layout, Mem, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

template <class T, class Layout, class Mem>
Unmanaged<T, Layout, Mem> view_over(T* buffer, const Geometry& g) {
  return Unmanaged<T, Layout, Mem>(buffer + g.lead, make_layout<Layout>(g));
}

struct Case {
  i64 m, n, k;
  Op opA, opB;
  Lay la, lb, lc;
  double alpha, beta;
  std::string str() const {
    std::ostringstream s;
    s << "m=" << m << " n=" << n << " k=" << k << " op=" << kmm::to_string(opA) << kmm::to_string(opB)
      << " layouts(A,B,C)=" << name(la) << name(lb) << name(lc) << " alpha=" << alpha << " beta=" << beta;
    return s.str();
  }
};

template <class T>
T sentinel() { return T(-12345.5); }

// Run `kernel` on the case; return "" when everything holds, else what failed.
template <class T, class E, Lay LA, Lay LB, Lay LC, class Kernel>
std::string run_case(const Case& cs, Kernel kernel, unsigned seed, bool poison_ab = false, i64 shift = 0) {
  using Mem = typename E::memory_space;
  using LayA = typename layout_of<LA>::type;
  using LayB = typename layout_of<LB>::type;
  using LayC = typename layout_of<LC>::type;
  const i64 ar = cs.opA == Op::N ? cs.m : cs.k, ac = cs.opA == Op::N ? cs.k : cs.m;
  const i64 br = cs.opB == Op::N ? cs.k : cs.n, bc = cs.opB == Op::N ? cs.n : cs.k;
  const Geometry ga = geometry(LA, ar, ac, shift), gb = geometry(LB, br, bc, shift),
                 gc = geometry(LC, cs.m, cs.n, shift);

  Kokkos::View<T*, Mem> dA("A", ga.size()), dB("B", gb.size()), dC("C", gc.size());
  // create_mirror (not _view): separate host copies even on host backends
  auto hA = Kokkos::create_mirror(dA);
  auto hB = Kokkos::create_mirror(dB);
  auto hC = Kokkos::create_mirror(dC);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  const T nan = std::numeric_limits<T>::quiet_NaN();
  auto fill = [&](auto& h, const Geometry& g, bool poison) {
    for (i64 e = 0; e < g.size(); ++e) h(e) = sentinel<T>();
    for (i64 j = 0; j < g.c; ++j)
      for (i64 i = 0; i < g.r; ++i) h(g.offset(i, j)) = poison ? nan : T(uni(rng));
  };
  fill(hA, ga, poison_ab);
  fill(hB, gb, poison_ab);
  fill(hC, gc, cs.beta == 0.0);  // beta == 0 must overwrite C: poison it
  std::vector<T> c0(hC.data(), hC.data() + gc.size());
  Kokkos::deep_copy(dA, hA);
  Kokkos::deep_copy(dB, hB);

  auto A = view_over<const T, LayA, Mem>(dA.data(), ga);
  auto B = view_over<const T, LayB, Mem>(dB.data(), gb);
  auto C = view_over<T, LayC, Mem>(dC.data(), gc);
  std::vector<T> first;
  for (int run = 0; run < 2; ++run) {
    Kokkos::deep_copy(dC, hC);  // hC still holds C0 here
    E space;
    kernel(space, cs.opA, cs.opB, T(cs.alpha), A, B, T(cs.beta), C);
    space.fence();
    auto out = Kokkos::create_mirror(dC);
    Kokkos::deep_copy(out, dC);
    std::vector<T> got(out.data(), out.data() + gc.size());
    if (run == 0) {
      first = got;
      continue;
    }
    if (std::memcmp(first.data(), got.data(), got.size() * sizeof(T)) != 0)
      return "two runs differ bitwise";
  }

  // Reference in double and its error bound (expected.hpp)
  using HostMem = Kokkos::HostSpace;
  const Expected want = expected_gemm<T>(cs.opA, cs.opB, cs.alpha, view_over<const T, LayA, HostMem>(hA.data(), ga),
                                         view_over<const T, LayB, HostMem>(hB.data(), gb), cs.beta,
                                         view_over<const T, LayC, HostMem>(c0.data(), gc));
  std::vector<bool> is_elem(gc.size(), false);
  std::ostringstream err;
  int bad = 0;
  for (i64 j = 0; j < cs.n; ++j)
    for (i64 i = 0; i < cs.m; ++i) {
      const i64 off = gc.offset(i, j);
      is_elem[off] = true;
      const double got = first[off];
      if (!want.holds(i, j, got) && bad++ < 3)
        err << " C(" << i << "," << j << ")=" << got << " expected " << want.ref(i, j) << " (tol " << want.tol(i, j)
            << ");";
    }
  for (size_t e = 0; e < first.size(); ++e)
    if (!is_elem[e] && !(first[e] == sentinel<T>()) && bad++ < 6)
      err << " wrote outside C at buffer offset " << e << ";";
  if (bad) {
    std::ostringstream s;
    s << bad << " bad elements:" << err.str();
    return s.str();
  }
  return "";
}

}  // namespace kmm_test
