// Small text helpers of the differential and oracle drivers' command lines
// and CSV outputs.
#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace mapsound::differential {

// "a,b,,c" -> {"a", "b", "c"}: a comma-separated option's values.
inline std::vector<std::string> split(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream in(s);
    for (std::string w; std::getline(in, w, ',');)
        if (!w.empty()) out.push_back(w);
    return out;
}

// 's' as one CSV field: quoted (inner quotes doubled) when it holds a comma,
// a quote or a newline.
inline std::string csv(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

}  // namespace mapsound::differential
