// Tests of expand(): from a litmus program to its pre-executions.
//
// Small inline tests check events, orders, scopes, placements and rmw pairs
// one at a time (dependencies, loops and value domains:
// litmus_expand_flow_test.cpp).  The development
// suite (Dartagnan's tests, MIT licence) is read in place from
// MAPSOUND_LITMUS_SUITE_DIR, never copied; the smoke case that needs it
// skips with a message when it is absent.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include <mapsound/litmus/expand.hpp>
#include <mapsound/litmus/parse.hpp>

#include "litmus_expand_support.hpp"
#include "litmus_test_support.hpp"
#include "test_skip.hpp"

using namespace litmus_expand_test;

TEST_CASE("expand: PTX message passing") {
    const auto cs = expand_text(kMP);
    // Two loads, each of {0, 1}.
    REQUIRE(cs.size() == 4);
    std::set<std::pair<std::int64_t, std::int64_t>> outcomes;
    for (const Candidate& c : cs) {
        check_shape(c);
        CHECK(c.pre.locations == std::vector<std::string>{"x", "y"});
        REQUIRE(c.pre.events.size() == 6);
        CHECK(c.pre.events[0].value == 0);
        CHECK(c.pre.events[1].value == 0);
        REQUIRE(c.pre.threads.size() == 2);
        CHECK(c.pre.threads[0].cta == 0);
        CHECK(c.pre.threads[1].cta == 1);
        CHECK(c.pre.threads[1].gpu == 0);

        const auto p0 = events_of(c, 0);
        REQUIRE(p0.size() == 2);
        CHECK(p0[0].kind == EventKind::write);
        CHECK(p0[0].location == 0);
        CHECK(p0[0].value == 1);
        CHECK(p0[0].order == Order::weak);
        CHECK(p0[0].scope == EScope::none);
        CHECK(p0[1].kind == EventKind::write);
        CHECK(p0[1].location == 1);
        CHECK(p0[1].order == Order::rel);
        CHECK(p0[1].scope == EScope::gpu);

        const auto p1 = events_of(c, 1);
        REQUIRE(p1.size() == 2);
        CHECK(p1[0].kind == EventKind::read);
        CHECK(p1[0].location == 1);
        CHECK(p1[0].order == Order::acq);
        CHECK(p1[0].scope == EScope::gpu);
        CHECK(p1[1].kind == EventKind::read);
        CHECK(p1[1].order == Order::weak);
        CHECK(p1[1].scope == EScope::none);
        CHECK(reg(c, 1, "r0") == p1[0].value);
        CHECK(reg(c, 1, "r1") == p1[1].value);
        CHECK(p1[0].label == "R.acq.gpu y=" + std::to_string(p1[0].value));
        CHECK(c.pre.rmw.empty());
        CHECK(c.pre.addr.empty());
        CHECK(c.pre.data.empty());
        CHECK(c.pre.ctrl.empty());
        outcomes.emplace(p1[0].value, p1[1].value);
    }
    CHECK(outcomes.size() == 4);
}

TEST_CASE("expand: condition references map to cells") {
    const auto cs = expand_text(R"(C cells
{ [x] = 3; atomic_int y[3] = {4, 5, 6}; atomic_int s[1] = {7}; }
P0 (atomic_int* x, atomic_int* y, atomic_int* s) {
  int r0 = atomic_load_explicit(y+2, memory_order_relaxed);
}
exists (x = 3 /\ y[1] = 5 /\ s[0] = 7)
)");
    REQUIRE(cs.size() == 1);
    const auto& pre = cs[0].pre;
    check_shape(cs[0]);
    CHECK(pre.locations == std::vector<std::string>{"x", "y[0]", "y[1]", "y[2]", "s"});
    for (std::size_t i = 0; i < 5; ++i) CHECK(pre.events[i].value == std::vector<std::int64_t>{3, 4, 5, 6, 7}[i]);
    CHECK(cell_index(pre, MemoryRef{"x", std::nullopt}) == 0);
    CHECK(cell_index(pre, MemoryRef{"x", 0}) == 0);
    CHECK(cell_index(pre, MemoryRef{"y", std::nullopt}) == 1);
    CHECK(cell_index(pre, MemoryRef{"y", 1}) == 2);
    CHECK(cell_index(pre, MemoryRef{"y", 2}) == 3);
    CHECK(cell_index(pre, MemoryRef{"s", 0}) == 4);
    CHECK(cell_index(pre, MemoryRef{"y", 3}) == -1);
    CHECK(cell_index(pre, MemoryRef{"x", 1}) == -1);
    CHECK(cell_index(pre, MemoryRef{"y", -1}) == -1);
    CHECK(cell_index(pre, MemoryRef{"nope", std::nullopt}) == -1);
    const auto p0 = events_of(cs[0], 0);
    REQUIRE(p0.size() == 1);
    CHECK(p0[0].location == 3);
    CHECK(p0[0].value == 6);
    CHECK(p0[0].label == "R.rlx y[2]=6");
}

