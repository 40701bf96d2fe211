// Polarity analysis: in which direction the truth of an asserted formula
// depends on each closure (r^+, r^*) and each acyclic(r).
//
// A closure on which the formula depends only antitonically (growing it can
// only make the formula false, as in acyclic(r) or irreflexive(r^+;s)
// asserted true) may be replaced by any transitive relation containing r.
// An acyclic(r) that occurs only negatively may be decided by a cycle
// witness.  Everything else needs the exact closure.
#pragma once

#include <cstdint>
#include <unordered_map>

#include "rel/ast/node.hpp"

namespace mapsound::rel::translate {

// Bit set: positive = growing the value (or, for a formula, making it true)
// can make the asserted formula true; negative = can make it false.
enum Polarity : std::uint8_t { positive = 1, negative = 2, both = 3 };

inline Polarity flip(Polarity p) {
    return static_cast<Polarity>(((p & positive) ? negative : 0) | ((p & negative) ? positive : 0));
}

// Polarities of the closure, reflexive-closure and acyclic nodes reachable
// from a formula that is asserted true.
class PolarityMap {
public:
    void analyse(const detail::Node& formula);
    // The union of the polarities of a node's occurrences (0 if unseen).
    std::uint8_t of(const detail::Node* node) const;

private:
    void visit(const detail::Node& node, Polarity p);
    std::unordered_map<const detail::Node*, std::uint8_t> seen_;
};

}  // namespace mapsound::rel::translate
