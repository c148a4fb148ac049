# Finds Kokkos (>= 3.4.01) or provisions Kokkos 3.4.01 from Debian's trilinos
# source package, then checks that the backend kmm is configured for is enabled.
#
# Cache variables:
#   KMM_BACKEND           Serial | OpenMP | CUDA: the backend kmm is built for.
#   KMM_CUDA_ARCH         Kokkos GPU architecture for a provisioned Kokkos
#                         (HOPPER90 by default; AMPERE80, AMPERE86, VOLTA70, ... as Kokkos 3.4 names them).
#   KMM_PROVISION_KOKKOS  Build Kokkos when none is found (ON).
#   KMM_DEPS_DIR          Where the downloaded and patched Kokkos sources are cached.
#
# A user's own Kokkos (4.x, 5.x, from Spack or a module) is used through
# Kokkos_ROOT or CMAKE_PREFIX_PATH; nothing is provisioned then.

set(KMM_BACKEND "OpenMP" CACHE STRING "Kokkos backend kmm is built for: Serial, OpenMP or CUDA")
set_property(CACHE KMM_BACKEND PROPERTY STRINGS Serial OpenMP CUDA)
set(KMM_CUDA_ARCH "HOPPER90" CACHE STRING "Kokkos GPU architecture of a provisioned Kokkos (HOPPER90 = sm_90, AMPERE80 = sm_80, ...)")
option(KMM_PROVISION_KOKKOS "Build Kokkos 3.4.01 from Debian's trilinos source package when no Kokkos is found" ON)
set(KMM_DEPS_DIR "${CMAKE_BINARY_DIR}/_deps" CACHE PATH "Cache of downloaded and patched third-party sources")

set(KMM_KOKKOS_VERSION_PROVISIONED 3.4.01)
set(KMM_KOKKOS_PREFIX "${CMAKE_BINARY_DIR}/_kokkos/install")
set(KMM_KOKKOS_BUILD_DIR "${CMAKE_BINARY_DIR}/_kokkos/build")

function(_kmm_run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    list(JOIN ARGN " " _cmd)
    message(FATAL_ERROR "kmm: command failed (${_rc}): ${_cmd}")
  endif()
endfunction()

function(_kmm_provision_kokkos)
  set(_patch_dir "${PROJECT_SOURCE_DIR}/cmake/patches/kokkos-${KMM_KOKKOS_VERSION_PROVISIONED}")
  file(GLOB _patches "${_patch_dir}/*.patch")
  list(SORT _patches)
  set(_patch_hash "")
  foreach(_p IN LISTS _patches)
    file(SHA256 "${_p}" _h)
    string(APPEND _patch_hash "${_h}")
  endforeach()
  string(SHA256 _patch_hash "${_patch_hash}")
  string(SUBSTRING "${_patch_hash}" 0 12 _patch_tag)

  # 1. pristine sources, downloaded once per KMM_DEPS_DIR
  set(_fetch_dir "${KMM_DEPS_DIR}/trilinos")
  if(NOT EXISTS "${_fetch_dir}/kokkos/.kmm-fetched")
    _kmm_run(bash "${PROJECT_SOURCE_DIR}/scripts/fetch-kokkos-source.sh" "${_fetch_dir}")
  endif()

  # 2. patched copy, keyed by the patches' hash
  set(_src "${KMM_DEPS_DIR}/kokkos-${KMM_KOKKOS_VERSION_PROVISIONED}-${_patch_tag}")
  if(NOT EXISTS "${_src}/.kmm-patched")
    file(REMOVE_RECURSE "${_src}")
    file(COPY "${_fetch_dir}/kokkos/" DESTINATION "${_src}")
    find_program(KMM_PATCH_EXECUTABLE patch)
    foreach(_p IN LISTS _patches)
      message(STATUS "kmm: applying ${_p}")
      if(KMM_PATCH_EXECUTABLE)
        _kmm_run("${KMM_PATCH_EXECUTABLE}" -p1 -s -d "${_src}" -i "${_p}")
      else()
        find_package(Git REQUIRED)
        _kmm_run("${GIT_EXECUTABLE}" -C "${_src}" apply -p1 "${_p}")
      endif()
    endforeach()
    file(TOUCH "${_src}/.kmm-patched")
  endif()

  # 3. build and install inside the build tree, keyed by the configuration
  set(_args
    -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_INSTALL_PREFIX=${KMM_KOKKOS_PREFIX}
    -DCMAKE_CXX_STANDARD=17
    -DCMAKE_POSITION_INDEPENDENT_CODE=ON
    -DKokkos_ENABLE_TESTS=OFF
    -DKokkos_ENABLE_EXAMPLES=OFF
    -DKokkos_ENABLE_SERIAL=ON)
  if(KMM_BACKEND STREQUAL "OpenMP")
    list(APPEND _args -DKokkos_ENABLE_OPENMP=ON -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER})
  elseif(KMM_BACKEND STREQUAL "CUDA")
    find_program(KMM_NVCC nvcc HINTS ENV CUDA_HOME PATH_SUFFIXES bin)
    if(NOT KMM_NVCC)
      message(FATAL_ERROR "kmm: KMM_BACKEND=CUDA but nvcc is not on the PATH (nor in CUDA_HOME/bin)")
    endif()
    list(APPEND _args -DKokkos_ENABLE_OPENMP=ON -DKokkos_ENABLE_CUDA=ON -DKokkos_ENABLE_CUDA_LAMBDA=ON
      -DKokkos_ARCH_${KMM_CUDA_ARCH}=ON -DCMAKE_CXX_COMPILER=${_src}/bin/nvcc_wrapper)
  else()
    list(APPEND _args -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER})
  endif()
  string(SHA256 _cfg_hash "${_args};${_patch_hash}")
  set(_stamp "${KMM_KOKKOS_PREFIX}/.kmm-stamp")
  if(EXISTS "${_stamp}")
    file(READ "${_stamp}" _old)
  else()
    set(_old "")
  endif()
  if(NOT _old STREQUAL _cfg_hash)
    message(STATUS "kmm: building Kokkos ${KMM_KOKKOS_VERSION_PROVISIONED} (${KMM_BACKEND}) into ${KMM_KOKKOS_PREFIX}")
    file(REMOVE_RECURSE "${KMM_KOKKOS_BUILD_DIR}" "${KMM_KOKKOS_PREFIX}")
    cmake_host_system_information(RESULT _ncpu QUERY NUMBER_OF_LOGICAL_CORES)
    _kmm_run("${CMAKE_COMMAND}" -S "${_src}" -B "${KMM_KOKKOS_BUILD_DIR}" -G "${CMAKE_GENERATOR}" ${_args})
    _kmm_run("${CMAKE_COMMAND}" --build "${KMM_KOKKOS_BUILD_DIR}" --parallel ${_ncpu})
    _kmm_run("${CMAKE_COMMAND}" --install "${KMM_KOKKOS_BUILD_DIR}")
    file(WRITE "${_stamp}" "${_cfg_hash}")
  else()
    message(STATUS "kmm: reusing Kokkos ${KMM_KOKKOS_VERSION_PROVISIONED} in ${KMM_KOKKOS_PREFIX}")
  endif()
