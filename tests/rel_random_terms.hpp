// The randomized cross-checks' terms (rel_random_test.cpp): a reference
// semantics of expressions and formulas over at most 3 atoms as bit masks,
// written from the definitions in ast.hpp and independent of the library's
// evaluator, and random terms that carry the library term and its
// reference meaning side by side.
#pragma once

#include <bit>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <mapsound/rel.hpp>

#include "rel_test_support.hpp"

namespace rel_random {

using namespace mapsound::rel;

// ---------------------------------------------------------------------------
// Reference semantics.  A value over n <= 3 atoms is a bit mask: bit a for an
// atom, bit a*n+b for a pair (a, b) -- the same flat index TupleSet uses.

using Bits = std::uint32_t;

struct RefCtx {
    std::size_t n = 0;
    std::vector<Bits> rel;                    // value of relation i
    std::map<std::uint64_t, std::size_t> var; // variable id -> bound atom
};

inline Bits bit1(std::size_t n, std::size_t a) { (void)n; return Bits{1} << a; }
inline Bits bit2(std::size_t n, std::size_t a, std::size_t b) { return Bits{1} << (a * n + b); }
inline bool has1(Bits x, std::size_t a) { return (x >> a) & 1u; }
inline bool has2(std::size_t n, Bits x, std::size_t a, std::size_t b) { return (x >> (a * n + b)) & 1u; }

inline Bits ref_iden(std::size_t n) {
    Bits r = 0;
    for (std::size_t a = 0; a < n; ++a) r |= bit2(n, a, a);
    return r;
}
inline Bits ref_univ(std::size_t n) { return (Bits{1} << n) - 1; }

// Composition for the three arity combinations that yield arity >= 1.
inline Bits ref_join(std::size_t n, int ax, Bits x, int ay, Bits y) {
    Bits out = 0;
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < n; ++b) {
            if (ax == 1 && ay == 2) {
                if (has1(x, a) && has2(n, y, a, b)) out |= bit1(n, b);
            } else if (ax == 2 && ay == 1) {
                if (has2(n, x, a, b) && has1(y, b)) out |= bit1(n, a);
            } else {
                for (std::size_t c = 0; c < n; ++c)
                    if (has2(n, x, a, b) && has2(n, y, b, c)) out |= bit2(n, a, c);
            }
        }
    return out;
}
inline Bits ref_product(std::size_t n, Bits x, Bits y) {
    Bits out = 0;
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < n; ++b)
            if (has1(x, a) && has1(y, b)) out |= bit2(n, a, b);
    return out;
}
inline Bits ref_transpose(std::size_t n, Bits x) {
    Bits out = 0;
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < n; ++b)
            if (has2(n, x, a, b)) out |= bit2(n, b, a);
    return out;
}
inline Bits ref_closure(std::size_t n, Bits x) {
    // Least fixed point of c = x | c;c.
    Bits c = x;
    for (;;) {
        Bits next = c | ref_join(n, 2, c, 2, c);
        if (next == c) return c;
        c = next;
    }
}
inline Bits ref_domain(std::size_t n, Bits x) {
    Bits out = 0;
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < n; ++b)
            if (has2(n, x, a, b)) out |= bit1(n, a);
    return out;
}
inline Bits ref_range(std::size_t n, Bits x) { return ref_domain(n, ref_transpose(n, x)); }
inline Bits ref_iden_on(std::size_t n, Bits s) {
    Bits out = 0;
    for (std::size_t a = 0; a < n; ++a)
        if (has1(s, a)) out |= bit2(n, a, a);
    return out;
}
inline bool ref_subset(Bits x, Bits y) { return (x & ~y) == 0; }

