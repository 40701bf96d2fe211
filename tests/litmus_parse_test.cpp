// Tests of the litmus front end: parsing PTX (Dartagnan dialect) and C
// (herd7 syntax) into the program IR, printing it back, and the errors for
// malformed input.
//
// The development suite (Dartagnan's tests, MIT licence) is read in place
// from MAPSOUND_LITMUS_SUITE_DIR, never copied; the cases that need it skip
// with a message when it is absent.  Everything else uses the small inline
// tests below.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include <mapsound/litmus/litmus.hpp>

#include "litmus_test_support.hpp"
#include "test_skip.hpp"

namespace {

using namespace mapsound::litmus;
using litmustest::skip_without_suite;
using litmustest::suite_dir;
namespace fs = std::filesystem;

using litmustest::suite_files;

// The suite test at 'relative' (the suite exists).
std::optional<LitmusTest> suite_test(const std::string& relative) {
    return parse_litmus_file(*suite_dir() / relative);
}

using litmustest::check_round_trip;
using litmustest::error_of;

template <class T>
const T& at(const Thread& t, std::size_t i) {
    REQUIRE(i < t.code.size());
    const T* p = std::get_if<T>(&t.code[i]);
    REQUIRE_MESSAGE(p != nullptr, "instruction " << i << " of P" << t.id << " has another kind");
    return *p;
}

Operand reg(const char* name) { return Register{name}; }
Operand num(std::int64_t v) { return v; }
Term rref(int thread, const char* r) { return RegisterRef{thread, r}; }
Term mref(const char* loc) { return MemoryRef{loc, std::nullopt}; }
Term val(std::int64_t v) { return v; }

// ---------------------------------------------------------------------------
// Inline tests covering every construct of each dialect.

const char* const kPtxSample = R"(PTX sample-all
"a doc string"
{
x=0; y = 1; f=0;
P0:r0=0; 1:r1 = -3;
}
 P0@cta 0,gpu 0                   | P1@cta 1, gpu 0          ;
 ld.acquire.gpu r0, x             | st.release.sys y, 2      ;
 atom.acq_rel.gpu.cas r1, x, 0, 1 | red.relaxed.cta.add x, r1 ;
 LC00:                            | fence.acq_rel.cta        ;
 add r2, r0, -1                   | membar.gl                ;
 bne r2, 0, LC00                  | bar.cta.sync 1 2 3       ;
 ld r3, 7                         | ld.volatile r4, f        ;
 goto LC01                        | atom.gpu.acquire.exch r5, y, 4 ;
 LC01: st.relaxed.gpu f, 1        | ld.relaxed.sys.u32 r6, y ;
                                  | atom.add r7, x, 1        ;
filter (x == 1)
exists (P0:r0 == 1 /\ ~(1:r1 != 2 \/ f = 0) /\ true)
)";

const char* const kCSample = R"(C sample-all
(* a comment *)
{ [x] = 0; int y = 2; atomic_int arr[3] = {1, 2}; int* p = &x; 0:r9 = 4; }
// a line comment
P0@cta 0,gpu 1 (atomic_int* x, atomic_int *arr, volatile int* y) {
  int r0 = atomic_load_explicit(x, memory_order_acquire, memory_scope_cta);
  int r1 = atomic_load(arr + 1);
  atomic_store_explicit(x, r0 + 1, memory_order_release, memory_scope_gpu);
  int r2 = atomic_fetch_add_explicit(x, 2, memory_order_relaxed);
  atomic_fetch_xor(x, 3, memory_scope_sys);
  int ok = atomic_compare_exchange_weak_explicit(x, &r1, 5, memory_order_acq_rel, memory_order_acquire, memory_scope_cta);
  int r3 = atomic_exchange(x, 9);
  *y = (r0 * 2) % 3;  /* a block comment */
  int r4 = *y + atomic_load_explicit(x, memory_order_relaxed);
  if (r4 > 1 && r0) { *y = 1; } else if (!r1) { *y = 2; } else { atomic_thread_fence(memory_order_seq_cst, memory_scope_cta); }
  atomic_signal_fence(memory_order_acquire);
  if (r4 == 3) goto done;
  r4 = -r4;
  done: ;
}

P1 (atomic_int* x) {
  int r5;
  if (*x) r5 = 1;
  atomic_compare_exchange_strong(x, &r5, 0);
}
filter (0:r0 = 0)
~exists (0:r0 != 1 \/ x = 2 /\ arr[1] = 2)
)";

}  // namespace

