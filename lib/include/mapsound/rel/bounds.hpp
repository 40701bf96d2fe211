// Bounds (the search space) and instances (one point in it).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "mapsound/rel/ast.hpp"
#include "mapsound/rel/universe.hpp"

namespace mapsound::rel {

// Gives each free relation a lower and an upper tuple set over one universe.
// Tuples in the lower bound are in every instance, tuples outside the upper
// bound in none; only the tuples in between are left to the solver.
class Bounds {
public:
    explicit Bounds(Universe universe);

    const Universe& universe() const { return universe_; }

    // Bounds 'r' by lower <= r <= upper.  Throws std::invalid_argument if the
    // arities or universe sizes disagree or lower is not a subset of upper.
    // Bounding a relation again replaces its bounds.
    void bound(const Relation& r, const TupleSet& lower, const TupleSet& upper);
    // lower = upper = exact.
    void bound_exactly(const Relation& r, const TupleSet& exact);

    bool has(const Relation& r) const;
    // Throw std::out_of_range for an unbounded relation.
    const TupleSet& lower(const Relation& r) const;
    const TupleSet& upper(const Relation& r) const;

    // The bounded relations, in the order they were first bounded.
    const std::vector<Relation>& relations() const { return order_; }

private:
    struct Entry {
        TupleSet lower, upper;
    };
    Universe universe_;
    std::map<std::uint64_t, Entry> entries_;
    std::vector<Relation> order_;
};

// A value for every bounded relation.
class Instance {
public:
    explicit Instance(Universe universe);

    const Universe& universe() const { return universe_; }
    void set(const Relation& r, TupleSet tuples);
    // Throws std::out_of_range if 'r' has no value.
    const TupleSet& tuples(const Relation& r) const;
    bool has(const Relation& r) const;
    const std::vector<Relation>& relations() const { return order_; }

    // One line per relation: "name = {(a0,a1), ...}".
    std::string to_string() const;

private:
    Universe universe_;
    std::map<std::uint64_t, TupleSet> values_;
    std::vector<Relation> order_;
};

}  // namespace mapsound::rel