// Derived predicates, written from their definitions in ast.hpp.
inline bool ref_acyclic(std::size_t n, Bits r) { return (ref_closure(n, r) & ref_iden(n)) == 0; }
inline bool ref_irreflexive(std::size_t n, Bits r) { return (r & ref_iden(n)) == 0; }
inline bool ref_transitive(std::size_t n, Bits r) { return ref_subset(ref_join(n, 2, r, 2, r), r); }
inline bool ref_strict_total_order(std::size_t n, Bits r, Bits s) {
    if (!ref_subset(r, ref_product(n, s, s)) || !ref_irreflexive(n, r) || !ref_transitive(n, r))
        return false;
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < n; ++b)
            if (a != b && has1(s, a) && has1(s, b) && !has2(n, r, a, b) && !has2(n, r, b, a))
                return false;
    return true;
}
// A total function from a to b: r in a x b, and each element of a has exactly
// one image.
inline bool ref_function(std::size_t n, Bits r, Bits a, Bits b) {
    if (!ref_subset(r, ref_product(n, a, b))) return false;
    for (std::size_t x = 0; x < n; ++x)
        if (has1(a, x) && std::popcount(ref_join(n, 1, bit1(n, x), 2, r)) != 1) return false;
    return true;
}
// Injective: every element has at most one predecessor.
inline bool ref_injective(std::size_t n, Bits r) {
    for (std::size_t y = 0; y < n; ++y)
        if (std::popcount(ref_join(n, 2, r, 1, bit1(n, y))) > 1) return false;
    return true;
}

// ---------------------------------------------------------------------------
// Random terms: each generated term carries the library term and its
// reference meaning side by side.

struct GExpr {
    Expr expr;
    int arity;
    std::function<Bits(RefCtx&)> ref;
};

struct GForm {
    Formula formula;
    std::function<bool(RefCtx&)> ref;
};

struct RelInfo {
    Relation rel;
    int arity;
};

// Weights of the kinds of formula the generator picks (not probabilities:
// relative frequencies).  Different test cases tilt them differently.
struct Weights {
    int compare = 6;      // in, eq, no, some, one, lone
    int connective = 6;   // &&, ||, !, implies, iff
    int quantifier = 2;   // forall, exists
    int predicate = 3;    // acyclic, irreflexive, transitive, sto, function, injective
    int closure = 2;      // extra weight for closure expressions
};

class Generator {
public:
    Generator(std::mt19937& rng, std::size_t n, std::vector<RelInfo> rels, Weights w)
        : rng_(rng), n_(n), rels_(std::move(rels)), w_(w) {}

    GForm formula(int depth);
    GExpr expr(int arity, int depth);
    // A constraint tying a relation to a random constant (r = C, C in r or
    // r in C): it singles out particular atoms.
    GForm pin();

private:
    int pick(int bound) { return std::uniform_int_distribution<int>(0, bound - 1)(rng_); }
    bool coin(double p) { return std::bernoulli_distribution(p)(rng_); }
    // Depth of a child: usually one less, sometimes shallower, so that trees
    // have mixed shapes.
    int child(int depth) { return depth <= 0 ? 0 : (coin(0.7) ? depth - 1 : pick(depth)); }

    GExpr leaf(int arity);
    GExpr constant_expr(int arity);
    GForm compare(int depth);
    GForm predicate(int depth);
    GForm quantifier(int depth);
    GForm connective(int depth);

    std::mt19937& rng_;
    std::size_t n_;
    std::vector<RelInfo> rels_;
    Weights w_;
    std::vector<Variable> scope_;  // variables bound by enclosing quantifiers
    std::size_t next_var_ = 0;
};

inline GExpr Generator::constant_expr(int arity) {
    const std::size_t cap = arity == 1 ? n_ : n_ * n_;
    TupleSet t(n_, arity);
    Bits bits = 0;
    for (std::size_t i = 0; i < cap; ++i)
        if (coin(0.4)) {
            t.add_index(i);
            bits |= Bits{1} << i;
        }
    return {constant(t), arity, [bits](RefCtx&) { return bits; }};
}

