// Tests of expand(): from a litmus program to its pre-executions.
//
// Small inline tests check events, orders, scopes, placements, rmw pairs,
// dependencies, loops and value domains one at a time.  The development
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

#include "litmus_test_support.hpp"
#include "test_skip.hpp"

namespace {

using namespace mapsound::litmus;
using mapsound::exec::Event;
using mapsound::exec::EventKind;
using mapsound::exec::Order;
using EScope = mapsound::exec::Scope;
namespace fs = std::filesystem;

std::vector<Candidate> expand_text(const std::string& text, ExpandOptions options = {}) {
    return expand(parse_litmus(text, "inline"), options);
}

// The events of thread t, in order.
std::vector<Event> events_of(const Candidate& c, int t) {
    std::vector<Event> out;
    for (const Event& e : c.pre.events)
        if (e.thread == t) out.push_back(e);
    return out;
}

// The index of the n-th event of thread t.
int index_of(const Candidate& c, int t, std::size_t n) {
    std::size_t seen = 0;
    for (std::size_t i = 0; i < c.pre.events.size(); ++i)
        if (c.pre.events[i].thread == t && seen++ == n) return static_cast<int>(i);
    FAIL("thread " << t << " has no event " << n);
    return -1;
}

std::int64_t reg(const Candidate& c, int t, const std::string& name) {
    const auto& regs = c.registers.at(static_cast<std::size_t>(t));
    auto it = regs.find(name);
    REQUIRE_MESSAGE(it != regs.end(), "P" << t << ":" << name << " missing");
    return it->second;
}

// The candidate whose registers match all of 'want' ((thread, reg, value)).
const Candidate& find(const std::vector<Candidate>& cs,
                      const std::vector<std::tuple<int, std::string, std::int64_t>>& want) {
    const Candidate* found = nullptr;
    for (const Candidate& c : cs) {
        bool ok = true;
        for (const auto& [t, r, v] : want) ok = ok && c.registers.at(static_cast<std::size_t>(t)).at(r) == v;
        if (ok) {
            REQUIRE_MESSAGE(found == nullptr, "more than one candidate matches");
            found = &c;
        }
    }
    REQUIRE_MESSAGE(found != nullptr, "no candidate matches");
    return *found;
}

bool has_pair(const std::vector<std::pair<int, int>>& pairs, int a, int b) {
    return std::find(pairs.begin(), pairs.end(), std::make_pair(a, b)) != pairs.end();
}

// Checks what every candidate must satisfy: initial writes first, one per
// cell; each thread's events contiguous; every relation pair in range.
void check_shape(const Candidate& c) {
    const auto& ev = c.pre.events;
    REQUIRE(ev.size() >= c.pre.locations.size());
    for (std::size_t i = 0; i < c.pre.locations.size(); ++i) {
        CHECK(ev[i].thread == -1);
        CHECK(ev[i].kind == EventKind::write);
        CHECK(ev[i].location == static_cast<int>(i));
        CHECK(ev[i].order == Order::none);
        CHECK(ev[i].scope == EScope::none);
    }
    int last = -1;
    for (std::size_t i = c.pre.locations.size(); i < ev.size(); ++i) {
        CHECK(ev[i].thread >= last);  // contiguous, in thread order
        CHECK(ev[i].thread >= 0);
        CHECK(!ev[i].label.empty());
        last = ev[i].thread;
    }
    for (const auto* rel : {&c.pre.rmw, &c.pre.addr, &c.pre.data, &c.pre.ctrl})
        for (auto [a, b] : *rel) {
            CHECK(a >= 0);
            CHECK(b < static_cast<int>(ev.size()));
            CHECK(ev[static_cast<std::size_t>(a)].kind == EventKind::read);
            CHECK(a < b);
            CHECK(ev[static_cast<std::size_t>(a)].thread == ev[static_cast<std::size_t>(b)].thread);
        }
    CHECK(c.registers.size() == c.pre.threads.size());
}

const char* kMP = R"(PTX MP
{ x=0; y=0; }
 P0@cta 0,gpu 0       | P1@cta 1,gpu 0       ;
 st.weak x, 1         | ld.acquire.gpu r0, y ;
 st.release.gpu y, 1  | ld.weak r1, x        ;
exists (P1:r0 == 1 /\ P1:r1 == 0)
)";

}  // namespace

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