TEST_CASE("expand: C orders, scopes, fences and default placement") {
    const auto cs = expand_text(R"(C orders
{ [x] = 0; }
P0 (atomic_int* x, int* p) {
  int a = atomic_load_explicit(x, memory_order_consume);
  int b = atomic_load_explicit(x, memory_order_seq_cst, memory_scope_cta);
  int c = *p;
  atomic_store_explicit(x, 0, memory_order_release, memory_scope_gpu);
  atomic_thread_fence(memory_order_acq_rel);
  atomic_signal_fence(memory_order_seq_cst);
  *p = 0;
}
P1 (atomic_int* x) {
  atomic_thread_fence(memory_order_release);
}
exists (0:a = 0)
)");
    REQUIRE(cs.size() == 1);
    const Candidate& c = cs[0];
    check_shape(c);
    // No placements: every thread in CTA 0 of GPU 0.
    REQUIRE(c.pre.threads.size() == 2);
    for (const auto& t : c.pre.threads) {
        CHECK(t.cta == 0);
        CHECK(t.gpu == 0);
    }
    const auto p0 = events_of(c, 0);
    REQUIRE(p0.size() == 7);
    CHECK(p0[0].order == Order::acq);  // consume is strengthened
    CHECK(p0[0].scope == EScope::sys);
    CHECK(p0[1].order == Order::sc);
    CHECK(p0[1].scope == EScope::cta);
    CHECK(p0[2].order == Order::na);
    CHECK(p0[2].scope == EScope::none);
    CHECK(p0[3].order == Order::rel);
    CHECK(p0[3].scope == EScope::gpu);
    CHECK(p0[4].kind == EventKind::fence);
    CHECK(p0[4].order == Order::acq_rel);
    CHECK(p0[4].scope == EScope::sys);
    CHECK(p0[4].location == -1);
    CHECK(p0[5].kind == EventKind::fence);
    CHECK(p0[5].order == Order::sc);
    CHECK(p0[5].label == "F.sc (signal)");
    CHECK(p0[6].kind == EventKind::write);
    CHECK(p0[6].order == Order::na);
    CHECK(p0[6].label == "W.na p=0");
    const auto p1 = events_of(c, 1);
    REQUIRE(p1.size() == 1);
    CHECK(p1[0].order == Order::rel);
}

TEST_CASE("expand: PTX fences, volatile and barriers") {
    const auto cs = expand_text(R"(PTX fences
{ x=0; P0:r5=2; }
 P0@cta 0,gpu 1       | P1@cta 0,gpu 1  ;
 fence.sc.gpu         | membar.gl       ;
 fence.acq_rel.cta    | bar.cta.sync 1  ;
 ld.volatile r0, x    | bar.sync 3, 4   ;
 st.volatile x, 0     | bar.cta.sync 1, r9 ;
 bar.cta.sync r5      |                 ;
 bar.cta.sync 3, 4    |                 ;
exists (P0:r0 == 0)
)");
    REQUIRE(cs.size() == 1);
    const Candidate& c = cs[0];
    check_shape(c);
    CHECK(c.pre.threads[0].gpu == 1);
    const auto p0 = events_of(c, 0);
    REQUIRE(p0.size() == 6);
    CHECK(p0[0].kind == EventKind::fence);
    CHECK(p0[0].order == Order::sc);
    CHECK(p0[0].scope == EScope::gpu);
    CHECK(p0[0].label == "F.sc.gpu");
    CHECK(p0[1].order == Order::acq_rel);
    CHECK(p0[1].scope == EScope::cta);
    CHECK(p0[2].order == Order::rlx);  // volatile: relaxed at system scope
    CHECK(p0[2].scope == EScope::sys);
    CHECK(p0[3].order == Order::rlx);
    CHECK(p0[3].scope == EScope::sys);
    CHECK(p0[4].kind == EventKind::barrier);
    CHECK(p0[4].barrier == 2);  // the register's value
    CHECK(p0[4].location == -1);
    CHECK(p0[5].kind == EventKind::barrier);
    CHECK(p0[5].barrier >= compound_barrier_base);
    const auto p1 = events_of(c, 1);
    REQUIRE(p1.size() == 4);
    CHECK(p1[0].kind == EventKind::fence);
    CHECK(p1[0].order == Order::sc);
    CHECK(p1[0].scope == EScope::gpu);
    CHECK(p1[0].label == "F.sc.gpu (membar)");
    CHECK(p1[1].barrier == 1);
    // Same operands, same barrier; different operands, different barriers.
    CHECK(p1[2].barrier == p0[5].barrier);
    CHECK(p1[3].barrier >= compound_barrier_base);
    CHECK(p1[3].barrier != p0[5].barrier);
    CHECK(p1[3].label == "bar 1,0");
    CHECK(reg(c, 0, "r5") == 2);  // initialized registers are reported
    CHECK(reg(c, 1, "r9") == 0);  // registers start at 0
}

