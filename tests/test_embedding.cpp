// Embedding: Kokkos Tools regions on every entry point, and two execution
// space instances (CUDA streams) running kmm concurrently, each in order
// with its own work and without a device-wide fence.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fill_pattern.hpp"
#include "gemm_cases.hpp"
#include "kmm/batched_gemm.hpp"
#if defined(KOKKOS_ENABLE_CUDA)
#include <cuda_runtime_api.h>
#endif

namespace kmm_test {

namespace {
std::vector<std::string> pushed;
int depth = 0;
void on_push(const char* name) {
  pushed.push_back(name);
  ++depth;
}
void on_pop() { --depth; }
}  // namespace

template <class C>
class Embedding : public ::testing::Test {};
TYPED_TEST_SUITE(Embedding, AllConfigs, ConfigNames);

TYPED_TEST(Embedding, EveryEntryPointOpensARegionNamedAfterIt) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  using V2 = Kokkos::View<T**, typename E::memory_space>;
  using V3 = Kokkos::View<T***, typename E::memory_space>;
  V2 A("A", 8, 8), B("B", 8, 8), C("C", 8, 8), Cbad("Cbad", 7, 8);
  V3 A3("A3", 2, 8, 8), B3("B3", 2, 8, 8), C3("C3", 2, 8, 8);
  Kokkos::View<double**, Kokkos::HostSpace> hA("hA", 3, 3), hB("hB", 3, 3), hC("hC", 3, 3);
  pushed.clear();
  depth = 0;
  Kokkos::Tools::Experimental::set_push_region_callback(on_push);
  Kokkos::Tools::Experimental::set_pop_region_callback(on_pop);
  E space;
  kmm::gemm(space, Op::N, Op::N, T(1), A, B, T(0), C);
  kmm::gemm_tiled<kmm::Square8>(space, Op::N, Op::T, T(1), A, B, T(0), C);
  kmm::gemm(space, Op::T, Op::N, T(1), A, B, T(0), C, kmm::Algorithm::Blocked);
  kmm::batched_gemm(space, Op::N, Op::N, T(1), A3, B3, T(0), C3);
  kmm::reference_gemm(Op::N, Op::N, 1.0, hA, hB, 0.0, hC);
  EXPECT_THROW(kmm::gemm(space, Op::N, Op::N, T(1), A, B, T(0), Cbad), std::invalid_argument);
  space.fence();
  // a registered callback makes Kokkos 3.x fence globally around regions:
  // unregister before the concurrency test below
  Kokkos::Tools::Experimental::set_push_region_callback(nullptr);
  Kokkos::Tools::Experimental::set_pop_region_callback(nullptr);
  const std::vector<std::string> expected = {"kmm::gemm",         "kmm::gemm_tiled",       "kmm::gemm",
                                             "kmm::batched_gemm", "kmm::reference_gemm", "kmm::gemm"};
  EXPECT_EQ(pushed, expected);
  EXPECT_EQ(depth, 0) << "every region is closed, also when the call throws";
}

#if defined(KOKKOS_ENABLE_CUDA)
// Spins on one thread until *flag becomes 1 or about `cycles` clock cycles
// pass; records whether it saw the flag.
struct Spin {
  Kokkos::View<int, Kokkos::CudaSpace> flag, seen;
  long long cycles;
  KOKKOS_INLINE_FUNCTION void operator()(int) const {
#if defined(__CUDA_ARCH__)
    const long long t0 = clock64();
    while (Kokkos::atomic_fetch_add(flag.data(), 0) == 0 && clock64() - t0 < cycles) {
    }
    seen() = Kokkos::atomic_fetch_add(flag.data(), 0);
#endif
  }
};
struct SetFlag {
  Kokkos::View<int, Kokkos::CudaSpace> flag;
  KOKKOS_INLINE_FUNCTION void operator()(int) const { Kokkos::atomic_exchange(flag.data(), 1); }
};
#endif

