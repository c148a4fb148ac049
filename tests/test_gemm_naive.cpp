// Correctness sweep of the Naive variant on every enabled backend, float and double.
#include "gemm_cases.hpp"

namespace kmm_test {
template <class C>
class GemmNaive : public ::testing::Test {};
TYPED_TEST_SUITE(GemmNaive, AllConfigs, ConfigNames);
TYPED_TEST(GemmNaive, MatchesReference) {
  full_sweep<typename TypeParam::value_type, typename TypeParam::exec_space>(NaiveKernel{});
}
}  // namespace kmm_test
