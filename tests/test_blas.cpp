// kmm_blas as a BLAS client sees it: no Kokkos here (kmm_blas starts its own
// on first use), column-major Fortran sgemm_/dgemm_ and CBLAS in both
// layouts against a double reference, the gaps of lda/ldb/ldc untouched,
// reference-BLAS error numbers through this program's own xerbla_, quick
// returns, the GPU threshold, and the profiling regions (region_tool.cpp).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "kmm/blas.h"
#include "kmm/cblas.h"
#if defined(KMM_TEST_CUDA)
#include <cuda_runtime_api.h>
#endif

extern "C" {
void sgemm_(const char*, const char*, const int*, const int*, const int*, const float*, const float*, const int*,
            const float*, const int*, const float*, float*, const int*);
void dgemm_(const char*, const char*, const int*, const int*, const int*, const double*, const double*, const int*,
            const double*, const int*, const double*, double*, const int*);
const char* kmm_test_tool_regions();

// This program's XERBLA: replaces kmm_blas' default, as a Fortran program's would.
std::string xerbla_name;
int xerbla_info = 0, xerbla_calls = 0;
void xerbla_(const char* name, const int* info, std::size_t len) {
  xerbla_name.assign(name, len);
  xerbla_info = *info;
  ++xerbla_calls;
}
}

namespace {

template <class T>
void fortran_gemm(char ta, char tb, int m, int n, int k, T alpha, const T* A, int lda, const T* B, int ldb, T beta,
                  T* C, int ldc) {
  if constexpr (sizeof(T) == 4)
    sgemm_(&ta, &tb, &m, &n, &k, &alpha, A, &lda, B, &ldb, &beta, C, &ldc);
  else
    dgemm_(&ta, &tb, &m, &n, &k, &alpha, A, &lda, B, &ldb, &beta, C, &ldc);
}
template <class T>
void cblas(int layout, int ta, int tb, int m, int n, int k, T alpha, const T* A, int lda, const T* B, int ldb,
           T beta, T* C, int ldc) {
  if constexpr (sizeof(T) == 4)
    cblas_sgemm(CBLAS_LAYOUT(layout), CBLAS_TRANSPOSE(ta), CBLAS_TRANSPOSE(tb), m, n, k, alpha, A, lda, B, ldb, beta,
                C, ldc);
  else
    cblas_dgemm(CBLAS_LAYOUT(layout), CBLAS_TRANSPOSE(ta), CBLAS_TRANSPOSE(tb), m, n, k, alpha, A, lda, B, ldb, beta,
                C, ldc);
}

const double kSentinel = -12345.5;

// One product in one storage order: X(i, j) of an r x c operand lives at
// i + j ld (column-major) or i ld + j (row-major). Returns "" or the failure.
template <class T>
std::string check(bool row_major, bool ta, bool tb, int m, int n, int k, double alpha, double beta, unsigned seed,
                  bool use_cblas, char ta_char = 0, char tb_char = 0) {
  const int ar = ta ? k : m, ac = ta ? m : k, br = tb ? n : k, bc = tb ? k : n;
  // leading dimensions with gaps
  const int lda = (row_major ? ac : ar) + 3, ldb = (row_major ? bc : br) + 1, ldc = (row_major ? n : m) + 2;
  auto at = [&](int i, int j, int ld) { return row_major ? size_t(i) * ld + j : i + size_t(j) * ld; };
  const size_t sa = size_t(lda) * (row_major ? ar : ac) + 1, sb = size_t(ldb) * (row_major ? br : bc) + 1;
  const size_t sc = size_t(ldc) * (row_major ? m : n) + 1;
  std::vector<T> A(sa, T(kSentinel)), B(sb, T(kSentinel)), C(sc, T(kSentinel));
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> uni(-1, 1);
  for (int i = 0; i < ar; ++i)
    for (int j = 0; j < ac; ++j) A[at(i, j, lda)] = T(uni(rng));
  for (int i = 0; i < br; ++i)
    for (int j = 0; j < bc; ++j) B[at(i, j, ldb)] = T(uni(rng));
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) C[at(i, j, ldc)] = beta == 0 ? std::numeric_limits<T>::quiet_NaN() : T(uni(rng));
  const std::vector<T> C0 = C, A0 = A, B0 = B;
  const int calls0 = xerbla_calls;
  if (use_cblas)
    cblas<T>(row_major ? CblasRowMajor : CblasColMajor, ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans,
             m, n, k, T(alpha), A.data(), lda, B.data(), ldb, T(beta), C.data(), ldc);
  else
    fortran_gemm<T>(ta_char ? ta_char : (ta ? 'T' : 'N'), tb_char ? tb_char : (tb ? 'T' : 'N'), m, n, k, T(alpha),
                    A.data(), lda, B.data(), ldb, T(beta), C.data(), ldc);
  if (xerbla_calls != calls0) return "xerbla_ was called: " + xerbla_name + " " + std::to_string(xerbla_info);
  if (A != A0 || B != B0) return "A or B changed";
  const double eps = std::numeric_limits<T>::epsilon();
  std::ostringstream err;
  int bad = 0;
  std::vector<bool> elem(sc, false);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double ref = 0, mag = 0;
      for (int p = 0; p < k && alpha != 0; ++p) {
        const double x = A[ta ? at(p, i, lda) : at(i, p, lda)], y = B[tb ? at(j, p, ldb) : at(p, j, ldb)];
        ref += x * y;
        mag += std::abs(x * y);
      }
      const double c0 = beta == 0 ? 0 : double(C0[at(i, j, ldc)]);
      ref = alpha * ref + beta * c0;
      const double tol = (k + 3) * eps * (std::abs(alpha) * mag + std::abs(beta * c0)) + std::numeric_limits<T>::min();
      const size_t off = at(i, j, ldc);
      elem[off] = true;
      if (!(std::abs(double(C[off]) - ref) <= tol) && bad++ < 3)
        err << " C(" << i << "," << j << ")=" << C[off] << " expected " << ref << ";";
    }
  for (size_t e = 0; e < sc; ++e)
    if (!elem[e] && !(C[e] == T(kSentinel)) && bad++ < 6) err << " wrote into the gap at " << e << ";";
  return bad ? std::to_string(bad) + " bad:" + err.str() : "";
}

