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
// it is confirmed on the concrete graphs, apart from the symbolic problem:
// both rf are reads-from relations (a write and a read of one location,
// one write per read), the candidate's litmus tests, run on its rf, state
// its outcome, the plain evaluator finds the target execution consistent,
// and no admissible lift is race-free and satisfies the axiom (every
// choice of the source's coherence order; a source model with further
// witnesses takes one SAT query on the concrete execution).  Candidates
// that fail are excluded and the search goes on.  Every counterexample
// reported also carries the litmus round trip's verdicts (RoundTrip).
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

// holds: no counterexample up to the bound; fails: a counterexample;
// vacuous: no counterexample, but the space searched misses what the check
// names (no class of source events, or a class that no program up to the
// bound can show in a counterexample: SearchedSpace); unknown: stopped.
enum class Verdict { holds, fails, vacuous, unknown };
std::string to_string(Verdict v);  // "holds", "fails", "vacuous", "unknown"

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

// A program's result of the litmus round trip: its litmus test printed,
// parsed back, expanded and decided by litmus mode under one model.
struct LitmusJudgement {
    std::string model;  // the model file
    // Flags of the model read as axioms (the axiom under test, when it is a
    // flag of the source model).
    std::vector<std::string> forbidden_flags;
    bool ok = false;  // litmus mode's verdict: some consistent execution shows the outcome
    std::uint64_t positive = 0;  // consistent executions showing the outcome
    std::uint64_t negative = 0;  // consistent executions not showing it
};

// The counterexample's two litmus tests (Counterexample::source_litmus_text
// and target_litmus_text) judged by litmus mode: the source model should
// forbid the outcome and the target model allow it.  Litmus mode decides
// outcomes, not executions: a source model can allow the outcome through a
// coherence order that is no lift of the target execution, or through a
// racy execution, so a genuine counterexample need not be confirmed here.
struct RoundTrip {
    LitmusJudgement source, target;
    bool confirmed() const { return !source.ok && target.ok; }
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
    // Pictures: rf, co and fr; the violating cycle (below) in bold magenta
    // with class "cycle" in the source picture, the target events its
    // events compiled to outlined in the target picture.
    std::string source_dot, target_dot;
    // Why the source execution violates the axiom, found by the plain
    // evaluator: one paragraph naming the cycle (or reflexive pair, or
    // tuple) and the model's relations that put each edge there; and the
    // source events of that cycle in order, then any other event on the
    // edges drawn (for irreflexive r the steps of r: e1 -hb-> e2 -eco-> e1);
    // empty when there is nothing to draw, e.g. a negated test.
    std::string explanation;
    std::vector<int> cycle;
    // The two texts above parsed back (equal to the tests, or the checker
    // throws std::logic_error), expanded and decided by litmus mode.
    RoundTrip round_trip;
};

// The axiom name that stands for the source model as a whole: violated when
// any of its axioms fails (flags do not count).
inline constexpr const char* kWholeModel = "*";

// What the search of one program shape found (Options::on_shape), for
// comparing encodings shape by shape.
struct ShapeOutcome {
    std::string axiom;
    int events = 0;      // the shape's source events
    std::string layout;  // Shape layout: "[12,1]" (see lib/check/shape.hpp)
    // The shape as searched: the layout with thread sizes, and with
    // Options::ScopeTrees::enumerated the placement of the threads (then
    // several shapes share a layout).
    std::string shape;
    bool stopped = false;  // a stop request ended the search: what follows is partial
    // Some program of the shape has a confirmed counterexample (with
    // Options::race_free_programs: a race-free program).
    bool counterexample = false;
    // With Options::enumerate_programs: canonical_program() of every program
    // of the shape found to have a confirmed counterexample, sorted and
    // distinct, and whether the enumeration ran to the end (false: stopped,
    // or Options::enumerate_programs programs were found first).
    std::vector<std::string> programs;
    bool programs_complete = false;
    Statistics statistics;
};

// A source program (the events, their kinds, orders, scopes and
// locations, read-modify-write pairs, dependencies and the placement of the
// threads, not values or labels) as text, the same for two programs exactly
// when one is the other after renaming threads of equal operation
// sequences (which RMW each thread's operations are), locations, CTAs and
// GPUs: the symmetries under which the search counts programs as one.
std::string canonical_program(const exec::PreExecution& program);

// One bound of the sweep as searched (SearchedSpace::bounds).
struct BoundSearched {
    int events = 0;
    std::uint64_t shapes = 0;  // shapes (or cubes) whose search finished
    // Their programs, counted apart from the encoding (a decimal number:
    // it passes 2^64 at 9 events): per shape every class per operation, a
    // scope per atomic one, locations up to renaming, dependencies and
    // placements as the search varies them, threads in every order (the
    // search visits one order of exchangeable threads).
    std::string programs = "0";
    // With Options::race_free_programs: the racy programs found and
    // skipped (each excluded with every program of its shape in which the
    // same racy execution is consistent); 0 otherwise.
    std::uint64_t racy_programs = 0;
};

