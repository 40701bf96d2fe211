// OpenCL C words of the C dialect (see opencl_syntax.hpp).
#include "litmus/opencl_syntax.hpp"

#include <sstream>

namespace mapsound::litmus::detail {

std::optional<Scope> opencl_scope_word(std::string_view w) {
    if (w == "memory_scope_work_item") return Scope::none;
    if (w == "memory_scope_work_group") return Scope::cta;
    if (w == "memory_scope_device") return Scope::gpu;
    if (w == "memory_scope_all_svm_devices" || w == "memory_scope_all_devices") return Scope::sys;
    return std::nullopt;
}

std::optional<std::string> opencl_scope_name(Scope s) {
    switch (s) {
        case Scope::none: return "memory_scope_work_item";
        case Scope::cta: return "memory_scope_work_group";
        case Scope::gpu: return "memory_scope_device";
        case Scope::sys: return "memory_scope_all_svm_devices";
        case Scope::sg:
        case Scope::cluster:
        case Scope::qf: break;
    }
    return std::nullopt;
}

bool opencl_fence_flag(std::string_view w, Qualifiers& q) {
    if (w == "CLK_GLOBAL_MEM_FENCE") {
        q.global = true;
        return true;
    }
    if (w == "CLK_LOCAL_MEM_FENCE") {
        q.local = true;
        return true;
    }
    return false;
}

std::string opencl_fence_flags(const Qualifiers& q) {
    if (q.global && q.local) return "CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE";
    if (q.global) return "CLK_GLOBAL_MEM_FENCE";
    if (q.local) return "CLK_LOCAL_MEM_FENCE";
    return "";
}

Qualifiers opencl_region_of(const std::string& parameter_type) {
    Qualifiers q;
    std::istringstream words(parameter_type);
    std::string w;
    while (words >> w) {
        while (!w.empty() && w.back() == '*') w.pop_back();
        if (w == "local" || w == "__local") q.local = true;
        if (w == "global" || w == "__global") q.global = true;
    }
    return q;
}

}  // namespace mapsound::litmus::detail
