// kmm-bench: every kmm kernel against the vendor library (cuBLAS on CUDA
// builds, OpenBLAS on host builds) on the same data, in one run.
//
//   kmm-bench                      quick selection (a few minutes on 2 cores)
//   kmm-bench --kmm_set=full       the full sweep (GPU sizes up to 16384)
//   kmm-bench --kmm_set=tune       Blocked parameter candidates (bench/tuning.hpp)
//   kmm-bench --kmm_set=shapes     application shapes (HPL, skinny, Gram, transposes, uneven), vendor and Auto
//   kmm-bench --kmm_set=tune-shapes  the shapes set's NN products with the tune rows (GPU: with the table's split-k rule)
//   kmm-bench --kmm_splits=N       GPU tune rows split k N ways instead of by the table's rule
//   kmm-bench --kmm_shape=MxNxK[,opA=T][,opB=T]  (repeatable) these products, vendor and Auto
//                                  (with --kmm_set=tune-shapes: their NN ones, with the tune rows)
//   kmm-bench --kmm_batch=N[,batch=B]  (repeatable) batched_gemm on B products of N x N (B: 2^24 / N^2
//                                  elements per operand on a GPU, 2^20 on the CPU), every rung and the vendor
//   kmm-bench --kmm_reps=N         repetitions per case (median reported; 5)
//   kmm-bench --kmm_warmup=S       seconds of warm-up calls per benchmark (GPU 1.5, CPU 0)
//   plus any Google Benchmark flag: --benchmark_filter=..., --benchmark_out=x.json
//
// Timing: two warm-up calls (on a GPU, in the first repetition of each
// benchmark, calls for --kmm_warmup seconds, 1.5 by default), then per
// iteration a fence, a steady_clock read, the call, a fence and a second
// read (manual time). Inputs are random
// (Kokkos' XorShift pool), alpha = 1, beta = 0, all operands LayoutLeft (the
// vendors' column-major). Counters: GFLOP/s = 2mnk / time; vs_vendor = this
// row's GFLOP/s over the median GFLOP/s of the vendor row of the same case;
// GB/s = (|A| + |B| + |C|) bytes / time on memory-bound shapes. Before it
// is timed, each kmm row's C is compared with the vendor row's (see
// worst_mismatch); a row that differs is reported as an error, not a time.
// batched/ rows: batched_gemm on many n x n products (n = 4 to 64) against
// cuBLAS strided-batched, or on the CPU one OpenBLAS call per matrix.
#include <benchmark/benchmark.h>

#include <Kokkos_Core.hpp>
#include <Kokkos_Random.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "kmm/batched_gemm.hpp"
#include "kmm/gemm.hpp"
#include "tuning.hpp"
#include "vendor.hpp"

