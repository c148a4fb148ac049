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
}  // namespace kmm_test
