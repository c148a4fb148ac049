// Correctness sweep of the Auto variant on every enabled backend, float and double.
#include "gemm_cases.hpp"

namespace kmm_test {
template <class C>
class GemmAuto : public ::testing::Test {};
TYPED_TEST_SUITE(GemmAuto, AllConfigs, ConfigNames);
TYPED_TEST(GemmAuto, MatchesReference) {
  // Auto's choice on every shape; the kernels it picks are swept in full by their own suites
  shape_sweep<typename TypeParam::value_type, typename TypeParam::exec_space>(AutoKernel{});
}
// Tall C with 65-96 columns, where Auto picks Blocked and, on a GPU, the
// table's narrow row (TileTable::blocked_pick): 2100 x 72 x 40 unsplit with
// edge blocks, 130 x 90 x 1500 split 11 ways (the grouped reduction). The
// harness's shapes reach no narrow row through Auto. The layouts are
// shape_sweep's (no more kernels to compile); KMM_TEST_SMALL=1 (the
// sanitizer preset) keeps the NN products.
TYPED_TEST(GemmAuto, NarrowColumnsMatchReference) {
  using T = typename TypeParam::value_type;
  using E = typename TypeParam::exec_space;
  const char* small = std::getenv("KMM_TEST_SMALL");  // (the sanitizer preset: NN only)
  const bool all = !small || std::string(small) != "1";
  unsigned seed = 2100;
  for (Op opA : {Op::N, Op::T})
    for (Op opB : {Op::N, Op::T}) {
      if (!all && (opA == Op::T || opB == Op::T)) continue;
      const Case tall{2100, 72, 40, opA, opB, Lay::L, Lay::R, Lay::L, 1.0, 0.7};
      EXPECT_EQ((run_case<T, E, Lay::L, Lay::R, Lay::L>(tall, AutoKernel{}, ++seed)), "") << tall.str();
      const Case split{130, 90, 1500, opA, opB, Lay::R, Lay::L, Lay::S, -1.5, 1.0};
      EXPECT_EQ((run_case<T, E, Lay::R, Lay::L, Lay::S>(split, AutoKernel{}, ++seed)), "") << split.str();
    }
}
}  // namespace kmm_test
