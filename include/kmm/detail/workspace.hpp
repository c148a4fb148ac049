#pragma once
// What the dispatcher asks of the device beyond Kokkos' portable interface,
// and the device workspace of split-k (kernels/split_k.hpp). Like mma.hpp
// and pack.hpp, the backend #ifs live here, not in kernels.
//
// - multiprocessors(space): the device's multiprocessor count, queried once
//   per device, so the table's rules scale with the GPU instead of assuming
//   one.
// - team_scratch_max(space), shared_memory_per_multiprocessor(space): what
//   Kokkos lets one team take in scratch level 0 (its TeamPolicy's
//   scratch_size_max(0): 40 KB in Kokkos 3.4 and 4.x on CUDA, up to the
//   device's opt-in limit where Kokkos opts kernels in, as kmm's patched 3.4
//   does) and what the device's multiprocessors hold, so the table takes rows
//   with deeper stages only where their blocks fit (TileTable::stages_fit).
// - with_workspace(space, bytes, f): f(pointer) with at least `bytes` of
//   device memory that no other kmm call uses while f's kernels run. The
//   buffer is kept between calls (allocating and freeing device memory on
//   every call costs more than a small product, and freeing synchronizes).
//   The next user's kernels are ordered after the last user's
//   (WorkspaceOrder: on CUDA the new stream waits for an event recorded on
//   the last one, without a host wait; elsewhere the last user is fenced).
//   The lock is held while f enqueues. The buffer is released at
//   Kokkos::finalize. Slots are separate buffers: split-k's partials are
//   slot 0, repacked operands (kernels/repack.hpp) slot 1, whose user runs
//   the product, and so may take slot 0, inside it (always in that order,
//   so two threads cannot wait on each other).
// - check_launches(space, routine): throws where the GPU runtime refused a
//   kernel the routine launched; Kokkos 3.4 and 4.x check launches only in
//   debug builds, so a refused launch otherwise leaves C unwritten and says
//   nothing.
#include <Kokkos_Core.hpp>
#include <cstddef>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace kmm {
namespace detail {

/// ask()'s answer for device id `dev`, kept in `cache` (one slot per id
/// below 64; 0: not asked yet) once it is positive, so it is asked once.
template <class V, class Ask>
V per_device(V (&cache)[64], int dev, const Ask& ask) {
  if (dev >= 0 && dev < 64 && cache[dev] > 0) return cache[dev];
  const V v = ask();
  if (dev >= 0 && dev < 64 && v > 0) cache[dev] = v;
  return v;
}

/// Multiprocessors (CUDA SMs) of the space's device; on other GPU backends
/// Kokkos' concurrency over 2048 threads per multiprocessor.
template <class ExecSpace>
int multiprocessors(const ExecSpace& space) {
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same<ExecSpace, Kokkos::Cuda>::value) {
    static int cached[64] = {};
    const int dev = space.cuda_device();
    return per_device(cached, dev, [dev] {
      int n = 0;
      return cudaDeviceGetAttribute(&n, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess || n < 1 ? 1 : n;
    });
  }
#endif
  const int c = space.concurrency() / 2048;
  return c < 1 ? 1 : c;
}

/// Throws std::runtime_error naming `routine` and the runtime's error where
/// the CUDA runtime holds a launch error after the routine's launches
/// (cudaGetLastError, which also clears it: the error may be one an earlier
/// launch of the caller's left pending, which the message allows for).
/// Host backends: nothing to check.
template <class ExecSpace>
void check_launches(const ExecSpace&, const char* routine) {
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same<ExecSpace, Kokkos::Cuda>::value) {
    const cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess)
      throw std::runtime_error(std::string(routine) + ": the CUDA runtime reports " + cudaGetErrorName(e) + " (" +
                               cudaGetErrorString(e) +
                               ") after its kernel launches (a launch it refused, or an error pending before the "
                               "call); C may not hold the result");
  }
#else
  (void)routine;
#endif
}

/// Bytes of scratch level 0 Kokkos lets a team of the space take, asked once
/// per device.
template <class ExecSpace>
std::size_t team_scratch_max(const ExecSpace& space) {
  static std::size_t cached[64] = {};
  int dev = 0;
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same<ExecSpace, Kokkos::Cuda>::value) dev = space.cuda_device();
#endif
  return per_device(cached, dev, [&space] {
    const int max = Kokkos::TeamPolicy<ExecSpace>(space, 1, 1).scratch_size_max(0);
    return max > 0 ? std::size_t(max) : std::size_t(1);
  });
}

