// The solver's question about one candidate (see query.hpp).
#include "litmus/query.hpp"

#include <algorithm>

namespace mapsound::litmus::detail {

namespace {

// Pairs of distinct events of one kind that are pieces of one run of one
// torn instruction (exec::Event::piece_of): an atomic's read pieces with
// each other, its write pieces with each other; a read and a write of it
// stay ordered by po, as the whole instruction's are.
std::vector<std::pair<std::size_t, std::size_t>> same_instruction_pieces(const exec::PreExecution& pre) {
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    const auto& ev = pre.events;
    // Every candidate of every test comes here; almost none is torn.
    if (std::none_of(ev.begin(), ev.end(), [](const exec::Event& e) { return e.piece_of >= 0; })) return pairs;
    for (std::size_t i = 0; i < ev.size(); ++i)
        for (std::size_t j = 0; j < ev.size(); ++j)
            if (i != j && ev[i].piece_of >= 0 && ev[i].piece_of == ev[j].piece_of && ev[i].thread == ev[j].thread &&
                ev[i].kind == ev[j].kind)
                pairs.emplace_back(i, j);
    return pairs;
}

}  // namespace

model::Vocabulary litmus_vocabulary(const Candidate& candidate, const rel::Relation& rf) {
    model::Vocabulary v = exec::vocabulary_of(candidate.pre, rf);
    const auto pieces = same_instruction_pieces(candidate.pre);
    if (candidate.late_barrier_sync.empty() && pieces.empty()) return v;
    // same-barrier and po are primitive facts; the names derived from them
    // (sbar, ...) are derived again from the changed facts by their one
    // definition.
    const rel::Instance none(exec::universe_of(candidate.pre));
    model::Vocabulary primitives;
    for (const std::string& name : exec::primitive_names()) primitives.emplace(name, v.at(name));
    rel::TupleSet same_barrier = rel::evaluate(v.at("same-barrier"), none);
    for (auto [s, l] : candidate.late_barrier_sync)
        same_barrier.add(static_cast<std::size_t>(s), static_cast<std::size_t>(l));
    primitives.insert_or_assign("same-barrier", rel::constant(same_barrier));
    // The pieces of one torn instruction (a mixed-size program) are not
    // ordered by po (Dartagnan's reading: events of one instruction are not
    // program-ordered), and si relates them (vocabulary.cat: si is the
    // identity otherwise).
    const rel::TupleSet po = rel::evaluate(v.at("po"), none);
    rel::TupleSet si = rel::evaluate(v.at("si"), none);
    for (auto [a, b] : pieces) si.add(a, b);
    rel::TupleSet po_kept(po.universe_size(), 2);
    for (std::size_t idx : po.indices()) {
        const std::size_t a = idx / po.universe_size(), b = idx % po.universe_size();
        if (!si.contains(a, b)) po_kept.add(a, b);
    }
    primitives.insert_or_assign("po", rel::constant(po_kept));
    model::Vocabulary derived = exec::derive_vocabulary(std::move(primitives));
    for (auto& [name, expr] : derived)
        if (name != "rf") expr = rel::constant(rel::evaluate(expr, none));
    derived.insert_or_assign("si", rel::constant(si));
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