endfunction()

# Can a shared library contain this Kokkos? A shared Kokkos, or the PIC one
# kmm provisions, yes. A static Kokkos built with Kokkos' defaults (no -fPIC)
# cannot go into libkmm_blas.so (its thread-local variables use non-PIC
# relocations), and its configuration does not record PIC: a shared library
# that makes a View is linked against it once, and the answer cached.
function(_kmm_kokkos_shared_ok out)
  get_target_property(_type Kokkos::kokkoscore TYPE)
  if(KMM_KOKKOS_PROVISIONED OR NOT _type STREQUAL "STATIC_LIBRARY")
    set(${out} ON PARENT_SCOPE)
    return()
  endif()
  set(_key "${Kokkos_DIR};${CMAKE_CXX_COMPILER}")
  if(DEFINED CACHE{KMM_KOKKOS_PIC_KEY} AND KMM_KOKKOS_PIC_KEY STREQUAL _key)
    set(${out} ${KMM_KOKKOS_PIC} PARENT_SCOPE)
    return()
  endif()
  set(_dir "${CMAKE_BINARY_DIR}/_kmm_pic_check")
  file(REMOVE_RECURSE "${_dir}")
  file(WRITE "${_dir}/src/CMakeLists.txt" "cmake_minimum_required(VERSION 3.20)
project(kmm_pic_check LANGUAGES CXX)
find_package(Kokkos CONFIG REQUIRED)
add_library(pic_check SHARED pic.cpp)
target_link_libraries(pic_check PRIVATE Kokkos::kokkos)
")
  file(WRITE "${_dir}/src/pic.cpp" "#include <Kokkos_Core.hpp>
double kmm_pic_check(int n) { Kokkos::View<double*, Kokkos::HostSpace> v(\"v\", n); return double(v.extent(0)); }
")
  message(STATUS "kmm: Kokkos is a static library; checking that a shared library can contain it")
  try_compile(_ok "${_dir}/build" "${_dir}/src" kmm_pic_check
    CMAKE_FLAGS "-DKokkos_DIR=${Kokkos_DIR}" "-DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}"
                "-DCMAKE_CXX_STANDARD=${CMAKE_CXX_STANDARD}" "-DCMAKE_BUILD_TYPE=Release"
    OUTPUT_VARIABLE _log)
  set(KMM_KOKKOS_PIC_KEY "${_key}" CACHE INTERNAL "")
  set(KMM_KOKKOS_PIC ${_ok} CACHE INTERNAL "")
  set(${out} ${_ok} PARENT_SCOPE)
endfunction()

macro(kmm_setup_kokkos)
  if(NOT KMM_BACKEND MATCHES "^(Serial|OpenMP|CUDA)$")
    message(FATAL_ERROR "kmm: KMM_BACKEND must be Serial, OpenMP or CUDA (got '${KMM_BACKEND}')")
  endif()
  set(KMM_KOKKOS_PROVISIONED OFF)
  # A Kokkos_DIR left in the cache by an earlier provisioning run is ours:
  # go through provisioning again so that its stamp is checked.
  if(Kokkos_DIR AND Kokkos_DIR MATCHES "^${CMAKE_BINARY_DIR}/_kokkos/")
    unset(Kokkos_DIR CACHE)
  endif()
  find_package(Kokkos CONFIG QUIET)
  if(NOT Kokkos_FOUND)
    if(NOT KMM_PROVISION_KOKKOS)
      message(FATAL_ERROR "kmm: no Kokkos found. Set Kokkos_ROOT (or CMAKE_PREFIX_PATH) to a Kokkos install, "
                          "or configure with -DKMM_PROVISION_KOKKOS=ON to build Kokkos ${KMM_KOKKOS_VERSION_PROVISIONED}.")
    endif()
    message(STATUS "kmm: no Kokkos found through Kokkos_ROOT / CMAKE_PREFIX_PATH; provisioning ${KMM_KOKKOS_VERSION_PROVISIONED}")
    _kmm_provision_kokkos()
    find_package(Kokkos CONFIG REQUIRED PATHS "${KMM_KOKKOS_PREFIX}" NO_DEFAULT_PATH)
    set(KMM_KOKKOS_PROVISIONED ON)
  endif()
  if(Kokkos_VERSION VERSION_LESS 3.4.01)
    message(FATAL_ERROR "kmm: Kokkos ${Kokkos_VERSION} at ${Kokkos_DIR} is too old; kmm needs 3.4.01 or newer")
  endif()
  string(TOUPPER "${KMM_BACKEND}" _kmm_backend_uc)
  if(NOT _kmm_backend_uc IN_LIST Kokkos_DEVICES)
    message(FATAL_ERROR "kmm: KMM_BACKEND=${KMM_BACKEND} but the Kokkos at ${Kokkos_DIR} was built without it "
                        "(enabled: ${Kokkos_DEVICES}). Rebuild Kokkos with -DKokkos_ENABLE_${_kmm_backend_uc}=ON "
                        "or pick another preset.")
  endif()
  if(KMM_BACKEND STREQUAL "CUDA" AND Kokkos_VERSION VERSION_LESS 5.0 AND NOT "CUDA_LAMBDA" IN_LIST Kokkos_OPTIONS)
    message(FATAL_ERROR "kmm: the Kokkos at ${Kokkos_DIR} has CUDA without lambda support "
                        "(enabled options: ${Kokkos_OPTIONS}). Rebuild it with -DKokkos_ENABLE_CUDA_LAMBDA=ON.")
  endif()
  message(STATUS "kmm: Kokkos ${Kokkos_VERSION} (${Kokkos_DIR}), devices ${Kokkos_DEVICES}, backend ${KMM_BACKEND}")
  if(KMM_BACKEND STREQUAL "CUDA" AND Kokkos_VERSION VERSION_LESS 4.7.1 AND NOT KMM_KOKKOS_PROVISIONED)
    message(WARNING "kmm: Kokkos ${Kokkos_VERSION} with CUDA: Kokkos supports CUDA 13 from 4.7.01 on "
                    "(its changelog); with a CUDA 13 toolkit, use Kokkos 4.7.01 or newer, or let kmm provision "
                    "its patched 3.4.01.")
  endif()
  set(KMM_KOKKOS_SHARED_OK ON)
  if(KMM_BUILD_BLAS)
    _kmm_kokkos_shared_ok(KMM_KOKKOS_SHARED_OK)
    if(NOT KMM_KOKKOS_SHARED_OK)
      message(STATUS "kmm: the Kokkos at ${Kokkos_DIR} is a static library built without -fPIC, which a shared "
                     "library cannot contain: building only the static libkmm_blas.a. For libkmm_blas.so, use a "
                     "Kokkos built with -DBUILD_SHARED_LIBS=ON or -DCMAKE_POSITION_INDEPENDENT_CODE=ON.")
    endif()
  endif()
  # where an installed kmm looks for this Kokkos (kmmConfig.cmake)
  if(KMM_KOKKOS_PROVISIONED)
    set(KMM_KOKKOS_DIR_RECORDED "")
  else()
    get_filename_component(KMM_KOKKOS_DIR_RECORDED "${Kokkos_DIR}" ABSOLUTE)
  endif()
endmacro()
