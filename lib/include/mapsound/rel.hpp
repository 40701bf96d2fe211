// mapsound's relational core: bounded relational logic solved with CaDiCaL.
//
//   Universe u(5);
//   Relation r = Relation::binary("r");
//   Bounds b(u);
//   b.bound(r, u.none(2), u.all(2));
//   count_solutions(acyclic(r), b);   // 29281 labelled DAGs
//
// universe.hpp  atoms and tuple sets
// ast.hpp       expressions and formulas
// bounds.hpp    bounds and instances
// solver.hpp    translation to SAT, solving, enumeration, counting
// evaluator.hpp the plain evaluator on concrete instances
#pragma once

#include "mapsound/rel/ast.hpp"
#include "mapsound/rel/bounds.hpp"
#include "mapsound/rel/evaluator.hpp"
#include "mapsound/rel/solver.hpp"
#include "mapsound/rel/universe.hpp"
