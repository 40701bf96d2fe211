// The pieces of the independent oracle (tests/oracle/), each against a
// second way to the same answer: witness candidates against brute force
// over subsets, the program space against check::canonical_program and
// hand counts, the vocabulary facts against exec::vocabulary_of, and the
// formulas as the oracle evaluates them (free vocabulary, shared terms)
// against the model instantiated on exec::vocabulary_of.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>
#include <set>

#include "mapsound/check.hpp"
#include "mapsound/compile.hpp"
#include "oracle/bound_model.hpp"
#include "oracle/program_space.hpp"
#include "oracle/vocabulary_facts.hpp"
#include "oracle/witness_orders.hpp"

using namespace mapsound;

namespace {

const std::filesystem::path root = MAPSOUND_SOURCE_DIR;

using rel::TupleSet;

bool strict_partial_order(const TupleSet& r) {
    const std::size_t n = r.universe_size();
    for (std::size_t a = 0; a < n; ++a) {
        if (r.contains(a, a)) return false;
        for (std::size_t b = 0; b < n; ++b)
            for (std::size_t c = 0; c < n; ++c)
                if (r.contains(a, b) && r.contains(b, c) && !r.contains(a, c)) return false;
    }
    return true;
}

std::set<std::vector<std::size_t>> as_set(const std::vector<TupleSet>& ts) {
    std::set<std::vector<std::size_t>> out;
    for (const auto& t : ts) out.insert(t.indices());
    return out;
}

oracle::SpaceSettings settings(litmus::Dialect d, bool scoped, bool cluster, bool dependencies) {
    return {mapping::dialect_classes(d), scoped, cluster, dependencies};
}

// Every n-th program of each layout up to 'events' (all with n = 1).
std::vector<exec::PreExecution> sample(const oracle::SpaceSettings& s, int events, std::size_t every) {
    std::vector<exec::PreExecution> out;
    bool rmw = false;
    for (const auto& c : s.classes) rmw = rmw || c.kind == mapping::SourceKind::rmw;
    for (int n = 1; n <= events; ++n)
        for (const auto& l : oracle::layouts(n, rmw)) {
            std::size_t i = 0;
            oracle::for_each_program(l, s, [&](const exec::PreExecution& p) {
                if (i++ % every == 0) out.push_back(p);
                return true;
            });
        }
    return out;
}

}  // namespace

TEST_CASE("oracle: strict partial orders within a bound are the transitive, irreflexive subsets of it") {
    // Every pair of distinct atoms allowed: the labelled posets (OEIS
    // A001035), and with every pair comparable the linear orders.
    const std::vector<std::size_t> posets{1, 1, 3, 19, 219, 4231};
    const std::vector<std::size_t> linear{1, 1, 2, 6, 24, 120};
    for (std::size_t n = 1; n <= 5; ++n) {
        rel::Universe u(n);
        const TupleSet all = u.all(2) - u.iden();
        CHECK(oracle::partial_orders_within(all).size() == posets[n]);
        CHECK(oracle::partial_orders_within(all, &all).size() == linear[n]);
    }
    // Random bounds over 4 atoms: the same orders as brute force.
    std::mt19937 random(26);
    for (int trial = 0; trial < 200; ++trial) {
        const std::size_t n = 4;
        TupleSet upper(n, 2), comparable(n, 2);
        for (std::size_t a = 0; a < n; ++a)
            for (std::size_t b = 0; b < n; ++b) {
                if (a != b && random() % 3 != 0) upper.add(a, b);
                if (a < b && random() % 4 == 0) comparable.add(a, b);
            }
        std::vector<TupleSet> expected, expected_total;
        for (const auto& s : oracle::subsets_of(upper))
            if (strict_partial_order(s)) {
                expected.push_back(s);
                bool total = true;
                for (std::size_t idx : comparable.indices())
                    total = total && (s.contains(idx / n, idx % n) || s.contains(idx % n, idx / n));
                if (total) expected_total.push_back(s);
            }
        const auto found = oracle::partial_orders_within(upper);
        CHECK(found.size() == expected.size());  // each order once
        CHECK(as_set(found) == as_set(expected));
        CHECK(as_set(oracle::partial_orders_within(upper, &comparable)) == as_set(expected_total));
    }
    CHECK_THROWS_AS(oracle::subsets_of(rel::Universe(6).all(2), 20), std::length_error);
}

