// Correctness sweep of the Tiled16 variant on every enabled backend, float and double.
#include "gemm_cases.hpp"

namespace kmm_test {
template <class C>
class GemmTiled16 : public ::testing::Test {};
TYPED_TEST_SUITE(GemmTiled16, AllConfigs, ConfigNames);
TYPED_TEST(GemmTiled16, MatchesReference) {
  shape_sweep<typename TypeParam::value_type, typename TypeParam::exec_space>(Tiled16Kernel{});  // (layouts: Algorithm::Tiled's full sweep)
}
}  // namespace kmm_test
