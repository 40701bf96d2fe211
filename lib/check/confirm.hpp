// Confirming a counterexample candidate on the concrete graphs, apart from
// the symbolic problem that produced it: the plain evaluator judges the
// executions, and for a source model with witnesses besides `co` one SAT
// query on the concrete source execution (not the symbolic problem) asks
// whether some lift satisfies the axiom.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "check/candidate.hpp"
#include "mapsound/mapping.hpp"
#include "mapsound/model.hpp"

namespace mapsound::check {

struct Judgement {
    bool genuine = false;
    // Why a candidate is not genuine, for logs: "the target execution is
    // inconsistent", or the source coherence order that makes the lift
    // consistent.
    std::string reason;
    // When a lift satisfies the axiom (condition (3) fails): that lift, every
    // source witness by name over the source execution's events.  Any other
    // candidate of which it is an admissible, race-free lift is spurious too
    // (SymbolicProblem::no_satisfying_lift excludes them all at once).
    std::map<std::string, Pairs> satisfying_lift;
};

// Genuine when (1) the target execution is consistent under the target
// model, (2) the solver's own lift is admissible (witness requirements, the
// lifting constraints), race-free and violates 'axiom', and (3) no
// admissible, race-free lift satisfies 'axiom' (kWholeModel: every axiom).
// For Lift::extends the lifts are every choice of a strict total order per
// location on the source's writes, initial write first (the source's
// `co`), or with further source witnesses one SAT query on the concrete
// source execution; for Lift::per_thread `co` is unique.
//
// Before that, what the solver's bounds alone ensured is re-checked: each
// side's rf relates a write to a read of the same location, every read
// reads exactly one write, and the source rf is the target rf through the
// map; and the candidate's litmus tests state its outcome: their programs,
// run on the candidate's rf, give the values their conditions name
// (outcome_mismatch).  A failure there, or in (2), is a disagreement
// between the solver and the evaluator: std::logic_error, naming it.
//
// With an empty 'axiom', the re-check of a class witness (what a "holds"
// covers, SearchedSpace): the same first checks and (1), then only that
// the solver's own lift is admissible and race-free; genuine, or
// std::logic_error.
Judgement confirm(const Candidate& candidate, const model::Model& source_model, const model::Model& target_model,
                  const std::string& axiom, const std::optional<std::string>& race_flag, mapping::Lift lift);

}  // namespace mapsound::check
