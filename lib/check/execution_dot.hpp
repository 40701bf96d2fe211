// A concrete execution as a Graphviz picture (`dot -Tsvg`), for
// counterexamples.
//
//   digraph "title" {
//     subgraph init { rank=same; e0 [label="e0: init x=0"]; ... }  initial writes, one row
//     subgraph cluster_P0 { label="P0 (cta 0, gpu 0)"; e2 [label="e2: W.rel.gpu y=1"]; ... }
//     e0 -> e2 [style=invis];                       layout only (also e0 -> e1 in the row)
//     e2 -> e3 [color=black];                       po, immediate successors only
//     e2 -> e5 [color=red, fontcolor=red, label="rf"];
//     e4 -> e2 [color=blue, fontcolor=blue, label="co"];     transitive reduction of co
//     e3 -> e4 [color=orange, fontcolor=orange, label="fr"]; rf^-1;co^+, every pair
//     e6 -> e7 [style=dashed, label="rmw"];
//     e5 -> e6 [color=green, fontcolor=green, style=dotted, label="data"];   also addr, ctrl
//     e2 -> e5 [id="cycle-0", class="cycle", color=magenta, penwidth=3, label="psc"];   Emphasis
//   }
//
// Emphasised events get class="cycle", a magenta outline and penwidth 3;
// emphasised edges are drawn as extra edges after all others, so that an
// SVG or HTML page can find them by class or by id ("cycle-<k>", k the
// edge's index in Emphasis::edges).
//
// Node labels are "e<i>: " followed by Event::label, or, when that is empty,
// one built like litmus::expand's ("R.acq.gpu x=1", "W.na y=2", "F.sc.cta",
// "bar 1", "init x=0").  The output depends only on the arguments: nodes in
// event order, then edges by kind in the order above, each kind sorted.
// rf and co edges that leave a thread carry constraint=false, so that they
// do not pull the threads' columns out of shape.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "mapsound/exec.hpp"

namespace mapsound::check {

// What to draw in bold: the violating cycle of a counterexample
// (cycle_explanation.hpp), or the events a cycle's events compiled to.
struct Emphasis {
    struct Edge {
        int from = 0, to = 0;
        std::string label;  // the relation that puts the edge there ("psc")
    };
    std::vector<Edge> edges;
    std::vector<int> events;
};

// The picture of x with reads-from 'rf' (write, read) and coherence 'co'
// (write, write; any relation whose transitive closure is the order).
// The label a picture gives event i of x, without the "e<i>: " prefix:
// Event::label, or the one built as above.  Throws std::out_of_range for
// an event x does not have.
std::string event_label(const exec::PreExecution& x, std::size_t i);

// fr is computed here: (r, w) when r reads from a write that w follows in
// the transitive closure of co.  Throws std::invalid_argument when an
// event's thread or location, or an index in rf, co, rmw, addr, data, ctrl
// or 'emphasis', is out of range.
std::string execution_dot(const exec::PreExecution& x, const std::vector<std::pair<int, int>>& rf,
                          const std::vector<std::pair<int, int>>& co, const std::string& title,
                          const Emphasis& emphasis = {});

}  // namespace mapsound::check
