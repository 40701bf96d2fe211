// Program shapes: what the mapping checker fixes before asking the solver.
//
// A shape is the part of a source program that is the same for every
// program the solver considers in one problem: how many threads, how many
// operations each runs in program order, which of those are
// read-modify-writes (two events) rather than single events, and where the
// threads sit in the scope tree.  Everything else (each event's kind, memory
// order, scope, location, dependencies) is left to the solver.
#pragma once

#include <string>
#include <vector>

#include "mapsound/exec.hpp"

namespace mapsound::check {

struct Shape {
    // threads[t][i]: whether operation i of thread t is a read-modify-write.
    std::vector<std::vector<bool>> threads;
    std::vector<exec::ThreadPlacement> placement;  // one per thread
    // A cube of the shape (split_into_cubes): cube[t] is the kind (read,
    // write or fence) of thread t's first operation, a single operation;
    // threads from cube.size() on are unrestricted.  Empty: the whole shape.
    std::vector<exec::EventKind> cube;

    int events() const;      // single operations count 1, read-modify-writes 2
    int operations() const;
    // e.g. "[1,2*] cta(0,1) gpu(0,0)": thread sizes, '*' marking an RMW,
    // then the placement unless every thread is in CTA 0 of GPU 0 (with
    // "cluster(...)" between when some thread is not in cluster 0), then
    // the cube, e.g. " cube(R,W)".
    std::string to_string() const;
    // The operations alone, whatever the placement: thread by thread, each
    // operation's events (1, or 2 for a read-modify-write), e.g. "[12,1]"
    // for a thread of a single operation and an RMW beside a thread of one
    // operation.  Distinct layouts give distinct texts; every encoding of
    // the search shares them (Options::ScopeTrees::enumerated splits one
    // layout into several shapes by placement).
    std::string layout() const;
};

// The threads t for which exchanging threads t and t + 1 gives the same
// shape back (equal operation sequences, and the placement is the same up
// to renaming CTAs and GPUs).  The solver may then order their contents.
std::vector<std::size_t> swappable_neighbours(const Shape& shape);

// The shapes with a cube split: each shape whose first 'threads' threads
// (all of its threads, when it has fewer) start with a single operation is
// replaced, in place, by one cube per choice of the kinds of those first
// operations among 'kinds' (threads 0, 1, ... in that order, thread 0's
// kind varying slowest); a shape with a read-modify-write first among
// them stays whole.  The programs of a shape are exactly those of its
// cubes, so a search over the result covers the same programs in smaller
// problems (more work items for many workers).  'threads' 0 returns
// 'shapes' unchanged.
std::vector<Shape> split_into_cubes(const std::vector<Shape>& shapes, int threads,
                                    const std::vector<exec::EventKind>& kinds);

// Every shape with exactly 'events' events, once up to renaming threads:
// threads are listed in a canonical order (non-increasing by their
// operation sequences).  With 'allow_rmw' false no operation is a
// read-modify-write.  With 'scoped', every placement of the threads into
// CTAs and of CTAs into GPUs (with 'cluster': CTAs into clusters and
// clusters into GPUs), once up to renaming CTAs, clusters, GPUs and equal
// threads (the least of its orbit); otherwise every thread in CTA 0 of
// GPU 0.  Without 'cluster' every thread is in cluster 0.  The order of the
// result is deterministic.
std::vector<Shape> enumerate_shapes(int events, bool allow_rmw, bool scoped, bool cluster = false);

}  // namespace mapsound::check
