#pragma once
// Compiler-portability helpers for the register-blocked kernel (not backend
// switches: the same kernel source uses them on every backend).
#include <Kokkos_Core.hpp>
#include <cstdint>

// KMM_UNROLL_4: four iterations at a time, for loops whose full unrolling
// would let the compiler hoist one address per iteration out of every
// enclosing loop (registers the main loop then spills).
#if defined(__CUDACC__) || defined(__HIPCC__)
#define KMM_UNROLL _Pragma("unroll")
#define KMM_UNROLL_4 _Pragma("unroll 4")
#elif defined(__clang__)
#define KMM_UNROLL _Pragma("clang loop unroll(full)")
#define KMM_UNROLL_4 _Pragma("clang loop unroll_count(4)")
#else
#define KMM_UNROLL
#define KMM_UNROLL_4
#endif

namespace kmm {
namespace detail {

constexpr int min_int(int a, int b) { return a < b ? a : b; }
/// The largest power of two dividing bytes, at most 64: the alignment of a pack.
constexpr int pack_align(int bytes) { return (bytes & -bytes) < 64 ? (bytes & -bytes) : 64; }

/// V consecutive values read or written as one aligned access: on a GPU a
/// 16-byte Pack becomes one LDS.128; on a CPU a vector load.
template <class T, int V>
struct alignas(pack_align(int(sizeof(T)) * V)) Pack {
  T v[V];
};

/// Reads V consecutive values of team scratch. Up to 16 bytes (the widest
/// shared-memory access) as one aligned Pack; wider runs element by element,
/// left to the compiler's vectoriser. On a GPU the 16-byte case is issued as
/// ld.shared.v4.f32 / ld.shared.v2.f64 (LDS.128), two floats as
/// ld.shared.v2.f32 (LDS.64): Kokkos hands out scratch as a generic pointer,
/// and through it nvcc emits generic loads.
template <class T, int V>
KOKKOS_FORCEINLINE_FUNCTION void load_pack(const T* src, T* dst) {
  if constexpr (sizeof(T) == 4 && V == 2) {
#if defined(__CUDA_ARCH__)
    const unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(src));
    asm volatile("ld.shared.v2.f32 {%0, %1}, [%2];" : "=f"(dst[0]), "=f"(dst[1]) : "r"(addr));
    return;
#endif
  }
  if constexpr (sizeof(T) * V == 16) {
#if defined(__CUDA_ARCH__)
    const unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(src));
    if constexpr (sizeof(T) == 4) {
      asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];"
          : "=f"(dst[0]), "=f"(dst[1]), "=f"(dst[2]), "=f"(dst[3])
          : "r"(addr));
    } else {
      asm volatile("ld.shared.v2.f64 {%0, %1}, [%2];" : "=d"(dst[0]), "=d"(dst[1]) : "r"(addr));
    }
    return;
#endif
  }
  if constexpr (sizeof(T) * V <= 16) {
    const Pack<T, V> p = *reinterpret_cast<const Pack<T, V>*>(src);
    KMM_UNROLL
    for (int w = 0; w < V; ++w) dst[w] = p.v[w];
  } else {
    KMM_UNROLL
    for (int w = 0; w < V; ++w) dst[w] = src[w];
  }
}

/// Reads one value of team scratch (ld.shared on a GPU, see load_pack).
template <class T>
KOKKOS_FORCEINLINE_FUNCTION T load_scratch(const T* src) {
#if defined(__CUDA_ARCH__)
  const unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(src));
  T v;
  if constexpr (sizeof(T) == 4) asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "r"(addr));
  else asm volatile("ld.shared.f64 %0, [%1];" : "=d"(v) : "r"(addr));
  return v;
#else
  return *src;
#endif
}

