#pragma once
// The vendor library kmm-bench compares with: cuBLAS on CUDA builds,
// OpenBLAS (CBLAS) on host builds. Column-major, like the reference BLAS.
#include <string>

namespace kmm_bench {

struct Vendor {
  static const char* name();
  static std::string notes();   // e.g. the math mode, written into the output's context
  static std::string device();  // the processor or GPU, driver and runtime versions
  static void init();
  static void finalize();
  // C = alpha op(A) op(B) + beta C, column-major, on the same device/queue as kmm
  static void gemm(bool transA, bool transB, long m, long n, long k, float alpha, const float* A, long lda,
                   const float* B, long ldb, float beta, float* C, long ldc);
  static void gemm(bool transA, bool transB, long m, long n, long k, double alpha, const double* A, long lda,
                   const double* B, long ldb, double beta, double* C, long ldc);
  // `batch` products, matrix b of X at X + b * strideX (cuBLAS strided-batched;
  // on the CPU one OpenBLAS call per matrix)
  static const char* batched_name();
  static void gemm_batched(long m, long n, long k, float alpha, const float* A, long lda, long sA, const float* B,
                           long ldb, long sB, float beta, float* C, long ldc, long sC, long batch);
  static void gemm_batched(long m, long n, long k, double alpha, const double* A, long lda, long sA,
                           const double* B, long ldb, long sB, double beta, double* C, long ldc, long sC, long batch);
};

}  // namespace kmm_bench
