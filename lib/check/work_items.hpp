// One bound's shapes searched by Options::workers (other processes) rather
// than by threads of this one: the scheduling that keeps the sweep's
// answers independent of how many workers there are.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "check/shape.hpp"
#include "mapsound/check.hpp"

namespace mapsound::check {

struct RemoteBound {
    // The smallest shape index with a counterexample (shapes.size(): none).
    std::size_t best = 0;
    // Per shape: its statistics, when its search finished.
    std::vector<std::optional<Statistics>> statistics;
    bool stopped = false;  // a stop request or a worker's stop ended the bound early
};

// Hands the shapes to idle workers in index order; after a counterexample
// at index i no shape after i starts (unless every_shape), every shape
// before i finishes.  'done' is called after each finished item with the
// number finished.  Throws std::runtime_error naming the work item of the
// first (smallest index) search that failed.
RemoteBound search_remotely(Workers& workers, const std::string& axiom, int bound, const std::vector<Shape>& shapes,
                            bool every_shape, std::stop_token stop, const std::function<void(std::size_t)>& done);

}  // namespace mapsound::check
