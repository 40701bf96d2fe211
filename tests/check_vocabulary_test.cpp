// The mapping checker's symbolic vocabulary against lib/exec's: for random
// concrete programs (shapes, rules, scopes, scope trees, locations, RMWs,
// dependencies, and a target rf), the symbolic problem's free relations are
// fixed to the program, and every name of both vocabularies (primitive and
// derived, source and compiled target) must equal what exec::vocabulary_of
// gives on the concrete pre-executions: the source program as built here,
// the target as mapping::compile lowers it.  The two share the definitions
// of lib/exec/vocabulary.cat, so this guards the primitive facts each side
// computes and the one definition's two uses.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <tuple>

#include "check/candidate.hpp"
#include "check/lowering.hpp"
#include "check/shape.hpp"
#include "check/symbolic.hpp"
#include "mapsound/check.hpp"
#include "mapsound/compile.hpp"
#include "check_test_programs.hpp"

using namespace mapsound;

namespace {

const std::filesystem::path root = MAPSOUND_SOURCE_DIR;

using exec::Order;
using exec::Scope;
using check::testing::Program;
using check::testing::is_atomic;
using check::testing::row_of;
using check::testing::source_of;

Program random_program(std::mt19937& random, const check::Shape& shape, const check::Layout& layout,
                       const check::Lowering& lowering, const check::EncodingSettings& settings) {
    auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random); };
    Program p;
    p.shape = shape;
    const auto& ops = layout.operations;
    std::vector<int> raw_location;
    for (const auto& op : ops) {
        const auto& row = row_of(lowering, op);
        const std::size_t r = pick(row.rules.size());
        p.rule.push_back(r);
        const auto& placed = row.rules[r];
        Scope s = Scope::none;
        if (is_atomic(placed.order))
            s = !settings.scoped  ? Scope::sys
                : settings.cluster ? std::array{Scope::cta, Scope::cluster, Scope::gpu, Scope::sys}[pick(4)]
                                   : std::array{Scope::cta, Scope::gpu, Scope::sys}[pick(3)];
        p.scope.push_back(s);
        raw_location.push_back(placed.kind == mapping::SourceKind::fence ? -1 : static_cast<int>(pick(3)));
    }
    // Locations numbered by first use.
    std::map<int, int> renamed;
    for (int l : raw_location)
        p.location.push_back(l < 0 ? -1 : renamed.try_emplace(l, static_cast<int>(renamed.size())).first->second);
    if (settings.dependencies)
        for (std::size_t a = 0; a < ops.size(); ++a) {
            const auto& ra = row_of(lowering, ops[a]).rules[p.rule[a]];
            const bool reads = ops[a].rmw || ra.kind == mapping::SourceKind::read;
            for (std::size_t b = a + 1; reads && b < ops.size(); ++b)
                if (ops[b].thread == ops[a].thread && !ops[b].rmw && p.location[b] >= 0 && pick(3) == 0)
                    p.dependencies.emplace_back(a, b);
        }
    if (settings.free_placement) {
        // Any scope tree: each thread in a random GPU and a random CTA of it
        // (with the cluster level, a random cluster of the GPU and CTA of
        // the cluster; labels unique across the tree).
        for (auto& t : p.shape.placement) {
            t = exec::ThreadPlacement{static_cast<int>(pick(2)), static_cast<int>(pick(2))};
            if (settings.cluster) {
                t.cluster = 2 * t.gpu + static_cast<int>(pick(2));
                t.cta = 2 * t.cluster + static_cast<int>(pick(2));
            }
        }
    }
    return p;
}

using Correspondence = std::map<std::size_t, std::size_t>;  // event index -> atom

