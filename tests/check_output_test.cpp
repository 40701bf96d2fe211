// Counterexample output as litmus tests: hand-built executions written in
// each dialect (the printed test reads back as the same test, and expanding
// it gives back the execution, up to renumbering events), and what each
// dialect refuses.  The Graphviz pictures of the same executions are in
// check_output_dot_test.cpp: a reader of the litmus printer's cases needs
// the comparison up to renumbering, one of the pictures does not.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "check/execution_litmus.hpp"
#include "check_output_builder.hpp"
#include "mapsound/litmus/expand.hpp"
#include "mapsound/litmus/litmus.hpp"
#include "mapsound/litmus/run.hpp"
#include "mapsound/model.hpp"

using namespace mapsound;
using namespace outputtest;
using exec::EventKind;
using exec::Order;
using litmus::Dialect;

namespace {

const std::filesystem::path root = MAPSOUND_SOURCE_DIR;

// ---------------------------------------------------------------------------
// Comparing executions up to renumbering

std::string loc_name(const exec::PreExecution& x, const exec::Event& e) {
    return e.location >= 0 ? x.locations.at(static_cast<std::size_t>(e.location)) : "";
}

// The first difference between 'want' and 'got' as executions with the same
// structure (threads and placements, events per thread in order with the
// same kind, order, scope, location name, value and barrier; one initial
// write per location name with the same value; the same rmw/addr/data/ctrl
// pairs under the correspondence), or "" when there is none.
std::string difference(const exec::PreExecution& want, const exec::PreExecution& got) {
    if (want.threads.size() != got.threads.size()) return "thread count";
    for (std::size_t t = 0; t < want.threads.size(); ++t)
        if (want.threads[t].cta != got.threads[t].cta || want.threads[t].gpu != got.threads[t].gpu)
            return "placement of thread " + std::to_string(t);
    std::vector<std::string> lw = want.locations, lg = got.locations;
    std::sort(lw.begin(), lw.end());
    std::sort(lg.begin(), lg.end());
    if (lw != lg) return "locations";
    // want event -> got event
    std::vector<int> to(want.events.size(), -1);
    std::map<std::string, int> init_got;
    std::vector<std::vector<int>> thread_got(got.threads.size());
    for (std::size_t i = 0; i < got.events.size(); ++i) {
        const exec::Event& e = got.events[i];
        if (e.thread < 0) {
            if (!init_got.emplace(loc_name(got, e), static_cast<int>(i)).second) return "two initial writes (got)";
        } else {
            thread_got[static_cast<std::size_t>(e.thread)].push_back(static_cast<int>(i));
        }
    }
    std::vector<std::size_t> next(want.threads.size(), 0);
    std::size_t initial_want = 0;
    for (std::size_t i = 0; i < want.events.size(); ++i) {
        const exec::Event& e = want.events[i];
        int j = -1;
        if (e.thread < 0) {
            auto it = init_got.find(loc_name(want, e));
            if (it == init_got.end()) return "initial write of " + loc_name(want, e);
            j = it->second;
            ++initial_want;
        } else {
            const auto t = static_cast<std::size_t>(e.thread);
            if (next[t] >= thread_got[t].size()) return "thread " + std::to_string(t) + " has fewer events";
            j = thread_got[t][next[t]++];
        }
        const exec::Event& g = got.events[static_cast<std::size_t>(j)];
        if (e.kind != g.kind || e.order != g.order || e.scope != g.scope || loc_name(want, e) != loc_name(got, g) ||
            e.value != g.value || (e.kind == EventKind::barrier && e.barrier != g.barrier))
            return "event " + std::to_string(i) + " vs " + std::to_string(j) + " (" + g.label + ")";
        to[i] = j;
    }
    if (initial_want != init_got.size()) return "initial writes";
    for (std::size_t t = 0; t < next.size(); ++t)
        if (next[t] != thread_got[t].size()) return "thread " + std::to_string(t) + " has more events";
    auto same = [&](const Pairs& a, const Pairs& b) {
        Pairs mapped;
        for (auto [p, q] : a) mapped.emplace_back(to[static_cast<std::size_t>(p)], to[static_cast<std::size_t>(q)]);
        Pairs other = b;
        std::sort(mapped.begin(), mapped.end());
        mapped.erase(std::unique(mapped.begin(), mapped.end()), mapped.end());
        std::sort(other.begin(), other.end());
        other.erase(std::unique(other.begin(), other.end()), other.end());
        return mapped == other;
    };
    if (!same(want.rmw, got.rmw)) return "rmw";
    if (!same(want.addr, got.addr)) return "addr";
    if (!same(want.data, got.data)) return "data";
    if (!same(want.ctrl, got.ctrl)) return "ctrl";
    return "";
}

// Whether the register comparisons of a condition (memory comparisons count
// as true) hold for a candidate's final registers.
bool registers_hold(const litmus::CondExpr& c, const litmus::Candidate& cand) {
    using K = litmus::CondExpr::Kind;
    switch (c.kind) {
        case K::truth: return c.value;
        case K::and_: return registers_hold(c.operands[0], cand) && registers_hold(c.operands[1], cand);
        case K::compare: {
            const auto* r = std::get_if<litmus::RegisterRef>(&c.lhs);
            if (!r) return true;
            const auto& regs = cand.registers.at(static_cast<std::size_t>(r->thread));
            auto it = regs.find(r->reg);
            return it != regs.end() && c.cmp == litmus::CmpOp::eq && it->second == std::get<std::int64_t>(c.rhs);
        }
        default: return false;
    }
}

// The test of x in 'dialect': it prints and reads back as itself, and one
// of its candidate pre-executions is x, with registers satisfying the
// condition.  Returns the printed text.
std::string check_litmus(const exec::PreExecution& x, const Pairs& rf, const Pairs& co, Dialect dialect,
                         const std::string& name) {
    const litmus::LitmusTest t = check::execution_litmus(x, rf, co, dialect, name, "built from an execution");
    const std::string text = litmus::print_litmus(t);
    INFO("printed:\n" << text);
    const litmus::LitmusTest again = litmus::parse_litmus(text, t.source);
    CHECK(again == t);
    CHECK(litmus::print_litmus(again) == text);
    const std::vector<litmus::Candidate> candidates = litmus::expand(again);
    // AuDaLa's commands carry no memory order: the execution's plain
    // accesses come back without one.
    exec::PreExecution want = x;
    if (dialect == Dialect::audala)
        for (exec::Event& e : want.events)
            if (e.thread >= 0 && e.order == Order::na) e.order = Order::none;
    int matches = 0;
    for (const litmus::Candidate& c : candidates)
        if (difference(want, c.pre).empty()) {
            ++matches;
            CHECK(registers_hold(again.condition->expr, c));
        }
    CHECK(matches == 1);
    if (matches == 0)
        for (const litmus::Candidate& c : candidates) INFO("candidate differs: " << difference(want, c.pre));
    return text;
}

// run_litmus's verdict on the test of x (whether the execution's outcome is
// allowed).
bool allowed(const exec::PreExecution& x, const Pairs& rf, const Pairs& co, Dialect d, const std::string& model) {
    const litmus::LitmusTest t = check::execution_litmus(x, rf, co, d, "T", "");
    const model::Model m = model::Model::load((root / "models" / model).string());
    litmus::RunOptions options;
    options.cross_check = true;
    return litmus::run_litmus(t, m, options).ok;
}

std::string invalid(const exec::PreExecution& x, const Pairs& rf, Dialect d) {
    try {
        check::execution_litmus(x, rf, {}, d, "T", "");
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    FAIL("no std::invalid_argument");
    return "";
}

// ---------------------------------------------------------------------------
// The executions

// MP: P0 writes data x (na / weak) then flag y (release), P1 reads the flag
// (acquire) and then stale data.  Threads in different CTAs of GPU 0.
struct MP {
    Builder b{{{"x", 0}, {"y", 0}}, {{0, 0}, {1, 0}}};
    Pairs rf;
    explicit MP(Order data) {
        using S = exec::Scope;
        const int wx = b.write(0, "x", 1, data);
        const int wy = b.write(0, "y", 1, Order::rel, S::gpu);
        const int ry = b.read(1, "y", 1, Order::acq, S::gpu);
        const int rx = b.read(1, "x", 0, data);
        (void)wx;
        rf = {{wy, ry}, {0, rx}};
    }
};

// SB with the given accesses and, if 'fence', a fence between them.
struct SB {
    Builder b{{{"x", 0}, {"y", 0}}, {{0, 0}, {1, 0}}};
    Pairs rf;
    SB(Order access, exec::Scope scope, std::optional<Order> fence) {
        const int w0 = b.write(0, "x", 1, access, scope);
        if (fence) b.fence(0, *fence, scope);
        const int r0 = b.read(0, "y", 0, access, scope);
        const int w1 = b.write(1, "y", 1, access, scope);
        if (fence) b.fence(1, *fence, scope);
        const int r1 = b.read(1, "x", 0, access, scope);
        (void)w0;
        (void)w1;
        rf = {{1, r0}, {0, r1}};
    }
};

// LB with data dependencies: each thread reads what the other writes and
// writes a value computed from what it read.
struct LB {
    Builder b{{{"x", 0}, {"y", 0}}, {{0, 0}, {0, 0}}};
    Pairs rf;
    LB(Order o, exec::Scope s) {
        const int rx = b.read(0, "x", 1, o, s);
        const int wy = b.write(0, "y", 1, o, s);
        const int ry = b.read(1, "y", 1, o, s);
        const int wx = b.write(1, "x", 1, o, s);
        b.x.data = {{rx, wy}, {ry, wx}};
        rf = {{wy, ry}, {wx, rx}};
    }
};

}  // namespace

// ---------------------------------------------------------------------------
// Litmus tests

TEST_CASE("check_output/litmus: MP with release/acquire and scopes, in C and PTX") {
    MP c(Order::na);
    const std::string ctext = check_litmus(c.b.x, c.rf, {}, Dialect::c, "MP-c");
    CHECK(contains(ctext, "P0@cta 0,gpu 0 (int* x, atomic_int* y) {"));
    CHECK(contains(ctext, "P1@cta 1,gpu 0 (int* x, atomic_int* y) {"));
    CHECK(contains(ctext, "  *x = 1;\n"));
    CHECK(contains(ctext, "atomic_store_explicit(y, 1, memory_order_release, memory_scope_gpu);"));
    CHECK(contains(ctext, "int r0 = atomic_load_explicit(y, memory_order_acquire, memory_scope_gpu);"));
    CHECK(contains(ctext, "int r1 = *x;"));
    CHECK(contains(ctext, "exists (1:r0=1 /\\ 1:r1=0)"));
    CHECK_FALSE(allowed(c.b.x, c.rf, {}, Dialect::c, "rc11-scoped.cat"));

    MP p(Order::weak);
    const std::string ptext = check_litmus(p.b.x, p.rf, {}, Dialect::ptx, "MP-ptx");
    CHECK(contains(ptext, "P0@cta 0,gpu 0"));
    CHECK(contains(ptext, "P1@cta 1,gpu 0"));
    CHECK(contains(ptext, "st.weak x, 1"));
    CHECK(contains(ptext, "st.release.gpu y, 1"));
    CHECK(contains(ptext, "ld.acquire.gpu r0, y"));
    CHECK(contains(ptext, "ld.weak r1, x"));
    CHECK(contains(ptext, "(P1:r0 == 1 /\\ P1:r1 == 0)"));
    CHECK_FALSE(allowed(p.b.x, p.rf, {}, Dialect::ptx, "ptx-6.0.cat"));

    // The same shape with relaxed flags is allowed.
    MP weak(Order::weak);
    for (exec::Event& e : weak.b.x.events)
        if (e.order == Order::rel || e.order == Order::acq) e.order = Order::rlx;
    CHECK(allowed(weak.b.x, weak.rf, {}, Dialect::ptx, "ptx-6.0.cat"));
}

TEST_CASE("check_output/litmus: C without scopes has no placements") {
    MP c(Order::na);
    c.b.x.threads = {{0, 0}, {0, 0}};
    for (exec::Event& e : c.b.x.events)
        if (e.scope == exec::Scope::gpu) e.scope = exec::Scope::sys;
    const std::string text = check_litmus(c.b.x, c.rf, {}, Dialect::c, "MP");
    CHECK(contains(text, "P0 (int* x, atomic_int* y) {"));
    CHECK(contains(text, "atomic_store_explicit(y, 1, memory_order_release);"));
    CHECK_FALSE(contains(text, "@cta"));
}

TEST_CASE("check_output/litmus: SB with sc accesses and sc fences") {
    SB c(Order::sc, exec::Scope::sys, Order::sc);
    const std::string ctext = check_litmus(c.b.x, c.rf, {}, Dialect::c, "SB-sc");
    CHECK(contains(ctext, "atomic_store_explicit(x, 1, memory_order_seq_cst);"));
    CHECK(contains(ctext, "atomic_thread_fence(memory_order_seq_cst);"));
    CHECK(contains(ctext, "int r0 = atomic_load_explicit(y, memory_order_seq_cst);"));
    CHECK_FALSE(allowed(c.b.x, c.rf, {}, Dialect::c, "rc11.cat"));

    SB cta(Order::sc, exec::Scope::cta, std::nullopt);
    const std::string scoped = check_litmus(cta.b.x, cta.rf, {}, Dialect::c, "SB-cta");
    CHECK(contains(scoped, "atomic_store_explicit(x, 1, memory_order_seq_cst, memory_scope_cta);"));
    CHECK(contains(scoped, "P0@cta 0,gpu 0"));

    SB p(Order::rlx, exec::Scope::gpu, Order::sc);
    const std::string ptext = check_litmus(p.b.x, p.rf, {}, Dialect::ptx, "SB-fence-sc");
    CHECK(contains(ptext, "st.relaxed.gpu x, 1"));
    CHECK(contains(ptext, "fence.sc.gpu"));
    CHECK(contains(ptext, "ld.relaxed.gpu r0, y"));
    CHECK_FALSE(allowed(p.b.x, p.rf, {}, Dialect::ptx, "ptx-6.0.cat"));

    SB acq_rel(Order::rlx, exec::Scope::gpu, Order::acq_rel);
    CHECK(contains(check_litmus(acq_rel.b.x, acq_rel.rf, {}, Dialect::ptx, "SB-fence-acq_rel"), "fence.acq_rel.gpu"));
    CHECK(allowed(acq_rel.b.x, acq_rel.rf, {}, Dialect::ptx, "ptx-6.0.cat"));

    // C has relaxed fences too; PTX does not.
    SB rlx(Order::rlx, exec::Scope::gpu, Order::rlx);
    CHECK(contains(check_litmus(rlx.b.x, rlx.rf, {}, Dialect::c, "SB-fence-rlx"),
                   "atomic_thread_fence(memory_order_relaxed, memory_scope_gpu);"));
    CHECK(contains(invalid(rlx.b.x, rlx.rf, Dialect::ptx), "PTX cannot express order rlx with scope gpu of event 3"));
}

TEST_CASE("check_output/litmus: an RMW exchange, with a data dependency into its write and a final value") {
    using S = exec::Scope;
    for (Dialect d : {Dialect::c, Dialect::ptx}) {
        Builder b({{"x", 0}, {"y", 0}}, {{0, 0}, {1, 0}});
        const Order plain = d == Dialect::c ? Order::na : Order::weak;
        const int wy = b.write(0, "y", 5, plain);
        const int wx = b.write(0, "x", 1, Order::rlx, S::gpu);
        const int ry = b.read(1, "y", 5, plain);
        const int r = b.rmw(1, "x", 1, 2, Order::acq_rel, S::gpu);
        b.x.data = {{ry, r + 1}};
        const Pairs rf = {{wy, ry}, {wx, r}};
        const Pairs co = {{0, wx}, {wx, r + 1}, {0, r + 1}};
        const std::string text = check_litmus(b.x, rf, co, d, "RMW");
        if (d == Dialect::c) {
            CHECK(contains(text, "int t0 = r0 - r0;"));
            CHECK(contains(text, "int t1 = t0 + 2;"));
            CHECK(contains(text, "int r1 = atomic_exchange_explicit(x, t1, memory_order_acq_rel, memory_scope_gpu);"));
            CHECK(contains(text, "exists (1:r0=5 /\\ 1:r1=1 /\\ x=2)"));
            CHECK(allowed(b.x, rf, co, d, "rc11-scoped.cat"));
        } else {
            CHECK(contains(text, "sub r2, r0, r0"));
            CHECK(contains(text, "add r3, r2, 2"));
            CHECK(contains(text, "atom.acq_rel.gpu.exch r1, x, r3"));
            CHECK(contains(text, "x == 2"));
            CHECK(allowed(b.x, rf, co, d, "ptx-6.0.cat"));
        }
    }
}

TEST_CASE("check_output/litmus: final values only for a unique co-maximal write") {
    using S = exec::Scope;
    // 2+2W: P0 x=1; y=2   P1 y=1; x=2
    Builder b({{"x", 0}, {"y", 0}}, {{0, 0}, {0, 0}});
    const int x1 = b.write(0, "x", 1, Order::rlx, S::sys);
    const int y2 = b.write(0, "y", 2, Order::rlx, S::sys);
    const int y1 = b.write(1, "y", 1, Order::rlx, S::sys);
    const int x2 = b.write(1, "x", 2, Order::rlx, S::sys);
    // co: x2 before x1, y2 before y1: the cyclic outcome.
    const Pairs co = {{x2, x1}, {y2, y1}};
    const std::string text = check_litmus(b.x, {}, co, Dialect::c, "2+2W");
    CHECK(contains(text, "exists (x=1 /\\ y=1)"));
    CHECK(allowed(b.x, {}, co, Dialect::c, "rc11.cat"));
    CHECK_FALSE(allowed(b.x, {}, co, Dialect::c, "sc.cat"));
    // Without co on x, x has two maximal writes and is left out.
    CHECK(contains(check_litmus(b.x, {}, {{y2, y1}}, Dialect::c, "2+2W"), "exists (y=1)"));
    // Nothing to say at all.
    CHECK(contains(check_litmus(b.x, {}, {}, Dialect::c, "2+2W"), "exists (true)"));
}

TEST_CASE("check_output/litmus: LB with data dependencies in every dialect") {
    LB c(Order::rlx, exec::Scope::sys);
    const std::string ctext = check_litmus(c.b.x, c.rf, {}, Dialect::c, "LB+datas");
    CHECK(contains(ctext, "int t0 = r0 - r0;"));
    CHECK(contains(ctext, "int t1 = t0 + 1;"));
    CHECK(contains(ctext, "atomic_store_explicit(y, t1, memory_order_relaxed);"));
    CHECK_FALSE(allowed(c.b.x, c.rf, {}, Dialect::c, "rc11.cat"));  // no out-of-thin-air

    LB p(Order::rlx, exec::Scope::gpu);
    const std::string ptext = check_litmus(p.b.x, p.rf, {}, Dialect::ptx, "LB+datas");
    CHECK(contains(ptext, "sub r2, r0, r0"));
    CHECK(contains(ptext, "st.relaxed.gpu y, r3"));

    LB a(Order::na, exec::Scope::none);
    const std::string atext = check_litmus(a.b.x, a.rf, {}, Dialect::audala, "LB+datas");
    CHECK(contains(atext, "y := r0 - r0 + 1;"));
    CHECK(contains(atext, "x := r1 - r1 + 1;"));
    CHECK(contains(atext, "exists (I0:r0 = 1 /\\ I1:r1 = 1)"));

    // Two sources and a negative value.
    Builder b({{"x", 0}, {"y", 0}, {"z", 0}}, {{0, 0}});
    const int rx = b.read(0, "x", 0, Order::na);
    const int ry = b.read(0, "y", 0, Order::na);
    const int wz = b.write(0, "z", -3, Order::na);
    b.x.data = {{rx, wz}, {ry, wz}};
    const Pairs rf = {{0, rx}, {1, ry}};
    CHECK(contains(check_litmus(b.x, rf, {}, Dialect::audala, "two"), "z := r0 - r0 + r1 - r1 + -3;"));
    CHECK(contains(check_litmus(b.x, rf, {}, Dialect::c, "two"), "int t3 = t2 + -3;"));
    for (exec::Event& e : b.x.events)
        if (e.thread >= 0) e.order = Order::weak;
    CHECK(contains(check_litmus(b.x, rf, {}, Dialect::ptx, "two"), "add r5, r4, -3"));
}

TEST_CASE("check_output/litmus: address dependencies (seed 003 Fig. 14) in AuDaLa, C and PTX") {
    Builder b({{"x", 0}, {"y", 0}}, {{0, 0}, {0, 0}});
    const int r1 = b.read(0, "x", 42, Order::na);
    const int wy = b.write(0, "y", 42, Order::na);
    const int r2 = b.read(1, "y", 42, Order::na);
    const int r3 = b.read(1, "x", 0, Order::na);
    const int wx = b.write(1, "x", 42, Order::na);
    b.x.data = {{r1, wy}};
    b.x.addr = {{r2, r3}};
    const Pairs rf = {{wx, r1}, {wy, r2}, {0, r3}};
    const std::string text = check_litmus(b.x, rf, {}, Dialect::audala, "Fig14");
    CHECK(contains(text, "AuDaLa Fig14\n"));
    CHECK(contains(text, "instance I1 {\n  r1 := y;\n  r2 := x[r1 - r1];\n  x := 42;\n}"));
    CHECK(contains(text, "exists (I0:r0 = 42 /\\ I1:r1 = 42 /\\ I1:r2 = 0)"));
    // The seed's verdicts: allowed by LEGAL_EXEC*, not by LEGAL_EXEC.
    CHECK(allowed(b.x, rf, {}, Dialect::audala, "audala-star.cat"));
    CHECK_FALSE(allowed(b.x, rf, {}, Dialect::audala, "audala.cat"));

    // C writes the address dependency as pointer arithmetic.
    const std::string ctext = check_litmus(b.x, rf, {}, Dialect::c, "Fig14");
    CHECK(contains(ctext, "int t2 = r1 - r1;"));
    CHECK(contains(ctext, "int r2 = *(x + t2);"));
    // PTX has no plain accesses, but takes the weak ones with mapsound's
    // element offset "x[r]".
    CHECK(contains(invalid(b.x, rf, Dialect::ptx), "PTX cannot express order na with scope none of event 2"));
    exec::PreExecution weak = b.x;
    for (exec::Event& e : weak.events)
        if (e.thread >= 0) e.order = Order::weak;
    const std::string ptext = check_litmus(weak, rf, {}, Dialect::ptx, "Fig14");
    CHECK(contains(ptext, "sub r5, r1, r1"));
    CHECK(contains(ptext, "ld.weak r2, x[r5]"));
    CHECK(allowed(weak, rf, {}, Dialect::ptx, "ptx-6.0.cat"));

    // Order::none is AuDaLa's plain too.
    const litmus::LitmusTest na = check::execution_litmus(b.x, rf, {}, Dialect::audala, "Fig14", "");
    for (exec::Event& e : b.x.events)
        if (e.thread >= 0) e.order = Order::none;
    CHECK(check::execution_litmus(b.x, rf, {}, Dialect::audala, "Fig14", "") == na);
}

TEST_CASE("check_output/litmus: control dependencies in every dialect") {
    // P0: r0 = x; r1 = y; W z; W x   ctrl: r0 -> from W z on, r1 -> W x
    for (Dialect d : {Dialect::c, Dialect::ptx, Dialect::audala}) {
        Builder b({{"x", 0}, {"y", 0}, {"z", 0}}, {{0, 0}, {0, 0}});
        const Order o = d == Dialect::ptx ? Order::weak : Order::na;
        const int rx = b.read(0, "x", 1, o);
        const int ry = b.read(0, "y", 0, o);
        const int wz = b.write(0, "z", 1, o);
        const int wx = b.write(0, "x", 2, o);
        const int w1 = b.write(1, "x", 1, o);
        b.x.ctrl = {{rx, wz}, {rx, wx}, {ry, wx}};
        const Pairs rf = {{w1, rx}, {1, ry}};
        const Pairs co = {{w1, wx}};
        const std::string text = check_litmus(b.x, rf, co, d, "ctrl");
        if (d == Dialect::c) {
            CHECK(contains(text, "  if (r0 == r0) {\n    *z = 1;\n    if (r1 == r1) {\n      *x = 2;\n    }\n  }\n"));
            CHECK(contains(text, "exists (0:r0=1 /\\ 0:r1=0 /\\ x=2)"));
        } else if (d == Dialect::ptx) {
            CHECK(contains(text, "bne r0, r0, LC0"));
            CHECK(contains(text, "bne r1, r1, LC1"));
        } else {
            CHECK(contains(text, "  if (r0 == r0) {\n    z := 1;\n    if (r1 == r1) {\n      x := 2;\n    }\n  }\n"));
        }
        // A control dependency that stops short of the thread's end cannot
        // be a branch.
        b.x.ctrl = {{rx, wz}};
        CHECK(contains(invalid(b.x, rf, d), "do not reach every later event"));
    }
}

TEST_CASE("check_output/litmus: barriers in PTX") {
    Builder b({{"x", 0}}, {{0, 0}, {0, 0}});
    const int w = b.write(0, "x", 1, Order::weak);
    b.barrier(0, 0);
    b.barrier(1, 0);
    const int r = b.read(1, "x", 1, Order::weak);
    const std::string text = check_litmus(b.x, {{w, r}}, {}, Dialect::ptx, "MP-bar");
    CHECK(contains(text, "bar.cta.sync 0"));
    for (exec::Event& e : b.x.events)
        if (e.order == Order::weak) e.order = Order::na;
    CHECK(contains(invalid(b.x, {{w, r}}, Dialect::c), "C cannot express the barrier of event 2"));
}

TEST_CASE("check_output/litmus: arrays and names that clash with registers") {
    Builder b({{"a[0]", 0}, {"a[1]", 7}, {"r0", 0}}, {{0, 0}});
    const int ra = b.read(0, "r0", 0, Order::rlx, exec::Scope::sys);
    const int r1 = b.read(0, "a[1]", 7, Order::na);
    const int w0 = b.write(0, "a[0]", 3, Order::na);
    b.x.addr = {{ra, r1}};
    const Pairs rf = {{2, ra}, {1, r1}};
    const std::string ctext = check_litmus(b.x, rf, {}, Dialect::c, "arrays");
    CHECK(contains(ctext, "int a[2] = {0, 7};"));
    CHECK(contains(ctext, "int r_0 = atomic_load_explicit(r0, memory_order_relaxed);"));
    CHECK(contains(ctext, "int t1 = t0 + 1;"));
    CHECK(contains(ctext, "*(a + 0) = 3;"));
    (void)w0;
    for (exec::Event& e : b.x.events)
        if (e.thread >= 0) e.order = Order::na, e.scope = exec::Scope::none;
    const std::string atext = check_litmus(b.x, rf, {}, Dialect::audala, "arrays");
    CHECK(contains(atext, "a[2] = {0, 7};"));
    CHECK(contains(atext, "r_1 := a[r_0 - r_0 + 1];"));
    // PTX registers are r<digits>, so no location may be called so.
    for (exec::Event& e : b.x.events)
        if (e.thread >= 0) e.order = Order::weak;
    CHECK(contains(invalid(b.x, rf, Dialect::ptx), "'r0' is no PTX location name"));
    b.x.locations[2] = "q";
    const std::string ptext = check_litmus(b.x, rf, {}, Dialect::ptx, "arrays");
    CHECK(contains(ptext, "a[2] = {0, 7};"));
    CHECK(contains(ptext, "sub r2, r0, r0"));
    CHECK(contains(ptext, "add r3, r2, 1"));
    CHECK(contains(ptext, "ld.weak r1, a[r3]"));
    CHECK(contains(ptext, "st.weak a[0], 3"));

    // An array missing an element is no array expand can produce.
    Builder gap({{"a[1]", 0}}, {{0, 0}});
    CHECK(contains(invalid(gap.x, {}, Dialect::c), "array 'a' must have every element"));
    Builder huge({{"a[0]", 0}, {"a[4096]", 0}}, {{0, 0}});
    CHECK(contains(invalid(huge.x, {}, Dialect::c), "is beyond the 4096 elements"));
}

TEST_CASE("check_output/litmus: what the dialects refuse") {
    using S = exec::Scope;
    {
        Builder b({{"x", 0}}, {{0, 0}});
        b.rmw(0, "x", 0, 1, Order::na, S::none);
        CHECK(contains(invalid(b.x, {{0, 1}}, Dialect::audala), "AuDaLa cannot express the read-modify-write of event 1"));
        CHECK(contains(invalid(b.x, {{0, 1}}, Dialect::c), "C cannot express order na with scope none of event 1"));
    }
    {
        Builder b({{"x", 0}}, {{0, 0}});
        b.fence(0, Order::sc, S::sys);
        CHECK(contains(invalid(b.x, {}, Dialect::audala), "AuDaLa cannot express the fence of event 1"));
    }
    {
        Builder b({{"x", 0}}, {{0, 0}});
        b.read(0, "x", 0, Order::sc, S::gpu);
        CHECK(contains(invalid(b.x, {}, Dialect::ptx), "PTX cannot express order sc with scope gpu of event 1"));
        CHECK(contains(invalid(b.x, {}, Dialect::audala), "AuDaLa cannot express order sc"));
        b.x.events[1].scope = S::none;
        CHECK(contains(invalid(b.x, {}, Dialect::c), "C cannot express order sc with scope none"));
    }
    {
        Builder b({{"x", 0}}, {{0, 0}, {2, 0}});
        b.read(0, "x", 0, Order::na);
        CHECK(contains(invalid(b.x, {}, Dialect::audala), "AuDaLa instances have no placement"));
    }
    {
        // Malformed executions.
        Builder b({{"x", 0}}, {{0, 0}});
        const int r = b.read(0, "x", 1, Order::na);
        CHECK(contains(invalid(b.x, {{0, r}}, Dialect::c), "rf pair (0, 1) is not a write and a read of the same location and value"));
        b.x.data = {{r, r}};
        CHECK(contains(invalid(b.x, {}, Dialect::c), "data pair (1, 1) is not from a read to a later event"));
        b.x.data.clear();
        b.x.events.erase(b.x.events.begin());
        b.x.events[0].thread = 0;
        CHECK(contains(invalid(b.x, {}, Dialect::c), "location 'x' has no initial write"));
    }
    {
        Builder b({{"x", 0}}, {{0, 0}});
        b.read(0, "x", 0, Order::rlx, S::sys);
        CHECK_THROWS_AS(check::execution_litmus(b.x, {}, {}, Dialect::c, "two words", ""), std::invalid_argument);
    }
}
