// Unit tests of the relational core's control of a solve, through its
// public API: conflict and time limits, cancellation from another thread,
// and the guarantee that symmetry breaking never changes satisfiability.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <set>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include <mapsound/rel.hpp>

#include "rel_test_support.hpp"

using namespace mapsound::rel;
using reltest::atoms;
using reltest::pairs;

// ---------------------------------------------------------------------------
// Limits and cancellation.  Pigeonhole with holes+1 pigeons and no symmetry
// breaking takes CDCL exponentially long.  Measured with mapsound's encoding
// and CaDiCaL 1.5.3 (Release): 11 -> 10 is refuted in about 0.3 s, 12 -> 11
// in about 1.2 s (far more than 1000 conflicts), 14 -> 13 was not refuted
// within two minutes -- much longer than these tests wait.

TEST_CASE("limits: a conflict limit makes a hard problem unknown") {
    auto php = reltest::make_pigeonhole(12, 11);
    Options o = reltest::make_options(ClosureEncoding::polarity_aware, SymmetryBreaking::off);
    o.limits.conflicts = 1000;
    Problem p(php.formula, php.bounds, o);
    CHECK(p.solve() == Outcome::unknown);
    // The limit is per call: the next call is limited again, not exhausted.
    CHECK(p.solve() == Outcome::unknown);

    CHECK_THROWS_AS(solve(php.formula, php.bounds, o), Interrupted);
    CHECK_THROWS_AS(count_solutions(php.formula, php.bounds, o), Interrupted);
    CHECK_THROWS_AS(enumerate(php.formula, php.bounds, [](const Instance&) { return true; }, o),
                    Interrupted);
}

TEST_CASE("limits: a time limit makes a hard problem unknown") {
    auto php = reltest::make_pigeonhole(14, 13);
    Options o = reltest::make_options(ClosureEncoding::polarity_aware, SymmetryBreaking::off);
    o.limits.time = std::chrono::milliseconds(200);
    Problem p(php.formula, php.bounds, o);
    const auto start = std::chrono::steady_clock::now();
    CHECK(p.solve() == Outcome::unknown);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    CHECK(elapsed < std::chrono::seconds(10));
    CHECK_THROWS_AS(count_solutions(php.formula, php.bounds, o), Interrupted);
}

namespace {

// Solves 'p' (a problem too hard to finish) while another thread calls
// 'cancel' after 300 ms: the solve must end with Outcome::unknown, well
// before it could have finished.  Returns how long the solve took.
template <class Cancel>
std::chrono::steady_clock::duration solve_cancelled_after_300ms(Problem& p, Cancel cancel) {
    const auto start = std::chrono::steady_clock::now();
    std::jthread canceller([&cancel] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        cancel();
    });
    CHECK(p.solve() == Outcome::unknown);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    CHECK(elapsed < std::chrono::seconds(10));
    return elapsed;
}

}  // namespace

TEST_CASE("cancellation: a stop request from another thread ends a solve") {
    auto php = reltest::make_pigeonhole(14, 13);
    std::stop_source stop;
    Options o = reltest::make_options(ClosureEncoding::polarity_aware, SymmetryBreaking::off);
    o.stop = stop.get_token();
    Problem p(php.formula, php.bounds, o);
    const auto elapsed = solve_cancelled_after_300ms(p, [&stop] { stop.request_stop(); });
    CHECK(elapsed >= std::chrono::milliseconds(250));  // it did run until the request
}

TEST_CASE("cancellation: Problem::cancel from another thread ends a solve") {
    auto php = reltest::make_pigeonhole(14, 13);
    Problem p(php.formula, php.bounds,
              reltest::make_options(ClosureEncoding::polarity_aware, SymmetryBreaking::off));
    solve_cancelled_after_300ms(p, [&p] { p.cancel(); });
}

TEST_CASE("cancellation: counting and enumeration throw Interrupted") {
    // An already requested stop must not be missed: the count cannot complete.
    Universe u(5);
    Relation r = Relation::binary("r");
    Bounds b(u);
    b.bound(r, u.none(2), u.all(2));
    std::stop_source stop;
    stop.request_stop();
    Options o;
    o.stop = stop.get_token();
    CHECK_THROWS_AS(count_solutions(acyclic(r), b, o), Interrupted);
    CHECK_THROWS_AS(enumerate(acyclic(r), b, [](const Instance&) { return true; }, o),
                    Interrupted);
    CHECK_THROWS_AS(solve(acyclic(r), b, o), Interrupted);

    // A stop requested while counting a hard problem.
    auto php = reltest::make_pigeonhole(14, 13);
    std::stop_source later;
    Options o2 = reltest::make_options(ClosureEncoding::polarity_aware, SymmetryBreaking::off);
    o2.stop = later.get_token();
    std::jthread canceller([&later] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        later.request_stop();
    });
    CHECK_THROWS_AS(count_solutions(php.formula, php.bounds, o2), Interrupted);
}

// ---------------------------------------------------------------------------
// Symmetry breaking never changes satisfiability.  The problems include
// constants that single out atoms (which must restrict the symmetries used),
// closures, quantifiers and relations with asymmetric bounds.

