// Barrier instances (see expand.hpp): the events of one barrier (one
// operand list) in one CTA, and who synchronizes with whom.
//
// Without a thread count every event of the barrier is in instance 0: every
// thread that reaches it passes it with the others, the rule the
// development suite's tests are written against.
//
// With a thread count K (PTX "bar.cta.sync id, resource, K", Vulkan
// "cbar.wg id, resource, K") every dialect follows one rule, the one of
// Dartagnan's NamedBarrier (ProgramEncoder's quorum encoding, used by its
// PTX and Vulkan front ends alike).  Let C be the barrier's events in the
// pre-execution (the events that control flow reaches; each event counts,
// as Dartagnan counts events, so a thread that reaches the barrier twice
// counts twice):
//   - if |C| < K, the barrier never opens: no event of C executes, every
//     thread that reached it (arrives included: Dartagnan's arrive is a
//     blocking event too) is stuck, and the pre-execution has no complete
//     execution;
//   - if |C| >= K, every event of C executes (the barrier does not reset),
//     and some set S ⊆ C of at least K events synchronizes: each member of
//     S synchronizes with every event of C (same-barrier from s to e), and
//     an event outside S (a late arrival) receives the synchronization of
//     every member of S but gives none.
// So each choice of S is one pre-execution: the members of S form instance
// 0 (same-barrier both ways among them), each late arrival an instance of
// its own, and the pairs (s, l) from each member s to each late arrival l
// are Candidate::late_barrier_sync, which litmus mode adds to same-barrier
// (lib/litmus/query.cpp).  Which events receive synchronization at all is
// the model's business: ptx-6.0.cat and ptx-7.5.cat give none to an arrive
// (BAR-WAIT), as Dartagnan's syncbar does.
//
// The PTX ISA (bar.sync, "b": the number of threads) requires K to be a
// multiple of the warp size and counts threads, all of a warp arriving
// together.  A litmus thread stands for a warp here as in Dartagnan, so K
// counts litmus threads; the caveat changes no verdict and is not modelled
// as a semantics of its own.
#include <algorithm>
#include <map>
#include <tuple>

#include "litmus/expand_context.hpp"

namespace mapsound::litmus::detail {

namespace {

using exec::EventKind;

// The events of one barrier in one CTA.
struct BarrierGroup {
    std::int64_t count = 0;   // K, or 0 without a count
    std::vector<int> events;  // C: event indices, in event order
};

// The sets S of at least K of a group's events, as membership flags per
// event of the group (indexed like BarrierGroup::events): every size from
// K up, each size's sets in lexicographic order.  Empty when fewer than K
// events reach the barrier.
std::vector<std::vector<bool>> synchronizing_sets(ExpansionContext& x, const BarrierGroup& g) {
    std::vector<std::vector<bool>> out;
    const std::size_t n = g.events.size();
    const std::size_t k = static_cast<std::size_t>(g.count);
    const std::uint64_t limit = x.options.budget.max_executions;
    for (std::size_t size = k; size <= n; ++size) {
        std::vector<std::size_t> pick(size);
        for (std::size_t i = 0; i < size; ++i) pick[i] = i;
        for (;;) {
            x.step();
            std::vector<bool> member(n, false);
            for (std::size_t i : pick) member[i] = true;
            out.push_back(std::move(member));
            if (limit > 0 && out.size() > limit)
                x.over_execution_limit("more than " + std::to_string(limit) +
                                       " choices of the events that pass one barrier together");
            // The next size-element combination of 0..n-1, if any.
            std::size_t i = size;
            while (i > 0 && pick[i - 1] == n - size + i - 1) --i;
            if (i == 0) break;
            ++pick[i - 1];
            for (std::size_t j = i; j < size; ++j) pick[j] = pick[j - 1] + 1;
        }
    }
    return out;
}

// Applies one choice of S to a group's events: instance numbers, and the
// pairs from each member to each late arrival appended to 'late'.
void apply(const BarrierGroup& g, const std::vector<bool>& member, exec::PreExecution& pre,
           std::vector<std::pair<int, int>>& late) {
    int next_alone = 1;
    for (std::size_t i = 0; i < g.events.size(); ++i)
        pre.events[static_cast<std::size_t>(g.events[i])].barrier_instance = member[i] ? 0 : next_alone++;
    for (std::size_t s = 0; s < g.events.size(); ++s) {
        if (!member[s]) continue;
        for (std::size_t l = 0; l < g.events.size(); ++l)
            if (!member[l]) late.emplace_back(g.events[s], g.events[l]);
    }
}

}  // namespace

bool for_each_barrier_grouping(ExpansionContext& x, exec::PreExecution& pre, const BarrierGroupingVisitor& visit) {
    // Groups by (barrier, CTA, cluster, queue family, GPU), in order of
    // first event: the events same-barrier may relate.
    std::map<std::tuple<int, int, int, int, int>, std::size_t> index;
    std::vector<BarrierGroup> groups;
    for (std::size_t i = 0; i < pre.events.size(); ++i) {
        exec::Event& e = pre.events[i];
        if (e.kind != EventKind::barrier) continue;
        e.barrier_instance = 0;
        const exec::ThreadPlacement& p = pre.threads[static_cast<std::size_t>(e.thread)];
        auto [it, fresh] = index.emplace(std::tuple{e.barrier, p.cta, p.cluster, p.qf, p.gpu}, groups.size());
        if (fresh) groups.push_back(BarrierGroup{x.barrier_count(e.barrier), {}});
        groups[it->second].events.push_back(static_cast<int>(i));
    }
    std::vector<const BarrierGroup*> counted;
    std::vector<std::vector<std::vector<bool>>> options;
    for (const BarrierGroup& g : groups) {
        if (g.count == 0) continue;
        counted.push_back(&g);
        options.push_back(synchronizing_sets(x, g));
        if (options.back().empty()) return true;  // the barrier never opens: its threads are stuck
    }
    // The product of the counted groups' choices, first group outermost.
    std::vector<std::size_t> pick(options.size(), 0);
    std::vector<std::pair<int, int>> late;
    for (;;) {
        late.clear();
        for (std::size_t g = 0; g < counted.size(); ++g) apply(*counted[g], options[g][pick[g]], pre, late);
        if (!visit(pre, late)) return false;
        std::size_t g = options.size();
        for (;;) {
            if (g == 0) return true;
            --g;
            if (++pick[g] < options[g].size()) break;
            pick[g] = 0;
        }
    }
}

}  // namespace mapsound::litmus::detail
