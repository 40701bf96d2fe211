// The plain evaluator: expressions and formulas computed on one concrete
// instance by set semantics, with no SAT involved.  It is the second way to
// every answer the solver gives, and what tests check the solver against.
#pragma once

#include "mapsound/rel/ast.hpp"
#include "mapsound/rel/bounds.hpp"

namespace mapsound::rel {

// The value of 'expr' in 'instance'.  Throws std::invalid_argument if a
// relation has no value in the instance or a variable is unbound.
TupleSet evaluate(const Expr& expr, const Instance& instance);

// Whether 'formula' holds in 'instance'.  Throws as above.
bool evaluate(const Formula& formula, const Instance& instance);

}  // namespace mapsound::rel
