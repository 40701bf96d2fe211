// A concrete execution written back as a litmus test, so that a
// counterexample can be printed (litmus::print_litmus), read by a person and
// re-run by litmus mode or by herd7/Dartagnan.
//
// What the test is: one thread per entry of x.threads, with its placement
// (printed in PTX always, in C when some thread is not in CTA 0 of GPU 0 or
// some event is scoped .cta/.gpu; AuDaLa has none), and one instruction per
// event of the thread, in program order:
//   read            a Load into a fresh register r<n> (numbered across the
//                   test, thread by thread in program order)
//   write           a Store of the event's value
//   rmw pair        one Rmw, an exchange of the write's value whose result
//                   register is the read's (C atomic_exchange_explicit, PTX
//                   atom.<sem>.<scope>.exch)
//   fence           a Fence (C atomic_thread_fence; PTX fence.sc for sc,
//                   fence.acq_rel for acq_rel)
//   barrier         PTX bar.cta.sync <id>
// Orders: na -> a C plain access, AuDaLa's only kind (AuDaLa also takes
// Order::none as plain); weak -> PTX .weak; rlx/acq/rel/acq_rel/sc -> the
// C memory_order_* of that name, PTX .relaxed/.acquire/.release/.acq_rel
// (and .sc for fences); scopes cta/gpu/sys -> C memory_scope_* (sys is the
// C default and left out), PTX .cta/.gpu/.sys.
//
// Dependencies are kept by computations that leave every value as it is:
//   data  (read r -> write w)   w stores  r - r [+ r' - r' ...] + v
//   addr  (read r -> access a)  a's address is loc[r - r] (C *(x + t) with
//                               t = r - r; PTX x[t] after sub t, r, r;
//                               AuDaLa x[r - r]); array elements add their
//                               index
//   ctrl  (read r -> events)    "if (r == r) { ... }" around the rest of the
//                               thread (PTX: bne r, r, LC<k> with the label
//                               at the thread's end)
// The expander (litmus::expand) propagates control dependencies to every
// later event of the thread, so x.ctrl must have that shape: each read's
// ctrl targets are all of its thread's events from some point on.
//
// What each dialect can express (anything else throws):
//   C       na reads and writes (scope none), and rlx/acq/rel/acq_rel/sc
//           reads, writes, RMWs and fences with a scope; every dependency;
//           arrays "a[i]" (cells named as expand names them: a[0], ...,
//           a[n-1], n >= 2); no weak, no barriers.
//   PTX     weak reads and writes (scope none); with a scope, rlx and acq
//           reads, rlx and rel writes, rlx/acq/rel/acq_rel RMWs, sc and
//           acq_rel fences; barriers; every dependency and arrays, through
//           mapsound's element offsets "x[r1]" (not Dartagnan's syntax: a
//           test with an address dependency or an array is mapsound's
//           own); no na.
//   AuDaLa  plain reads and writes only; data, addr and ctrl dependencies;
//           arrays; no RMWs, fences, barriers, scopes or placements.
//
// The condition is `exists` of the conjunction of every read's register
// equal to its value (thread by thread, in program order) and, for each
// location with two or more non-initial writes whose co has a unique
// maximal one among them, the location equal to that write's value
// ("exists (true)" when there is nothing to say).  rf is only checked (each
// pair must be a write and a read of the same location and value): with
// distinct values per location, the read values fix it.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "mapsound/exec.hpp"
#include "mapsound/litmus/program.hpp"

namespace mapsound::check {

// The litmus test of execution 'x' in 'dialect', named 'name' (one word),
// with 'doc' as its doc string (absent when empty; '"' becomes '\'').
// test.source is 'name'.
//
// Promises: parse_litmus(print_litmus(t), t.source) == t, and
// litmus::expand(t) has a candidate whose pre-execution equals x up to
// renumbering events (same threads and placements, events per thread in
// the same order with the same kinds, orders, scopes, location names,
// values and barrier ids, one initial write per location with its value,
// the same rmw/addr/data/ctrl pairs).
//
// Throws std::invalid_argument, naming the event or pair, when x is
// malformed (indices out of range, not one initial write per location, an
// rmw pair that is not a read and the next write of the same location,
// order and scope) or holds something the dialect cannot express (see
// above), and when 'name' or a location name is not a valid word there.
litmus::LitmusTest execution_litmus(const exec::PreExecution& x, const std::vector<std::pair<int, int>>& rf,
                                    const std::vector<std::pair<int, int>>& co, litmus::Dialect dialect,
                                    const std::string& name, const std::string& doc);

}  // namespace mapsound::check
