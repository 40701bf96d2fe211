// The primitive facts of a pre-execution (README, "Execution vocabulary",
// the table of primitive names), computed here from the events as the
// README defines them, rf aside.  The derived names come from
// exec::derive_vocabulary, the one definition of each (lib/exec/
// vocabulary.cat), instantiated once on free relations.
//
// exec::vocabulary_of computes the same facts and re-elaborates
// vocabulary.cat for every pre-execution, which cost the oracle a third of
// its time; tests/oracle_test.cpp checks that both give every name the
// same value on random source programs and their compiled targets.
#pragma once

#include <map>
#include <string>

#include "mapsound/exec.hpp"
#include "mapsound/rel.hpp"

namespace mapsound::oracle {

// Every primitive name of exec::primitive_names() but rf, with its value
// on 'x'.
std::map<std::string, rel::TupleSet> primitive_facts(const exec::PreExecution& x);

}  // namespace mapsound::oracle
