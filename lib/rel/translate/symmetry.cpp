// Interchangeable-atom detection and lex-leader predicates.
#include "rel/translate/symmetry.hpp"

#include <map>
#include <set>

namespace mapsound::rel::translate {

using circuit::FALSE;
using circuit::TRUE;
using circuit::negate;

namespace {

std::size_t swap_atom(std::size_t x, std::size_t a, std::size_t b) { return x == a ? b : x == b ? a : x; }

std::size_t swap_tuple(std::size_t index, int arity, std::size_t n, std::size_t a, std::size_t b) {
    if (arity == 1) return swap_atom(index, a, b);
    return swap_atom(index / n, a, b) * n + swap_atom(index % n, a, b);
}

}  // namespace

bool invariant_under_swap(const TupleSet& tuples, std::size_t a, std::size_t b) {
    bool invariant = true;
    tuples.for_each_index([&](std::size_t t) {
        if (invariant && !tuples.contains_index(swap_tuple(t, tuples.arity(), tuples.universe_size(), a, b)))
            invariant = false;
    });
    return invariant;
}

void collect_constants(const detail::Node& node, std::vector<TupleSet>& out) {
    std::set<const detail::Node*> seen;
    std::vector<const detail::Node*> stack{&node};
    while (!stack.empty()) {
        const detail::Node* n = stack.back();
        stack.pop_back();
        if (!seen.insert(n).second) continue;
        if (n->kind == detail::Kind::constant) out.push_back(*n->tuples);
        for (const auto& c : n->children) stack.push_back(c.get());
    }
}

std::vector<std::vector<std::size_t>> interchangeable_atoms(const Bounds& bounds,
                                                            const std::vector<TupleSet>& constants) {
    std::vector<const TupleSet*> sets;
    for (const auto& r : bounds.relations()) {
        sets.push_back(&bounds.lower(r));
        sets.push_back(&bounds.upper(r));
    }
    for (const auto& t : constants) sets.push_back(&t);
    // "a and b can be swapped" is an equivalence: (a c) = (a b)(b c)(a b).
    const std::size_t n = bounds.universe().size();
    std::vector<bool> placed(n, false);
    std::vector<std::vector<std::size_t>> classes;
    for (std::size_t a = 0; a < n; ++a) {
        if (placed[a]) continue;
        std::vector<std::size_t> cls{a};
        for (std::size_t b = a + 1; b < n; ++b) {
            if (placed[b]) continue;
            bool ok = true;
            for (const TupleSet* s : sets)
                if (!invariant_under_swap(*s, a, b)) { ok = false; break; }
            if (ok) {
                cls.push_back(b);
                placed[b] = true;
            }
        }
        if (cls.size() > 1) classes.push_back(std::move(cls));
    }
    return classes;
}

Lit lex_leader(Circuit& c, const Translator& translator, const Bounds& bounds,
               const std::vector<std::vector<std::size_t>>& classes) {
    const std::size_t n = bounds.universe().size();
    const auto& primaries = translator.primary_variables();
    // Position of each primary variable in the fixed order.
    std::map<std::pair<std::size_t, std::uint32_t>, std::size_t> position;
    for (std::size_t i = 0; i < primaries.size(); ++i) position[{primaries[i].relation, primaries[i].tuple}] = i;

    std::vector<Lit> predicates;
    for (const auto& cls : classes) {
        for (std::size_t k = 0; k + 1 < cls.size(); ++k) {
            const std::size_t a = cls[k], b = cls[k + 1];
            // primaries <=lex swap(primaries): at the first difference the
            // original has 0 and the image 1.
            Lit equal_so_far = TRUE;
            std::vector<Lit> conj;
            for (std::size_t i = 0; i < primaries.size() && equal_so_far != FALSE; ++i) {
                const auto& v = primaries[i];
                const int arity = translator.relation_matrix(v.relation).arity();
                const auto image = static_cast<std::uint32_t>(swap_tuple(v.tuple, arity, n, a, b));
                if (image == v.tuple) continue;
                auto pos = position.find({v.relation, image});
                // A pair already compared at its mirror position adds nothing.
                if (pos != position.end() && pos->second < i) continue;
                const Lit w = translator.relation_matrix(v.relation).at(image);
                conj.push_back(c.implies(equal_so_far, c.implies(v.lit, w)));
                equal_so_far = c.and2(equal_so_far, c.iff(v.lit, w));
            }
            predicates.push_back(c.and_(conj));
        }
    }
    return c.and_(predicates);
}

}  // namespace mapsound::rel::translate
