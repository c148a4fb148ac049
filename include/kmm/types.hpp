#pragma once
// Basic vocabulary of kmm: the op() of an operand and the kernel choice.
#include <cstdint>

namespace kmm {

/// op(X) = X (N) or X^T (T).
enum class Op { N, T };

/// Which kernel computes the product. Later rungs of the ladder add values.
enum class Algorithm {
  Auto,   ///< the best measured choice for the backend and shape (see tile_table.hpp)
  Naive,  ///< one thread per element of C, operands read from global memory
  Tiled,  ///< one team per tile of C, A and B staged through team scratch
  Blocked,  ///< register-blocked: large team tiles, per-thread micro-tiles, double-buffered scratch
};

const char* to_string(Op op) noexcept;
const char* to_string(Algorithm algorithm) noexcept;

}  // namespace kmm
