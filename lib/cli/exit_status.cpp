// Exit statuses and early JSON errors (see exit_status.hpp).
#include "cli/exit_status.hpp"

#include <algorithm>
#include <iostream>
#include <sstream>

#include "cli/json.hpp"

namespace mapsound::cli {

int exit_status(bool bad_input, bool differs, bool vacuous_or_unknown) {
    if (bad_input) return kBadInput;
    if (differs) return kDiffers;
    if (vacuous_or_unknown) return kVacuousOrUnknown;
    return kAsExpected;
}

bool wants_json(const std::vector<std::string>& args) {
    return std::find(args.begin(), args.end(), "--json") != args.end();
}

std::string capture_stderr(const std::function<void()>& body) {
    std::ostringstream captured;
    auto* saved = std::cerr.rdbuf(captured.rdbuf());
    try {
        body();
    } catch (...) {
        std::cerr.rdbuf(saved);
        std::cerr << captured.str();
        throw;
    }
    std::cerr.rdbuf(saved);
    std::cerr << captured.str();
    return captured.str();
}

void print_json_error(const std::string& command, const std::string& message, int status) {
    std::string text = message;
    while (!text.empty() && text.back() == '\n') text.pop_back();
    std::cout << "{\"command\": " << json_string(command) << ", \"error\": " << json_string(text)
              << ", \"exit_status\": " << status << "}\n"
              << std::flush;
}

}  // namespace mapsound::cli