// A class of source events searched, and the fewest events of a program
// with an event of the class, a consistent target execution and an
// admissible, race-free lift of it (with Options::race_free_programs, a
// race-free program): the least a counterexample containing the class
// could have.  0: no program up to the bound has one, so no counterexample
// could show the class, and "no counterexample" says nothing about it.
struct ClassWitness {
    mapping::SourceClass source_class;
    int events = 0;
};

// What a verdict speaks of (README, "What a holds covers").
struct SearchedSpace {
    litmus::Dialect dialect = litmus::Dialect::c;  // of the source programs
    std::vector<ClassWitness> classes;           // the classes searched
    std::vector<mapping::Exclusion> excluded;    // the check's exclusions
    // Which counterexamples race freedom removes: "none" (the check has
    // no race-free flag), "execution" (a counterexample's own lifted
    // execution must be race-free) or "program" (every consistent
    // execution of its program must be: Options::race_free_programs).
    std::string race_free = "none";
    std::optional<int> target_events;  // Options::target_events
    std::vector<BoundSearched> bounds;  // 1 .. the last bound searched
    // The classes no program witnesses (ClassWitness::events == 0).
    std::vector<mapping::SourceClass> unwitnessed() const;
    // No class searched, or some class unwitnessed: "holds" would be
    // vacuous.
    bool vacuous() const { return classes.empty() || !unwitnessed().empty(); }
};

struct AxiomResult {
    std::string axiom;
    Verdict verdict = Verdict::unknown;
    // holds, vacuous: the bound searched; fails: the counterexample's
    // events; unknown (stopped): the largest bound searched completely (0:
    // none).
    int events = 0;
    double seconds = 0;
    Statistics statistics;
    std::optional<Counterexample> counterexample;
    SearchedSpace space;
};

struct Progress {
    std::string axiom;
    int bound = 0;
    std::size_t shapes_done = 0, shapes_total = 0;  // of this bound
    double elapsed_seconds = 0;                      // of this axiom
};

// One shape's search at one bound, as a unit of work another process can do
// (Options::workers): the shape is the index into the deterministic list of
// shapes of that bound (lib/check/shape.hpp), so every process names the
// same shape by the same item.
struct WorkItem {
    std::string axiom;
    int bound = 0;
    std::size_t shape = 0;         // index among the bound's shapes
    std::size_t shapes = 0;        // how many the bound has (a cross-check)
    std::string shape_text;        // Shape::to_string(), for messages and the cross-check
    std::string to_string() const; // "coherence, bound 5, shape 12 of 40 [2,1,1*]"
};

// What a work item's search found; the counterexample itself is not sent
// back: the process that runs the sweep searches the one shape it reports
// again (the search of a shape is deterministic).
struct WorkResult {
    bool stopped = false;
    bool counterexample = false;
    Statistics statistics;
    std::string error;  // non-empty: the search threw this message
};