struct Dims { int m, n, k; };
const Dims kDims[] = {{1, 1, 1}, {17, 31, 29}, {64, 65, 63}, {200, 150, 300}, {5, 7, 0}, {300, 3, 500}};
const double kScal[][2] = {{1, 0}, {-1.5, 0.7}, {0.7, 1}, {0, 0}, {0, -1.5}, {1, 1}};

template <class T>
class Blas : public ::testing::Test {};
using Types = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Blas, Types);

TYPED_TEST(Blas, FortranColumnMajorMatchesReference) {
  unsigned seed = 1;
  int idx = 0;
  for (bool ta : {false, true})
    for (bool tb : {false, true})
      for (const auto& d : kDims) {
        const auto& s = kScal[idx++ % 6];
        EXPECT_EQ(check<TypeParam>(false, ta, tb, d.m, d.n, d.k, s[0], s[1], ++seed, false), "")
            << "sgemm_/dgemm_ " << ta << tb << " " << d.m << "x" << d.n << "x" << d.k << " alpha=" << s[0]
            << " beta=" << s[1];
      }
}

TYPED_TEST(Blas, TransposeCharactersInEitherCase) {
  unsigned seed = 50;
  for (char a : {'N', 'n', 'T', 't', 'C', 'c'})
    for (char b : {'N', 'n', 'T', 't', 'C', 'c'}) {
      const bool ta = a != 'N' && a != 'n', tb = b != 'N' && b != 'n';
      EXPECT_EQ(check<TypeParam>(false, ta, tb, 13, 9, 11, 1.5, -0.5, ++seed, false, a, b), "") << a << b;
    }
}