inline GExpr Generator::leaf(int arity) {
    std::vector<std::function<GExpr()>> options;
    for (std::size_t i = 0; i < rels_.size(); ++i)
        if (rels_[i].arity == arity) {
            // Relations are the interesting leaves: weigh them up.
            auto make = [this, i, arity]() -> GExpr {
                return {rels_[i].rel, arity, [i](RefCtx& c) { return c.rel[i]; }};
            };
            options.insert(options.end(), 4, make);
        }
    if (arity == 1) {
        for (const Variable& v : scope_) {
            auto make = [v]() -> GExpr {
                const std::uint64_t id = v.id();
                return {v, 1, [id](RefCtx& c) { return Bits{1} << c.var.at(id); }};
            };
            options.insert(options.end(), 3, make);
        }
        options.push_back([]() -> GExpr {
            return {univ(), 1, [](RefCtx& c) { return ref_univ(c.n); }};
        });
    } else {
        options.push_back([]() -> GExpr {
            return {iden(), 2, [](RefCtx& c) { return ref_iden(c.n); }};
        });
    }
    options.push_back([arity]() -> GExpr {
        return {none(arity), arity, [](RefCtx&) { return Bits{0}; }};
    });
    options.push_back([this, arity]() { return constant_expr(arity); });
    return options[pick(static_cast<int>(options.size()))]();
}

inline GExpr Generator::expr(int arity, int depth) {
    if (depth == 0 || coin(0.25)) return leaf(arity);
    const int d = child(depth);
    // Binary set operations apply to both arities.
    auto setop = [&](int which) -> GExpr {
        GExpr a = expr(arity, d), b = expr(arity, child(depth));
        auto fa = a.ref, fb = b.ref;
        switch (which) {
        case 0: return {a.expr | b.expr, arity, [fa, fb](RefCtx& c) { return fa(c) | fb(c); }};
        case 1: return {a.expr & b.expr, arity, [fa, fb](RefCtx& c) { return fa(c) & fb(c); }};
        default: return {a.expr - b.expr, arity, [fa, fb](RefCtx& c) { return fa(c) & ~fb(c); }};
        }
    };
    auto ite = [&]() -> GExpr {
        GForm cond = formula(child(depth));
        GExpr a = expr(arity, d), b = expr(arity, child(depth));
        auto fc = cond.ref;
        auto fa = a.ref, fb = b.ref;
        return {if_then_else(cond.formula, a.expr, b.expr), arity,
                [fc, fa, fb](RefCtx& c) { return fc(c) ? fa(c) : fb(c); }};
    };
    if (arity == 1) {
        switch (pick(7)) {
        case 0: case 1: return setop(pick(3));
        case 2: {  // s.r : image
            GExpr s = expr(1, d), r = expr(2, child(depth));
            auto fs = s.ref, fr = r.ref;
            return {s.expr.join(r.expr), 1,
                    [fs, fr](RefCtx& c) { return ref_join(c.n, 1, fs(c), 2, fr(c)); }};
        }
        case 3: {  // r.s : preimage
            GExpr r = expr(2, d), s = expr(1, child(depth));
            auto fs = s.ref, fr = r.ref;
            return {r.expr.join(s.expr), 1,
                    [fs, fr](RefCtx& c) { return ref_join(c.n, 2, fr(c), 1, fs(c)); }};
        }
        case 4: {
            GExpr r = expr(2, d);
            auto fr = r.ref;
            return {r.expr.domain(), 1, [fr](RefCtx& c) { return ref_domain(c.n, fr(c)); }};
        }
        case 5: {
            GExpr r = expr(2, d);
            auto fr = r.ref;
            return {r.expr.range(), 1, [fr](RefCtx& c) { return ref_range(c.n, fr(c)); }};
        }
        default: return ite();
        }
    }
    // Binary expressions.  Closures get extra weight.
    const int closure_slots = w_.closure;
    const int k = pick(10 + 3 * closure_slots);
    if (k >= 10) {
        GExpr r = expr(2, d);
        auto fr = r.ref;
        switch (k % 3) {
        case 0:
            return {r.expr.closure(), 2, [fr](RefCtx& c) { return ref_closure(c.n, fr(c)); }};
        case 1:
            return {r.expr.reflexive_closure(), 2,
                    [fr](RefCtx& c) { return ref_closure(c.n, fr(c)) | ref_iden(c.n); }};
        default:
            return {r.expr.optional(), 2, [fr](RefCtx& c) { return fr(c) | ref_iden(c.n); }};
        }
    }
    switch (k) {
    case 0: case 1: return setop(pick(3));
    case 2: {
        GExpr a = expr(2, d), b = expr(2, child(depth));
        auto fa = a.ref, fb = b.ref;
        return {a.expr.join(b.expr), 2,
                [fa, fb](RefCtx& c) { return ref_join(c.n, 2, fa(c), 2, fb(c)); }};
    }
    case 3: {
        GExpr a = expr(1, d), b = expr(1, child(depth));
        auto fa = a.ref, fb = b.ref;
        return {a.expr.product(b.expr), 2,
                [fa, fb](RefCtx& c) { return ref_product(c.n, fa(c), fb(c)); }};
    }
    case 4: {
        GExpr r = expr(2, d);
        auto fr = r.ref;
        return {r.expr.transpose(), 2, [fr](RefCtx& c) { return ref_transpose(c.n, fr(c)); }};
    }
    case 5: {
        GExpr s = expr(1, d);
        auto fs = s.ref;
        return {iden_on(s.expr), 2, [fs](RefCtx& c) { return ref_iden_on(c.n, fs(c)); }};
    }
    case 6: {  // s <: r
        GExpr s = expr(1, d), r = expr(2, child(depth));
        auto fs = s.ref, fr = r.ref;
        return {domain_restrict(s.expr, r.expr), 2, [fs, fr](RefCtx& c) {
                    return ref_join(c.n, 2, ref_iden_on(c.n, fs(c)), 2, fr(c));
                }};
    }
    case 7: {  // r :> s
        GExpr r = expr(2, d), s = expr(1, child(depth));
        auto fs = s.ref, fr = r.ref;
        return {range_restrict(r.expr, s.expr), 2, [fs, fr](RefCtx& c) {
                    return ref_join(c.n, 2, fr(c), 2, ref_iden_on(c.n, fs(c)));
                }};
    }
    case 8: return ite();
    default: {
        // A closure applied to something, seen through another operator, so
        // that closures also occur nested inside expressions.
        GExpr r = expr(2, d);
        auto fr = r.ref;
        return {r.expr.closure().transpose(), 2,
                [fr](RefCtx& c) { return ref_transpose(c.n, ref_closure(c.n, fr(c))); }};
    }
    }
}

