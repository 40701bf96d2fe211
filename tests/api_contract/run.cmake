# The API-contract test, run as `cmake -P run.cmake` by ctest:
#   1. install the built mapsound into a scratch prefix,
#   2. configure and build tests/api_contract (a separate project that does
#      find_package(mapsound)) against that prefix, in a fresh directory,
#   3. run the program and require its output to be exactly "29281\n".
#
# Inputs (-D):
#   MAPSOUND_BUILD_DIR    the mapsound build tree to install
#   CONTRACT_SOURCE_DIR   tests/api_contract
#   CONTRACT_WORK_DIR     scratch directory (wiped first)
#   CONTRACT_CONFIG       build configuration, may be empty
#   CONTRACT_GENERATOR    CMake generator to use, may be empty
#   CONTRACT_CXX_COMPILER C++ compiler to use, may be empty
#   CONTRACT_CXX_FLAGS    the build's CMAKE_CXX_FLAGS, may be empty
#   CONTRACT_LINKER_FLAGS the build's CMAKE_EXE_LINKER_FLAGS, may be empty
#                         (a sanitized libmapsound.a needs a consumer built
#                         and linked with the same sanitizers)
cmake_minimum_required(VERSION 3.20)

foreach(var MAPSOUND_BUILD_DIR CONTRACT_SOURCE_DIR CONTRACT_WORK_DIR)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run.cmake: -D${var}=... is required")
  endif()
endforeach()

set(prefix "${CONTRACT_WORK_DIR}/prefix")
set(build "${CONTRACT_WORK_DIR}/build")
file(REMOVE_RECURSE "${CONTRACT_WORK_DIR}")
file(MAKE_DIRECTORY "${CONTRACT_WORK_DIR}")

# Runs a command; fails the test with its output unless it succeeds.
function(run_step what)
  execute_process(COMMAND ${ARGN}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "api_contract: ${what} failed (${rc})\n${out}\n${err}")
  endif()
endfunction()

set(config_args)
if(CONTRACT_CONFIG)
  set(config_args --config "${CONTRACT_CONFIG}")
endif()

run_step("install" "${CMAKE_COMMAND}" --install "${MAPSOUND_BUILD_DIR}"
         --prefix "${prefix}" ${config_args})

set(configure_args -S "${CONTRACT_SOURCE_DIR}" -B "${build}"
    "-DCMAKE_PREFIX_PATH=${prefix}")
if(CONTRACT_GENERATOR)
  list(APPEND configure_args -G "${CONTRACT_GENERATOR}")
endif()
# Each setting the caller gave, passed on as -D<CMake variable>=<value>.
foreach(setting CMAKE_CXX_COMPILER:CONTRACT_CXX_COMPILER CMAKE_BUILD_TYPE:CONTRACT_CONFIG
                CMAKE_CXX_FLAGS:CONTRACT_CXX_FLAGS CMAKE_EXE_LINKER_FLAGS:CONTRACT_LINKER_FLAGS)
  string(REPLACE ":" ";" names "${setting}")
  list(GET names 0 cmake_variable)
  list(GET names 1 input)
  if(${input})
    list(APPEND configure_args "-D${cmake_variable}=${${input}}")
  endif()
endforeach()
run_step("configure" "${CMAKE_COMMAND}" ${configure_args})
run_step("build" "${CMAKE_COMMAND}" --build "${build}" ${config_args})

# Single-config generators put app in the build dir, multi-config ones in a
# per-config subdirectory.
set(app "${build}/app")
if(NOT EXISTS "${app}" AND CONTRACT_CONFIG)
  set(app "${build}/${CONTRACT_CONFIG}/app")
endif()
execute_process(COMMAND "${app}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "api_contract: app exited with ${rc}\n${out}\n${err}")
endif()
if(NOT out STREQUAL "29281\n")
  message(FATAL_ERROR "api_contract: expected output \"29281\", got \"${out}\"\n${err}")
endif()
message(STATUS "api_contract: app printed 29281")

# 4. The installed tool finds a shipped model by name (herd7's habit,
#    `--model=rc11`) among the installed models, with their includes.
foreach(f rc11.cat lib/rc11-base.cat ptx-7.5.cat)
  if(NOT EXISTS "${prefix}/share/mapsound/models/${f}")
    message(FATAL_ERROR "api_contract: the install has no share/mapsound/models/${f}")
  endif()
endforeach()
file(WRITE "${CONTRACT_WORK_DIR}/MP+rel+acq.litmus"
  "C MP+rel+acq\n{}\nP0 (atomic_int* x, atomic_int* y) { atomic_store_explicit(x, 1, memory_order_relaxed); atomic_store_explicit(y, 1, memory_order_release); }\n"
  "P1 (atomic_int* x, atomic_int* y) { int r0 = atomic_load_explicit(y, memory_order_acquire); int r1 = atomic_load_explicit(x, memory_order_relaxed); }\n"
  "exists (1:r0=1 /\\ 1:r1=0)\n")
execute_process(COMMAND "${prefix}/bin/mapsound" litmus --model=rc11 "${CONTRACT_WORK_DIR}/MP+rel+acq.litmus"
  WORKING_DIRECTORY "${CONTRACT_WORK_DIR}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "Test MP\\+rel\\+acq Allowed\n(States [0-9]+\n([^\n]*; \n)*)?No\n")
  message(FATAL_ERROR "api_contract: installed 'mapsound litmus --model=rc11' exited ${rc}:\n${out}\n${err}")
endif()
message(STATUS "api_contract: the installed tool decided MP+rel+acq under --model=rc11: No")
