// Confirming a counterexample candidate with the plain evaluator alone, on
// the concrete graphs: no SAT involved.
#pragma once

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
    std::uint64_t lifts_tried = 0;  // source witness choices evaluated
};

// Genuine when (1) the target execution is consistent under the target
// model, (2) the solver's own lift is admissible (witness requirements, the
// lifting constraints), race-free and violates 'axiom' (otherwise the
// solver and the evaluator disagree: std::logic_error), and (3) no
// admissible, race-free lift satisfies 'axiom' (kWholeModel: every axiom).  For Lift::extends the lifts
// are every choice of a strict total order per location on the source's
// writes, initial write first (the source's `co`); for Lift::per_thread the
// lift is unique.
Judgement confirm(const Candidate& candidate, const model::Model& source_model, const model::Model& target_model,
                  const std::string& axiom, const std::optional<std::string>& race_flag, mapping::Lift lift);

}  // namespace mapsound::check
