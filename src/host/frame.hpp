#pragma once
// BLIS' loops around a micro-kernel, for one thread's share of the blocks of
// C (src/host/host_gemm.cpp instantiates it once per micro-kernel). Owned by
// the frame: the block partition, packing and the update of C; owned by the
// micro-kernel K: the MR x NR product of two packed micro-panels.
//
// K provides: T, MR, NR, KC, MC, NC and
//   static void run(int kc, const T* a, const T* b, T* c);  // c[j*MR+i] = sum_q a[q*MR+i] b[q*NR+j]
// Assumes m, n, k > 0 and alpha != 0.
#include <cstdint>

#include "kmm/host_kernel.hpp"

namespace kmm {
namespace detail {

template <class K>
struct HostFrame {
  using T = typename K::T;
  using i64 = std::int64_t;
  static constexpr int MR = K::MR, NR = K::NR, KC = K::KC;
  static constexpr int A_PANEL = MR * KC, B_PANEL = NR * KC;  // elements of one packed micro-panel

  static constexpr std::size_t scratch_bytes() {
    return sizeof(T) * (std::size_t(K::MC) * KC + std::size_t(K::NC) * KC) + 64;
  }

  // Blocks of even size in whole micro-tiles, at most MC x NC, and at least
  // one per thread where C has the micro-tiles for it.
  static HostPlan plan(const HostProduct<T>& p, int threads, int kernel) {
    const i64 nbm = (p.m + K::MC - 1) / K::MC;
    i64 nbn = (p.n + K::NC - 1) / K::NC;
    if (nbm * nbn < threads) {
      const i64 need = (threads + nbm - 1) / nbm, most = (p.n + NR - 1) / NR;
      nbn = need < most ? need : most;
    }
    const auto whole = [](i64 x, i64 parts, i64 w) {
      const i64 e = (x + parts - 1) / (parts > 0 ? parts : 1);
      return e > 0 ? (e + w - 1) / w * w : w;
    };
    HostPlan pl{};
    pl.kernel = kernel;
    pl.bm = whole(p.m, nbm, MR);
    pl.bn = whole(p.n, nbn, NR);
    pl.blocks_m = (p.m + pl.bm - 1) / pl.bm;
    pl.blocks_n = (p.n + pl.bn - 1) / pl.bn;
    pl.blocks = pl.blocks_m * pl.blocks_n;
    pl.scratch_bytes = scratch_bytes();
    return pl;
  }

  // Packs `rows` rows (a multiple of W) of a kc-deep slice into micro-panels
  // of W rows: panel r / W holds rows r .. r + W - 1 for every k, W values
  // per k, contiguously. src: the slice's first element; s_row, s_k its
  // strides; rows from `inside` on are zeros. Contiguous along the rows: W
  // values per k copied as a run. Contiguous along k (or strided): one
  // panel's W rows side by side, W streams in flight, contiguous stores.
  template <int W>
  static void pack(T* dst, const T* src, i64 s_row, i64 s_k, int rows, int inside, int kc) {
    for (int r0 = 0; r0 < rows; r0 += W) {
      T* const d = dst + (r0 / W) * (W * KC);
      const T* const s = src + r0 * s_row;
      if (r0 + W <= inside) {
        if (s_row == 1) {
          for (int q = 0; q < kc; ++q) {
            T v[W];  // loads before stores: no aliasing to rule out, so the copy vectorises
            for (int w = 0; w < W; ++w) v[w] = s[q * s_k + w];
            for (int w = 0; w < W; ++w) d[q * W + w] = v[w];
          }
        } else if (s_k == 1) {
          for (int q = 0; q < kc; ++q)
            for (int w = 0; w < W; ++w) d[q * W + w] = s[w * s_row + q];
        } else {
          for (int q = 0; q < kc; ++q)
            for (int w = 0; w < W; ++w) d[q * W + w] = s[w * s_row + q * s_k];
        }
      } else {
        const int in = inside - r0 > 0 ? inside - r0 : 0;
        for (int q = 0; q < kc; ++q)
          for (int w = 0; w < W; ++w) d[q * W + w] = w < in ? s[w * s_row + q * s_k] : T(0);
      }
    }
  }

  // Asks the cache for a whole micro-tile of C before the micro-kernel runs
  // (its reads in update() otherwise miss).
  static void prefetch_c(const HostProduct<T>& p, i64 i0, i64 j0) {
    const T* const c = p.c + i0 * p.c_si + j0 * p.c_sj;
    if (p.c_si == 1)
      for (int j = 0; j < NR; ++j) { __builtin_prefetch(c + j * p.c_sj); __builtin_prefetch(c + j * p.c_sj + MR - 1); }
    else if (p.c_sj == 1)
      for (int i = 0; i < MR; ++i) { __builtin_prefetch(c + i * p.c_si); __builtin_prefetch(c + i * p.c_si + NR - 1); }
  }

