// Concrete finite executions as Coq terms: an inductive type of events with
// its `finite` record, the booleans of an execution's primitive facts
// (MsDecide.v, BExecution), witnesses and maps.  The files that check the
// export against the engine by computation are made of these.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "mapsound/exec.hpp"
#include "mapsound/rel.hpp"

namespace mapsound::coq {

// The primitive facts of a pre-execution whose reads-from is 'rf': one
// tuple set per exec::primitive_names() entry but "_", as the engine has
// them (exec::vocabulary_of).
std::map<std::string, rel::TupleSet> primitive_facts(const exec::PreExecution& x, const rel::TupleSet& rf);

// An event type: `Inductive <type> := <prefix>0 | ... .` with decidable
// equality and the `finite` record named <fin>.  n >= 1.
std::string event_type_text(const std::string& type, const std::string& prefix, std::size_t n, const std::string& fin);

// A set or relation over an event type, as a boolean function.
std::string tuples_text(const rel::TupleSet& t, const std::string& prefix);

// `Definition <name> : BExecution <type> := {| ... |}.` from the facts.
std::string bexecution_text(const std::string& name, const std::string& type, const std::string& prefix,
                            const std::map<std::string, rel::TupleSet>& facts);

// A map from source to target events (pairs of indices) as a boolean
// function over the two event types.
std::string map_text(const std::vector<std::pair<int, int>>& pairs, const std::string& source_prefix,
                     const std::string& target_prefix);

// The record fields of BExecution (in order) for the primitive names.
std::vector<std::pair<std::string, std::string>> bexecution_fields();  // (primitive name, Coq field)

}  // namespace mapsound::coq
