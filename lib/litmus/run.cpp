// Litmus mode: which way each test is decided (run_common.hpp): every
// consistent execution counted (run_enumerate.cpp) or, for a test with
// more than RunOptions::counted_executions, by SAT (run_decide.cpp); every
// value enumerated, or free reads for a test with too many pre-executions.
#include "mapsound/litmus/run.hpp"
#include "mapsound/litmus/dialects.hpp"

#include <chrono>
#include <exception>

#include "litmus/run_common.hpp"

namespace mapsound::litmus {

namespace {

// One run with 'free_reads' for ExpandOptions::free_reads, by the method
// the options ask for.  'solver_over' is set when the budget ran out while
// executions were enumerated or solved for (not while pre-executions were).
Verdict run_once(const LitmusTest& test, const model::Model& model, const RunOptions& options, bool free_reads,
                 bool& solver_over) {
    detail::RunContext run(test, options);
    try {
        switch (options.method) {
            case RunOptions::Method::decide: return detail::decide_by_sat(run, model, free_reads);
            case RunOptions::Method::enumerate: {
                RunOptions all = options;
                all.counted_executions = 0;
                all.counted_tuples = 0;
                detail::RunContext counted(test, all);
                try {
                    return detail::enumerate_executions(counted, model, free_reads);
                } catch (const BudgetExceeded&) {
                    solver_over = counted.solver_over;
                    throw;
                }
            }
            case RunOptions::Method::automatic: break;
        }
        try {
            return detail::enumerate_executions(run, model, free_reads);
        } catch (const detail::TooManyToCount&) {
            // Too many executions to count: decided by SAT, from the start.
            detail::RunContext again(test, options);
            try {
                return detail::decide_by_sat(again, model, free_reads);
            } catch (const BudgetExceeded&) {
                solver_over = again.solver_over;
                throw;
            }
        }
    } catch (const BudgetExceeded&) {
        solver_over = solver_over || run.solver_over;
        throw;
    }
}

}  // namespace

Verdict run_litmus(const LitmusTest& test, const model::Model& model, const RunOptions& options) {
    // A model that cannot judge the test's dialect is refused, not run
    // (mapsound/litmus/dialects.hpp).
    if (auto why = refusal(model, test.dialect))
        throw DialectRefused(test.source + ": test '" + test.name + "': " + *why);
    // Every value enumerated first, within at most kExplicitPreExecutions
    // pre-executions; a test that needs more is run again with free reads
    // (ExpandOptions::free_reads: the same executions and final states in
    // fewer pre-executions) under the caller's budget.  A count, not a
    // time, so that which way a test is decided never depends on the load.
    constexpr std::uint64_t kExplicitPreExecutions = 500;
    const auto start = std::chrono::steady_clock::now();
    auto timed = [&](Verdict v) {
        // The time of every run: an abandoned one is part of deciding the test.
        v.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return v;
    };
    bool solver_over = false;
    if (!options.free_reads_fallback || options.expand.free_reads || !has_free_reads(test))
        return timed(run_once(test, model, options, false, solver_over));
    const std::uint64_t budget = options.expand.budget.max_executions;
    const bool capped = budget == 0 || budget > kExplicitPreExecutions;
    RunOptions first = options;
    if (capped) first.expand.budget.max_executions = kExplicitPreExecutions;
    std::exception_ptr explicit_over;
    try {
        return timed(run_once(test, model, first, false, solver_over));
    } catch (const BudgetExceeded&) {
        // The caller's own limit on consistent executions or time: a retry
        // has the same executions.
        if (solver_over && !capped) throw;
        explicit_over = std::current_exception();
    }
    try {
        return timed(run_once(test, model, options, true, solver_over));
    } catch (const BudgetExceeded&) {
        // Over the budget both ways: the caller's limit as every value
        // enumerated met it (when it was the limit there).
        if (!capped) std::rethrow_exception(explicit_over);
        throw;
    }
}

}  // namespace mapsound::litmus
