// A C++ application with its own Kokkos: kmm::gemm on an execution space
// instance, kmm::batched_gemm on a batch of small matrices, and kmm::team_gemm
// inside the application's own TeamPolicy kernel; each checked against
// kmm::reference_gemm.
#include <kmm/batched_gemm.hpp>
#include <kmm/gemm.hpp>
#include <kmm/reference.hpp>
#include <kmm/team_gemm.hpp>

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

  Kokkos::DefaultExecutionSpace space;  // or the application's own instance (a CUDA stream)
  kmm::gemm(space, kmm::Op::N, kmm::Op::N, 1.0, A, B, 0.0, C);  // C = A * B, asynchronous on `space`

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

  // 1000 products of 12 x 12 matrices, batch index first: once with
  // batched_gemm, once with team_gemm in a kernel of our own (a team per matrix)
  const int batch = 1000, s = 12;
  Kokkos::View<double***> Ab("Ab", batch, s, s), Bb("Bb", batch, s, s), Cb("Cb", batch, s, s), Ct("Ct", batch, s, s);
  Kokkos::fill_random(Ab, pool, -1.0, 1.0);
  Kokkos::fill_random(Bb, pool, -1.0, 1.0);
  kmm::batched_gemm(space, kmm::Op::N, kmm::Op::T, 1.0, Ab, Bb, 0.0, Cb);  // Cb[q] = Ab[q] Bb[q]^T
  using member = Kokkos::TeamPolicy<>::member_type;
  Kokkos::parallel_for("consumer::team_gemm", Kokkos::TeamPolicy<>(space, batch, Kokkos::AUTO),
                       KOKKOS_LAMBDA(const member& team) {
                         const int q = team.league_rank();
                         const auto a = Kokkos::subview(Ab, q, Kokkos::ALL, Kokkos::ALL);
                         const auto b = Kokkos::subview(Bb, q, Kokkos::ALL, Kokkos::ALL);
                         const auto c = Kokkos::subview(Ct, q, Kokkos::ALL, Kokkos::ALL);
                         kmm::team_gemm(team, kmm::Op::N, kmm::Op::T, 1.0, a, b, 0.0, c);
                       });
  auto hAb = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), Ab);
  auto hBb = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), Bb);
  auto hCb = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), Cb);
  auto hCt = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), Ct);
  Kokkos::View<double**, Kokkos::HostSpace> r("r", s, s);
  double err_b = 0;
  for (int q = 0; q < batch; ++q) {
    kmm::reference_gemm(kmm::Op::N, kmm::Op::T, 1.0, Kokkos::subview(hAb, q, Kokkos::ALL, Kokkos::ALL),
                        Kokkos::subview(hBb, q, Kokkos::ALL, Kokkos::ALL), 0.0, r);
    for (int i = 0; i < s; ++i)
      for (int j = 0; j < s; ++j)
        err_b = std::fmax(err_b, std::fmax(std::fabs(hCb(q, i, j) - r(i, j)), std::fabs(hCt(q, i, j) - r(i, j))));
  }
  const bool ok_b = err_b <= (s + 3) * std::numeric_limits<double>::epsilon() * s;
  std::printf("consumer: %d products of %dx%d with batched_gemm and with team_gemm in our own kernel, "
              "max |C - ref| = %.3g: %s\n", batch, s, s, err_b, ok_b ? "OK" : "WRONG");
  return ok && ok_b ? 0 : 1;
}
