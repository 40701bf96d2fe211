// The reference encodings by name (see check.hpp): the one place that says
// which options each `--reference` selects.
#include "mapsound/check.hpp"

#include <algorithm>

namespace mapsound::check {

const std::vector<std::string>& reference_names() {
    static const std::vector<std::string> names = {"closure", "transitivity", "scope-trees", "thread-order",
                                                   "spurious", "all"};
    return names;
}

bool select_reference(const std::string& name, Options& options) {
    const auto& names = reference_names();
    if (std::find(names.begin(), names.end(), name) == names.end()) return false;
    const bool all = name == "all";
    if (all || name == "closure") options.closure = rel::ClosureEncoding::squaring;
    if (all || name == "transitivity") options.transitivity = rel::Transitivity::eager;
    if (all || name == "scope-trees") options.scope_trees = Options::ScopeTrees::enumerated;
    if (all || name == "thread-order") options.order_equal_threads = false;
    if (all || name == "spurious") options.spurious_exclusion = Options::SpuriousExclusion::by_candidate;
    return true;
}

}  // namespace mapsound::check