/// Shared memory of one multiprocessor of the space's device (CUDA), asked
/// once per device; 0 where unknown (other backends: no row counts on it).
template <class ExecSpace>
std::size_t shared_memory_per_multiprocessor(const ExecSpace& space) {
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same<ExecSpace, Kokkos::Cuda>::value) {
    static std::size_t cached[64] = {};
    const int dev = space.cuda_device();
    return per_device(cached, dev, [dev] {
      int n = 0;
      return cudaDeviceGetAttribute(&n, cudaDevAttrMaxSharedMemoryPerMultiprocessor, dev) != cudaSuccess || n < 0
                 ? std::size_t(0)
                 : std::size_t(n);
    });
  }
#endif
  (void)space;
  return 0;
}

/// Orders kernels that use the workspace: `after(space)` once a user's
/// kernels are enqueued, `before(space)` before the next user's, `drain()`
/// before the buffer is freed, `release()` at finalize. On CUDA an event
/// recorded on the last user's stream, which the next user's stream waits
/// for (no host wait, and it stays valid if that stream is destroyed);
/// elsewhere a fence of the last user.
template <class ExecSpace>
struct WorkspaceOrder {
  std::unique_ptr<ExecSpace> last;
  void after(const ExecSpace& space) { last = std::make_unique<ExecSpace>(space); }
  void before(const ExecSpace&) { drain(); }
  void drain() {
    if (last) last->fence();
    last.reset();
  }
  void release() { drain(); }
};
#if defined(KOKKOS_ENABLE_CUDA)
template <>
struct WorkspaceOrder<Kokkos::Cuda> {
  cudaEvent_t event = nullptr;
  bool recorded = false;
  void after(const Kokkos::Cuda& space) {
    if (!event && cudaEventCreateWithFlags(&event, cudaEventDisableTiming) != cudaSuccess)
      Kokkos::abort("kmm: cudaEventCreateWithFlags failed for the split-k workspace");
    cudaEventRecord(event, space.cuda_stream());
    recorded = true;
  }
  void before(const Kokkos::Cuda& space) {
    if (recorded) cudaStreamWaitEvent(space.cuda_stream(), event, 0);
  }
  void drain() {
    if (recorded) cudaEventSynchronize(event);
    recorded = false;
  }
  void release() {
    drain();
    if (event) cudaEventDestroy(event);
    event = nullptr;
  }
};
#endif

template <class ExecSpace>
struct WorkspaceState {
  std::mutex lock;
  Kokkos::View<unsigned char*, typename ExecSpace::memory_space> buffer;
  WorkspaceOrder<ExecSpace> order;
  bool hooked = false;  // the finalize hook is registered
};

template <class ExecSpace, int Slot>
WorkspaceState<ExecSpace>& workspace_state() {
  static WorkspaceState<ExecSpace> state;
  return state;
}

enum WorkspaceSlot : int { PartialsSlot = 0, RepackSlot = 1 };

template <class ExecSpace, int Slot = PartialsSlot, class F>
void with_workspace(const ExecSpace& space, std::size_t bytes, F&& f) {
  auto& ws = workspace_state<ExecSpace, Slot>();
  std::lock_guard<std::mutex> guard(ws.lock);
  if (!ws.hooked) {
    Kokkos::push_finalize_hook([] {
      auto& s = workspace_state<ExecSpace, Slot>();
      std::lock_guard<std::mutex> g(s.lock);
      s.order.release();
      s.buffer = decltype(s.buffer)();
      s.hooked = false;
    });
    ws.hooked = true;
  }
  if (ws.buffer.extent(0) < bytes) {
    ws.order.drain();  // nothing may still use the old buffer when it is freed
    ws.buffer = decltype(ws.buffer)();
    ws.buffer = decltype(ws.buffer)(Kokkos::view_alloc(Kokkos::WithoutInitializing, "kmm::workspace"), bytes);
  }
  ws.order.before(space);
  f(ws.buffer.data());
  ws.order.after(space);
}

}  // namespace detail
}  // namespace kmm