/// A team-scratch address for loads at constant offsets: load<E>() reads
/// the element E past it. On a GPU the 32-bit shared-memory address, and
/// each load one ld.shared with E as its immediate offset (a generic
/// pointer costs a 64-bit add and a conversion per load); elsewhere the
/// pointer. Only a local of device code: its representation differs
/// between the host and device compilations.
template <class T>
struct ScratchAddress {
  ScratchAddress() = default;
#if defined(__CUDA_ARCH__)
  unsigned a;
  KOKKOS_FORCEINLINE_FUNCTION explicit ScratchAddress(const T* p) : a(static_cast<unsigned>(__cvta_generic_to_shared(p))) {}
#else
  const T* a;
  KOKKOS_FORCEINLINE_FUNCTION explicit ScratchAddress(const T* p) : a(p) {}
#endif
  /// e elements further on (e >= 0)
  KOKKOS_FORCEINLINE_FUNCTION ScratchAddress operator+(int e) const {
    ScratchAddress r = *this;
#if defined(__CUDA_ARCH__)
    r.a += static_cast<unsigned>(e) * unsigned(sizeof(T));
#else
    r.a += e;
#endif
    return r;
  }
  template <int E>
  KOKKOS_FORCEINLINE_FUNCTION T load() const {
#if defined(__CUDA_ARCH__)
    T v;
    if constexpr (sizeof(T) == 4) asm volatile("ld.shared.f32 %0, [%1+%2];" : "=f"(v) : "r"(a), "n"(E * 4));
    else asm volatile("ld.shared.f64 %0, [%1+%2];" : "=d"(v) : "r"(a), "n"(E * 8));
    return v;
#else
    return a[E];
#endif
  }
};

/// x, as a value the compiler cannot compute ahead of this point (a
/// volatile move on a GPU): what is derived from it stays where it is used,
/// not hoisted out of the loops around it into registers the main loop
/// needs (the write-back through the stages: kernels/gpu_epilogue.hpp).
KOKKOS_FORCEINLINE_FUNCTION int opaque(int x) {
#if defined(__CUDA_ARCH__)
  asm volatile("mov.b32 %0, %0;" : "+r"(x));
#endif
  return x;
}
KOKKOS_FORCEINLINE_FUNCTION std::int64_t opaque(std::int64_t x) {
#if defined(__CUDA_ARCH__)
  asm volatile("mov.b64 %0, %0;" : "+l"(x));
#endif
  return x;
}

/// Writes one value to team scratch (st.shared on a GPU, see load_pack).
template <class T>
KOKKOS_FORCEINLINE_FUNCTION void store_scratch(T* dst, T value) {
#if defined(__CUDA_ARCH__)
  const unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(dst));
  if constexpr (sizeof(T) == 4) {
    asm volatile("st.shared.f32 [%0], %1;" ::"r"(addr), "f"(value) : "memory");
  } else {
    asm volatile("st.shared.f64 [%0], %1;" ::"r"(addr), "d"(value) : "memory");
  }
#else
  *dst = value;
#endif
}

/// Writes V consecutive values to team scratch as one aligned access
/// (st.shared.v4.f32 / st.shared.v2.f64 on a GPU, see load_pack).
template <class T, int V>
KOKKOS_FORCEINLINE_FUNCTION void store_pack(T* dst, const T* src) {
  if constexpr (sizeof(T) * V == 16) {
#if defined(__CUDA_ARCH__)
    const unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    if constexpr (sizeof(T) == 4) {
      asm volatile("st.shared.v4.f32 [%0], {%1, %2, %3, %4};" ::"r"(addr), "f"(src[0]), "f"(src[1]), "f"(src[2]),
                   "f"(src[3])
                   : "memory");
    } else {
      asm volatile("st.shared.v2.f64 [%0], {%1, %2};" ::"r"(addr), "d"(src[0]), "d"(src[1]) : "memory");
    }
    return;
#endif
  }
  if constexpr (sizeof(T) * V <= 16) {
    Pack<T, V> p;
    KMM_UNROLL
    for (int w = 0; w < V; ++w) p.v[w] = src[w];
    *reinterpret_cast<Pack<T, V>*>(dst) = p;
  } else {
    KMM_UNROLL
    for (int w = 0; w < V; ++w) dst[w] = src[w];
  }
}

/// Reads (writes) V consecutive values of global memory as one aligned Pack:
/// a 16-byte Pack is one LDG.128 (STG.128) on a GPU. The caller guarantees
/// the alignment (checked on the host, see kernels::Blocked).
template <class T, int V>
KOKKOS_FORCEINLINE_FUNCTION void load_global_pack(const T* src, T* dst) {
  const Pack<T, V> p = *reinterpret_cast<const Pack<T, V>*>(src);
  KMM_UNROLL
  for (int w = 0; w < V; ++w) dst[w] = p.v[w];
}
template <class T, int V>
KOKKOS_FORCEINLINE_FUNCTION void store_global_pack(T* dst, const T* src) {
  Pack<T, V> p;
  KMM_UNROLL
  for (int w = 0; w < V; ++w) p.v[w] = src[w];
  *reinterpret_cast<Pack<T, V>*>(dst) = p;
}

