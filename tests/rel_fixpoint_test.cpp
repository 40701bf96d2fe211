// Least fixpoints (the model language's `let rec`): checked against the
// built-in closure, against the evaluator, and in every polarity so that
// both the exact Kleene iteration and the pre-fixpoint witness are used.
#include <doctest/doctest.h>

#include <stdexcept>

#include "rel_test_support.hpp"

using namespace reltest;

namespace {

// tc = r | tc;r, the transitive closure of r as a least fixpoint.
Expr closure_by_fixpoint(const Expr& r) {
    RecursionVariable tc = RecursionVariable::binary("tc");
    return least_fixpoint({tc}, {r | tc.join(r)})[0];
}

Bounds free_binary(std::size_t n, const Relation& r) {
    Universe u(n);
    Bounds b(u);
    b.bound(r, u.none(2), u.all(2));
    return b;
}

}  // namespace

TEST_CASE("fixpoint: DAGs counted through a recursive closure") {
    // acyclic(r) written as irreflexive(tc): labelled DAGs, 1, 3, 25, 543.
    const std::uint64_t dags[] = {1, 3, 25, 543};
    for (ClosureEncoding e : kEncodings)
        for (std::size_t n = 1; n <= 4; ++n) {
            Relation r = Relation::binary("r");
            CAPTURE(encoding_name(e));
            CAPTURE(n);
            CHECK(count_solutions(irreflexive(closure_by_fixpoint(r)), free_binary(n, r),
                                  make_options(e, SymmetryBreaking::off)) == dags[n - 1]);
        }
}

TEST_CASE("fixpoint: cyclic relations (the fixpoint in positive position)") {
    // 2^(n*n) relations minus the DAGs: 1, 13, 487.
    const std::uint64_t cyclic[] = {1, 13, 487};
    for (ClosureEncoding e : kEncodings)
        for (std::size_t n = 1; n <= 3; ++n) {
            Relation r = Relation::binary("r");
            CAPTURE(encoding_name(e));
            CAPTURE(n);
            CHECK(count_solutions((closure_by_fixpoint(r) & iden()).some(), free_binary(n, r),
                                  make_options(e, SymmetryBreaking::off)) == cyclic[n - 1]);
        }
}

TEST_CASE("fixpoint: equals the built-in closure in every instance") {
    // Under iff the fixpoint occurs in both polarities.
    Relation r = Relation::binary("r");
    Relation s = Relation::binary("s");
    Universe u(4);
    Bounds b(u);
    b.bound(r, u.none(2), u.all(2));
    b.bound(s, pairs(4, {{0, 0}}), u.all(2));
    for (ClosureEncoding e : kEncodings) {
        Formula differs = !closure_by_fixpoint(r).eq(r.closure());
        CHECK_FALSE(solve(differs, b, make_options(e, SymmetryBreaking::off)).has_value());
        // A satisfiable formula mixing both: every instance must satisfy it
        // under the evaluator.
        Formula f = iff(irreflexive(closure_by_fixpoint(r)), (closure_by_fixpoint(s) & iden()).some()) &&
                    closure_by_fixpoint(r).join(s).some();
        std::uint64_t seen = 0;
        enumerate(f, b, [&](const Instance& inst) {
            CHECK(evaluate(f, inst));
            return ++seen < 200;
        }, make_options(e, SymmetryBreaking::off));
        CHECK(seen > 0);
    }
}

TEST_CASE("fixpoint: mutual recursion (even and odd path lengths)") {
    // even = iden? no: even = r;odd, odd = r | r;even; odd|even = r+.
    Relation r = Relation::binary("r");
    RecursionVariable odd = RecursionVariable::binary("odd");
    RecursionVariable even = RecursionVariable::binary("even");
    auto parts = least_fixpoint({odd, even}, {r | r.join(even), r.join(odd)});
    Universe u(3);
    Bounds b(u);
    b.bound(r, u.none(2), u.all(2));
    for (ClosureEncoding e : kEncodings) {
        CHECK_FALSE(solve(!(parts[0] | parts[1]).eq(r.closure()), b, make_options(e, SymmetryBreaking::off)));
        // On the path 0->1->2: odd = {01, 12}, even = {02}.
        Instance path(u);
        path.set(r, pairs(3, {{0, 1}, {1, 2}}));
        CHECK(evaluate(parts[0], path) == pairs(3, {{0, 1}, {1, 2}}));
        CHECK(evaluate(parts[1], path) == pairs(3, {{0, 2}}));
    }
}

TEST_CASE("fixpoint: non-monotone definitions are rejected with a reason") {
    Relation r = Relation::binary("r");
    RecursionVariable x = RecursionVariable::binary("x");
    try {
        least_fixpoint({x}, {r - x});
        FAIL("a difference with the variable on its right was accepted");
    } catch (const std::invalid_argument& e) {
        CHECK(std::string(e.what()).find("not monotone") != std::string::npos);
        CHECK(std::string(e.what()).find("'x'") != std::string::npos);
    }
    CHECK_THROWS_AS(least_fixpoint({x}, {if_then_else(x.some(), r, r)}), std::invalid_argument);
    CHECK_THROWS_AS(least_fixpoint({x}, {r.domain()}), std::invalid_argument);  // arity mismatch
    // A recursion variable outside its system is reported at translation.
    Universe u(2);
    Bounds b(u);
    b.bound(r, u.none(2), u.all(2));
    CHECK_THROWS_AS(solve(x.in(r), b), std::invalid_argument);
}

TEST_CASE("fixpoint: closures inside fixpoint bodies keep their witness constraints") {
    // Regression: the support pass used to drop the side constraints of the
    // transitive witness it cached, so the real pass reused T unconstrained.
    Relation r = Relation::binary("r");
    RecursionVariable x = RecursionVariable::binary("X");
    Expr fix = least_fixpoint({x}, {r.closure() | x.join(r)})[0];
    for (ClosureEncoding e : kEncodings) {
        CAPTURE(encoding_name(e));
        CHECK(count_solutions(acyclic(fix), free_binary(2, r), make_options(e, SymmetryBreaking::off)) == 3);
        Universe u(2);
        Bounds b(u);
        b.bound(r, pairs(2, {{0, 1}, {1, 0}}), pairs(2, {{0, 1}, {1, 0}, {0, 0}}));
        CHECK_FALSE(solve(acyclic(fix), b, make_options(e, SymmetryBreaking::on)).has_value());
    }
}