TEST_CASE("expand: PTX read-modify-writes") {
    const auto cs = expand_text(R"(PTX rmw
{ x=5; y=1; }
 P0@cta 0,gpu 0                   ;
 atom.acq_rel.gpu.add r0, x, 2    ;
 red.release.sys.or y, 6          ;
 atom.exch r1, y, 9               ;
exists (P0:r0 == 5)
)");
    // Nobody else writes x or y, so a read returns the initial value or one
    // the thread wrote before: the exchange reads 7 (from red) or 1.
    REQUIRE(cs.size() == 2);
    for (const Candidate& c : cs) check_shape(c);
    const Candidate& c = find(cs, {{0, "r1", 7}});
    const auto p0 = events_of(c, 0);
    REQUIRE(p0.size() == 6);
    CHECK(p0[0].kind == EventKind::read);
    CHECK(p0[0].value == 5);
    CHECK(p0[1].kind == EventKind::write);
    CHECK(p0[1].value == 7);
    for (int i : {0, 1}) {
        CHECK(p0[static_cast<std::size_t>(i)].order == Order::acq_rel);
        CHECK(p0[static_cast<std::size_t>(i)].scope == EScope::gpu);
    }
    CHECK(p0[2].value == 1);
    CHECK(p0[3].value == 7);  // 1 | 6
    CHECK(p0[3].order == Order::rel);
    CHECK(p0[3].scope == EScope::sys);
    CHECK(p0[4].value == 7);
    CHECK(p0[5].value == 9);
    // PTX defaults: relaxed, gpu.
    CHECK(p0[4].order == Order::rlx);
    CHECK(p0[5].scope == EScope::gpu);
    CHECK(reg(c, 0, "r0") == 5);
    CHECK(reg(c, 0, "r1") == 7);
    const int base = index_of(c, 0, 0);
    CHECK(c.pre.rmw == std::vector<std::pair<int, int>>{{base, base + 1}, {base + 2, base + 3}, {base + 4, base + 5}});
    // The own read is rmw, not data.
    CHECK(c.pre.data.empty());
}

TEST_CASE("expand: PTX compare-and-swap succeeds or fails") {
    const auto cs = expand_text(R"(PTX cas
{ m=0; }
 P0@cta 0,gpu 0                    | P1@cta 0,gpu 0      ;
 atom.acquire.gpu.cas r1, m, 0, 5  | st.relaxed.gpu m, 3 ;
exists (P0:r1 == 0)
)");
    // m may hold 0 (initial), 3 (P1) and 5 (the cas); reading 5 could only
    // read the cas's own write, so that run is no candidate.
    REQUIRE(cs.size() == 2);
    for (const Candidate& c : cs) check_shape(c);
    {
        const Candidate& c = find(cs, {{0, "r1", 0}});
        const auto p0 = events_of(c, 0);
        REQUIRE(p0.size() == 2);
        CHECK(p0[0].value == 0);
        CHECK(p0[1].value == 5);  // success
        CHECK(p0[0].order == Order::acq);
        CHECK(p0[1].order == Order::acq);
        CHECK(p0[1].label == "W.acq.gpu m=5 (cas)");
        CHECK(has_pair(c.pre.rmw, index_of(c, 0, 0), index_of(c, 0, 1)));
    }
    {
        const Candidate& c = find(cs, {{0, "r1", 3}});
        const auto p0 = events_of(c, 0);
        REQUIRE(p0.size() == 2);
        CHECK(p0[0].value == 3);
        CHECK(p0[1].kind == EventKind::write);
        CHECK(p0[1].value == 3);  // failure writes back what it read
        CHECK(has_pair(c.pre.rmw, index_of(c, 0, 0), index_of(c, 0, 1)));
    }
}