namespace kmm_bench {

using Exec = Kokkos::DefaultExecutionSpace;
using Mem = Exec::memory_space;
constexpr bool kOnGpu = !kmm::detail::is_host_space<Exec>();

struct Shape {
  std::string family;
  long m, n, k;
  bool ta, tb;
  bool memory_bound;
  std::string label() const {
    if (family == "square") return "square/n=" + std::to_string(m);
    std::string s = family + "/m=" + std::to_string(m) + ",n=" + std::to_string(n) + ",k=" + std::to_string(k);
    if (ta) s += ",opA=T";
    if (tb) s += ",opB=T";
    return s;
  }
};

// Tune0 + t is tune row t.
enum class Impl { Vendor, Naive, Tiled, Blocked, Auto, Tiled8, Tiled16, Tiled32, Strip16, Tune0 };
// Tune rows: on a GPU the Blocked parameter candidates of tuning.hpp; on a
// CPU each host micro-kernel this CPU runs (kmm::host_kernels()), Tune0 the default.
template <class T>
using TuneParams = std::conditional_t<std::is_same<T, float>::value, GpuFloat, GpuDouble>;
template <class T>
constexpr int kTuneRows = int(std::tuple_size<TuneParams<T>>::value);
inline int tune_index(Impl i) { return int(i) - int(Impl::Tune0); }
inline std::string host_tune_kernel(int i) {
  const auto k = kmm::host_kernels();
  return i < int(k.size()) ? k[i] : std::string();
}
const char* impl_name(Impl i) {
  switch (i) {
    case Impl::Vendor: return Vendor::name();
    case Impl::Naive: return "kmm:Naive";
    case Impl::Tiled: return "kmm:Tiled";
    case Impl::Auto: return "kmm:Auto";
    case Impl::Tiled8: return "kmm:Tiled8x8";
    case Impl::Tiled16: return "kmm:Tiled16x16";
    case Impl::Tiled32: return "kmm:Tiled32x32";
    case Impl::Strip16: return "kmm:Strip16x64";
    case Impl::Blocked: return "kmm:Blocked";
    default: return "?";
  }
}
template <class T, std::size_t... I>
std::string tune_label(int t, std::index_sequence<I...>) {
  std::string name;
  ((int(I) == t ? (void)(name = row_name<std::tuple_element_t<I, TuneParams<T>>>()) : (void)0), ...);
  return name;
}
template <class T>
std::string impl_label(Impl i) {
  if (i < Impl::Tune0) return impl_name(i);
  const int t = tune_index(i);
  if constexpr (!kOnGpu) return "kmm:Blocked[" + host_tune_kernel(t) + "]";
  else return tune_label<T>(t, std::make_index_sequence<kTuneRows<T>>{});
}

template <class T>
struct Operands {
  Kokkos::View<T**, Kokkos::LayoutLeft, Mem> A, B, C;
  Kokkos::View<T**, Kokkos::LayoutLeft, Mem> expected;  // the vendor's C (alpha = 1, beta = 0), once its row ran
};

// Largest |C - expected| over its bound 4 k eps (|expected| + 1), where
// expected is the vendor's product of the same operands (a NaN counts as
// infinite): above 1, the kmm row computed something else, and its timing
// means nothing. The tests check every kernel against a double-precision
// reference; this only keeps a fast but wrong row (a tune candidate above
// all) from being reported.
template <class T>
double worst_mismatch(const Kokkos::View<T**, Kokkos::LayoutLeft, Mem>& C,
                      const Kokkos::View<T**, Kokkos::LayoutLeft, Mem>& E, long k) {
  const double unit = 4.0 * double(k > 0 ? k : 1) * double(std::numeric_limits<T>::epsilon());
  double worst = 0;
  Kokkos::parallel_reduce(
      "kmm-bench::check", Kokkos::MDRangePolicy<Exec, Kokkos::Rank<2>>({0, 0}, {long(C.extent(0)), long(C.extent(1))}),
      KOKKOS_LAMBDA(long i, long j, double& w) {
        const double e = double(E(i, j)), x = double(C(i, j)) - e;
        const double d = x < 0 ? -x : x, bound = unit * ((e < 0 ? -e : e) + 1.0);
        const double r = d <= bound ? d / bound : 1e300;  // (a NaN fails d <= bound)
        if (r > w) w = r;
      },
      Kokkos::Max<double>(worst));
  return worst;
}

// One case's operands stay allocated while its rows run (vendor and kmm see
// the same data); the next case frees them.
template <class T>
struct OperandCache {
  static inline std::string key;
  static inline std::unique_ptr<Operands<T>> ops;
};

template <class T>
Operands<T>& operands(const Shape& s) {
  auto& key = OperandCache<T>::key;
  auto& ops = OperandCache<T>::ops;
  if (!ops || key != s.label()) {
    ops.reset();
    auto o = std::make_unique<Operands<T>>();
    o->A = decltype(o->A)("A", s.ta ? s.k : s.m, s.ta ? s.m : s.k);
    o->B = decltype(o->B)("B", s.tb ? s.n : s.k, s.tb ? s.k : s.n);
    o->C = decltype(o->C)("C", s.m, s.n);
    Kokkos::Random_XorShift64_Pool<Exec> pool(20261121);
    Kokkos::fill_random(o->A, pool, T(-1), T(1));
    Kokkos::fill_random(o->B, pool, T(-1), T(1));
    Kokkos::fill_random(o->C, pool, T(-1), T(1));
    Kokkos::fence();
    ops = std::move(o);
    key = s.label();
  }
  return *ops;
}

std::map<std::string, std::vector<double>> vendor_gflops;  // case -> GFLOP/s of each vendor repetition

// Seconds of calls before the first repetition of each benchmark is timed.
// A GPU under a power cap (700 W on the H100 / H200) reaches it only after a
// second or more of large products and then lowers its clock, so a short
// warm-up times a row at a clock the next row no longer gets (session 11,
// docs/perf-log.md: Auto at n = 4096, timed after Blocked with the same
// kernel, measured 8 % slower; both libraries timed for 5-6 s at the cap
// gave 0.91 where two warm-up calls gave 0.96). Warming every row by time
// puts the vendor and kmm in the same power state.
double warmup_seconds = kOnGpu ? 1.5 : 0.0;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t h = v.size() / 2;
  return v.size() % 2 ? v[h] : 0.5 * (v[h - 1] + v[h]);
}