TYPED_TEST(Blas, CblasBothLayoutsMatchReference) {
  unsigned seed = 100;
  int idx = 0;
  for (bool row : {true, false})
    for (bool ta : {false, true})
      for (bool tb : {false, true})
        for (const auto& d : kDims) {
          const auto& s = kScal[idx++ % 6];
          EXPECT_EQ(check<TypeParam>(row, ta, tb, d.m, d.n, d.k, s[0], s[1], ++seed, true), "")
              << (row ? "RowMajor " : "ColMajor ") << ta << tb << " " << d.m << "x" << d.n << "x" << d.k;
        }
}

// Calls f with a 4x4 C of distinct values; expects xerbla_(name, info) once
// and C bit-for-bit as it was.
template <class T, class F>
void expect_error(const char* name, int info, F f, const char* what) {
  std::vector<T> A(64, T(1)), B(64, T(1)), C(16);
  for (int e = 0; e < 16; ++e) C[e] = T(e + 0.25);
  const std::vector<T> C0 = C;
  const int calls0 = xerbla_calls;
  f(A.data(), B.data(), C.data());
  EXPECT_EQ(xerbla_calls, calls0 + 1) << what;
  EXPECT_EQ(xerbla_name, name) << what;
  EXPECT_EQ(xerbla_info, info) << what;
  EXPECT_EQ(std::memcmp(C.data(), C0.data(), C.size() * sizeof(T)), 0) << what << ": C was touched";
}

TYPED_TEST(Blas, FortranErrorsGoToXerblaWithReferenceNumbers) {
  using T = TypeParam;
  const char* name = sizeof(T) == 4 ? "SGEMM " : "DGEMM ";
  struct Bad { char ta, tb; int m, n, k, lda, ldb, ldc, info; const char* what; };
  const Bad cases[] = {
      {'X', 'N', 4, 4, 4, 4, 4, 4, 1, "transa X"},      {'N', 'Y', 4, 4, 4, 4, 4, 4, 2, "transb Y"},
      {'N', 'N', -1, 4, 4, 4, 4, 4, 3, "m < 0"},        {'N', 'N', 4, -1, 4, 4, 4, 4, 4, "n < 0"},
      {'N', 'N', 4, 4, -1, 4, 4, 4, 5, "k < 0"},        {'N', 'N', 4, 4, 4, 3, 4, 4, 8, "lda < m"},
      {'T', 'N', 4, 4, 2, 1, 4, 4, 8, "lda < k (A^T)"}, {'N', 'N', 4, 4, 4, 4, 3, 4, 10, "ldb < k"},
      {'N', 'T', 4, 4, 2, 4, 3, 4, 10, "ldb < n (B^T)"}, {'N', 'N', 4, 4, 4, 4, 4, 3, 13, "ldc < m"},
      {'N', 'N', -1, 4, 4, 0, 4, 4, 3, "m < 0 reported before lda"},
      {'N', 'N', 0, 0, 0, 0, 0, 0, 8, "lda = 0 < max(1, m)"},
  };
  for (const auto& c : cases)
    expect_error<T>(name, c.info, [&](T* A, T* B, T* C) {
      fortran_gemm<T>(c.ta, c.tb, c.m, c.n, c.k, T(1), A, c.lda, B, c.ldb, T(0), C, c.ldc);
    }, c.what);
}

