// Whether a source program, not just one execution of it, is race-free.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "check/candidate.hpp"
#include "mapsound/exec.hpp"
#include "mapsound/model.hpp"

namespace mapsound::check {

// An execution of a pre-execution's program: its reads-from and the
// model's witnesses, as pairs of event indices.
struct ProgramExecution {
    Pairs rf;
    std::map<std::string, Pairs> witnesses;
};

// A consistent execution of the program of 'x' under 'model' that raises
// the flag 'race_flag'; nullopt when there is none.  Values are ignored: a
// read may read any write of its location (the programs the checker writes
// store constants, so every such reads-from is an execution of the program).
std::optional<ProgramExecution> racy_execution(const exec::PreExecution& x, const model::Model& model,
                                               const std::string& race_flag);

}  // namespace mapsound::check
