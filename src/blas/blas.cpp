// kmm_blas: sgemm_, dgemm_, cblas_sgemm and cblas_dgemm on kmm::gemm.
//
// Argument checks follow reference BLAS (sgemm.f) and reference CBLAS
// (cblas_sgemm.c with its xerbla): the first failing check, in reference
// order, goes to xerbla_ with the reference parameter number, and C is not
// touched. Quick returns as in sgemm.f (m == 0, n == 0, or alpha == 0 or k ==
// 0 with beta == 1) touch nothing and do not start Kokkos.
#include "kmm/blas.h"

#include <Kokkos_Core.hpp>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>

#include "kmm/cblas.h"
#include "kmm/gemm.hpp"

#define KMM_BLAS_API extern "C" __attribute__((visibility("default")))

// The program's XERBLA, or kmm_blas' default (xerbla.cpp). Fortran passes the
// length of the name as a hidden trailing argument.
extern "C" void xerbla_(const char* name, const int* info, std::size_t name_len);

namespace {

using Host = Kokkos::DefaultHostExecutionSpace;
using Device = Kokkos::DefaultExecutionSpace;
constexpr bool kHasGpu = !kmm::detail::is_host_space<Device>();

std::mutex call_mutex;  // Kokkos' host backends take one dispatching thread at a time
std::atomic<long long> device_threshold{-1};
std::atomic<long long> calls{0}, device_calls{0};
bool started_kokkos = false;

long long threshold() {
  long long t = device_threshold.load();
  if (t < 0) {
    t = 1LL << 21;  // 128^3: below it, the copies cost more than the host computes
    if (const char* env = std::getenv("KMM_BLAS_DEVICE_THRESHOLD")) {
      char* end = nullptr;
      const long long v = std::strtoll(env, &end, 10);
      if (end != env && *end == '\0' && v >= 0)
        t = v;
      else
        std::fprintf(stderr, "kmm_blas: ignoring KMM_BLAS_DEVICE_THRESHOLD=\"%s\" (not a count >= 0); using %lld\n",
                     env, t);
    }
    long long unset = -1;
    device_threshold.compare_exchange_strong(unset, t);
    t = device_threshold.load();
  }
  return t;
}

void finalize_kokkos() {
  if (Kokkos::is_initialized()) Kokkos::finalize();
}

void ensure_kokkos() {
  if (Kokkos::is_initialized()) return;
  if (started_kokkos) {  // finalised at exit already, or by the program: Kokkos cannot start twice
    std::fprintf(stderr, "kmm_blas: called after Kokkos was finalised; Kokkos cannot be initialised again\n");
    std::abort();
  }
  Kokkos::initialize();
  started_kokkos = true;
  std::atexit(finalize_kokkos);
}

char upper(char c) { return (c >= 'a' && c <= 'z') ? char(c - 'a' + 'A') : c; }
bool is_trans(char c) { return upper(c) == 'T' || upper(c) == 'C'; }  // real: C = T
bool valid_trans(char c) { return upper(c) == 'N' || is_trans(c); }

// sgemm.f's checks, in its order: 0 or the number of the first bad parameter.
int gemm_info(char ta, char tb, int m, int n, int k, int lda, int ldb, int ldc) {
  const int nrowa = is_trans(ta) ? k : m, nrowb = is_trans(tb) ? n : k;
  if (!valid_trans(ta)) return 1;
  if (!valid_trans(tb)) return 2;
  if (m < 0) return 3;
  if (n < 0) return 4;
  if (k < 0) return 5;
  if (lda < (nrowa > 1 ? nrowa : 1)) return 8;
  if (ldb < (nrowb > 1 ? nrowb : 1)) return 10;
  if (ldc < (m > 1 ? m : 1)) return 13;
  return 0;
}

void report(const char* name, int info) { xerbla_(name, &info, std::strlen(name)); }

template <class T>
using HostMatrix = Kokkos::View<T**, Kokkos::LayoutStride, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>;
template <class T>
using DeviceMatrix = Kokkos::View<T**, Kokkos::LayoutLeft, Device::memory_space>;
template <class T>
using PackedHostMatrix = Kokkos::View<T**, Kokkos::LayoutLeft, Kokkos::HostSpace>;

template <class View>
View uninitialized(const char* label, std::size_t rows, std::size_t cols) {
  return View(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label)), rows, cols);
}

