// What a verdict covered (check::SearchedSpace), as the command line and
// the report page print it: the claim's qualifiers on the verdict line,
// the space per bound, and the JSON object.
#pragma once

#include <string>

#include "mapsound/check.hpp"

namespace mapsound::cli {

// ", excluding RMW.sc, F.acq" — the exclusions that qualify every verdict
// of the check; empty without any.
std::string exclusion_suffix(const check::SearchedSpace& space);

// "C programs of 16 classes (each in a race-free execution from 1 to 2
// events; R.sc in none), race-free executions; programs per bound 1: 26,
// 2: 1380" — one line.
std::string space_text(const check::SearchedSpace& space);

// {"dialect", "classes": [{"class", "witnessed_at"}], "excluded":
// [{"class", "reason"}], "race_free", "target_events"?, "bounds":
// [{"events", "shapes", "programs"}], "vacuous"}.
std::string space_json(const check::SearchedSpace& space);

}  // namespace mapsound::cli