TEST_CASE("litmus: the PTX sample parses into the expected IR") {
    const LitmusTest t = parse_litmus(kPtxSample, "sample.litmus");
    CHECK(t.name == "sample-all");
    CHECK(t.dialect == Dialect::ptx);
    CHECK(t.source == "sample.litmus");
    CHECK(t.doc == std::optional<std::string>("a doc string"));

    REQUIRE(t.locations.size() == 3);
    CHECK(t.locations[0] == Location{"x", "", {std::int64_t{0}}});
    CHECK(t.locations[1] == Location{"y", "", {std::int64_t{1}}});
    REQUIRE(t.register_inits.size() == 2);
    CHECK(t.register_inits[1] == RegisterInit{1, Register{"r1"}, std::int64_t{-3}, ""});

    REQUIRE(t.threads.size() == 2);
    const Thread& p0 = t.threads[0];
    const Thread& p1 = t.threads[1];
    CHECK(p0.placement == Placement{0, 0});
    CHECK(p1.placement == Placement{1, 0});
    CHECK(p0.params.empty());

    REQUIRE(p0.code.size() == 9);
    CHECK(at<Load>(p0, 0) == Load{Register{"r0"}, Address{"x", std::nullopt}, MemoryOrder::acquire, Scope::gpu, {}});
    const Rmw& cas = at<Rmw>(p0, 1);
    CHECK(cas.op == RmwOp::cas);
    CHECK(cas.dest == std::optional<Register>(Register{"r1"}));
    CHECK(cas.expected == std::optional<Operand>(num(0)));
    CHECK(cas.value == num(1));
    CHECK(cas.order == MemoryOrder::acq_rel);
    CHECK(cas.scope == Scope::gpu);
    CHECK(at<Label>(p0, 2).name == "LC00");
    CHECK(at<RegOp>(p0, 3) == RegOp{Register{"r2"}, RegOpKind::add, reg("r0"), num(-1)});
    CHECK(at<Branch>(p0, 4) == Branch{CmpOp::ne, reg("r2"), num(0), "LC00"});
    // "ld r3, 7": no qualifier and a constant operand is a register move.
    CHECK(at<RegOp>(p0, 5) == RegOp{Register{"r3"}, RegOpKind::move, num(7), std::nullopt});
    CHECK(at<Goto>(p0, 6).target == "LC01");
    CHECK(at<Label>(p0, 7).name == "LC01");  // a label and an instruction share a cell
    CHECK(at<Store>(p0, 8) == Store{Address{"f", std::nullopt}, num(1), MemoryOrder::relaxed, Scope::gpu, {}});

    REQUIRE(p1.code.size() == 9);
    CHECK(at<Store>(p1, 0) == Store{Address{"y", std::nullopt}, num(2), MemoryOrder::release, Scope::sys, {}});
    const Rmw& red = at<Rmw>(p1, 1);
    CHECK(!red.dest);
    CHECK(red.op == RmwOp::add);
    CHECK(red.value == reg("r1"));
    CHECK(red.scope == Scope::cta);
    CHECK(at<Fence>(p1, 2) == Fence{FenceKind::fence, MemoryOrder::acq_rel, Scope::cta, {}});
    CHECK(at<Fence>(p1, 3) == Fence{FenceKind::membar, MemoryOrder::seq_cst, Scope::gpu, {}});
    CHECK(at<Barrier>(p1, 4) == Barrier{num(1), num(2), num(3), false, {}});
    CHECK(at<Load>(p1, 5) == Load{Register{"r4"}, Address{"f", std::nullopt}, MemoryOrder::volatile_, Scope::none, {}});
    // Qualifiers in another order, and the PTX defaults of atom (.relaxed, .gpu).
    CHECK(at<Rmw>(p1, 6).order == MemoryOrder::acquire);
    CHECK(at<Rmw>(p1, 6).op == RmwOp::exch);
    CHECK(at<Load>(p1, 7).order == MemoryOrder::relaxed);  // .u32 ignored
    CHECK(at<Rmw>(p1, 8).order == MemoryOrder::relaxed);
    CHECK(at<Rmw>(p1, 8).scope == Scope::gpu);

    REQUIRE(t.filter);
    CHECK(*t.filter == CondExpr::compare(mref("x"), CmpOp::eq, val(1)));
    CHECK(t.condition->quantifier == Quantifier::exists);
    const CondExpr expected = CondExpr::conjunction(
        CondExpr::conjunction(CondExpr::compare(rref(0, "r0"), CmpOp::eq, val(1)),
                              CondExpr::negation(CondExpr::disjunction(
                                  CondExpr::compare(rref(1, "r1"), CmpOp::ne, val(2)),
                                  CondExpr::compare(mref("f"), CmpOp::eq, val(0))))),
        CondExpr::truth(true));
    CHECK(t.condition->expr == expected);
    check_round_trip(t);
}

