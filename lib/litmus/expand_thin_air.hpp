// Values out of thin air for expand(): values that no constant of a test
// names, which a cycle of reads and writes could still pass along.
// Internal to the litmus front end.
//
// herd7 gives a value read in an rf cycle a symbolic value, unconstrained
// unless the cycle computes it; Dartagnan's values are unconstrained
// integers too.  A model without a no-thin-air axiom (c11.cat, opencl.cat,
// vulkan.cat) then allows, in load buffering that copies values,
// "exists (0:r1 != 0)": some value other than 0 goes around the cycle.
// Expansion enumerates concrete values, so a few representatives stand
// for the values no constant names (unnamed_values): two above every
// named value (two thin-air values may differ) and, when the condition
// orders values, one below.  Values in the gaps between named ones are
// not represented (a condition "0 < r0 < 5" with 1..4 unnamed is
// answered as if only the named values and the representatives existed).
#pragma once

#include <cstdint>
#include <vector>

#include "mapsound/litmus/program.hpp"

namespace mapsound::litmus::detail {

// Whether some write's value comes from a register (a store, exchange,
// compare-and-swap or compare-exchange of a register's value), the only
// way a value can go around a cycle of reads and writes.
bool writes_register_values(const LitmusTest& test);

// Whether the condition or filter could tell a value no constant names
// from every named one: a comparison other than "==", one between two
// terms that are not constants, a negation, or a forall (which a value
// equal to no constant can falsify).  An exists or ~exists over "=="
// with constants, "/\" and "\/" only cannot be satisfied by such a value.
bool tells_unnamed_apart(const LitmusTest& test);

// The representatives of the unnamed values when the test can have and
// tell apart such values (both of the above), else none: two values above
// every value 'named' holds (the cells' domains, the constants of the
// program and of the condition), and one below them when the condition or
// filter orders values.
std::vector<std::int64_t> unnamed_values(const LitmusTest& test, const std::vector<std::int64_t>& named);

// Every integer constant of the test's code (stored values, operands,
// branch operands, initial register values) and of its condition and
// filter.
std::vector<std::int64_t> test_constants(const LitmusTest& test);

}  // namespace mapsound::litmus::detail
