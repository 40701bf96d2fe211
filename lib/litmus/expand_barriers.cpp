// Barrier instances (see expand.hpp): the events of one barrier (one
// operand list) in one CTA, grouped into instances.
//
// Without a thread count every event of the barrier is in instance 0, the
// rule the development suite's tests are written against.  With a count K,
// the hardware forms instances one after the other: as soon as K threads
// have arrived, they form an instance and the barrier resets.  So a
// grouping is a sequence of instances, each taking the next pending event
// (in program order) of K distinct threads, until fewer than K threads have
// events left; those leftovers form the last, incomplete instance, which
// is only allowed when none of them waits (bar.arrive), since a waiting
// thread would never finish.
//
// Vulkan's control barriers with a quorum K ("cbar.wg 1, 1, K") follow the
// rule of Dartagnan's suite (VULKAN/Barrier/quorum*.litmus) instead: the
// barrier opens for good as soon as K threads have arrived.  Those K
// threads pass it together (instance 0, they synchronize); every event
// that arrives later passes alone (an instance of its own).  So a grouping
// is a choice of the K threads whose first events open it; with fewer
// than K threads the barrier never opens and no grouping completes.
//
// Different sequences give the same grouping when neighbouring instances
// involve disjoint threads (they commute).  Each grouping is produced once
// by keeping only the sequences in lexicographic normal form (Anisimov and
// Knuth): an instance may not follow instances it commutes with that are
// greater than it (by their sorted thread lists), back to the last
// instance it shares a thread with.  Different groupings differ in some
// instance, so they are different pre-executions.
#include <algorithm>
#include <map>
#include <tuple>

#include "litmus/expand_context.hpp"

