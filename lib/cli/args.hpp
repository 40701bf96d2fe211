// Reading command-line arguments shared by the commands.
#pragma once

#include <optional>
#include <string>

namespace mapsound::cli {

// The value of 'text' when all of it is a positive decimal integer that
// fits an int; nullopt otherwise ("3x", "0", "-1", "", "99999999999").
std::optional<int> positive_number(const std::string& text);

}  // namespace mapsound::cli