// Times `call` (two warm-up calls, then fence, clock, call, fence, clock per
// iteration) and sets the counters; vendor rows record their GFLOP/s under
// `key` for the vs_vendor ratio of the kmm rows that follow.
void measure(benchmark::State& state, const std::function<void()>& call, double flops, double bytes,
             const std::string& key, bool is_vendor, int row) {
  call();  // warm-up: module load, first-touch, caches
  call();
  Kokkos::fence();
  static std::string warmed;  // the benchmark last warmed by time: its later repetitions follow at once
  const std::string id = key + "#" + std::to_string(row);
  if (warmup_seconds > 0 && id != warmed) {
    warmed = id;
    const auto t0 = std::chrono::steady_clock::now();
    while (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < warmup_seconds) {
      call();
      Kokkos::fence();
    }
  }
  double total = 0;
  for (auto _ : state) {
    Kokkos::fence();
    const auto t0 = std::chrono::steady_clock::now();
    call();
    Kokkos::fence();
    const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    state.SetIterationTime(dt);
    total += dt;
  }
  const double iters = double(state.iterations());
  const double gflops = flops * iters / total * 1e-9;
  state.counters["GFLOP/s"] = gflops;
  if (bytes > 0) state.counters["GB/s"] = bytes * iters / total * 1e-9;
  if (is_vendor) {
    vendor_gflops[key].push_back(gflops);
  } else if (!vendor_gflops[key].empty()) {
    state.counters["vs_vendor"] = gflops / median(vendor_gflops[key]);
  }
}

// GPU tune row t: the Blocked kernel with the t-th row of tuning.hpp, k
// split by the table's rule for that row (as Auto would split it), or
// forced_splits ways where --kmm_splits gave a count. The
// tune sets' products are NN, so only the NN kernels are compiled (all four
// op combinations of every row would double the CUDA build).
int forced_splits = 0;  // --kmm_splits (0: the table's rule)
template <class T, class O, std::size_t... I>
std::function<void()> tune_call(int t, const Exec& space, O& o, std::index_sequence<I...>) {
  std::function<void()> f;
  ((int(I) == t ? (void)(f = [&o, space] {
     using Row = std::tuple_element_t<I, TuneParams<T>>;
     const int splits = forced_splits > 0 ? forced_splits
                                          : Table::launch_splits<Row, T>(long(o.C.extent(0)), long(o.C.extent(1)),
                                                                         long(o.A.extent(1)),
                                                                         kmm::detail::multiprocessors(space));
     kmm::detail::run_gpu_blocked<Row, false, false>(space, T(1), o.A, o.B, T(0), o.C, splits);
   }) : (void)0), ...);
  return f;
}