TEST_CASE("oracle: layouts and the programs of a small space, counted by hand") {
    CHECK(oracle::layouts(3, true).size() == 6);   // 1,1,1  1,11  111  1,2  12  21
    CHECK(oracle::layouts(3, false).size() == 3);
    CHECK(oracle::layouts(4, true).size() == 14);
    CHECK(oracle::layout_key("[12,1]") == "1,12");
    // AuDaLa: classes R and W, dependencies, no scopes.  One event: R or W.
    // Two events: [1,1] 2 x 2 classes x 2 location partitions = 8; [11]: as
    // many, and a dependency from a first read to the second access or
    // not: (R,R) 4, (R,W) 4, (W,R) 2, (W,W) 2 = 12.
    const auto audala = settings(litmus::Dialect::audala, false, false, true);
    auto labelled = [&](int n) {
        std::uint64_t total = 0;
        for (const auto& l : oracle::layouts(n, false))
            total += oracle::for_each_program(l, audala, [](const exec::PreExecution&) { return true; }).labelled;
        return total;
    };
    CHECK(labelled(1) == 2);
    CHECK(labelled(2) == 20);
    // Scoped C, one event: R.na, W.na, then R, W at 3 orders x 3 scopes
    // each, F at 4 orders x 3 scopes: 2 + 18 + 12 = 32.
    const auto c = settings(litmus::Dialect::c, true, false, false);
    CHECK(oracle::for_each_program(oracle::layouts(1, true)[0], c, [](const exec::PreExecution&) { return true; })
              .labelled == 32);
}

TEST_CASE("oracle: OpenCL programs (regions) and programs on one GPU, counted by hand") {
    // Classes R.na and W.na in each region (4 memory classes) and F.acq for
    // global and for both regions (2 fence classes, each with 3 scopes: 6
    // choices), scoped.  A location's accesses share its region (a second
    // access of a location has 2 classes, R or W of that region, a first
    // one 4); a local location's accesses are all in one CTA.
    std::vector<mapping::SourceClass> classes;
    for (const char* c : {"R.na.global", "R.na.local", "W.na.global", "W.na.local", "F.acq.global", "F.acq.global.local"})
        classes.push_back(*mapping::parse_source_class(c));
    oracle::SpaceSettings opencl{classes, true, false, false};
    auto labelled = [](const oracle::SpaceSettings& s, int n) {
        std::uint64_t total = 0;
        for (const auto& l : oracle::layouts(n, false))
            total += oracle::for_each_program(l, s, [](const exec::PreExecution&) { return true; }).labelled;
        return total;
    };
    // One event: 4 accesses + 6 fences = 10.
    CHECK(labelled(opencl, 1) == 10);
    // Two events, [11] (one thread, one placement): F F 6*6 = 36; F M and
    // M F 2*6*4 = 48; M M 4 * (2 on the same location + 4 on a new one)
    // = 24; 108.  [1,1]: per placement the same 108, with the 3
    // placements of two threads (one CTA; two CTAs of one GPU; two GPUs),
    // but the 4 programs of one local location (first access R or W
    // local, second R or W local) only where both threads share a CTA:
    // 3*108 - 2*4 = 316.  In all 424.
    CHECK(labelled(opencl, 2) == 424);
    // One GPU: two placements of two threads (one CTA, two CTAs):
    // [1,1] 2*108 - 4 = 212, in all 108 + 212 = 320; one event as before.
    oracle::SpaceSettings one_gpu = opencl;
    one_gpu.one_gpu = true;
    CHECK(labelled(one_gpu, 1) == 10);
    CHECK(labelled(one_gpu, 2) == 320);
    // Without a scope tree every thread is in one CTA: no program is lost
    // to the local constraint, fences have one scope: 4 + 2 = 6 at one
    // event; [11] 2*2 + 2*2*4 + 24 = 44, [1,1] 44: 88 at two.
    oracle::SpaceSettings descoped{classes, false, false, false};
    CHECK(labelled(descoped, 1) == 6);
    CHECK(labelled(descoped, 2) == 88);
    // Every program visited obeys both constraints, carries its classes'
    // regions as tags, and classes_of reads them back.
    for (int n = 1; n <= 3; ++n)
        for (const auto& l : oracle::layouts(n, false))
            oracle::for_each_program(l, opencl, [&](const exec::PreExecution& p) {
                std::map<int, std::pair<exec::TagSet, int>> seen;  // location: (tags, thread)
                for (const auto& e : p.events) {
                    if (e.thread < 0 || e.location < 0) continue;
                    const auto [it, fresh] = seen.try_emplace(e.location, e.tags, e.thread);
                    if (fresh) continue;
                    CHECK(it->second.first == e.tags);
                    if (e.has(exec::Tag::local))
                        CHECK(p.threads[static_cast<std::size_t>(it->second.second)].shares(
                            p.threads[static_cast<std::size_t>(e.thread)], exec::Scope::cta));
                }
                for (const auto& c : oracle::classes_of(p))
                    CHECK(std::find(classes.begin(), classes.end(), c) != classes.end());
                return true;
            });
}