TEST_CASE("litmus: the C sample parses into the expected IR") {
    const LitmusTest t = parse_litmus(kCSample, "sample.litmus");
    CHECK(t.dialect == Dialect::c);
    CHECK(!t.doc);
    REQUIRE(t.locations.size() == 4);
    CHECK(t.locations[0] == Location{"x", "", {std::int64_t{0}}});
    CHECK(t.locations[1] == Location{"y", "int", {std::int64_t{2}}});
    CHECK(t.locations[2] == Location{"arr", "atomic_int", {std::int64_t{1}, std::int64_t{2}, std::int64_t{0}}});
    CHECK(t.locations[3] == Location{"p", "int*", {AddressOf{"x"}}});
    CHECK(t.register_inits == std::vector<RegisterInit>{{0, Register{"r9"}, std::int64_t{4}, ""}});

    REQUIRE(t.threads.size() == 2);
    const Thread& p0 = t.threads[0];
    CHECK(p0.placement == Placement{0, 1});
    CHECK(p0.params == std::vector<Parameter>{{"atomic_int*", "x"}, {"atomic_int*", "arr"}, {"volatile int*", "y"}});
    CHECK(!t.threads[1].placement);

    std::size_t i = 0;
    CHECK(at<Load>(p0, i++) == Load{Register{"r0"}, Address{"x", std::nullopt}, MemoryOrder::acquire, Scope::cta, {}});
    // atomic_load without _explicit is seq_cst; no scope argument means sys.
    CHECK(at<Load>(p0, i++) == Load{Register{"r1"}, Address{"arr", num(1)}, MemoryOrder::seq_cst, Scope::sys, {}});
    // A computed value goes through a temporary.
    CHECK(at<RegOp>(p0, i++) == RegOp{Register{"__t0"}, RegOpKind::add, reg("r0"), num(1)});
    CHECK(at<Store>(p0, i++) == Store{Address{"x", std::nullopt}, reg("__t0"), MemoryOrder::release, Scope::gpu, {}});
    CHECK(at<Rmw>(p0, i++) ==
          Rmw{Register{"r2"}, Address{"x", std::nullopt}, RmwOp::add, num(2), std::nullopt, MemoryOrder::relaxed, Scope::sys, {}});
    CHECK(at<Rmw>(p0, i++) ==
          Rmw{std::nullopt, Address{"x", std::nullopt}, RmwOp::xor_, num(3), std::nullopt, MemoryOrder::seq_cst, Scope::sys, {}});
    const CompareExchange& cx = at<CompareExchange>(p0, i++);
    CHECK(cx.dest == std::optional<Register>(Register{"ok"}));
    CHECK(cx.expected == std::variant<Register, Address>(Register{"r1"}));
    CHECK(cx.desired == num(5));
    CHECK(cx.success_order == MemoryOrder::acq_rel);
    CHECK(cx.failure_order == MemoryOrder::acquire);
    CHECK(cx.scope == Scope::cta);
    CHECK(cx.weak);
    CHECK(at<Rmw>(p0, i++).op == RmwOp::exch);
    CHECK(at<RegOp>(p0, i++) == RegOp{Register{"__t1"}, RegOpKind::mul, reg("r0"), num(2)});
    CHECK(at<RegOp>(p0, i++) == RegOp{Register{"__t2"}, RegOpKind::rem, reg("__t1"), num(3)});
    CHECK(at<Store>(p0, i++) == Store{Address{"y", std::nullopt}, reg("__t2"), MemoryOrder::plain, Scope::none, {}});
    // Loads nested in an expression happen first, left to right.
    CHECK(at<Load>(p0, i++) == Load{Register{"__t3"}, Address{"y", std::nullopt}, MemoryOrder::plain, Scope::none, {}});
    CHECK(at<Load>(p0, i++).dest == Register{"__t4"});
    CHECK(at<RegOp>(p0, i++) == RegOp{Register{"r4"}, RegOpKind::add, reg("__t3"), reg("__t4")});
    // if (r4 > 1 && r0) {..} else if (!r1) {..} else {..}
    CHECK(at<RegOp>(p0, i++) == RegOp{Register{"__t5"}, RegOpKind::gt, reg("r4"), num(1)});
    CHECK(at<RegOp>(p0, i++) == RegOp{Register{"__t6"}, RegOpKind::ne, reg("__t5"), num(0)});
    CHECK(at<RegOp>(p0, i++) == RegOp{Register{"__t7"}, RegOpKind::ne, reg("r0"), num(0)});
    CHECK(at<RegOp>(p0, i++) == RegOp{Register{"__t8"}, RegOpKind::and_, reg("__t6"), reg("__t7")});
    CHECK(at<Branch>(p0, i++) == Branch{CmpOp::eq, reg("__t8"), num(0), "__else0"});
    CHECK(at<Store>(p0, i++).value == num(1));
    CHECK(at<Goto>(p0, i++).target == "__end0");
    CHECK(at<Label>(p0, i++).name == "__else0");
    CHECK(at<Branch>(p0, i++) == Branch{CmpOp::ne, reg("r1"), num(0), "__else1"});
    CHECK(at<Store>(p0, i++).value == num(2));
    CHECK(at<Goto>(p0, i++).target == "__end1");
    CHECK(at<Label>(p0, i++).name == "__else1");
    CHECK(at<Fence>(p0, i++) == Fence{FenceKind::fence, MemoryOrder::seq_cst, Scope::cta, {}});
    CHECK(at<Label>(p0, i++).name == "__end1");
    CHECK(at<Label>(p0, i++).name == "__end0");
    CHECK(at<Fence>(p0, i++) == Fence{FenceKind::signal, MemoryOrder::acquire, Scope::sys, {}});
    // "if (c) goto L;" is a single branch on c.
    CHECK(at<Branch>(p0, i++) == Branch{CmpOp::eq, reg("r4"), num(3), "done"});
    CHECK(at<RegOp>(p0, i++) == RegOp{Register{"r4"}, RegOpKind::sub, num(0), reg("r4")});
    CHECK(at<Label>(p0, i++).name == "done");
    CHECK(i == p0.code.size());

    const Thread& p1 = t.threads[1];
    REQUIRE(p1.code.size() == 5);
    CHECK(at<Load>(p1, 0).dest == Register{"__t0"});
    CHECK(at<Branch>(p1, 1) == Branch{CmpOp::eq, reg("__t0"), num(0), "__end0"});
    CHECK(at<RegOp>(p1, 2) == RegOp{Register{"r5"}, RegOpKind::move, num(1), std::nullopt});
    CHECK(at<Label>(p1, 3).name == "__end0");
    CHECK(at<CompareExchange>(p1, 4).success_order == MemoryOrder::seq_cst);

    REQUIRE(t.filter);
    CHECK(t.condition->quantifier == Quantifier::not_exists);
    // \/ binds weaker than /\ .
    CHECK(t.condition->expr ==
          CondExpr::disjunction(CondExpr::compare(rref(0, "r0"), CmpOp::ne, val(1)),
                                CondExpr::conjunction(CondExpr::compare(mref("x"), CmpOp::eq, val(2)),
                                                      CondExpr::compare(MemoryRef{"arr", 1}, CmpOp::eq, val(2)))));
    check_round_trip(t);
}

