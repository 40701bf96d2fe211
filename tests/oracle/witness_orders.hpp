// Candidate values of a model's witness relations (`witness co <= e`),
// listed by brute force within the declared upper bound.
//
// Every witness of the shipped models is required to be a strict partial
// order (`require acyclic w` and `require empty (w ; w) \ w`), so only
// strict partial orders inside the bound can meet the requirements, and
// listing those (hundreds for five writes of one location, where the
// bound's subsets are about a million) loses nothing.  A witness also
// required to be total on its bound (`require empty U \ (w | w^-1)`, U the
// bound, as co-total.cat says) gets only the orders total there: linear
// orders per location.  A witness without the first two requirements gets
// every subset of its bound.  Either way the
// evaluator then checks every requirement on each candidate; this file
// only decides which candidates are worth asking about.
#pragma once

#include <cstddef>
#include <vector>

#include "mapsound/rel.hpp"

namespace mapsound::oracle {

// Every strict partial order (irreflexive and transitive) whose pairs all
// lie in 'upper', a binary tuple set over at most 64 atoms, and that
// orders each pair of 'comparable' (when given) one way or the other.
// Each order once.
std::vector<rel::TupleSet> partial_orders_within(const rel::TupleSet& upper, const rel::TupleSet* comparable = nullptr);

// Every subset of 'upper'.  Throws std::length_error beyond 2^max_pairs.
std::vector<rel::TupleSet> subsets_of(const rel::TupleSet& upper, std::size_t max_pairs = 20);

}  // namespace mapsound::oracle
