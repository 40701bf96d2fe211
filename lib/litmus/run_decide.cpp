// Litmus mode by SAT: per pre-execution, one solve asks whether some
// consistent execution satisfies the condition and one whether some does
// not (the condition and filter as formulas, condition_formula.hpp), as
// Dartagnan decides a test, instead of counting every execution.  A
// pre-execution with astronomically many executions (two threads of 40
// stores to one location: every interleaving of their coherence orders)
// costs two solves.  Flags are one solve each under the assumption that
// they are raised; states, when asked for, one solve per distinct state
// (each found state is excluded and the solver asked again).
#include <set>
#include <span>
#include <stdexcept>

#include "litmus/condition_formula.hpp"
#include "litmus/run_common.hpp"

namespace mapsound::litmus::detail {

Verdict decide_by_sat(RunContext& run, const model::Model& model, bool free_reads) {
    const LitmusTest& test = run.test;
    const RunOptions& options = run.options;
    const Budget& budget = options.expand.budget;
    const TestNeeds needs(test, options);
    Verdict verdict = empty_verdict(run, model);
    verdict.counted = false;
    bool some_positive = false, some_negative = false;
    std::set<std::string> states;
    FlagTally flags;

    expand_each(test, expand_options_for(run, free_reads), [&](const Candidate& candidate) {
        ++run.candidates;
        run.check_deadline();
        PreparedCandidate prepared(test, model, candidate, needs, options, &run.torn.reassembly);
        check_size(run, prepared);
        const model::ModelInstance& instance = prepared.query.instance;
        if (options.report_flags) flags.meet(instance);
        const rel::Formula filter =
            test.filter ? condition_formula(*test.filter, prepared, test.source) : rel::Formula::constant(true);
        const rel::Formula condition = test.condition ? condition_formula(test.condition->expr, prepared, test.source)
                                                      : rel::Formula::constant(true);
        rel::Problem problem(prepared.consistent && filter, prepared.query.bounds, run.solver_options());
        // A solve under 'assumption'.  The final state of the execution
        // found is judged as enumeration judges it, so that the condition's
        // and the filter's formulas and the condition agree (cheap next to
        // the solve); with RunOptions::cross_check, the execution is also
        // re-checked by the evaluator.
        auto solve = [&](const rel::Formula& assumption, std::optional<bool> condition_expected) {
            const rel::Outcome outcome = problem.solve(std::span(&assumption, 1));
            if (outcome == rel::Outcome::unknown) run.over_time();
            if (outcome != rel::Outcome::satisfiable) return false;
            const rel::Instance& execution = problem.instance();
            if (options.cross_check && !rel::evaluate(prepared.consistent && assumption, execution))
                throw std::logic_error(test.source + ": the solver returned an execution the evaluator rejects");
            const FinalState state(prepared, execution);
            if (test.filter && !state.holds(*test.filter, test.source))
                throw std::logic_error(test.source + ": an execution of the filter's formula fails the filter");
            if (condition_expected && test.condition &&
                state.holds(test.condition->expr, test.source) != *condition_expected)
                throw std::logic_error(test.source + ": the condition's formula and the condition disagree on " +
                                       state.describe());
            return true;
        };
        if (!some_positive) some_positive = solve(condition, true);
        if (test.condition && !some_negative) some_negative = solve(!condition, false);
        for (std::size_t f = 0; f < flags.raised.size(); ++f)
            if (!flags.raised[f]) flags.raised[f] = solve(instance.flags[f].holds, std::nullopt);
        if (needs.collect_states) {
            // Each distinct final state once: found, then excluded.
            while (solve(rel::Formula::constant(true), std::nullopt)) {
                const FinalState state(prepared, problem.instance());
                states.insert(state.describe());
                if (budget.max_executions > 0 && ++run.executions > budget.max_executions) {
                    run.solver_over = true;
                    throw BudgetExceeded(run.where + ": execution limit of " + std::to_string(budget.max_executions) +
                                         " exceeded (more than " + std::to_string(budget.max_executions) +
                                         " final states found by the solver)");
                }
                problem.add(!state_formula(state));
                run.check_deadline();
            }
        }
        run.report();
        // Once every answer is known, the remaining pre-executions cannot
        // change it.
        const bool settled = some_positive && (some_negative || !test.condition) && !flags.open() && !needs.collect_states;
        return !settled;
    });

    verdict.candidates = run.candidates;
    verdict.positive = some_positive ? 1 : 0;
    verdict.negative = some_negative ? 1 : 0;
    verdict.ok = condition_ok(test, some_positive, some_negative);
    verdict.states.assign(states.begin(), states.end());
    verdict.flags = flags.raised_names();
    return verdict;
}

}  // namespace mapsound::litmus::detail
