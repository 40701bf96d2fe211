// Value domains for expand(): which values a load may return.  Internal to
// the litmus front end.
//
// A load may return any value of its cell's domain, so the domains must
// hold every value some execution can write.  expand() grows them from the
// initial values and the constants the program stores: it runs every thread
// for the current domains, recording the tree of run prefixes (RunTree), and
// justified_new_values() picks the values to add.
//
// Why not add every value any run writes?  Because that mixes runs of the
// same thread that no single execution contains, and can grow forever:
// in C11/manual/imm-E3.7,
//   P0: r0 = z; x = r0 - 1; r1 = x; y = r1;      P1: r0 = y; z = r0;
// one run of P0 writes x = -1, another reads that back and writes y = -1,
// P1 copies it to z, and a third run of P0 writes x = -2, and so on, while
// no execution writes anything but 0 and -1.  So a value counts only when
// a justified combination writes it: one run prefix per thread (any prefix,
// also of runs that later take a forbidden back edge or never finish, and
// the empty one) in which every value read is the cell's initial value, or
// written earlier by the same prefix, or written by another thread's prefix
// in the combination.
//
// This misses no execution whose program order and reads-from together are
// acyclic (every RC11-consistent one, and every SC one): take the events of
// such an execution in an order compatible with both; each initial segment
// is a justified combination whose reads return values already in the
// domains, so the next write's value joins them.  Executions with po;rf
// cycles (load buffering) are found when their values are reachable that
// way too, like the seeded constants of the LB-shaped tests; values that
// only justify themselves around such a cycle ("out of thin air") are not
// generated here: expand() adds the values the condition names and
// representatives of the values nothing names (expand_thin_air.hpp).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace mapsound::litmus::detail {

// (cell, value)
using CellValue = std::pair<int, std::int64_t>;
// Sorted, without repeats.
using ValueSet = std::vector<CellValue>;

// The run prefixes of one thread, as a tree of its memory events: node 0 is
// the empty prefix, and each other node extends its parent by one read or
// write.  Nodes are added parent first.
struct RunTree {
    struct Node {
        int parent = -1;
        bool write = false;
        int cell = -1;
        std::int64_t value = 0;
    };
    const std::vector<std::int64_t>* init = nullptr;  // initial value per cell
    std::vector<Node> nodes{Node{}};

    // Adds a child of 'parent'; returns its index.
    int add(int parent, bool write, int cell, std::int64_t value) {
        nodes.push_back(Node{parent, write, cell, value});
        return static_cast<int>(nodes.size()) - 1;
    }
};

// The values, not yet in 'domains' (per cell, sorted), that some justified
// combination of prefixes of the threads' trees writes.  Empty at the
// fixpoint.
ValueSet justified_new_values(const std::vector<RunTree>& trees, const std::vector<std::vector<std::int64_t>>& domains);

}  // namespace mapsound::litmus::detail
