// The host side of Algorithm::Blocked (kmm/host_kernel.hpp, src/host/):
// each micro-kernel this CPU runs, alone against a double reference; the
// frame with each of them on every op, layout and edge class; the block
// partition of the plan; and the run-time selection with its errors.
// (The default micro-kernel also runs the whole Blocked sweep, kmm-test-blocked.)
#include <cmath>
#include <limits>
#include <random>

#include "gemm_cases.hpp"
#include "kmm/host_kernel.hpp"

namespace kmm_test {
namespace {

/// Restores the host micro-kernel in use when the test ends.
struct KernelScope {
  std::string before = kmm::host_kernel();
  explicit KernelScope(const std::string& name) { kmm::set_host_kernel(name); }
  ~KernelScope() { kmm::set_host_kernel(before); }
};

template <class T>
void check_micro_kernel(const std::string& name) {
  const kmm::detail::HostBlocking blk = kmm::detail::host_blocking(name, sizeof(T) == 8);
  const int mr = blk.mr, nr = blk.nr;
  std::mt19937 gen(77);
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  // depths: one, odd, the kernel's KC, and past it (the frame never asks more than KC; the kernel takes any)
  for (int kc : {1, 7, blk.kc, blk.kc + 13}) {
    std::vector<T> a(std::size_t(kc) * mr), b(std::size_t(kc) * nr);
    for (auto& x : a) x = T(dist(gen));
    for (auto& x : b) x = T(dist(gen));
    std::vector<T> c(std::size_t(mr) * nr, std::numeric_limits<T>::quiet_NaN());  // every element must be written
    kmm::detail::host_micro_kernel(name, kc, a.data(), b.data(), c.data());
    for (int j = 0; j < nr; ++j)
      for (int i = 0; i < mr; ++i) {
        double ref = 0, mag = 0;
        for (int q = 0; q < kc; ++q) {
          ref += double(a[q * mr + i]) * double(b[q * nr + j]);
          mag += std::abs(double(a[q * mr + i]) * double(b[q * nr + j]));
        }
        const double tol = (kc + 3) * double(std::numeric_limits<T>::epsilon()) * mag;
        const double got = double(c[j * mr + i]);
        ASSERT_TRUE(std::abs(got - ref) <= tol) << name << " " << mr << "x" << nr << " kc=" << kc << " c(" << i << ","
                                                << j << ") = " << got << ", expected " << ref << " +- " << tol;
      }
  }
}

}  // namespace

TEST(HostKernel, SelectionAndErrors) {
  const auto kernels = kmm::host_kernels();
  ASSERT_FALSE(kernels.empty());
  EXPECT_EQ(kernels.back(), "generic") << "the generic kernel runs on any CPU and is listed last";
  EXPECT_NE(std::find(kernels.begin(), kernels.end(), kmm::host_kernel()), kernels.end());
  try {
    kmm::set_host_kernel("no-such-kernel");
    ADD_FAILURE() << "an unknown name must throw";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'no-such-kernel'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("generic"), std::string::npos) << "it lists the known kernels: " << e.what();
  }
  EXPECT_THROW(kmm::detail::host_micro_kernel("no-such-kernel", 1, (const float*)nullptr, nullptr, nullptr),
               std::invalid_argument);
  for (const auto& k : kernels) {
    KernelScope scope(k);
    EXPECT_EQ(kmm::host_kernel(), k);
  }
}

TEST(HostKernel, MicroKernelsAloneMatchReference) {
  for (const auto& k : kmm::host_kernels()) {
    SCOPED_TRACE(k);
    check_micro_kernel<float>(k);
    check_micro_kernel<double>(k);
  }
}

// Every block of C exactly once: host_blocks takes [r B / L, (r + 1) B / L)
// for each of L threads, so the plan's blocks must tile C.
TEST(HostKernel, PlanTilesC) {
  for (const auto& k : kmm::host_kernels()) {
    KernelScope scope(k);
    const auto blk = kmm::detail::host_blocking(k, false);
    for (std::int64_t m : {1, 7, 300, 4500})
      for (std::int64_t n : {1, 5, 50, 1700, 65536})
        for (int threads : {1, 2, 3, 16}) {
          kmm::detail::HostProduct<float> p{};
          p.m = m;
          p.n = n;
          p.k = 9;
          const auto pl = kmm::detail::host_plan(p, threads);
          const std::string at = k + " m=" + std::to_string(m) + " n=" + std::to_string(n) + " threads=" + std::to_string(threads);
          EXPECT_EQ(pl.bm % blk.mr, 0) << at;
          EXPECT_EQ(pl.bn % blk.nr, 0) << at;
          EXPECT_LE(pl.bm, std::max<std::int64_t>(blk.mc, blk.mr)) << at;
          EXPECT_LE(pl.bn, std::max<std::int64_t>(blk.nc, blk.nr)) << at;
          EXPECT_GE(pl.blocks_m * pl.bm, m) << at;
          EXPECT_LT((pl.blocks_m - 1) * pl.bm, m) << at;
          EXPECT_GE(pl.blocks_n * pl.bn, n) << at;
          EXPECT_LT((pl.blocks_n - 1) * pl.bn, n) << at;
          EXPECT_EQ(pl.blocks, pl.blocks_m * pl.blocks_n) << at;
        }
  }
}

template <class C>
class HostFrame : public ::testing::Test {};
TYPED_TEST_SUITE(HostFrame, AllConfigs, ConfigNames);

// The frame with each micro-kernel: every op and alpha/beta pair, the three
// layouts and mixed ones over the edge shapes, several blocks and k-steps
// with beta != 0 (300 x 40 x 600 crosses KC; 600 x 1700 x 300 spans block
// rows and columns) and operands off their alignment.
template <class T, class E>
void sweep_each_micro_kernel() {
  const bool all = !small_run();
  for (const auto& k : kmm::host_kernels()) {
    SCOPED_TRACE("host kernel " + k);
    KernelScope scope(k);
    unsigned seed = 4100;
    sweep_scalars<T, E>(BlockedKernel{}, seed);
    sweep_layouts<T, E, Lay::L, Lay::L, Lay::L>(BlockedKernel{}, seed);
    sweep_layouts<T, E, Lay::S, Lay::R, Lay::S>(BlockedKernel{}, seed);
    for (Op opA : {Op::N, Op::T})
      for (Op opB : {Op::N, Op::T}) {
        const Case deep{300, 40, 600, opA, opB, Lay::R, Lay::L, Lay::L, -1.5, 0.7};
        EXPECT_EQ((run_case<T, E, Lay::R, Lay::L, Lay::L>(deep, BlockedKernel{}, ++seed)), "") << deep.str();
        const Case off{67, 45, 33, opA, opB, Lay::L, Lay::R, Lay::L, 1.0, 0.7};
        EXPECT_EQ((run_case<T, E, Lay::L, Lay::R, Lay::L>(off, BlockedKernel{}, ++seed, false, 1)), "") << off.str();
        if (!all) continue;
        const Case wide{600, 1700, 300, opA, opB, Lay::L, Lay::L, Lay::R, 0.5, 2.0};
        EXPECT_EQ((run_case<T, E, Lay::L, Lay::L, Lay::R>(wide, BlockedKernel{}, ++seed)), "") << wide.str();
      }
  }
}

TYPED_TEST(HostFrame, EachMicroKernelMatchesReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  if constexpr (kmm::detail::is_host_space<E>())
    sweep_each_micro_kernel<T, E>();
  else
    GTEST_SKIP() << "a GPU build: the host frame is tested by the host presets (openmp, serial)";
}

}  // namespace kmm_test