TEST_CASE("expand: C compare_exchange with a register") {
    const auto cs = expand_text(R"(C cas
{ [x] = 0; }
P0 (atomic_int* x) {
  int e = 0;
  int ok = atomic_compare_exchange_strong_explicit(x, &e, 7, memory_order_acq_rel, memory_order_acquire);
}
P1 (atomic_int* x) {
  atomic_store_explicit(x, 1, memory_order_relaxed);
}
exists (0:ok = 1)
)");
    // x may hold 0, 1 and 7; as above, reading 7 has no source.
    REQUIRE(cs.size() == 2);
    {
        const Candidate& c = find(cs, {{0, "ok", 1}});
        check_shape(c);
        const auto p0 = events_of(c, 0);
        REQUIRE(p0.size() == 2);
        CHECK(p0[0].value == 0);
        CHECK(p0[1].value == 7);
        CHECK(p0[0].order == Order::acq_rel);
        CHECK(p0[1].order == Order::acq_rel);
        CHECK(p0[1].scope == EScope::sys);
        CHECK(reg(c, 0, "e") == 0);
        CHECK(has_pair(c.pre.rmw, index_of(c, 0, 0), index_of(c, 0, 1)));
    }
    {
        const Candidate& c = find(cs, {{0, "ok", 0}, {0, "e", 1}});
        const auto p0 = events_of(c, 0);
        REQUIRE(p0.size() == 2);
        CHECK(p0[0].value == 1);
        CHECK(p0[1].value == 1);  // written back
        CHECK(p0[0].order == Order::acq);  // the failure order
        CHECK(p0[1].order == Order::acq);
        CHECK(has_pair(c.pre.rmw, index_of(c, 0, 0), index_of(c, 0, 1)));
    }
}

TEST_CASE("expand: C compare_exchange with a location holding the expected value") {
    const auto cs = expand_text(R"(C casloc
{ [x] = 0; [one] = 1; }
P0 (atomic_int* x, atomic_int* one) {
  int t = atomic_compare_exchange_strong_explicit(x, one, 2, memory_order_release, memory_order_relaxed);
}
P1 (atomic_int* x) {
  atomic_store_explicit(x, 1, memory_order_relaxed);
}
exists (0:t = 1)
)");
    for (const Candidate& c : cs) check_shape(c);
    // Success: read one (plain), then the pair 1 -> 2.
    const Candidate& ok = find(cs, {{0, "t", 1}});
    {
        const auto p0 = events_of(ok, 0);
        REQUIRE(p0.size() == 3);
        CHECK(p0[0].kind == EventKind::read);
        CHECK(p0[0].location == 1);
        CHECK(p0[0].order == Order::na);
        CHECK(p0[0].value == 1);
        CHECK(p0[1].value == 1);
        CHECK(p0[1].order == Order::rel);
        CHECK(p0[2].value == 2);
        const int base = index_of(ok, 0, 0);
        CHECK(ok.pre.rmw == std::vector<std::pair<int, int>>{{base + 1, base + 2}});
        // The written value depends on the expected value read.
        CHECK(has_pair(ok.pre.data, base, base + 2));
    }
    // Failure reading 0: write back 0, then store 0 into 'one' (plain).
    bool saw_failure = false;
    for (const Candidate& c : cs) {
        const auto p0 = events_of(c, 0);
        if (reg(c, 0, "t") != 0 || p0[1].value != 0) continue;
        saw_failure = true;
        REQUIRE(p0.size() == 4);
        CHECK(p0[1].order == Order::rlx);
        CHECK(p0[2].value == 0);
        CHECK(p0[3].kind == EventKind::write);
        CHECK(p0[3].location == 1);
        CHECK(p0[3].value == 0);
        CHECK(p0[3].order == Order::na);
        const int base = index_of(c, 0, 0);
        CHECK(has_pair(c.pre.rmw, base + 1, base + 2));
        CHECK(has_pair(c.pre.data, base + 1, base + 3));
    }
    CHECK(saw_failure);
}

