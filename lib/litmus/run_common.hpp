// What litmus mode's two ways of deciding a test share (run.cpp): counting
// executions one by one (run_enumerate.cpp) and asking the solver whether
// some execution satisfies the condition (run_decide.cpp).  Internal to the
// litmus front end.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "litmus/query.hpp"
#include "litmus/tear.hpp"
#include "mapsound/litmus/run.hpp"

namespace mapsound::litmus::detail {

// What a test asks for, the same for every pre-execution.
struct TestNeeds {
    TestNeeds(const LitmusTest& test, const RunOptions& options);

    bool condition_memory = false;  // the condition or filter reads final memory
    bool collect_states = false;    // --states, or a test without a condition
    bool memory_required = false;   // final memory values are needed
    bool whole_states = false;      // states show every register and cell
    // The registers and locations ("0:X0", "y") that hold addresses, whose
    // values are shown as names.
    std::set<std::string> address_items;
};

// What the states show when the test has a locations clause.
struct Shown {
    std::set<std::pair<int, std::string>> registers;
    std::set<int> cells;
};

// The locations clause and what the condition names, as a selection of one
// pre-execution's registers and cells.
Shown shown_items(const LitmusTest& test, const exec::PreExecution& pre);

// One pre-execution ready for the solver: the consistent executions
// (LitmusQuery's, with the forbidden flags read as axioms and, when final
// memory is needed, the final write of each cell), and what a found
// execution's final state needs.
struct PreparedCandidate {
    // 'reassembly': how a torn test's states are shown whole (none: as
    // they are).
    PreparedCandidate(const LitmusTest& test, const model::Model& model, const Candidate& candidate,
                      const TestNeeds& needs, const RunOptions& options, const Reassembly* reassembly = nullptr);

    // Whether a state shows thread t's register 'reg': with a locations
    // clause, what it and the condition name; else every register but the
    // front ends' temporaries ("__t0").  A piece of a register shown whole
    // is shown (in its whole) when its whole is.
    bool shows_register(int t, const std::string& reg) const;

    const Candidate& candidate;
    LitmusQuery query;
    rel::Formula well_formed;  // well-formed candidate executions (with final writes)
    rel::Formula consistent;   // ... and every axiom, no forbidden flag raised
    rel::Formula flags_quiet;  // no forbidden flag raised
    // The final write of each cell (one write with no coherence
    // successor), bound when needs_memory.
    rel::Relation final_writes = rel::Relation::unary("final");
    bool needs_memory = false;
    std::optional<Shown> shown;  // with a condition or a locations clause, when states are collected
    const Reassembly* reassembly;
    // The register wholes by (thread, name), and the whole each of their
    // pieces belongs to.
    std::map<std::pair<int, std::string>, const Reassembly::Whole*> register_wholes, register_parts;
    // The location wholes, each with its parts' cells by name, and every
    // cell that is a part of one (computed once, not per state shown).
    std::vector<std::pair<const Reassembly::Whole*, std::map<std::string, int>>> location_wholes;
    std::set<int> cells_in_wholes;
    // TestNeeds::address_items (the TestNeeds outlives this).
    const std::set<std::string>& address_items;
};

// Throws BudgetExceeded when 'prepared' has more undetermined tuples than
// the budget's max_undetermined_tuples, before anything is translated.
struct RunContext;
void check_size(RunContext& run, const PreparedCandidate& prepared);
// The tuples between the lower and upper bounds of 'prepared' (the
// solver's primary variables).
std::uint64_t undetermined_tuples(const PreparedCandidate& prepared);

// The final state of one execution: registers and memory cells.
struct FinalState {
    FinalState(const PreparedCandidate& prepared, const rel::Instance& execution);

    std::int64_t value(const Term& term, const std::string& source) const;
    bool holds(const CondExpr& e, const std::string& source) const;
    // "0:r0=1; 1:r0=0; x=2; ": registers by thread and name (not the
    // front ends' temporaries "__t0", ...), then cells in cell order (those
    // with a known final value); with a selection (the condition's and the
    // locations clause's items), only what it names.  An address held by
    // one of PreparedCandidate::address_items is shown as its location's
    // name.
    std::string describe() const;

    const PreparedCandidate& prepared;
    std::vector<std::int64_t> memory;  // per cell; 0 where not needed
    // The registers: the candidate's, or with its free reads' values
    // filled in (then held in 'resolved').
    const std::vector<std::map<std::string, std::int64_t>>* registers;
    std::vector<std::map<std::string, std::int64_t>> resolved;
};

// Where a run stands and what stops it: the test's name for messages, the
// budget, the progress callback.
struct RunContext {
    RunContext(const LitmusTest& test, const RunOptions& options);

    // Throws BudgetExceeded for the deadline ("<where>: time limit of S s
    // exceeded (N pre-executions so far)").
    [[noreturn]] void over_time();
    void check_deadline();
    // The solver's options: no symmetry breaking, the time left.
    rel::Options solver_options();
    void report();

    // The test as run: a mixed-size program torn into pieces
    // (tear.hpp), so that its condition names the cells expand() gives.
    const TornTest torn;
    const LitmusTest& test = torn.test;
    const RunOptions& options;
    std::string where;  // "<source>: test '<name>'"
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    std::uint64_t candidates = 0;
    std::uint64_t executions = 0;
    // Set when the budget ran out while executions were enumerated (not
    // while pre-executions were).
    bool solver_over = false;
};

// The model's flags by name, in its order, and which some counted
// execution raised.
struct FlagTally {
    std::vector<std::string> names;
    std::vector<bool> raised;

    void meet(const model::ModelInstance& instance);  // the names, from the first instance
    bool open() const;                                // some flag not raised yet
    std::vector<std::string> raised_names() const;
};

// The verdict of 'run' under 'model' before any pre-execution is seen:
// the test, file and model named, nothing counted.
Verdict empty_verdict(const RunContext& run, const model::Model& model);

// herd7's verdict for the condition from whether some counted execution
// satisfies it and some does not.
bool condition_ok(const LitmusTest& test, bool some_positive, bool some_negative);

// The expansion options of one run: free reads as asked, progress ticks.
ExpandOptions expand_options_for(RunContext& run, bool free_reads);

// Seconds as every budget message writes them: 5, 0.1, 2.5.
std::string seconds_text(double s);

}  // namespace mapsound::litmus::detail

namespace mapsound::litmus::detail {

// Thrown by enumerate_executions when the test has more consistent
// executions than RunOptions::counted_executions or a pre-execution with
// more undetermined tuples than RunOptions::counted_tuples: the caller
// decides it by SAT instead.
struct TooManyToCount {};

// One run of litmus mode over the test's pre-executions (with free reads
// when 'free_reads'), counting every consistent execution
// (run_enumerate.cpp) or asking the solver per pre-execution whether one
// satisfies the condition and one does not (run_decide.cpp; Verdict::
// counted false).  Throw like run_litmus.
Verdict enumerate_executions(RunContext& run, const model::Model& model, bool free_reads);
Verdict decide_by_sat(RunContext& run, const model::Model& model, bool free_reads);

}  // namespace mapsound::litmus::detail
