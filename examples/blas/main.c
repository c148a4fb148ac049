/* A C program written for any BLAS: cblas_dgemm through cblas.h and the
 * Fortran symbol sgemm_ declared by hand, as legacy codes do. Linked against
 * kmm_blas it runs on kmm; kmm_blas_calls() shows that it did.
 *   cc main.c -I<prefix>/include -L<prefix>/lib -lkmm_blas */
#include <kmm/blas.h>
#include <kmm/cblas.h> /* or the system's cblas.h: same names and values */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void sgemm_(const char* transa, const char* transb, const int* m, const int* n, const int* k, const float* alpha,
            const float* a, const int* lda, const float* b, const int* ldb, const float* beta, float* c,
            const int* ldc);

int main(void) {
  enum { M = 300, N = 200, K = 100 };
  static double A[M * K], B[K * N], C[M * N];
  static float As[M * K], Bs[N * K], Cs[M * N];
  srand(1);
  for (int i = 0; i < M * K; ++i) As[i] = (float)(A[i] = rand() / (double)RAND_MAX - 0.5);
  for (int i = 0; i < K * N; ++i) Bs[i] = (float)(B[i] = rand() / (double)RAND_MAX - 0.5);

  /* row-major C = A B with CBLAS */
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, 1.0, A, K, B, N, 0.0, C, N);
  /* column-major Cs = As Bs^T with Fortran sgemm_: As is M x K (lda M), Bs is N x K (ldb N) */
  const int m = M, n = N, k = K;
  const float one = 1.0f, zero = 0.0f;
  sgemm_("N", "T", &m, &n, &k, &one, As, &m, Bs, &n, &zero, Cs, &m);

  double err_d = 0, err_s = 0;
  for (int i = 0; i < M; i += 7)
    for (int j = 0; j < N; ++j) {
      double ref = 0, ref_s = 0;
      for (int p = 0; p < K; ++p) {
        ref += A[i * K + p] * B[p * N + j];
        ref_s += (double)As[i + p * M] * (double)Bs[j + p * N];
      }
      err_d = fmax(err_d, fabs(C[i * N + j] - ref));
      err_s = fmax(err_s, fabs(Cs[i + j * M] - ref_s));
    }
  const int ok = err_d < 1e-12 && err_s < 1e-4 && kmm_blas_calls() == 2;
  printf("blas_c: cblas_dgemm max err %.2g, sgemm_ max err %.2g, %lld calls handled by kmm_blas "
         "(%lld on a GPU): %s\n",
         err_d, err_s, kmm_blas_calls(), kmm_blas_device_calls(), ok ? "OK" : "WRONG");
  return ok ? 0 : 1;
}