// rows x cols column-major with leading dimension ld, as a host View
template <class T>
HostMatrix<T> host_matrix(T* p, int rows, int cols, int ld) {
  return HostMatrix<T>(p, Kokkos::LayoutStride(rows, 1, cols, ld));
}

// A device copy of a host operand, packed (ld = rows) on the host first.
template <class T>
DeviceMatrix<T> to_device(const HostMatrix<const T>& h, const char* label) {
  auto d = uninitialized<DeviceMatrix<T>>(label, h.extent(0), h.extent(1));
  auto mirror = uninitialized<PackedHostMatrix<T>>(label, h.extent(0), h.extent(1));
  Kokkos::deep_copy(mirror, h);
  Kokkos::deep_copy(d, mirror);
  return d;
}

// C = alpha op(A) op(B) + beta C, column-major, arguments already checked.
// Throws std::invalid_argument when C overlaps A or B, before either path
// copies anything (the device path would otherwise compute from copies).
template <class T>
void column_major_gemm(const char* routine, char ta, char tb, int m, int n, int k, T alpha, const T* A, int lda,
                       const T* B, int ldb, T beta, T* C, int ldc) {
  const bool tA = is_trans(ta), tB = is_trans(tb);
  const kmm::Op opA = tA ? kmm::Op::T : kmm::Op::N, opB = tB ? kmm::Op::T : kmm::Op::N;
  const auto hA = host_matrix<const T>(A, tA ? k : m, tA ? m : k, lda);
  const auto hB = host_matrix<const T>(B, tB ? n : k, tB ? k : n, ldb);
  const auto hC = host_matrix<T>(C, m, n, ldc);
  kmm::detail::validate_gemm(routine, opA, opB, hA, hB, hC);
  const bool product = k > 0 && alpha != T(0);
  if (kHasGpu && product && double(m) * double(n) * double(k) >= double(threshold())) {
    const auto dA = to_device<T>(hA, "kmm_blas::A");
    const auto dB = to_device<T>(hB, "kmm_blas::B");
    auto dC = uninitialized<DeviceMatrix<T>>("kmm_blas::C", m, n);
    auto mirror = uninitialized<PackedHostMatrix<T>>("kmm_blas::C", m, n);
    if (beta != T(0)) {  // beta == 0: C is not read, not even copied
      Kokkos::deep_copy(mirror, hC);
      Kokkos::deep_copy(dC, mirror);
    }
    kmm::gemm(Device(), opA, opB, alpha, dA, dB, beta, dC);
    Kokkos::deep_copy(mirror, dC);
    Kokkos::deep_copy(hC, mirror);  // only C's m x n elements: the gaps of ldc stay as they were
    ++device_calls;
  } else {
    kmm::gemm(Host(), opA, opB, alpha, hA, hB, beta, hC);
    Host().fence();
  }
  ++calls;
}

// Runs the product under the lock with Kokkos started and a profiling region.
// kmm's own checks can still refuse C overlapping A or B (reference BLAS does
// not check; the result would be undefined): that goes to xerbla_ as a bad C.
template <class T>
void run(const char* region, const char* name, int c_param, char ta, char tb, int m, int n, int k, T alpha,
         const T* A, int lda, const T* B, int ldb, T beta, T* C, int ldc) {
  if (m == 0 || n == 0 || ((alpha == T(0) || k == 0) && beta == T(1))) return;  // sgemm.f's quick return
  std::lock_guard<std::mutex> lock(call_mutex);
  try {
    ensure_kokkos();
    kmm::detail::ProfilingRegion r(region);
    column_major_gemm(region, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "kmm_blas: %s\n", e.what());
    report(name, c_param);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kmm_blas: %s failed: %s\n", name, e.what());
    std::abort();
  }
}

