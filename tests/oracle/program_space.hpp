// The source programs a mapping check searches, enumerated here from their
// definition (README, "Mapping checks" and "What a holds covers") and
// nothing of the checker's: no shapes, lowering rows or counts of
// lib/check.
//
// A program is straight-line: threads, each a sequence of operations; an
// operation is a single event (a read, a write or a fence) or a
// read-modify-write (two events, a read and a write related by rmw).  Each
// operation takes one class of the searched space (kind and order), and:
//   - a scope, for atomic classes (order other than none, na, weak): every
//     level of the scope tree (cta, gpu, sys; cta, cluster, gpu, sys with a
//     cluster level) when the source model reads scopes, else sys;
//   - a location, for memory operations, numbered by first use;
//   - OpenCL (classes with regions): a memory class's region is its
//     location's, the same for every access of a location, and a local
//     location's accesses are all in one CTA (local memory is a
//     work-group's own); a fence class carries the regions it orders;
//   - with dependencies (the source model reads addr, data or ctrl): any
//     set of pairs from a read (a read or a read-modify-write's read) to a
//     later memory operation of its thread that is not a read-modify-write,
//     addr into a read, data into a write (no ctrl: straight-line code).
// Threads sit in the scope tree in every way when the source model reads
// scopes (CTAs nested in GPUs, or CTAs in clusters in GPUs; with one GPU,
// `scopes cta gpu`, CTAs (in clusters) of GPU 0), otherwise all in CTA 0
// of GPU 0.
//
// Programs are enumerated per layout (the multiset of the threads'
// operation sequences) with the layout's threads in one fixed order, every
// labelled program once (locations and scope-tree instances up to renaming,
// threads as they stand), and each visited once up to the symmetries the
// README claims: exchanging threads of equal operation sequences, renaming
// locations, CTAs, clusters and GPUs.  The visited one is the least of its
// orbit in this file's own serialization.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "mapsound/exec.hpp"
#include "mapsound/mapping.hpp"

namespace mapsound::oracle {

// What the programs of one check vary in.
struct SpaceSettings {
    std::vector<mapping::SourceClass> classes;  // the searched classes
    bool scoped = false;        // scopes and placements vary
    bool cluster = false;       // with 'scoped': a cluster level
    bool dependencies = false;  // addr and data vary
    bool one_gpu = false;       // with 'scoped': every thread in GPU 0
};

// The threads' operation sequences: per thread a string of '1' (a single
// event) and '2' (a read-modify-write), in a fixed order (descending).
struct ProgramLayout {
    std::vector<std::string> threads;
    int events() const;
    // The multiset of the threads written sorted and joined by ',', e.g.
    // "1,12": the same text for every order of the same threads.
    std::string key() const;
};

// Every layout of exactly 'events' events; read-modify-writes only when
// 'rmw'.
std::vector<ProgramLayout> layouts(int events, bool rmw);

// The key of a layout written as lib/check writes it ("[12,1]"), for
// comparing with the checker's shapes.
std::string layout_key(const std::string& bracketed);

struct LayoutCount {
    std::uint64_t labelled = 0;  // every labelled program of the layout
    std::uint64_t visited = 0;   // one per orbit
};

// Calls 'visit' with one program of each orbit of 'layout' (initial writes
// first, one per location used; then the threads' events in order).
// Returns how many labelled programs the layout has and how many were
// visited.  'visit' may return false to stop early (the counts are then
// partial).  With 'every_labelled', every labelled program is visited (for
// the tests that check the orbits against check::canonical_program).
LayoutCount for_each_program(const ProgramLayout& layout, const SpaceSettings& settings,
                             const std::function<bool(const exec::PreExecution&)>& visit, bool every_labelled = false);

// Whether the class is atomic (carries a scope).
bool is_atomic(exec::Order order);

// The class of each operation of a program (read-modify-writes once), in
// event order: what class witnesses are counted by.
std::vector<mapping::SourceClass> classes_of(const exec::PreExecution& program);

}  // namespace mapsound::oracle
