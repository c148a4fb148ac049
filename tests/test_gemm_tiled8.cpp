// Correctness sweep of the Tiled8 variant on every enabled backend, float and double.
#include "gemm_cases.hpp"

namespace kmm_test {
template <class C>
class GemmTiled8 : public ::testing::Test {};
TYPED_TEST_SUITE(GemmTiled8, AllConfigs, ConfigNames);
TYPED_TEST(GemmTiled8, MatchesReference) {
  shape_sweep<typename TypeParam::value_type, typename TypeParam::exec_space>(Tiled8Kernel{});  // (layouts: Algorithm::Tiled's full sweep)
}
}  // namespace kmm_test
