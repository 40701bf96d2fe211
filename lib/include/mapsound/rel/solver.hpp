// Solving relational formulas: translation to SAT and CaDiCaL.
//
// A formula over bounds is translated Kodkod-style into a boolean circuit
// (one SAT variable per undetermined tuple, the "primary" variables), then
// into CNF, and handed to CaDiCaL.  Instances are read back from the primary
// variables only, so auxiliary variables (gates, closure witnesses) never
// produce duplicate instances.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <stop_token>
#include <string>

#include "mapsound/rel/ast.hpp"
#include "mapsound/rel/bounds.hpp"

namespace mapsound::rel {

// How transitive closures (r^+, r^*, acyclic) become clauses.
enum class ClosureEncoding {
    // Iterative squaring: exact in every position; the reference.
    squaring,
    // Chosen per occurrence by polarity: where the closure may be
    // over-approximated (acyclic asserted true, irreflexive(r^+;s) asserted
    // true, ...) a fresh transitive relation T with r in T and T;T in T; where
    // a cycle must exist (acyclic asserted false) a fresh cycle witness; in
    // every other position, squaring.  Same answers as squaring.
    polarity_aware,
};

// How the fresh transitive relations T of ClosureEncoding::polarity_aware are
// kept transitive.
enum class Transitivity {
    // Every clause T(i,k) & T(k,j) -> T(i,j) is given to the solver up front
    // (cubic in the atoms); the reference.
    eager,
    // None up front: when a solution has T(i,k) and T(k,j) but not T(i,j),
    // the clauses it breaks are added and the solver runs again on the same
    // instance, until a solution breaks none.  Same answers as eager: an
    // unsatisfiable relaxation proves the whole problem unsatisfiable, and a
    // solution is returned only once every T in it is transitive.
    lazy,
};

enum class SymmetryBreaking {
    // On for solve() and Problem::solve() (it never changes satisfiability),
    // off for counting and enumeration (it removes isomorphic instances).
    automatic,
    on,
    off,
};

struct Limits {
    // Per call of CaDiCaL (a lazy refinement round is one); negative means
    // unlimited.
    std::int64_t conflicts = -1;
    // Wall-clock limit per solve call, refinement rounds included; zero
    // means unlimited.
    std::chrono::milliseconds time{0};
};

struct Options {
    ClosureEncoding closure = ClosureEncoding::polarity_aware;
    Transitivity transitivity = Transitivity::lazy;
    SymmetryBreaking symmetry = SymmetryBreaking::automatic;
    Limits limits{};
    // Requesting a stop from another thread makes a running solve return
    // Outcome::unknown soon after.
    std::stop_token stop{};
};

enum class Outcome { satisfiable, unsatisfiable, unknown };

struct Statistics {
    std::int64_t primary_variables = 0;   // undetermined tuples
    std::int64_t variables = 0;           // all SAT variables
    std::int64_t clauses = 0;             // all clauses given to CaDiCaL
    std::int64_t transitivity_clauses = 0; // of them, added by lazy refinement
    std::int64_t refinement_rounds = 0;   // solver calls that lazy refinement repeated
    double translation_seconds = 0;       // formula -> circuit -> CNF
    double solve_seconds = 0;             // inside CaDiCaL
};

// Thrown by count_solutions/enumerate when a limit or a stop request ends
// the search before it is complete.
struct Interrupted : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// An incremental problem: a formula over bounds, kept translated inside one
// CaDiCaL instance so that further constraints, assumptions and blocking
// clauses reuse the work already done.  Not thread-safe except for cancel().
class Problem {
public:
    // Translates 'formula' (asserted true).  Throws std::invalid_argument if
    // the formula mentions a relation 'bounds' does not bound, or uses a
    // variable outside its quantifier.
    Problem(const Formula& formula, const Bounds& bounds, const Options& options = {});
    ~Problem();
    Problem(Problem&&) noexcept;
    Problem& operator=(Problem&&) noexcept;

    // Asserts one more formula for all later solve calls.  With symmetry
    // breaking on, a formula whose constants tell apart atoms that were
    // treated as interchangeable would lose solutions: it is rejected with
    // std::invalid_argument (use SymmetryBreaking::off for such problems).
    // The same holds for assumptions.
    void add(const Formula& formula);
    // Gives 'relation', which the bounds do not mention, the fixed value
    // 'value' in every formula added or assumed later (no SAT variables).
    // Throws std::invalid_argument if the relation is already bounded or the
    // value has another arity or universe.
    void add_constant(const Relation& relation, const TupleSet& value);

    // Looks for an instance of everything asserted; the result is
    // satisfiable (then instance() is one), unsatisfiable, or unknown (a
    // limit or a stop request ended the search).
    Outcome solve();
    // The same, with 'assumptions' asserted for this call only.
    Outcome solve(std::span<const Formula> assumptions);

    // The least instance of everything asserted in the order 'preferences'
    // gives: relation by relation, tuple by tuple in index order, a tuple's
    // preferred state (in the relation for Preference::present, out of it
    // otherwise) is kept whenever some instance agrees with everything
    // decided before it.  So the answer depends on the asserted formulas,
    // the bounds and 'preferences' alone, not on which instance CaDiCaL
    // meets first (with symmetry breaking on: the least of the instances
    // it keeps); relations not named stay as the solver left them.
    // Satisfiable then instance() is that instance; unsatisfiable or
    // unknown as for solve().  Costs one solve per tuple whose preferred
    // state the instance in hand does not already have.
    struct Preference {
        Relation relation;
        bool present = true;
    };
    Outcome solve_least(std::span<const Preference> preferences);

    // The instance found by the last solve() that returned satisfiable.
    const Instance& instance() const;

    // Excludes the last instance (on the primary variables) from later
    // solve calls.  Requires the last solve() to have been satisfiable.
    void block_instance();

    // Thread-safe: makes a running or the next solve() return unknown.
    void cancel();

    const Statistics& statistics() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// One instance of 'formula' within 'bounds', or none if there is none.
// Throws Interrupted if a limit or stop request ends the search first.
std::optional<Instance> solve(const Formula& formula, const Bounds& bounds,
                              const Options& options = {});

// Calls 'visit' for each instance in turn until it returns false or none is
// left; returns the number visited.  With SymmetryBreaking::automatic every
// instance is visited (no symmetry breaking).  Throws Interrupted.
std::uint64_t enumerate(const Formula& formula, const Bounds& bounds,
                        const std::function<bool(const Instance&)>& visit,
                        const Options& options = {});

// The number of instances (distinct assignments of the relations) of
// 'formula' within 'bounds'.  Throws Interrupted.
std::uint64_t count_solutions(const Formula& formula, const Bounds& bounds,
                              const Options& options = {});

// A tuple set that contains every value 'expr' takes in any instance within
// 'bounds' (the support of its translation: exact for constants, an
// over-approximation otherwise).  Throws std::invalid_argument like Problem.
TupleSet upper_bound(const Expr& expr, const Bounds& bounds);

}  // namespace mapsound::rel
