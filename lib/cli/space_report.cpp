// What a verdict covered, printed (see space_report.hpp).
#include "cli/space_report.hpp"

#include <algorithm>

#include "cli/json.hpp"
#include "mapsound/litmus/dialects.hpp"

namespace mapsound::cli {

namespace {


std::string race_free_text(const std::string& reading) {
    if (reading == "program") return "race-free programs only";
    if (reading == "execution") return "race-free executions only";
    return "racy executions included (no race-free flag)";
}

}  // namespace

std::string exclusion_suffix(const check::SearchedSpace& space) {
    std::string out;
    for (const auto& e : space.excluded) out += (out.empty() ? ", excluding " : ", ") + e.text;
    return out;
}

std::string space_text(const check::SearchedSpace& space) {
    std::string out = litmus::dialect_title(space.dialect) + " programs of " + std::to_string(space.classes.size()) +
                      (space.classes.size() == 1 ? " class" : " classes");
    int low = 0, high = 0;
    for (const auto& c : space.classes)
        if (c.events > 0) {
            low = low == 0 ? c.events : std::min(low, c.events);
            high = std::max(high, c.events);
        }
    const auto missing = space.unwitnessed();
    if (!space.classes.empty()) {
        out += " (";
        if (low > 0)
            out += (missing.empty() ? "each" : "others") + std::string(" in a consistent execution with a race-free lift from ") +
                   (low == high ? std::to_string(low) : std::to_string(low) + " to " + std::to_string(high)) + " events";
        if (!missing.empty()) out += std::string(low > 0 ? "; " : "") + mapping::to_string(missing) + " in none";
        out += ")";
    }
    for (const auto& e : space.excluded)
        out += "; excluded " + e.text + (e.reason.empty() ? "" : " (" + e.reason + ")");
    out += "; " + race_free_text(space.race_free);
    if (space.target_events) out += "; at most " + std::to_string(*space.target_events) + " target events";
    if (!space.bounds.empty()) {
        out += "; programs per bound";
        for (std::size_t i = 0; i < space.bounds.size(); ++i)
            out += (i ? ", " : " ") + std::to_string(space.bounds[i].events) + ": " + space.bounds[i].programs;
        std::uint64_t racy = 0;
        for (const auto& b : space.bounds) racy += b.racy_programs;
        if (racy > 0) out += "; " + std::to_string(racy) + " racy programs skipped";
    }
    return out;
}

std::string space_json(const check::SearchedSpace& space) {
    std::string out = "{\"dialect\": " + json_string(std::string(litmus::to_string(space.dialect))) + ", \"classes\": [";
    for (std::size_t i = 0; i < space.classes.size(); ++i)
        out += (i ? ", " : "") + std::string("{\"class\": ") + json_string(space.classes[i].source_class.to_string()) +
               ", \"witnessed_at\": " + std::to_string(space.classes[i].events) + "}";
    out += "], \"excluded\": [";
    for (std::size_t i = 0; i < space.excluded.size(); ++i)
        out += (i ? ", " : "") + std::string("{\"class\": ") + json_string(space.excluded[i].text) +
               ", \"reason\": " + json_string(space.excluded[i].reason) + "}";
    out += "], \"race_free\": " + json_string(space.race_free);
    if (space.target_events) out += ", \"target_events\": " + std::to_string(*space.target_events);
    out += ", \"bounds\": [";
    for (std::size_t i = 0; i < space.bounds.size(); ++i)
        out += (i ? ", " : "") + std::string("{\"events\": ") + std::to_string(space.bounds[i].events) +
               ", \"shapes\": " + std::to_string(space.bounds[i].shapes) + ", \"programs\": " + space.bounds[i].programs +
               ", \"racy_programs\": " + std::to_string(space.bounds[i].racy_programs) + "}";
    out += "], \"vacuous\": " + std::string(space.vacuous() ? "true" : "false") + "}";
    return out;
}

}  // namespace mapsound::cli
