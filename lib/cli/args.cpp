// Reading command-line arguments (see args.hpp).
#include "cli/args.hpp"

#include <charconv>
#include <filesystem>
#include <iostream>

#include "text/quote_bytes.hpp"

namespace mapsound::cli {

namespace {

// Whether text is all decimal digits (at least one).
bool all_digits(const std::string& text) {
    if (text.empty()) return false;
    for (char c : text)
        if (c < '0' || c > '9') return false;
    return true;
}

}  // namespace

std::optional<int> positive_number(const std::string& text, int max) {
    if (!all_digits(text)) return std::nullopt;
    long long value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < 1 || value > max) return std::nullopt;
    return static_cast<int>(value);
}

std::optional<int> number_option(const std::vector<std::string>& args, std::size_t& i, const std::string& command,
                                 int max, const std::string& why) {
    const std::string& option = args[i];
    const std::string range = max == INT_MAX ? "a positive whole number" : "a whole number from 1 to " + std::to_string(max);
    if (i + 1 >= args.size()) {
        std::cerr << "mapsound " << command << ": " << option << " takes " << range << "\n";
        return std::nullopt;
    }
    const std::string& text = args[++i];
    const auto value = positive_number(text, max);
    if (!value) {
        std::cerr << "mapsound " << command << ": " << option << " takes " << range << ", not " << text::quote_bytes(text);
        // A number above the cap: say why there is one.
        const bool above = all_digits(text) && text.find_first_not_of('0') != std::string::npos;
        if (above && !why.empty()) std::cerr << " (" << why << ")";
        std::cerr << "\n";
    }
    return value;
}

std::optional<int> jobs_option(const std::vector<std::string>& args, std::size_t& i, const std::string& command) {
    return number_option(args, i, command, kMaxJobs,
                         "each job is a thread with its own SAT solver; more jobs than cores gain nothing");
}

std::optional<std::string> text_option(const std::vector<std::string>& args, std::size_t& i,
                                       const std::string& command) {
    if (i + 1 >= args.size()) {
        std::cerr << "mapsound " << command << ": " << args[i] << " needs a value\n";
        return std::nullopt;
    }
    return args[++i];
}

bool asks_for_help(const std::vector<std::string>& args) {
    for (const auto& a : args)
        if (a == "--help" || a == "-h") return true;
    return false;
}

bool reference_option(const std::vector<std::string>& args, std::size_t& i, const std::string& command,
                      check::Options& options) {
    const auto part = text_option(args, i, command);
    if (!part) return false;
    if (check::select_reference(*part, options)) return true;
    const auto& names = check::reference_names();
    std::string listed;
    for (std::size_t k = 0; k < names.size(); ++k)
        listed += (k == 0 ? "" : k + 1 == names.size() ? " or " : ", ") + names[k];
    std::cerr << "mapsound " << command << ": --reference takes " << listed << ", not '" << *part << "'\n";
    return false;
}

std::string display_path(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path absolute = fs::weakly_canonical(fs::absolute(path, ec), ec);
    if (ec) return path;
    const fs::path relative = absolute.lexically_relative(fs::current_path(ec));
    if (ec || relative.empty() || *relative.begin() == "..") return path;
    return relative.string();
}

}  // namespace mapsound::cli
