// Correctness sweep of the Blocked variant on every enabled backend, float and double.
#include "gemm_cases.hpp"

namespace kmm_test {
template <class C>
class GemmBlocked : public ::testing::Test {};
TYPED_TEST_SUITE(GemmBlocked, AllConfigs, ConfigNames);
TYPED_TEST(GemmBlocked, MatchesReference) {
  full_sweep<typename TypeParam::value_type, typename TypeParam::exec_space>(BlockedKernel{}, /*all_mixed=*/true);
}
}  // namespace kmm_test
