// Litmus mode: which outcomes of a litmus test a model allows.
//
// Every pre-execution of the program (expand.hpp) is handed to the solver
// with the model's axioms; each consistent execution (an assignment of rf,
// the model's witness relations and, when the condition reads memory, the
// final write of each cell) is evaluated against the test's condition.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "mapsound/litmus/expand.hpp"
#include "mapsound/model.hpp"

namespace mapsound::litmus {

// Where a long run stands, for live progress lines.
struct Progress {
    std::uint64_t candidates = 0;  // pre-executions solved so far
    std::uint64_t executions = 0;  // consistent executions found so far
    double seconds = 0;
};

struct RunOptions {
    // Expansion's options; expand.budget also limits the solver's work: its
    // deadline the whole run, its max_executions the consistent executions
    // found (BudgetExceeded when either runs out).
    ExpandOptions expand{};
    // Collect the distinct final states ("0:r0=1; x=2;").  Tests without a
    // final condition always collect them.  The states show what herd7
    // observes: the registers and cells the condition and a "locations
    // [...]" clause name; a test with neither shows every register but the
    // front ends' temporaries "__t0", ... and every cell.  A register or
    // location that holds addresses (starts with one, or the condition
    // compares it with one) shows an address as the location's name.  A
    // mixed-size test's torn locations and registers are shown whole (its
    // pieces put together), as herd7 shows them.
    bool states = false;
    // Called every few thousand steps of work and after each pre-execution;
    // may throw to stop the run.
    std::function<void(const Progress&)> progress;
    // Re-check with the plain evaluator: every execution the solver calls
    // consistent must satisfy the model, and the number of well-formed
    // candidate executions the evaluator calls consistent must equal the
    // solver's count (a failure throws std::logic_error).  Slow: tests only.
    bool cross_check = false;
    // Flags of the model read as axioms: an execution that raises one is
    // not consistent (e.g. "thin-air" under models/rc11-scoped.cat, which
    // states RC11's no-thin-air axiom as a flag).  A name the model has no
    // flag for is an error (std::runtime_error).
    std::vector<std::string> forbidden_flags;
    // A test with more than 500 pre-executions (or consistent executions)
    // when every value is enumerated is run again with free reads
    // (ExpandOptions::free_reads), under expand.budget, when it has a load
    // whose register nothing reads: the same verdict, counts and states in
    // fewer pre-executions.  Off: every value enumerated, whatever it
    // costs (the reference the tests compare free reads with).
    bool free_reads_fallback = true;
    // How a test is decided:
    //   enumerate  every consistent execution found and judged (herd7's
    //              counts and states);
    //   decide     by SAT, as Dartagnan decides a test: per pre-execution,
    //              one solve for "some consistent execution satisfies the
    //              condition" and one for "some does not" (the condition
    //              and filter as formulas over rf and the final writes),
    //              one per flag not yet raised, and with states one per
    //              distinct final state; no counts (Verdict::counted);
    //   automatic  enumerate, and decide by SAT (all of the test again) a
    //              test with more than counted_executions consistent
    //              executions or a pre-execution with more than
    //              counted_tuples undetermined tuples (Budget::
    //              max_undetermined_tuples): the coherence orders of many
    //              stores to one location are too many to count, not to
    //              decide.  The development suite's tests have at most 256
    //              consistent executions and 102 undetermined tuples
    //              (VULKAN/Manual/xf-barrier-cbar-rlx-1: 262,144, with free
    //              reads); two threads of 8 stores to one location have
    //              12,870 executions and 272 tuples.
    // Find the model's flags that some counted execution raises
    // (Verdict::flags; one solve per pre-execution and flag not yet
    // raised).  Off: Verdict::flags stays empty, for callers that only
    // want verdicts.
    bool report_flags = true;
    enum class Method { automatic, enumerate, decide };
    Method method = Method::automatic;
    std::uint64_t counted_executions = 1000;
    std::uint64_t counted_tuples = 256;
};

struct Verdict {
    std::string test;
    std::string file;
    std::string model;
    bool ok = false;              // herd7's Ok: the test's own condition holds (always, without one)
    std::uint64_t positive = 0;   // consistent executions satisfying the condition's expression
    std::uint64_t negative = 0;   // consistent executions not satisfying it
    // False when decided by SAT (RunOptions::Method): positive and negative
    // are then 1 if some execution satisfies (does not satisfy) the
    // condition, else 0, not counts.
    bool counted = true;
    std::uint64_t candidates = 0; // pre-executions considered (by the run that decided the test)
    double seconds = 0;           // wall time of run_litmus, both runs when free reads took over
    std::vector<std::string> states;  // with RunOptions::states, sorted
    // The model's flags (`flag ~empty race as data-race`) that some counted
    // execution (consistent, satisfying the filter) raises, in the model's
    // order: herd7's "Flag data-race" lines (herd7 -badflag data-race
    // reports such a test Undef).  A forbidden flag is never raised.
    std::vector<std::string> flags;
};

// Decides 'test' under 'model'.  Only executions that satisfy the test's
// filter, if any, count (see RunOptions::free_reads_fallback for how).  Throws model::ModelError for model errors,
// std::runtime_error for tests the model cannot judge (a condition on
// memory under a model without a 'co' relation), BudgetExceeded when
// options.expand.budget runs out.
Verdict run_litmus(const LitmusTest& test, const model::Model& model, const RunOptions& options = {});

// One consistent execution of a test (filter satisfied), to draw it
// (`mapsound litmus --graph`): the pre-execution with every value
// enumerated, its rf and, when the model has a witness `co`, its co.
struct WitnessExecution {
    exec::PreExecution pre;
    std::vector<std::pair<int, int>> rf, co;
    // Whether it satisfies the condition's expression (P of `exists P`,
    // `~exists P`, `forall P`; true for a test without a condition).
    bool satisfies = false;
};

// An execution that satisfies the condition's expression if some
// consistent execution does, else any consistent execution (satisfies
// false), else nullopt (no consistent execution).  Deterministic: the
// first such execution in expansion order that the solver returns.
// Throws like run_litmus.
std::optional<WitnessExecution> witness_execution(const LitmusTest& test, const model::Model& model,
                                                  const RunOptions& options = {});

}  // namespace mapsound::litmus