namespace mapsound::litmus::detail {

namespace {

using exec::EventKind;

// The events of one barrier in one CTA, per thread in program order.
struct BarrierGroup {
    std::int64_t count = 0;                       // K, or 0 without a count
    bool opens_for_good = false;                  // Vulkan's quorum rule
    std::vector<std::vector<int>> by_thread;      // event indices; threads with events only
    std::vector<int> events;                      // all of them, in event order
};

// All groupings of one group with a count, as instance numbers per event
// (indexed like pre.events; other entries untouched), appended to 'out'.
void groupings_of(ExpansionContext& x, const exec::PreExecution& pre, const BarrierGroup& g,
                  std::vector<std::vector<int>>& out) {
    const std::size_t threads = g.by_thread.size();
    const std::size_t k = static_cast<std::size_t>(g.count);
    std::vector<std::size_t> next(threads, 0);       // pending event per thread
    std::vector<std::vector<std::size_t>> sequence;  // thread lists of the instances so far
    // One frame per instance being chosen: the threads that can arrive and
    // the K-combination of them tried last (indices into 'ready').
    struct Frame {
        std::vector<std::size_t> ready;
        std::vector<std::size_t> pick;
        bool started = false;
    };
    auto make_frame = [&] {
        Frame f;
        for (std::size_t t = 0; t < threads; ++t)
            if (next[t] < g.by_thread[t].size()) f.ready.push_back(t);
        return f;
    };
    auto next_combination = [&](std::vector<std::size_t>& pick, std::size_t n) {
        for (std::size_t i = pick.size(); i-- > 0;) {
            if (pick[i] < n - pick.size() + i) {
                ++pick[i];
                for (std::size_t j = i + 1; j < pick.size(); ++j) pick[j] = pick[j - 1] + 1;
                return true;
            }
        }
        return false;
    };
    auto disjoint = [](const std::vector<std::size_t>& a, const std::vector<std::size_t>& b) {
        for (std::size_t t : a)
            if (std::binary_search(b.begin(), b.end(), t)) return false;
        return true;
    };
    // Lexicographic normal form: 'chosen' may not be moved before an earlier
    // instance that is greater than it.
    auto normal = [&](const std::vector<std::size_t>& chosen) {
        for (std::size_t i = sequence.size(); i-- > 0;) {
            if (!disjoint(chosen, sequence[i])) return true;
            if (chosen < sequence[i]) return false;
        }
        return true;
    };
    auto emit_leftovers = [&] {
        std::vector<int> instance(pre.events.size(), 0);
        // Instance numbers: position in the sequence; leftovers after them.
        std::vector<std::size_t> seen(threads, 0);
        for (std::size_t i = 0; i < sequence.size(); ++i)
            for (std::size_t t : sequence[i]) instance[static_cast<std::size_t>(g.by_thread[t][seen[t]++])] = static_cast<int>(i);
        for (std::size_t t = 0; t < threads; ++t)
            for (std::size_t j = next[t]; j < g.by_thread[t].size(); ++j) {
                const int e = g.by_thread[t][j];
                if (!pre.events[static_cast<std::size_t>(e)].has(exec::Tag::bar_arrive)) return;  // a thread waits forever
                instance[static_cast<std::size_t>(e)] = static_cast<int>(sequence.size());
            }
        out.push_back(std::move(instance));
        const std::uint64_t limit = x.options.budget.max_executions;
        if (limit > 0 && out.size() > limit)
            x.over_execution_limit("more than " + std::to_string(limit) + " groupings of one barrier's events into instances");
    };

    std::vector<Frame> stack{make_frame()};
    while (!stack.empty()) {
        x.step();
        Frame& f = stack.back();
        bool advanced;
        if (!f.started) {
            f.started = true;
            if (f.ready.size() < k) {
                emit_leftovers();
                advanced = false;
            } else {
                f.pick.resize(k);
                for (std::size_t i = 0; i < k; ++i) f.pick[i] = i;
                advanced = true;
            }
        } else {
            advanced = next_combination(f.pick, f.ready.size());
        }
        if (!advanced) {
            stack.pop_back();
            if (!stack.empty()) {  // undo the instance that led to the popped frame
                for (std::size_t t : sequence.back()) --next[t];
                sequence.pop_back();
            }
            continue;
        }
        std::vector<std::size_t> chosen;
        for (std::size_t i : f.pick) chosen.push_back(f.ready[i]);
        if (!normal(chosen)) continue;
        for (std::size_t t : chosen) ++next[t];
        sequence.push_back(std::move(chosen));
        stack.push_back(make_frame());
    }
}

// Vulkan's quorum rule: each K-subset of the threads opens the barrier.
void quorum_groupings_of(ExpansionContext& x, const exec::PreExecution& pre, const BarrierGroup& g,
                         std::vector<std::vector<int>>& out) {
    const std::size_t threads = g.by_thread.size();
    const std::size_t k = static_cast<std::size_t>(g.count);
    if (threads < k) return;
    std::vector<std::size_t> pick(k);
    for (std::size_t i = 0; i < k; ++i) pick[i] = i;
    for (;;) {
        std::vector<int> instance(pre.events.size(), 0);
        int alone = 1;
        for (std::size_t t = 0, p = 0; t < threads; ++t) {
            const bool opener = p < k && pick[p] == t;
            if (opener) ++p;
            for (std::size_t j = opener ? 1 : 0; j < g.by_thread[t].size(); ++j)
                instance[static_cast<std::size_t>(g.by_thread[t][j])] = alone++;
        }
        out.push_back(std::move(instance));
        x.step();
        const std::uint64_t limit = x.options.budget.max_executions;
        if (limit > 0 && out.size() > limit)
            x.over_execution_limit("more than " + std::to_string(limit) + " choices of the threads that open one barrier");
        std::size_t i = k;
        for (;;) {
            if (i == 0) return;
            --i;
            if (pick[i] < threads - k + i) break;
        }
        ++pick[i];
        for (std::size_t j = i + 1; j < k; ++j) pick[j] = pick[j - 1] + 1;
    }
}

}  // namespace

bool for_each_barrier_grouping(ExpansionContext& x, exec::PreExecution& pre,
                               const std::function<bool(const exec::PreExecution&)>& visit) {
    // Groups by (barrier, CTA, queue family, GPU), in order of first event.
    std::map<std::tuple<int, int, int, int>, std::size_t> index;
    const bool quorum_rule = x.test.dialect == Dialect::vulkan;
    std::vector<BarrierGroup> groups;
    for (std::size_t i = 0; i < pre.events.size(); ++i) {
        exec::Event& e = pre.events[i];
        if (e.kind != EventKind::barrier) continue;
        e.barrier_instance = 0;
        const exec::ThreadPlacement& p = pre.threads[static_cast<std::size_t>(e.thread)];
        auto [it, fresh] = index.emplace(std::tuple{e.barrier, p.cta, p.qf, p.gpu}, groups.size());
        if (fresh) groups.push_back(BarrierGroup{x.barrier_count(e.barrier), quorum_rule, {}, {}});
        BarrierGroup& g = groups[it->second];
        g.events.push_back(static_cast<int>(i));
        // Events come thread by thread in program order.
        if (g.by_thread.empty() || pre.events[static_cast<std::size_t>(g.by_thread.back().back())].thread != e.thread)
            g.by_thread.emplace_back();
        g.by_thread.back().push_back(static_cast<int>(i));
    }
    std::vector<const BarrierGroup*> counted;
    std::vector<std::vector<std::vector<int>>> options;
    for (const BarrierGroup& g : groups) {
        if (g.count == 0) continue;
        counted.push_back(&g);
        options.emplace_back();
        if (g.opens_for_good) {
            quorum_groupings_of(x, pre, g, options.back());
        } else {
            groupings_of(x, pre, g, options.back());
        }
        if (options.back().empty()) return true;  // every grouping leaves a thread waiting
    }
    // The product of the counted groups' groupings, first group outermost.
    std::vector<std::size_t> pick(options.size(), 0);
    for (;;) {
        for (std::size_t g = 0; g < counted.size(); ++g)
            for (int e : counted[g]->events)
                pre.events[static_cast<std::size_t>(e)].barrier_instance = options[g][pick[g]][static_cast<std::size_t>(e)];
        if (!visit(pre)) return false;
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
