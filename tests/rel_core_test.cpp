// Unit tests of the relational core through its public API: tuple-set
// algebra, the evaluator, bounds and term validation, and the first solves.
// The incremental Problem API: rel_problem_test.cpp; limits, cancellation
// and symmetry breaking: rel_control_test.cpp.
#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <mapsound/rel.hpp>

#include "rel_test_support.hpp"

using namespace mapsound::rel;
using reltest::atoms;
using reltest::pairs;

// ---------------------------------------------------------------------------
// Universe and TupleSet

TEST_CASE("universe: atoms and their names") {
    Universe u(3);
    CHECK(u.size() == 3);
    CHECK(u.atom_name(0) == "a0");
    CHECK(u.atom_name(2) == "a2");

    Universe named({"x", "y"});
    CHECK(named.size() == 2);
    CHECK(named.atom_name(1) == "y");
    CHECK(named == Universe({"x", "y"}));
    CHECK_FALSE(named == Universe({"y", "x"}));

    CHECK_THROWS_AS(Universe({"x", "x"}), std::invalid_argument);
    CHECK_THROWS_AS(Universe({"x", ""}), std::invalid_argument);

    CHECK(u.none(1).empty());
    CHECK(u.none(2).empty());
    CHECK(u.all(1).size() == 3);
    CHECK(u.all(2).size() == 9);
    CHECK(u.iden() == pairs(3, {{0, 0}, {1, 1}, {2, 2}}));
}

TEST_CASE("tuple set: membership, insertion and flat indices") {
    TupleSet s(4, 1);
    CHECK(s.arity() == 1);
    CHECK(s.universe_size() == 4);
    CHECK(s.capacity() == 4);
    CHECK(s.empty());
    s.add(1).add(3);
    CHECK(s.size() == 2);
    CHECK(s.contains(3));
    CHECK_FALSE(s.contains(0));
    s.remove(3);
    CHECK(s.indices() == std::vector<std::size_t>{1});

    TupleSet r(4, 2);
    CHECK(r.capacity() == 16);
    r.add(2, 1).add(0, 3);
    CHECK(r.contains(2, 1));
    CHECK_FALSE(r.contains(1, 2));
    // (a, b) is index a*size + b.
    CHECK(r.indices() == std::vector<std::size_t>{3, 9});
    CHECK(r.contains_index(9));
    TupleSet q(4, 2);
    q.add_index(9);
    CHECK(q == pairs(4, {{2, 1}}));
    std::vector<std::size_t> visited;
    r.for_each_index([&](std::size_t i) { visited.push_back(i); });
    CHECK(visited == std::vector<std::size_t>{3, 9});
    r.remove(2, 1);
    CHECK(r == pairs(4, {{0, 3}}));

    // The number of indices must match the arity.
    CHECK_THROWS_AS(s.add(0, 1), std::invalid_argument);
    CHECK_THROWS_AS(r.add(0), std::invalid_argument);
    CHECK_THROWS_AS((void)s.contains(0, 1), std::invalid_argument);
    CHECK_THROWS_AS((void)r.contains(0), std::invalid_argument);
    // Atoms beyond the universe are rejected (the exception type is not
    // pinned down by the header).
    CHECK_THROWS(s.add(4));
    CHECK_THROWS(r.add(0, 4));
}

TEST_CASE("tuple set: set algebra") {
    TupleSet a = atoms(4, {0, 1, 2});
    TupleSet b = atoms(4, {1, 3});
    CHECK((a | b) == atoms(4, {0, 1, 2, 3}));
    CHECK((a & b) == atoms(4, {1}));
    CHECK((a - b) == atoms(4, {0, 2}));
    CHECK((b - a) == atoms(4, {3}));
    CHECK(atoms(4, {0, 2}).subset_of(a));
    CHECK(TupleSet(4, 1).subset_of(a));
    CHECK_FALSE(b.subset_of(a));
    CHECK(a.subset_of(a));

    // Operands of different shapes are rejected.
    CHECK_THROWS((void)(a | pairs(4, {{0, 1}})));
    CHECK_THROWS((void)(a & atoms(5, {0})));
    CHECK_THROWS((void)a.subset_of(pairs(4, {})));
}

