// Counting tests: the solver's answers checked against numbers that come from
// combinatorics, not from the code (OEIS references in the comments).  Every
// count runs with SymmetryBreaking::off (symmetry breaking removes isomorphic
// instances and so changes counts) and under both closure encodings, because
// the polarity-aware encoding replaces closures by over-approximations or
// witnesses and must still give exactly the same answers as squaring.
#include <doctest/doctest.h>

#include <cstdint>
#include <functional>
#include <vector>

#include <mapsound/rel.hpp>

#include "rel_test_support.hpp"

using namespace mapsound::rel;
using reltest::encoding_name;
using reltest::kEncodings;

namespace {

// Number of values of one binary relation r, bounded none..all over n atoms,
// that satisfy make(r); symmetry breaking off.
std::uint64_t count_binary(std::size_t n, const std::function<Formula(const Relation&)>& make,
                           ClosureEncoding encoding, Transitivity transitivity = Transitivity::lazy) {
    Universe u(n);
    Relation r = Relation::binary("r");
    Bounds b(u);
    b.bound(r, u.none(2), u.all(2));
    return count_solutions(make(r), b, reltest::make_options(encoding, SymmetryBreaking::off, transitivity));
}

// Checks count_binary(n, make) == expected[n-1] for n = 1..expected.size(),
// under both closure encodings, with lazy and eager transitivity.
void check_counts(const std::function<Formula(const Relation&)>& make,
                  const std::vector<std::uint64_t>& expected) {
    for (ClosureEncoding enc : kEncodings)
        for (Transitivity tr : reltest::kTransitivities)
            for (std::size_t n = 1; n <= expected.size(); ++n) {
                INFO("closure encoding: " << encoding_name(enc) << "  transitivity: "
                                          << reltest::transitivity_name(tr) << "  atoms: " << n);
                CHECK(count_binary(n, make, enc, tr) == expected[n - 1]);
            }
}

}  // namespace

// OEIS A003024: labelled acyclic digraphs (DAGs), 1, 3, 25, 543, 29281.
// acyclic(r) asserted true: polarity_aware may over-approximate r^+ by a
// transitive superset.
TEST_CASE("counting: labelled DAGs on 1 to 5 nodes") {
    check_counts([](const Relation& r) { return acyclic(r); }, {1, 3, 25, 543, 29281});
}

// Lazy transitivity must do the work eager transitivity does up front: a
// cycle 0 -> 1 -> 2 -> 3 -> 0 forced into r is refuted only after clauses
// are added (the first solution breaks transitivity), eagerly with none.
TEST_CASE("counting: lazy transitivity refines until the forced cycle is refuted") {
    Universe u(4);
    Relation r = Relation::binary("r");
    Bounds b(u);
    TupleSet cycle(4, 2);
    for (std::size_t i = 0; i < 4; ++i) cycle.add(i, (i + 1) % 4);
    b.bound(r, cycle, u.all(2));
    for (Transitivity tr : reltest::kTransitivities) {
        INFO("transitivity: " << reltest::transitivity_name(tr));
        Problem p(acyclic(r), b, reltest::make_options(ClosureEncoding::polarity_aware, SymmetryBreaking::off, tr));
        CHECK(p.solve() == Outcome::unsatisfiable);
        if (tr == Transitivity::lazy) {
            CHECK(p.statistics().transitivity_clauses > 0);
            CHECK(p.statistics().refinement_rounds > 0);
        } else {
            CHECK(p.statistics().transitivity_clauses == 0);
            CHECK(p.statistics().refinement_rounds == 0);
        }
    }
}

// The complement: relations with a cycle, 2^(n*n) - DAGs(n).  acyclic asserted
// false is the position where polarity_aware uses a cycle witness.
TEST_CASE("counting: relations with a cycle on 1 to 3 nodes") {
    check_counts([](const Relation& r) { return !acyclic(r); }, {2 - 1, 16 - 3, 512 - 25});
    // The same through an explicit closure in positive position.
    check_counts([](const Relation& r) { return (r.closure() & iden()).some(); },
                 {2 - 1, 16 - 3, 512 - 25});
}

// Strict total orders on n atoms are the n! linear orders.
TEST_CASE("counting: strict total orders on 1 to 5 atoms") {
    check_counts([](const Relation& r) { return strict_total_order(r, univ()); },
                 {1, 2, 6, 24, 120});
}

// Strict total order on a subset s: r in s x s, so tuples outside s x s are
// never set, and there are |s|! of them.
TEST_CASE("counting: strict total orders on a 3-atom subset of 4 atoms") {
    TupleSet s = reltest::atoms(4, {0, 2, 3});
    for (ClosureEncoding enc : kEncodings) {
        INFO("closure encoding: " << encoding_name(enc));
        CHECK(count_binary(
                  4, [&](const Relation& r) { return strict_total_order(r, constant(s)); }, enc) == 6);
    }
}

// OEIS A006905: transitive relations, 2, 13, 171, 3994.
TEST_CASE("counting: transitive relations on 1 to 4 atoms via transitive()") {
    check_counts([](const Relation& r) { return transitive(r); }, {2, 13, 171, 3994});
}

// r^+ in r is the same property, but goes through the closure encoding.
TEST_CASE("counting: transitive relations on 1 to 4 atoms via closure") {
    check_counts([](const Relation& r) { return r.closure().in(r); }, {2, 13, 171, 3994});
    // r^+ = r puts the closure in both polarities.
    check_counts([](const Relation& r) { return r.closure().eq(r); }, {2, 13, 171, 3994});
}

