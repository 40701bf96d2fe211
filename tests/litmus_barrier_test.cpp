// Barrier instances (expand.hpp, lib/litmus/expand_barriers.cpp): without a
// thread count every event of a barrier is one instance; with a count K,
// Dartagnan's NamedBarrier rule for every dialect: fewer than K events
// never open it, otherwise every event passes and each set S of at least K
// of them is one pre-execution, S synchronizing with everyone and late
// arrivals receiving only (Candidate::late_barrier_sync, added to
// same-barrier in litmus mode).  The corpus tests/litmus/barriers/ has the
// verdicts, derived by hand in its README.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "litmus/query.hpp"
#include "mapsound/litmus/expand.hpp"
#include "mapsound/litmus/parse.hpp"
#include "mapsound/rel.hpp"

#include "litmus_test_support.hpp"

namespace {

namespace fs = std::filesystem;
using namespace mapsound::litmus;
using mapsound::exec::Event;
using mapsound::exec::EventKind;

const fs::path litmus_dir = fs::path(MAPSOUND_SOURCE_DIR) / "tests" / "litmus";
const fs::path models_dir = fs::path(MAPSOUND_SOURCE_DIR) / "models";

std::vector<Candidate> expand_text(const std::string& text, ExpandOptions options = {}) {
    return expand(parse_litmus(text, "inline"), options);
}

// n PTX threads of CTA 0, each running 'code' (one instruction per line).
std::string ptx_threads(int n, const std::vector<std::string>& code) {
    std::string text = "PTX t\n{ x=0; }\n";
    for (int t = 0; t < n; ++t) text += std::string(t ? " | " : " ") + "P" + std::to_string(t) + "@cta 0,gpu 0";
    text += " ;\n";
    for (const std::string& line : code) {
        for (int t = 0; t < n; ++t) text += (t ? " | " : " ") + line;
        text += " ;\n";
    }
    return text + "exists (x == 0)\n";
}

// The barrier events of a candidate, by index.
std::vector<int> barrier_indices(const Candidate& c) {
    std::vector<int> out;
    for (std::size_t i = 0; i < c.pre.events.size(); ++i)
        if (c.pre.events[i].kind == EventKind::barrier) out.push_back(static_cast<int>(i));
    return out;
}

// The events of instance 0 (the set S that passed together).
std::set<int> together(const Candidate& c) {
    std::set<int> out;
    for (int e : barrier_indices(c))
        if (c.pre.events[static_cast<std::size_t>(e)].barrier_instance == 0) out.insert(e);
    return out;
}

// Checks a candidate's shape under the rule: the members of S are instance
// 0, every other barrier event an instance of its own, and the late pairs
// are exactly S × (the others).
void check_rule(const Candidate& c) {
    const std::set<int> s = together(c);
    std::set<int> alone;
    std::set<std::pair<int, int>> expected_late;
    for (int e : barrier_indices(c)) {
        if (s.count(e)) continue;
        CHECK(alone.insert(c.pre.events[static_cast<std::size_t>(e)].barrier_instance).second);
        for (int m : s) expected_late.insert({m, e});
    }
    CHECK(std::set<std::pair<int, int>>(c.late_barrier_sync.begin(), c.late_barrier_sync.end()) == expected_late);
    CHECK(c.late_barrier_sync.size() == expected_late.size());
}

}  // namespace

TEST_CASE("barriers: with a count K, one pre-execution per set of at least K events that pass together") {
    // Four threads, K = 2: C(4,2) + C(4,3) + C(4,4) = 6 + 4 + 1 = 11 sets.
    const auto cs = expand_text(ptx_threads(4, {"bar.cta.sync 1, 0, 2"}));
    REQUIRE(cs.size() == 11);
    std::set<std::set<int>> sets;
    for (const Candidate& c : cs) {
        check_rule(c);
        CHECK(together(c).size() >= 2);
        sets.insert(together(c));
    }
    CHECK(sets.size() == 11);  // each set once

    // K = 4: only all four together, nobody late.
    const auto all = expand_text(ptx_threads(4, {"bar.cta.sync 1, 0, 4"}));
    REQUIRE(all.size() == 1);
    CHECK(together(all[0]).size() == 4);
    CHECK(all[0].late_barrier_sync.empty());

    // Without a count: one instance, one pre-execution, nobody late.
    const auto one = expand_text(ptx_threads(3, {"bar.cta.sync 1"}));
    REQUIRE(one.size() == 1);
    CHECK(together(one[0]).size() == 3);
    CHECK(one[0].late_barrier_sync.empty());
}

