// The execution vocabulary: the primitive facts of a pre-execution as
// relational constants, and the derived names from their one definition
// (vocabulary.cat).
#include <algorithm>
#include <functional>
#include <map>
#include <stdexcept>

#include "mapsound/exec.hpp"

namespace mapsound::exec {

namespace {

using rel::TupleSet;

constexpr const char* kTagNames[kTagCount] = {"SUR",    "TEX",    "CON",    "ALIAS",  "NONPRIV",  "SC0",
                                              "SC1",    "SC2",    "SC3",    "SEMSC0", "SEMSC1",   "SEMSC2",
                                              "SEMSC3", "AV",     "VIS",    "SEMAV",  "SEMVIS",   "AVDEVICE",
                                              "VISDEVICE", "GLOBAL", "LOCAL", "BAR_ARRIVE",
                                              "dmb.full", "dmb.ld", "dmb.st", "ISB", "Q", "X",
                                              "SYNC", "LWSYNC", "ISYNC",
                                              "Fence.pr", "Fence.pw", "Fence.sr", "Fence.sw", "Fence.tso"};

constexpr std::pair<const char*, Order> kOrderSets[] = {{"NA", Order::na},   {"WEAK", Order::weak},
                                                        {"RLX", Order::rlx}, {"ACQ", Order::acq},
                                                        {"REL", Order::rel}, {"ACQ_REL", Order::acq_rel},
                                                        {"SC", Order::sc}};

constexpr std::pair<const char*, Scope> kScopeSets[] = {{"SG", Scope::sg},   {"CTA", Scope::cta},
                                                        {"CLUSTER", Scope::cluster}, {"QF", Scope::qf},
                                                        {"GPU", Scope::gpu}, {"SYS", Scope::sys}};

// The same-instance relation of each level below the system.
constexpr std::pair<const char*, Scope> kLevelRelations[] = {{"same-sg", Scope::sg},
                                                             {"same-cta", Scope::cta},
                                                             {"same-cluster", Scope::cluster},
                                                             {"same-qf", Scope::qf},
                                                             {"same-gpu", Scope::gpu}};

bool is_memory(const Event& e) { return e.kind == EventKind::read || e.kind == EventKind::write; }

}  // namespace

const char* tag_name(Tag t) { return kTagNames[static_cast<unsigned>(t)]; }

bool ThreadPlacement::shares(const ThreadPlacement& o, Scope level) const {
    // From the top down: a level is shared when it and every level above it are.
    if (level == Scope::none) return false;
    if (level == Scope::sys) return true;
    if (gpu != o.gpu) return false;
    if (level == Scope::gpu) return true;
    if (qf != o.qf) return false;
    if (level == Scope::qf) return true;
    if (cluster != o.cluster) return false;
    if (level == Scope::cluster) return true;
    if (cta != o.cta) return false;
    if (level == Scope::cta) return true;
    return sg == o.sg;
}

const model::Model& vocabulary_definitions() {
    static const model::Model m = model::Model::parse(vocabulary_text(), "vocabulary.cat");
    return m;
}

const std::vector<std::string>& primitive_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> n = {"_", "IW", "R", "W", "F", "BAR", "RMW"};
        for (auto [name, order] : kOrderSets) n.push_back(name);
        for (auto [name, scope] : kScopeSets) n.push_back(name);
        for (const char* t : kTagNames) n.push_back(t);
        for (const char* r : {"po", "rmw", "addr", "data", "ctrl", "rf", "at", "vat", "same-thread"}) n.push_back(r);
        for (auto [name, level] : kLevelRelations) n.push_back(name);
        n.push_back("same-barrier");
        return n;
    }();
    return names;
}

const std::vector<std::string>& scope_names() {
    static const std::vector<std::string> names = {
        "SG",       "CTA",     "CLUSTER",  "QF",  "GPU",  "SYS",  "same-sg", "same-cta", "same-cluster",
        "same-qf",  "same-gpu", "ssg",     "scta", "scluster", "sqf", "sgpu", "scope-contains", "incl",
        "WG",       "swg",     "DV",       "sdv", "DEV", "sdev"};
    return names;
}

