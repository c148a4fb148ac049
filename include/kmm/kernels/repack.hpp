#pragma once
// Operand repacking for the GPU Blocked kernel. An operand whose 16-byte
// packs are not aligned (a leading dimension that is not a multiple of 16
// bytes, as every odd fp64 or non-multiple-of-4 fp32 leading dimension, or
// data off a 16-byte boundary) stages element by element. Where the table
// says so (TileTable::repack), the dispatcher (kmm/dispatch.hpp) copies it
// once into kmm's workspace with the same unit-stride direction and its
// leading dimension padded to 128 bytes (whole L2 lines: k-major operands
// whose rows were 16 bytes aligned but not 64 ran 0.8 as fast; perf-log:
// "Repacked operands"), and runs the product on the copy, whose k-steps
// then travel as packs. The copy's padding is zeroed (never read as data).
#include <Kokkos_Core.hpp>

#include "kmm/detail/access.hpp"
#include "kmm/kernels/operands.hpp"

namespace kmm {
namespace kernels {

/// The elements of a pack: 16 bytes of T.
template <class T>
constexpr int repack_pack() { return 16 / int(sizeof(T)) > 1 ? 16 / int(sizeof(T)) : 1; }

/// One operand slice as the repack sees it: `rows` along its unit-stride
/// direction, `cols` across it, the source strides along and across.
struct RepackShape {
  detail::index_t rows, cols, s_unit, s_other;
  /// The copy's leading dimension: rows padded to a multiple of pad<T>(),
  /// 128 bytes of T.
  template <class T>
  static constexpr detail::index_t pad() { return 128 / sizeof(T) > 1 ? 128 / sizeof(T) : 1; }
  template <class T>
  detail::index_t ld() const { return (rows + pad<T>() - 1) / pad<T>() * pad<T>(); }
  template <class T>
  detail::index_t elements() const { return ld<T>() * cols; }
};

/// op(A) of f, m x k, as a repack shape: along i where that is its unit
/// stride (a_m), else along p.
template <class Facts>
RepackShape a_repack_shape(const Facts& f) {
  return f.a_m ? RepackShape{f.m, f.k, f.a_si, f.a_sp} : RepackShape{f.k, f.m, f.a_sp, f.a_si};
}
/// op(B) of f, k x n: op(A) of C^T's operands (kernels::transposed), so
/// along j where that is its unit stride (b_n), else along p.
template <class Facts>
RepackShape b_repack_shape(const Facts& f) {
  return a_repack_shape(transposed(f));
}

/// Up to two copies in one launch: copy q's column c is dst[r + c * ld] =
/// src[r * s_unit + c * s_other] for r < rows, 0 for rows <= r < ld. A
/// team per column, its threads along the unit stride, so reads and writes
/// coalesce and no thread divides; each thread reads kRepackUnroll
/// elements before it writes any, so that many of its loads are in flight
/// (one load per thread at a time kept the copy far below the memory's
/// bandwidth; perf-log: "Repack copies with loads in flight").
constexpr int kRepackUnroll = 8;
template <class ExecSpace, class T>
struct RepackCopies {
  using policy_type = Kokkos::TeamPolicy<ExecSpace>;
  struct Copy {
    const T* src;
    T* dst;
    detail::index_t rows, ld, cols, s_unit, s_other;
  };
  Copy copy[2] = {};
  int count = 0;

  /// Adds the copy of shape s of src into dst (16-byte aligned,
  /// s.elements<T>() elements); returns its leading dimension.
  detail::index_t add(const T* src, const RepackShape& s, T* dst) {
    copy[count++] = Copy{src, dst, s.rows, s.template ld<T>(), s.cols, s.s_unit, s.s_other};
    return s.template ld<T>();
  }
  KOKKOS_INLINE_FUNCTION void operator()(const typename policy_type::member_type& team) const {
    const detail::index_t total = copy[0].cols + copy[1].cols;
    for (detail::index_t c = team.league_rank(); c < total; c += team.league_size()) {
      const Copy& q = c < copy[0].cols ? copy[0] : copy[1];
      const detail::index_t col = c < copy[0].cols ? c : c - copy[0].cols;
      const T* src = q.src + col * q.s_other;
      T* dst = q.dst + col * q.ld;
      const detail::index_t step = team.team_size();
      for (detail::index_t r0 = team.team_rank(); r0 < q.ld; r0 += step * kRepackUnroll) {
        T v[kRepackUnroll];
        KMM_UNROLL
        for (int u = 0; u < kRepackUnroll; ++u) {
          const detail::index_t r = r0 + u * step;
          v[u] = r < q.rows ? src[r * q.s_unit] : T(0);
        }
        KMM_UNROLL
        for (int u = 0; u < kRepackUnroll; ++u)
          if (r0 + u * step < q.ld) dst[r0 + u * step] = v[u];
      }
    }
  }
  /// Runs the copies added (none: nothing).
  void run(const ExecSpace& space) const {
    if (count == 0) return;
    const detail::index_t ld = copy[0].ld > copy[1].ld ? copy[0].ld : copy[1].ld;
    const detail::index_t per_pass = (ld + kRepackUnroll - 1) / kRepackUnroll;  // threads for one pass
    const int threads = per_pass >= 256 ? 256 : int((per_pass + 31) / 32 * 32);
    Kokkos::parallel_for("kmm::gemm[repack]",
                         policy_type(space, detail::league_for(copy[0].cols + copy[1].cols), threads), *this);
  }
};

/// f with op(A) replaced by its repacked copy at `a` (a_repack_shape(f),
/// leading dimension ld).
template <class Facts>
Facts with_repacked_a(Facts f, const typename Facts::T* a, detail::index_t ld) {
  f.a = a;
  if (f.a_m) {
    f.a_si = 1;
    f.a_sp = ld;
  } else {
    f.a_sp = 1;
    f.a_si = ld;
  }
  return f;
}
/// f with op(B) replaced by its repacked copy at `b`: op(A)'s replacement
/// in C^T's operands, turned back.
template <class Facts>
Facts with_repacked_b(const Facts& f, const typename Facts::T* b, detail::index_t ld) {
  return transposed(with_repacked_a(transposed(f), b, ld));
}

}  // namespace kernels
}  // namespace kmm