TEST_CASE("barriers: fewer events than the count never open the barrier, arrives included") {
    CHECK(expand_text(ptx_threads(3, {"bar.cta.sync 1, 0, 4"})).empty());
    CHECK(expand_text(ptx_threads(2, {"bar.cta.arrive 1, 0, 3"})).empty());
    // Threads in different CTAs never count towards one barrier.
    CHECK(expand_text("PTX apart\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                      " bar.cta.sync 1, 0, 2 | bar.cta.sync 1, 0, 2 ;\nexists (x == 0)\n")
              .empty());
    // Nor in different clusters of one GPU (same CTA number).
    CHECK(expand_text("PTX apart\n{ x=0; }\n P0@cta 0,cluster 0,gpu 0 | P1@cta 0,cluster 1,gpu 0 ;\n"
                      " bar.cta.sync 1, 0, 2 | bar.cta.sync 1, 0, 2 ;\nexists (x == 0)\n")
              .empty());
    // Enough events: three threads at K = 2 all pass (no reset after two):
    // 3 pairs and the triple.
    CHECK(expand_text(ptx_threads(3, {"bar.cta.sync 1, 0, 2"})).size() == 4);
    // An arrive counts and may be a member of S.
    const auto arrive = expand_text("PTX arrive\n{ x=0; }\n P0 | P1 | P2 ;\n"
                                    " bar.cta.sync 1, 0, 2 | bar.cta.sync 1, 0, 2 | bar.cta.arrive 1, 0, 2 ;\n"
                                    "exists (x == 0)\n");
    REQUIRE(arrive.size() == 4);
    for (const Candidate& c : arrive) check_rule(c);
    CHECK_THROWS_WITH_AS(expand_text("PTX zero\n{ x=0; }\n P0 ;\n bar.cta.sync 1, 0, 0 ;\nexists (x == 0)\n"),
                         "inline: test 'zero': a barrier's thread count must be at least 1, not 0", std::runtime_error);
}

TEST_CASE("barriers: each event counts, as Dartagnan counts events") {
    // Two threads reach the barrier twice each: four events, K = 2, so
    // 6 + 4 + 1 sets, some with both events of one thread.
    const auto cs = expand_text(ptx_threads(2, {"bar.cta.sync 1, 0, 2", "bar.cta.sync 1, 0, 2"}));
    REQUIRE(cs.size() == 11);
    bool one_thread_twice = false;
    for (const Candidate& c : cs) {
        check_rule(c);
        std::set<int> threads;
        for (int e : together(c)) threads.insert(c.pre.events[static_cast<std::size_t>(e)].thread);
        one_thread_twice = one_thread_twice || (together(c).size() == 2 && threads.size() == 1);
    }
    CHECK(one_thread_twice);
    // Count 1: every non-empty subset.
    CHECK(expand_text(ptx_threads(2, {"bar.cta.sync 1, 0, 1"})).size() == 3);
}

TEST_CASE("barriers: Vulkan's quorum follows the same rule") {
    auto with = [](int quorum) {
        const std::string k = std::to_string(quorum);
        return expand(parse_litmus("Vulkan q\n{ x=0; }\n"
                                   " P0@sg 0, wg 0, qf 0 | P1@sg 1, wg 0, qf 0 | P2@sg 2, wg 0, qf 0 ;\n"
                                   " cbar.wg 1, 1, " + k + " | cbar.wg 1, 1, " + k + " | cbar.wg 1, 1, " + k + " ;\n"
                                   "exists (x == 0)\n",
                                   "q.litmus"));
    };
    const auto two = with(2);
    CHECK(two.size() == 4);
    for (const Candidate& c : two) check_rule(c);
    CHECK(with(3).size() == 1);
    CHECK(with(4).empty());
}

TEST_CASE("barriers: choices multiply across barriers, within the budget") {
    // Two counted barriers, four threads each, K = 2: 11 * 11.
    CHECK(expand_text(ptx_threads(4, {"bar.cta.sync 1, 0, 2", "bar.cta.sync 2, 0, 2"})).size() == 121);
    // Eight threads, K = 2: 2^8 - 1 - 8 = 247 sets, over a cap of 50.
    CHECK(expand_text(ptx_threads(8, {"bar.cta.sync 1, 0, 2"})).size() == 247);
    ExpandOptions capped;
    capped.budget.max_executions = 50;
    CHECK_THROWS_WITH_AS(expand_text(ptx_threads(8, {"bar.cta.sync 1, 0, 2"}), capped),
                         "inline: test 't': execution limit of 50 exceeded (more than 50 choices of the events that "
                         "pass one barrier together)",
                         BudgetExceeded);
}

TEST_CASE("barriers: litmus mode's same-barrier goes from the set that passed together to late arrivals, not back") {
    const auto cs = expand_text(ptx_threads(3, {"bar.cta.sync 1, 0, 2"}));
    int checked = 0;
    for (const Candidate& c : cs) {
        const mapsound::rel::Relation rf = mapsound::rel::Relation::binary("rf");
        const auto v = detail::litmus_vocabulary(c, rf);
        const mapsound::rel::Instance none(mapsound::exec::universe_of(c.pre));
        const mapsound::rel::TupleSet sbar = mapsound::rel::evaluate(v.at("sbar"), none);
        const std::set<int> s = together(c);
        for (int a : barrier_indices(c))
            for (int b : barrier_indices(c)) {
                CAPTURE(a);
                CAPTURE(b);
                const bool expected = a != b && s.count(a) == 1;
                CHECK(sbar.contains(static_cast<std::size_t>(a), static_cast<std::size_t>(b)) == expected);
                ++checked;
            }
    }
    CHECK(checked == 4 * 9);
}

TEST_CASE("barriers: corpus with counts, verdicts derived by hand") {
    const fs::path dir = litmus_dir / "barriers";
    const std::vector<litmustest::ExpectedRow> rows = litmustest::read_expected(dir);
    litmustest::check_listing(rows, dir, [](const fs::path& file) {
        litmustest::check_round_trip(parse_litmus_file(file));
    });
    for (const auto& r : rows) {
        SUBCASE((r.test + " under " + r.model).c_str()) {
            litmustest::check_verdict(r, dir, models_dir / (r.model + ".cat"), /*require_candidates=*/false);
        }
    }
}
