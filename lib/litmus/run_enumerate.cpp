// Litmus mode by enumeration: every consistent execution of every
// pre-execution, its final state judged against the condition; herd7's
// counts and states.
#include <algorithm>
#include <set>
#include <span>
#include <stdexcept>

#include "litmus/run_common.hpp"

namespace mapsound::litmus::detail {

Verdict enumerate_executions(RunContext& run, const model::Model& model, bool free_reads) {
    const LitmusTest& test = run.test;
    const RunOptions& options = run.options;
    const Budget& budget = options.expand.budget;
    const TestNeeds needs(test, options);
    Verdict verdict = empty_verdict(run, model);
    std::set<std::string> states;
    FlagTally flags;

    expand_each(test, expand_options_for(run, free_reads), [&](const Candidate& candidate) {
        ++run.candidates;
        // (Translating one pre-execution is not interruptible: the deadline
        // is checked before it and while the solver runs.)
        run.check_deadline();
        PreparedCandidate prepared(test, model, candidate, needs, options, &run.torn.reassembly);
        check_size(run, prepared);
        if (options.counted_tuples > 0 && undetermined_tuples(prepared) > options.counted_tuples) throw TooManyToCount{};
        const model::ModelInstance& instance = prepared.query.instance;
        if (options.report_flags) flags.meet(instance);
        const rel::Options solver_options = run.solver_options();
        std::uint64_t consistent = 0;
        rel::Problem problem(prepared.consistent, prepared.query.bounds, solver_options);
        auto solve = [&](std::span<const rel::Formula> assumptions) {
            const rel::Outcome outcome = problem.solve(assumptions);
            if (outcome == rel::Outcome::unknown) run.over_time();
            return outcome == rel::Outcome::satisfiable;
        };
        // Flags: without a filter every consistent execution counts, so one
        // solve per flag not yet raised, under the assumption that it is,
        // tells whether this pre-execution raises it (cheaper than
        // evaluating the flag on each execution).  Only a pre-execution with
        // a consistent execution can raise one (most have none: values no
        // write can supply, cycles), so one plain solve goes first.  With a
        // filter, each execution that passes it is evaluated below.
        if (!test.filter && flags.open() && solve({}))
            for (std::size_t f = 0; f < flags.raised.size(); ++f)
                if (!flags.raised[f]) flags.raised[f] = solve(std::span(&instance.flags[f].holds, 1));
        while (solve({})) {
            const rel::Instance& execution = problem.instance();
            ++consistent;
            ++run.executions;
            if (budget.max_executions > 0 && run.executions > budget.max_executions) {
                run.solver_over = true;
                throw BudgetExceeded(run.where + ": execution limit of " + std::to_string(budget.max_executions) +
                                     " exceeded (more than " + std::to_string(budget.max_executions) +
                                     " consistent executions)");
            }
            if (options.counted_executions > 0 && run.executions > options.counted_executions) throw TooManyToCount{};
            run.check_deadline();
            if (options.cross_check && !rel::evaluate(prepared.consistent, execution))
                throw std::logic_error(test.source + ": the solver returned an execution the evaluator rejects");
            const FinalState state(prepared, execution);
            if (!test.filter || state.holds(*test.filter, test.source)) {
                // A flag once raised needs no more evaluating.
                for (std::size_t f = 0; f < flags.raised.size(); ++f)
                    if (!flags.raised[f]) flags.raised[f] = rel::evaluate(instance.flags[f].holds, execution);
                if (!test.condition || state.holds(test.condition->expr, test.source))
                    ++verdict.positive;
                else
                    ++verdict.negative;
                if (needs.collect_states) states.insert(state.describe());
            }
            problem.block_instance();
        }

        // The second way to the same answer: every well-formed candidate
        // execution, judged by the plain evaluator alone, so that the
        // solver's inconsistent verdicts are re-checked too.
        // The candidates are enumerated reads-from by reads-from: each rf
        // (a function from the reads to the writes that may supply them)
        // first, then every execution with that rf, each set by a solver
        // of its own, so that no solver accumulates the blocking clauses of
        // every execution (a torn test has hundreds of thousands).
        if (options.cross_check) {
            const rel::Formula axioms = instance.consistent() && prepared.flags_quiet;
            const rel::Bounds& bounds = prepared.query.bounds;
            const rel::Relation& rf = prepared.query.rf;
            rel::Bounds rf_only(bounds.universe());
            rf_only.bound(rf, bounds.lower(rf), bounds.upper(rf));
            std::uint64_t consistent_by_evaluator = 0;
            rel::enumerate(prepared.query.reads_from, rf_only, [&](const rel::Instance& reads) {
                rel::Bounds with_rf = bounds;
                with_rf.bound_exactly(rf, reads.tuples(rf));
                rel::enumerate(prepared.well_formed, with_rf, [&](const rel::Instance& execution) {
                    if (rel::evaluate(axioms, execution)) ++consistent_by_evaluator;
                    return true;
                }, solver_options);
                return true;
            }, solver_options);
            if (consistent_by_evaluator != consistent)
                throw std::logic_error(test.source + ": the solver found " + std::to_string(consistent) +
                                       " consistent executions of a candidate, the evaluator " +
                                       std::to_string(consistent_by_evaluator));
        }
        run.report();
        return true;
    });

    verdict.candidates = run.candidates;
    verdict.ok = condition_ok(test, verdict.positive > 0, verdict.negative > 0);
    verdict.states.assign(states.begin(), states.end());
    verdict.flags = flags.raised_names();
    return verdict;
}

}  // namespace mapsound::litmus::detail
