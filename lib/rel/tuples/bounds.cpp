// Bounds and Instance: relation -> tuple sets, keyed by relation identity.
#include <stdexcept>

#include "mapsound/rel/bounds.hpp"

namespace mapsound::rel {

Bounds::Bounds(Universe universe) : universe_(std::move(universe)) {}

void Bounds::bound(const Relation& r, const TupleSet& lower, const TupleSet& upper) {
    const std::string who = "Bounds::bound(" + r.name() + "): ";
    if (lower.arity() != r.arity() || upper.arity() != r.arity())
        throw std::invalid_argument(who + "bound arity differs from the relation's arity " +
                                    std::to_string(r.arity()));
    if (lower.universe_size() != universe_.size() || upper.universe_size() != universe_.size())
        throw std::invalid_argument(who + "bound is over a universe of another size");
    if (!lower.subset_of(upper))
        throw std::invalid_argument(who + "lower bound is not a subset of the upper bound");
    auto [it, inserted] = entries_.insert_or_assign(r.id(), Entry{lower, upper});
    (void)it;
    if (inserted) order_.push_back(r);
}

void Bounds::bound_exactly(const Relation& r, const TupleSet& exact) { bound(r, exact, exact); }

bool Bounds::has(const Relation& r) const { return entries_.count(r.id()) != 0; }

const TupleSet& Bounds::lower(const Relation& r) const {
    auto it = entries_.find(r.id());
    if (it == entries_.end()) throw std::out_of_range("Bounds: relation '" + r.name() + "' is not bounded");
    return it->second.lower;
}

const TupleSet& Bounds::upper(const Relation& r) const {
    auto it = entries_.find(r.id());
    if (it == entries_.end()) throw std::out_of_range("Bounds: relation '" + r.name() + "' is not bounded");
    return it->second.upper;
}

Instance::Instance(Universe universe) : universe_(std::move(universe)) {}

void Instance::set(const Relation& r, TupleSet tuples) {
    if (tuples.arity() != r.arity() || tuples.universe_size() != universe_.size())
        throw std::invalid_argument("Instance::set(" + r.name() + "): tuple set of the wrong shape");
    auto [it, inserted] = values_.insert_or_assign(r.id(), std::move(tuples));
    (void)it;
    if (inserted) order_.push_back(r);
}

const TupleSet& Instance::tuples(const Relation& r) const {
    auto it = values_.find(r.id());
    if (it == values_.end()) throw std::out_of_range("Instance: relation '" + r.name() + "' has no value");
    return it->second;
}

bool Instance::has(const Relation& r) const { return values_.count(r.id()) != 0; }

std::string Instance::to_string() const {
    std::string out;
    for (const auto& r : order_) out += r.name() + " = " + tuples(r).to_string(universe_) + "\n";
    return out;
}

}  // namespace mapsound::rel
