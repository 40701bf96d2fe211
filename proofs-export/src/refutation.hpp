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
    std::string note;
};

struct Refutation {
    std::string module;  // "Refute_<check>_<axiom>"
    std::string text;
};

// Throws ExportError when the counterexample does not record a source
// witness the model declares, or when enumerating the source witnesses
// within their bounds would take more than 2^20 candidates.
Refutation refutation(const RefutationInput& in);

}  // namespace mapsound::coq