TEST_CASE("expand: data, address and control dependencies") {
    const auto cs = expand_text(R"(C deps
{ [x] = 0; atomic_int y[2] = {0, 0}; [z] = 0; [w] = 0; }
P0 (atomic_int* x, atomic_int* y, atomic_int* z, atomic_int* w) {
  int r0 = atomic_load_explicit(x, memory_order_relaxed);
  int r1 = atomic_load_explicit(y+r0, memory_order_relaxed);
  atomic_store_explicit(z, r0 + 1, memory_order_relaxed);
  if (r1 == 1) {
    atomic_store_explicit(w, 1, memory_order_relaxed);
  }
  atomic_store_explicit(z, 5, memory_order_relaxed);
}
P1 (atomic_int* x, atomic_int* y) {
  atomic_store_explicit(x, 1, memory_order_relaxed);
  atomic_store_explicit(y+1, 1, memory_order_relaxed);
}
exists (0:r1 = 1)
)");
    for (const Candidate& c : cs) check_shape(c);
    {
        const Candidate& c = find(cs, {{0, "r0", 1}, {0, "r1", 1}});
        const auto p0 = events_of(c, 0);
        REQUIRE(p0.size() == 5);
        const int rx = index_of(c, 0, 0), ry = rx + 1, wz = rx + 2, ww = rx + 3, wz5 = rx + 4;
        CHECK(p0[1].label == "R.rlx y[1]=1");
        CHECK(p0[2].value == 2);
        CHECK(c.pre.addr == std::vector<std::pair<int, int>>{{rx, ry}});
        CHECK(c.pre.data == std::vector<std::pair<int, int>>{{rx, wz}});
        std::vector<std::pair<int, int>> ctrl = c.pre.ctrl;
        std::sort(ctrl.begin(), ctrl.end());
        CHECK(ctrl == std::vector<std::pair<int, int>>{{ry, ww}, {ry, wz5}});
    }
    {
        // The branch not taken still orders what follows it.
        const Candidate& c = find(cs, {{0, "r0", 0}, {0, "r1", 0}});
        const auto p0 = events_of(c, 0);
        REQUIRE(p0.size() == 4);
        const int rx = index_of(c, 0, 0), ry = rx + 1, wz5 = rx + 3;
        CHECK(p0[1].label == "R.rlx y[0]=0");
        CHECK(c.pre.ctrl == std::vector<std::pair<int, int>>{{ry, wz5}});
        CHECK(c.pre.addr == std::vector<std::pair<int, int>>{{rx, ry}});
    }
}

TEST_CASE("expand: PTX dependencies through arithmetic and rmw operands") {
    const auto cs = expand_text(R"(PTX depsptx
{ x=0; y=0; z=0; }
 P0@cta 0,gpu 0            | P1@cta 0,gpu 0      ;
 ld.relaxed.gpu r0, x      | st.relaxed.gpu x, 1 ;
 add r1, r0, 1             |                     ;
 ld r2, 4                  |                     ;
 mul r3, r1, r2            |                     ;
 st.weak y, r3             |                     ;
 atom.relaxed.gpu.add r4, z, r1 |                ;
 st.weak y, r4             |                     ;
 bne r2, 4, LC00           |                     ;
 st.weak y, 9              |                     ;
 LC00:                     |                     ;
exists (P0:r0 == 1)
)");
    REQUIRE(cs.size() == 2);
    const Candidate& c = find(cs, {{0, "r0", 1}});
    check_shape(c);
    const auto p0 = events_of(c, 0);
    REQUIRE(p0.size() == 6);
    const int rx = index_of(c, 0, 0);
    CHECK(p0[1].value == 8);  // (1 + 1) * 4
    std::vector<std::pair<int, int>> data = c.pre.data;
    std::sort(data.begin(), data.end());
    // x -> y (via r1, r3), x -> the rmw's write (its operand), the rmw's
    // read -> the store of r4; never the rmw's read -> its own write.
    CHECK(data == std::vector<std::pair<int, int>>{{rx, rx + 1}, {rx, rx + 3}, {rx + 2, rx + 4}});
    CHECK(c.pre.rmw == std::vector<std::pair<int, int>>{{rx + 2, rx + 3}});
    // The branch depends on a constant only: no ctrl.
    CHECK(c.pre.ctrl.empty());
    CHECK(reg(c, 0, "r3") == 8);
}