TEST_CASE("symmetry: on and off agree on satisfiability") {
    struct Case {
        std::string name;
        Formula formula;
        bool satisfiable;
    };
    Universe u(4);
    Relation r = Relation::binary("r");
    Relation s = Relation::unary("s");
    Relation t = Relation::binary("t");
    Variable x = Variable::unary("x");
    Variable y = Variable::unary("y");
    const Expr a0 = constant(atoms(4, {0}));
    const Expr a1 = constant(atoms(4, {1}));
    const Expr a3 = constant(atoms(4, {3}));
    const Expr first_two = constant(atoms(4, {0, 1}));

    const std::vector<Case> cases = {
        {"r is exactly a fixed pair", r.eq(constant(pairs(4, {{2, 3}}))), true},
        {"a fixed pair in a total order", strict_total_order(r, univ()) &&
                                              constant(pairs(4, {{3, 0}, {2, 1}})).in(r),
         true},
        {"total order with last atom first and first atom last",
         strict_total_order(r, univ()) && a3.join(r).eq(univ() - a3) && r.join(a0).eq(univ() - a0),
         true},
        {"total order with a cycle of constants",
         strict_total_order(r, univ()) && constant(pairs(4, {{0, 1}, {1, 2}, {2, 0}})).in(r),
         false},
        {"s is exactly atoms 0 and 1 and r a function from s onto its complement",
         s.eq(first_two) && function(r, s, univ() - s) && injective(r), true},
        {"r a function from atom 3 to atom 0 only",
         function(r, a3, a0) && a3.join(r).eq(a0) && r.one(), true},
        {"a cycle through atom 0 but not through atom 3",
         !acyclic(r) && a0.join(r.closure()).in(univ() - a3) &&
             a0.in(a0.join(r.closure())) && a3.join(r).no() && r.join(a3).no(),
         true},
        {"atom 0 reaches atom 3 in exactly three steps only",
         a0.product(a3).in(r.join(r).join(r)) && !a0.product(a3).in(r | r.join(r)) &&
             r.join(r).join(r).join(r).no(),
         true},
        {"atom 0 reaches atom 3 but nothing reaches atom 0 and r is symmetric",
         a0.product(a3).in(r.closure()) && r.join(a0).no() && r.transpose().in(r), false},
        {"every atom has a successor and r is acyclic",
         forall(x, univ(), x.join(r).some()) && acyclic(r), false},
        {"all but atom 3 have a successor and r is acyclic",
         forall(x, univ() - a3, x.join(r).some()) && acyclic(r) && a3.join(r).no(), true},
        {"t is an equivalence and s picks atoms 0 and 3 from distinct classes",
         iden().in(t) && t.transpose().in(t) && transitive(t) &&
             forall(x, univ() - a1, exists(y, s, x.in(y.join(t)))) &&
             forall(x, s, (x.join(t) & s).eq(x)) && s.eq(a0 | a3) && !a0.product(a3).in(t),
         true},
        // Atom 1 is alone in its class (bounds of t), so the class of atom 0
        // can only be {0, 2, 3}.
        {"t equivalence whose class of atom 0 has three atoms including atom 3",
         t.reflexive_closure().in(t) && t.transpose().in(t) && s.eq(a0.join(t)) && a3.in(s) &&
             (s - a0 - a3).one(),
         true},
        {"t equivalence whose class of atom 0 contains atom 1",
         t.reflexive_closure().in(t) && t.transpose().in(t) && a1.in(a0.join(t)), false},
        {"iden inside a closure without loops", iden().in(r.closure()) && irreflexive(r), true},
        {"iden inside a closure of an acyclic relation", iden().in(r.closure()) && acyclic(r),
         false},
    };

    for (const Case& c : cases) {
        Bounds b(u);
        b.bound(r, u.none(2), u.all(2));
        b.bound(s, u.none(1), u.all(1));
        // t: asymmetric bounds, atom 1 can only relate to itself.
        TupleSet t_upper = u.all(2);
        for (std::size_t a = 0; a < 4; ++a)
            if (a != 1) t_upper.remove(1, a).remove(a, 1);
        b.bound(t, u.none(2), t_upper);
        for (ClosureEncoding enc : reltest::kEncodings) {
            INFO(c.name << "  closure encoding: " << reltest::encoding_name(enc));
            auto with = solve(c.formula, b, reltest::make_options(enc, SymmetryBreaking::on));
            auto without = solve(c.formula, b, reltest::make_options(enc, SymmetryBreaking::off));
            CHECK(with.has_value() == c.satisfiable);
            CHECK(without.has_value() == c.satisfiable);
            if (with) CHECK(evaluate(c.formula, *with));
            if (without) CHECK(evaluate(c.formula, *without));
            if (with) CHECK(reltest::within_bounds(*with, b));
        }
    }
}

TEST_CASE("cancellation: a cancel ends one solve, not every later one") {
    Relation r = Relation::binary("r");
    Universe u(2);
    Bounds b(u);
    b.bound(r, u.none(2), u.all(2));
    Problem p(r.some(), b);
    p.cancel();
    CHECK(p.solve() == Outcome::unknown);
    CHECK(p.solve() == Outcome::satisfiable);
}
