// A minimal Kokkos Tools library for the tests: records the names of the
// profiling regions pushed. Loaded by Kokkos through KOKKOS_PROFILE_LIBRARY /
// KOKKOS_TOOLS_LIBS (the way kokkos-tools' timers and the Nsight connector are
// loaded) and linked into the test, which reads the names back.
#include <cstdint>
#include <mutex>
#include <string>

namespace {
std::mutex lock;
std::string names;  // "name;name;..."
}  // namespace

extern "C" {
void kokkosp_init_library(const int, const std::uint64_t, const std::uint32_t, void*) {}
void kokkosp_finalize_library() {}
void kokkosp_push_profile_region(const char* name) {
  std::lock_guard<std::mutex> g(lock);
  names += name;
  names += ';';
}
void kokkosp_pop_profile_region() {}
// for the test
const char* kmm_test_tool_regions() {
  std::lock_guard<std::mutex> g(lock);
  static std::string copy;
  copy = names;
  return copy.c_str();
}
}
