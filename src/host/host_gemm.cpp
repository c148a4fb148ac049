// The host micro-kernels of Algorithm::Blocked and the table that picks one
// per CPU at run time. Each micro-kernel is one loop body (ukr_body) compiled
// for one instruction set through a function target attribute, so libkmm
// needs no -march and runs on any x86-64 (or, with the generic kernel alone,
// any CPU GCC or Clang targets), and the frame around it (frame.hpp: packing,
// the update of C) is compiled once per kernel with kmm's own flags.
//
// The blocking of each kernel (docs/perf-log.md has the measurements):
// - avx512: 32 zmm registers; fp32 32 x 12 and fp64 16 x 12 micro-tiles keep
//   24 accumulators, 2 A vectors and a broadcast in registers.
// - avx2 (AVX2 + FMA): 16 ymm; fp32 16 x 6, fp64 8 x 6: 12 accumulators.
// - generic: 16-byte vectors (SSE2 on x86-64, NEON-sized elsewhere), no FMA
//   assumed; fp32 8 x 6, fp64 4 x 6.
// KC x NR of B (a micro-panel) stays in L1, MC x KC of A in L2.
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <string>

#include "frame.hpp"
#include "kmm/host_kernel.hpp"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define KMM_HOST_X86 1
#endif

namespace kmm {
namespace detail {
namespace {

// c[j * MR + i] = sum over q < kc of a[q * MR + i] * b[q * NR + j]: NR x MR/W
// vector accumulators, one A micro-panel row (MR values) loaded per q and
// multiplied by each of NR broadcast values of B. Inlined into each
// target-specific wrapper below, where it is compiled for that instruction
// set (acc += a * b contracts to FMA where the target has it).
template <class T, int VB, int MR, int NR>
__attribute__((always_inline)) inline void ukr_body(int kc, const T* __restrict a, const T* __restrict b,
                                                    T* __restrict c) {
  constexpr int W = VB / int(sizeof(T)), NV = MR / W;
  static_assert(MR % W == 0, "MR must be a multiple of the vector width");
  typedef T vec __attribute__((vector_size(VB)));
  const vec zero = {};
  vec acc[NR][NV];
  for (int j = 0; j < NR; ++j)
    for (int v = 0; v < NV; ++v) acc[j][v] = zero;
  for (int q = 0; q < kc; ++q) {
    vec av[NV];
    for (int v = 0; v < NV; ++v) std::memcpy(&av[v], a + q * MR + v * W, sizeof(vec));
    __builtin_prefetch(a + (q + 8) * MR);
    for (int j = 0; j < NR; ++j) {
      const T bj = b[q * NR + j];
      for (int v = 0; v < NV; ++v) acc[j][v] += av[v] * bj;
    }
  }
  for (int j = 0; j < NR; ++j)
    for (int v = 0; v < NV; ++v) std::memcpy(c + j * MR + v * W, &acc[j][v], sizeof(vec));
}

// One micro-kernel: its blocking and its run(), as HostFrame<K> needs them.
#define KMM_HOST_KERNEL(NAME, TYPE, TARGET, VB, MR_, NR_, KC_, MC_, NC_)                          \
  struct NAME {                                                                                  \
    using T = TYPE;                                                                              \
    static constexpr int MR = MR_, NR = NR_, KC = KC_, MC = MC_, NC = NC_;                        \
    TARGET static void run(int kc, const T* a, const T* b, T* c) { ukr_body<T, VB, MR, NR>(kc, a, b, c); } \
  };

#define KMM_NO_TARGET
//              name            type    target                                     VB  MR  NR  KC   MC   NC
KMM_HOST_KERNEL(GenericFloat,   float,  KMM_NO_TARGET,                             16,  8,  6, 256, 128, 1536)
KMM_HOST_KERNEL(GenericDouble,  double, KMM_NO_TARGET,                             16,  4,  6, 256,  96,  768)
#if defined(KMM_HOST_X86)
KMM_HOST_KERNEL(Avx2Float,      float,  __attribute__((target("avx2,fma"))),       32, 16,  6, 256, 256, 1536)
KMM_HOST_KERNEL(Avx2Double,     double, __attribute__((target("avx2,fma"))),       32,  8,  6, 256, 128,  768)
KMM_HOST_KERNEL(Avx512Float,    float,  __attribute__((target("avx512f,fma"))),    64, 32, 12, 256, 256, 1536)
KMM_HOST_KERNEL(Avx512Double,   double, __attribute__((target("avx512f,fma"))),    64, 16, 12, 256, 128,  768)
#endif

bool always() { return true; }
#if defined(KMM_HOST_X86)
bool has_avx2() { return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"); }
bool has_avx512() { return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("fma"); }
#endif

template <class T>
struct Entry {
  HostBlocking blocking;
  HostPlan (*plan)(const HostProduct<T>&, int, int);
  void (*blocks)(const HostProduct<T>&, const HostPlan&, std::int64_t, std::int64_t, void*);
  void (*ukr)(int, const T*, const T*, T*);
};
template <class K>
Entry<typename K::T> entry() {
  using F = HostFrame<K>;
  return {{K::MR, K::NR, K::KC, K::MC, K::NC}, &F::plan, &F::blocks, &K::run};
}

struct Kernel {
  const char* name;
  bool (*supported)();
  Entry<float> f;
  Entry<double> d;
};

// Best first: the first one the CPU supports is the default.
const Kernel kKernels[] = {
#if defined(KMM_HOST_X86)
    {"avx512", &has_avx512, entry<Avx512Float>(), entry<Avx512Double>()},
    {"avx2", &has_avx2, entry<Avx2Float>(), entry<Avx2Double>()},
#endif
    {"generic", &always, entry<GenericFloat>(), entry<GenericDouble>()},
};
constexpr int kCount = int(sizeof(kKernels) / sizeof(kKernels[0]));

int find(const std::string& name) {
  for (int i = 0; i < kCount; ++i)
    if (name == kKernels[i].name) return i;
  return -1;
}

std::string names(bool only_supported) {
  std::string s;
  for (const Kernel& k : kKernels)
    if (!only_supported || k.supported()) s += (s.empty() ? "" : ", ") + std::string(k.name);
  return s;
}

int checked(const std::string& name, const char* what) {
  const int i = find(name);
  if (i < 0)
    throw std::invalid_argument(std::string(what) + ": unknown host kernel '" + name + "' (known: " + names(false) + ")");
  if (!kKernels[i].supported())
    throw std::invalid_argument(std::string(what) + ": this CPU cannot run host kernel '" + name +
                                "' (it can run: " + names(true) + ")");
  return i;
}

std::atomic<int> g_selected{-1};

int selected() {
  int i = g_selected.load(std::memory_order_acquire);
  if (i >= 0) return i;
  static std::once_flag once;
  std::call_once(once, [] {
    int pick = -1;
    if (const char* env = std::getenv("KMM_HOST_KERNEL"); env && *env) pick = checked(env, "KMM_HOST_KERNEL");
    for (int j = 0; pick < 0 && j < kCount; ++j)
      if (kKernels[j].supported()) pick = j;
    int expected = -1;
    g_selected.compare_exchange_strong(expected, pick, std::memory_order_acq_rel);
  });
  return g_selected.load(std::memory_order_acquire);
}

template <class T>
const Entry<T>& entry_of(int i) {
  if constexpr (std::is_same<T, float>::value) return kKernels[i].f;
  else return kKernels[i].d;
}

template <class T>
HostPlan plan_for(const HostProduct<T>& p, int threads) {
  const int i = selected();
  return entry_of<T>(i).plan(p, threads < 1 ? 1 : threads, i);
}

template <class T>
void blocks_for(const HostProduct<T>& p, const HostPlan& pl, std::int64_t b0, std::int64_t b1, void* scratch) {
  entry_of<T>(pl.kernel).blocks(p, pl, b0, b1, scratch);
}

template <class T>
void ukr_for(const std::string& name, int kc, const T* a, const T* b, T* c) {
  entry_of<T>(checked(name, "kmm::detail::host_micro_kernel")).ukr(kc, a, b, c);
}

}  // namespace

HostPlan host_plan(const HostProduct<float>& p, int threads) { return plan_for(p, threads); }
HostPlan host_plan(const HostProduct<double>& p, int threads) { return plan_for(p, threads); }
void host_blocks(const HostProduct<float>& p, const HostPlan& pl, std::int64_t b0, std::int64_t b1, void* s) {
  blocks_for(p, pl, b0, b1, s);
}
void host_blocks(const HostProduct<double>& p, const HostPlan& pl, std::int64_t b0, std::int64_t b1, void* s) {
  blocks_for(p, pl, b0, b1, s);
}
HostBlocking host_blocking(const std::string& name, bool double_precision) {
  const int i = find(name);
  if (i < 0) throw std::invalid_argument("kmm::detail::host_blocking: unknown host kernel '" + name + "'");
  return double_precision ? kKernels[i].d.blocking : kKernels[i].f.blocking;
}
void host_micro_kernel(const std::string& name, int kc, const float* a, const float* b, float* c) {
  ukr_for(name, kc, a, b, c);
}
void host_micro_kernel(const std::string& name, int kc, const double* a, const double* b, double* c) {
  ukr_for(name, kc, a, b, c);
}

}  // namespace detail

std::string host_kernel() { return detail::kKernels[detail::selected()].name; }

std::vector<std::string> host_kernels() {
  std::vector<std::string> v;
  for (const auto& k : detail::kKernels)
    if (k.supported()) v.push_back(k.name);
  return v;
}

void set_host_kernel(const std::string& name) {
  const int i = detail::checked(name, "kmm::set_host_kernel");
  detail::selected();  // (the environment is read first, so it cannot override this later)
  detail::g_selected.store(i, std::memory_order_release);
}

}  // namespace kmm