// OEIS A000110: equivalence relations are counted by the Bell numbers.
TEST_CASE("counting: equivalence relations on 1 to 6 atoms (Bell numbers)") {
    const std::vector<std::uint64_t> bell = {1, 2, 5, 15, 52, 203};
    check_counts(
        [](const Relation& r) { return iden().in(r) && r.transpose().in(r) && transitive(r); },
        bell);
    // r^* in r forces reflexivity and transitivity at once.
    check_counts(
        [](const Relation& r) { return r.reflexive_closure().in(r) && r.transpose().in(r); },
        bell);
}

// OEIS A003030 (strongly connected labelled digraphs without loops: 1, 1, 18,
// 1606) times 2^n free loops, except that one atom needs its loop:
// r^+ = univ x univ holds for 1, 4, 144, 25696 relations.  Here the closure
// must be exact from below, i.e. it occurs positively.
TEST_CASE("counting: relations whose closure is complete on 1 to 4 atoms") {
    check_counts([](const Relation& r) { return r.closure().eq(univ().product(univ())); },
                 {1, 4, 144, 25696});
    // The same from one side only (up to 3 atoms: the count above already
    // takes a few seconds per encoding at 4 atoms).
    check_counts([](const Relation& r) { return univ().product(univ()).in(r.closure()); },
                 {1, 4, 144});
}

// Total functions univ -> univ: n^n.  Injective relations (every atom has at
// most one predecessor): (n+1)^n.  Injective total functions: n!.
TEST_CASE("counting: functions and injective relations") {
    check_counts([](const Relation& r) { return function(r, univ(), univ()); }, {1, 4, 27, 256});
    check_counts([](const Relation& r) { return injective(r); }, {2, 9, 64, 625});
    check_counts([](const Relation& r) { return function(r, univ(), univ()) && injective(r); },
                 {1, 2, 6, 24});
}

// A total function from A to B (|A| = 2, |B| = 3) is a subset of A x B:
// |B|^|A| = 9 of them, whatever the other tuples' bounds allow.
TEST_CASE("counting: functions between two subsets") {
    TupleSet A = reltest::atoms(4, {0, 1});
    TupleSet B = reltest::atoms(4, {1, 2, 3});
    for (ClosureEncoding enc : kEncodings) {
        INFO("closure encoding: " << encoding_name(enc));
        CHECK(count_binary(
                  4, [&](const Relation& r) { return function(r, constant(A), constant(B)); }, enc) == 9);
    }
}

// The program in tests/api_contract/main.cpp, inside the test binary too:
// count_solutions with default options uses no symmetry breaking.
TEST_CASE("counting: default options count every DAG on 5 nodes") {
    Universe u(5);
    Relation r = Relation::binary("r");
    Bounds b(u);
    b.bound(r, u.none(2), u.all(2));
    CHECK(count_solutions(acyclic(r), b) == 29281);
}

// ---------------------------------------------------------------------------
// Pigeonhole: n+1 pigeons never fit into n holes.

TEST_CASE("pigeonhole: n+1 pigeons in n holes is unsatisfiable with symmetry breaking") {
    for (std::size_t n = 2; n <= 10; ++n) {
        INFO("holes: " << n);
        auto php = reltest::make_pigeonhole(n + 1, n);
        // Default options: symmetry breaking is on for solve().
        CHECK_FALSE(solve(php.formula, php.bounds).has_value());
        CHECK_FALSE(solve(php.formula, php.bounds,
                          reltest::make_options(ClosureEncoding::polarity_aware,
                                                SymmetryBreaking::on))
                        .has_value());
    }
}

// Symmetry breaking must not change satisfiability: the same answers without
// it, where plain CDCL still finishes quickly (9 holes: about 0.1 s).
TEST_CASE("pigeonhole: n+1 pigeons in n holes is unsatisfiable without symmetry breaking") {
    for (std::size_t n = 2; n <= 9; ++n) {
        INFO("holes: " << n);
        auto php = reltest::make_pigeonhole(n + 1, n);
        CHECK_FALSE(solve(php.formula, php.bounds,
                          reltest::make_options(ClosureEncoding::polarity_aware,
                                                SymmetryBreaking::off))
                        .has_value());
    }
    // And counting (no symmetry breaking) finds nothing.
    auto php = reltest::make_pigeonhole(4, 3);
    CHECK(count_solutions(php.formula, php.bounds) == 0);
}

// n pigeons do fit into n holes; the solver must find a placement with and
// without symmetry breaking, and the evaluator must agree it is one.
TEST_CASE("pigeonhole: n pigeons in n holes is satisfiable") {
    for (std::size_t n = 1; n <= 7; ++n) {
        auto php = reltest::make_pigeonhole(n, n);
        for (SymmetryBreaking sym :
             {SymmetryBreaking::automatic, SymmetryBreaking::on, SymmetryBreaking::off}) {
            INFO("holes: " << n << "  symmetry: " << reltest::symmetry_name(sym));
            auto inst = solve(php.formula, php.bounds,
                              reltest::make_options(ClosureEncoding::polarity_aware, sym));
            REQUIRE(inst.has_value());
            CHECK(reltest::within_bounds(*inst, php.bounds));
            CHECK(evaluate(php.formula, *inst));
            // Each pigeon in exactly one hole: n tuples in all.
            CHECK(inst->tuples(php.r).size() == n);
        }
    }
}

// With as many pigeons as holes every hole holds exactly one pigeon and every
// pigeon sits in exactly one hole: the placements are the n! bijections.
TEST_CASE("pigeonhole: n pigeons in n holes has n! placements") {
    const std::uint64_t factorial[] = {1, 1, 2, 6, 24, 120};
    for (std::size_t n = 1; n <= 5; ++n) {
        INFO("holes: " << n);
        auto php = reltest::make_pigeonhole(n, n);
        CHECK(count_solutions(php.formula, php.bounds) == factorial[n]);
    }
}
