// Multiplies two random matrices with kmm::gemm on Kokkos' default execution
// space and checks the result against kmm::reference_gemm.
#include <kmm/gemm.hpp>
#include <kmm/reference.hpp>

#include <Kokkos_Core.hpp>
#include <Kokkos_Random.hpp>
#include <cmath>
#include <cstdio>
#include <limits>

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  const int m = 300, n = 200, k = 100;
  Kokkos::View<double**> A("A", m, k), B("B", k, n), C("C", m, n);
  Kokkos::Random_XorShift64_Pool<> pool(42);
  Kokkos::fill_random(A, pool, -1.0, 1.0);
  Kokkos::fill_random(B, pool, -1.0, 1.0);

  kmm::gemm(kmm::Op::N, kmm::Op::N, 1.0, A, B, 0.0, C);  // C = A * B

  auto hA = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), A);
  auto hB = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), B);
  auto hC = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), C);
  Kokkos::View<double**, Kokkos::HostSpace> ref("ref", m, n);
  kmm::reference_gemm(kmm::Op::N, kmm::Op::N, 1.0, hA, hB, 0.0, ref);
  double err = 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) err = std::fmax(err, std::fabs(hC(i, j) - ref(i, j)));
  const bool ok = err <= (k + 3) * std::numeric_limits<double>::epsilon() * k;
  std::printf("consumer: %dx%dx%d gemm on %s, max |C - ref| = %.3g: %s\n", m, n, k,
              Kokkos::DefaultExecutionSpace::name(), err, ok ? "OK" : "WRONG");
  return ok ? 0 : 1;
}
