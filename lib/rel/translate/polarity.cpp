// Propagates polarities top-down through formulas and expressions.
#include "rel/translate/polarity.hpp"

namespace mapsound::rel::translate {

using detail::Kind;
using detail::Node;

void PolarityMap::analyse(const Node& formula) { visit(formula, positive); }

std::uint8_t PolarityMap::of(const Node* node) const {
    auto it = seen_.find(node);
    return it == seen_.end() ? 0 : it->second;
}

void PolarityMap::visit(const Node& node, Polarity p) {
    // Each (node, polarity) is visited once: shared sub-terms stay linear.
    std::uint8_t& mask = seen_[&node];
    if ((mask | p) == mask) return;
    mask |= p;
    const auto& ch = node.children;
    switch (node.kind) {
        // Monotone in every operand.
        case Kind::union_: case Kind::intersection: case Kind::join: case Kind::product:
        case Kind::transpose: case Kind::closure: case Kind::reflexive_closure: case Kind::iden_on:
        case Kind::domain_restrict: case Kind::range_restrict: case Kind::domain: case Kind::range:
        case Kind::and_: case Kind::or_: case Kind::some:
            for (const auto& c : ch) visit(*c, p);
            break;
        case Kind::fixpoint:
            visit(*ch[0], p);
            break;
        case Kind::fixpoint_system:
            // Bodies are monotone in the variables, so they share the
            // fixpoint's polarity.
            for (std::size_t i = ch.size() / 2; i < ch.size(); ++i) visit(*ch[i], p);
            break;
        case Kind::difference:
            visit(*ch[0], p);
            visit(*ch[1], flip(p));
            break;
        case Kind::if_then_else:
            visit(*ch[0], both);
            visit(*ch[1], p);
            visit(*ch[2], p);
            break;
        case Kind::subset:
            visit(*ch[0], flip(p));
            visit(*ch[1], p);
            break;
        case Kind::no: case Kind::lone: case Kind::not_: case Kind::acyclic: case Kind::irreflexive:
            // Antitone: a larger operand (a truer negated formula) is worse.
            visit(*ch[0], flip(p));
            break;
        case Kind::implies:
            visit(*ch[0], flip(p));
            visit(*ch[1], p);
            break;
        case Kind::equal: case Kind::one: case Kind::iff:
            for (const auto& c : ch) visit(*c, both);
            break;
        case Kind::forall: case Kind::exists:
            visit(*ch[1], both);
            visit(*ch[2], p);
            break;
        default:  // leaves
            break;
    }
}

}  // namespace mapsound::rel::translate
