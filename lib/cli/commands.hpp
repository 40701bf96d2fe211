// The commands of the mapsound tool.  Each returns the process exit code:
// 0 on success, 1 when an input could not be processed, 2 on usage errors.
#pragma once

#include <string>
#include <vector>

namespace mapsound::cli {

inline constexpr const char* version = "0.1.0";

// mapsound litmus --model FILE.cat [--states] [--json] [--unroll N] TEST...
int litmus_command(const std::vector<std::string>& args);

}  // namespace mapsound::cli
