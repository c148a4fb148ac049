// Test main: initialises Kokkos once. On a CUDA build without a visible GPU,
// exits with 77 (ctest reports the tests as skipped, with this reason).
#include <gtest/gtest.h>

#include <Kokkos_Core.hpp>
#include <cstdio>
#if defined(KOKKOS_ENABLE_CUDA)
#include <cuda_runtime_api.h>
#endif

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
#if defined(KOKKOS_ENABLE_CUDA)
  int devices = 0;
  const cudaError_t err = cudaGetDeviceCount(&devices);
  if (err != cudaSuccess || devices == 0) {
    std::printf("SKIPPED: this is a CUDA build and no CUDA device is visible (cudaGetDeviceCount: %s, %d devices); "
                "run it on a GPU machine (scripts/gpu-run.sh)\n",
                cudaGetErrorString(err), devices);
    return 77;
  }
#endif
  Kokkos::initialize(argc, argv);
  int rc = 0;
  {
    std::printf("kmm tests on Kokkos %d, default execution space %s\n", KOKKOS_VERSION,
                Kokkos::DefaultExecutionSpace::name());
    rc = RUN_ALL_TESTS();
  }
  Kokkos::finalize();
  return rc;
}
