// Counterexamples as outcomes of litmus tests: whether a test states the
// outcome of a given execution (its values re-derived by running the
// test's program), and the litmus round trip (print, parse, expand, judge).
#pragma once

#include <string>
#include <vector>

#include "check/candidate.hpp"
#include "mapsound/check.hpp"
#include "mapsound/litmus/program.hpp"
#include "mapsound/model.hpp"

namespace mapsound::check {

// Empty when the condition of 'test' (execution_litmus's test of 'x') holds
// for the execution of 'x' with reads-from 'rf' and coherence 'co';
// otherwise why not.  The values are not taken from x: the test's program
// is run (litmus::expand), each thread's events matched to x's by position,
// and the run taken in which every read returns the value its rf-source
// write stores in that same run; the condition is evaluated on that run's
// registers and on the final value of each location (its co-last write).
std::string outcome_mismatch(const litmus::LitmusTest& test, const exec::PreExecution& x, const Pairs& rf,
                             const Pairs& co);

// Prints 'test', parses the text back (std::logic_error unless it is
// 'test' again), and decides it by litmus mode under 'model' with
// 'forbidden_flags' read as axioms.
LitmusJudgement judge_litmus(const litmus::LitmusTest& test, const model::Model& model,
                             const std::vector<std::string>& forbidden_flags);

}  // namespace mapsound::check
