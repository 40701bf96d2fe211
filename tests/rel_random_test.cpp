// Randomized cross-checks of the solver against brute force.
//
// Each problem is a random formula over one to three random relations with
// random bounds on a universe of 2 or 3 atoms, small enough (at most 12
// undetermined tuples) that every assignment can be tried.  The brute-force
// answer is the set of assignments on which the formula holds, computed twice:
// by the library's evaluator and by an independent reference semantics
// written here (bit masks, straight from the definitions in ast.hpp), so
// that a mistake shared by the evaluator and the translator is still caught.
// Then:
//   * count_solutions (symmetry off) equals the brute-force count, under both
//     closure encodings;
//   * enumerate() visits exactly the brute-force solutions, each once, each
//     within bounds and true under the evaluator;
//   * solve() (symmetry on by default) finds an instance iff one exists;
//   * enumerate() with symmetry on visits a non-empty subset iff one exists.
// Most valid or unsatisfiable formulas are drawn again (they test little).
// One test case uses bounds that leave all atoms interchangeable and pins a
// relation to a constant, so that symmetry breaking must respect constants.
// All randomness comes from std::mt19937 with fixed seeds: a failure names
// the seed and problem number, and reproduces.  (Mutations of the library's
// polarity analysis, cycle witness and constant-aware symmetry detection were
// each caught by these cases when the suite was written.)
#include <doctest/doctest.h>

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

using namespace mapsound::rel;

namespace {

// ---------------------------------------------------------------------------
// Reference semantics.  A value over n <= 3 atoms is a bit mask: bit a for an
// atom, bit a*n+b for a pair (a, b) -- the same flat index TupleSet uses.

using Bits = std::uint32_t;

struct RefCtx {
    std::size_t n = 0;
    std::vector<Bits> rel;                    // value of relation i
    std::map<std::uint64_t, std::size_t> var; // variable id -> bound atom
};

Bits bit1(std::size_t n, std::size_t a) { (void)n; return Bits{1} << a; }
Bits bit2(std::size_t n, std::size_t a, std::size_t b) { return Bits{1} << (a * n + b); }
bool has1(Bits x, std::size_t a) { return (x >> a) & 1u; }
bool has2(std::size_t n, Bits x, std::size_t a, std::size_t b) { return (x >> (a * n + b)) & 1u; }

Bits ref_iden(std::size_t n) {
    Bits r = 0;
    for (std::size_t a = 0; a < n; ++a) r |= bit2(n, a, a);
    return r;
}
Bits ref_univ(std::size_t n) { return (Bits{1} << n) - 1; }

// Composition for the three arity combinations that yield arity >= 1.
Bits ref_join(std::size_t n, int ax, Bits x, int ay, Bits y) {
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
Bits ref_product(std::size_t n, Bits x, Bits y) {
    Bits out = 0;
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < n; ++b)
            if (has1(x, a) && has1(y, b)) out |= bit2(n, a, b);
    return out;
}
Bits ref_transpose(std::size_t n, Bits x) {
    Bits out = 0;
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < n; ++b)
            if (has2(n, x, a, b)) out |= bit2(n, b, a);
    return out;
}
Bits ref_closure(std::size_t n, Bits x) {
    // Least fixed point of c = x | c;c.
    Bits c = x;
    for (;;) {
        Bits next = c | ref_join(n, 2, c, 2, c);
        if (next == c) return c;
        c = next;
    }
}
Bits ref_domain(std::size_t n, Bits x) {
    Bits out = 0;
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < n; ++b)
            if (has2(n, x, a, b)) out |= bit1(n, a);
    return out;
}
Bits ref_range(std::size_t n, Bits x) { return ref_domain(n, ref_transpose(n, x)); }
Bits ref_iden_on(std::size_t n, Bits s) {
    Bits out = 0;
    for (std::size_t a = 0; a < n; ++a)
        if (has1(s, a)) out |= bit2(n, a, a);
    return out;
}
bool ref_subset(Bits x, Bits y) { return (x & ~y) == 0; }

