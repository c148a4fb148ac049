// Blocked on a host space as nvcc compiles it. In a CUDA build the host
// backends' gemm goes through nvcc: the launcher in kmm/kernels/host_blocked.hpp
// is compiled there and calls the frame and micro-kernels in libkmm; the
// CUDA build's test suites run only on a GPU machine, and there only on
// Cuda. This program, compiled by nvcc against the openmp preset's
// (host-only) Kokkos and libkmm, checks that path here, without a GPU:
// scripts/check-nvcc-host.sh builds and runs it (.ci/run calls it).
// Random operands, the test suites' double-precision reference and
// tolerance (expected.hpp); beta = 0 cases start from C full of NaN, so an
// element left unwritten fails.
#include <Kokkos_Random.hpp>
#include <cstdio>
#include <limits>
#include <type_traits>

#include "expected.hpp"
#include "kmm/gemm.hpp"

template <class T, class L>
int check(long m, long n, long k, kmm::Op oa, kmm::Op ob, T alpha, T beta, unsigned seed) {
  using V = Kokkos::View<T**, L, Kokkos::HostSpace>;
  const bool ta = oa == kmm::Op::T, tb = ob == kmm::Op::T;
  V A("A", ta ? k : m, ta ? m : k), B("B", tb ? n : k, tb ? k : n), C("C", m, n), C0("C0", m, n);
  Kokkos::Random_XorShift64_Pool<Kokkos::DefaultHostExecutionSpace> pool(seed);
  Kokkos::fill_random(A, pool, T(-1), T(1));
  Kokkos::fill_random(B, pool, T(-1), T(1));
  if (beta == T(0)) Kokkos::deep_copy(C, std::numeric_limits<T>::quiet_NaN());
  else Kokkos::fill_random(C, pool, T(-1), T(1));
  Kokkos::deep_copy(C0, C);
  const kmm_test::Expected want = kmm_test::expected_gemm<T>(oa, ob, double(alpha), A, B, double(beta), C0);
  kmm::gemm(Kokkos::DefaultHostExecutionSpace(), oa, ob, alpha, A, B, beta, C, kmm::Algorithm::Blocked);
  Kokkos::fence();
  long bad = 0;
  for (long i = 0; i < m; ++i)
    for (long j = 0; j < n; ++j) bad += !want.holds(i, j, double(C(i, j)));
  std::printf("%s %s %ld x %ld x %ld op(A)=%s op(B)=%s alpha=%g beta=%g: %ld of %ld wrong\n",
              sizeof(T) == 4 ? "float " : "double", std::is_same<L, Kokkos::LayoutLeft>::value ? "LayoutLeft " : "LayoutRight",
              m, n, k, ta ? "T" : "N", tb ? "T" : "N", double(alpha), double(beta), bad, m * n);
  return bad == 0 ? 0 : 1;
}

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  int failed = 0;
  {
    unsigned seed = 20261122;
    for (kmm::Op oa : {kmm::Op::N, kmm::Op::T})
      for (kmm::Op ob : {kmm::Op::N, kmm::Op::T}) {
        // several blocks and k-steps, partial micro-tiles and a partial last k-step
        failed += check<float, Kokkos::LayoutLeft>(300, 40, 600, oa, ob, 0.7f, 1.0f, ++seed);
        failed += check<double, Kokkos::LayoutLeft>(600, 1700, 300, oa, ob, 0.5, 2.0, ++seed);
        failed += check<float, Kokkos::LayoutRight>(64, 65, 63, oa, ob, 1.5f, 0.0f, ++seed);
        failed += check<double, Kokkos::LayoutRight>(40, 30, 20, oa, ob, 1.0, 0.0, ++seed);
      }
  }
  Kokkos::finalize();
  std::printf("%s\n", failed ? "FAILED" : "all cases match the reference");
  return failed ? 1 : 0;
}