TEST_CASE("oracle: one program per orbit, the same orbits as check::canonical_program") {
    // Every labelled program named by the checker's canonical form: the
    // programs visited have distinct names, and every name is visited.
    struct Space {
        oracle::SpaceSettings settings;
        int events;
    };
    const std::vector<Space> spaces = {{settings(litmus::Dialect::c, false, false, false), 3},
                                       {settings(litmus::Dialect::c, true, false, false), 2},
                                       {settings(litmus::Dialect::c, true, true, false), 2},
                                       {{mapping::dialect_classes(litmus::Dialect::c), true, false, false, true}, 2},
                                       {{mapping::dialect_classes(litmus::Dialect::c), true, true, false, true}, 2},
                                       {settings(litmus::Dialect::audala, false, false, true), 4}};
    for (const auto& s : spaces) {
        bool rmw = false;
        for (const auto& c : s.settings.classes) rmw = rmw || c.kind == mapping::SourceKind::rmw;
        std::size_t orbits = 0;
        for (int n = 1; n <= s.events; ++n)
            for (const auto& l : oracle::layouts(n, rmw)) {
                std::set<std::string> every, visited;
                const auto all = oracle::for_each_program(
                    l, s.settings,
                    [&](const exec::PreExecution& p) {
                        every.insert(check::canonical_program(p));
                        return true;
                    },
                    true);
                const auto reps = oracle::for_each_program(l, s.settings, [&](const exec::PreExecution& p) {
                    visited.insert(check::canonical_program(p));
                    return true;
                });
                CHECK(all.labelled == reps.labelled);
                CHECK(visited.size() == reps.visited);  // no orbit twice
                CHECK(visited == every);                // every orbit
                orbits += visited.size();
            }
        CHECK(orbits > 0);
    }
}

TEST_CASE("oracle: the vocabulary facts are exec::vocabulary_of's") {
    const auto cxx = mapping::load_mapping(root / "mappings" / "cxx-to-ptx.map");
    const auto audala = mapping::load_mapping(root / "mappings" / "audala-to-ptx-relaxed.map");
    std::vector<exec::PreExecution> programs;
    for (const auto& p : sample(settings(litmus::Dialect::c, true, true, false), 3, 997)) {
        programs.push_back(p);
        programs.push_back(mapping::compile(p, cxx).target);
    }
    for (const auto& p : sample(settings(litmus::Dialect::audala, false, false, true), 4, 37)) {
        programs.push_back(p);
        programs.push_back(mapping::compile(p, audala).target);
    }
    REQUIRE(programs.size() > 500);
    const rel::Relation rf = rel::Relation::binary("rf");
    for (const auto& x : programs) {
        const auto facts = oracle::primitive_facts(x);
        const auto vocabulary = exec::vocabulary_of(x, rf);
        const rel::Instance none(exec::universe_of(x));
        for (const auto& name : exec::primitive_names()) {
            if (name == "rf") continue;
            REQUIRE(facts.count(name));
            CHECK_MESSAGE(facts.at(name) == rel::evaluate(vocabulary.at(name), none), name);
        }
        CHECK(facts.size() + 1 == exec::primitive_names().size());
    }
}