  // C = alpha t + b C on the micro-tile at (i0, j0), rows x cols of it
  // inside C; C is not read when b == 0 (BLAS: NaN in C does not propagate).
  static void update(const HostProduct<T>& p, i64 i0, i64 j0, int rows, int cols, const T* t, T b) {
    const T alpha = p.alpha;
    T* const c = p.c + i0 * p.c_si + j0 * p.c_sj;
    if (rows == MR && cols == NR && p.c_si == 1) {
      for (int j = 0; j < NR; ++j) {
        T* const cj = c + j * p.c_sj;
        if (b == T(0))
          for (int i = 0; i < MR; ++i) cj[i] = alpha * t[j * MR + i];
        else
          for (int i = 0; i < MR; ++i) cj[i] = alpha * t[j * MR + i] + b * cj[i];
      }
    } else if (rows == MR && cols == NR && p.c_sj == 1) {
      for (int i = 0; i < MR; ++i) {
        T* const ci = c + i * p.c_si;
        if (b == T(0))
          for (int j = 0; j < NR; ++j) ci[j] = alpha * t[j * MR + i];
        else
          for (int j = 0; j < NR; ++j) ci[j] = alpha * t[j * MR + i] + b * ci[j];
      }
    } else {
      for (int j = 0; j < cols; ++j)
        for (int i = 0; i < rows; ++i) {
          T& e = c[i * p.c_si + j * p.c_sj];
          e = b == T(0) ? alpha * t[j * MR + i] : alpha * t[j * MR + i] + b * e;
        }
    }
  }

  // Blocks [b0, b1): for each block column the thread's blocks lie in, per
  // k-step (KC deep) op(B)'s slice of the column is packed once (BLIS' pc
  // loop around the ic loop), then for each block op(A)'s slice, and the
  // micro-kernel runs every B micro-panel (in L1) against every A
  // micro-panel (in L2). Each k-step's product is added into C, the first
  // one applying beta, so C holds the running sum.
  static void blocks(const HostProduct<T>& p, const HostPlan& pl, i64 b0, i64 b1, void* scratch) {
    const std::uintptr_t base = (reinterpret_cast<std::uintptr_t>(scratch) + 63) / 64 * 64;
    T* const As = reinterpret_cast<T*>(base);
    T* const Bs = As + std::size_t(K::MC) * KC;
    alignas(64) T t[MR * NR];
    const i64 steps = (p.k + KC - 1) / KC;
    for (i64 first = b0; first < b1;) {  // the thread's blocks in one block column: [first, last)
      const i64 col = first / pl.blocks_m;
      const i64 last = b1 < (col + 1) * pl.blocks_m ? b1 : (col + 1) * pl.blocks_m;
      const i64 j0 = col * pl.bn;
      const int cols = int(p.n - j0 < pl.bn ? p.n - j0 : pl.bn);
      const int packed_cols = (cols + NR - 1) / NR * NR;
      for (i64 s = 0; s < steps; ++s) {
        const i64 p0 = s * KC;
        const int kc = int(p.k - p0 < KC ? p.k - p0 : KC);
        pack<NR>(Bs, p.b + p0 * p.b_sp + j0 * p.b_sj, p.b_sj, p.b_sp, packed_cols, cols, kc);
        const T beta = s == 0 ? p.beta : T(1);
        for (i64 blk = first; blk < last; ++blk) {
          const i64 i0 = (blk % pl.blocks_m) * pl.bm;
          const int rows = int(p.m - i0 < pl.bm ? p.m - i0 : pl.bm);
          const int packed_rows = (rows + MR - 1) / MR * MR;
          pack<MR>(As, p.a + i0 * p.a_si + p0 * p.a_sp, p.a_si, p.a_sp, packed_rows, rows, kc);
          for (int ty = 0; ty * NR < cols; ++ty) {
            for (int tx = 0; tx * MR < rows; ++tx) {
              const i64 ci = i0 + tx * MR, cj = j0 + ty * NR;
              const int crows = rows - tx * MR < MR ? rows - tx * MR : MR;
              const int ccols = cols - ty * NR < NR ? cols - ty * NR : NR;
              if (beta != T(0) && crows == MR && ccols == NR) prefetch_c(p, ci, cj);
              K::run(kc, As + tx * A_PANEL, Bs + ty * B_PANEL, t);
              update(p, ci, cj, crows, ccols, t, beta);
            }
          }
        }
      }
      first = last;
    }
  }
};

}  // namespace detail
}  // namespace kmm