TEST_CASE("litmus: the paper's PTX listings (Dartagnan, Fig. 7 and 13) parse") {
    // Fig. 7's rows and Fig. 13's abbreviated semantics (.acq, .rel) and
    // "exists ;", under a header and init block of our own.
    const LitmusTest fig7 = parse_litmus(R"(PTX fig7
{ x=0; y=0; z=0; }
P0@cta 0, gpu 0 | P1@cta 0, gpu 0 | P2@cta 0, gpu 0;
st.weak x, 1 | st.weak y, 1 | st.weak z, 1;
ld.weak r2, z | bar.cta.sync 1;
bar.cta.sync r2 | ld.weak r1, x;
ld.weak r0, y | | ;
forall
(P0:r0 == 1 /\ P1:r1 == 1)
)",
                                         "fig7");
    REQUIRE(fig7.threads.size() == 3);
    CHECK(at<Barrier>(fig7.threads[0], 2).id == reg("r2"));
    CHECK(fig7.threads[2].code.size() == 1);  // missing trailing cells are empty
    check_round_trip(fig7);

    const LitmusTest fig13 = parse_litmus(R"(PTX fig13
{ in=0; out=0; x=0; }
P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
atom.acq.gpu.add r1, in, 1 | atom.acq.gpu.add r1, in, 1 ;
LC00: | LC10: ;
ld.acq.gpu r2, out | ld.acq.gpu r2, out ;
beq r1, r2, LC01 | beq r1, r2, LC11 ;
goto LC00 | goto LC10 ;
LC01: | LC11: ;
ld.weak r3, x | ld.weak r3, x ;
st.weak x, 1 | st.weak x, 2 ;
atom.rel.gpu.add r4, out, 1 | atom.rel.gpu.add r4, out, 1 ;
exists ;
(P0:r1 == P0:r2 /\ P1:r1 == P1:r2 /\ P0:r3 == 0 /\ P1:r3 == 0)
)",
                                          "fig13");
    CHECK(at<Rmw>(fig13.threads[0], 0).order == MemoryOrder::acquire);
    CHECK(at<Rmw>(fig13.threads[1], 8).order == MemoryOrder::release);
    CHECK(at<Branch>(fig13.threads[1], 3) == Branch{CmpOp::eq, reg("r1"), reg("r2"), "LC11"});
    check_round_trip(fig13);
}

TEST_CASE("litmus: printing a PTX test gives aligned columns") {
    const LitmusTest t = parse_litmus(
        "PTX MP\n{ x=0; y=0; }\nP0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
        "st.weak x, 1 | ld.acquire.gpu r1, y ;\nst.release.gpu y, 1 | ld.weak r2, x ;\n"
        "exists (P1:r1 == 1 /\\ P1:r2 != 1)\n",
        "mp");
    CHECK(print_litmus(t) ==
          "PTX MP\n"
          "{\n"
          "x=0;\n"
          "y=0;\n"
          "}\n"
          " P0@cta 0,gpu 0      | P1@cta 1,gpu 0       ;\n"
          " st.weak x, 1        | ld.acquire.gpu r1, y ;\n"
          " st.release.gpu y, 1 | ld.weak r2, x        ;\n"
          "exists\n"
          "(P1:r1 == 1 /\\ P1:r2 != 1)\n");
}

