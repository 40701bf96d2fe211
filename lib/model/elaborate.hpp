// Elaboration: a parsed model file and a vocabulary in, relational
// expressions and formulas out.  Names resolve in file order (a later `let`
// shadows an earlier one, as in herd7), recursive definitions become least
// fixpoints, and every error points at the offending source position.
#pragma once

#include "mapsound/model.hpp"
#include "model/cat_ast.hpp"

namespace mapsound::model {

ModelInstance elaborate(const CatModel& model, const Vocabulary& vocabulary);

Location location_of(const SourcePos& pos);

}  // namespace mapsound::model