/// p = alpha v + beta p for V consecutive elements of C as one pack, reading
/// p only where beta != 0 (as update_c, detail/access.hpp).
template <class T, int V>
KOKKOS_FORCEINLINE_FUNCTION void update_c_pack(T* p, T (&v)[V], T alpha, T beta) {
  if (beta == T(0)) {
    KMM_UNROLL
    for (int w = 0; w < V; ++w) v[w] = alpha * v[w];
  } else {
    T c[V];
    load_global_pack<T, V>(p, c);
    KMM_UNROLL
    for (int w = 0; w < V; ++w) v[w] = alpha * v[w] + beta * c[w];
  }
  store_global_pack<T, V>(p, v);
}

/// The asynchronous copies below (cp.async, sm_80 and newer) of floats ask
/// L2 to fetch the 256 bytes around each copy (.L2::256B): an fp32 row's
/// 16-deep k-step reads 64 bytes of each line of an operand whose unit
/// stride runs along k, so four k-steps' bytes of that line (this one's and
/// three more) come in the same DRAM visit. fp64 copies carry no prefetch
/// size: their k-contiguous rows read 64-128 bytes a step and ran no faster
/// with 128 or 256 (perf-log: "L2 prefetch sizes on the asynchronous
/// copies"; fp32 16000 x 64 x 3000 opA = T 1.19 as fast on the H200).
/// Copies one 16-byte pack (or 8-byte: two floats, a row's VN = 2) from
/// global memory to team scratch without staging it in registers: cp.async
/// (8 bytes through L1, .cg takes 16 only), complete once this thread calls
/// wait_async_copies(); elsewhere an ordinary load and store.
template <class T, int V>
KOKKOS_FORCEINLINE_FUNCTION void copy_pack_async(T* dst, const T* src) {
  static_assert(sizeof(T) * V == 16 || sizeof(T) * V == 8, "asynchronous copies move 16- or 8-byte packs");
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(dst));
  if constexpr (sizeof(T) == 4 && V == 4)
    asm volatile("cp.async.cg.shared.global.L2::256B [%0], [%1], 16;" ::"r"(addr), "l"(src) : "memory");
  else if constexpr (sizeof(T) == 4)
    asm volatile("cp.async.ca.shared.global.L2::256B [%0], [%1], 8;" ::"r"(addr), "l"(src) : "memory");
  else if constexpr (sizeof(T) * V == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(addr), "l"(src) : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" ::"r"(addr), "l"(src) : "memory");
#else
  T v[V];
  load_global_pack<T, V>(src, v);
  store_pack<T, V>(dst, v);
#endif
}
/// copy_pack_async of the first `bytes` bytes of the pack (0 to its size,
/// whole elements), the rest of it written as zeros (cp.async's source
/// size): reads nothing past them, so src may be any readable address when
/// bytes is 0.
template <class T, int V>
KOKKOS_FORCEINLINE_FUNCTION void copy_pack_async_or_zero(T* dst, const T* src, int bytes) {
  static_assert(sizeof(T) * V == 16 || sizeof(T) * V == 8, "asynchronous copies move 16- or 8-byte packs");
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(dst));
  if constexpr (sizeof(T) == 4 && V == 4)
    asm volatile("cp.async.cg.shared.global.L2::256B [%0], [%1], 16, %2;" ::"r"(addr), "l"(src), "r"(bytes) : "memory");
  else if constexpr (sizeof(T) == 4)
    asm volatile("cp.async.ca.shared.global.L2::256B [%0], [%1], 8, %2;" ::"r"(addr), "l"(src), "r"(bytes) : "memory");
  else if constexpr (sizeof(T) * V == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(addr), "l"(src), "r"(bytes) : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;" ::"r"(addr), "l"(src), "r"(bytes) : "memory");
#else
  T v[V];
  KMM_UNROLL
  for (int w = 0; w < V; ++w) v[w] = w * int(sizeof(T)) < bytes ? src[w] : T(0);
  store_pack<T, V>(dst, v);
#endif
}
/// One element global -> team scratch without staging it in registers:
/// cp.async of 4 or 8 bytes (sm_80 and newer, through L1: .cg takes 16
/// bytes only); elsewhere an ordinary copy. Complete as copy_pack_async.
template <class T>
KOKKOS_FORCEINLINE_FUNCTION void copy_element_async(T* dst, const T* src) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "asynchronous element copies move 4 or 8 bytes");
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(dst));
  if constexpr (sizeof(T) == 4)
    asm volatile("cp.async.ca.shared.global.L2::256B [%0], [%1], 4;" ::"r"(addr), "l"(src) : "memory");
  else asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" ::"r"(addr), "l"(src) : "memory");
