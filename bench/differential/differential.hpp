// Differential testing of the mapping checker's encodings: the default
// encoding against each reference (README, "Mapping checks", --reference),
// shape by shape, on the same check.
//
// Shapes are compared by layout (Shape::layout: the threads' operations),
// which every encoding shares: with one problem per scope tree a layout is
// several shapes, one per placement, whose outcomes are joined.  Per
// layout, two things must agree: whether some program has a counterexample
// (SAT against UNSAT), and, when both enumerations ran to the end, the set
// of counterexample programs up to the symmetries the default encoding
// claims to remove (check::canonical_program), found by enumeration with
// every found program blocked.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "mapsound/check.hpp"

namespace mapsound::differential {

// An encoding to compare: a name and the options that select it.
struct Encoding {
    std::string name;
    check::Options options;
};

// The default encoding ("default"), then each reference of
// check::reference_names() but "all", then "cubes" (whole shapes split
// into cubes, Options::cube_threads 1: an option whose reference is the
// default), and "all" (every reference at once).
std::vector<Encoding> encodings();

// With Options::race_free_programs: the default exclusion of racy programs
// ("race-free") and the one-program-at-a-time reference ("race-free-by-program").
std::vector<Encoding> race_free_encodings();

// What one encoding found for one layout.
struct LayoutOutcome {
    int events = 0;
    bool counterexample = false;
    std::set<std::string> programs;  // canonical programs, over the layout's shapes
    bool programs_complete = true;   // every shape's enumeration ran to the end
    bool stopped = false;
    std::size_t shapes = 0;
};

// Per layout, everything found by one run of 'checker' on 'axiom' up to
// 'events' events with 'encoding', every shape searched and up to 'cap'
// counterexample programs enumerated per shape (0: none, SAT/UNSAT only).
std::map<std::string, LayoutOutcome> outcomes_by_layout(const check::Checker& checker, const std::string& axiom,
                                                        int events, const Encoding& encoding, std::size_t cap,
                                                        int jobs);

// One layout, one reference against the default.
struct Comparison {
    std::string layout;
    int events = 0;
    bool fast_counterexample = false, reference_counterexample = false;
    // When both enumerations are complete: the number of distinct
    // canonical programs each found, and whether the sets are equal.
    std::optional<std::size_t> fast_programs, reference_programs;
    bool programs_compared = false;
    bool agree = false;  // same SAT/UNSAT, and same programs where compared
    std::string note;    // why not, or why the programs were not compared
};

// The layouts of 'fast' and 'reference' compared one by one (a layout one
// side lacks, or a stopped search, is a disagreement).
std::vector<Comparison> compare(const std::map<std::string, LayoutOutcome>& fast,
                                const std::map<std::string, LayoutOutcome>& reference);

}  // namespace mapsound::differential
