// Faithfulness files: a Coq file that instantiates an exported model on
// concrete finite executions and proves, by computation (vm_compute through
// the reflection lemmas of the model's _dec module and MsVocabulary_dec),
// that each condition and the consistency predicate hold or fail exactly as
// the engine says.  coqc rejects the file when the export and the engine
// disagree.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "mapsound/exec.hpp"
#include "mapsound/rel.hpp"
#include "model_module.hpp"

namespace mapsound::coq {

// One complete candidate execution with the engine's verdicts.
struct InstanceCandidate {
    std::string description;
    std::map<std::string, rel::TupleSet> primitives;  // primitive name -> tuples
    std::map<std::string, rel::TupleSet> derived;     // vocabulary.cat name -> the engine's tuples
    std::map<std::string, rel::TupleSet> witnesses;   // cat witness name -> tuples
    std::map<std::string, bool> conditions;           // item id -> holds (flags: fires)
    bool consistent = false;
};

// The candidate 'solution' of 'query' (rf and the model's witnesses set),
// judged by the engine's evaluator.
InstanceCandidate engine_candidate(const ModelModule& module, const exec::PreExecution& x,
                                   const exec::ExecutionQuery& query, const rel::Instance& solution);

// The Coq file; every candidate is over the same 'events' events.  Beside
// the verdicts it claims that each candidate is well-formed (MsExec.wf) and
// that each derived name of the vocabulary has the engine's value.
std::string instance_file(const ModelModule& module, std::size_t events,
                          const std::vector<InstanceCandidate>& candidates, const std::string& title);

}  // namespace mapsound::coq
