// The Coq module of one mapping (Mapping_<name>.v and _dec.v): what
// compilation preserves (map_structure, read off lib/mapping/compile.cpp
// and the checker's layout, lib/check/lowering.hpp), one hypothesis per
// mapping rule, and `compiled`, all of them; with their decisions on finite
// executions and the proofs that these reflect them.
#pragma once

#include <string>
#include <vector>

#include "mapsound/mapping.hpp"

namespace mapsound::coq {

struct MappingModule {
    std::string module;           // "Mapping_cxx_to_ptx"
    std::string definitions_text;  // module.v
    std::string decision_text;     // module_dec.v
    std::vector<std::string> rules;  // the rule_* identifiers, in file order
};

// "Mapping_" + the identifier of the mapping's name.
std::string mapping_module_name(const mapping::Mapping& m);

MappingModule mapping_module(const mapping::Mapping& m, const std::string& note);

}  // namespace mapsound::coq
