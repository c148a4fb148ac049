// throw-away: sustained FMA rate from registers only (no memory traffic in the loop)
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
template <class T, int CH>
__global__ void __launch_bounds__(128) fma_loop(T* out, int iters, T a, T b) {
  T c[CH];
#pragma unroll
  for (int i = 0; i < CH; ++i) c[i] = T(threadIdx.x + i);
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int i = 0; i < CH; ++i) c[i] = c[i] * a + b;
  }
  T s = 0;
#pragma unroll
  for (int i = 0; i < CH; ++i) s += c[i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
template <class T>
void go(int blocks_per_sm, int iters, int reps) {
  int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const int blocks = sms * blocks_per_sm, threads = 128; constexpr int CH = 32;
  T* out; cudaMalloc(&out, sizeof(T) * blocks * threads);
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  fma_loop<T, CH><<<blocks, threads>>>(out, iters, T(0.999999), T(1e-7)); cudaDeviceSynchronize();
  std::vector<float> ms;
  for (int r = 0; r < reps; ++r) {
    cudaEventRecord(e0); fma_loop<T, CH><<<blocks, threads>>>(out, iters, T(0.999999), T(1e-7)); cudaEventRecord(e1);
    cudaEventSynchronize(e1); float t; cudaEventElapsedTime(&t, e0, e1); ms.push_back(t);
  }
  std::sort(ms.begin(), ms.end());
  const double flop = 2.0 * blocks * threads * double(CH) * iters;
  printf("%s FMA loop, %d blocks of 128 per SM, %d chains: median %.2f ms, %.2f TFLOP/s (best %.2f)\n", sizeof(T) == 8 ? "fp64" : "fp32",
         blocks_per_sm, CH, ms[reps / 2], flop / ms[reps / 2] / 1e9, flop / ms[0] / 1e9);
  cudaFree(out);
}
int main(int argc, char** argv) {
  const int bps = atoi(argv[2]), iters = atoi(argv[3]), reps = atoi(argv[4]);
  if (argv[1][0] == 'd') go<double>(bps, iters, reps); else go<float>(bps, iters, reps);
}
