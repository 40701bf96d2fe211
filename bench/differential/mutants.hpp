// Mutant mappings for differential testing: each rule of a mapping weakened
// in one way the mapping language allows.
#pragma once

#include <string>
#include <vector>

#include "mapsound/mapping.hpp"

namespace mapsound::differential {

struct Mutant {
    std::string name;         // a mapping name: "<mapping>-m<k>", k = 1, 2, ...
    std::string description;  // what changed: "R.sc: fence.sc.$sco -> fence.acq_rel.$sco"
    mapping::Mapping mapping;
};

// Every one-step weakening of 'original', in rule order, then op order:
//   order  a strictly weaker semantics for the op (ld: acquire > relaxed >
//          weak; st: release > relaxed > weak; atom: acq_rel > acquire,
//          release > relaxed; fence: sc > acq_rel > acquire, release), each
//          weaker one its own mutant; .weak drops the scope;
//   scope  a narrower fixed scope: $sco -> gpu, cta (narrower than the
//          source's own scope where that is wider); sys -> gpu, cta;
//          gpu -> cta;
//   drop   a fence left out (a fence-only rule becomes nop).
std::vector<Mutant> weakenings(const mapping::Mapping& original);

// The mapping as a mapping file that parse_mapping reads back to it.
std::string mapping_text(const mapping::Mapping& m);

}  // namespace mapsound::differential
