// Correctness sweep of the Strip16 variant on every enabled backend, float and double.
#include "gemm_cases.hpp"

namespace kmm_test {
template <class C>
class GemmStrip16 : public ::testing::Test {};
TYPED_TEST_SUITE(GemmStrip16, AllConfigs, ConfigNames);
TYPED_TEST(GemmStrip16, MatchesReference) {
  shape_sweep<typename TypeParam::value_type, typename TypeParam::exec_space>(Strip16Kernel{});  // (layouts: Algorithm::Tiled's full sweep)
}
}  // namespace kmm_test
