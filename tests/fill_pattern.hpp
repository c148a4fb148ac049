#pragma once
// Device fill for the instance tests, as a functor (no extended lambdas inside
// gtest's private TestBody).
#include <Kokkos_Core.hpp>

namespace kmm_test {

// Small integers (e % mod) - mod / 2 into element e (last index fastest) of a
// rank-2 or rank-3 View: products of such matrices are exact in float.
template <class V>
struct FillPattern {
  V v;
  int mod;
  KOKKOS_INLINE_FUNCTION void operator()(int e) const {
    const auto x = typename V::value_type((e % mod) - mod / 2);
    if constexpr (V::rank == 2) {
      v(e / v.extent(1), e % v.extent(1)) = x;
    } else {
      const int per = v.extent(1) * v.extent(2);
      v(e / per, (e % per) / v.extent(2), e % v.extent(2)) = x;
    }
  }
};

}  // namespace kmm_test
