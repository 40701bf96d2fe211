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
//     e6 -> e7 [style=dashed, label="rmw"];
//     e5 -> e6 [color=green, fontcolor=green, style=dotted, label="data"];   also addr, ctrl
//   }
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

// The picture of x with reads-from 'rf' (write, read) and coherence 'co'
// (write, write; any relation whose transitive closure is the order).
// Throws std::invalid_argument when an event's thread or location, or an
// index in rf, co, rmw, addr, data or ctrl, is out of range.
std::string execution_dot(const exec::PreExecution& x, const std::vector<std::pair<int, int>>& rf,
                          const std::vector<std::pair<int, int>>& co, const std::string& title);

}  // namespace mapsound::check