inline GForm Generator::pin() {
    const std::size_t i = static_cast<std::size_t>(pick(static_cast<int>(rels_.size())));
    const int arity = rels_[i].arity;
    GExpr c = constant_expr(arity);
    auto fc = c.ref;
    const Relation& r = rels_[i].rel;
    switch (pick(3)) {
    case 0: return {r.eq(c.expr), [i, fc](RefCtx& x) { return x.rel[i] == fc(x); }};
    case 1: return {c.expr.in(r), [i, fc](RefCtx& x) { return ref_subset(fc(x), x.rel[i]); }};
    default: return {r.in(c.expr), [i, fc](RefCtx& x) { return ref_subset(x.rel[i], fc(x)); }};
    }
}

inline GForm Generator::compare(int depth) {
    const int arity = coin(0.5) ? 1 : 2;
    const int d = child(depth);
    GExpr a = expr(arity, d);
    auto fa = a.ref;
    switch (pick(6)) {
    case 0: {
        GExpr b = expr(arity, child(depth));
        auto fb = b.ref;
        return {a.expr.in(b.expr), [fa, fb](RefCtx& c) { return ref_subset(fa(c), fb(c)); }};
    }
    case 1: {
        GExpr b = expr(arity, child(depth));
        auto fb = b.ref;
        return {a.expr.eq(b.expr), [fa, fb](RefCtx& c) { return fa(c) == fb(c); }};
    }
    case 2: return {a.expr.no(), [fa](RefCtx& c) { return fa(c) == 0; }};
    case 3: return {a.expr.some(), [fa](RefCtx& c) { return fa(c) != 0; }};
    case 4: return {a.expr.one(), [fa](RefCtx& c) { return std::popcount(fa(c)) == 1; }};
    default: return {a.expr.lone(), [fa](RefCtx& c) { return std::popcount(fa(c)) <= 1; }};
    }
}

