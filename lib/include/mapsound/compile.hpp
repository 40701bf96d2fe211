// Compiling a source pre-execution with a mapping: the target events each
// source event lowers to, and the map relation between them.
//
// Threads, placements, locations, values and program order carry over:
// each source event's target instructions take its place in its thread, in
// the mapping's order.  Initial writes map one to one.  A source
// read-modify-write (an rmw pair) maps to a sequence with one `atom`, whose
// two events are again an rmw pair.  Dependencies are carried from the
// target read of the source read to the target access of the source access
// (ctrl: to every target event of it).
#pragma once

#include <utility>
#include <vector>

#include "mapsound/exec.hpp"
#include "mapsound/mapping.hpp"

namespace mapsound::mapping {

struct Compiled {
    exec::PreExecution target;
    // (source event, target event): the source read of an RMW maps to the
    // leading fences and the atom's read, its write to the atom's write;
    // every other source event to all its target events.
    std::vector<std::pair<int, int>> map;
};

// Throws MappingError (naming the mapping file) when a source event has no
// rule, or a rule passes through a scope the event does not have.
Compiled compile(const exec::PreExecution& source, const Mapping& mapping);

}  // namespace mapsound::mapping