TEST_CASE("expand: loops are unrolled, and runs that need more are dropped") {
    const char* text = R"(PTX spin
{ f=0; }
 P0@cta 0,gpu 0      | P1@cta 0,gpu 0       ;
 st.relaxed.gpu f, 1 | LC00:                ;
                     | ld.relaxed.gpu r0, f ;
                     | beq r0, 0, LC00      ;
exists (P1:r0 == 1)
)";
    auto reads = [](const Candidate& c) { return events_of(c, 1).size(); };
    {
        // unroll 1: the back edge may not be taken; only "read 1" finishes.
        const auto cs = expand_text(text);
        REQUIRE(cs.size() == 1);
        check_shape(cs[0]);
        CHECK(reads(cs[0]) == 1);
        CHECK(reg(cs[0], 1, "r0") == 1);
    }
    {
        ExpandOptions o;
        o.unroll = 2;
        const auto cs = expand_text(text, o);
        REQUIRE(cs.size() == 2);
        std::multiset<std::size_t> sizes;
        for (const Candidate& c : cs) {
            check_shape(c);
            sizes.insert(reads(c));
            CHECK(reg(c, 1, "r0") == 1);
            // The second read is control dependent on the first.
            if (reads(c) == 2) CHECK(c.pre.ctrl == std::vector<std::pair<int, int>>{{index_of(c, 1, 0), index_of(c, 1, 1)}});
        }
        CHECK(sizes == std::multiset<std::size_t>{1, 2});
    }
    {
        ExpandOptions o;
        o.unroll = 3;
        CHECK(expand_text(text, o).size() == 3);
    }
}

TEST_CASE("expand: forward jumps are free, goto loops count per jump") {
    const char* text = R"(PTX jumps
{ x=0; }
 P0@cta 0,gpu 0  ;
 goto LC01       ;
 LC00:           ;
 add r0, r0, 1   ;
 LC01:           ;
 blt r0, 2, LC00 ;
 st.weak x, r0   ;
exists (x == 2)
)";
    // Forward goto, then the back edge twice: needs unroll 3.
    CHECK(expand_text(text).empty());
    ExpandOptions o;
    o.unroll = 2;
    CHECK(expand_text(text, o).empty());
    o.unroll = 3;
    const auto cs = expand_text(text, o);
    REQUIRE(cs.size() == 1);
    const auto p0 = events_of(cs[0], 0);
    REQUIRE(p0.size() == 1);
    CHECK(p0[0].value == 2);
    CHECK(reg(cs[0], 0, "r0") == 2);
}

TEST_CASE("expand: value domains grow to a fixpoint") {
    // k threads incrementing x: x may hold 0..k, each thread reads 0..k-1.
    for (int k = 1; k <= 4; ++k) {
        std::string text = "PTX chain\n{ x=0; }\n";
        for (int t = 0; t < k; ++t) text += std::string(t ? " | " : " ") + "P" + std::to_string(t) + "@cta 0,gpu 0";
        text += " ;\n";
        for (int t = 0; t < k; ++t) text += std::string(t ? " | " : " ") + "atom.relaxed.gpu.add r0, x, 1";
        text += " ;\nexists (x == 1)\n";
        const auto cs = expand_text(text);
        std::set<std::int64_t> read, written;
        for (const Candidate& c : cs) {
            check_shape(c);
            for (const Event& e : c.pre.events) {
                if (e.thread < 0) continue;
                (e.kind == EventKind::read ? read : written).insert(e.value);
            }
        }
        std::set<std::int64_t> want_read, want_written;
        for (int v = 0; v < k; ++v) {
            want_read.insert(v);
            want_written.insert(v + 1);
        }
        CHECK(read == want_read);
        CHECK(written == want_written);
    }
}

TEST_CASE("expand: the fixpoint does not mix runs of one thread") {
    // C11/manual/imm-E3.7: adding every value any run writes would grow x, y
    // and z forever (-1, -2, ...); no execution writes anything but 0 and -1.
    const auto cs = expand_text(R"(C chain
{}
P0 (atomic_int* x, atomic_int* y, atomic_int* z) {
    int r0 = atomic_load_explicit(z, memory_order_relaxed);
    atomic_store_explicit(x, r0 - 1, memory_order_relaxed);
    int r1 = atomic_load_explicit(x, memory_order_relaxed);
    atomic_store_explicit(y, r1, memory_order_relaxed);
}
P1 (atomic_int* y, atomic_int* z) {
    int r0 = atomic_load_explicit(y, memory_order_relaxed);
    atomic_store_explicit(z, r0, memory_order_relaxed);
}
exists (0:r0=1 /\ 0:r1=1 /\ 1:r0=1)
)");
    REQUIRE(cs.size() == 3);
    for (const Candidate& c : cs) {
        check_shape(c);
        for (const Event& e : c.pre.events) CHECK((e.value == 0 || e.value == -1));
    }
}

