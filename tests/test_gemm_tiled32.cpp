// Correctness sweep of the Tiled32 variant on every enabled backend, float and double.
#include "gemm_cases.hpp"

namespace kmm_test {
template <class C>
class GemmTiled32 : public ::testing::Test {};
TYPED_TEST_SUITE(GemmTiled32, AllConfigs, ConfigNames);
TYPED_TEST(GemmTiled32, MatchesReference) {
  shape_sweep<typename TypeParam::value_type, typename TypeParam::exec_space>(Tiled32Kernel{});  // (layouts: Algorithm::Tiled's full sweep)
}
}  // namespace kmm_test
