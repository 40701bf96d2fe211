#include "text/quote_bytes.hpp"

#include <array>
#include <cstdio>

namespace mapsound::text {

std::string quote_bytes(std::string_view text) {
    // Built by appending, which also sidesteps a false -Wrestrict of GCC 12
    // on `"'" + std::string(...)` at -O3.
    constexpr std::size_t kMaxShown = 40;
    std::string out = "'";
    for (std::size_t i = 0; i < text.size() && i < kMaxShown; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c < 0x7f) {
            out += static_cast<char>(c);
        } else {
            std::array<char, 8> buf{};
            std::snprintf(buf.data(), buf.size(), "\\x%02X", c);
            out += buf.data();
        }
    }
    if (text.size() > kMaxShown) out += "...";
    out += '\'';
    return out;
}

}  // namespace mapsound::text
