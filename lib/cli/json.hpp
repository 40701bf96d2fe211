// Minimal JSON output helpers for the tool's --json modes.
#pragma once

#include <string>
#include <vector>

#include "mapsound/check.hpp"

namespace mapsound::cli {

// The JSON string literal for 's' (quotes included), always valid UTF-8
// whatever 's' holds: well-formed UTF-8 sequences are kept, control
// characters are escaped, and every byte that is not part of a well-formed
// sequence (a stray continuation byte, a truncated or overlong sequence, an
// encoded surrogate, a code point above U+10FFFF) is read as Latin-1 and
// written \u00XX, so that no byte of a file name or message is lost.
std::string json_string(const std::string& s);

// A JSON array of json_string()s.
std::string json_strings(const std::vector<std::string>& items);

// 'v' in fixed notation with 'digits' digits after the point (JSON and text
// reports alike).
std::string fixed(double v, int digits);

// A search's statistics as one JSON object (the keys of check::Statistics).
std::string statistics_json(const check::Statistics& s);

}  // namespace mapsound::cli
