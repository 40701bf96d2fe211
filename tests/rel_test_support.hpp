// Small helpers shared by the relational-core tests.  Everything here goes
// through mapsound's public API only.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include <mapsound/rel.hpp>

namespace reltest {

using namespace mapsound::rel;

// Names for messages.  std::string rather than const char*: doctest's INFO
// prints a const char* operand as a pointer.
inline std::string encoding_name(ClosureEncoding e) {
    return e == ClosureEncoding::squaring ? "squaring" : "polarity_aware";
}

inline std::string symmetry_name(SymmetryBreaking s) {
    switch (s) {
    case SymmetryBreaking::automatic: return "automatic";
    case SymmetryBreaking::on: return "on";
    case SymmetryBreaking::off: return "off";
    }
    return "?";
}

// Both closure encodings: every closure-sensitive answer is checked under each.
inline constexpr ClosureEncoding kEncodings[] = {ClosureEncoding::squaring,
                                                 ClosureEncoding::polarity_aware};

// Both ways of keeping polarity_aware's transitive stand-ins transitive.
inline constexpr Transitivity kTransitivities[] = {Transitivity::lazy, Transitivity::eager};

inline std::string transitivity_name(Transitivity t) { return t == Transitivity::lazy ? "lazy" : "eager"; }

inline Options make_options(ClosureEncoding closure, SymmetryBreaking symmetry,
                            Transitivity transitivity = Transitivity::lazy) {
    Options o;
    o.closure = closure;
    o.symmetry = symmetry;
    o.transitivity = transitivity;
    return o;
}

// Unary tuple set {atoms...} over n atoms.
inline TupleSet atoms(std::size_t n, std::initializer_list<std::size_t> list) {
    TupleSet t(n, 1);
    for (std::size_t a : list) t.add(a);
    return t;
}

// Binary tuple set {(a,b)...} over n atoms.
inline TupleSet pairs(std::size_t n,
                      std::initializer_list<std::pair<std::size_t, std::size_t>> list) {
    TupleSet t(n, 2);
    for (auto [a, b] : list) t.add(a, b);
    return t;
}

// Whether every bounded relation has a value in 'inst' between its bounds.
inline bool within_bounds(const Instance& inst, const Bounds& b) {
    for (const Relation& r : b.relations()) {
        if (!inst.has(r)) return false;
        const TupleSet& v = inst.tuples(r);
        if (!b.lower(r).subset_of(v) || !v.subset_of(b.upper(r))) return false;
    }
    return true;
}

// prefix followed by the number, e.g. "p3".  (Built with += rather than
// "p" + std::to_string(i), which trips a false -Wrestrict in GCC 12, PR105329.)
inline std::string numbered(const char* prefix, std::size_t i) {
    std::string s = prefix;
    s += std::to_string(i);
    return s;
}

// Human-readable bounds, for failure messages.
inline std::string describe(const Bounds& b) {
    std::string s = "universe of ";
    s += std::to_string(b.universe().size());
    s += " atoms\n";
    for (const Relation& r : b.relations())
        s += "  " + r.name() + ": " + b.lower(r).to_string(b.universe()) + " .. " +
             b.upper(r).to_string(b.universe()) + "\n";
    return s;
}

// The pigeonhole problem: 'pigeons' pigeons p0.. and 'holes' holes h0.. as
// atoms of one universe; r (pigeon -> hole) is bounded by Pigeons x Holes.
// Every pigeon sits in some hole, and no hole holds two pigeons.  It is
// satisfiable iff pigeons <= holes; pigeons = holes + 1 is the classic hard
// unsatisfiable family for resolution (hence for CDCL without symmetry help).
struct Pigeonhole {
    Universe universe;
    Relation r;
    TupleSet pigeons, holes;
    Bounds bounds;
    Formula formula;
};

inline Pigeonhole make_pigeonhole(std::size_t pigeons, std::size_t holes) {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < pigeons; ++i) names.push_back(numbered("p", i));
    for (std::size_t i = 0; i < holes; ++i) names.push_back(numbered("h", i));
    Universe u(names);
    const std::size_t n = u.size();
    TupleSet P(n, 1), H(n, 1);
    for (std::size_t i = 0; i < pigeons; ++i) P.add(i);
    for (std::size_t i = 0; i < holes; ++i) H.add(pigeons + i);
    Relation r = Relation::binary("r");
    Bounds b(u);
    b.bound(r, u.none(2), P.product(H));
    Variable p = Variable::unary("p");
    Variable h = Variable::unary("h");
    Formula f = forall(p, constant(P), p.join(r).some()) &&
                forall(h, constant(H), r.join(h).lone());
    return Pigeonhole{u, r, P, H, b, f};
}

}  // namespace reltest