model::Vocabulary derive_vocabulary(model::Vocabulary primitives) {
    for (const auto& name : primitive_names())
        if (!primitives.count(name))
            throw std::invalid_argument("derive_vocabulary: no value for the primitive '" + name + "'");
    const model::ModelInstance derived = vocabulary_definitions().instantiate(primitives);
    for (const auto& [name, expr] : derived.definitions) primitives.insert_or_assign(name, expr);
    return primitives;
}

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
    const auto& ev = x.events;
    auto set_of = [&](const std::function<bool(const Event&)>& member) {
        TupleSet t(n, 1);
        for (std::size_t i = 0; i < n; ++i)
            if (member(ev[i])) t.add(i);
        return t;
    };
    auto relation_of = [&](const std::function<bool(std::size_t, std::size_t)>& related) {
        TupleSet t(n, 2);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j)
                if (related(i, j)) t.add(i, j);
        return t;
    };
    auto pairs_of = [&](const std::vector<std::pair<int, int>>& pairs) {
        TupleSet t(n, 2);
        for (auto [a, b] : pairs) t.add(static_cast<std::size_t>(a), static_cast<std::size_t>(b));
        return t;
    };
    // The initial write of each location, and the first event naming each
    // virtual location (its representative for 'vat').
    std::vector<std::size_t> initial(x.locations.size(), n);
    for (std::size_t i = 0; i < n; ++i)
        if (ev[i].thread < 0 && ev[i].location >= 0) initial[static_cast<std::size_t>(ev[i].location)] = i;
    auto virtual_of = [&](const Event& e) { return e.virtual_location >= 0 ? e.virtual_location : e.location; };
    auto events_of_threads = [&](const std::function<bool(int, int)>& share) {
        return relation_of([&](std::size_t i, std::size_t j) {
            return ev[i].thread >= 0 && ev[j].thread >= 0 && share(ev[i].thread, ev[j].thread);
        });
    };

    std::map<std::string, TupleSet> facts;
    facts.emplace("_", set_of([](const Event&) { return true; }));
    facts.emplace("IW", set_of([](const Event& e) { return e.thread < 0; }));
    facts.emplace("R", set_of([](const Event& e) { return e.kind == EventKind::read; }));
    facts.emplace("W", set_of([](const Event& e) { return e.kind == EventKind::write; }));
    facts.emplace("F", set_of([](const Event& e) { return e.kind == EventKind::fence; }));
    facts.emplace("BAR", set_of([](const Event& e) { return e.kind == EventKind::barrier; }));
    {
        TupleSet t(n, 1);
        for (auto [a, b] : x.rmw) t.add(static_cast<std::size_t>(a)).add(static_cast<std::size_t>(b));
        facts.emplace("RMW", t);
    }
    for (auto [name, order] : kOrderSets) facts.emplace(name, set_of([order](const Event& e) { return e.order == order; }));
    for (auto [name, scope] : kScopeSets)
        facts.emplace(name, set_of([scope](const Event& e) { return e.thread >= 0 && e.scope == scope; }));
    for (unsigned t = 0; t < kTagCount; ++t)
        facts.emplace(kTagNames[t], set_of([t](const Event& e) { return e.has(static_cast<Tag>(t)); }));

    facts.emplace("po", relation_of([&](std::size_t i, std::size_t j) {
        return ev[i].thread >= 0 && ev[i].thread == ev[j].thread && i < j;
    }));
    facts.emplace("rmw", pairs_of(x.rmw));
    facts.emplace("addr", pairs_of(x.addr));
    facts.emplace("data", pairs_of(x.data));
    facts.emplace("ctrl", pairs_of(x.ctrl));
    facts.emplace("at", relation_of([&](std::size_t i, std::size_t j) {
        return is_memory(ev[i]) && ev[i].location >= 0 && initial[static_cast<std::size_t>(ev[i].location)] == j;
    }));
    facts.emplace("vat", relation_of([&](std::size_t i, std::size_t j) {
        if (!is_memory(ev[i]) || !is_memory(ev[j]) || virtual_of(ev[i]) != virtual_of(ev[j])) return false;
        for (std::size_t k = 0; k < j; ++k)
            if (is_memory(ev[k]) && virtual_of(ev[k]) == virtual_of(ev[i])) return false;
        return true;
    }));
    facts.emplace("same-thread", events_of_threads([](int a, int b) { return a == b; }));
    for (auto [name, level] : kLevelRelations)
        facts.emplace(name, events_of_threads([&x, level = level](int a, int b) {
                          return x.threads[static_cast<std::size_t>(a)].shares(x.threads[static_cast<std::size_t>(b)], level);
                      }));
    facts.emplace("same-barrier", relation_of([&](std::size_t i, std::size_t j) {
        return ev[i].kind == EventKind::barrier && ev[j].kind == EventKind::barrier && ev[i].barrier == ev[j].barrier &&
               ev[i].barrier_instance == ev[j].barrier_instance &&
               x.threads[static_cast<std::size_t>(ev[i].thread)].shares(x.threads[static_cast<std::size_t>(ev[j].thread)],
                                                                        Scope::cta);
    }));

    // Derived names: their definitions evaluated on the facts.
    model::Vocabulary primitives;
    for (const auto& [name, value] : facts) primitives.emplace(name, rel::constant(value));
    primitives.emplace("rf", rf);
    const rel::Instance none(universe_of(x));
    model::Vocabulary v = primitives;
    const model::ModelInstance derived = vocabulary_definitions().instantiate(primitives);
    for (const auto& [name, expr] : derived.definitions) v.insert_or_assign(name, rel::constant(rel::evaluate(expr, none)));
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
                (x.events[r].any_value || x.events[w].value == x.events[r].value))
                candidates.add(w, r);
    }
    bounds.bound(rf, TupleSet(n, 2), candidates);
    rel::Variable read = rel::Variable::unary("r");
    return rel::forall(read, rel::constant(reads), rf.join(read).one());
}

}  // namespace mapsound::exec
