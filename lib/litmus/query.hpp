// One pre-execution of a litmus test under one model, ready for the solver:
// exec::ExecutionQuery's question, with the vocabulary's same-barrier
// extended by the candidate's late arrivals at counted barriers
// (Candidate::late_barrier_sync), which Event::barrier_instance alone
// cannot say, and, for a mixed-size program, the pieces of one torn access
// (Event::piece_of) out of po and into si.  Internal to the litmus front
// end.
#pragma once

#include "mapsound/exec.hpp"
#include "mapsound/litmus/expand.hpp"
#include "mapsound/model.hpp"
#include "mapsound/rel.hpp"

namespace mapsound::litmus::detail {

struct LitmusQuery {
    LitmusQuery(const model::Model& model, const Candidate& candidate);

    rel::Bounds bounds;
    rel::Relation rf;
    model::ModelInstance instance;
    rel::Formula reads_from;  // rf is a function from reads to candidate writes

    // A candidate execution: reads_from and the witnesses' requirements.
    rel::Formula well_formed() const { return reads_from && instance.well_formed(); }
    // A consistent execution: well_formed() and every axiom of the model.
    rel::Formula consistent() const { return reads_from && instance.consistent(); }
};

// The vocabulary of a candidate: exec::vocabulary_of its pre-execution,
// with same-barrier (and every name derived from it) extended by
// candidate.late_barrier_sync, and po (and every name derived from it)
// without the pairs of pieces of one torn access, which si relates
// (both ways; si is the identity on every other event).
model::Vocabulary litmus_vocabulary(const Candidate& candidate, const rel::Relation& rf);

}  // namespace mapsound::litmus::detail
