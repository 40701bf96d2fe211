// How many source programs a shape holds: the size of the space a "holds"
// speaks of (README, "What a holds covers"), counted apart from the SAT
// encoding, by the same rules the encoding states as constraints.
#pragma once

#include <string>

#include "check/lowering.hpp"
#include "check/shape.hpp"
#include "check/symbolic.hpp"

namespace mapsound::check {

// The number of programs of 'shape' that SymbolicProblem::program admits
// with every exchangeable thread order kept (EncodingSettings::
// order_equal_threads off): per operation a class of its row (a cube's first
// operations of its kind) and, for atomic classes of a scoped source, a
// scope level; locations numbered by first use (a set partition of the
// memory operations), for OpenCL a region per location (local only where
// the location's operations are in one CTA); with dependencies, any set of pairs from a read to a
// later non-RMW memory operation of its thread; with free placement, every
// nesting of CTAs in (clusters in) GPUs over the threads.  Exact, as a
// decimal string (it passes 2^64 at 9 events).
std::string count_programs(const Shape& shape, const Lowering& lowering, const EncodingSettings& settings);

// The decimal sum of two counts from count_programs.
std::string add_counts(const std::string& a, const std::string& b);

}  // namespace mapsound::check
