// How a check result stands to the verdict the check file expects.
//
// An expectation speaks of the search the check file was written for: every
// program up to the check's own bound.  A run at another bound, or a search
// restricted by --target-events or --race-free-programs, can contradict it
// (DIFFERENT), agree with it (ok), or be unable to test it: "fails at 5"
// cannot be seen at --events 4, and a restricted search that finds nothing
// says nothing about the programs it left out.  A vacuous result (no
// counterexample in a space that misses a class) confirms nothing.  Only a
// contradiction makes the check's exit status 1.
#pragma once

#include <string>

#include "mapsound/check.hpp"
#include "mapsound/mapping.hpp"

namespace mapsound::cli {

enum class Agreement { ok, different, untested, vacuous, stopped };

struct ExpectationCheck {
    Agreement agreement = Agreement::untested;
    std::string note;  // why, for different and untested; empty otherwise
};

// 'result' of a search up to 'bound' source events; 'restricted' when the
// search left programs out (target-event cap, race-free programs only).
ExpectationCheck compare_with_expectation(const mapping::CheckDefinition& check, const check::AxiomResult& result,
                                          int bound, bool restricted);

// "fails at 4", "holds up to 6"; "none" when the check file states none.
std::string expected_text(const mapping::CheckDefinition& check, const std::string& axiom);

// "ok", "different", "untested", "vacuous", "stopped" (the JSON spelling).
std::string to_string(Agreement a);

}  // namespace mapsound::cli
