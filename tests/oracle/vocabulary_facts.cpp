// The primitive facts of a pre-execution (see vocabulary_facts.hpp).
#include "oracle/vocabulary_facts.hpp"

#include <utility>

namespace mapsound::oracle {

namespace {

using exec::EventKind;
using exec::Order;
using exec::Scope;
using rel::TupleSet;

bool memory(const exec::Event& e) { return e.kind == EventKind::read || e.kind == EventKind::write; }

}  // namespace

std::map<std::string, TupleSet> primitive_facts(const exec::PreExecution& x) {
    const std::size_t n = x.events.size();
    const auto& ev = x.events;
    std::map<std::string, TupleSet> f;
    auto set = [&](const std::string& name, auto&& member) {
        TupleSet t(n, 1);
        for (std::size_t i = 0; i < n; ++i)
            if (member(ev[i])) t.add(i);
        f.insert_or_assign(name, std::move(t));
    };
    auto relation = [&](const std::string& name, auto&& related) {
        TupleSet t(n, 2);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j)
                if (related(i, j)) t.add(i, j);
        f.insert_or_assign(name, std::move(t));
    };
    auto pairs = [&](const std::string& name, const std::vector<std::pair<int, int>>& ps) {
        TupleSet t(n, 2);
        for (auto [a, b] : ps) t.add(static_cast<std::size_t>(a), static_cast<std::size_t>(b));
        f.insert_or_assign(name, std::move(t));
    };

    // Events and their kinds; initial writes are the events of no thread.
    set("_", [](const exec::Event&) { return true; });
    set("IW", [](const exec::Event& e) { return e.thread < 0; });
    set("R", [](const exec::Event& e) { return e.kind == EventKind::read; });
    set("W", [](const exec::Event& e) { return e.kind == EventKind::write; });
    set("F", [](const exec::Event& e) { return e.kind == EventKind::fence; });
    set("BAR", [](const exec::Event& e) { return e.kind == EventKind::barrier; });
    {
        TupleSet t(n, 1);
        for (auto [a, b] : x.rmw) t.add(static_cast<std::size_t>(a)).add(static_cast<std::size_t>(b));
        f.insert_or_assign("RMW", std::move(t));
    }
    // Memory-order tags, and scope qualifiers of thread events.
    for (auto [name, order] : {std::pair{"NA", Order::na}, {"WEAK", Order::weak}, {"RLX", Order::rlx},
                               {"ACQ", Order::acq}, {"REL", Order::rel}, {"ACQ_REL", Order::acq_rel}, {"SC", Order::sc}})
        set(name, [order = order](const exec::Event& e) { return e.order == order; });
    for (auto [name, scope] : {std::pair{"SG", Scope::sg}, {"CTA", Scope::cta}, {"CLUSTER", Scope::cluster},
                               {"QF", Scope::qf}, {"GPU", Scope::gpu}, {"SYS", Scope::sys}})
        set(name, [scope = scope](const exec::Event& e) { return e.thread >= 0 && e.scope == scope; });
    for (unsigned t = 0; t < exec::kTagCount; ++t)
        set(exec::tag_name(static_cast<exec::Tag>(t)), [t](const exec::Event& e) { return e.has(static_cast<exec::Tag>(t)); });

    // Program order within each thread (events in order), rmw pairs and
    // dependencies as given.
    relation("po", [&](std::size_t i, std::size_t j) { return ev[i].thread >= 0 && ev[i].thread == ev[j].thread && i < j; });
    pairs("rmw", x.rmw);
    pairs("addr", x.addr);
    pairs("data", x.data);
    pairs("ctrl", x.ctrl);
    // at: a memory event to the initial write of its location.  vat: to
    // the first memory event naming its location as the program names it
    // (a virtual location, when the event has one).
    relation("at", [&](std::size_t i, std::size_t j) {
        return memory(ev[i]) && ev[j].thread < 0 && ev[j].kind == EventKind::write && ev[i].location >= 0 &&
               ev[j].location == ev[i].location;
    });
    auto named = [](const exec::Event& e) { return e.virtual_location >= 0 ? e.virtual_location : e.location; };
    relation("vat", [&](std::size_t i, std::size_t j) {
        if (!memory(ev[i]) || !memory(ev[j]) || named(ev[i]) != named(ev[j])) return false;
        for (std::size_t k = 0; k < j; ++k)
            if (memory(ev[k]) && named(ev[k]) == named(ev[i])) return false;
        return true;
    });
    // Events of threads sharing an instance of each level of the scope tree.
    auto sharing = [&](Scope level) {
        return [&, level](std::size_t i, std::size_t j) {
            return ev[i].thread >= 0 && ev[j].thread >= 0 &&
                   (level == Scope::none ? ev[i].thread == ev[j].thread
                                         : x.threads[static_cast<std::size_t>(ev[i].thread)].shares(
                                               x.threads[static_cast<std::size_t>(ev[j].thread)], level));
        };
    };
    relation("same-thread", sharing(Scope::none));
    relation("same-sg", sharing(Scope::sg));
    relation("same-cta", sharing(Scope::cta));
    relation("same-cluster", sharing(Scope::cluster));
    relation("same-qf", sharing(Scope::qf));
    relation("same-gpu", sharing(Scope::gpu));
    // Barrier events of one instance of one barrier of one CTA.
    relation("same-barrier", [&](std::size_t i, std::size_t j) {
        return ev[i].kind == EventKind::barrier && ev[j].kind == EventKind::barrier && ev[i].barrier == ev[j].barrier &&
               ev[i].barrier_instance == ev[j].barrier_instance && sharing(Scope::cta)(i, j);
    });
    return f;
}

}  // namespace mapsound::oracle