TEST_CASE("litmus: round trips of conditions, values and control flow") {
    const char* const cases[] = {
        // Parenthesization that the printer must keep.
        "PTX c1\n{}\nP0 ;\n ;\nforall ((P0:r0 == 1 \\/ x == 2) /\\ (y == 3 \\/ ~~(z != -4)))\n",
        "PTX c2\n{}\nP0 ;\nexists (x == 1 \\/ (y == 2 \\/ z == 3) /\\ false)\n",
        "C c3\n{}\nP0 () { }\nexists (x[0]=1 /\\ [y]=2 /\\ 0:r0 < 3 /\\ 0:r0 >= -9223372036854775808)\n",
        // The extremes of 64-bit values.
        "PTX c4\n{ x=-9223372036854775808; y=9223372036854775807; }\nP0 ;\n"
        "add r1, r1, -9223372036854775808 ;\nexists (x == 0x10)\n",
        // C: goto/labels, nested ifs, else-goto, and branches that do not
        // have the parser's shape are kept as gotos.
        "C c5\n{}\nP0 (atomic_int* x) {\n L: ;\n int r = *x;\n if (r != 0) goto L;\n"
        " if (r) { if (r > 2) { *x = 1; } } else { *x = 2; }\n"
        " if (r == 1) goto L; else { *x = 3; }\n if (r) {} else {}\n}\nexists (x=1)\n",
        // A register that is only read, and one first assigned inside an if.
        "C c6\n{ 0:a = 5; }\nP0 (int* x) {\n if (a) { int b = a; }\n *x = b;\n}\nexists (0:b=5)\n",
        // C arrays through offsets, CAS with a memory expected value.
        "C c7\n{ int a[2]; [e] = 1; }\nP0 (int* a, atomic_int* e) {\n int i = 1;\n"
        " *(a + i) = *(a + 0);\n int ok = atomic_compare_exchange_strong_explicit(a + i, e, 3, "
        "memory_order_relaxed, memory_order_relaxed, memory_scope_gpu);\n}\nexists (a[1]=3)\n",
    };
    for (const char* text : cases) {
        INFO("source:\n" << text);
        check_round_trip(parse_litmus(text, "case.litmus"));
    }
}

TEST_CASE("litmus: every file of the suite parses and round-trips") {
    const auto dir = suite_dir();
    if (!dir) return skip_without_suite();
    std::size_t ptx = 0;
    std::size_t c = 0;
    std::size_t x86 = 0;
    for (const fs::path& file : suite_files(*dir)) {
        INFO("file: " << file.string());
        LitmusTest t;
        try {
            t = parse_litmus_file(file);
        } catch (const ParseError& e) {
            FAIL_CHECK(std::string(e.what()));  // a char* would print as a pointer
            continue;
        }
        (t.dialect == Dialect::ptx ? ptx : t.dialect == Dialect::x86 ? x86 : c) += 1;
        CHECK(!t.threads.empty());
        check_round_trip(t);
    }
    MESSAGE("parsed " << ptx << " PTX, " << x86 << " x86 and " << c << " C suite tests");
    CHECK(ptx >= 53);
    CHECK(x86 == 309);
    CHECK(c >= 84);
}

TEST_CASE("litmus: spot checks on suite files") {
    if (!suite_dir()) return skip_without_suite();
    if (auto t = suite_test("PTX/Manual/XF-Barrier-relacq.litmus")) {
        REQUIRE(t->threads.size() == 3);
        CHECK(t->threads[0].placement == Placement{0, 0});
        CHECK(t->threads[1].placement == Placement{1, 0});
        CHECK(t->threads[2].placement == Placement{1, 0});
        const Thread& p0 = t->threads[0];
        REQUIRE(p0.code.size() == 8);
        CHECK(at<Store>(p0, 0).order == MemoryOrder::weak);
        CHECK(at<Label>(p0, 1).name == "LC00");
        CHECK(at<Load>(p0, 2) == Load{Register{"r2"}, Address{"f", std::nullopt}, MemoryOrder::relaxed, Scope::gpu, {}});
        CHECK(at<Branch>(p0, 3) == Branch{CmpOp::ne, reg("r2"), num(0), "LC01"});
        CHECK(at<Goto>(p0, 4).target == "LC00");
        CHECK(at<Barrier>(p0, 6) == Barrier{num(1), std::nullopt, std::nullopt, false, {}});
        CHECK(at<Store>(p0, 7) == Store{Address{"f", std::nullopt}, num(0), MemoryOrder::release, Scope::gpu, {}});
        CHECK(t->threads[2].code.size() == 2);
        CHECK(t->condition->quantifier == Quantifier::exists);
        CHECK(t->condition->expr == CondExpr::conjunction(CondExpr::compare(rref(1, "r2"), CmpOp::ne, val(1)),
                                                         CondExpr::compare(rref(1, "r1"), CmpOp::eq, val(0))));
    }
    if (auto t = suite_test("PTX/Manual/SB+named-bar-dyn-reg-const.litmus")) {
        CHECK(at<Barrier>(t->threads[0], 2) == Barrier{num(1), reg("r2"), std::nullopt, false, {}});
        CHECK(at<Barrier>(t->threads[1], 1) == Barrier{num(1), num(1), std::nullopt, false, {}});
        CHECK(t->condition->quantifier == Quantifier::forall);
        CHECK(t->condition->expr.kind == CondExpr::Kind::or_);
    }
    if (auto t = suite_test("PTX/Manual/PC-bar-sync-sync-1.litmus")) {
        // The init block's last item has no ';'.
        CHECK(t->register_inits == std::vector<RegisterInit>{{0, Register{"r0"}, std::int64_t{0}, ""}});
        CHECK(t->condition->quantifier == Quantifier::not_exists);
    }
    if (auto t = suite_test("PTX/Manual/Ticketlock-acq2rlx-1.litmus")) {
        const CondExpr& e = t->condition->expr;
        // (((a /\ b) /\ c) /\ d): the leftmost leaf compares two registers.
        CHECK(e.operands.at(0).operands.at(0).operands.at(0) ==
              CondExpr::compare(rref(0, "r1"), CmpOp::eq, rref(0, "r2")));
        CHECK(at<Rmw>(t->threads[1], 0).order == MemoryOrder::acquire);
    }
    if (auto t = suite_test("PTX/Manual/MICRO24-Fig4a-correct.litmus")) {
        REQUIRE(t->doc);
        CHECK(t->doc->find("membar is a synonym for fence.sc") != std::string::npos);
    }
    if (auto t = suite_test("C11/auto/c_p.litmus")) {
        const CompareExchange& cx = at<CompareExchange>(t->threads[0], 2);
        CHECK(cx.expected == std::variant<Register, Address>(Address{"one", std::nullopt}));
        CHECK(cx.success_order == MemoryOrder::acquire);
        CHECK(cx.failure_order == MemoryOrder::relaxed);
        CHECK(t->find_location("one")->values == std::vector<InitValue>{std::int64_t{1}});
    }
    if (auto t = suite_test("C11/manual/imm-E3.5.litmus")) {
        CHECK(t->find_location("y")->type == "atomic_int");
        CHECK(t->find_location("y")->values.size() == 2);
        CHECK(at<Load>(t->threads[0], 1).addr == Address{"y", reg("r0")});
    }
    if (auto t = suite_test("C11/auto/a1+Racq+rel.litmus")) {
        REQUIRE(t->threads.size() == 2);
        CHECK(t->threads[1].params[1] == Parameter{"volatile int*", "y"});
        CHECK(at<Store>(t->threads[1], 2) == Store{Address{"y", std::nullopt}, num(1), MemoryOrder::plain, Scope::none, {}});
        CHECK(t->condition->expr == CondExpr::conjunction(CondExpr::compare(mref("x"), CmpOp::eq, val(1)),
                                                         CondExpr::compare(mref("y"), CmpOp::eq, val(1))));
    }
}

