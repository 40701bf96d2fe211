// mapsound-bench-core's workloads: the fixed formulas it times and the two
// ways a workload is run (one solve, or counting by enumeration), with the
// known answers they are checked against.  Kept apart from the harness
// (core_bench.cpp: child processes, aggregation, output) so that a workload
// is added or changed here without reading the process handling.
#include "core_bench.hpp"

#include <mapsound/rel.hpp>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace rel = mapsound::rel;

namespace corebench {
namespace {

void take_statistics(RunResult& r, const rel::Statistics& st) {
    r.translation_seconds = st.translation_seconds;
    r.solve_seconds = st.solve_seconds;
    r.primary_variables = st.primary_variables;
    r.variables = st.variables;
    r.clauses = st.clauses;
}

// ---------------------------------------------------------------------------
// The two ways a workload is run.

// One Problem, one solve().  'expect_sat' is the known answer; a SAT instance
// is also checked with the plain evaluator (outside the timed region).
RunResult solve_once(const rel::Formula& formula, const rel::Bounds& bounds,
                     const rel::Options& options, bool expect_sat, Clock::time_point start) {
    rel::Problem problem(formula, bounds, options);
    const rel::Outcome outcome = problem.solve();
    RunResult r;
    r.wall_seconds = seconds_since(start);
    take_statistics(r, problem.statistics());
    switch (outcome) {
    case rel::Outcome::unknown:
        set_text(r.answer, "timeout");
        set_text(r.check, "-");
        break;
    case rel::Outcome::unsatisfiable:
        set_text(r.answer, "UNSAT");
        set_text(r.check, expect_sat ? "WRONG" : "ok");
        break;
    case rel::Outcome::satisfiable: {
        set_text(r.answer, "SAT");
        const bool holds = rel::evaluate(formula, problem.instance());
        set_text(r.check, expect_sat && holds ? "ok" : "WRONG");
        break;
    }
    }
    return r;
}

// Counting, by enumeration on one incremental Problem: solve(), then
// block_instance(), until UNSAT.  This is what count_solutions does, spelled
// out so that the library's statistics can be read: the translation is done
// once (translation_seconds), the solve time is Statistics::solve_seconds
// summed over every solve() call of the enumeration, and wall time covers
// everything (instance read-back and blocking clauses included).
// Options::limits.time bounds each solve() call; the enumeration as a whole
// also stops once 'limit' has passed since 'start'.
RunResult count_by_enumeration(const rel::Formula& formula, const rel::Bounds& bounds,
                               const rel::Options& options, std::chrono::milliseconds limit,
                               std::uint64_t expected, Clock::time_point start) {
    rel::Problem problem(formula, bounds, options);
    // Sizes of the translation itself, before any blocking clause.
    const rel::Statistics translated = problem.statistics();

    std::uint64_t count = 0;
    bool interrupted = false;
    for (;;) {
        if (limit.count() > 0 && Clock::now() - start >= limit) {
            interrupted = true;
            break;
        }
        const rel::Outcome outcome = problem.solve();
        if (outcome == rel::Outcome::unknown) {
            interrupted = true;
            break;
        }
        if (outcome == rel::Outcome::unsatisfiable) break;
        ++count;
        problem.block_instance();
    }

    RunResult r;
    r.wall_seconds = seconds_since(start);
    take_statistics(r, translated);
    if (translated.variables == 0) take_statistics(r, problem.statistics());
    // A Problem's statistics accumulate over its calls: the translation
    // seconds include the (empty) per-call work of every solve(), the solve
    // seconds are the sum over every solve() of the enumeration.
    r.translation_seconds = problem.statistics().translation_seconds;
    r.solve_seconds = problem.statistics().solve_seconds;
    if (interrupted) {
        set_text(r.answer, "timeout");
        set_text(r.check, "-");
    } else {
        set_text(r.answer, std::to_string(count));
        set_text(r.check, count == expected ? "ok" : "WRONG");
    }
    return r;
}

// ---------------------------------------------------------------------------
// Workloads (Workload, core_bench.hpp).

rel::Options make_options(rel::ClosureEncoding closure, rel::SymmetryBreaking symmetry,
                          std::chrono::milliseconds limit) {
    rel::Options o;
    o.closure = closure;
    o.symmetry = symmetry;
    o.limits.time = limit;
    return o;
}

// All labelled DAGs on 5 nodes: r binary, 0 <= r <= univ x univ, acyclic(r).
// 29281 of them (OEIS A003024).
RunResult dag_count(std::chrono::milliseconds limit) {
    const auto start = Clock::now();
    rel::Universe u(5);
    rel::Relation r = rel::Relation::binary("r");
    rel::Bounds b(u);
    b.bound(r, u.none(2), u.all(2));
    const rel::Formula f = rel::acyclic(r);
    return count_by_enumeration(
        f, b,
        make_options(rel::ClosureEncoding::polarity_aware, rel::SymmetryBreaking::off, limit),
        limit, 29281, start);
}

// The pigeonhole principle, 8 pigeons and 7 holes: every pigeon sits in some
// hole and no hole holds two pigeons.  Unsatisfiable.  The pigeons are
// interchangeable and so are the holes, which symmetry breaking can use.
RunResult pigeonhole(std::chrono::milliseconds limit, rel::SymmetryBreaking symmetry) {
    constexpr std::size_t pigeons = 8, holes = 7;
    const auto start = Clock::now();
    std::vector<std::string> names;
    for (std::size_t i = 0; i < pigeons + holes; ++i) {
        std::string name(1, i < pigeons ? 'p' : 'h');
        name += std::to_string(i < pigeons ? i : i - pigeons);
        names.push_back(std::move(name));
    }
    rel::Universe u(names);
    rel::TupleSet ps = u.none(1), hs = u.none(1);
    for (std::size_t i = 0; i < pigeons; ++i) ps.add(i);
    for (std::size_t i = 0; i < holes; ++i) hs.add(pigeons + i);

    rel::Relation pigeon = rel::Relation::unary("Pigeon");
    rel::Relation hole = rel::Relation::unary("Hole");
    rel::Relation nest = rel::Relation::binary("nest");
    rel::Bounds b(u);
    b.bound_exactly(pigeon, ps);
    b.bound_exactly(hole, hs);
    b.bound(nest, u.none(2), ps.product(hs));

    rel::Variable p = rel::Variable::unary("p");
    const rel::Formula f = rel::forall(p, pigeon, p.join(nest).some()) && rel::injective(nest);
    return solve_once(
        f, b, make_options(rel::ClosureEncoding::polarity_aware, symmetry, limit),
        /*expect_sat=*/false, start);
}

// A closure-heavy formula over 12 atoms; r and s are free binary relations.
//   acyclic(r | s)                        (r|s)^+ negative
//   no (r^+ & s^+)                        r^+, s^+ negative
//   all x | lone x.r && lone x.s          r and s are partial functions
//   some root | univ - root in root.(r|s)^+        (r|s)^+ positive
//   some (r^+.s & s^+.r)                  r^+, s^+ positive
//   irreflexive(r^+ . s^+)                a closure join, negative
// The closures occur in both polarities, so polarity_aware uses its
// over-approximation for some occurrences and squaring for the others.
// Satisfiable (e.g. r = {0->1, 2->3}, s = {0->2, 1->3, 3->4, ..., 10->11}).
RunResult closure_heavy(std::chrono::milliseconds limit, rel::ClosureEncoding closure) {
    const auto start = Clock::now();
    rel::Universe u(12);
    rel::Relation r = rel::Relation::binary("r");
    rel::Relation s = rel::Relation::binary("s");
    rel::Bounds b(u);
    b.bound(r, u.none(2), u.all(2));
    b.bound(s, u.none(2), u.all(2));

    const rel::Expr t = r | s;
    rel::Variable x = rel::Variable::unary("x");
    rel::Variable root = rel::Variable::unary("root");
    const rel::Formula f =
        rel::acyclic(t)
        && (r.closure() & s.closure()).no()
        && rel::forall(x, rel::univ(), x.join(r).lone() && x.join(s).lone())
        && rel::exists(root, rel::univ(), (rel::univ() - root).in(root.join(t.closure())))
        && (r.closure().join(s) & s.closure().join(r)).some()
        && rel::irreflexive(r.closure().join(s.closure()));
    return solve_once(f, b, make_options(closure, rel::SymmetryBreaking::off, limit),
                      /*expect_sat=*/true, start);
}

}  // namespace

std::vector<Workload> all_workloads() {
    using rel::ClosureEncoding;
    using rel::SymmetryBreaking;
    return {
        {"dag5-count",
         "count labelled DAGs on 5 nodes: acyclic(r), symmetry off, polarity_aware (29281)",
         [](auto limit) { return dag_count(limit); }},
        {"php8x7-sym-on",
         "pigeonhole 8 pigeons -> 7 holes (UNSAT), symmetry breaking on",
         [](auto limit) { return pigeonhole(limit, SymmetryBreaking::on); }},
        {"php8x7-sym-off",
         "pigeonhole 8 pigeons -> 7 holes (UNSAT), symmetry breaking off",
         [](auto limit) { return pigeonhole(limit, SymmetryBreaking::off); }},
        {"closure12-squaring",
         "closure-heavy formula on r, s over 12 atoms (SAT), ClosureEncoding::squaring",
         [](auto limit) { return closure_heavy(limit, ClosureEncoding::squaring); }},
        {"closure12-polarity",
         "closure-heavy formula on r, s over 12 atoms (SAT), ClosureEncoding::polarity_aware",
         [](auto limit) { return closure_heavy(limit, ClosureEncoding::polarity_aware); }},
    };
}

}  // namespace corebench
