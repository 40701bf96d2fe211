// The independent small-bound oracle of a mapping check (issue 26): every
// program of the check's source space up to N events (program_space.hpp),
// each compiled with the mapping and judged by enumeration of its target
// executions and their lifts (judge.hpp).  It shares with the checker only
// the parsers, mapping::compile, the execution vocabulary and the plain
// evaluator; no SAT solver, no relational translation, no lib/check.
//
// Several mappings can be judged in one sweep (a check and its mutants):
// the programs and their source executions are the same for all of them.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "mapsound/mapping.hpp"
#include "mapsound/model.hpp"
#include "oracle/judge.hpp"
#include "oracle/program_space.hpp"

namespace mapsound::oracle {

struct MappingUnderTest {
    std::string name;  // for reports: the mapping's name, or a mutant's
    mapping::Mapping mapping;
};

// What one mapping's programs of one layout came to.
struct LayoutVerdicts {
    int events = 0;
    std::vector<bool> counterexample;              // per axiom of the question
    std::vector<std::set<std::string>> programs;   // per axiom: the counterexamples' names
};

struct BoundCount {
    int events = 0;
    std::size_t layouts = 0;
    std::uint64_t labelled = 0;  // programs with every order of the threads
    std::uint64_t visited = 0;   // one per orbit: the programs judged
};

struct MappingOutcome {
    std::string name;
    std::map<std::string, LayoutVerdicts> layouts;  // by ProgramLayout::key()
    // Per axiom: the fewest events of a counterexample (0: none up to N).
    std::vector<int> smallest;
    // Per searched class: the fewest events of a program with the class
    // and a consistent target execution with a race-free lift (0: none).
    std::vector<int> witnessed_at;
    double seconds = 0;  // judging this mapping's programs (CPU of the workers)
    std::uint64_t lifts_judged = 0;  // Judgement::target_executions, summed
    std::uint64_t programs_compiled = 0;  // programs the source side left undecided
};

struct OracleRun {
    std::vector<BoundCount> bounds;  // 1 .. N
    std::vector<MappingOutcome> mappings;
    double seconds = 0;         // wall
    double source_seconds = 0;  // source tables (CPU of the workers)
};

struct OracleOptions {
    int events = 3;
    int jobs = 1;  // worker threads; programs dealt out by index
    // Names a counterexample program (the driver passes
    // check::canonical_program, so that both sides name programs alike).
    std::function<std::string(const exec::PreExecution&)> name;
    // Called after each layout, from the sweeping thread: a progress line.
    std::function<void(const std::string&)> progress;
    // When not empty: at the last bound only these layouts (keys,
    // ProgramLayout::key()), for bounds whose whole space does not fit;
    // the smaller bounds stay whole.
    std::set<std::string> last_bound_layouts;
};

// Throws what SourceSide, TargetSide and mapping::compile throw.
OracleRun run_oracle(const model::Model& source, const model::Model& target, const Question& question,
                     const SpaceSettings& space, const std::vector<MappingUnderTest>& mappings,
                     const OracleOptions& options);

}  // namespace mapsound::oracle