TEST_CASE("expand: errors") {
    SUBCASE("array index out of bounds") {
        const std::string text = R"(C oob
{ atomic_int y[2] = {0, 0}; [x] = 2; }
P0 (atomic_int* x, atomic_int* y) {
  int r0 = atomic_load_explicit(x, memory_order_relaxed);
  int r1 = atomic_load_explicit(y+r0, memory_order_relaxed);
}
exists (0:r1 = 0)
)";
        CHECK_THROWS_WITH_AS(expand_text(text), doctest::Contains("out of bounds"), std::runtime_error);
        CHECK_THROWS_WITH_AS(expand_text(text), doctest::Contains("oob"), std::runtime_error);
    }
    SUBCASE("offset on a scalar") {
        LitmusTest t;
        t.name = "scalar";
        t.locations = {Location{"x", "", {std::int64_t{0}}}};
        Thread th;
        th.code = {Store{Address{"x", Operand{std::int64_t{1}}}, std::int64_t{1}, MemoryOrder::weak, Scope::none, {}}};
        t.threads = {th};
        CHECK_THROWS_WITH_AS(expand(t), doctest::Contains("x[1]"), std::runtime_error);
    }
    SUBCASE("jump to nowhere") {
        LitmusTest t;
        t.name = "nowhere";
        t.source = "hand-built";
        Thread th;
        th.code = {Goto{"L9"}};
        t.threads = {th};
        CHECK_THROWS_WITH_AS(expand(t), doctest::Contains("L9"), std::runtime_error);
        CHECK_THROWS_WITH_AS(expand(t), doctest::Contains("hand-built"), std::runtime_error);
    }
    SUBCASE("duplicate label") {
        LitmusTest t;
        t.name = "twice";
        Thread th;
        th.code = {Label{"L"}, Label{"L"}};
        t.threads = {th};
        CHECK_THROWS_AS(expand(t), std::runtime_error);
    }
    SUBCASE("value domain over the limit") {
        const std::string text = R"(PTX grow
{ x=0; }
 P0@cta 0,gpu 0                | P1@cta 0,gpu 0                ;
 atom.relaxed.gpu.add r0, x, 1 | atom.relaxed.gpu.add r0, x, 1 ;
exists (x == 2)
)";
        CHECK(expand_text(text).size() > 0);  // x holds 0, 1, 2
        ExpandOptions o;
        o.max_values_per_cell = 2;
        CHECK_THROWS_WITH_AS(expand_text(text, o), doctest::Contains("'x'"), std::runtime_error);
        CHECK_THROWS_WITH_AS(expand_text(text, o), doctest::Contains("grow"), std::runtime_error);
    }
}

TEST_CASE("expand: every test of the development suite") {
    const auto suite = litmustest::suite_dir();
    if (!suite) return litmustest::skip_without_suite();
    const fs::path dir = *suite;
    const std::vector<fs::path> files = litmustest::suite_files(dir);
    REQUIRE(!files.empty());
    // Tests in which no execution lets every thread finish, by design:
    // a thread spins on a value no thread writes (cbar-2, cbar-4: Dartagnan
    // counts only finished executions, so their 'forall' holds vacuously),
    // a quorum barrier that fewer threads reach than it needs (quorum1-hang).
    const std::set<std::string> no_complete_execution = {
        "VULKAN/Manual/cbar-2.litmus", "VULKAN/Manual/cbar-4.litmus", "VULKAN/Barrier/quorum1-hang.litmus"};
    // Tests with far more pre-executions than are worth enumerating (six
    // threads reading six cells of two values each: about 2^36); they must
    // run out of a budget of 10000 with every value enumerated, and fit in
    // a few with free reads (their 36 loads feed only the condition), which
    // litmus mode falls back to (run_litmus).
    auto too_large = [](const std::string& relative) { return relative.rfind("VULKAN/Manual/xf-barrier", 0) == 0; };
    std::size_t most = 0, total = 0;
    std::string most_where;
    for (const fs::path& f : files) {
        CAPTURE(f.string());
        const std::string relative = fs::relative(f, dir).generic_string();
        if (too_large(relative)) {
            ExpandOptions budget;
            budget.budget.max_executions = 10000;
            CHECK_THROWS_AS(expand_each(parse_litmus_file(f), budget, [](const Candidate&) { return true; }),
                            BudgetExceeded);
            budget.free_reads = true;
            std::vector<Candidate> free;
            REQUIRE_NOTHROW(free = expand(parse_litmus_file(f), budget));
            CHECK(!free.empty());
            CHECK(free.size() < 1000);
            continue;
        }
        std::vector<Candidate> cs;
        REQUIRE_NOTHROW(cs = expand(parse_litmus_file(f)));
        // Every other test has at least one execution in which all threads
        // finish.
        CHECK(cs.empty() == (no_complete_execution.count(relative) == 1));
        for (const Candidate& c : cs) check_shape(c);
        total += cs.size();
        if (cs.size() > most) {
            most = cs.size();
            most_where = fs::relative(f, dir).string();
        }
    }
    MESSAGE(files.size() << " suite tests, " << total << " candidates, at most " << most << " (" << most_where << ")");
}

