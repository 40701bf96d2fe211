// The mapping checker: is a compiler mapping sound up to N source events?
//
//   Checker checker(mapping::load_check("checks/cxx-to-ptx.check"));
//   for (const AxiomResult& r : checker.run({}))
//       std::cout << r.axiom << ": " << to_string(r.verdict) << "\n";
//
// For each source axiom of the check, separately: every source program of
// 1, 2, ..., N events (a read-modify-write counting 2) is compiled with the
// mapping; a counterexample is a consistent target execution of the
// compiled program whose lift back to the source (mapping::Lift) is
// race-free (the check's race-free flag stays quiet) and violates the axiom.
// Bounds are searched in increasing order and every program shape of a
// bound before the next, so the first counterexample has the fewest events.
//
// Programs are searched by shape (shape: threads, their lengths, which
// operations are read-modify-writes): per shape one SAT problem in which
// program order and the map relation are constants and each operation's
// rule, scope, location and dependencies, and the scope tree, are the
// solver's choice (Options::scope_trees can make the scope tree part of
// the shape instead).  A solution is a candidate; it is reported only after
// the plain evaluator, with no SAT, confirms on the concrete graphs that the
// target execution is consistent and that no admissible lift is race-free
// and satisfies the axiom (every choice of the source's coherence order; a
// source model with further witnesses takes one SAT query on the concrete
// execution).  Candidates that fail are excluded and the search goes on.
//
// Answers do not depend on Options::jobs.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <utility>
#include <vector>

#include "mapsound/compile.hpp"
#include "mapsound/exec.hpp"
#include "mapsound/litmus/program.hpp"
#include "mapsound/mapping.hpp"
#include "mapsound/rel.hpp"

namespace mapsound::check {

enum class Verdict { holds, fails, unknown };
std::string to_string(Verdict v);  // "holds", "fails", "unknown"

struct Statistics {
    std::uint64_t shapes = 0;        // shapes whose search finished
    std::uint64_t solver_calls = 0;
    std::uint64_t spurious = 0;      // candidates the evaluator rejected
    std::uint64_t racy_programs = 0; // with Options::race_free_programs: programs skipped
    std::int64_t max_variables = 0;  // largest SAT problem of the run
    std::int64_t max_clauses = 0;
    double translation_seconds = 0;  // summed over shapes (and jobs)
    double solve_seconds = 0;
};

struct Counterexample {
    int events = 0;     // source events
    std::string shape;  // Shape::to_string()
    exec::PreExecution source;
    mapping::Compiled compiled;  // the target program and map
    std::vector<std::pair<int, int>> source_rf, source_co, target_rf;
    std::map<std::string, std::vector<std::pair<int, int>>> target_witnesses;
    // Whether no consistent source execution of the program (any values)
    // raises the race flag; nullopt when the check has no race-free flag.
    std::optional<bool> program_race_free;
    litmus::LitmusTest source_litmus, target_litmus;  // same registers, same condition
    std::string source_litmus_text, target_litmus_text;
    std::string source_dot, target_dot;
};

// The axiom name that stands for the source model as a whole: violated when
// any of its axioms fails (flags do not count).
inline constexpr const char* kWholeModel = "*";

struct AxiomResult {
    std::string axiom;
    Verdict verdict = Verdict::unknown;
    // holds: the bound searched; fails: the counterexample's events;
    // unknown (stopped): the largest bound searched completely (0: none).
    int events = 0;
    double seconds = 0;
    Statistics statistics;
    std::optional<Counterexample> counterexample;
};

struct Progress {
    std::string axiom;
    int bound = 0;
    std::size_t shapes_done = 0, shapes_total = 0;  // of this bound
    double elapsed_seconds = 0;                      // of this axiom
};

struct Options {
    std::optional<int> events;        // the bound; default: the check's
    // Counterexamples must be race-free programs (no consistent source
    // execution raises the check's race flag), as seed 000's theorem reads,
    // not only race-free executions (the default); programs that are not
    // are excluded and the search goes on.  Needs a race-free flag.  The
    // programs searched are straight-line (no branches), so race freedom
    // never rests on a guard.
    bool race_free_programs = false;
    // Only programs that compile to at most this many target events
    // (initial writes not counted), as Alloy's `for N` bounds both sides.
    std::optional<int> target_events;
    std::vector<std::string> axioms;  // empty: every axiom of the check
    int jobs = 1;                     // worker threads, >= 1
    std::stop_token stop;             // a stop request ends the run: verdict unknown
    // Called (serialized, from any thread) after each shape.
    std::function<void(const Progress&)> progress;
    // Encoding choices; the tests cross-check each default against its
    // reference on small bounds (same verdicts, same smallest sizes).
    // How closures become clauses; squaring is the exact reference.
    rel::ClosureEncoding closure = rel::ClosureEncoding::polarity_aware;
    // Where threads sit in CTAs and GPUs: chosen by the solver within one
    // problem per thread layout (default), or one problem per scope tree
    // (the reference).  Only matters when the source model is scoped.
    enum class ScopeTrees { solver, enumerated } scope_trees = ScopeTrees::solver;
    // Threads that the shape cannot tell apart are searched in one order
    // of their contents only (symmetry breaking); off: every order.
    bool order_equal_threads = true;
};

class Checker {
public:
    // Loads the models and the mapping the check names.  Throws
    // model::ModelError, mapping::MappingError, and std::invalid_argument
    // naming the check file when an axiom, flag or relation the check needs
    // is missing from the models.
    explicit Checker(mapping::CheckDefinition definition);

    // Model comparison (memalloy style): programs of 'dialect' (C, PTX or
    // AuDaLa instructions, every class the dialect has) under model 'a' as
    // the source and model 'b' as the target, with the identity mapping and
    // lift: a counterexample is an execution that 'b' allows and 'a'
    // forbids (one axiom of 'a' fails, AxiomResult::axiom is kWholeModel).
    // Each candidate is also confirmed at the level of outcomes: its litmus
    // test, decided by litmus mode, is forbidden by 'a' and allowed by 'b';
    // candidates that are not are excluded and the search goes on.  Throws
    // as the constructor above.
    static Checker comparison(const std::string& a, const std::string& b, litmus::Dialect dialect, int events);
    ~Checker();
    Checker(Checker&&) noexcept;
    Checker& operator=(Checker&&) noexcept;

    const mapping::CheckDefinition& definition() const;

    // One result per selected axiom, in the check's order.  Throws
    // std::invalid_argument for an axiom name the check does not list, and
    // for Options::race_free_programs on a check without a race-free flag.
    std::vector<AxiomResult> run(const Options& options) const;

private:
    struct Impl;
    explicit Checker(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace mapsound::check
