// Deciding one hand-built pre-execution under a model, the way litmus mode
// does it, with the evaluator re-checking what the solver finds.
#pragma once

#include <doctest/doctest.h>

#include "mapsound/exec.hpp"
#include "mapsound/model.hpp"

namespace exectest {

using namespace mapsound;

// Whether some consistent execution of 'x' exists under the model.
inline bool allowed(const model::Model& m, const exec::PreExecution& x) {
    exec::ExecutionQuery query(m, x);
    const rel::Formula f = query.consistent();
    auto found = rel::solve(f, query.bounds);
    if (found) CHECK(rel::evaluate(f, *found));  // the second way to the answer
    return found.has_value();
}

}  // namespace exectest
