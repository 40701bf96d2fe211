// ExecutionQuery: one pre-execution under one model, ready for the solver.
#include "mapsound/exec.hpp"

namespace mapsound::exec {

ExecutionQuery::ExecutionQuery(const model::Model& model, const PreExecution& x)
    : bounds(universe_of(x)),
      rf(rel::Relation::binary("rf")),
      instance(model.instantiate(vocabulary_of(x, rf))),
      reads_from(bound_reads_from(x, rf, bounds)) {
    for (const auto& w : instance.witnesses)
        bounds.bound(w.relation, rel::TupleSet(x.events.size(), w.relation.arity()), rel::upper_bound(w.upper, bounds));
}

rel::Formula ExecutionQuery::well_formed() const { return reads_from && instance.well_formed(); }

rel::Formula ExecutionQuery::consistent() const { return reads_from && instance.consistent(); }

}  // namespace mapsound::exec