template <class T>
void run(benchmark::State& state, const Shape& s, Impl impl) {
  auto& o = operands<T>(s);
  const kmm::Op opA = s.ta ? kmm::Op::T : kmm::Op::N, opB = s.tb ? kmm::Op::T : kmm::Op::N;
  const T alpha = 1, beta = 0;
  Exec space;
  std::function<void()> call;
  switch (impl) {
    case Impl::Vendor:
      call = [&] {
        Vendor::gemm(s.ta, s.tb, s.m, s.n, s.k, alpha, o.A.data(), long(o.A.stride(1)), o.B.data(),
                     long(o.B.stride(1)), beta, o.C.data(), long(o.C.stride(1)));
      };
      break;
    case Impl::Naive: call = [&] { kmm::gemm(space, opA, opB, alpha, o.A, o.B, beta, o.C, kmm::Algorithm::Naive); }; break;
    case Impl::Tiled: call = [&] { kmm::gemm(space, opA, opB, alpha, o.A, o.B, beta, o.C, kmm::Algorithm::Tiled); }; break;
    case Impl::Auto: call = [&] { kmm::gemm(space, opA, opB, alpha, o.A, o.B, beta, o.C); }; break;
    case Impl::Tiled8: call = [&] { kmm::gemm_tiled<kmm::Square8>(space, opA, opB, alpha, o.A, o.B, beta, o.C); }; break;
    case Impl::Tiled16: call = [&] { kmm::gemm_tiled<kmm::Square16>(space, opA, opB, alpha, o.A, o.B, beta, o.C); }; break;
    case Impl::Tiled32: call = [&] { kmm::gemm_tiled<kmm::Square32>(space, opA, opB, alpha, o.A, o.B, beta, o.C); }; break;
    case Impl::Strip16: call = [&] { kmm::gemm_tiled<kmm::Strip16>(space, opA, opB, alpha, o.A, o.B, beta, o.C); }; break;
    case Impl::Blocked: call = [&] { kmm::gemm(space, opA, opB, alpha, o.A, o.B, beta, o.C, kmm::Algorithm::Blocked); }; break;
    default:  // tune rows
      if constexpr (kOnGpu) {
        if (s.ta || s.tb) throw std::logic_error("kmm-bench: tune rows are compiled for NN products only");
        call = tune_call<T>(tune_index(impl), space, o, std::make_index_sequence<kTuneRows<T>>{});
      } else {
        const std::string kernel = host_tune_kernel(tune_index(impl));
        call = [&, kernel] {
          kmm::set_host_kernel(kernel);
          kmm::gemm(space, opA, opB, alpha, o.A, o.B, beta, o.C, kmm::Algorithm::Blocked);
        };
      }
      break;
  }
  const double bytes = s.memory_bound ? double(o.A.size() + o.B.size() + o.C.size()) * sizeof(T) : 0.0;
  // a CPU tune row switches the host micro-kernel when called: the rows
  // after it (Auto of the next case) must run the one this CPU had
  const std::string host_kernel_before = kOnGpu ? std::string() : kmm::host_kernel();
  if (impl != Impl::Vendor && o.expected.size() > 0) {  // (the vendor row filtered out: nothing to check against)
    call();
    Kokkos::fence();
    const double worst = worst_mismatch<T>(o.C, o.expected, s.k);
    if (!kOnGpu) kmm::set_host_kernel(host_kernel_before);
    if (!(worst <= 1.0)) {
      const std::string msg = "C differs from the vendor's product by " + std::to_string(worst) + " times the bound";
      state.SkipWithError(msg.c_str());
      return;
    }
  }
  measure(state, call, 2.0 * s.m * s.n * s.k, bytes, std::string(sizeof(T) == 4 ? "s" : "d") + s.label(),
          impl == Impl::Vendor, int(impl));
  if (!kOnGpu) kmm::set_host_kernel(host_kernel_before);  // (a tune row switched it)
  if (impl == Impl::Vendor) {  // beta = 0: every call leaves C = A B
    if (o.expected.size() == 0) o.expected = decltype(o.expected)("expected", s.m, s.n);
    Kokkos::deep_copy(o.expected, o.C);
  }
}

enum class Set { Quick, Full, Tune, Shapes, TuneShapes };

