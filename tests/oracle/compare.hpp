// The oracle against `mapsound check` (check::Checker), shape by shape: the
// comparison side, the only part of tests/oracle that runs the checker.
//
// The checker is run with every shape searched and every counterexample
// program of each shape enumerated (Options::every_shape,
// enumerate_programs), and compared with the oracle on
//   - each axiom's verdict and smallest counterexample size,
//   - per layout (the threads' operation sequences): whether some program
//     is a counterexample, and the set of counterexample programs named by
//     check::canonical_program, when the checker's enumeration is complete,
//   - per searched class, the smallest program that witnesses it,
//   - per bound, the number of programs (labelled, as count_programs
//     counts them).
#pragma once

#include <optional>
#include <string>

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "mapsound/check.hpp"
#include "oracle/oracle.hpp"

namespace mapsound::oracle {

// What the oracle decides for a check: its program space and question,
// read off the check file and the source model as README's "Mapping
// checks" defines them.  The classes are the dialect's
// (mapping::dialect_classes of the checker's source dialect) less the
// check's exclusions; throws std::logic_error when the checker searches
// others.
struct Problem {
    SpaceSettings space;
    Question question;
};
// The check's problem: every program space the checker searches (C++,
// OpenCL with regions and AuDaLa programs, any scope tree, one GPU) and
// every question (named axioms or flags, every axiom and flag when the
// check has no axiom lines, `axiom *`).
Problem problem_of(const mapping::CheckDefinition& check, const check::Checker& checker);

// What the checker found for one axiom.
struct CheckerLayout {
    int events = 0;
    bool counterexample = false;
    std::set<std::string> programs;
    bool complete = true;  // every shape's enumeration ran to the end
};
struct CheckerAxiom {
    std::string axiom;
    check::Verdict verdict = check::Verdict::unknown;
    int events = 0;
    std::map<std::string, CheckerLayout> layouts;  // by layout key
    check::SearchedSpace space;
};
struct CheckerRun {
    std::vector<CheckerAxiom> axioms;
    double seconds = 0;
};
CheckerRun run_checker(const check::Checker& checker, int events, std::size_t cap, int jobs);

// One line of the comparison.
struct Row {
    std::string what;    // "layout", "verdict", "class", "count"
    std::string axiom;   // empty for counts
    std::string item;    // the layout key, class or bound
    int events = 0;
    std::string oracle, checker;  // what each side says, as text
    bool agree = false;
    std::string note;
};

// With 'restricted' (the oracle swept only some layouts of the last bound,
// OracleOptions::last_bound_layouts): the layouts the oracle has, and
// verdicts and class witnesses only where the checker's fall below the
// last bound (what the whole smaller bounds decide); no count of the last
// bound.
std::vector<Row> compare(const Question& question, const SpaceSettings& space, const MappingOutcome& oracle,
                         const std::vector<BoundCount>& counts, const CheckerRun& checker, bool restricted = false);

}  // namespace mapsound::oracle
