// The solver's question about one candidate (see query.hpp).
#include "litmus/query.hpp"

namespace mapsound::litmus::detail {

model::Vocabulary litmus_vocabulary(const Candidate& candidate, const rel::Relation& rf) {
    model::Vocabulary v = exec::vocabulary_of(candidate.pre, rf);
    if (candidate.late_barrier_sync.empty()) return v;
    // same-barrier is a primitive fact; the names derived from it (sbar)
    // are derived again from the extended fact by their one definition.
    const rel::Instance none(exec::universe_of(candidate.pre));
    model::Vocabulary primitives;
    for (const std::string& name : exec::primitive_names()) primitives.emplace(name, v.at(name));
    rel::TupleSet same_barrier = rel::evaluate(v.at("same-barrier"), none);
    for (auto [s, l] : candidate.late_barrier_sync)
        same_barrier.add(static_cast<std::size_t>(s), static_cast<std::size_t>(l));
    primitives.insert_or_assign("same-barrier", rel::constant(same_barrier));
    model::Vocabulary derived = exec::derive_vocabulary(std::move(primitives));
    for (auto& [name, expr] : derived)
        if (name != "rf") expr = rel::constant(rel::evaluate(expr, none));
    return derived;
}

LitmusQuery::LitmusQuery(const model::Model& model, const Candidate& candidate)
    : bounds(exec::universe_of(candidate.pre)),
      rf(rel::Relation::binary("rf")),
      instance(model.instantiate(litmus_vocabulary(candidate, rf))),
      reads_from(exec::bound_reads_from(candidate.pre, rf, bounds)) {
    const std::size_t n = candidate.pre.events.size();
    for (const auto& w : instance.witnesses)
        bounds.bound(w.relation, rel::TupleSet(n, w.relation.arity()), rel::upper_bound(w.upper, bounds));
}

}  // namespace mapsound::litmus::detail
