// herd7's procedures, expanded where they are called:
//
//   procedure total(r, E) =          a body of statements (lets, axioms,
//     let rt = r | r^-1                flags, requirements, nested calls)
//     empty ((E * E) \ id) \ rt
//   end
//   call total(co, W & X) as co-total
//
// A call splices a copy of the body into the model in place of the call:
// every occurrence of a parameter becomes the argument's expression, and
// each name the body defines gets a name of its own per call (herd7's
// procedures keep their lets local), so that two calls never clash and
// nothing after the call sees them.  The parser does this, so everything
// downstream (the elaborator, the Coq export) sees plain statements.
#pragma once

#include <string>
#include <vector>

#include "model/cat_ast.hpp"

namespace mapsound::model {

struct Procedure {
    std::string name;
    std::vector<std::string> parameters;
    std::vector<CatStatement> body;  // calls in it are already expanded
    SourcePos pos;
};

// The statements that `call procedure(arguments) [as as_name]` stands for;
// 'call_number' (distinct per call in a model) makes the body's names
// unique.  The checks of the body are named as_name when the body has
// exactly one check and the call names it, else by their own `as` names
// (an unnamed check after the procedure, with `.N` for the N-th unnamed
// one after the first).  The caller checks the argument count.
std::vector<CatStatement> expand_call(const Procedure& procedure, const std::vector<CatExprPtr>& arguments,
                                      const std::string& as_name, int call_number);

}  // namespace mapsound::model