// --kmm_set=shapes: products applications call (HPL's trailing update,
// DeepBench-style skinny layers, block-Krylov Gram products, tall-skinny QR
// panels, transposed operands, sizes off the tile grid), vendor and Auto.
std::vector<Shape> application_shapes() {
  std::vector<Shape> v;
  const auto add = [&](const char* family, long m, long n, long k, bool ta = false, bool tb = false) {
    v.push_back({family, m, n, k, ta, tb, false});
  };
  if (kOnGpu) {
    for (long n : {1024L, 2048L, 4096L, 8192L}) v.push_back({"square", n, n, n, false, false, false});
    add("ops", 4096, 4096, 4096, true, false);
    add("ops", 4096, 4096, 4096, false, true);
    add("ops", 4096, 4096, 4096, true, true);
    for (long n : {1000L, 3000L, 5000L}) add("uneven", n, n, n);
    add("uneven", 1234, 4321, 777);
    add("hpl", 12288, 12288, 256);
    add("hpl", 20000, 20000, 384);
    add("smalldim", 35, 700, 2048);
    add("longk", 7680, 64, 2560);
    add("tallskinny", 200000, 96, 96);
    add("tallskinny", 4500, 50, 50);
    add("gram", 64, 64, 500000, true, false);
  } else {
    for (long n : {512L, 1024L, 2048L}) v.push_back({"square", n, n, n, false, false, false});
    add("ops", 1024, 1024, 1024, true, false);
    add("ops", 1024, 1024, 1024, false, true);
    add("ops", 1024, 1024, 1024, true, true);
    add("uneven", 1000, 1000, 1000);
    add("uneven", 1234, 2321, 777);
    add("hpl", 4096, 4096, 256);
    add("smalldim", 35, 700, 2048);
    add("longk", 2000, 64, 2000);
    add("tallskinny", 50000, 96, 96);
    add("tallskinny", 4500, 50, 50);
    add("gram", 64, 64, 100000, true, false);
  }
  return v;
}

// --kmm_shape=MxNxK[,opA=T][,opB=T] (repeatable): the shapes set is these
// products instead (shapes of a class that the set does not list).
std::vector<Shape> extra_shapes;
bool parse_shape(const char* arg) {
  long m = 0, n = 0, k = 0;
  int used = 0;
  if (std::sscanf(arg, "%ldx%ldx%ld%n", &m, &n, &k, &used) != 3 || m < 1 || n < 1 || k < 1) return false;
  const std::string rest(arg + used);
  extra_shapes.push_back({"custom", m, n, k, rest.find("opA=T") != std::string::npos,
                          rest.find("opB=T") != std::string::npos, false});
  return true;
}

struct BatchShape {
  long n, batch;
  std::string label() const { return "batched/n=" + std::to_string(n) + ",batch=" + std::to_string(batch); }
};
constexpr long kBatchElems = kOnGpu ? (1L << 24) : (1L << 20);  // per operand: 64 MB / 4 MB of fp32

// --kmm_batch=N[,batch=B] (repeatable): batched products of these sizes
// (with or without --kmm_shape, in place of the shapes set's batched rows).
std::vector<BatchShape> extra_batches;
bool parse_batch(const char* arg) {
  long n = 0, batch = 0;
  int used = 0;
  if (std::sscanf(arg, "%ld%n", &n, &used) != 1 || n < 1) return false;
  if (arg[used] == '\0') batch = std::max(1L, kBatchElems / (n * n));
  else if (std::sscanf(arg + used, ",batch=%ld", &batch) != 1 || batch < 1) return false;
  extra_batches.push_back({n, batch});
  return true;
}

std::vector<Shape> shapes(Set set) {
  std::vector<Shape> v;
  std::vector<long> sizes;
  const bool full = set == Set::Full;
  if (set == Set::Shapes && (!extra_shapes.empty() || !extra_batches.empty())) return extra_shapes;
  if (set == Set::Shapes) return application_shapes();
  if (set == Set::TuneShapes) {  // tune rows are compiled for NN products
    for (const Shape& s : extra_shapes.empty() ? application_shapes() : extra_shapes)
      if (!s.ta && !s.tb) v.push_back(s);
    return v;
  }
  if (set == Set::Tune) {
    sizes = {1024, 2048, 4096};
    if (kOnGpu) sizes.push_back(16384);  // where the fp32 target was missed, the board power-capped
    for (long n : sizes) v.push_back({"square", n, n, n, false, false, false});
    return v;
  }
  if (kOnGpu)
    sizes = full ? std::vector<long>{256, 512, 1024, 2048, 4096, 8192, 16384} : std::vector<long>{1024, 4096};
  else
    sizes = full ? std::vector<long>{16, 32, 128, 256, 512, 1024, 2048} : std::vector<long>{256, 1024, 2048};
  for (long n : sizes) v.push_back({"square", n, n, n, false, false, false});
  // shapes HPC codes run
  v.push_back({"tallskinny", 4500, 50, 50, false, false, true});    // block orthogonalisation
  v.push_back({"innerprod", 16, 16, 1L << 20, true, false, true});  // A^T B of long vectors
  v.push_back({"column", kOnGpu ? 8192 : 2048, 1, kOnGpu ? 8192 : 2048, false, false, true});  // one column of B
  v.push_back({"wide", 64, 65536, 64, false, false, true});
  // a size that is not a multiple of the GPU tiles: their edge path
  if (kOnGpu && full) v.push_back({"uneven", 4000, 4000, 4000, false, false, false});
  return v;
}

