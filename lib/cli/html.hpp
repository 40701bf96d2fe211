// Text for an HTML page: `&`, `<`, `>` and `"` as entities, so that any
// text (a path, a model's message) can go inside an element or an
// attribute value in double quotes.
#pragma once

#include <string>
#include <string_view>

namespace mapsound::cli {

inline std::string html(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

}  // namespace mapsound::cli