TYPED_TEST(Blas, CblasErrorsGoToXerblaWithReferenceCblasNumbers) {
  using T = TypeParam;
  const char* name = sizeof(T) == 4 ? "cblas_sgemm" : "cblas_dgemm";
  struct Bad { int layout, ta, tb, m, n, k, lda, ldb, ldc, info; const char* what; };
  const int R = CblasRowMajor, Cm = CblasColMajor, N = CblasNoTrans, Tr = CblasTrans;
  const Bad cases[] = {
      {99, N, N, 4, 4, 4, 4, 4, 4, 1, "layout"},
      {Cm, 7, N, 4, 4, 4, 4, 4, 4, 2, "TransA"},
      {R, N, 7, 4, 4, 4, 4, 4, 4, 3, "TransB"},
      {Cm, N, N, -1, 4, 4, 4, 4, 4, 4, "col: M < 0"},
      {Cm, N, N, 4, -1, 4, 4, 4, 4, 5, "col: N < 0"},
      {Cm, N, N, 4, 4, -1, 4, 4, 4, 6, "col: K < 0"},
      {Cm, N, N, 4, 4, 4, 3, 4, 4, 9, "col: lda < M"},
      {Cm, N, N, 4, 4, 4, 4, 3, 4, 11, "col: ldb < K"},
      {Cm, N, N, 4, 4, 4, 4, 4, 3, 14, "col: ldc < M"},
      {R, N, N, -1, 4, 4, 4, 4, 4, 4, "row: M < 0"},
      {R, N, N, 4, -1, 4, 4, 4, 4, 5, "row: N < 0"},
      {R, N, N, -1, -1, 4, 4, 4, 4, 5, "row: M and N < 0: N first, as reference CBLAS"},
      {R, N, N, 4, 4, 2, 1, 4, 4, 9, "row: lda < K"},
      {R, Tr, N, 4, 4, 2, 3, 4, 4, 9, "row: lda < M (A^T)"},
      {R, N, N, 4, 3, 4, 4, 2, 3, 11, "row: ldb < N"},
      {R, N, N, 4, 4, 4, 4, 4, 3, 14, "row: ldc < N"},
  };
  for (const auto& c : cases)
    expect_error<T>(name, c.info, [&](T* A, T* B, T* C) {
      cblas<T>(c.layout, c.ta, c.tb, c.m, c.n, c.k, T(1), A, c.lda, B, c.ldb, T(0), C, c.ldc);
    }, c.what);
}

TYPED_TEST(Blas, OverlappingCIsReportedAsABadC) {
  using T = TypeParam;
  const long long t0 = kmm_blas_device_threshold();
  for (long long threshold : {t0, 0LL}) {  // the host path, and the GPU path on GPU builds
    ASSERT_EQ(kmm_blas_set_device_threshold(threshold), 0);
    expect_error<T>(sizeof(T) == 4 ? "SGEMM " : "DGEMM ", 12, [](T*, T* B, T* C) {
      fortran_gemm<T>('N', 'N', 4, 4, 4, T(1), C, 4, B, 4, T(0), C, 4);  // C is A
    }, "C == A");
    expect_error<T>(sizeof(T) == 4 ? "cblas_sgemm" : "cblas_dgemm", 13, [](T* A, T*, T* C) {
      cblas<T>(CblasRowMajor, CblasNoTrans, CblasNoTrans, 4, 4, 4, T(1), A, 4, C, 4, T(0), C, 4);  // C is B
    }, "C == B");
  }
  ASSERT_EQ(kmm_blas_set_device_threshold(t0), 0);
}

TYPED_TEST(Blas, QuickReturnsTouchNothing) {
  using T = TypeParam;
  const T nan = std::numeric_limits<T>::quiet_NaN();
  std::vector<T> C(16, nan), A(16, nan), B(16, nan);
  const long long calls0 = kmm_blas_calls();
  fortran_gemm<T>('N', 'N', 0, 4, 4, T(1), A.data(), 1, B.data(), 4, T(0), C.data(), 1);  // m == 0
  fortran_gemm<T>('N', 'N', 4, 4, 4, T(0), nullptr, 4, nullptr, 4, T(1), C.data(), 4);    // alpha == 0, beta == 1
  fortran_gemm<T>('N', 'N', 4, 4, 0, T(2), nullptr, 4, nullptr, 1, T(1), C.data(), 4);    // k == 0, beta == 1
  EXPECT_EQ(kmm_blas_calls(), calls0);
  for (T v : C) EXPECT_TRUE(std::isnan(v));
  // alpha == 0, beta == 0: C = 0, A and B (null here) not read
  fortran_gemm<T>('N', 'N', 4, 4, 4, T(0), nullptr, 4, nullptr, 4, T(0), C.data(), 4);
  for (T v : C) EXPECT_EQ(v, T(0));
}

