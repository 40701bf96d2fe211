// Reads-from choices of a pre-execution, listed by brute force: each read
// may read any write of its location (the initial write included), as the
// oracle enumerates executions (judge.hpp) and the floor measurement
// counts them (floor.cpp).
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "mapsound/exec.hpp"
#include "mapsound/rel.hpp"

namespace mapsound::oracle {

// Each read's possible writers: the writes of its location, initial write
// included.  Reads in event order.
inline std::vector<std::pair<int, std::vector<int>>> writers_of_reads(const exec::PreExecution& x) {
    std::vector<std::pair<int, std::vector<int>>> out;
    for (std::size_t r = 0; r < x.events.size(); ++r) {
        if (x.events[r].kind != exec::EventKind::read) continue;
        std::vector<int> writes;
        for (std::size_t w = 0; w < x.events.size(); ++w)
            if (x.events[w].kind == exec::EventKind::write && x.events[w].location == x.events[r].location)
                writes.push_back(static_cast<int>(w));
        out.emplace_back(static_cast<int>(r), std::move(writes));
    }
    return out;
}

// Calls f(choice) for every choice of one writer per read (odometer);
// f returns false to stop.
template <typename F>
void for_each_rf(const std::vector<std::pair<int, std::vector<int>>>& reads, const F& f) {
    std::vector<std::size_t> pick(reads.size(), 0);
    for (const auto& [r, ws] : reads)
        if (ws.empty()) return;  // a read without a write has no execution
    for (;;) {
        if (!f(pick)) return;
        std::size_t i = 0;
        for (; i < pick.size(); ++i) {
            if (++pick[i] < reads[i].second.size()) break;
            pick[i] = 0;
        }
        if (i == pick.size()) return;
    }
}

inline rel::TupleSet rf_of(const std::vector<std::pair<int, std::vector<int>>>& reads,
                           const std::vector<std::size_t>& pick, std::size_t n) {
    rel::TupleSet rf(n, 2);
    for (std::size_t i = 0; i < reads.size(); ++i)
        rf.add(static_cast<std::size_t>(reads[i].second[pick[i]]), static_cast<std::size_t>(reads[i].first));
    return rf;
}

}  // namespace mapsound::oracle