template <class T>
std::vector<Impl> impls(const Shape& s, Set set) {
  std::vector<Impl> v{Impl::Vendor};
  if (set == Set::Tune || set == Set::TuneShapes) {
    if (set == Set::TuneShapes) v.push_back(Impl::Auto);
    const int rows = kOnGpu ? kTuneRows<T> : int(kmm::host_kernels().size());
    for (int t = 0; t < rows; ++t) v.push_back(Impl(int(Impl::Tune0) + t));
    return v;
  }
  if (set == Set::Shapes) {
    v.push_back(Impl::Auto);
    return v;
  }
  const bool full = set == Set::Full;
  // the naive rung only where it finishes in reasonable time
  const long naive_max = kOnGpu ? 4096 : (full ? 1024 : 512);
  if (s.family != "square" || s.m <= naive_max) v.push_back(Impl::Naive);
  if (full || kOnGpu || s.m <= 1024) v.push_back(Impl::Tiled);
  v.push_back(Impl::Blocked);
  v.push_back(Impl::Auto);
  if (full && (s.family != "square" || s.m <= 8192))
    for (Impl i : {Impl::Tiled8, Impl::Tiled16, Impl::Tiled32, Impl::Strip16}) v.push_back(i);
  return v;
}

// ---- batched_gemm: many n x n products, LayoutRight (row-major) matrices ----
// The vendor computes the same products on the same data as column-major
// C^T = B^T A^T (cuBLAS strided-batched; OpenBLAS one call per matrix).

template <class T>
struct BatchOperands {
  std::string key;
  Kokkos::View<T***, Kokkos::LayoutRight, Mem> A, B, C;
};
template <class T>
std::unique_ptr<BatchOperands<T>>& batch_cache() {
  static std::unique_ptr<BatchOperands<T>> ops;
  return ops;
}

template <class T>
BatchOperands<T>& batch_operands(const BatchShape& s) {
  auto& ops = batch_cache<T>();
  if (!ops || ops->key != s.label()) {
    ops.reset();
    auto o = std::make_unique<BatchOperands<T>>();
    o->key = s.label();
    o->A = decltype(o->A)("A", s.batch, s.n, s.n);
    o->B = decltype(o->B)("B", s.batch, s.n, s.n);
    o->C = decltype(o->C)("C", s.batch, s.n, s.n);
    Kokkos::Random_XorShift64_Pool<Exec> pool(20261121);
    Kokkos::fill_random(o->A, pool, T(-1), T(1));
    Kokkos::fill_random(o->B, pool, T(-1), T(1));
    Kokkos::fence();
    ops = std::move(o);
  }
  return *ops;
}

template <class T>
void run_batched(benchmark::State& state, const BatchShape& s, Impl impl) {
  auto& o = batch_operands<T>(s);
  const T alpha = 1, beta = 0;
  const long n = s.n, nn = s.n * s.n;
  Exec space;
  std::function<void()> call;
  const kmm::Op N = kmm::Op::N;
  switch (impl) {
    case Impl::Vendor:
      call = [&] {
        Vendor::gemm_batched(n, n, n, alpha, o.B.data(), n, nn, o.A.data(), n, nn, beta, o.C.data(), n, nn, s.batch);
      };
      break;
    case Impl::Naive: call = [&] { kmm::batched_gemm(space, N, N, alpha, o.A, o.B, beta, o.C, kmm::Algorithm::Naive); }; break;
    case Impl::Tiled: call = [&] { kmm::batched_gemm(space, N, N, alpha, o.A, o.B, beta, o.C, kmm::Algorithm::Tiled); }; break;
    case Impl::Blocked:
      call = [&] { kmm::batched_gemm(space, N, N, alpha, o.A, o.B, beta, o.C, kmm::Algorithm::Blocked); };
      break;
    default: call = [&] { kmm::batched_gemm(space, N, N, alpha, o.A, o.B, beta, o.C); }; break;
  }
  measure(state, call, 2.0 * n * n * n * s.batch, 3.0 * nn * s.batch * sizeof(T),
          std::string(sizeof(T) == 4 ? "s" : "d") + s.label(), impl == Impl::Vendor, int(impl));
}

