#include "cli/search_progress.hpp"

#include <unistd.h>

#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "cli/json.hpp"

namespace mapsound::cli {

SearchProgress::SearchProgress(bool requested, bool json)
    : live_(requested || (isatty(STDERR_FILENO) && !json)), terminal_(isatty(STDERR_FILENO)) {}

void SearchProgress::attach(check::Options& options) const {
    if (!live_) return;
    using clock = std::chrono::steady_clock;
    auto last = std::make_shared<std::optional<clock::time_point>>();
    const bool terminal = terminal_;
    options.progress = [terminal, last](const check::Progress& p) {
        const std::string line = "[" + p.axiom + "] bound " + std::to_string(p.bound) + ": " +
                                 std::to_string(p.shapes_done) + "/" + std::to_string(p.shapes_total) + " shapes, " +
                                 fixed(p.elapsed_seconds, 1) + " s";
        if (terminal) {
            std::cerr << "\r" << line << "\033[K" << std::flush;
            return;
        }
        const auto now = clock::now();
        if (*last && now - **last < std::chrono::seconds(1)) return;
        *last = now;
        std::cerr << "progress " << line << "\n" << std::flush;
    };
}

void SearchProgress::clear() const {
    if (live_ && terminal_) std::cerr << "\r\033[K" << std::flush;
}

}  // namespace mapsound::cli
