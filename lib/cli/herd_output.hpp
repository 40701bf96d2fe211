// herd7's output for a decided litmus test, line for line, so that tools
// that read herd7 logs (mcompare, scripts matching "Observation") read
// mapsound's: Test, States, Ok/No, Witnesses, Positive/Negative, Flag,
// Condition, Observation, Time.
#pragma once

#include "mapsound/litmus/litmus.hpp"
#include "mapsound/litmus/run.hpp"

namespace mapsound::cli {

// herd7's word for how often the condition holds: Never, Always, Sometimes.
const char* observation(const litmus::Verdict& v);

// Prints the block for 'v', the verdict on 'test', on stdout; the States
// lines when 'states' (the executions were counted).
void print_text(const litmus::Verdict& v, const litmus::LitmusTest& test, bool states);

}  // namespace mapsound::cli
