// Why a concrete execution violates one axiom of a model: the violating
// cycle (or reflexive pair, or tuple) found by the plain evaluator, and for
// each of its edges the named relations of the model that put it there.
//
// Names are read off the elaborated model: a sub-expression is named when
// it is the value of a `let` of the model or a name of the execution
// vocabulary (po, rf, loc, ...), or a witness (co).  An edge is explained by
// descending through unions (the first operand holding the edge),
// intersections (the operand with the fewest pairs, the most telling one),
// differences (the left operand), sequences (an event in between),
// closures (a shortest path) and identity filters ([S], dropped) down to
// named relations: "e2 -hb-> e3 -rb-> e5".  Named model relations on that
// path are explained in turn, a few levels deep.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "mapsound/exec.hpp"
#include "mapsound/model.hpp"

namespace mapsound::check {

// One step of a path through named relations: from -relation-> to.
struct NamedStep {
    int from = 0, to = 0;
    std::string relation;
};

struct CycleEdge {
    int from = 0, to = 0;
    std::string relation;          // the named relation the axiom tests, or its most specific named part
    std::vector<NamedStep> steps;  // that relation's definition taken apart on this pair
    // Named model relations among 'steps' taken apart in turn, in order of
    // first use: ("hb", its steps on that pair).
    std::vector<std::pair<NamedStep, std::vector<NamedStep>>> details;
};

struct Violation {
    std::string axiom;
    bool found = false;  // whether the axiom fails with a witness to show
    // acyclic: a shortest cycle, edge k from events[k] to events[k+1]
    // (last to first); irreflexive: one event, one edge (e, e); empty: one
    // pair, one edge (or one event, no edge, for a set).
    std::vector<int> events;
    std::vector<CycleEdge> edges;
    // The edges a picture draws: for acyclic the cycle's edges, each
    // labelled with its relation; otherwise the steps of the one edge (for
    // irreflexive hb ; eco?: e1 -hb-> e2 -eco-> e1).
    std::vector<NamedStep> drawn;
    // One paragraph: "sc fails: cycle e2 -psc-> e5 -psc-> e2; e2->e5 is in
    // psc-base: e2 -sb-> e3 -rb-> e5; ..." or why nothing is shown.
    std::string text;
};

// The violation of 'axiom' (an axiom or a flag of 'model'; "*" takes the
// first axiom that fails) by the execution x with reads-from 'rf' and the
// model's witnesses as given (absent ones empty).  A flag counts as
// violated when it is raised.  found is false, with a text that says so,
// when the axiom holds there or its form has no witness to show (a negated
// test).  Throws std::invalid_argument for an unknown axiom.
Violation explain_violation(const model::Model& model, const exec::PreExecution& x,
                            const std::vector<std::pair<int, int>>& rf,
                            const std::map<std::string, std::vector<std::pair<int, int>>>& witnesses,
                            const std::string& axiom);

}  // namespace mapsound::check
