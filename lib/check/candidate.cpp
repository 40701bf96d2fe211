// Reading a counterexample candidate back from a solver instance.
#include "check/candidate.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <tuple>

namespace mapsound::check {

namespace {

using exec::EventKind;

std::string location_name(int i) {
    static const char* names[] = {"x", "y", "z", "w", "u", "v"};
    if (i < 6) return names[i];
    return "m" + std::to_string(i);
}

std::string source_label(const exec::Event& e) {
    std::string out = e.kind == EventKind::read ? "R" : e.kind == EventKind::write ? "W" : "F";
    if (e.order != exec::Order::none) out += "." + mapping::source_order_name(e.order);
    if (e.scope != exec::Scope::none) out += "." + mapping::scope_name(e.scope);
    return out + mapping::region_suffix(mapping::region_tags(e.tags));
}

}  // namespace

Candidate read_back(const SymbolicProblem& problem, const Shape& shape, const rel::Instance& instance,
                    const mapping::Mapping& mapping) {
    const Layout& L = problem.layout();
    Candidate c;
    // Which rule, scope and location each operation has.
    struct OpChoice {
        const SymbolicProblem::RuleClass* cls = nullptr;
        exec::Scope scope = exec::Scope::none;
        int location = -1;
    };
    std::vector<OpChoice> ops(L.operations.size());
    int used_locations = 0;
    for (std::size_t k = 0; k < L.operations.size(); ++k) {
        const auto head = static_cast<std::size_t>(L.operations[k].head);
        for (const auto& cls : problem.classes)
            if (instance.tuples(cls.heads).contains(head)) ops[k].cls = &cls;
        if (!ops[k].cls) throw std::logic_error("read_back: an operation without a rule");
        const exec::Order order = ops[k].cls->rule->order;
        if (problem.scope_cta) {
            if (instance.tuples(*problem.scope_cta).contains(head)) ops[k].scope = exec::Scope::cta;
            if (problem.scope_cluster && instance.tuples(*problem.scope_cluster).contains(head))
                ops[k].scope = exec::Scope::cluster;
            if (instance.tuples(*problem.scope_gpu).contains(head)) ops[k].scope = exec::Scope::gpu;
            if (instance.tuples(*problem.scope_sys).contains(head)) ops[k].scope = exec::Scope::sys;
        } else if (exec::has_scope(order)) {
            ops[k].scope = exec::Scope::sys;
        }
        for (int i = 0; i < L.locations; ++i)
            if (instance.tuples(problem.location).contains(head, static_cast<std::size_t>(i))) ops[k].location = i;
        used_locations = std::max(used_locations, ops[k].location + 1);
    }

    // Source events: used initial writes, then the operations' events.
    std::vector<int> source_index(static_cast<std::size_t>(L.size), -1);
    exec::PreExecution& x = c.source;
    for (int i = 0; i < used_locations; ++i) x.locations.push_back(location_name(i));
    for (const auto& p : shape.placement) x.threads.push_back(p);
    if (problem.same_cta) {
        // The solver's placement, as labels by first appearance.
        std::vector<int> rep_of(shape.threads.size(), -1);
        for (const auto& op : L.operations)
            if (rep_of[static_cast<std::size_t>(op.thread)] < 0) rep_of[static_cast<std::size_t>(op.thread)] = op.head;
        auto label = [&](const rel::Relation& r, std::size_t t) {
            for (std::size_t u = 0; u <= t; ++u)
                if (instance.tuples(r).contains(static_cast<std::size_t>(rep_of[t]), static_cast<std::size_t>(rep_of[u])))
                    return u;  // the first thread in t's class
            return t;
        };
        std::map<std::size_t, int> cta_label, cluster_label, gpu_label;
        for (std::size_t t = 0; t < x.threads.size(); ++t) {
            const std::size_t g = label(*problem.same_gpu, t), c = label(*problem.same_cta, t);
            x.threads[t].gpu = gpu_label.try_emplace(g, static_cast<int>(gpu_label.size())).first->second;
            x.threads[t].cta = cta_label.try_emplace(c, static_cast<int>(cta_label.size())).first->second;
            // Without a cluster level every thread is in cluster 0 (a GPU's
            // CTAs form one cluster).
            if (problem.same_cluster) {
                const std::size_t k = label(*problem.same_cluster, t);
                x.threads[t].cluster = cluster_label.try_emplace(k, static_cast<int>(cluster_label.size())).first->second;
            }
        }
    }
    for (int i = 0; i < used_locations; ++i) {
        exec::Event e;
        e.kind = EventKind::write;
        e.location = i;
        e.label = "init " + location_name(i) + "=0";
        source_index[static_cast<std::size_t>(i)] = static_cast<int>(x.events.size());
        x.events.push_back(e);
    }
    for (std::size_t k = 0; k < L.operations.size(); ++k) {
        const auto& op = L.operations[k];
        const auto& rule = *ops[k].cls->rule;
        exec::Event e;
        e.thread = op.thread;
        e.order = rule.order;
        e.scope = ops[k].scope;
        e.location = ops[k].location;
        e.tags = rule.regions;
        switch (rule.kind) {
            case mapping::SourceKind::read:
            case mapping::SourceKind::rmw: e.kind = EventKind::read; break;
            case mapping::SourceKind::write: e.kind = EventKind::write; break;
            case mapping::SourceKind::fence: e.kind = EventKind::fence; break;
        }
        source_index[static_cast<std::size_t>(op.head)] = static_cast<int>(x.events.size());
        x.events.push_back(e);
        if (op.rmw) {
            e.kind = EventKind::write;
            source_index[static_cast<std::size_t>(op.write)] = static_cast<int>(x.events.size());
            x.events.push_back(e);
            x.rmw.emplace_back(source_index[static_cast<std::size_t>(op.head)],
                               source_index[static_cast<std::size_t>(op.write)]);
        }
    }
    c.source_atom.assign(x.events.size(), -1);
    for (std::size_t a = 0; a < source_index.size(); ++a)
        if (source_index[a] >= 0) c.source_atom[static_cast<std::size_t>(source_index[a])] = static_cast<int>(a);
    // Owners of the target atoms (source atoms), from the layout.
    std::vector<int> owner_atom(static_cast<std::size_t>(L.size), -1);
    for (int i = 0; i < L.locations; ++i) owner_atom[static_cast<std::size_t>(L.target_iw + i)] = i;
    for (std::size_t k = 0; k < L.operations.size(); ++k) {
        const auto& op = L.operations[k];
        const Row& row = op.rmw ? problem.lowering().rmw : problem.lowering().single;
        for (int j = 0; j < row.size; ++j)
            owner_atom[static_cast<std::size_t>(op.first_slot + j)] = op.rmw && j > row.anchor ? op.write : op.head;
    }
    // Lifted rf and values.
    const rel::TupleSet& rf_t = instance.tuples(problem.target_rf);
    const std::size_t n = static_cast<std::size_t>(L.size);
    std::vector<int> next_value(static_cast<std::size_t>(used_locations), 1);
    for (auto& e : x.events)
        if (e.kind == EventKind::write && e.thread >= 0) e.value = next_value[static_cast<std::size_t>(e.location)]++;
    for (std::size_t idx : rf_t.indices()) {
        const int w = source_index[static_cast<std::size_t>(owner_atom[idx / n])];
        const int r = source_index[static_cast<std::size_t>(owner_atom[idx % n])];
        if (w < 0 || r < 0) throw std::logic_error("read_back: rf between events that are not in the program");
        c.source_rf.emplace_back(w, r);
        x.events[static_cast<std::size_t>(r)].value = x.events[static_cast<std::size_t>(w)].value;
    }
    if (problem.dependency) {
        for (std::size_t idx : instance.tuples(*problem.dependency).indices()) {
            const int r = source_index[idx / n], a = source_index[idx % n];
            (x.events[static_cast<std::size_t>(a)].kind == EventKind::read ? x.addr : x.data).emplace_back(r, a);
        }
    }
    for (auto& e : x.events) {
        if (e.thread < 0) continue;
        e.label = source_label(e);
        if (e.location >= 0)
            e.label += " " + x.locations[static_cast<std::size_t>(e.location)] + "=" + std::to_string(e.value);
    }

    // The target, compiled independently, and the solver's slots matched to it.
    c.compiled = mapping::compile(x, mapping);
    const auto& tev = c.compiled.target.events;
    std::vector<int> target_index(n, -1);
    int next = 0;
    for (int i = 0; i < used_locations; ++i) target_index[static_cast<std::size_t>(L.target_iw + i)] = next++;
    for (std::size_t k = 0; k < L.operations.size(); ++k) {
        const auto& op = L.operations[k];
        const auto& rule = *ops[k].cls->rule;
        for (std::size_t j = 0; j < rule.slots.size(); ++j) {
            const auto& slot = rule.slots[j];
            if (!slot) continue;
            const int atom = op.first_slot + static_cast<int>(j);
            if (next >= static_cast<int>(tev.size())) throw std::logic_error("read_back: more slots than compiled events");
            const exec::Event& t = tev[static_cast<std::size_t>(next)];
            const exec::Scope scope = slot->scope_from_source ? problem.lowering().target_scope(ops[k].scope) : slot->scope;
            if (t.kind != slot->kind || t.order != slot->order || t.scope != scope || t.tags != slot->tags ||
                t.thread != op.thread)
                throw std::logic_error("read_back: the solver's target event " + std::to_string(atom) +
                                       " differs from the compiled event " + std::to_string(next) + " (" + t.label + ")");
            target_index[static_cast<std::size_t>(atom)] = next++;
        }
    }
    if (next != static_cast<int>(tev.size())) throw std::logic_error("read_back: fewer slots than compiled events");
    c.owner.assign(tev.size(), -1);
    for (auto [s, t] : c.compiled.map) c.owner[static_cast<std::size_t>(t)] = s;

    auto translate = [&](const rel::TupleSet& tuples, const std::vector<int>& index, const char* what) {
        Pairs out;
        for (std::size_t idx : tuples.indices()) {
            const int a = index[idx / n], b = index[idx % n];
            if (a < 0 || b < 0) throw std::logic_error(std::string("read_back: ") + what + " relates a non-event");
            out.emplace_back(a, b);
        }
        return out;
    };
    c.target_rf = translate(rf_t, target_index, "rf");
    for (const auto& w : problem.target.witnesses)
        c.target_witnesses[w.name] = translate(instance.tuples(w.relation), target_index, w.name.c_str());
    for (const auto& w : problem.source.witnesses)
        c.source_witnesses[w.name] = translate(instance.tuples(w.relation), source_index, w.name.c_str());
    if (c.source_witnesses.count("co")) c.source_co = c.source_witnesses.at("co");
    return c;
}

namespace {

// The relations that make up the program, without the classes.
std::vector<rel::Relation> program_choices(const SymbolicProblem& problem) {
    std::vector<rel::Relation> out;
    for (const auto& r : {problem.scope_cta, problem.scope_cluster, problem.scope_gpu, problem.scope_sys})
        if (r) out.push_back(*r);
    out.push_back(problem.location);
    for (const auto& r : {problem.same_cta, problem.same_cluster, problem.same_gpu})
        if (r) out.push_back(*r);
    if (problem.dependency) out.push_back(*problem.dependency);
    return out;
}

// The formula that the relations of the program (and, with 'execution',
// the target execution) are as in 'instance'.
rel::Formula same_as(const SymbolicProblem& problem, const rel::Instance& instance, bool execution) {
    rel::Formula same = rel::Formula::constant(true);
    auto pin = [&](const rel::Relation& r) { same = same && r.eq(rel::constant(instance.tuples(r))); };
    for (const auto& c : problem.classes) pin(c.heads);
    for (const auto& r : program_choices(problem)) pin(r);
    if (!execution) return same;
    pin(problem.target_rf);
    for (const auto& w : problem.target.witnesses) pin(w.relation);
    return same;
}

}  // namespace

rel::Formula exclusion(const SymbolicProblem& problem, const rel::Instance& instance) {
    return !same_as(problem, instance, true);
}

rel::Formula program_exclusion(const SymbolicProblem& problem, const rel::Instance& instance) {
    return !same_as(problem, instance, false);
}

std::vector<rel::Problem::Preference> least_counterexample_order(const SymbolicProblem& problem) {
    std::vector<rel::Problem::Preference> order;
    // Classes weakest order first (exec::Order runs from none to sc); an
    // operation's kind is the shape's, so only orders (and OpenCL regions)
    // compete.
    std::vector<const SymbolicProblem::RuleClass*> classes;
    for (const auto& c : problem.classes) classes.push_back(&c);
    std::stable_sort(classes.begin(), classes.end(), [](const auto* a, const auto* b) {
        return std::tuple(a->rule->kind, a->rule->order, a->rule->regions) <
               std::tuple(b->rule->kind, b->rule->order, b->rule->regions);
    });
    for (const auto* c : classes) order.push_back({c->heads, true});
    // The widest scope first: a narrower one only where the counterexample
    // needs it, so that the scopes printed are the ones that matter.
    for (const auto& r : {problem.scope_sys, problem.scope_gpu, problem.scope_cluster, problem.scope_cta})
        if (r) order.push_back({*r, true});
    order.push_back({problem.location, true});
    for (const auto& r : {problem.same_cta, problem.same_cluster, problem.same_gpu})
        if (r) order.push_back({*r, true});
    if (problem.dependency) order.push_back({*problem.dependency, false});
    order.push_back({problem.target_rf, true});
    for (const auto& w : problem.target.witnesses) order.push_back({w.relation, true});
    for (const auto& w : problem.source.witnesses) order.push_back({w.relation, true});
    return order;
}

}  // namespace mapsound::check
