// kmm::gemm's speed as an application gets it: this program is built against
// the installed kmm with the application's own flags (scripts/check-consumer-speed.sh
// builds it with none at all) and prints GFLOP/s of Algorithm::Auto on square
// column-major products, timed as kmm-bench times them (2 warm-up calls, then
// per repetition calls for at least 0.1 s; the median of 5 repetitions).
//   usage: consumer-speed [n ...]      (default 1024)
#include <kmm/gemm.hpp>
#include <kmm/host_kernel.hpp>

#include <Kokkos_Core.hpp>
#include <Kokkos_Random.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

template <class T>
double gflops(long n) {
  using View = Kokkos::View<T**, Kokkos::LayoutLeft>;
  View A("A", n, n), B("B", n, n), C("C", n, n);
  Kokkos::Random_XorShift64_Pool<> pool(7);
  Kokkos::fill_random(A, pool, T(-1), T(1));
  Kokkos::fill_random(B, pool, T(-1), T(1));
  Kokkos::DefaultExecutionSpace space;
  const auto call = [&] { kmm::gemm(space, kmm::Op::N, kmm::Op::N, T(1), A, B, T(0), C); };
  call();
  call();
  space.fence();
  std::vector<double> reps;
  for (int r = 0; r < 5; ++r) {
    double total = 0;
    long calls = 0;
    while (total < 0.1) {
      const auto t0 = std::chrono::steady_clock::now();
      call();
      space.fence();
      total += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      ++calls;
    }
    reps.push_back(2.0 * n * n * n * calls / total * 1e-9);
  }
  std::sort(reps.begin(), reps.end());
  return reps[reps.size() / 2];
}

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  std::vector<long> sizes;
  for (int i = 1; i < argc; ++i)
    if (argv[i][0] != '-') sizes.push_back(std::atol(argv[i]));
  if (sizes.empty()) sizes.push_back(1024);
  std::printf("# %s, host kernel %s\n", Kokkos::DefaultExecutionSpace::name(), kmm::host_kernel().c_str());
  for (long n : sizes) {
    std::printf("sgemm %ld %.2f\n", n, gflops<float>(n));
    std::printf("dgemm %ld %.2f\n", n, gflops<double>(n));
  }
  return 0;
}
