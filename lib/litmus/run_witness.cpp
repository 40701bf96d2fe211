// One consistent execution of a litmus test to draw (see run.hpp,
// witness_execution): the solver asked per pre-execution, as run_decide.cpp
// asks it, for an execution that satisfies the condition's expression.
#include <span>

#include "litmus/condition_formula.hpp"
#include "litmus/run_common.hpp"

namespace mapsound::litmus {

namespace {

std::vector<std::pair<int, int>> pairs_of(const rel::TupleSet& t) {
    const std::size_t n = t.universe_size();
    std::vector<std::pair<int, int>> out;
    for (std::size_t idx : t.indices()) out.emplace_back(static_cast<int>(idx / n), static_cast<int>(idx % n));
    return out;
}

}  // namespace

std::optional<WitnessExecution> witness_execution(const LitmusTest& given, const model::Model& model,
                                                  const RunOptions& options) {
    detail::RunContext run(given, options);
    const LitmusTest& test = run.test;  // torn when mixed-size
    const detail::TestNeeds needs(test, options);
    std::optional<WitnessExecution> satisfying, other;
    // Every value enumerated (no free reads): the pre-execution drawn then
    // shows the values read.
    expand_each(test, detail::expand_options_for(run, false), [&](const Candidate& candidate) {
        ++run.candidates;
        run.check_deadline();
        detail::PreparedCandidate prepared(test, model, candidate, needs, options);
        detail::check_size(run, prepared);
        const rel::Formula filter = test.filter ? detail::condition_formula(*test.filter, prepared, test.source)
                                                : rel::Formula::constant(true);
        const rel::Formula condition = test.condition
                                           ? detail::condition_formula(test.condition->expr, prepared, test.source)
                                           : rel::Formula::constant(true);
        rel::Problem problem(prepared.consistent && filter, prepared.query.bounds, run.solver_options());
        auto found = [&](const rel::Formula& assumption) -> std::optional<WitnessExecution> {
            const rel::Outcome outcome = problem.solve(std::span(&assumption, 1));
            if (outcome == rel::Outcome::unknown) run.over_time();
            if (outcome != rel::Outcome::satisfiable) return std::nullopt;
            const rel::Instance& execution = problem.instance();
            WitnessExecution w;
            w.pre = candidate.pre;
            w.rf = pairs_of(execution.tuples(prepared.query.rf));
            for (const auto& witness : prepared.query.instance.witnesses)
                if (witness.name == "co") w.co = pairs_of(execution.tuples(witness.relation));
            return w;
        };
        satisfying = found(condition);
        if (satisfying) {
            satisfying->satisfies = true;
            return false;  // found: stop
        }
        if (!other) other = found(rel::Formula::constant(true));
        run.report();
        return true;
    });
    return satisfying ? satisfying : other;
}

}  // namespace mapsound::litmus