// ---------------------------------------------------------------------------
// Errors

TEST_CASE("litmus: malformed input reports file:line:col and what was expected") {
    struct Case {
        const char* text;
        const char* message;
    };
    const Case cases[] = {
        {"MIPS t\n{}\n", "t.litmus:1:1: expected 'PTX', 'C', 'AuDaLa', 'OPENCL', 'Vulkan', 'X86', 'AArch64', 'PPC' or 'RISCV' starting the test, found 'MIPS'"},
        {"PTX\n{ x=0; }\n", "t.litmus:2:1: expected a test name after 'PTX' on the same line, found '{'"},
        {"PTX t\n{ x=0 y=1; }\n", "t.litmus:2:7: expected ';' or '}', found 'y'"},
        {"PTX t\n{}\nP1@cta 0,gpu 0 ;\n", "t.litmus:3:1: expected thread 'P0', found 'P1'"},
        {"PTX t\n{}\nP0@cta 0 ;\n", "t.litmus:3:10: expected 'cluster' or 'gpu', found ';'"},
        {"PTX t\n{}\nP0 ;\n ld.foo r0, x ;\n",
         "t.litmus:4:4: expected a qualifier of 'ld' (semantics, scope, data type), found '.foo'"},
        {"PTX t\n{}\nP0 ;\n ld.acquire r0, x ;\n",
         "t.litmus:4:2: expected a scope qualifier (.cta, .cluster, .gpu, .sys) on 'ld.acquire', found 'ld.acquire'"},
        {"PTX t\n{}\nP0 ;\n ld.weak.gpu r0, x ;\n",
         "t.litmus:4:9: expected no scope on a .weak access (it has none), found '.gpu'"},
        {"PTX t\n{}\nP0 ;\n st.weak x, 1 | st.weak x, 2 ;\n",
         "t.litmus:4:15: expected ';' ending the row (the test has 1 thread), found '|'"},
        {"PTX t\n{}\nP0 ;\n goto LC09 ;\nexists (x == 1)\n",
         "t.litmus:4:7: expected a label defined in this thread, found 'LC09'"},
        {"PTX t\n{}\nP0 ;\n LC0: ;\n LC0: ;\n", "t.litmus:5:2: expected a label not defined before in this thread, found 'LC0'"},
        {"PTX t\n{}\nP0 ;\n st.weak r1, 1 ;\n", "t.litmus:4:10: expected a memory location, found 'r1'"},
        {"PTX t\n{}\nP0 ;\nexists (P0:r0 == )\n",
         "t.litmus:4:18: expected a register (P0:r0), location or value, found ')'"},
        {"PTX t\n{}\nP0 | P1 ;\nexists (P3:r0 == 1)\n", "t.litmus:4:9: expected a thread of this test (0 to 1), found 'P3'"},
        {"PTX t\n{}\nP0 ;\n st.weak x, 1 ;\nlocations [x;] exits (x == 1)\n",
         "t.litmus:5:16: expected 'exists', '~exists', 'forall', 'filter', 'locations' or the end of the test, found 'exits'"},
        {"PTX t\n{}\nP0 ;\nlocations [x; 5]\n", "t.litmus:4:15: expected a register or location to show, found '5'"},
        {"PTX t\n{}\nP0 ;\nlocations [x y]\n", "t.litmus:4:14: expected ';' or ']', found 'y'"},
        {"C t\n{}\nP0 () { }\nlocations [x;]\nlocations [y;]\n", "t.litmus:5:1: expected at most one locations clause, found 'locations'"},
        {"PTX t\n{}\nP0 ;\nregions [x global]\n", "t.litmus:4:12: expected ':', found 'global'"},
        {"C t\n{}\nP0 () { break; }\n", "t.litmus:3:9: expected a loop around 'break', found 'break'"},
        {"C t\n{}\nP0 () { do { } until (1); }\n", "t.litmus:3:16: expected 'while' after the body of 'do', found 'until'"},
        {"PTX t\n{}\nP0 ;\n bar.cta.wait 1 ;\n",
         "t.litmus:4:9: expected '.cta', '.sync' or '.arrive' after 'bar', found '.wait'"},
        {"PTX t\n\"doc\"\nCycle=Rfe PodRR\n\"second\nstring\n", "t.litmus:6:1: expected '\"' closing the string, found '<end of input>'"},
        {"PTX t\n{}\nP0 ;\nexists (x == 1) junk\n",
         "t.litmus:4:17: expected the end of the test after the final condition, found 'junk'"},
        {"C t\n{}\nP0 (atomic_int* x) {\n  int r = atomic_foo(x);\n}\n",
         "t.litmus:4:11: expected an atomic operation (atomic_load_explicit, atomic_store_explicit, "
         "atomic_fetch_add_explicit, atomic_compare_exchange_strong_explicit, atomic_thread_fence, ...), "
         "found 'atomic_foo'"},
        {"C t\n{}\nP0 (atomic_int* x) {\n  int r = atomic_load_explicit(x, memory_order_bogus);\n}\n",
         "t.litmus:4:35: expected a memory order (memory_order_relaxed, ..., memory_order_seq_cst), "
         "found 'memory_order_bogus'"},
        {"C t\n{}\nP0 (atomic_int* x) {\n  int r0 = 1;\n  *r0 = 1;\n}\n",
         "t.litmus:5:4: expected a pointer parameter of P0 (x), found 'r0'"},
        {"C t\n{}\nP0 (atomic_int* x) {\n  x = 1;\n}\n",
         "t.litmus:4:3: expected a register to assign ('x' is a pointer parameter; write *x = ...), found 'x'"},
        {"C t\n{}\nP0 (atomic_int* x) {\n  *x = 1\n}\n", "t.litmus:5:1: expected ';', found '}'"},
        {"C t\n(* unterminated\n{}\n", "t.litmus:4:1: expected '*)' closing the comment, found '<end of input>'"},
        {"C t\n{}\nP0 (atomic_int* x) {\n  atomic_thread_fence(memory_order_seq_cst, memory_scope_block);\n}\n",
         "t.litmus:4:45: expected a memory scope (memory_scope_cta, memory_scope_cluster, memory_scope_gpu, "
         "memory_scope_sys), "
         "found 'memory_scope_block'"},
        {"C t\n{}\nP0 (atomic_int* x) {\n  int r = 1 && *r;\n}\n",
         "t.litmus:4:17: expected a pointer parameter of P0 (x), found 'r'"},
        {"C t\n{}\nP0 (int x) { }\n", "t.litmus:3:9: expected a pointer parameter such as 'atomic_int* x', found 'x'"},
        {"PTX t\n{ x = $; }\n", "t.litmus:2:7: expected a litmus token, found '$'"},
        {"PTX t\n{ x = 99999999999999999999; }\n",
         "t.litmus:2:7: expected an integer that fits in 64 bits, found '99999999999999999999'"},
        // (With an initial state after it, an unterminated string is a free
        // header, read as Dartagnan reads headers: litmus_formats_test.cpp.)
        {"PTX t\n\"unterminated\n", "t.litmus:3:1: expected '\"' closing the string, found '<end of input>'"},
        {"C t\n{ int a[5000]; }\n", "t.litmus:2:9: expected an array size from 1 to 4096, found '5000'"},
        {"PTX t\n{}\nP0 ;\n red.relaxed.gpu.cas x, 1, 2 ;\n",
         "t.litmus:4:17: expected a red operation (.add, .sub, .and, .or, .xor, .exch), found '.cas'"},
        {"PTX t\n{ P0:r0 = 1; }\nP0 ;\n ld.weak r0, x ;\nexists (x == 1)\n", nullptr},  // valid: a control
    };
    for (const Case& c : cases) {
        INFO("source:\n" << c.text);
        if (!c.message) {
            CHECK_NOTHROW(parse_litmus(c.text, "t.litmus"));
            continue;
        }
        CHECK(error_of(c.text) == c.message);
    }
}