// ---------------------------------------------------------------------------
// Long threads, the budget (issue 15); barrier instances are in
// litmus_barrier_test.cpp

TEST_CASE("expand: a thread of thousands of instructions needs no deep recursion") {
    // 3000 loads and 3000 stores in one thread (a recursive explorer
    // overflowed the stack at a few hundred under AddressSanitizer), and a
    // second thread that writes what the first reads.
    std::string text = "PTX long\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n";
    for (int i = 0; i < 3000; ++i)
        text += " ld.weak r" + std::to_string(i % 40) + ", x | " + (i == 0 ? "st.weak x, 1" : "") + " ;\n st.weak y, " +
                std::to_string(i % 5) + " | ;\n";
    text += "exists (P0:r0 == 1)\n";
    ExpandOptions options;
    options.max_values_per_cell = 8;
    // P0's loads each read 0 or 1: 2^3000 paths, which the budget stops.
    options.budget.max_executions = 10000;
    CHECK_THROWS_WITH_AS(expand_text(text, options),
                         "inline: test 'long': execution limit of 10000 exceeded (more than 10000 paths through P0's code)",
                         BudgetExceeded);
    // Without P1's store, x holds only 0: one path of 6000 events.
    std::string quiet = text;
    quiet.replace(quiet.find("st.weak x, 1"), 12, "");
    const auto cs = expand_text(quiet, options);
    REQUIRE(cs.size() == 1);
    CHECK(events_of(cs[0], 0).size() == 6000);
}

TEST_CASE("expand: the budget stops a blow-up with a message naming the test and the limit") {
    // Four threads each store to x and load it three times: x may hold 0
    // to 4, each thread has 125 paths, and their combinations run into
    // the millions.
    std::string text = "C blowup\n{}\n";
    for (int t = 0; t < 4; ++t) {
        text += "P" + std::to_string(t) + " (atomic_int* x) {\n  atomic_store(x, " + std::to_string(t + 1) + ");\n";
        for (int i = 0; i < 3; ++i) text += "  int r" + std::to_string(i) + " = atomic_load(x);\n";
        text += "}\n";
    }
    text += "exists (x = 1)\n";
    ExpandOptions capped;
    capped.budget.max_executions = 1000;
    CHECK_THROWS_WITH_AS(expand_text(text, capped),
                         "inline: test 'blowup': execution limit of 1000 exceeded (more than 1000 pre-executions)",
                         BudgetExceeded);
    ExpandOptions timed;
    timed.budget.deadline = std::chrono::steady_clock::now();
    timed.budget.seconds = 0.5;
    try {
        expand_text(text, timed);
        FAIL("no BudgetExceeded");
    } catch (const BudgetExceeded& e) {
        CHECK(std::string(e.what()).rfind("inline: test 'blowup': time limit of 0.5 s exceeded (", 0) == 0);
    }
    // The tick sees the work going on and may stop it.
    ExpandOptions ticking;
    int ticks = 0;
    ticking.tick = [&] {
        if (++ticks == 3) throw std::runtime_error("stopped by the caller");
    };
    CHECK_THROWS_WITH(expand_text(text, ticking), "stopped by the caller");
    // expand_each visits the candidates expand() returns, in order, and stops when asked.
    const auto all = expand_text(kMP);
    std::size_t visited = 0;
    expand_each(parse_litmus(kMP, "inline"), {}, [&](const Candidate& c) {
        CHECK(c.registers == all[visited].registers);
        ++visited;
        return visited < 2;
    });
    CHECK(visited == 2);
}
