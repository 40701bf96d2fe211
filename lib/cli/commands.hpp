// The commands of the mapsound tool.  Each returns the process exit code:
// 0 on success, 1 when an input could not be processed, 2 on usage errors.
#pragma once

#include <string>
#include <vector>

namespace mapsound::cli {

inline constexpr const char* version = "0.1.0";

// mapsound litmus --model FILE.cat [--states] [--json] [--unroll N] [--forbid FLAG]... TEST...
int litmus_command(const std::vector<std::string>& args);

// mapsound check CHECK [--events N] [--axiom NAME]... [--jobs K] [--json]
//                [--output DIR]
// Exit code 0 when every verdict is the one the check file expects, 1 when
// one differs (or an input is bad), 130 when interrupted.
int check_command(const std::vector<std::string>& args);

}  // namespace mapsound::cli