TEST_CASE("expand: reads no write can satisfy are dropped") {
    // P1 writes y = 1 only after reading x = 1, which only P0 writes after
    // reading y = 1: every candidate where a read has no writer goes, but the
    // load-buffering cycle itself stays (rf is possible; the model decides).
    const auto cs = expand_text(R"(C lb
{ [x] = 0; [y] = 0; }
P0 (atomic_int* x, atomic_int* y) {
  int r0 = atomic_load_explicit(x, memory_order_relaxed);
  if (r0) { atomic_store_explicit(y, 1, memory_order_relaxed); }
}
P1 (atomic_int* x, atomic_int* y) {
  int r1 = atomic_load_explicit(y, memory_order_relaxed);
  if (r1) { atomic_store_explicit(x, 1, memory_order_relaxed); }
}
exists (0:r0=1 /\ 1:r1=1)
)");
    REQUIRE(cs.size() == 2);
    find(cs, {{0, "r0", 0}, {1, "r1", 0}});
    find(cs, {{0, "r0", 1}, {1, "r1", 1}});
}

TEST_CASE("expand: identical runs are merged") {
    // A weak compare-exchange that may fail spuriously, where failing and
    // succeeding write the same value with the same order: one run.
    const auto cs = expand_text(R"(C weak
{ [x] = 0; }
P0 (atomic_int* x) {
  int e = 0;
  atomic_compare_exchange_weak_explicit(x, &e, 0, memory_order_relaxed, memory_order_relaxed);
}
exists (x = 0)
)");
    REQUIRE(cs.size() == 1);
    check_shape(cs[0]);
    CHECK(events_of(cs[0], 0).size() == 2);
    CHECK(reg(cs[0], 0, "e") == 0);
}

TEST_CASE("expand: a weak compare_exchange may fail spuriously") {
    const auto cs = expand_text(R"(C weak2
{ [x] = 0; }
P0 (atomic_int* x) {
  int e = 0;
  int ok = atomic_compare_exchange_weak_explicit(x, &e, 1, memory_order_relaxed, memory_order_relaxed);
}
exists (0:ok = 0)
)");
    // Reading 0: success (writes 1) or spurious failure (writes 0); reading
    // 1 has no source (see the cas tests).
    REQUIRE(cs.size() == 2);
    find(cs, {{0, "ok", 1}, {0, "e", 0}});
    const Candidate& spurious = find(cs, {{0, "ok", 0}, {0, "e", 0}});
    const auto p0 = events_of(spurious, 0);
    REQUIRE(p0.size() == 2);
    CHECK(p0[0].value == 0);
    CHECK(p0[1].value == 0);
}

TEST_CASE("expand: register arithmetic") {
    const auto cs = expand_text(R"(PTX arith
{ x=0; P0:r1=7; }
 P0@cta 0,gpu 0  ;
 div r2, r1, r0  ;
 rem r3, r1, r0  ;
 sub r4, r0, r1  ;
 shl r5, r1, 70  ;
 shr r6, r4, 1   ;
 div r7, r1, 2   ;
 rem r8, r4, 4   ;
 st.weak x, r8   ;
exists (x == 0)
)");
    REQUIRE(cs.size() == 1);
    const Candidate& c = cs[0];
    CHECK(reg(c, 0, "r0") == 0);
    CHECK(reg(c, 0, "r2") == 0);  // division by zero gives 0
    CHECK(reg(c, 0, "r3") == 0);
    CHECK(reg(c, 0, "r4") == -7);
    CHECK(reg(c, 0, "r5") == 0);
    CHECK(reg(c, 0, "r6") == -4);  // arithmetic shift
    CHECK(reg(c, 0, "r7") == 3);
    CHECK(reg(c, 0, "r8") == -3);  // C/PTX remainder truncates
}

TEST_CASE("expand: pointer values") {
    LitmusTest t;
    t.name = "ptr";
    t.dialect = Dialect::c;
    t.locations = {Location{"x", "atomic_int", {std::int64_t{0}}},
                   Location{"y", "atomic_int", {std::int64_t{0}, std::int64_t{0}}},
                   Location{"p", "atomic_int*", {AddressOf{"y"}}}};
    t.register_inits = {RegisterInit{0, Register{"q"}, AddressOf{"x"}, ""}};
    Thread th;
    th.id = 0;
    th.code = {Load{Register{"r0"}, Address{"p", std::nullopt}, MemoryOrder::relaxed, Scope::sys, {}},
               RegOp{Register{"d"}, RegOpKind::sub, Register{"r0"}, Register{"q"}}};
    t.threads = {th};
    const auto cs = expand(t);
    REQUIRE(cs.size() == 1);
    check_shape(cs[0]);
    CHECK(cs[0].pre.events[3].value == address_base + 1);  // p = &y: y is cell 1
    CHECK(reg(cs[0], 0, "r0") == address_base + 1);
    CHECK(reg(cs[0], 0, "q") == address_base + 0);
    CHECK(reg(cs[0], 0, "d") == 1);
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
