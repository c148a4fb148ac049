// kmm_blas' default XERBLA: reports a bad argument the way reference BLAS
// words it, then returns (the caller returns without touching C). Weak, and in
// an archive member of its own, so that a program's own XERBLA (Fortran
// `subroutine xerbla(srname, info)` or C `void xerbla_(const char*, const
// int*, size_t)`) replaces it, in the static and in the shared library.
#include <cstddef>
#include <cstdio>

extern "C" __attribute__((weak, visibility("default"))) void xerbla_(const char* name, const int* info,
                                                                     std::size_t name_len) {
  int len = static_cast<int>(name_len);
  while (len > 0 && name[len - 1] == ' ') --len;  // Fortran names are blank-padded
  std::fprintf(stderr, " ** On entry to %.*s parameter number %2d had an illegal value\n", len, name, *info);
}