TEST_CASE("tuple set: relational operations") {
    // A path 0 -> 1 -> 2 -> 3.
    TupleSet r = pairs(4, {{0, 1}, {1, 2}, {2, 3}});
    TupleSet s = atoms(4, {0, 2});

    CHECK(r.join(r) == pairs(4, {{0, 2}, {1, 3}}));
    CHECK(s.join(r) == atoms(4, {1, 3}));   // image of {0,2}
    CHECK(r.join(s) == atoms(4, {1}));      // preimage of {0,2}
    CHECK(r.transpose() == pairs(4, {{1, 0}, {2, 1}, {3, 2}}));
    CHECK(r.closure() == pairs(4, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}));
    CHECK(r.domain() == atoms(4, {0, 1, 2}));
    CHECK(r.range() == atoms(4, {1, 2, 3}));
    CHECK(s.product(atoms(4, {3})) == pairs(4, {{0, 3}, {2, 3}}));
    CHECK(s.product(TupleSet(4, 1)).empty());

    // A cycle closes onto itself: everything on it reaches everything.
    TupleSet cycle = pairs(3, {{0, 1}, {1, 0}, {2, 2}});
    CHECK(cycle.closure() == pairs(3, {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 2}}));
    CHECK(TupleSet(3, 2).closure().empty());
    CHECK(Universe(3).iden().closure() == Universe(3).iden());

    // Set x set -> nothing of arity >= 1.
    CHECK_THROWS((void)s.join(s));
    // Product of binaries is outside arities 1 and 2.
    CHECK_THROWS((void)r.product(r));
}

TEST_CASE("tuple set: printing") {
    Universe u(3);
    CHECK(pairs(3, {{0, 1}, {2, 2}}).to_string(u) == "{(a0,a1), (a2,a2)}");
}

// ---------------------------------------------------------------------------
// Terms

TEST_CASE("terms: arities") {
    Relation r = Relation::binary("r");
    Relation s = Relation::unary("s");
    Variable v = Variable::unary("v");
    CHECK(r.arity() == 2);
    CHECK(s.arity() == 1);
    CHECK(v.arity() == 1);
    CHECK(univ().arity() == 1);
    CHECK(iden().arity() == 2);
    CHECK(none(1).arity() == 1);
    CHECK(none(2).arity() == 2);
    CHECK(s.join(r).arity() == 1);
    CHECK(r.join(s).arity() == 1);
    CHECK(r.join(r).arity() == 2);
    CHECK(s.product(s).arity() == 2);
    CHECK(r.domain().arity() == 1);
    CHECK(r.range().arity() == 1);
    CHECK(iden_on(s).arity() == 2);
    CHECK(domain_restrict(s, r).arity() == 2);
    CHECK(range_restrict(r, s).arity() == 2);
    CHECK(if_then_else(s.some(), s, univ()).arity() == 1);
    CHECK(constant(pairs(3, {{0, 1}})).arity() == 2);
    CHECK(r.name() == "r");
    CHECK(v.name() == "v");
}

TEST_CASE("terms: relations with the same name are distinct") {
    Relation a = Relation::binary("r");
    Relation b = Relation::binary("r");
    CHECK(a.id() != b.id());
    CHECK(a.id() < b.id());  // ids order relations by creation

    Universe u(2);
    Bounds bounds(u);
    bounds.bound(a, u.none(2), u.all(2));
    CHECK(bounds.has(a));
    CHECK_FALSE(bounds.has(b));
}

