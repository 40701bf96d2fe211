// JSON string escaping (RFC 8259), see json.hpp.
#include "cli/json.hpp"

#include <cstdio>

namespace mapsound::cli {

namespace {

// The length of the well-formed UTF-8 sequence starting at s[i] (Unicode
// Table 3-7), or 0 when the bytes there are not one.
std::size_t utf8_sequence(const std::string& s, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char b0 = byte(i);
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;  // the range of the second byte
    if (b0 >= 0xC2 && b0 <= 0xDF) length = 2;
    else if (b0 == 0xE0) length = 3, low = 0xA0;
    else if (b0 >= 0xE1 && b0 <= 0xEC) length = 3;
    else if (b0 == 0xED) length = 3, high = 0x9F;  // no surrogates
    else if (b0 >= 0xEE && b0 <= 0xEF) length = 3;
    else if (b0 == 0xF0) length = 4, low = 0x90;
    else if (b0 >= 0xF1 && b0 <= 0xF3) length = 4;
    else if (b0 == 0xF4) length = 4, high = 0x8F;  // at most U+10FFFF
    else return 0;
    if (i + length > s.size()) return 0;
    if (byte(i + 1) < low || byte(i + 1) > high) return 0;
    for (std::size_t k = 2; k < length; ++k)
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
    return length;
}

void escape(std::string& out, unsigned code) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\u%04x", code);
    out += buf;
}

}  // namespace

std::string json_string(const std::string& s) {
    std::string out = "\"";
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            if (const std::size_t n = utf8_sequence(s, i)) {
                out.append(s, i, n);
                i += n;
            } else {
                escape(out, c);  // Latin-1: byte 0xXX is U+00XX
                ++i;
            }
            continue;
        }
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                if (c < 0x20 || c == 0x7f)
                    escape(out, c);
                else
                    out += static_cast<char>(c);
        }
        ++i;
    }
    return out + "\"";
}

std::string json_strings(const std::vector<std::string>& items) {
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + json_string(items[i]);
    return out + "]";
}

std::string fixed(double v, int digits) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, v);
    return text;
}

std::string statistics_json(const check::Statistics& s) {
    return "{\"shapes\": " + std::to_string(s.shapes) + ", \"solver_calls\": " + std::to_string(s.solver_calls) +
           ", \"spurious\": " + std::to_string(s.spurious) + ", \"racy_programs\": " + std::to_string(s.racy_programs) +
           ", \"max_variables\": " + std::to_string(s.max_variables) +
           ", \"max_clauses\": " + std::to_string(s.max_clauses) +
           ", \"translation_seconds\": " + fixed(s.translation_seconds, 3) +
           ", \"solve_seconds\": " + fixed(s.solve_seconds, 3) + "}";
}

}  // namespace mapsound::cli