#else
  *dst = *src;
#endif
}
/// copy_element_async where `inside`, else a zero written to dst the same way.
/// src: the element's own address, in the operand or past its edge;
/// readable: any element of the operand. 4-byte elements by cp.async's
/// ignore-src operand: outside, src is ignored completely (PTX ISA
/// "cp.async"), so no other source is chosen per copy (fp32 edge blocks and
/// element k-steps 1.02-1.17 as fast on the H200: perf-log "Edge blocks and
/// element copies without address choices"). 8-byte elements by a source
/// size of 0 bytes, which reads nothing but takes a readable address, so
/// readable there (the ignore-src form ran fp64 1001^3 opA = T 0.93 as fast
/// and nothing faster).
template <class T>
KOKKOS_FORCEINLINE_FUNCTION void copy_element_async_or_zero(T* dst, const T* src, bool inside, const T* readable) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "asynchronous element copies move 4 or 8 bytes");
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(dst));
  if constexpr (sizeof(T) == 4) {
    (void)readable;
    asm volatile(
        "{ .reg .pred ignore; setp.eq.u32 ignore, %2, 0; cp.async.ca.shared.global.L2::256B [%0], [%1], 4, ignore; }" ::
            "r"(addr), "l"(src), "r"(inside ? 1u : 0u)
        : "memory");
  } else {
    const int bytes = inside ? int(sizeof(T)) : 0;
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;" ::"r"(addr), "l"(inside ? src : readable), "r"(bytes)
                 : "memory");
  }
#else
  (void)readable;
  *dst = inside ? *src : T(0);
#endif
}
/// Closes this thread's group of asynchronous copies issued since the last
/// commit (cp.async.commit_group), so wait_async_groups can count it.
KOKKOS_FORCEINLINE_FUNCTION void commit_async_copies() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.commit_group;" ::: "memory");
#endif
}
/// Waits until at most N of this thread's committed groups are still in
/// flight (cp.async.wait_group N); elsewhere the copies were synchronous.
template <int N>
KOKKOS_FORCEINLINE_FUNCTION void wait_async_groups() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
#endif
}
/// Waits for this thread's asynchronous copies (a team barrier then makes
/// them visible to the team).
KOKKOS_FORCEINLINE_FUNCTION void wait_async_copies() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_all;" ::: "memory");
#endif
}

/// The barrier of a team that is one whole CUDA block (the GPU Blocked
/// kernel's teams: team rank r is thread r of the block, Kokkos launches a
/// TeamPolicy's parallel_for with blockDim.z = 1): bar.sync alone. Kokkos'
/// team_barrier() first reads blockDim.z from constant memory and branches
/// on it (teams smaller than a warp share a block there), which in the fp64
/// large row's k-step loop was a dependent load, compare and branch before
/// every barrier, 5 % of the stall samples (perf-log: "The k-step head").
/// Other backends: the team's own barrier.
template <class Member>
KOKKOS_FORCEINLINE_FUNCTION void block_barrier(const Member& team) {
#if defined(__CUDA_ARCH__)
  (void)team;
  __syncthreads();
#else
  team.team_barrier();
#endif
}

/// Rounds p up to a multiple of Align bytes.
template <int Align, class T>
KOKKOS_FORCEINLINE_FUNCTION T* align_up(T* p) {
  const std::uintptr_t a = reinterpret_cast<std::uintptr_t>(p);
  return reinterpret_cast<T*>((a + Align - 1) & ~std::uintptr_t(Align - 1));
}

}  // namespace detail
}  // namespace kmm