TEST_CASE("terms: wrong arities throw std::invalid_argument") {
    Relation r = Relation::binary("r");
    Relation s = Relation::unary("s");
    Variable v = Variable::unary("v");
    CHECK_THROWS_AS(none(0), std::invalid_argument);
    CHECK_THROWS_AS(none(3), std::invalid_argument);
    CHECK_THROWS_AS(r | s, std::invalid_argument);
    CHECK_THROWS_AS(r & s, std::invalid_argument);
    CHECK_THROWS_AS(s - r, std::invalid_argument);
    CHECK_THROWS_AS(s.join(s), std::invalid_argument);           // arity 0
    CHECK_THROWS_AS(r.product(s), std::invalid_argument);        // arity 3
    CHECK_THROWS_AS(s.product(r), std::invalid_argument);
    CHECK_THROWS_AS(s.transpose(), std::invalid_argument);
    CHECK_THROWS_AS(s.closure(), std::invalid_argument);
    CHECK_THROWS_AS(s.reflexive_closure(), std::invalid_argument);
    CHECK_THROWS_AS(s.optional(), std::invalid_argument);
    CHECK_THROWS_AS(s.domain(), std::invalid_argument);
    CHECK_THROWS_AS(s.range(), std::invalid_argument);
    CHECK_THROWS_AS(r.in(s), std::invalid_argument);
    CHECK_THROWS_AS(s.eq(r), std::invalid_argument);
    CHECK_THROWS_AS(iden_on(r), std::invalid_argument);
    CHECK_THROWS_AS(domain_restrict(r, r), std::invalid_argument);
    CHECK_THROWS_AS(domain_restrict(s, s), std::invalid_argument);
    CHECK_THROWS_AS(range_restrict(r, r), std::invalid_argument);
    CHECK_THROWS_AS(range_restrict(s, s), std::invalid_argument);
    CHECK_THROWS_AS(if_then_else(s.some(), s, r), std::invalid_argument);
    CHECK_THROWS_AS(forall(v, r, v.some()), std::invalid_argument);
    CHECK_THROWS_AS(exists(v, r, v.some()), std::invalid_argument);
    CHECK_THROWS_AS(acyclic(s), std::invalid_argument);
    CHECK_THROWS_AS(irreflexive(s), std::invalid_argument);
    CHECK_THROWS_AS(transitive(s), std::invalid_argument);
    CHECK_THROWS_AS(strict_total_order(s, univ()), std::invalid_argument);
    CHECK_THROWS_AS(strict_total_order(r, r), std::invalid_argument);
    CHECK_THROWS_AS(function(s, univ(), univ()), std::invalid_argument);
    CHECK_THROWS_AS(function(r, r, univ()), std::invalid_argument);
    CHECK_THROWS_AS(function(r, univ(), r), std::invalid_argument);
    CHECK_THROWS_AS(injective(s), std::invalid_argument);
}

// ---------------------------------------------------------------------------
// Bounds and instances

TEST_CASE("bounds: validation") {
    Universe u(3);
    Relation r = Relation::binary("r");
    Relation s = Relation::unary("s");
    Bounds b(u);

    // Lower must be a subset of upper.
    CHECK_THROWS_AS(b.bound(r, pairs(3, {{0, 1}}), pairs(3, {{1, 0}})), std::invalid_argument);
    CHECK_THROWS_AS(b.bound(s, atoms(3, {0, 1}), atoms(3, {0})), std::invalid_argument);
    // Arity of the tuple sets must match the relation.
    CHECK_THROWS_AS(b.bound(r, u.none(1), u.all(1)), std::invalid_argument);
    CHECK_THROWS_AS(b.bound(s, u.none(2), u.all(2)), std::invalid_argument);
    CHECK_THROWS_AS(b.bound(r, u.none(1), u.all(2)), std::invalid_argument);
    CHECK_THROWS_AS(b.bound_exactly(s, u.iden()), std::invalid_argument);
    // Universe size must match.
    Universe big(4);
    CHECK_THROWS_AS(b.bound(r, big.none(2), big.all(2)), std::invalid_argument);
    CHECK_THROWS_AS(b.bound(r, u.none(2), big.all(2)), std::invalid_argument);
    // Failed calls leave nothing behind.
    CHECK_FALSE(b.has(r));
    CHECK_FALSE(b.has(s));
    CHECK_THROWS_AS((void)b.lower(r), std::out_of_range);
    CHECK_THROWS_AS((void)b.upper(r), std::out_of_range);
}

TEST_CASE("bounds: bounding, rebounding and order") {
    Universe u(3);
    Relation r = Relation::binary("r");
    Relation s = Relation::unary("s");
    Bounds b(u);
    b.bound(s, atoms(3, {0}), u.all(1));
    b.bound(r, u.none(2), u.all(2));
    CHECK(b.lower(s) == atoms(3, {0}));
    CHECK(b.upper(r) == u.all(2));
    // Rebounding replaces the bounds and keeps the first-bounded order.
    b.bound_exactly(s, atoms(3, {1, 2}));
    CHECK(b.lower(s) == atoms(3, {1, 2}));
    CHECK(b.upper(s) == atoms(3, {1, 2}));
    REQUIRE(b.relations().size() == 2);
    CHECK(b.relations()[0].id() == s.id());
    CHECK(b.relations()[1].id() == r.id());
}

TEST_CASE("instance: values") {
    Universe u(2);
    Relation r = Relation::binary("r");
    Relation s = Relation::unary("s");
    Instance inst(u);
    CHECK_FALSE(inst.has(r));
    CHECK_THROWS_AS((void)inst.tuples(r), std::out_of_range);
    inst.set(r, pairs(2, {{0, 1}}));
    CHECK(inst.has(r));
    CHECK(inst.tuples(r) == pairs(2, {{0, 1}}));
    inst.set(r, pairs(2, {{1, 1}}));
    CHECK(inst.tuples(r) == pairs(2, {{1, 1}}));
    CHECK(inst.relations().size() == 1);
    CHECK_FALSE(inst.has(s));
}