// Derived predicates, written from their definitions in ast.hpp.
bool ref_acyclic(std::size_t n, Bits r) { return (ref_closure(n, r) & ref_iden(n)) == 0; }
bool ref_irreflexive(std::size_t n, Bits r) { return (r & ref_iden(n)) == 0; }
bool ref_transitive(std::size_t n, Bits r) { return ref_subset(ref_join(n, 2, r, 2, r), r); }
bool ref_strict_total_order(std::size_t n, Bits r, Bits s) {
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
bool ref_function(std::size_t n, Bits r, Bits a, Bits b) {
    if (!ref_subset(r, ref_product(n, a, b))) return false;
    for (std::size_t x = 0; x < n; ++x)
        if (has1(a, x) && std::popcount(ref_join(n, 1, bit1(n, x), 2, r)) != 1) return false;
    return true;
}
// Injective: every element has at most one predecessor.
bool ref_injective(std::size_t n, Bits r) {
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

GExpr Generator::constant_expr(int arity) {
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

GExpr Generator::leaf(int arity) {
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

GExpr Generator::expr(int arity, int depth) {
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

GForm Generator::pin() {
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

GForm Generator::compare(int depth) {
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

GForm Generator::predicate(int depth) {
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

GForm Generator::quantifier(int depth) {
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

GForm Generator::connective(int depth) {
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

GForm Generator::formula(int depth) {
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

// ---------------------------------------------------------------------------
// One random problem: a universe, relations with bounds, a formula.

struct RandomProblem {
    std::size_t n;
    std::vector<RelInfo> rels;
    std::vector<Bits> lower, upper;
    std::vector<std::pair<std::size_t, std::size_t>> free;  // (relation, flat index)
};

constexpr std::size_t kMaxFree = 12;

// Symmetric bounds: every bound is a union of orbits of the full permutation
// group on atoms -- for sets none or all, for relations none, iden, all minus
// iden, or all -- so that every pair of atoms is interchangeable as far as
// the bounds go, and symmetry breaking has the most to do.  Then only the
// formula's constants tell atoms apart, and the solver must notice them.
Bits symmetric_set(std::size_t n, int arity, int which) {
    if (arity == 1) return which % 2 ? ref_univ(n) : 0;
    const Bits all = (Bits{1} << (n * n)) - 1;
    switch (which % 4) {
    case 0: return 0;
    case 1: return ref_iden(n);
    case 2: return all & ~ref_iden(n);
    default: return all;
    }
}

RandomProblem random_problem(std::mt19937& rng, std::size_t n, std::size_t max_free,
                             bool symmetric = false) {
    std::uniform_int_distribution<int> nrels(1, 3);
    std::uniform_real_distribution<double> u01(0, 1);
    for (;;) {
        RandomProblem p;
        p.n = n;
        const int count = nrels(rng);
        for (int i = 0; i < count; ++i) {
            // At least one binary relation, so that closures range over
            // something undetermined.
            const int arity = (i == 0 || u01(rng) < 0.5) ? 2 : 1;
            const std::string name = reltest::numbered("r", static_cast<std::size_t>(i));
            p.rels.push_back({arity == 1 ? Relation::unary(name) : Relation::binary(name), arity});
            const std::size_t cap = arity == 1 ? n : n * n;
            if (symmetric) {
                // A random lower <= upper among the symmetric sets.
                Bits lo = 0, up = 0;
                do {
                    lo = symmetric_set(n, arity, std::uniform_int_distribution<int>(0, 3)(rng));
                    up = symmetric_set(n, arity, std::uniform_int_distribution<int>(0, 3)(rng));
                } while (!ref_subset(lo, up));
                for (std::size_t t = 0; t < cap; ++t)
                    if (((up & ~lo) >> t) & 1u) p.free.emplace_back(static_cast<std::size_t>(i), t);
                p.lower.push_back(lo);
                p.upper.push_back(up);
                continue;
            }
            // Per relation, how likely a tuple is forced in / left free; now
            // and then the relation is fully determined.
            const double p_free = u01(rng) < 0.1 ? 0.0 : 0.3 + 0.5 * u01(rng);
            const double p_lower = 0.3 * u01(rng);
            Bits lo = 0, up = 0;
            for (std::size_t t = 0; t < cap; ++t) {
                const double x = u01(rng);
                if (x < p_free) {
                    up |= Bits{1} << t;
                    p.free.emplace_back(static_cast<std::size_t>(i), t);
                } else if (x < p_free + p_lower) {
                    lo |= Bits{1} << t;
                    up |= Bits{1} << t;
                }  // else: outside the upper bound
            }
            p.lower.push_back(lo);
            p.upper.push_back(up);
        }
        if (p.free.size() <= max_free) return p;
    }
}

TupleSet to_tuples(std::size_t n, int arity, Bits bits) {
    TupleSet t(n, arity);
    const std::size_t cap = arity == 1 ? n : n * n;
    for (std::size_t i = 0; i < cap; ++i)
        if ((bits >> i) & 1u) t.add_index(i);
    return t;
}

Bits to_bits(const TupleSet& t) {
    Bits b = 0;
    for (std::size_t i : t.indices()) b |= Bits{1} << i;
    return b;
}

// A whole assignment as one number: 9 bits per relation.
std::uint64_t key_of(const std::vector<Bits>& values) {
    std::uint64_t k = 0;
    for (std::size_t i = 0; i < values.size(); ++i) k |= std::uint64_t{values[i]} << (9 * i);
    return k;
}

Bounds make_bounds(const RandomProblem& p) {
    Bounds b{Universe(p.n)};
    for (std::size_t i = 0; i < p.rels.size(); ++i)
        b.bound(p.rels[i].rel, to_tuples(p.n, p.rels[i].arity, p.lower[i]),
                to_tuples(p.n, p.rels[i].arity, p.upper[i]));
    return b;
}

Instance make_instance(const RandomProblem& p, const std::vector<Bits>& values) {
    Instance inst{Universe(p.n)};
    for (std::size_t i = 0; i < p.rels.size(); ++i)
        inst.set(p.rels[i].rel, to_tuples(p.n, p.rels[i].arity, values[i]));
    return inst;
}

// Values of the relations in a solver instance; 'ok' turns false if the
// instance lacks a relation or breaks its bounds.
std::vector<Bits> values_of(const RandomProblem& p, const Instance& inst, bool& ok) {
    std::vector<Bits> v;
    for (std::size_t i = 0; i < p.rels.size(); ++i) {
        if (!inst.has(p.rels[i].rel)) {
            ok = false;
            v.push_back(0);
            continue;
        }
        const Bits b = to_bits(inst.tuples(p.rels[i].rel));
        if (!ref_subset(p.lower[i], b) || !ref_subset(b, p.upper[i])) ok = false;
        v.push_back(b);
    }
    return v;
}

struct Config {
    std::string name;
    std::uint32_t seed;
    int problems;
    std::size_t atoms_min, atoms_max;
    int depth;
    Weights weights;
    bool symmetric_bounds = false;
    bool pin = false;  // conjoin a pin() to every formula
};

// Runs all checks on 'cfg.problems' random problems.  Stops reporting after a
// few failing problems so that one bug does not bury the log.
// Every assignment of the free tuples: values of all relations.
std::vector<std::vector<Bits>> all_assignments(const RandomProblem& p) {
    std::vector<std::vector<Bits>> out;
    for (std::uint64_t m = 0; m < (std::uint64_t{1} << p.free.size()); ++m) {
        std::vector<Bits> values = p.lower;
        for (std::size_t j = 0; j < p.free.size(); ++j)
            if ((m >> j) & 1u) values[p.free[j].first] |= Bits{1} << p.free[j].second;
        out.push_back(std::move(values));
    }
    return out;
}

// The assignments on which f holds by the reference semantics.
std::set<std::uint64_t> reference_solutions(const RandomProblem& p, const GForm& f) {
    std::set<std::uint64_t> solutions;
    RefCtx ctx;
    ctx.n = p.n;
    for (const std::vector<Bits>& values : all_assignments(p)) {
        ctx.rel = values;
        if (f.ref(ctx)) solutions.insert(key_of(values));
    }
    return solutions;
}

struct Generated {
    RandomProblem problem;
    GForm formula;
    std::set<std::uint64_t> solutions;  // by the reference semantics
};

// A random problem.  Random formulas are often valid or unsatisfiable, and
// small bounds leave little to choose; such problems test little, so most of
// them (9 in 10) are drawn again.  The rest stay: they are the edge cases.
// Problems with 11 or 12 free tuples (up to 4096 solutions to enumerate,
// several times over) are kept rarer, for run time.
Generated generate(std::mt19937& rng, const Config& cfg) {
    for (int attempt = 0;; ++attempt) {
        const std::size_t n =
            std::uniform_int_distribution<std::size_t>(cfg.atoms_min, cfg.atoms_max)(rng);
        const std::size_t max_free = std::bernoulli_distribution(0.2)(rng) ? kMaxFree : 10;
        RandomProblem p = random_problem(rng, n, max_free, cfg.symmetric_bounds);
        Generator gen(rng, n, p.rels, cfg.weights);
        GForm f = gen.formula(cfg.depth);
        if (cfg.pin) {
            GForm pin = gen.pin();
            auto fa = f.ref, fb = pin.ref;
            f = {f.formula && pin.formula, [fa, fb](RefCtx& c) { return fa(c) && fb(c); }};
        }
        std::set<std::uint64_t> solutions = reference_solutions(p, f);
        const bool trivial = p.free.size() < 3 || solutions.empty() ||
                             solutions.size() == (std::uint64_t{1} << p.free.size());
        if (!trivial || attempt >= 20 || std::bernoulli_distribution(0.1)(rng))
            return {std::move(p), std::move(f), std::move(solutions)};
    }
}

void run_random(const Config& cfg) {
    std::mt19937 rng(cfg.seed);
    int failing = 0;
    for (int index = 0; index < cfg.problems && failing < 5; ++index) {
        Generated g = generate(rng, cfg);
        const RandomProblem& p = g.problem;
        const GForm& f = g.formula;
        const std::set<std::uint64_t>& solutions = g.solutions;
        Bounds bounds = make_bounds(p);

        INFO(cfg.name << " seed " << cfg.seed << " problem " << index);
        INFO("formula: " << f.formula.to_string());
        INFO("bounds: " << reltest::describe(bounds));
        bool problem_ok = true;
        auto check = [&](bool cond, const std::string& what) {
            if (!cond) problem_ok = false;
            CHECK_MESSAGE(cond, what);
        };

        // Brute force with the library's evaluator must agree with the
        // reference semantics on every assignment.
        bool evaluator_agrees = true;
        std::string disagreement = "none";
        for (const std::vector<Bits>& values : all_assignments(p)) {
            const bool expected = solutions.count(key_of(values)) == 1;
            const Instance inst = make_instance(p, values);
            if (evaluate(f.formula, inst) != expected && evaluator_agrees) {
                evaluator_agrees = false;
                disagreement = inst.to_string();
                disagreement += expected ? " (reference: true)" : " (reference: false)";
            }
        }
        INFO("first evaluator disagreement: " << disagreement);
        check(evaluator_agrees, "evaluator agrees with the reference semantics");
        const std::uint64_t brute = solutions.size();
        INFO("brute-force count: " << brute);

        // Counting without symmetry breaking, under both encodings, with
        // lazy and eager transitivity.
        for (ClosureEncoding enc : reltest::kEncodings)
            for (Transitivity tr : reltest::kTransitivities) {
                INFO("closure encoding: " << reltest::encoding_name(enc)
                                          << ", transitivity: " << reltest::transitivity_name(tr));
                const std::uint64_t counted = count_solutions(
                    f.formula, bounds, reltest::make_options(enc, SymmetryBreaking::off, tr));
                check(counted == brute, "count_solutions equals the brute-force count");
            }

        // Enumeration (default options: no symmetry breaking) visits exactly
        // the brute-force solutions, each once.
        {
            std::set<std::uint64_t> seen;
            bool in_bounds = true, satisfying = true, distinct = true, expected = true;
            const std::uint64_t visited = enumerate(f.formula, bounds, [&](const Instance& inst) {
                bool ok = true;
                const std::uint64_t key = key_of(values_of(p, inst, ok));
                in_bounds = in_bounds && ok;
                satisfying = satisfying && evaluate(f.formula, inst);
                distinct = distinct && seen.insert(key).second;
                expected = expected && solutions.count(key) == 1;
                return true;
            });
            check(in_bounds, "enumerated instances respect the bounds");
            check(satisfying, "enumerated instances satisfy the formula");
            check(distinct, "enumerated instances are pairwise distinct");
            check(expected, "enumerated instances are brute-force solutions");
            check(visited == brute, "enumerate visits every solution");
        }

        // Solving with symmetry breaking (the default for solve()) decides
        // satisfiability correctly and returns a genuine instance.
        for (ClosureEncoding enc : reltest::kEncodings)
            for (Transitivity tr : reltest::kTransitivities) {
                INFO("closure encoding: " << reltest::encoding_name(enc)
                                          << ", transitivity: " << reltest::transitivity_name(tr));
                Options o;
                o.closure = enc;
                o.transitivity = tr;
                std::optional<Instance> inst = solve(f.formula, bounds, o);
                check(inst.has_value() == (brute > 0), "solve finds an instance iff one exists");
                if (inst) {
                    bool ok = true;
                    const std::uint64_t key = key_of(values_of(p, *inst, ok));
                    check(ok, "solved instance respects the bounds");
                    check(evaluate(f.formula, *inst), "solved instance satisfies the formula");
                    check(solutions.count(key) == 1, "solved instance is a brute-force solution");
                }
            }

        // Enumeration with symmetry breaking on: fewer instances, but only
        // genuine ones, and at least one whenever there is one.
        {
            std::set<std::uint64_t> seen;
            bool genuine = true;
            const std::uint64_t visited = enumerate(
                f.formula, bounds,
                [&](const Instance& inst) {
                    bool ok = true;
                    const std::uint64_t key = key_of(values_of(p, inst, ok));
                    genuine = genuine && ok && solutions.count(key) == 1 && seen.insert(key).second;
                    return true;
                },
                reltest::make_options(ClosureEncoding::polarity_aware, SymmetryBreaking::on));
            check(genuine, "symmetry-broken enumeration visits distinct genuine solutions");
            check((visited > 0) == (brute > 0) && visited <= brute,
                  "symmetry-broken enumeration is a non-empty subset iff solutions exist");
        }

        if (!problem_ok) ++failing;
    }
}

}  // namespace

TEST_CASE("random: formulas over 2 atoms") {
    run_random({"two-atoms", 20240601u, 120, 2, 2, 3, Weights{}});
}

TEST_CASE("random: formulas over 3 atoms") {
    run_random({"three-atoms", 20240602u, 150, 3, 3, 3, Weights{}});
}

// Closures weighed up and predicates (acyclic ...) frequent, under connectives
// (negation, iff) that put them in positive, negative and both polarities.
TEST_CASE("random: closures in every polarity") {
    Weights w;
    w.compare = 4;
    w.connective = 8;
    w.quantifier = 1;
    w.predicate = 5;
    w.closure = 6;
    run_random({"closures", 20240603u, 200, 2, 3, 3, w});
}

// Nested quantifiers whose domains and bodies mention relations.
TEST_CASE("random: quantified formulas") {
    Weights w;
    w.compare = 5;
    w.connective = 3;
    w.quantifier = 6;
    w.predicate = 2;
    w.closure = 2;
    run_random({"quantifiers", 20240604u, 100, 2, 3, 3, w});
}

// Bounds that leave all atoms interchangeable: symmetry breaking is at its
// most active, and constants in the formulas must restrict it.
TEST_CASE("random: symmetric bounds with constants") {
    Config cfg{"symmetric", 20240606u, 150, 2, 3, 3, Weights{}};
    cfg.symmetric_bounds = true;
    cfg.pin = true;
    run_random(cfg);
}

// The evaluator alone against the reference semantics on random expressions
// (the solver-free half of the story, with many more samples).
TEST_CASE("random: evaluator matches the reference semantics on expressions") {
    std::mt19937 rng(20240605u);
    int failures = 0;
    for (int index = 0; index < 2000 && failures < 5; ++index) {
        const std::size_t n = std::uniform_int_distribution<std::size_t>(1, 3)(rng);
        RandomProblem p = random_problem(rng, n, 27);
        Generator gen(rng, n, p.rels, Weights{});
        const int arity = std::bernoulli_distribution(0.5)(rng) ? 1 : 2;
        GExpr e = gen.expr(arity, 4);
        // Any values within the upper bounds will do.
        std::vector<Bits> values;
        for (std::size_t i = 0; i < p.rels.size(); ++i)
            values.push_back(p.upper[i] & static_cast<Bits>(rng()));
        RefCtx ctx;
        ctx.n = n;
        ctx.rel = values;
        const Bits expected = e.ref(ctx);
        const Instance inst = make_instance(p, values);
        const TupleSet got = evaluate(e.expr, inst);
        INFO("expression: " << e.expr.to_string());
        INFO("instance: " << inst.to_string());
        INFO("expected: " << to_tuples(n, arity, expected).to_string(inst.universe()));
        INFO("got: " << got.to_string(inst.universe()));
        const bool ok = e.expr.arity() == arity && got.arity() == arity && to_bits(got) == expected;
        CHECK(ok);
        if (!ok) ++failures;
    }
}