template <class T>
void fortran_gemm(const char* region, const char* name, const char* transa, const char* transb, const int* m,
                  const int* n, const int* k, const T* alpha, const T* A, const int* lda, const T* B,
                  const int* ldb, const T* beta, T* C, const int* ldc) {
  const int info = gemm_info(*transa, *transb, *m, *n, *k, *lda, *ldb, *ldc);
  if (info != 0) return report(name, info);
  run(region, name, 12, *transa, *transb, *m, *n, *k, *alpha, A, *lda, B, *ldb, *beta, C, *ldc);
}

char cblas_trans(int t) {
  return t == CblasNoTrans ? 'N' : t == CblasTrans ? 'T' : t == CblasConjTrans ? 'C' : '\0';
}

// Reference CBLAS numbers the parameters of the C call (layout is 1, ldc 14).
// Row-major is the column-major product C^T = op(B)^T op(A)^T, checked as
// that Fortran call and its numbers mapped back: 4 <-> 5 (M, N), 9 <-> 11
// (lda, ldb), as reference CBLAS' xerbla does.
template <class T>
void cblas_gemm(const char* region, const char* name, int layout, int TransA, int TransB, int M, int N, int K,
                T alpha, const T* A, int lda, const T* B, int ldb, T beta, T* C, int ldc) {
  const char ta = cblas_trans(TransA), tb = cblas_trans(TransB);
  if (layout != CblasRowMajor && layout != CblasColMajor) return report(name, 1);
  if (!ta) return report(name, 2);
  if (!tb) return report(name, 3);
  if (layout == CblasColMajor) {
    const int info = gemm_info(ta, tb, M, N, K, lda, ldb, ldc);
    if (info != 0) return report(name, info + 1);
    run(region, name, 13, ta, tb, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
  } else {
    int info = gemm_info(tb, ta, N, M, K, ldb, lda, ldc);
    if (info != 0) {
      info += 1;
      info = info == 4 ? 5 : info == 5 ? 4 : info == 9 ? 11 : info == 11 ? 9 : info;
      return report(name, info);
    }
    run(region, name, 13, tb, ta, N, M, K, alpha, B, ldb, A, lda, beta, C, ldc);
  }
}

}  // namespace

KMM_BLAS_API void sgemm_(const char* transa, const char* transb, const int* m, const int* n, const int* k,
                         const float* alpha, const float* A, const int* lda, const float* B, const int* ldb,
                         const float* beta, float* C, const int* ldc) {
  fortran_gemm("kmm_blas::sgemm_", "SGEMM ", transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}

KMM_BLAS_API void dgemm_(const char* transa, const char* transb, const int* m, const int* n, const int* k,
                         const double* alpha, const double* A, const int* lda, const double* B, const int* ldb,
                         const double* beta, double* C, const int* ldc) {
  fortran_gemm("kmm_blas::dgemm_", "DGEMM ", transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}

KMM_BLAS_API void cblas_sgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, CBLAS_TRANSPOSE TransB, const int M,
                              const int N, const int K, const float alpha, const float* A, const int lda,
                              const float* B, const int ldb, const float beta, float* C, const int ldc) {
  cblas_gemm("kmm_blas::cblas_sgemm", "cblas_sgemm", layout, TransA, TransB, M, N, K, alpha, A, lda, B, ldb, beta,
             C, ldc);
}

KMM_BLAS_API void cblas_dgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, CBLAS_TRANSPOSE TransB, const int M,
                              const int N, const int K, const double alpha, const double* A, const int lda,
                              const double* B, const int ldb, const double beta, double* C, const int ldc) {
  cblas_gemm("kmm_blas::cblas_dgemm", "cblas_dgemm", layout, TransA, TransB, M, N, K, alpha, A, lda, B, ldb, beta,
             C, ldc);
}

KMM_BLAS_API int kmm_blas_set_device_threshold(long long mnk) {
  if (mnk < 0) return -1;  // refused, the threshold stays as it was
  device_threshold.store(mnk);
  return 0;
}
KMM_BLAS_API long long kmm_blas_device_threshold(void) { return threshold(); }
KMM_BLAS_API long long kmm_blas_calls(void) { return calls.load(); }
KMM_BLAS_API long long kmm_blas_device_calls(void) { return device_calls.load(); }
