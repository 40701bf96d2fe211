// A source program's canonical text up to the search's symmetries (see
// canonical_program in mapsound/check.hpp).
#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <string>
#include <vector>

#include "mapsound/check.hpp"
#include "mapsound/mapping.hpp"

namespace mapsound::check {

namespace {

using exec::EventKind;

// The program with its threads in the order 'threads' (thread indices of
// x), written out: placement by first appearance of each GPU and CTA,
// locations by first use, events by kind, order, scope and location, an
// RMW as one operation, dependencies by position within the thread.
std::string written(const exec::PreExecution& x, const std::vector<std::vector<int>>& events_of,
                    const std::vector<int>& threads) {
    std::map<int, int> gpu, location;
    std::map<std::pair<int, int>, int> cluster;
    std::map<std::tuple<int, int, int>, int> cta;
    // Clusters are written only where a GPU has several (without a cluster
    // level every thread is in cluster 0, and the text stays as it was).
    std::set<std::pair<int, int>> clusters;
    std::set<int> gpus;
    for (const auto& p : x.threads) {
        clusters.emplace(p.gpu, p.cluster);
        gpus.insert(p.gpu);
    }
    const bool clustered = clusters.size() > gpus.size();
    std::vector<int> rmw_write_of(x.events.size(), -1);
    std::vector<bool> is_rmw_write(x.events.size(), false);
    for (auto [r, w] : x.rmw) {
        rmw_write_of[static_cast<std::size_t>(r)] = w;
        is_rmw_write[static_cast<std::size_t>(w)] = true;
    }
    // Position of each event within its thread, for dependencies.
    std::vector<int> position(x.events.size(), -1);
    for (const auto& events : events_of)
        for (std::size_t i = 0; i < events.size(); ++i) position[static_cast<std::size_t>(events[i])] = static_cast<int>(i);
    std::string out;
    for (int t : threads) {
        const auto& p = x.threads[static_cast<std::size_t>(t)];
        const int g = gpu.try_emplace(p.gpu, static_cast<int>(gpu.size())).first->second;
        const int k = cluster.try_emplace({p.gpu, p.cluster}, static_cast<int>(cluster.size())).first->second;
        const int c = cta.try_emplace({p.gpu, p.cluster, p.cta}, static_cast<int>(cta.size())).first->second;
        out += "T" + std::to_string(g) + (clustered ? "." + std::to_string(k) : "") + "." + std::to_string(c) + ":";
        for (int e : events_of[static_cast<std::size_t>(t)]) {
            const auto& ev = x.events[static_cast<std::size_t>(e)];
            if (is_rmw_write[static_cast<std::size_t>(e)]) continue;  // written with its read
            const bool rmw = rmw_write_of[static_cast<std::size_t>(e)] >= 0;
            out += rmw                            ? "U"
                   : ev.kind == EventKind::read  ? "R"
                   : ev.kind == EventKind::write ? "W"
                   : ev.kind == EventKind::fence ? "F"
                                                 : "B" + std::to_string(ev.barrier);
            out += "." + mapping::source_order_name(ev.order) + "." + mapping::scope_name(ev.scope);
            if (ev.location >= 0)
                out += "@" + std::to_string(location.try_emplace(ev.location, static_cast<int>(location.size())).first->second);
            out += " ";
        }
        for (const auto* deps : {&x.addr, &x.data, &x.ctrl}) {
            std::vector<std::pair<int, int>> local;
            for (auto [a, b] : *deps)
                if (x.events[static_cast<std::size_t>(a)].thread == t)
                    local.emplace_back(position[static_cast<std::size_t>(a)], position[static_cast<std::size_t>(b)]);
            std::sort(local.begin(), local.end());
            out += deps == &x.addr ? "addr" : deps == &x.data ? "data" : "ctrl";
            for (auto [a, b] : local) out += " " + std::to_string(a) + ">" + std::to_string(b);
            out += " ";
        }
        out += "| ";
    }
    return out;
}

}  // namespace

std::string canonical_program(const exec::PreExecution& x) {
    const std::size_t threads = x.threads.size();
    std::vector<std::vector<int>> events_of(threads);
    for (std::size_t e = 0; e < x.events.size(); ++e)
        if (x.events[e].thread >= 0) events_of[static_cast<std::size_t>(x.events[e].thread)].push_back(static_cast<int>(e));
    // Each thread's operation sequence: which of its operations are RMWs.
    std::vector<bool> rmw_read(x.events.size(), false), rmw_write(x.events.size(), false);
    for (auto [r, w] : x.rmw) {
        rmw_read[static_cast<std::size_t>(r)] = true;
        rmw_write[static_cast<std::size_t>(w)] = true;
    }
    std::vector<std::string> sequence(threads);
    for (std::size_t t = 0; t < threads; ++t)
        for (int e : events_of[t])
            if (!rmw_write[static_cast<std::size_t>(e)]) sequence[t] += rmw_read[static_cast<std::size_t>(e)] ? '2' : '1';
    // Every order of the threads that keeps each position's operation
    // sequence: permutations within each class of equal sequences.
    std::map<std::string, std::vector<int>> classes;
    for (std::size_t t = 0; t < threads; ++t) classes[sequence[t]].push_back(static_cast<int>(t));
    std::vector<std::vector<int>*> members;
    for (auto& [seq, ts] : classes) members.push_back(&ts);
    std::vector<std::vector<int>> arranged;  // per class: its threads in the current order
    for (auto* m : members) arranged.push_back(*m);
    std::string best;
    bool first = true;
    for (;;) {
        // Position p holds, among the threads of its class, the next one in
        // the class's current arrangement.
        std::vector<int> order(threads);
        std::vector<std::size_t> used(members.size(), 0);
        for (std::size_t p = 0; p < threads; ++p) {
            const auto k = static_cast<std::size_t>(
                std::distance(classes.begin(), classes.find(sequence[p])));
            order[p] = arranged[k][used[k]++];
        }
        std::string text = written(x, events_of, order);
        if (first || text < best) best = std::move(text);
        first = false;
        // Next combination, odometer style.
        std::size_t k = 0;
        for (; k < arranged.size(); ++k)
            if (std::next_permutation(arranged[k].begin(), arranged[k].end())) break;
        if (k == arranged.size()) break;
    }
    return best;
}

}  // namespace mapsound::check
