// Reading command-line arguments (see args.hpp).
#include "cli/args.hpp"

#include <exception>

namespace mapsound::cli {

std::optional<int> positive_number(const std::string& text) {
    try {
        std::size_t used = 0;
        const int value = std::stoi(text, &used);
        if (used != text.size() || value < 1) return std::nullopt;
        return value;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

}  // namespace mapsound::cli
