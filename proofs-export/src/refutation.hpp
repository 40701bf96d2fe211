// A counterexample is also a proof: for an axiom the bounded search found a
// counterexample to, a Coq file (Refute_<check>_<axiom>.v) that proves the
// negation of its statement at the counterexample's size from the concrete
// executions.  Every hypothesis of the statement is proved to hold on them
// and the conclusion to fail for every source witness (each enumerated
// within its declared bound), all by computation.  So a statement too
// strong to be refuted by a genuine counterexample, or hypotheses the
// engine's counterexamples do not meet, make coqc reject the file.
#pragma once

#include <string>

#include "check_module.hpp"

namespace mapsound::coq {

struct RefutationInput {
    const mapping::CheckDefinition* check = nullptr;
    const ModelModule* source = nullptr;
    const ModelModule* target = nullptr;
    const MappingModule* mapping_module = nullptr;
    const check::AxiomResult* result = nullptr;  // verdict fails, with a counterexample
    // The statement reads race freedom per program (CheckModuleInput): the
    // refutation proves the counterexample's program race-free too.
    bool race_free_programs = false;
    std::string note;
};

struct Refutation {
    std::string module;  // "Refute_<check>_<axiom>"
    std::string text;
    // Non-empty: no refutation written, and why (with race_free_programs,
    // proving the program race-free would enumerate too many executions).
    std::string not_written;
};

// Throws ExportError when the counterexample does not record a source
// witness the model declares, or when enumerating the source witnesses
// within their bounds would take more than 2^20 candidates.  With
// race_free_programs the refutation also proves the program race-free, by
// enumerating its executions (every reads-from, every witness within its
// bound); beyond 2^20 candidates it is not written (not_written says so)
// rather than stopping the export.
Refutation refutation(const RefutationInput& in);

}  // namespace mapsound::coq
