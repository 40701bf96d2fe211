// The words OpenCL C adds to the C dialect (herd7's and Dartagnan's
// "OPENCL" litmus tests), shared by the C parser and the C printer:
// memory_scope_* arguments, CLK_*_MEM_FENCE flags, and the memory region a
// parameter's address space puts its accesses in.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "mapsound/litmus/program.hpp"

namespace mapsound::litmus::detail {

// memory_scope_work_item (none: the work-item alone), _work_group (cta),
// _device (gpu), _all_svm_devices and OpenCL 3.0's _all_devices (sys).
std::optional<Scope> opencl_scope_word(std::string_view w);
// The spelling of a scope; nullopt for levels OpenCL has no word for.
std::optional<std::string> opencl_scope_name(Scope s);
// An atomic operation written without a scope argument is device-scoped
// (OpenCL C 2.0, 6.13.11: "memory_scope_device").
inline constexpr Scope kOpenclDefaultScope = Scope::gpu;

// CLK_GLOBAL_MEM_FENCE and CLK_LOCAL_MEM_FENCE: sets 'global' or 'local' of
// q and returns true; false for any other word.
bool opencl_fence_flag(std::string_view w, Qualifiers& q);
// "CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE" for q's regions ("" for none).
std::string opencl_fence_flags(const Qualifiers& q);

// The region of the accesses through a parameter of this type: global or
// local as the type names the address space ("global int*", "__local
// atomic_int*"); neither when it names none (OpenCL 2.0's generic address
// space, "volatile int*" in herd's tests), which the model places in no
// region.
Qualifiers opencl_region_of(const std::string& parameter_type);

}  // namespace mapsound::litmus::detail