// ---------------------------------------------------------------------------
// Evaluator on hand-built instances

TEST_CASE("evaluator: expressions") {
    Universe u({"a", "b", "c"});
    Relation r = Relation::binary("r");
    Relation s = Relation::unary("s");
    Instance inst(u);
    inst.set(r, pairs(3, {{0, 1}, {1, 2}}));  // a -> b -> c
    inst.set(s, atoms(3, {0}));                // {a}

    CHECK(evaluate(r, inst) == pairs(3, {{0, 1}, {1, 2}}));
    CHECK(evaluate(univ(), inst) == u.all(1));
    CHECK(evaluate(iden(), inst) == u.iden());
    CHECK(evaluate(none(2), inst).empty());
    CHECK(evaluate(r.closure(), inst) == pairs(3, {{0, 1}, {1, 2}, {0, 2}}));
    CHECK(evaluate(r.reflexive_closure(), inst) ==
          pairs(3, {{0, 0}, {1, 1}, {2, 2}, {0, 1}, {1, 2}, {0, 2}}));
    CHECK(evaluate(r.optional(), inst) == pairs(3, {{0, 0}, {1, 1}, {2, 2}, {0, 1}, {1, 2}}));
    CHECK(evaluate(r.transpose(), inst) == pairs(3, {{1, 0}, {2, 1}}));
    CHECK(evaluate(s.join(r), inst) == atoms(3, {1}));
    CHECK(evaluate(r.join(s), inst).empty());
    CHECK(evaluate(r.join(r), inst) == pairs(3, {{0, 2}}));
    CHECK(evaluate(s.join(r.closure()), inst) == atoms(3, {1, 2}));
    CHECK(evaluate(r.domain(), inst) == atoms(3, {0, 1}));
    CHECK(evaluate(r.range(), inst) == atoms(3, {1, 2}));
    CHECK(evaluate(s.product(r.range()), inst) == pairs(3, {{0, 1}, {0, 2}}));
    CHECK(evaluate(iden_on(r.range()), inst) == pairs(3, {{1, 1}, {2, 2}}));
    CHECK(evaluate(domain_restrict(s, r), inst) == pairs(3, {{0, 1}}));
    CHECK(evaluate(range_restrict(r, s), inst).empty());
    CHECK(evaluate(range_restrict(r, constant(atoms(3, {2}))), inst) == pairs(3, {{1, 2}}));
    CHECK(evaluate(r | r.transpose(), inst) == pairs(3, {{0, 1}, {1, 2}, {1, 0}, {2, 1}}));
    CHECK(evaluate(r.closure() & r.transpose().transpose(), inst) == pairs(3, {{0, 1}, {1, 2}}));
    CHECK(evaluate(r.closure() - r, inst) == pairs(3, {{0, 2}}));
    CHECK(evaluate(if_then_else(s.some(), s, univ()), inst) == atoms(3, {0}));
    CHECK(evaluate(if_then_else(s.no(), s, univ()), inst) == u.all(1));
    CHECK(evaluate(constant(atoms(3, {2})), inst) == atoms(3, {2}));
}