// The value of every vocabulary name on the concrete pre-execution x with
// reads-from 'rf', translated into the problem's atoms.
std::map<std::string, rel::TupleSet> concrete_values(const exec::PreExecution& x, const check::Pairs& rf,
                                                     const Correspondence& atom, std::size_t atoms) {
    const rel::Relation rf_relation = rel::Relation::binary("rf");
    const model::Vocabulary v = exec::vocabulary_of(x, rf_relation);
    rel::Instance instance(exec::universe_of(x));
    rel::TupleSet rf_tuples(x.events.size(), 2);
    for (auto [w, r] : rf) rf_tuples.add(static_cast<std::size_t>(w), static_cast<std::size_t>(r));
    instance.set(rf_relation, rf_tuples);
    std::map<std::string, rel::TupleSet> out;
    for (const auto& [name, expr] : v) {
        const rel::TupleSet value = rel::evaluate(expr, instance);
        rel::TupleSet mapped(atoms, value.arity());
        const std::size_t n = x.events.size();
        for (std::size_t idx : value.indices()) {
            if (value.arity() == 1) mapped.add(atom.at(idx));
            else mapped.add(atom.at(idx / n), atom.at(idx % n));
        }
        out.emplace(name, mapped);
    }
    return out;
}

// Compares the symbolic vocabulary 'symbolic' evaluated on 'instance' with
// 'concrete' on the atoms that correspond to events ('mapped'); tuples on
// other atoms may only involve 'spare' atoms (initial writes of locations
// the program does not use).
void compare_vocabularies(const char* side, const model::Vocabulary& symbolic, const rel::Instance& instance,
                          const std::map<std::string, rel::TupleSet>& concrete, const std::set<std::size_t>& mapped,
                          const std::set<std::size_t>& spare, std::size_t atoms) {
    CAPTURE(side);
    for (const auto& [name, value] : concrete) CHECK_MESSAGE(symbolic.count(name), "missing symbolically: " << name);
    for (const auto& [name, expr] : symbolic) {
        CAPTURE(name);
        auto found = concrete.find(name);
        REQUIRE_MESSAGE(found != concrete.end(), "missing in lib/exec: " << name);
        const rel::TupleSet value = rel::evaluate(expr, instance);
        rel::TupleSet restricted(atoms, value.arity());
        bool outside = false;
        for (std::size_t idx : value.indices()) {
            std::vector<std::size_t> tuple = value.arity() == 1 ? std::vector{idx} : std::vector{idx / atoms, idx % atoms};
            bool inside = true;
            for (std::size_t a : tuple) {
                if (mapped.count(a)) continue;
                inside = false;
                if (!spare.count(a)) outside = true;
            }
            if (!inside) continue;
            if (value.arity() == 1) restricted.add(tuple[0]);
            else restricted.add(tuple[0], tuple[1]);
        }
        CHECK_MESSAGE(!outside, name << " relates atoms that are no events of the program");
        CHECK_MESSAGE(restricted == found->second, name << ": symbolic " << restricted.to_string(instance.universe())
                                                        << ", lib/exec " << found->second.to_string(instance.universe()));
    }
}

struct Setting {
    std::string check;
    check::EncodingSettings settings;
};

}  // namespace