std::vector<BatchShape> batch_shapes(Set set) {
  if (set == Set::Tune || set == Set::TuneShapes) return {};
  if (!extra_batches.empty() || !extra_shapes.empty()) return extra_batches;
  std::vector<long> sizes = set == Set::Full     ? std::vector<long>{4, 8, 16, 32, 64}
                           : set == Set::Shapes ? std::vector<long>{16, 32, 64}
                                                : std::vector<long>{4, 16, 64};
  std::vector<BatchShape> v;
  for (long n : sizes) v.push_back({n, kBatchElems / (n * n)});
  return v;
}

template <class T>
void register_all(Set set) {
  const char* prefix = sizeof(T) == 4 ? "sgemm/" : "dgemm/";
  for (const Shape& s : shapes(set))
    for (Impl i : impls<T>(s, set)) {
      const std::string name = prefix + s.label() + "/" + impl_label<T>(i);
      benchmark::RegisterBenchmark(name.c_str(), [s, i](benchmark::State& st) { run<T>(st, s, i); })
          ->UseManualTime()
          ->Unit(benchmark::kMillisecond);
    }
  for (const BatchShape& s : batch_shapes(set))
    for (Impl i : {Impl::Vendor, Impl::Naive, Impl::Tiled, Impl::Blocked, Impl::Auto}) {
      const std::string name = prefix + s.label() + "/" + (i == Impl::Vendor ? Vendor::batched_name() : impl_name(i));
      benchmark::RegisterBenchmark(name.c_str(), [s, i](benchmark::State& st) { run_batched<T>(st, s, i); })
          ->UseManualTime()
          ->Unit(benchmark::kMillisecond);
    }
}

void release_operands() {  // before Kokkos::finalize
  OperandCache<float>::ops.reset();
  OperandCache<double>::ops.reset();
  batch_cache<float>().reset();
  batch_cache<double>().reset();
}

}  // namespace kmm_bench

