// Sparse boolean matrices: the value of a relational expression as circuit
// literals, one per tuple that may be present.  Absent cells are FALSE, so
// tuples outside the bounds cost nothing (Kodkod's sparse matrices).
#pragma once

#include <boost/container/flat_map.hpp>
#include <cstdint>

#include "mapsound/rel/universe.hpp"
#include "rel/circuit/circuit.hpp"

namespace mapsound::rel::translate {

using circuit::Circuit;
using circuit::Lit;

class BoolMatrix {
public:
    using Cells = boost::container::flat_map<std::uint32_t, Lit>;

    BoolMatrix(std::size_t universe_size, int arity) : n_(universe_size), arity_(arity) {}
    // TRUE for every tuple of 'tuples'.
    static BoolMatrix constant(const TupleSet& tuples);

    std::size_t universe_size() const { return n_; }
    int arity() const { return arity_; }
    const Cells& cells() const { return cells_; }
    // The literal of a tuple index (FALSE if absent).
    Lit at(std::uint32_t index) const;
    // Sets a cell; FALSE erases it.
    void set(std::uint32_t index, Lit value);
    // True if every cell is a constant.
    bool is_constant() const;
    // The cells that are not FALSE, as a tuple set (an upper bound).
    TupleSet support() const;

private:
    std::size_t n_;
    int arity_;
    Cells cells_;
};

BoolMatrix unite(Circuit& c, const BoolMatrix& a, const BoolMatrix& b);
BoolMatrix intersect(Circuit& c, const BoolMatrix& a, const BoolMatrix& b);
BoolMatrix subtract(Circuit& c, const BoolMatrix& a, const BoolMatrix& b);
BoolMatrix join(Circuit& c, const BoolMatrix& a, const BoolMatrix& b);
BoolMatrix product(Circuit& c, const BoolMatrix& a, const BoolMatrix& b);
BoolMatrix transpose(const BoolMatrix& a);
BoolMatrix iden_on(const BoolMatrix& set);
BoolMatrix domain(Circuit& c, const BoolMatrix& a);
BoolMatrix range(Circuit& c, const BoolMatrix& a);
BoolMatrix choose(Circuit& c, Lit cond, const BoolMatrix& then, const BoolMatrix& otherwise);
// Transitive closure by iterative squaring: exact, log2(n) joins.
BoolMatrix closure_by_squaring(Circuit& c, const BoolMatrix& a);

Lit subset(Circuit& c, const BoolMatrix& a, const BoolMatrix& b);
Lit equal(Circuit& c, const BoolMatrix& a, const BoolMatrix& b);
Lit no(Circuit& c, const BoolMatrix& a);
Lit some(Circuit& c, const BoolMatrix& a);
Lit lone(Circuit& c, const BoolMatrix& a);
Lit one(Circuit& c, const BoolMatrix& a);

}  // namespace mapsound::rel::translate