TEST_CASE("evaluator: formulas") {
    Universe u({"a", "b", "c"});
    Relation r = Relation::binary("r");
    Relation s = Relation::unary("s");
    Instance inst(u);
    inst.set(r, pairs(3, {{0, 1}, {1, 2}}));  // a -> b -> c
    inst.set(s, atoms(3, {0}));

    CHECK(evaluate(Formula::constant(true), inst));
    CHECK_FALSE(evaluate(Formula::constant(false), inst));
    CHECK(evaluate(s.in(univ()), inst));
    CHECK_FALSE(evaluate(univ().in(s), inst));
    CHECK(evaluate(r.join(r).eq(constant(pairs(3, {{0, 2}}))), inst));
    CHECK(evaluate(s.one(), inst));
    CHECK(evaluate(s.lone(), inst));
    CHECK_FALSE(evaluate(r.one(), inst));
    CHECK_FALSE(evaluate(r.lone(), inst));
    CHECK(evaluate(r.join(s).no(), inst));
    CHECK(evaluate(r.some(), inst));
    CHECK(evaluate(acyclic(r), inst));
    CHECK_FALSE(evaluate(acyclic(r | r.transpose()), inst));
    CHECK(evaluate(irreflexive(r), inst));
    CHECK_FALSE(evaluate(irreflexive(r.reflexive_closure()), inst));
    CHECK_FALSE(evaluate(transitive(r), inst));
    CHECK(evaluate(transitive(r.closure()), inst));
    CHECK(evaluate(strict_total_order(r.closure(), univ()), inst));
    CHECK_FALSE(evaluate(strict_total_order(r, univ()), inst));
    // r^+ orders {a, b, c}, but not within {a, c} only: (a,b) is outside.
    CHECK_FALSE(evaluate(strict_total_order(r.closure(), constant(atoms(3, {0, 2}))), inst));
    CHECK(evaluate(function(r, constant(atoms(3, {0, 1})), constant(atoms(3, {1, 2}))), inst));
    CHECK_FALSE(evaluate(function(r, univ(), univ()), inst));  // c has no image
    CHECK_FALSE(evaluate(function(r, constant(atoms(3, {0, 1})), constant(atoms(3, {2}))),
                         inst));  // b is not in the codomain
    CHECK(evaluate(injective(r), inst));
    CHECK_FALSE(evaluate(injective(r | constant(pairs(3, {{2, 2}}))), inst));  // c has two

    Variable x = Variable::unary("x");
    Variable y = Variable::unary("y");
    // Every atom but c has a successor; some atom reaches two atoms.
    CHECK(evaluate(forall(x, univ() - constant(atoms(3, {2})), x.join(r).some()), inst));
    CHECK_FALSE(evaluate(forall(x, univ(), x.join(r).some()), inst));
    CHECK(evaluate(exists(x, univ(), x.join(r.closure()).some() &&
                                         forall(y, x.join(r.closure()), y.in(r.range()))),
                   inst));
    // c has no successor: its image {} is in s = {a}; a's image {b} is not.
    CHECK(evaluate(exists(x, univ(), x.join(r).in(s)), inst));
    CHECK_FALSE(evaluate(forall(x, univ(), x.join(r).in(s)), inst));
    CHECK(evaluate(forall(x, none(1), Formula::constant(false)), inst));
    CHECK_FALSE(evaluate(exists(x, none(1), Formula::constant(true)), inst));

    CHECK(evaluate(implies(s.no(), r.no()), inst));
    CHECK_FALSE(evaluate(implies(s.some(), r.no()), inst));
    CHECK(evaluate(iff(s.some(), r.some()), inst));
    CHECK_FALSE(evaluate(iff(s.no(), r.some()), inst));
    CHECK(evaluate(s.some() || r.no(), inst));
    CHECK_FALSE(evaluate(s.no() || r.no(), inst));
    CHECK(evaluate(!(s.no() && r.some()), inst));
}

TEST_CASE("evaluator: missing values and free variables throw") {
    Universe u(2);
    Relation r = Relation::binary("r");
    Relation missing = Relation::binary("missing");
    Variable x = Variable::unary("x");
    Instance inst(u);
    inst.set(r, u.none(2));
    CHECK_THROWS_AS(evaluate(missing, inst), std::invalid_argument);
    CHECK_THROWS_AS(evaluate(missing.some(), inst), std::invalid_argument);
    CHECK_THROWS_AS(evaluate(x.join(r), inst), std::invalid_argument);
    CHECK_THROWS_AS(evaluate(x.join(r).some(), inst), std::invalid_argument);
}

// ---------------------------------------------------------------------------
// Solving: errors, bounds, instances

TEST_CASE("solve: unbounded relations and free variables are rejected") {
    Universe u(2);
    Relation r = Relation::binary("r");
    Relation unbounded = Relation::binary("unbounded");
    Variable x = Variable::unary("x");
    Bounds b(u);
    b.bound(r, u.none(2), u.all(2));

    const Formula f = r.in(unbounded);
    CHECK_THROWS_AS(solve(f, b), std::invalid_argument);
    CHECK_THROWS_AS(count_solutions(f, b), std::invalid_argument);
    CHECK_THROWS_AS(enumerate(f, b, [](const Instance&) { return true; }),
                    std::invalid_argument);
    CHECK_THROWS_AS(Problem(f, b), std::invalid_argument);

    // A variable used outside its quantifier.
    CHECK_THROWS_AS(solve(x.join(r).some(), b), std::invalid_argument);
    CHECK_THROWS_AS(Problem(x.join(r).some(), b), std::invalid_argument);

    // add() checks the same.
    Problem p(r.some(), b);
    CHECK_THROWS_AS(p.add(unbounded.some()), std::invalid_argument);
}

