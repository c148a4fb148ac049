// kmm-bench's vendor rows on CUDA builds: cuBLAS SGEMM/DGEMM on the stream of
// Kokkos' default Cuda instance. fp32 runs with CUBLAS_PEDANTIC_MATH, so
// TF32 tensor cores stay off and the comparison is fp32 against fp32; fp64
// with the default math, what a user gets (DGEMM on the fp64 tensor cores,
// IEEE double arithmetic). One handle per precision.
#include <Kokkos_Core.hpp>
#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "vendor.hpp"

namespace kmm_bench {
namespace {
cublasHandle_t handle = nullptr;    // fp32: CUBLAS_PEDANTIC_MATH
cublasHandle_t handle64 = nullptr;  // fp64: CUBLAS_DEFAULT_MATH
void check(cublasStatus_t s, const char* what) {
  if (s != CUBLAS_STATUS_SUCCESS) {
    std::fprintf(stderr, "kmm-bench: %s failed with cuBLAS status %d\n", what, int(s));
    std::abort();
  }
}
cublasOperation_t tr(bool t) { return t ? CUBLAS_OP_T : CUBLAS_OP_N; }
}  // namespace

const char* Vendor::name() { return "cuBLAS"; }
std::string Vendor::notes() {
  int v = 0;
  cublasGetVersion(handle, &v);
  return "cuBLAS " + std::to_string(v) + ", fp32 CUBLAS_PEDANTIC_MATH (no TF32 in SGEMM), fp64 CUBLAS_DEFAULT_MATH";
}
std::string Vendor::device() {
  cudaDeviceProp p;
  int dev = 0, driver = 0, runtime = 0;
  cudaGetDevice(&dev);
  cudaGetDeviceProperties(&p, dev);
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  return std::string(p.name) + ", " + std::to_string(p.multiProcessorCount) + " SMs, CUDA driver API " +
         std::to_string(driver) + ", runtime " + std::to_string(runtime);
}
void Vendor::init() {
  check(cublasCreate(&handle), "cublasCreate");
  check(cublasSetStream(handle, Kokkos::Cuda().cuda_stream()), "cublasSetStream");
  check(cublasSetMathMode(handle, CUBLAS_PEDANTIC_MATH), "cublasSetMathMode");
  check(cublasCreate(&handle64), "cublasCreate");
  check(cublasSetStream(handle64, Kokkos::Cuda().cuda_stream()), "cublasSetStream");
  check(cublasSetMathMode(handle64, CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
}
void Vendor::finalize() {
  if (handle) cublasDestroy(handle);
  if (handle64) cublasDestroy(handle64);
  handle = handle64 = nullptr;
}
void Vendor::gemm(bool ta, bool tb, long m, long n, long k, float alpha, const float* A, long lda,
                  const float* B, long ldb, float beta, float* C, long ldc) {
  check(cublasSgemm(handle, tr(ta), tr(tb), int(m), int(n), int(k), &alpha, A, int(lda), B, int(ldb), &beta, C,
                    int(ldc)),
        "cublasSgemm");
}
void Vendor::gemm(bool ta, bool tb, long m, long n, long k, double alpha, const double* A, long lda,
                  const double* B, long ldb, double beta, double* C, long ldc) {
  check(cublasDgemm(handle64, tr(ta), tr(tb), int(m), int(n), int(k), &alpha, A, int(lda), B, int(ldb), &beta, C,
                    int(ldc)),
        "cublasDgemm");
}

const char* Vendor::batched_name() { return "cuBLAS-strided-batched"; }
void Vendor::gemm_batched(long m, long n, long k, float alpha, const float* A, long lda, long sA, const float* B,
                          long ldb, long sB, float beta, float* C, long ldc, long sC, long batch) {
  check(cublasSgemmStridedBatched(handle, CUBLAS_OP_N, CUBLAS_OP_N, int(m), int(n), int(k), &alpha, A, int(lda), sA,
                                  B, int(ldb), sB, &beta, C, int(ldc), sC, int(batch)),
        "cublasSgemmStridedBatched");
}
void Vendor::gemm_batched(long m, long n, long k, double alpha, const double* A, long lda, long sA,
                          const double* B, long ldb, long sB, double beta, double* C, long ldc, long sC, long batch) {
  check(cublasDgemmStridedBatched(handle64, CUBLAS_OP_N, CUBLAS_OP_N, int(m), int(n), int(k), &alpha, A, int(lda), sA,
                                  B, int(ldb), sB, &beta, C, int(ldc), sC, int(batch)),
        "cublasDgemmStridedBatched");
}

}  // namespace kmm_bench