int main(int argc, char** argv) {
  kmm_bench::Set set = kmm_bench::Set::Quick;
  int reps = 5;
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--kmm_set=full") == 0) set = kmm_bench::Set::Full;
    else if (std::strcmp(argv[i], "--kmm_set=tune") == 0) set = kmm_bench::Set::Tune;
    else if (std::strcmp(argv[i], "--kmm_set=quick") == 0) set = kmm_bench::Set::Quick;
    else if (std::strcmp(argv[i], "--kmm_set=shapes") == 0) set = kmm_bench::Set::Shapes;
    else if (std::strcmp(argv[i], "--kmm_set=tune-shapes") == 0) set = kmm_bench::Set::TuneShapes;
    else if (std::strncmp(argv[i], "--kmm_shape=", 12) == 0) {
      if (!kmm_bench::parse_shape(argv[i] + 12)) {
        std::fprintf(stderr, "kmm-bench: --kmm_shape wants MxNxK[,opA=T][,opB=T] with positive extents, got %s\n", argv[i] + 12);
        return 2;
      }
    } else if (std::strncmp(argv[i], "--kmm_batch=", 12) == 0) {
      if (!kmm_bench::parse_batch(argv[i] + 12)) {
        std::fprintf(stderr, "kmm-bench: --kmm_batch wants N[,batch=B] with positive N and B, got %s\n", argv[i] + 12);
        return 2;
      }
    } else if (std::strncmp(argv[i], "--kmm_reps=", 11) == 0) reps = std::max(1, std::atoi(argv[i] + 11));
    else if (std::strncmp(argv[i], "--kmm_warmup=", 13) == 0) kmm_bench::warmup_seconds = std::max(0.0, std::atof(argv[i] + 13));
    else if (std::strncmp(argv[i], "--kmm_splits=", 13) == 0) {
      kmm_bench::forced_splits = std::atoi(argv[i] + 13);
      if (kmm_bench::forced_splits < 1) {
        std::fprintf(stderr, "kmm-bench: --kmm_splits wants a count >= 1, got %s\n", argv[i] + 13);
        return 2;
      }
    }
    else args.push_back(argv[i]);
  }
  // --kmm_shape lists the products of the shapes set, or of tune-shapes
  if ((!kmm_bench::extra_shapes.empty() || !kmm_bench::extra_batches.empty()) && set != kmm_bench::Set::TuneShapes)
    set = kmm_bench::Set::Shapes;
  int nargs = int(args.size());
  Kokkos::initialize(nargs, args.data());
  {
    kmm_bench::Vendor::init();
    benchmark::AddCustomContext("kmm.set", set == kmm_bench::Set::Full     ? "full"
                                           : set == kmm_bench::Set::Tune   ? "tune"
                                           : set == kmm_bench::Set::Shapes ? "shapes"
                                           : set == kmm_bench::Set::TuneShapes ? "tune-shapes"
                                                                           : "quick");
    benchmark::AddCustomContext("kmm.backend", Kokkos::DefaultExecutionSpace::name());
    benchmark::AddCustomContext("kmm.kokkos_version", std::to_string(KOKKOS_VERSION));
    benchmark::AddCustomContext("kmm.vendor", kmm_bench::Vendor::notes());
    benchmark::AddCustomContext("kmm.device", kmm_bench::Vendor::device());
    benchmark::AddCustomContext("kmm.compiler", __VERSION__);
    if (kmm_bench::forced_splits > 0)
      benchmark::AddCustomContext("kmm.splits", "tune rows split k " + std::to_string(kmm_bench::forced_splits) + " ways");
    if (!kmm_bench::kOnGpu) benchmark::AddCustomContext("kmm.host_kernel", kmm::host_kernel());
    char warmup[32];
    std::snprintf(warmup, sizeof warmup, "%g", kmm_bench::warmup_seconds);
    benchmark::AddCustomContext("kmm.timing", std::string("manual: fence, steady_clock, call, fence; 2 warm-up calls, then ") +
                                                  warmup + " s of calls per benchmark; "
                                                  "median of repetitions; alpha=1 beta=0; LayoutLeft; random inputs");
    const char* bind = std::getenv("OMP_PROC_BIND");
    if (bind && std::strcmp(bind, "false") != 0)
      benchmark::AddCustomContext("kmm.warning", std::string("OMP_PROC_BIND=") + bind +
                                                     ": Kokkos pins the main thread and the vendor's threads "
                                                     "inherit that mask; run with OMP_PROC_BIND=false");
    kmm_bench::register_all<float>(set);
    kmm_bench::register_all<double>(set);
    // defaults unless given: repetitions with only their aggregates (median) reported
    std::string reps_flag = "--benchmark_repetitions=" + std::to_string(reps);
    std::string min_time_flag = kmm_bench::kOnGpu ? "--benchmark_min_time=0.05" : "--benchmark_min_time=0.1";
    std::string aggregates_flag = "--benchmark_report_aggregates_only=true";
    std::vector<char*> bargs(args.begin(), args.begin() + nargs);
    auto given = [&](const char* f) {
      for (char* a : bargs) if (std::strncmp(a, f, std::strlen(f)) == 0) return true;
      return false;
    };
    if (!given("--benchmark_repetitions")) bargs.push_back(reps_flag.data());
    if (!given("--benchmark_min_time")) bargs.push_back(min_time_flag.data());
    if (!given("--benchmark_report_aggregates_only")) bargs.push_back(aggregates_flag.data());
    nargs = int(bargs.size());
    bargs.push_back(nullptr);
    benchmark::Initialize(&nargs, bargs.data());
    if (benchmark::ReportUnrecognizedArguments(nargs, bargs.data())) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    kmm_bench::release_operands();
    kmm_bench::Vendor::finalize();
  }
  Kokkos::finalize();
  return 0;
}
