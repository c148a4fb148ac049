// throw-away driver: times kmm's Blocked rows and cuBLAS on square NN, LayoutLeft
#include <Kokkos_Core.hpp>
#include <Kokkos_Random.hpp>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <tuple>
#include <vector>
#include "kmm/kernels/blocked.hpp"
using kmm::BlockedParams;
#ifndef ROWS_F
#define ROWS_F BlockedParams<128, 64, 16, 8, 8, 4, 4, 4, true, 2, 128, 3, 0, true>
#endif
#ifndef ROWS_D
#define ROWS_D BlockedParams<128, 64, 8, 8, 8, 2, 2, 2, true, 2, 128, 2, 0, true>
#endif
using RowsF = std::tuple<ROWS_F>;
using RowsD = std::tuple<ROWS_D>;
template <class T> using V = Kokkos::View<T**, Kokkos::LayoutLeft, Kokkos::CudaSpace>;
template <class T> using CVu = Kokkos::View<const T**, Kokkos::LayoutLeft, Kokkos::CudaSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
template <class T> using Vu = Kokkos::View<T**, Kokkos::LayoutLeft, Kokkos::CudaSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
cublasHandle_t h;
void vendor(int n, const float* A, const float* B, float* C) { float a = 1, b = 0; cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &a, A, n, B, n, &b, C, n); }
void vendor(int n, const double* A, const double* B, double* C) { double a = 1, b = 0; cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &a, A, n, B, n, &b, C, n); }
// row -2: cublasGemmEx with the pedantic compute type (does it leave the tensor cores?)
void vendor_ped(int n, const float* A, const float* B, float* C) { float a = 1, b = 0; cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &a, A, CUDA_R_32F, n, B, CUDA_R_32F, n, &b, C, CUDA_R_32F, n, CUBLAS_COMPUTE_32F_PEDANTIC, CUBLAS_GEMM_DEFAULT); }
void vendor_ped(int n, const double* A, const double* B, double* C) { double a = 1, b = 0; cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &a, A, CUDA_R_64F, n, B, CUDA_R_64F, n, &b, C, CUDA_R_64F, n, CUBLAS_COMPUTE_64F_PEDANTIC, CUBLAS_GEMM_DEFAULT); }
template <class P> std::string pname() { char s[128]; snprintf(s, 128, "%dx%dx%d/%dx%d/%dx%d/s%d/a%d/g%d", P::BM, P::BN, P::BK, P::TM, P::TN, P::max_threads, P::min_blocks, P::stages, int(P::async) + int(P::async_k), P::group); return s; }
template <class T, class Rows, std::size_t... I>
void run_row(int row, int n, CVu<T> A, CVu<T> B, Vu<T> C, std::string& name, std::index_sequence<I...>) {
  ((row == int(I) ? (kmm::kernels::blocked<std::tuple_element_t<I, Rows>, false, false>(Kokkos::Cuda(), T(1), A, B, T(0), C),
                     name = pname<std::tuple_element_t<I, Rows>>(), 0) : 0), ...);
}
template <class T, class Rows>
void go(int n, int row, int reps, int pause_ms) {
  V<T> A("A", n, n), B("B", n, n), C("C", n, n), R("R", n, n);
  Kokkos::Random_XorShift64_Pool<Kokkos::Cuda> pool(12345);
  Kokkos::fill_random(A, pool, T(-1), T(1));
  Kokkos::fill_random(B, pool, T(-1), T(1));
  vendor(n, A.data(), B.data(), R.data());
  std::string name = "cuBLAS";
  auto call = [&]() {
    if (row == -2) { vendor_ped(n, A.data(), B.data(), C.data()); name = "cuBLAS-pedantic-compute"; }
    else if (row < 0) vendor(n, A.data(), B.data(), C.data());
    else run_row<T, Rows>(row, n, CVu<T>(A.data(), n, n), CVu<T>(B.data(), n, n), Vu<T>(C.data(), n, n), name,
                          std::make_index_sequence<std::tuple_size<Rows>::value>{});
  };
  Kokkos::deep_copy(C, T(1e30));
  call(); Kokkos::fence();
  // check against cuBLAS
  double maxd = 0;
  {
    auto c = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), C);
    auto r = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), R);
    for (long j = 0; j < n; j += 7) for (long i = 0; i < n; i += 3) maxd = std::max(maxd, std::abs(double(c(i, j)) - double(r(i, j))));
  }
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  std::vector<double> ms;
  for (int r = 0; r < 2; ++r) call();
  Kokkos::fence();
  for (int r = 0; r < reps; ++r) {
    cudaEventRecord(e0, Kokkos::Cuda().cuda_stream()); call(); cudaEventRecord(e1, Kokkos::Cuda().cuda_stream());
    cudaEventSynchronize(e1); float t; cudaEventElapsedTime(&t, e0, e1); ms.push_back(t);
    if (pause_ms > 0) { struct timespec ts{pause_ms / 1000, (pause_ms % 1000) * 1000000L}; nanosleep(&ts, nullptr); }
  }
  std::sort(ms.begin(), ms.end());
  const double med = ms[ms.size() / 2];
  std::printf("%s %s n=%d reps=%d median %.3f ms %.2f TFLOP/s (min %.3f max %.3f) maxdiff_vs_cublas %.3g\n", sizeof(T) == 4 ? "fp32" : "fp64",
              name.c_str(), n, reps, med, 2.0 * n * double(n) * n / med / 1e9, ms.front(), ms.back(), maxd);
}
int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  {
    cublasCreate(&h); cublasSetStream(h, Kokkos::Cuda().cuda_stream()); cublasSetMathMode(h, CUBLAS_PEDANTIC_MATH);
    const char t = argv[1][0]; const int n = std::atoi(argv[2]), row = std::atoi(argv[3]), reps = std::atoi(argv[4]);
    const int pause = argc > 5 ? std::atoi(argv[5]) : 0;
    if (t == 'f') go<float, RowsF>(n, row, reps, pause); else go<double, RowsD>(n, row, reps, pause);
    cublasDestroy(h);
  }
  Kokkos::finalize();
}
