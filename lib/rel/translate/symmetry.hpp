// Symmetry breaking for interchangeable atoms (Kodkod's lex-leader).
//
// Two atoms are interchangeable when swapping them maps every bound and
// every constant of the formula onto itself; then swapping them maps
// instances to instances.  Such swaps generate a group, and requiring the
// primary variables to be lexicographically no greater than their image
// under each generating swap keeps at least one instance of every orbit, so
// satisfiability never changes (counts do).
#pragma once

#include <vector>

#include "mapsound/rel/bounds.hpp"
#include "rel/translate/translator.hpp"

namespace mapsound::rel::translate {

// Classes of interchangeable atoms (each of size >= 2), given the tuple sets
// the formula refers to besides the bounds.
std::vector<std::vector<std::size_t>> interchangeable_atoms(const Bounds& bounds,
                                                            const std::vector<TupleSet>& constants);

// Whether swapping atoms a and b maps 'tuples' onto itself.
bool invariant_under_swap(const TupleSet& tuples, std::size_t a, std::size_t b);

// The constants (constant tuple sets) a formula mentions.
void collect_constants(const detail::Node& node, std::vector<TupleSet>& out);

// The lex-leader predicate for swapping consecutive atoms of each class.
Lit lex_leader(Circuit& c, const Translator& translator, const Bounds& bounds,
               const std::vector<std::vector<std::size_t>>& classes);

}  // namespace mapsound::rel::translate
