// Tests of expand(): dependencies, control flow (loops, jumps), value
// domains and their fixpoint, dropped and merged runs, register arithmetic
// and pointer values, one at a time on inline programs.
#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include <mapsound/litmus/expand.hpp>
#include <mapsound/litmus/parse.hpp>

#include "litmus_expand_support.hpp"

using namespace litmus_expand_test;

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
