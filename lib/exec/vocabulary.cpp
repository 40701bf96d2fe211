// The base sets and relations of a pre-execution, as relational constants.
#include <functional>

#include "mapsound/exec.hpp"

namespace mapsound::exec {

namespace {

using rel::TupleSet;

bool same_cta(const PreExecution& x, int a, int b) {
    return x.threads[a].cta == x.threads[b].cta && x.threads[a].gpu == x.threads[b].gpu;
}

// Whether event e's scope contains thread t.
bool scope_contains(const PreExecution& x, const Event& e, int t) {
    if (e.thread < 0 || t < 0 || e.thread == t) return true;
    switch (e.scope) {
        case Scope::none: return false;
        case Scope::cta: return same_cta(x, e.thread, t);
        case Scope::gpu: return x.threads[e.thread].gpu == x.threads[t].gpu;
        case Scope::sys: return true;
    }
    return false;
}

}  // namespace

rel::Universe universe_of(const PreExecution& x) {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < x.events.size(); ++i) {
        std::string name = "e";
        name.append(std::to_string(i));
        names.push_back(std::move(name));
    }
    return rel::Universe(std::move(names));
}

model::Vocabulary vocabulary_of(const PreExecution& x, const rel::Relation& rf) {
    const std::size_t n = x.events.size();
    auto set_of = [&](const std::function<bool(const Event&)>& member) {
        TupleSet t(n, 1);
        for (std::size_t i = 0; i < n; ++i)
            if (member(x.events[i])) t.add(i);
        return rel::constant(t);
    };
    auto relation_of = [&](const std::function<bool(std::size_t, std::size_t)>& related) {
        TupleSet t(n, 2);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j)
                if (related(i, j)) t.add(i, j);
        return rel::constant(t);
    };
    auto pairs_of = [&](const std::vector<std::pair<int, int>>& pairs) {
        TupleSet t(n, 2);
        for (auto [a, b] : pairs) t.add(static_cast<std::size_t>(a), static_cast<std::size_t>(b));
        return rel::constant(t);
    };
    auto is_memory = [](const Event& e) { return e.kind == EventKind::read || e.kind == EventKind::write; };
    const auto& ev = x.events;

    model::Vocabulary v;
    v.emplace("R", set_of([](const Event& e) { return e.kind == EventKind::read; }));
    v.emplace("W", set_of([](const Event& e) { return e.kind == EventKind::write; }));
    v.emplace("F", set_of([](const Event& e) { return e.kind == EventKind::fence; }));
    v.emplace("BAR", set_of([](const Event& e) { return e.kind == EventKind::barrier; }));
    v.emplace("BAR_ARRIVE",
              set_of([](const Event& e) { return e.kind == EventKind::barrier && e.barrier_arrive; }));
    v.emplace("M", set_of(is_memory));
    v.emplace("IW", set_of([](const Event& e) { return e.thread < 0; }));
    {
        TupleSet t(n, 1);
        for (auto [a, b] : x.rmw) t.add(static_cast<std::size_t>(a)).add(static_cast<std::size_t>(b));
        v.emplace("RMW", rel::constant(t));
    }
    const std::pair<const char*, Order> orders[] = {{"NA", Order::na},   {"WEAK", Order::weak},
                                                    {"RLX", Order::rlx}, {"ACQ", Order::acq},
                                                    {"REL", Order::rel}, {"ACQ_REL", Order::acq_rel},
                                                    {"SC", Order::sc}};
    for (auto [name, order] : orders) v.emplace(name, set_of([order](const Event& e) { return e.order == order; }));
    const std::pair<const char*, Scope> scopes[] = {{"CTA", Scope::cta}, {"GPU", Scope::gpu}, {"SYS", Scope::sys}};
    for (auto [name, scope] : scopes)
        v.emplace(name, set_of([scope](const Event& e) { return e.thread >= 0 && e.scope == scope; }));

    v.emplace("po", relation_of([&](std::size_t i, std::size_t j) {
        return ev[i].thread >= 0 && ev[i].thread == ev[j].thread && i < j;
    }));
    v.emplace("rf", rf);
    v.emplace("rmw", pairs_of(x.rmw));
    v.emplace("addr", pairs_of(x.addr));
    v.emplace("data", pairs_of(x.data));
    v.emplace("ctrl", pairs_of(x.ctrl));
    v.emplace("loc", relation_of([&](std::size_t i, std::size_t j) {
        return is_memory(ev[i]) && is_memory(ev[j]) && ev[i].location == ev[j].location;
    }));
    auto same_thread = [&](std::size_t i, std::size_t j) {
        return i == j || (ev[i].thread >= 0 && ev[i].thread == ev[j].thread);
    };
    v.emplace("int", relation_of(same_thread));
    v.emplace("ext", relation_of([&](std::size_t i, std::size_t j) { return !same_thread(i, j); }));
    v.emplace("scta", relation_of([&](std::size_t i, std::size_t j) {
        return i == j || (ev[i].thread >= 0 && ev[j].thread >= 0 && same_cta(x, ev[i].thread, ev[j].thread));
    }));
    v.emplace("sgpu", relation_of([&](std::size_t i, std::size_t j) {
        return i == j || (ev[i].thread >= 0 && ev[j].thread >= 0 &&
                          x.threads[ev[i].thread].gpu == x.threads[ev[j].thread].gpu);
    }));
    v.emplace("incl", relation_of([&](std::size_t i, std::size_t j) {
        return scope_contains(x, ev[i], ev[j].thread) && scope_contains(x, ev[j], ev[i].thread);
    }));
    v.emplace("sbar", relation_of([&](std::size_t i, std::size_t j) {
        return i != j && ev[i].kind == EventKind::barrier && ev[j].kind == EventKind::barrier &&
               ev[i].barrier == ev[j].barrier && ev[i].barrier_instance == ev[j].barrier_instance &&
               same_cta(x, ev[i].thread, ev[j].thread);
    }));
    return v;
}

rel::Formula bound_reads_from(const PreExecution& x, const rel::Relation& rf, rel::Bounds& bounds) {
    const std::size_t n = x.events.size();
    TupleSet candidates(n, 2), reads(n, 1);
    for (std::size_t r = 0; r < n; ++r) {
        if (x.events[r].kind != EventKind::read) continue;
        reads.add(r);
        for (std::size_t w = 0; w < n; ++w)
            if (x.events[w].kind == EventKind::write && x.events[w].location == x.events[r].location &&
                x.events[w].value == x.events[r].value)
                candidates.add(w, r);
    }
    bounds.bound(rf, TupleSet(n, 2), candidates);
    rel::Variable read = rel::Variable::unary("r");
    return rel::forall(read, rel::constant(reads), rf.join(read).one());
}

}  // namespace mapsound::exec
