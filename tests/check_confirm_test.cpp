// Confirmation re-checks what the solver's bounds alone ensured (rf a
// reads-from relation, the source's the target's through the map) and that
// a candidate's litmus tests state its outcome, the values re-derived by
// running the tests' programs on its rf.
#include <doctest/doctest.h>

#include <filesystem>

#include "check/candidate.hpp"
#include "check/confirm.hpp"
#include "check/execution_litmus.hpp"
#include "check/outcome.hpp"
#include "mapsound/check.hpp"
#include "mapsound/compile.hpp"

using namespace mapsound;

namespace {

const std::filesystem::path root = MAPSOUND_SOURCE_DIR;

exec::Event event(exec::EventKind kind, int thread, int location, std::int64_t value, exec::Order order) {
    exec::Event e;
    e.kind = kind;
    e.thread = thread;
    e.location = location;
    e.value = value;
    e.order = order;
    e.scope = thread >= 0 ? exec::Scope::sys : exec::Scope::none;
    return e;
}

// P0: x = 1 (relaxed); P1: r = y (relaxed); r = x (relaxed), compiled
// through Fig. 11, with P1's reads reading the initial y and P0's x: a
// coherent execution (so confirm stops at its step (2), after the
// re-checks, saying the solver's lift does not violate coherence).
check::Candidate candidate(const mapping::Mapping& mapping) {
    using exec::EventKind;
    using exec::Order;
    check::Candidate c;
    exec::PreExecution& x = c.source;
    x.locations = {"x", "y"};
    x.threads = {{0, 0}, {0, 0}};
    x.events = {event(EventKind::write, -1, 0, 0, Order::none), event(EventKind::write, -1, 1, 0, Order::none),
                event(EventKind::write, 0, 0, 1, Order::rlx), event(EventKind::read, 1, 1, 0, Order::rlx),
                event(EventKind::read, 1, 0, 1, Order::rlx)};
    c.compiled = mapping::compile(x, mapping);
    c.owner.assign(c.compiled.target.events.size(), -1);
    for (auto [s, t] : c.compiled.map) c.owner[static_cast<std::size_t>(t)] = s;
    auto target_of = [&](int s) {
        for (auto [a, b] : c.compiled.map)
            if (a == s) return b;
        return -1;
    };
    c.source_rf = {{1, 3}, {2, 4}};
    for (auto [w, r] : c.source_rf) c.target_rf.emplace_back(target_of(w), target_of(r));
    c.source_co = {{0, 2}};
    c.source_witnesses["co"] = c.source_co;
    c.target_witnesses["co"] = {{target_of(0), target_of(2)}};
    c.source_litmus = check::execution_litmus(x, c.source_rf, c.source_co, litmus::Dialect::c, "t", "");
    c.target_litmus = check::execution_litmus(c.compiled.target, c.target_rf, c.target_witnesses["co"],
                                              litmus::Dialect::ptx, "t", "");
    return c;
}

}  // namespace

TEST_CASE("outcome: a litmus test states its execution's outcome, values re-derived from the program") {
    const auto mapping = mapping::load_mapping(root / "mappings" / "cxx-to-ptx.map");
    const auto c = candidate(mapping);
    CHECK(check::outcome_mismatch(c.source_litmus, c.source, c.source_rf, c.source_co) == "");
    CHECK(check::outcome_mismatch(c.target_litmus, c.compiled.target, c.target_rf, c.target_witnesses.at("co")) == "");
    // Another rf: P1's read of x reads the initial write, so the program
    // gives r = 0 where the condition says 1.
    CHECK(check::outcome_mismatch(c.source_litmus, c.source, {{1, 3}, {0, 4}}, c.source_co) != "");
    // A test written from a wrong value (a read's value copied from the
    // wrong write) does not state the outcome of the true rf.
    exec::PreExecution wrong = c.source;
    wrong.events[4].value = 0;
    const auto wrong_test = check::execution_litmus(wrong, {{1, 3}, {0, 4}}, c.source_co, litmus::Dialect::c, "t", "");
    CHECK(check::outcome_mismatch(wrong_test, c.source, c.source_rf, c.source_co) != "");
}

TEST_CASE("confirm: rf and the stated outcome are re-checked before anything else") {
    const auto def = mapping::load_check(root / "checks" / "cxx-to-ptx.check");
    const auto mapping = mapping::load_mapping(def.mapping);
    const auto source = model::Model::load(def.source_model), target = model::Model::load(def.target_model);
    auto confirm = [&](const check::Candidate& c) {
        return check::confirm(c, source, target, "coherence", def.race_free_flag, def.lift);
    };
    const auto good = candidate(mapping);
    // Past the re-checks: the lift of this coherent execution satisfies
    // coherence, which the solver would never have proposed.
    CHECK_THROWS_WITH_AS(confirm(good), doctest::Contains("does not violate 'coherence'"), std::logic_error);

    auto across = good;  // a target read reading a write of the other location
    across.target_rf[1].first = across.target_rf[0].first;
    CHECK_THROWS_WITH_AS(confirm(across), doctest::Contains("relates two locations"), std::logic_error);
    auto twice = good;  // a read with two writes
    twice.target_rf.push_back(twice.target_rf[0]);
    twice.target_rf.back().first = static_cast<int>(std::distance(
        twice.compiled.target.events.begin(),
        std::find_if(twice.compiled.target.events.begin(), twice.compiled.target.events.end(),
                     [](const exec::Event& e) { return e.thread < 0 && e.location == 1; })));
    CHECK_THROWS_WITH_AS(confirm(twice), doctest::Contains("reads from 2 writes"), std::logic_error);
    auto unmapped = good;  // the source rf is not the target's through the map
    unmapped.source_rf[1].first = 0;
    CHECK_THROWS_WITH_AS(confirm(unmapped), doctest::Contains("through the map"), std::logic_error);
    auto misstated = good;  // a condition that is not this outcome
    misstated.source_litmus.condition->expr = litmus::CondExpr::negation(misstated.source_litmus.condition->expr);
    CHECK_THROWS_WITH_AS(confirm(misstated), doctest::Contains("does not state the candidate's outcome"),
                         std::logic_error);
}

TEST_CASE("judge_litmus: a test is printed, read back and decided") {
    const auto mapping = mapping::load_mapping(root / "mappings" / "cxx-to-ptx.map");
    const auto c = candidate(mapping);
    const auto ptx = model::Model::load((root / "models" / "ptx-6.0.cat").string());
    const auto j = check::judge_litmus(c.target_litmus, ptx, {});
    CHECK(j.ok);  // the outcome of a consistent execution
    CHECK(j.positive >= 1);
    CHECK(j.model == ptx.path());
    const auto rc11 = model::Model::load((root / "models" / "rc11-scoped.cat").string());
    const auto k = check::judge_litmus(c.source_litmus, rc11, {"thin-air"});
    CHECK(k.ok);
    CHECK(k.forbidden_flags == std::vector<std::string>{"thin-air"});
}
