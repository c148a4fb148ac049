#pragma once
// The host side of Algorithm::Blocked: BLIS' loops and per-CPU micro-kernels,
// compiled into libkmm (src/host/) rather than into the caller's translation
// units, so their speed does not depend on the flags an application compiles
// with. The micro-kernel is picked at run time from what the CPU supports
// (as OpenBLAS and BLIS do): "avx512", "avx2" (AVX2 + FMA) or "generic"
// (16-byte vectors, any CPU).
//
//   kmm::host_kernel()            the one in use, e.g. "avx2"
//   kmm::host_kernels()           those this CPU can run, best first
//   kmm::set_host_kernel("avx2")  use another one (std::invalid_argument if
//                                 the name is unknown or this CPU lacks it)
//   KMM_HOST_KERNEL=generic       the same, read once at the first call
//
// This header needs no Kokkos; kmm/kernels/host_blocked.hpp launches the
// frame below on a Kokkos host execution space.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace kmm {

/// The host micro-kernel Algorithm::Blocked uses now.
std::string host_kernel();
/// The host micro-kernels this CPU can run, best first.
std::vector<std::string> host_kernels();
/// Makes `name` (one of host_kernels()) the host micro-kernel of every later
/// call in this process. Not to be called while a host gemm runs.
void set_host_kernel(const std::string& name);

namespace detail {

/// One product C = alpha op(A) op(B) + beta C on host memory, the ops folded
/// into the strides: op(A)(i, p) = a[i * a_si + p * a_sp], op(B)(p, j) =
/// b[p * b_sp + j * b_sj], C(i, j) = c[i * c_si + j * c_sj]. Assumes m, n,
/// k > 0 and alpha != 0 (the entry points handle the rest: C = beta C).
template <class T>
struct HostProduct {
  std::int64_t m, n, k;
  T alpha, beta;
  const T* a;
  std::int64_t a_si, a_sp;
  const T* b;
  std::int64_t b_sp, b_sj;
  T* c;
  std::int64_t c_si, c_sj;
};

/// How host_plan() divides C among threads: blocks of at most bm x bn
/// (whole micro-tiles), numbered down the columns of blocks; `kernel` is the
/// micro-kernel the plan was made for; each thread needs scratch_bytes.
struct HostPlan {
  int kernel;
  std::int64_t bm, bn, blocks_m, blocks_n, blocks;
  std::size_t scratch_bytes;
};

/// The blocking of one micro-kernel (BLIS' names): an MR x NR micro-tile,
/// KC-deep k-steps, blocks of at most MC x NC of C per thread.
struct HostBlocking {
  int mr, nr, kc, mc, nc;
};

HostPlan host_plan(const HostProduct<float>& p, int threads);
HostPlan host_plan(const HostProduct<double>& p, int threads);
/// Computes blocks [b0, b1) of the plan; scratch: scratch_bytes, any alignment.
void host_blocks(const HostProduct<float>& p, const HostPlan& plan, std::int64_t b0, std::int64_t b1, void* scratch);
void host_blocks(const HostProduct<double>& p, const HostPlan& plan, std::int64_t b0, std::int64_t b1, void* scratch);

/// The micro-kernel `name` alone (tests): c[j * mr + i] = sum over q < kc of
/// a[q * mr + i] * b[q * nr + j], a and b packed micro-panels.
HostBlocking host_blocking(const std::string& name, bool double_precision);
void host_micro_kernel(const std::string& name, int kc, const float* a, const float* b, float* c);
void host_micro_kernel(const std::string& name, int kc, const double* a, const double* b, double* c);

}  // namespace detail
}  // namespace kmm