TEST_CASE("oracle: formulas as the oracle evaluates them equal the model's on exec::vocabulary_of") {
    // On random executions of sampled programs (any rf, witnesses among the
    // oracle's candidates and random subsets of their bounds), every
    // requirement, axiom and flag and the definition fr, evaluated on the
    // free vocabulary with shared terms, equal the same model instantiated
    // on exec::vocabulary_of's constants.
    struct Case {
        const char* model;
        oracle::SpaceSettings space;
        int events;
        std::size_t every;
        const char* mapping;  // compile the programs with it first, or null
    };
    const std::vector<Case> cases = {
        {"rc11-scoped.cat", settings(litmus::Dialect::c, true, false, false), 3, 1543, nullptr},
        {"rc11.cat", settings(litmus::Dialect::c, false, false, false), 3, 97, nullptr},
        {"ptx-6.0.cat", settings(litmus::Dialect::c, true, true, false), 3, 1543, "cxx-to-ptx.map"},
        {"audala.cat", settings(litmus::Dialect::audala, false, false, true), 4, 29, nullptr},
        {"ptx-6.0.cat", settings(litmus::Dialect::audala, false, false, true), 4, 29, "audala-to-ptx-relaxed.map"},
    };
    std::mt19937 random(2026);
    std::size_t compared = 0;
    for (const auto& c : cases) {
        const model::Model m = model::Model::load((root / "models" / c.model).string());
        const oracle::BoundModel bound(m);
        std::optional<mapping::Mapping> map;
        if (c.mapping) map = mapping::load_mapping(root / "mappings" / c.mapping);
        for (auto x : sample(c.space, c.events, c.every)) {
            if (map) x = mapping::compile(x, *map).target;
            const std::size_t n = x.events.size();
            rel::Instance mine = bound.instance_for(x);
            const rel::Relation rf = rel::Relation::binary("rf");
            const model::ModelInstance theirs = m.instantiate(exec::vocabulary_of(x, rf));
            rel::Instance reference(exec::universe_of(x));
            for (int trial = 0; trial < 3; ++trial) {
                TupleSet rf_value(n, 2);
                for (std::size_t r = 0; r < n; ++r) {
                    if (x.events[r].kind != exec::EventKind::read) continue;
                    std::vector<std::size_t> ws;
                    for (std::size_t w = 0; w < n; ++w)
                        if (x.events[w].kind == exec::EventKind::write && x.events[w].location == x.events[r].location)
                            ws.push_back(w);
                    rf_value.add(ws[random() % ws.size()], r);
                }
                bound.set_rf(mine, rf_value);
                reference.set(rf, rf_value);
                for (std::size_t k = 0; k < bound.witnesses(); ++k) {
                    auto candidates = bound.witness_candidates(k, mine);
                    TupleSet value = candidates.empty() ? TupleSet(n, 2) : candidates[random() % candidates.size()];
                    if (random() % 3 == 0) {  // any subset of the bound, too
                        const TupleSet upper = rel::evaluate(theirs.witnesses[k].upper, reference);
                        value = TupleSet(n, 2);
                        for (std::size_t idx : upper.indices())
                            if (random() % 2) value.add_index(idx);
                    }
                    bound.set_witness(mine, k, value);
                    reference.set(theirs.witnesses[k].relation, value);
                }
                auto same = [&](const std::vector<model::Axiom>& a, const std::vector<model::Axiom>& b) {
                    REQUIRE(a.size() == b.size());
                    for (std::size_t i = 0; i < a.size(); ++i) {
                        CHECK_MESSAGE(rel::evaluate(a[i].holds, mine) == rel::evaluate(b[i].holds, reference), a[i].name);
                        ++compared;
                    }
                };
                same(bound.requirements(), theirs.requirements);
                same(bound.axioms(), theirs.axioms);
                same(bound.flags(), theirs.flags);
                if (const auto fr = bound.definition("fr"))
                    CHECK(rel::evaluate(*fr, mine) == rel::evaluate(theirs.definitions.at("fr"), reference));
            }
        }
    }
    CHECK(compared > 5000);
}