TEST_CASE("the symbolic vocabulary equals lib/exec's on random concrete programs, source and target") {
    std::mt19937 random(20261123);
    // Every shipped check, scoped and not, with dependencies and without,
    // the scope tree chosen by the solver or fixed by the shape.
    std::vector<Setting> settings;
    for (const auto& entry : std::filesystem::directory_iterator(root / "checks"))
        if (entry.path().extension() == ".check")
            for (int variant = 0; variant < 6; ++variant) {
                Setting s{entry.path().stem().string(), {}};
                s.settings.scoped = variant != 0;
                s.settings.cluster = variant >= 4;  // the scope tree with a cluster level
                s.settings.free_placement = variant == 2 || variant == 3 || variant == 4;
                s.settings.dependencies = variant == 1 || variant == 3;
                s.settings.order_equal_threads = false;  // a symmetry constraint, not vocabulary
                settings.push_back(s);
            }
    std::sort(settings.begin(), settings.end(), [](const Setting& a, const Setting& b) {
        return std::tie(a.check, a.settings.scoped, a.settings.cluster, a.settings.free_placement, a.settings.dependencies) <
               std::tie(b.check, b.settings.scoped, b.settings.cluster, b.settings.free_placement, b.settings.dependencies);
    });
    int programs = 0;
    for (const auto& s : settings) {
        const auto def = mapping::load_check(root / "checks" / (s.check + ".check"));
        const auto mapping = mapping::load_mapping(def.mapping);
        const auto source_model = model::Model::load(def.source_model);
        const auto target_model = model::Model::load(def.target_model);
        const check::Lowering lowering = check::lay_out(mapping, check::Checker(def).searched_classes());
        check::EncodingSettings settings = s.settings;
        settings.lift = def.lift;
        for (int sample = 0; sample < 6; ++sample) {
            const int events = 1 + static_cast<int>(random() % 5);
            const auto shapes = check::enumerate_shapes(events, lowering.has_rmw(), settings.scoped && !settings.free_placement,
                                                        settings.cluster);
            const check::Shape& shape = shapes[random() % shapes.size()];
            const check::SymbolicProblem problem(shape, lowering, source_model, target_model, settings);
            const check::Layout& L = problem.layout();
            // OpenCL: drawn again until its locations keep to their
            // regions (programs with one location per access always do).
            Program p = random_program(random, shape, L, lowering, settings);
            while (!check::testing::regions_respected(p, L, lowering)) p = random_program(random, shape, L, lowering, settings);
            const exec::PreExecution source = source_of(p, L, lowering);
            const mapping::Compiled compiled = mapping::compile(source, mapping);
            const exec::PreExecution& target = compiled.target;
            CAPTURE(s.check);
            CAPTURE(settings.scoped);
            CAPTURE(settings.free_placement);
            CAPTURE(settings.cluster);
            CAPTURE(settings.dependencies);
            CAPTURE(p.shape.to_string());
            ++programs;

            // Source atoms: initial writes of the used locations, then the
            // events in layout order.  Target atoms: initial writes, then
            // each operation's filled slots in order, which are its target
            // events (compiled.map) in order.
            const std::size_t atoms = static_cast<std::size_t>(L.size);
            Correspondence source_atom, target_atom;
            std::set<std::size_t> source_mapped, target_mapped, spare;
            std::size_t next = 0;
            for (std::size_t l = 0; l < source.locations.size(); ++l) source_atom[next++] = l;
            std::vector<std::vector<int>> targets_of(source.events.size());
            for (auto [a, b] : compiled.map) targets_of[static_cast<std::size_t>(a)].push_back(b);
            for (std::size_t l = 0; l < source.locations.size(); ++l)
                target_atom[static_cast<std::size_t>(targets_of[l].at(0))] = static_cast<std::size_t>(L.target_iw) + l;
            for (std::size_t l = source.locations.size(); l < static_cast<std::size_t>(L.locations); ++l) {
                spare.insert(l);
                spare.insert(static_cast<std::size_t>(L.target_iw) + l);
            }
            for (std::size_t k = 0; k < L.operations.size(); ++k) {
                const auto& op = L.operations[k];
                const auto& placed = row_of(lowering, op).rules[p.rule[k]];
                const std::size_t head = next++;
                source_atom[head] = static_cast<std::size_t>(op.head);
                std::vector<int> events = targets_of[head];
                if (op.rmw) {
                    const std::size_t write = next++;
                    source_atom[write] = static_cast<std::size_t>(op.write);
                    events.insert(events.end(), targets_of[write].begin(), targets_of[write].end());
                }
                std::sort(events.begin(), events.end());
                std::size_t e = 0;
                for (std::size_t j = 0; j < placed.slots.size(); ++j)
                    if (placed.slots[j]) {
                        REQUIRE(e < events.size());
                        target_atom[static_cast<std::size_t>(events[e++])] = static_cast<std::size_t>(op.first_slot) + j;
                    }
                CHECK(e == events.size());
            }
            for (auto [event, atom] : source_atom) source_mapped.insert(atom);
            for (auto [event, atom] : target_atom) target_mapped.insert(atom);
            REQUIRE(source_atom.size() == source.events.size());
            REQUIRE(target_atom.size() == target.events.size());

            // A target rf: each read reads a random write of its location;
            // the source's is its image through the map.
            check::Pairs target_rf, source_rf;
            std::vector<int> owner(target.events.size(), -1);
            for (auto [a, b] : compiled.map) owner[static_cast<std::size_t>(b)] = a;
            for (std::size_t r = 0; r < target.events.size(); ++r) {
                if (target.events[r].kind != exec::EventKind::read) continue;
                std::vector<int> writes;
                for (std::size_t w = 0; w < target.events.size(); ++w)
                    if (target.events[w].kind == exec::EventKind::write && target.events[w].location == target.events[r].location)
                        writes.push_back(static_cast<int>(w));
                const int w = writes[random() % writes.size()];
                target_rf.emplace_back(w, static_cast<int>(r));
                source_rf.emplace_back(owner[static_cast<std::size_t>(w)], owner[r]);
            }

            // The problem's free relations fixed to this program.
            rel::Instance instance(problem.bounds.universe());
            auto set_of = [&](auto keep) {
                rel::TupleSet t(atoms, 1);
                for (std::size_t k = 0; k < L.operations.size(); ++k)
                    if (keep(k)) t.add(static_cast<std::size_t>(L.operations[k].head));
                return t;
            };
            for (const auto& c : problem.classes)
                instance.set(c.heads, set_of([&](std::size_t k) {
                                 const auto& op = L.operations[k];
                                 return op.rmw == c.rmw && &row_of(lowering, op).rules[p.rule[k]] == c.rule;
                             }));
            if (problem.scope_cta) {
                instance.set(*problem.scope_cta, set_of([&](std::size_t k) { return p.scope[k] == Scope::cta; }));
                instance.set(*problem.scope_gpu, set_of([&](std::size_t k) { return p.scope[k] == Scope::gpu; }));
                instance.set(*problem.scope_sys, set_of([&](std::size_t k) { return p.scope[k] == Scope::sys; }));
                if (problem.scope_cluster)
                    instance.set(*problem.scope_cluster, set_of([&](std::size_t k) { return p.scope[k] == Scope::cluster; }));
            }
            rel::TupleSet location(atoms, 2);
            for (std::size_t k = 0; k < L.operations.size(); ++k)
                if (p.location[k] >= 0)
                    location.add(static_cast<std::size_t>(L.operations[k].head), static_cast<std::size_t>(p.location[k]));
            instance.set(problem.location, location);
            if (problem.dependency) {
                rel::TupleSet dep(atoms, 2);
                for (auto [a, b] : p.dependencies)
                    dep.add(static_cast<std::size_t>(L.operations[a].head), static_cast<std::size_t>(L.operations[b].head));
                instance.set(*problem.dependency, dep);
            }
            if (problem.same_cta) {
                std::vector<std::size_t> rep(p.shape.threads.size(), atoms);
                for (const auto& op : L.operations)
                    rep[static_cast<std::size_t>(op.thread)] = std::min(rep[static_cast<std::size_t>(op.thread)], static_cast<std::size_t>(op.head));
                rel::TupleSet cta(atoms, 2), cluster(atoms, 2), gpu(atoms, 2);
                for (std::size_t t = 0; t < rep.size(); ++t)
                    for (std::size_t u = 0; u < rep.size(); ++u) {
                        if (p.shape.placement[t].shares(p.shape.placement[u], Scope::cta)) cta.add(rep[t], rep[u]);
                        if (p.shape.placement[t].shares(p.shape.placement[u], Scope::cluster)) cluster.add(rep[t], rep[u]);
                        if (p.shape.placement[t].shares(p.shape.placement[u], Scope::gpu)) gpu.add(rep[t], rep[u]);
                    }
                instance.set(*problem.same_cta, cta);
                instance.set(*problem.same_gpu, gpu);
                if (problem.same_cluster) instance.set(*problem.same_cluster, cluster);
            }
            rel::TupleSet rf(atoms, 2);
            for (auto [w, r] : target_rf)
                rf.add(target_atom.at(static_cast<std::size_t>(w)), target_atom.at(static_cast<std::size_t>(r)));
            instance.set(problem.target_rf, rf);
            // The problem accepts it as a program of the shape.
            REQUIRE(rel::evaluate(problem.program, instance));

            compare_vocabularies("source", problem.source_vocabulary(), instance,
                                 concrete_values(source, source_rf, source_atom, atoms), source_mapped, spare, atoms);
            compare_vocabularies("target", problem.target_vocabulary(), instance,
                                 concrete_values(target, target_rf, target_atom, atoms), target_mapped, spare, atoms);
        }
    }
    MESSAGE(programs << " random programs compared");
    CHECK(programs >= 200);
}