TEST(BlasControls, DeviceThresholdDecidesWhereProductsRun) {
  const long long t0 = kmm_blas_device_threshold();
  EXPECT_EQ(kmm_blas_set_device_threshold(-5), -1);
  EXPECT_EQ(kmm_blas_device_threshold(), t0) << "a refused threshold leaves it unchanged";
  ASSERT_EQ(kmm_blas_set_device_threshold(0), 0);
  const long long dev0 = kmm_blas_device_calls(), calls0 = kmm_blas_calls();
  EXPECT_EQ(check<float>(false, false, true, 40, 30, 20, 1.0, 0.5, 5, false), "");  // every product on the GPU
  ASSERT_EQ(kmm_blas_set_device_threshold(1LL << 40), 0);
  EXPECT_EQ(check<double>(true, true, false, 40, 30, 20, 1.0, 0.5, 6, true), "");  // on the host
  ASSERT_EQ(kmm_blas_set_device_threshold(t0), 0);
  EXPECT_EQ(kmm_blas_calls(), calls0 + 2);
#if defined(KMM_TEST_CUDA)
  EXPECT_EQ(kmm_blas_device_calls(), dev0 + 1);
#else
  EXPECT_EQ(kmm_blas_device_calls(), dev0) << "a host build has no device to offload to";
#endif
}

TEST(BlasControls, EveryCallOpensARegionNamedAfterIt) {
  if (!std::getenv("KOKKOS_PROFILE_LIBRARY") && !std::getenv("KOKKOS_TOOLS_LIBS"))
    GTEST_SKIP() << "run through ctest, which loads region_tool as the Kokkos Tools library";
  float fa[4] = {1, 2, 3, 4}, fb[4] = {1, 0, 0, 1}, fc[4];
  double da[4] = {1, 2, 3, 4}, db[4] = {1, 0, 0, 1}, dc[4];
  fortran_gemm<float>('N', 'N', 2, 2, 2, 1.f, fa, 2, fb, 2, 0.f, fc, 2);
  fortran_gemm<double>('N', 'N', 2, 2, 2, 1.0, da, 2, db, 2, 0.0, dc, 2);
  cblas<float>(CblasRowMajor, CblasNoTrans, CblasNoTrans, 2, 2, 2, 1.f, fa, 2, fb, 2, 0.f, fc, 2);
  cblas<double>(CblasColMajor, CblasNoTrans, CblasNoTrans, 2, 2, 2, 1.0, da, 2, db, 2, 0.0, dc, 2);
  const std::string regions = kmm_test_tool_regions();
  for (const char* r : {"kmm_blas::sgemm_;kmm::gemm;", "kmm_blas::dgemm_;kmm::gemm;", "kmm_blas::cblas_sgemm;kmm::gemm;",
                        "kmm_blas::cblas_dgemm;kmm::gemm;"})
    EXPECT_NE(regions.find(r), std::string::npos) << r << " in " << regions;
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
#if defined(KMM_TEST_CUDA)
  int devices = 0;
  const cudaError_t err = cudaGetDeviceCount(&devices);
  if (err != cudaSuccess || devices == 0) {
    std::printf("SKIPPED: kmm_blas of a CUDA build starts Kokkos on the GPU and no CUDA device is visible "
                "(cudaGetDeviceCount: %s, %d devices); run it on a GPU machine (scripts/gpu-run.sh)\n",
                cudaGetErrorString(err), devices);
    return 77;
  }
#endif
  return RUN_ALL_TESTS();
}
