// Correctness sweep of the Tiled variant on every enabled backend, float and double.
#include "gemm_cases.hpp"

namespace kmm_test {
template <class C>
class GemmTiled : public ::testing::Test {};
TYPED_TEST_SUITE(GemmTiled, AllConfigs, ConfigNames);
TYPED_TEST(GemmTiled, MatchesReference) {
  full_sweep<typename TypeParam::value_type, typename TypeParam::exec_space>(TiledKernel{});
}
}  // namespace kmm_test