TYPED_TEST(Embedding, TwoInstancesRunConcurrentlyWithoutADeviceFence) {
#if !defined(KOKKOS_ENABLE_CUDA)
  GTEST_SKIP() << "concurrency between instances is a GPU-stream property: Kokkos' host backends run each "
                  "parallel operation to completion on the calling thread; ordering on an instance is tested by "
                  "GemmApi.RunsOnAGivenInstanceAndOrdersWithItsOtherWork";
#else
  using T = typename TypeParam::value_type;
  using V = Kokkos::View<T**, Kokkos::LayoutRight, Kokkos::CudaSpace>;
  using V3 = Kokkos::View<T***, Kokkos::LayoutRight, Kokkos::CudaSpace>;
  const int n = 512, nb = 16, batch = 300;
  cudaStream_t s1, s2;
  ASSERT_EQ(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking), cudaSuccess);
  ASSERT_EQ(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking), cudaSuccess);
  {
    Kokkos::Cuda e1(s1), e2(s2);
    V A("A", n, n), B("B", n, n), C("C", n, n);
    V3 A3("A3", batch, nb, nb), B3("B3", batch, nb, nb), C3("C3", batch, nb, nb);
    Kokkos::View<int, Kokkos::CudaSpace> flag("flag"), seen("seen");
    // Two passes of the same work. CUDA loads a kernel's module on its first
    // launch (CUDA_MODULE_LOADING=LAZY, the default), and loading may
    // synchronise the whole context: a first launch next to the spinning
    // kernel would wait for it whatever kmm does. The first pass (flag
    // already set, so the spinner returns at once) loads every kernel; the
    // second one is the test.
    auto pass = [&](int flag_before) {
      Kokkos::deep_copy(flag, flag_before);
      Kokkos::fence();  // set-up done; from here on no fence until both instances are fenced
      // instance 2: a kernel that waits (about 2 s at most) for a flag that
      // only instance 1 sets, after its gemms
      Kokkos::parallel_for("test::spin", Kokkos::RangePolicy<Kokkos::Cuda>(e2, 0, 1), Spin{flag, seen, 4000000000LL});
      // instance 1: fill, gemm, batched_gemm, set the flag, without host waits
      Kokkos::parallel_for("test::fillA", Kokkos::RangePolicy<Kokkos::Cuda>(e1, 0, n * n), FillPattern<V>{A, 7});
      Kokkos::parallel_for("test::fillB", Kokkos::RangePolicy<Kokkos::Cuda>(e1, 0, n * n), FillPattern<V>{B, 5});
      Kokkos::parallel_for("test::fillA3", Kokkos::RangePolicy<Kokkos::Cuda>(e1, 0, batch * nb * nb), FillPattern<V3>{A3, 7});
      Kokkos::parallel_for("test::fillB3", Kokkos::RangePolicy<Kokkos::Cuda>(e1, 0, batch * nb * nb), FillPattern<V3>{B3, 5});
      for (auto algo : {kmm::Algorithm::Blocked, kmm::Algorithm::Tiled, kmm::Algorithm::Naive}) {
        kmm::gemm(e1, Op::N, Op::N, T(1), A, B, T(0), C, algo);
        kmm::gemm(e1, Op::N, Op::N, T(-1), A, B, T(1), C, algo);  // C = A B - A B = 0 exactly (small integers)
      }
      kmm::gemm(e1, Op::N, Op::T, T(2), A, B, T(1), C);  // C = 2 A B^T
      kmm::batched_gemm(e1, Op::N, Op::N, T(1), A3, B3, T(0), C3);
      Kokkos::parallel_for("test::set", Kokkos::RangePolicy<Kokkos::Cuda>(e1, 0, 1), SetFlag{flag});
      e1.fence();
      e2.fence();
    };
    pass(1);
    pass(0);
    int seen_h = -1;
    Kokkos::deep_copy(seen_h, seen);
    EXPECT_EQ(seen_h, 1) << "instance 2's kernel timed out before instance 1 set the flag: kmm's calls on "
                            "instance 1 waited for instance 2 (a device-wide fence or a launch on its stream)";
    // results: exact, small integers
    auto hA = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), A);
    auto hB = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), B);
    auto hC = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), C);
    int wrong = 0;
    for (int i = 0; i < n; i += 37)
      for (int j = 0; j < n; ++j) {
        double r = 0;
        for (int p = 0; p < n; ++p) r += 2.0 * double(hA(i, p)) * double(hB(j, p));
        wrong += hC(i, j) != T(r);
      }
    EXPECT_EQ(wrong, 0);
    auto hA3 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), A3);
    auto hB3 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), B3);
    auto hC3 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), C3);
    wrong = 0;
    for (int q = 0; q < batch; q += 13)
      for (int i = 0; i < nb; ++i)
        for (int j = 0; j < nb; ++j) {
          double r = 0;
          for (int p = 0; p < nb; ++p) r += double(hA3(q, i, p)) * double(hB3(q, p, j));
          wrong += hC3(q, i, j) != T(r);
        }
    EXPECT_EQ(wrong, 0);
  }
  cudaStreamDestroy(s1);
  cudaStreamDestroy(s2);
#endif
}

}  // namespace kmm_test
