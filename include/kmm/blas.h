/* kmm_blas: the reference BLAS and CBLAS gemm entry points on kmm.
 *
 * libkmm_blas (shared and static) exports
 *   sgemm_, dgemm_             Fortran BLAS (column-major, LP64 int arguments)
 *   cblas_sgemm, cblas_dgemm   CBLAS (row- and column-major), see kmm/cblas.h
 * so that C, C++ and Fortran programs link it ahead of their BLAS unchanged.
 * Invalid arguments go to xerbla_(name, &info, len) with the parameter number
 * reference BLAS (and reference CBLAS) report, and C is left untouched. A
 * default xerbla_ prints the reference message and returns; a program's own
 * XERBLA replaces it.
 *
 * Operands are host pointers. On a GPU build, products with m*n*k at or above
 * the device threshold are copied to the GPU, computed there and copied back;
 * smaller ones run on the host backend. Kokkos is initialised on the first
 * call unless the program already did, and then finalised at exit. Calls are
 * serialised (one at a time per process).
 *
 * This header declares kmm_blas' own controls. docs/embedding.md has more.
 */
#ifndef KMM_BLAS_H
#define KMM_BLAS_H

#ifdef __cplusplus
extern "C" {
#endif

/* Products with m*n*k >= threshold run on the GPU (GPU builds only). The
 * default, 2^21 (128^3), can also be set with the environment variable
 * KMM_BLAS_DEVICE_THRESHOLD before the first call. Returns 0, or -1 for a
 * negative mnk (refused; the threshold is unchanged). */
int kmm_blas_set_device_threshold(long long mnk);
long long kmm_blas_device_threshold(void);

/* Calls that reached kmm (all but quick returns and argument errors) so far,
 * and how many of them ran on the GPU. */
long long kmm_blas_calls(void);
long long kmm_blas_device_calls(void);

#ifdef __cplusplus
}
#endif

#endif /* KMM_BLAS_H */