TEST_CASE("solve: lower bounds are always present and upper bounds never exceeded") {
    Universe u(3);
    Relation r = Relation::binary("r");
    Relation s = Relation::unary("s");
    Bounds b(u);
    const TupleSet r_lower = pairs(3, {{0, 1}});
    const TupleSet r_upper = pairs(3, {{0, 1}, {1, 2}, {2, 0}, {2, 2}});
    b.bound(r, r_lower, r_upper);
    b.bound(s, atoms(3, {2}), u.all(1));

    // Formula 'true': every assignment of the 3 + 2 free tuples counts.
    for (ClosureEncoding enc : reltest::kEncodings) {
        INFO("closure encoding: " << reltest::encoding_name(enc));
        CHECK(count_solutions(Formula::constant(true), b,
                              reltest::make_options(enc, SymmetryBreaking::off)) == 32);
    }

    // Formulas trying to remove lower-bound tuples or to add others.
    const Formula wants_less = r.no() || s.no();
    CHECK_FALSE(solve(wants_less, b).has_value());
    CHECK(count_solutions(wants_less, b) == 0);
    const Formula wants_more = constant(pairs(3, {{1, 1}})).in(r);
    CHECK_FALSE(solve(wants_more, b).has_value());

    // Every enumerated instance lies within the bounds.
    std::set<std::vector<std::size_t>> seen;
    const std::uint64_t visited = enumerate(acyclic(r), b, [&](const Instance& inst) {
        CHECK(reltest::within_bounds(inst, b));
        CHECK(inst.tuples(r).contains(0, 1));
        CHECK(inst.tuples(s).contains(2));
        CHECK(evaluate(acyclic(r), inst));
        std::vector<std::size_t> key = inst.tuples(r).indices();
        for (std::size_t i : inst.tuples(s).indices()) key.push_back(100 + i);
        CHECK(seen.insert(key).second);
        return true;
    });
    // r acyclic with (0,1) forced, among (1,2), (2,0), (2,2): (2,2) never;
    // not both (1,2) and (2,0): 3 choices; s free on atoms 0 and 1: 4.
    CHECK(visited == 12);
}

TEST_CASE("solve: relations bounded but not mentioned still get values and are counted") {
    Universe u(2);
    Relation r = Relation::binary("r");
    Relation s = Relation::unary("s");
    Bounds b(u);
    b.bound(r, u.none(2), u.all(2));
    b.bound(s, u.none(1), u.all(1));
    // 3 DAGs on 2 nodes, times 4 values of the unconstrained s.
    CHECK(count_solutions(acyclic(r), b) == 12);
    auto inst = solve(acyclic(r), b);
    REQUIRE(inst.has_value());
    CHECK(inst->has(r));
    CHECK(inst->has(s));
}

TEST_CASE("solve: trivial problems") {
    Universe u(2);
    Bounds empty(u);
    // No relations: exactly one (empty) instance of 'true', none of 'false'.
    CHECK(count_solutions(Formula::constant(true), empty) == 1);
    CHECK(count_solutions(Formula::constant(false), empty) == 0);
    CHECK(solve(Formula::constant(true), empty).has_value());
    CHECK_FALSE(solve(Formula::constant(false), empty).has_value());
    CHECK(count_solutions(univ().some(), empty) == 1);
    CHECK(count_solutions(iden().in(none(2)), empty) == 0);

    // Fully determined relations: one instance, or none.
    Relation r = Relation::binary("r");
    Bounds exact(u);
    exact.bound_exactly(r, pairs(2, {{0, 1}}));
    CHECK(count_solutions(acyclic(r), exact) == 1);
    CHECK(count_solutions(!acyclic(r), exact) == 0);
    auto inst = solve(acyclic(r), exact);
    REQUIRE(inst.has_value());
    CHECK(inst->tuples(r) == pairs(2, {{0, 1}}));
}

TEST_CASE("enumerate: stops when the visitor returns false") {
    Universe u(3);
    Relation r = Relation::binary("r");
    Bounds b(u);
    b.bound(r, u.none(2), u.all(2));
    int calls = 0;
    const std::uint64_t visited = enumerate(acyclic(r), b, [&](const Instance&) {
        ++calls;
        return calls < 3;
    });
    CHECK(calls == 3);
    CHECK(visited == 3);
    CHECK(enumerate(Formula::constant(false), b, [](const Instance&) { return true; }) == 0);
}