TEST_CASE("litmus: ParseError exposes its parts") {
    try {
        parse_litmus("PTX t\n{}\nP0 ;\n ld.acquire r0, x ;\n", "t.litmus");
        FAIL("expected a ParseError");
    } catch (const ParseError& e) {
        const std::runtime_error& base = e;  // ParseError is a std::runtime_error
        CHECK(std::string(base.what()).rfind("t.litmus:4:2:", 0) == 0);
        CHECK(e.source() == "t.litmus");
        CHECK(e.line() == 4);
        CHECK(e.column() == 2);
        CHECK(e.found() == "ld.acquire");
        CHECK(e.expected().find("scope qualifier") != std::string::npos);
    }
    CHECK_THROWS_AS(parse_litmus_file("/nonexistent/dir/t.litmus"), std::runtime_error);
}

TEST_CASE("litmus: hostile input fails cleanly") {
    // Deep nesting is refused before it can exhaust the stack.
    const std::string deep = "PTX t\n{}\nP0 ;\nexists " + std::string(100000, '(') + "x == 1";
    CHECK(error_of(deep).find("expected at most 200 nested negations and parentheses") != std::string::npos);
    const std::string negations = "PTX t\n{}\nP0 ;\nexists " + std::string(100000, '~') + "x == 1";
    CHECK(error_of(negations).find("nested") != std::string::npos);
    std::string chain = "PTX t\n{}\nP0 ;\nexists (x == 1";
    for (int i = 0; i < 5000; ++i) chain += " /\\ x == 1";
    CHECK(error_of(chain + ")").find("at most 1000 operators") != std::string::npos);
    std::string blocks = "C t\n{}\nP0 () {" + std::string(5000, '{') + std::string(5000, '}') + "}\nexists (x=1)\n";
    CHECK(error_of(blocks).find("nested blocks") != std::string::npos);
    std::string sum = "C t\n{}\nP0 () { int r = 1";
    for (int i = 0; i < 5000; ++i) sum += " + 1";
    CHECK(error_of(sum + "; }\nexists (x=1)\n").find("operators in one statement") != std::string::npos);
    CHECK(error_of("").find("t.litmus:1:1: expected 'PTX', 'C', 'AuDaLa', 'OPENCL', 'Vulkan', 'X86', 'AArch64', 'PPC' or 'RISCV'") == 0);
    CHECK(error_of(std::string("PTX t\n{ x = 1; }\0\n", 17)).find("found '\\x00'") != std::string::npos);
}