inline GForm Generator::predicate(int depth) {
    const int d = child(depth);
    GExpr r = expr(2, d);
    auto fr = r.ref;
    switch (pick(6)) {
    case 0: return {acyclic(r.expr), [fr](RefCtx& c) { return ref_acyclic(c.n, fr(c)); }};
    case 1:
        return {irreflexive(r.expr), [fr](RefCtx& c) { return ref_irreflexive(c.n, fr(c)); }};
    case 2:
        return {transitive(r.expr), [fr](RefCtx& c) { return ref_transitive(c.n, fr(c)); }};
    case 3: {
        GExpr s = expr(1, child(depth));
        auto fs = s.ref;
        return {strict_total_order(r.expr, s.expr),
                [fr, fs](RefCtx& c) { return ref_strict_total_order(c.n, fr(c), fs(c)); }};
    }
    case 4: {
        GExpr a = expr(1, child(depth)), b = expr(1, child(depth));
        auto fa = a.ref, fb = b.ref;
        return {function(r.expr, a.expr, b.expr),
                [fr, fa, fb](RefCtx& c) { return ref_function(c.n, fr(c), fa(c), fb(c)); }};
    }
    default:
        return {injective(r.expr), [fr](RefCtx& c) { return ref_injective(c.n, fr(c)); }};
    }
}

inline GForm Generator::quantifier(int depth) {
    // The domain may mention outer variables; the body may mention all.
    GExpr dom = expr(1, child(depth));
    Variable v = Variable::unary(reltest::numbered("v", next_var_++));
    scope_.push_back(v);
    GForm body = formula(child(depth));
    scope_.pop_back();
    const std::uint64_t id = v.id();
    const bool all = coin(0.5);
    auto fd = dom.ref;
    auto fb = body.ref;
    auto ref = [fd, fb, id, all](RefCtx& c) {
        const Bits d = fd(c);
        bool result = all;
        for (std::size_t a = 0; a < c.n; ++a) {
            if (!has1(d, a)) continue;
            c.var[id] = a;
            const bool holds = fb(c);
            if (all ? !holds : holds) {
                result = !all;
                break;
            }
        }
        c.var.erase(id);
        return result;
    };
    return {all ? forall(v, dom.expr, body.formula) : exists(v, dom.expr, body.formula), ref};
}

inline GForm Generator::connective(int depth) {
    GForm a = formula(child(depth));
    auto fa = a.ref;
    if (pick(5) == 0) return {!a.formula, [fa](RefCtx& c) { return !fa(c); }};
    GForm b = formula(child(depth));
    auto fb = b.ref;
    switch (pick(4)) {
    case 0: return {a.formula && b.formula, [fa, fb](RefCtx& c) { return fa(c) && fb(c); }};
    case 1: return {a.formula || b.formula, [fa, fb](RefCtx& c) { return fa(c) || fb(c); }};
    case 2:
        return {implies(a.formula, b.formula), [fa, fb](RefCtx& c) { return !fa(c) || fb(c); }};
    default:
        return {iff(a.formula, b.formula), [fa, fb](RefCtx& c) { return fa(c) == fb(c); }};
    }
}

inline GForm Generator::formula(int depth) {
    if (depth == 0) {
        if (coin(0.1)) {
            const bool value = coin(0.5);
            return {Formula::constant(value), [value](RefCtx&) { return value; }};
        }
        return coin(0.7) ? compare(0) : predicate(0);
    }
    const int total = w_.compare + w_.connective + w_.quantifier + w_.predicate;
    int k = pick(total);
    if ((k -= w_.compare) < 0) return compare(depth);
    if ((k -= w_.connective) < 0) return connective(depth);
    if ((k -= w_.quantifier) < 0) return quantifier(depth);
    return predicate(depth);
}

}  // namespace rel_random
