// A test's condition (or filter) as a formula of the relational core over
// one pre-execution's choices, for deciding it by SAT (run_decide.cpp):
// "does some consistent execution satisfy the condition?" is one solve.
// Internal to the litmus front end.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "litmus/run_common.hpp"

namespace mapsound::litmus::detail {

// The formula that holds of exactly the executions of 'prepared' whose
// final state satisfies 'e' (as FinalState::holds judges it).  A register
// is a constant unless it holds a free read's value (the value of the
// write rf gives its read event); a memory cell's value is that of its
// final write.  A comparison is the disjunction, over the values its two
// sides can take, of the pairs that satisfy it.  Throws std::runtime_error
// like FinalState for a thread or location the pre-execution lacks.
rel::Formula condition_formula(const CondExpr& e, const PreparedCandidate& prepared, const std::string& source);

// The formula that holds of exactly the executions with the same state as
// 'state' shows (FinalState::describe): the free reads' registers and the
// cells it shows take its values.  Its negation excludes the state.
rel::Formula state_formula(const FinalState& state);

}  // namespace mapsound::litmus::detail