TEST_CASE("litmus: mutated tests parse or fail with ParseError, never otherwise") {
    // Whatever parses must also round-trip.
    litmustest::fuzz_round_trip(0x9e3779b97f4a7c15ULL, "(){}[];:,|.=~/\\*&!-+<>\"@ \n\tPr0x1_",
                                {kPtxSample, kCSample}, 1500);
}

TEST_CASE("litmus: the printer refuses what a dialect cannot express") {
    LitmusTest c = parse_litmus("C t\n{}\nP0 (atomic_int* x) { }\nexists (x=1)\n", "t");
    c.threads[0].code.push_back(Barrier{num(1), std::nullopt, std::nullopt, false, {}});
    CHECK_THROWS_AS(print_litmus(c), std::invalid_argument);

    LitmusTest ptx = parse_litmus("PTX t\n{}\nP0 ;\nexists (x == 1)\n", "t");
    CompareExchange cx;
    cx.addr = Address{"x", std::nullopt};
    cx.expected = Register{"r0"};
    cx.desired = num(1);
    ptx.threads[0].code.push_back(cx);
    CHECK_THROWS_AS(print_litmus(ptx), std::invalid_argument);

    ptx.threads[0].code.back() = Load{Register{"r0"}, Address{"x", std::nullopt}, MemoryOrder::acquire, Scope::none, {}};
    CHECK_THROWS_AS(print_litmus(ptx), std::invalid_argument);  // a strong load needs a scope
    ptx.threads[0].code.back() = Load{Register{"tmp"}, Address{"x", std::nullopt}, MemoryOrder::weak, Scope::none, {}};
    CHECK_THROWS_AS(print_litmus(ptx), std::invalid_argument);  // not a PTX register name
}

TEST_CASE("litmus: PTX element offsets x[r] (mapsound's form of address dependencies)") {
    const std::string text =
        "PTX addr\n{\nx=0;\na[2] = {0, 7};\n}\n"
        " P0@cta 0,gpu 0       ;\n"
        " ld.relaxed.gpu r0, x ;\n"
        " sub r1, r0, r0       ;\n"
        " ld.weak r2, a[r1]    ;\n"
        " st.weak a[1], 3      ;\n"
        "exists\n(P0:r2 == 0)\n";
    const LitmusTest t = parse_litmus(text, "t");
    REQUIRE(t.threads[0].code.size() == 4);
    CHECK(std::get<Load>(t.threads[0].code[2]).addr == Address{"a", Operand{Register{"r1"}}});
    CHECK(std::get<Store>(t.threads[0].code[3]).addr == Address{"a", num(1)});
    litmustest::check_round_trip(t);
    CHECK(litmustest::error_of("PTX t\n{}\n P0 ;\n ld.weak r0, x[r1 ;\nexists (x == 1)\n") ==
          "t.litmus:4:19: expected ']', found ';'");
}
