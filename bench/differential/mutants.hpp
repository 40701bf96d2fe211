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
//          gpu -> cta; with 'cluster_level' (a check whose scope tree has
//          clusters) cluster too: $sco, sys -> gpu, cluster, cta;
//          gpu -> cluster, cta; cluster -> cta;
//   drop   a fence left out (a fence-only rule becomes nop).
// Names "<mapping>-m<k>".
std::vector<Mutant> weakenings(const mapping::Mapping& original, bool cluster_level = false);

// Sweeping weakenings: one weakening applied to every op of every rule of
// a group at once, so that more layouts fail than with one step (where a
// difference between encodings can show; measured in bench/README.md,
// "Differential testing": still a minority of layouts, since atomicity
// needs a read-modify-write and thin-air a load-buffering shape).  Groups: the R rules, the W rules, the RMW rules, the F rules,
// every rule.  Weakenings: each op one order weaker (the first of the
// order list above), each op at its weakest order, each scoped op at cta,
// every fence dropped.  A sweep that changes nothing, or gives a mapping an
// earlier sweep gave, is left out.  Names "<mapping>-s<k>".
std::vector<Mutant> sweeping_weakenings(const mapping::Mapping& original);

// Composite weakenings: two or three sweeps applied to every rule at once
// (an order sweep, one order weaker or weakest, with scope cta, with fences
// dropped), so that a mutant fails in most of the layouts where the axiom
// can fail at all, at 4 and 5 events too.  A composite that gives the
// original, a sweeping weakening or an earlier composite is left out.
// Names "<mapping>-c<k>".
std::vector<Mutant> composite_weakenings(const mapping::Mapping& original);

// The three families above, by name for the tools' flags.
enum class Family { one_step, sweeping, composite };

// The mutants of 'original' of one family (cluster_level: see weakenings).
std::vector<Mutant> mutants_of(const mapping::Mapping& original, Family family, bool cluster_level);

// The mapping as a mapping file that parse_mapping reads back to it.
std::string mapping_text(const mapping::Mapping& m);

}  // namespace mapsound::differential
