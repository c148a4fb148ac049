// kmm-bench's vendor rows on host builds: OpenBLAS through CBLAS.
#include <cblas.h>

#include <fstream>
#include <string>
#include <thread>

#include "vendor.hpp"

namespace kmm_bench {

const char* Vendor::name() { return "OpenBLAS"; }
std::string Vendor::notes() {
  return std::string("OpenBLAS ") + openblas_get_config() + ", " + std::to_string(openblas_get_num_threads()) +
         " threads";
}
std::string Vendor::device() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2) + ", " +
                                                 std::to_string(std::thread::hardware_concurrency()) + " cpus";
  return "unknown cpu";
}
void Vendor::init() {}
void Vendor::finalize() {}

static CBLAS_TRANSPOSE tr(bool t) { return t ? CblasTrans : CblasNoTrans; }

void Vendor::gemm(bool ta, bool tb, long m, long n, long k, float alpha, const float* A, long lda,
                  const float* B, long ldb, float beta, float* C, long ldc) {
  cblas_sgemm(CblasColMajor, tr(ta), tr(tb), m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
void Vendor::gemm(bool ta, bool tb, long m, long n, long k, double alpha, const double* A, long lda,
                  const double* B, long ldb, double beta, double* C, long ldc) {
  cblas_dgemm(CblasColMajor, tr(ta), tr(tb), m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}

const char* Vendor::batched_name() { return "OpenBLAS-loop"; }
void Vendor::gemm_batched(long m, long n, long k, float alpha, const float* A, long lda, long sA, const float* B,
                          long ldb, long sB, float beta, float* C, long ldc, long sC, long batch) {
  for (long b = 0; b < batch; ++b)
    cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, alpha, A + b * sA, lda, B + b * sB, ldb, beta,
                C + b * sC, ldc);
}
void Vendor::gemm_batched(long m, long n, long k, double alpha, const double* A, long lda, long sA, const double* B,
                          long ldb, long sB, double beta, double* C, long ldc, long sC, long batch) {
  for (long b = 0; b < batch; ++b)
    cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, alpha, A + b * sA, lda, B + b * sB, ldb, beta,
                C + b * sC, ldc);
}

}  // namespace kmm_bench
