// Correctness sweep of the Tiled16 variant on every enabled backend, float and double.
#include "gemm_cases.hpp"

namespace kmm_test {
template <class C>
class GemmTiled16 : public ::testing::Test {};
TYPED_TEST_SUITE(GemmTiled16, AllConfigs, ConfigNames);
TYPED_TEST(GemmTiled16, MatchesReference) {
  full_sweep<typename TypeParam::value_type, typename TypeParam::exec_space>(Tiled16Kernel{});
}
}  // namespace kmm_test
