// A counterexample candidate read back from the solver: concrete source and
// target executions, with the map between them.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "check/symbolic.hpp"
#include "mapsound/compile.hpp"
#include "mapsound/exec.hpp"
#include "mapsound/litmus/program.hpp"

namespace mapsound::check {

using Pairs = std::vector<std::pair<int, int>>;

struct Candidate {
    exec::PreExecution source;  // only the locations the program uses
    // The target as mapping::compile lowers 'source' (not as the solver
    // laid it out: read_back checks that the two agree).
    mapping::Compiled compiled;
    Pairs source_rf;  // lifted: map;rf_tgt;map^-1
    Pairs source_co;  // the source coherence the solver chose for the lift
    // Every witness of the source model as the solver chose it (co included).
    std::map<std::string, Pairs> source_witnesses;
    Pairs target_rf;
    std::map<std::string, Pairs> target_witnesses;  // by witness name
    // For each target event, its source event (map^-1 as a function).
    std::vector<int> owner;
    // For each source event, its atom in the symbolic problem.
    std::vector<int> source_atom;
    // Both executions as litmus tests (execution_litmus, with source_co and
    // the target's co), for confirm to check and the checker to print.
    litmus::LitmusTest source_litmus, target_litmus;
};

// Reads the program and both executions out of 'instance', a solution of
// 'problem'.  Values: the initial value of every location is 0 and the
// writes of a location write 1, 2, ... in program text order, so that every
// read's value names the write it reads from.  Throws std::logic_error if
// the solver's layout of the target disagrees with mapping::compile.
Candidate read_back(const SymbolicProblem& problem, const Shape& shape, const rel::Instance& instance,
                    const mapping::Mapping& mapping);

// The formula that excludes this candidate's program together with its
// target execution (rf and the target's witnesses), whatever the source's
// own witnesses; for the search to go on past a spurious candidate.
rel::Formula exclusion(const SymbolicProblem& problem, const rel::Instance& instance);

// The formula that excludes this candidate's program (rules, scopes,
// locations, dependencies, placement) with every execution of it.
rel::Formula program_exclusion(const SymbolicProblem& problem, const rel::Instance& instance);

// The order in which the reported counterexample is the least
// (rel::Problem::solve_least): the program first, each operation of the
// weakest class its kind allows, then (per operation) at the widest scope,
// threads placed together, the fewest locations and dependencies; then the
// target execution, each read from the earliest write; then the lift.  So
// the printed counterexample is a function of the check and the shape.
std::vector<rel::Problem::Preference> least_counterexample_order(const SymbolicProblem& problem);

}  // namespace mapsound::check
