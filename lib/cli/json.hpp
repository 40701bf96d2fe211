// Minimal JSON output helpers for the tool's --json modes.
#pragma once

#include <string>

namespace mapsound::cli {

// The JSON string literal for 's' (quotes included).
std::string json_string(const std::string& s);

}  // namespace mapsound::cli
