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
//   * enumerate() with symmetry on visits a non-empty subset iff one exists;
//   * solve_least() finds the brute-force least solution in a random order.
// Most valid or unsatisfiable formulas are drawn again (they test little).
// One test case uses bounds that leave all atoms interchangeable and pins a
// relation to a constant, so that symmetry breaking must respect constants.
// All randomness comes from std::mt19937 with fixed seeds: a failure names
// the seed and problem number, and reproduces.  (Mutations of the library's
// polarity analysis, cycle witness and constant-aware symmetry detection were
// each caught by these cases when the suite was written.)
#include <doctest/doctest.h>

#include <algorithm>
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

#include "rel_random_terms.hpp"
#include "rel_test_support.hpp"

using namespace mapsound::rel;
using namespace rel_random;

namespace {

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

        // solve_least (symmetry off, as the checker uses it) finds the
        // brute-force least solution in a random order of preferences:
        // relations shuffled, each preferring its tuples present or absent,
        // under both encodings and both transitivities.
        {
            // Its own generator, so that the problems drawn stay those of
            // the suite before solve_least was tested.
            std::mt19937 order_rng(cfg.seed + static_cast<unsigned>(index));
            std::vector<std::size_t> order(p.rels.size());
            for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
            std::shuffle(order.begin(), order.end(), order_rng);
            order.resize(std::uniform_int_distribution<std::size_t>(1, order.size())(order_rng));
            std::vector<Problem::Preference> preferences;
            std::vector<bool> present;
            for (std::size_t r : order) {
                present.push_back(std::bernoulli_distribution(0.5)(order_rng));
                preferences.push_back({p.rels[r].rel, present.back()});
            }
            // A solution's rank: one bit per tuple in the order, 1 where the
            // tuple is in its preferred state, compared lexicographically.
            auto rank = [&](std::uint64_t key) {
                std::vector<bool> bits;
                for (std::size_t k = 0; k < order.size(); ++k)
                    for (std::size_t j = 0; j < 9; ++j)
                        bits.push_back((((key >> (9 * order[k])) >> j) & 1) == (present[k] ? 1u : 0u));
                return bits;
            };
            std::optional<std::vector<bool>> best;
            for (std::uint64_t key : solutions)
                if (!best || rank(key) > *best) best = rank(key);
            for (ClosureEncoding enc : reltest::kEncodings)
                for (Transitivity tr : reltest::kTransitivities) {
                    INFO("closure encoding: " << reltest::encoding_name(enc)
                                              << ", transitivity: " << reltest::transitivity_name(tr));
                    Problem problem(f.formula, bounds, reltest::make_options(enc, SymmetryBreaking::off, tr));
                    const Outcome o = problem.solve_least(preferences);
                    check((o == Outcome::satisfiable) == best.has_value(), "solve_least finds an instance iff one exists");
                    if (o == Outcome::satisfiable && best) {
                        bool ok = true;
                        const std::uint64_t key = key_of(values_of(p, problem.instance(), ok));
                        check(ok && solutions.count(key) == 1, "solve_least's instance is a brute-force solution");
                        check(rank(key) == *best, "solve_least's instance is the least in the order");
                    }
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