// Workers in other processes (an MPI job: cli/mpi_check.cpp).  The sweep
// hands items to idle workers in shape order, as the thread pool does, and
// keeps its guarantees: every shape before the first counterexample
// finishes, none after it starts, bound n + 1 starts after bound n ends.
class Workers {
public:
    virtual ~Workers() = default;
    virtual int count() const = 0;  // >= 1
    // Hands 'item' to worker w, which is idle (0 <= w < count()).
    virtual void start(int w, const WorkItem& item) = 0;
    struct Finished {
        int worker = 0;
        WorkItem item;
        WorkResult result;
    };
    // Waits for some started item to finish.  nullopt when 'stop' was
    // requested first: the items still running are abandoned (their
    // workers stay busy).  Throws std::runtime_error naming the work item
    // when a worker is lost.
    virtual std::optional<Finished> wait(std::stop_token stop) = 0;
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
    // Called (serialized, from any thread) with what each shape's search
    // found, in no particular order.
    std::function<void(const ShapeOutcome&)> on_shape;
    // Search every shape of every bound up to the bound, also after a
    // counterexample is found (the sweep otherwise stops there).  The
    // verdict, events and counterexample are the same as without; the
    // statistics cover every shape searched.
    bool every_shape = false;
    // When > 0, implies every_shape: the search of a shape goes on past its
    // first counterexample, blocking each program found (every execution of
    // it), until no program is left or this many were found; the programs
    // are reported in ShapeOutcome::programs.
    std::size_t enumerate_programs = 0;
    // The counterexample of a shape is its least one in a fixed order of
    // the program's and the executions' choices (weakest classes, widest
    // scopes, fewest locations, reads from the earliest writes; see
    // lib/check/candidate.hpp), not the first the solver meets: the same
    // check prints the same counterexample whatever the solver's path, the
    // number of jobs or ranks (default).  Once a first genuine one is
    // found, it costs a solve per choice decided against the instance in
    // hand, and a descent per spurious or racy candidate below the least.
    // Off: the first found (CLI --first-counterexample).  With
    // enumerate_programs, the first found.
    bool least_counterexample = true;
    // Encoding choices; the tests cross-check each default against its
    // reference on small bounds (same verdicts, same smallest sizes).
    // How closures become clauses; squaring is the exact reference.
    rel::ClosureEncoding closure = rel::ClosureEncoding::polarity_aware;
    // Transitivity of the closures' stand-ins: added where a solution breaks
    // it (default), or every clause up front (the reference).
    rel::Transitivity transitivity = rel::Transitivity::lazy;
    // Where threads sit in CTAs and GPUs: chosen by the solver within one
    // problem per thread layout (default), or one problem per scope tree
    // (the reference).  Only matters when the source model is scoped.
    enum class ScopeTrees { solver, enumerated } scope_trees = ScopeTrees::solver;
    // Threads that the shape cannot tell apart are searched in one order
    // of their contents only (symmetry breaking); off: every order.
    bool order_equal_threads = true;
    // With race_free_programs, how a racy program is excluded: with every
    // program of the shape in which the racy execution found is consistent
    // and racy too (default), or alone (the reference).
    enum class RacyExclusion { by_execution, by_program } racy_exclusion = RacyExclusion::by_execution;
    // A candidate that some lift of the source execution satisfies (the
    // solver chose the source's witnesses badly) is excluded with every
    // candidate of the shape for which the same lift is admissible and
    // satisfying (default), or alone (the reference).
    enum class SpuriousExclusion { by_lift, by_candidate } spurious_exclusion = SpuriousExclusion::by_lift;
    // Cube splitting, for many workers: when > 0, every shape whose first
    // 'cube_threads' threads (all, when it has fewer) start with a single
    // operation is searched as one work item per choice of the kinds (read,
    // write, fence) of those first operations (up to 3^cube_threads
    // smaller problems covering the same programs; check/shape.hpp
    // split_into_cubes).  The verdicts and smallest sizes are those of the
    // whole shapes (0, the default and the reference); a counterexample is
    // the first cube's that has one, so it may differ from the whole
    // shape's.  Progress and work items count cubes.
    int cube_threads = 0;
    // When set, shapes are searched by these workers instead of 'jobs'
    // threads, with the same answers; the counterexample of the shape
    // reported is searched again here.  Not with on_shape or
    // enumerate_programs (std::invalid_argument).
    std::shared_ptr<Workers> workers;
};

// The reference encodings by the names `--reference` takes: "closure",
// "transitivity", "scope-trees", "thread-order", "spurious", then "all"
// (every one of them at once).
const std::vector<std::string>& reference_names();
// Sets in 'options' the choices that select the reference encoding 'name'
// (one of reference_names()); returns false and leaves 'options' as they
// were for any other name.
bool select_reference(const std::string& name, Options& options);

class Checker {
public:
    // Loads the models and the mapping the check names.  Throws
    // model::ModelError, mapping::MappingError, and std::invalid_argument
    // naming the check file when an axiom, flag or relation the check needs
    // is missing from the models.  Refuses (MappingError at the check
    // file's position) a check whose search would not cover what it names:
    // a model that cannot judge the programs it is given
    // (litmus/dialects.hpp), a class of the source dialect without a rule
    // that the check does not exclude, a rule for no class of the dialect.
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

    // Whether the checker generates source programs of dialect 'd'
    // (mapping::dialect_classes has classes for it).
    static bool generates(litmus::Dialect d);
    // Why 'model' cannot judge the programs the checker generates in
    // dialect 'd' (they carry the dialect's memory orders and scope levels,
    // never tags or barriers: litmus::refusal on that vocabulary), or
    // nullopt when it can.
    static std::optional<std::string> refusal(const model::Model& model, litmus::Dialect d);
    ~Checker();
    Checker(Checker&&) noexcept;
    Checker& operator=(Checker&&) noexcept;

    const mapping::CheckDefinition& definition() const;
    // The dialect of the source programs searched (the check's `dialect`,
    // or the first of c, audala that the source model judges), and the
    // classes of source events they are made of: the dialect's classes
    // less the check's exclusions, each with a rule of the mapping.
    litmus::Dialect source_dialect() const;
    const std::vector<mapping::SourceClass>& searched_classes() const;

    // One result per selected axiom, in the check's order.  Throws
    // std::invalid_argument for an axiom name the check does not list, and
    // for Options::race_free_programs on a check without a race-free flag.
    std::vector<AxiomResult> run(const Options& options) const;

    // The work items of one axiom at one bound, in the canonical shape order
    // (the order the sweep hands them out in).
    std::vector<WorkItem> work_items(const std::string& axiom, int bound, const Options& options) const;

    // The search of one work item (what a worker process does).  Throws
    // std::invalid_argument when the item names no shape of this checker
    // (another check, or a shape list that differs).
    WorkResult search(const WorkItem& item, const Options& options) const;

private:
    struct Impl;
    explicit Checker(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace mapsound::check
