// Unit tests of the aliasing check on raw footprints.
#include <gtest/gtest.h>

#include "kmm/detail/checks.hpp"

using kmm::detail::Footprint;
using kmm::detail::may_overlap;

static Footprint fp(std::uintptr_t base_elem, std::int64_t r, std::int64_t c, std::int64_t s0, std::int64_t s1) {
  return Footprint{0x10000 + base_elem * 4, 4, {r, c}, {s0, s1}};
}

TEST(Overlap, DisjointRangesNeverOverlap) {
  EXPECT_FALSE(may_overlap(fp(0, 4, 4, 1, 4), fp(16, 4, 4, 1, 4)));
  EXPECT_FALSE(may_overlap(fp(0, 0, 4, 1, 4), fp(0, 4, 4, 1, 4)));  // empty
}
TEST(Overlap, SubmatricesOfOneColumnMajorMatrix) {
  // 8 x 12 column-major, ld 8: rows 0..3 vs rows 4..7 interleave but are disjoint
  EXPECT_FALSE(may_overlap(fp(0, 4, 12, 1, 8), fp(4, 4, 12, 1, 8)));
  EXPECT_TRUE(may_overlap(fp(0, 5, 12, 1, 8), fp(4, 4, 12, 1, 8)));
  // column blocks
  EXPECT_FALSE(may_overlap(fp(0, 8, 4, 1, 8), fp(32, 8, 4, 1, 8)));
  EXPECT_TRUE(may_overlap(fp(0, 8, 5, 1, 8), fp(32, 8, 4, 1, 8)));
  // an inner block against the rest of its rows
  EXPECT_FALSE(may_overlap(fp(8 * 2 + 2, 3, 3, 1, 8), fp(8 * 2 + 5, 3, 3, 1, 8)));
  EXPECT_TRUE(may_overlap(fp(8 * 2 + 2, 3, 3, 1, 8), fp(8 * 4 + 4, 3, 3, 1, 8)));
}
TEST(Overlap, InterleavedLatticesDoNotMeet) {
  // even and odd elements of one buffer
  EXPECT_FALSE(may_overlap(fp(0, 4, 4, 2, 8), fp(1, 4, 4, 2, 8)));
}
TEST(Overlap, SingleRowsAndColumns) {
  EXPECT_FALSE(may_overlap(fp(0, 1, 5, 99, 1), fp(5, 1, 5, 7, 1)));
  EXPECT_TRUE(may_overlap(fp(0, 1, 5, 99, 1), fp(4, 1, 5, 7, 1)));
  EXPECT_TRUE(may_overlap(fp(3, 1, 1, 1, 1), fp(3, 1, 1, 5, 5)));
  EXPECT_FALSE(may_overlap(fp(3, 1, 1, 1, 1), fp(4, 1, 1, 5, 5)));
}
TEST(Overlap, DifferentStridesAreConservative) {
  EXPECT_TRUE(may_overlap(fp(0, 4, 4, 1, 4), fp(2, 4, 4, 4, 1)));
}
