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
    rel::Bounds bounds(exec::universe_of(x));
    rel::Relation rf = rel::Relation::binary("rf");
    rel::Formula f = exec::bound_reads_from(x, rf, bounds);
    model::ModelInstance inst = m.instantiate(exec::vocabulary_of(x, rf));
    for (const auto& w : inst.witnesses)
        bounds.bound(w.relation, rel::TupleSet(x.events.size(), w.relation.arity()),
                     exec::witness_upper_bound(w.upper, bounds));
    f = f && inst.consistent();
    auto found = rel::solve(f, bounds);
    if (found) CHECK(rel::evaluate(f, *found));  // the second way to the answer
    return found.has_value();
}

}  // namespace exectest
