// herd7's x86 dialect ("X86 name" tests, as diy7 and the older hand-written
// tests write them): the IR a test parses into, printing back, errors with
// file:line:col, the events it expands into (no orders, no scopes; XCHG an
// RMW, MFENCE a fence), models/x86-tso.cat's verdicts on the classic shapes
// and which programs it judges, and every file of ../shared/litmus/X86.
// Cases that need the suite are reported as skipped when it is absent.
#include <filesystem>
#include <string>

#include <doctest/doctest.h>

#include "litmus_test_support.hpp"
#include "mapsound/exec.hpp"
#include "mapsound/litmus/dialects.hpp"
#include "mapsound/litmus/expand.hpp"
#include "mapsound/model.hpp"
#include "test_skip.hpp"

namespace {

using namespace litmustest;
namespace fs = std::filesystem;
using mapsound::exec::EventKind;

template <class I>
const I& at(const Thread& t, std::size_t i) {
    REQUIRE(i < t.code.size());
    REQUIRE(std::holds_alternative<I>(t.code[i]));
    return std::get<I>(t.code[i]);
}

// diy7's layout, with every instruction form the dialect reads.
const char* const kSample = R"(X86 sample
"Fre PodWR Fre PodWR"
Cycle=Fre PodWR Fre PodWR
Relax=PodWR
Safe=Fre
Prefetch=0:x=F,0:y=T
Com=Fr Fr
Orig=Fre PodWR Fre PodWR
{
x=0; y=0;
1:EBX=1;
}
 P0          | P1           ;
 MOV [x],$1  | XCHG [y],EBX ;
 MFENCE      | MOV EAX,[x]  ;
 MOV EAX,[y] | MOV ECX,$-2  ;
 MOV [y],EAX | MOV EDX,ECX  ;
exists (0:EAX=0 /\ 1:EAX=0)
)";

// The older hand-written layout: lower case, bare immediates, "};" after
// the init block, a parenthesized alias after the name, "final" with its
// per-model expectations and drawing-tool blocks.
const char* const kOld = R"(X86 amd10 (amdTen)
{x = 0; y = 0};

        P0      |       P1      ;
  mov [x], 1    |  mov [y], 1   ;
  mfence        |  mfence       ;
  mov EAX, [y]  |  mov EBX, [x] ;

final (P0:EAX = 0 /\ P1:EBX = 0);
with
tso: ~exists;
cc: exists;
(* a comment *)
<<
genprog generated/amd10-prog.tex
show 3
>>
)";

std::string sb(const std::string& p0_middle, const std::string& p1_middle) {
    return "X86 SB\n{ x=0; y=0; }\n P0 | P1 ;\n MOV [x],$1 | MOV [y],$1 ;\n " + p0_middle + " | " + p1_middle +
           " ;\n MOV EAX,[y] | MOV EAX,[x] ;\nexists (0:EAX=0 /\\ 1:EAX=0)\n";
}

mapsound::model::Model x86_tso() {
    return mapsound::model::Model::load(fs::path(MAPSOUND_SOURCE_DIR) / "models" / "x86-tso.cat");
}

}  // namespace

TEST_CASE("x86: the sample parses into the expected IR") {
    const LitmusTest t = parse_litmus(kSample, "sample.litmus");
    CHECK(t.dialect == Dialect::x86);
    CHECK(t.name == "sample");
    CHECK(t.doc == "Fre PodWR Fre PodWR");
    REQUIRE(t.metadata.size() == 6);
    CHECK(t.metadata[0] == Metadata{"Cycle", "Fre PodWR Fre PodWR"});
    CHECK(t.register_inits == std::vector<RegisterInit>{{1, Register{"EBX"}, std::int64_t{1}, ""}});
    REQUIRE(t.threads.size() == 2);
    const Thread& p0 = t.threads[0];
    const Thread& p1 = t.threads[1];
    const Address x{"x", std::nullopt}, y{"y", std::nullopt};
    CHECK(at<Store>(p0, 0) == Store{x, std::int64_t{1}, MemoryOrder::plain, Scope::none, {}});
    CHECK(at<Fence>(p0, 1) == Fence{FenceKind::fence, MemoryOrder::plain, Scope::none, {}});
    CHECK(at<Load>(p0, 2) == Load{Register{"EAX"}, y, MemoryOrder::plain, Scope::none, {}});
    CHECK(at<Store>(p0, 3) == Store{y, Register{"EAX"}, MemoryOrder::plain, Scope::none, {}});
    const Rmw& xchg = at<Rmw>(p1, 0);
    CHECK(xchg.dest == Register{"EBX"});
    CHECK(xchg.value == Operand{Register{"EBX"}});
    CHECK(xchg.op == RmwOp::exch);
    CHECK(xchg.order == MemoryOrder::plain);
    CHECK(xchg.scope == Scope::none);
    CHECK(at<RegOp>(p1, 2) == RegOp{Register{"ECX"}, RegOpKind::move, std::int64_t{-2}, std::nullopt});
    CHECK(at<RegOp>(p1, 3) == RegOp{Register{"EDX"}, RegOpKind::move, Register{"ECX"}, std::nullopt});
    REQUIRE(t.condition);
    CHECK(t.condition->quantifier == Quantifier::exists);
    check_round_trip(t);
    // XCHG's operands in the other order are the same instruction.
    std::string swapped = kSample;
    swapped.replace(swapped.find("XCHG [y],EBX"), 12, "XCHG EBX,[y]");
    CHECK(parse_litmus(swapped, "sample.litmus") == t);
}

TEST_CASE("x86: the older layout reads as the diy7 one, 'final' as 'exists'") {
    const LitmusTest t = parse_litmus(kOld, "amd10.litmus");
    CHECK(t.name == "amd10");
    CHECK(t.header_text == "(amdTen)");
    REQUIRE(t.threads.size() == 2);
    CHECK(at<Store>(t.threads[0], 0) ==
          Store{Address{"x", std::nullopt}, std::int64_t{1}, MemoryOrder::plain, Scope::none, {}});
    CHECK(std::holds_alternative<Fence>(t.threads[1].code[1]));
    REQUIRE(t.condition);
    CHECK(t.condition->quantifier == Quantifier::exists);
    check_round_trip(t);
    // SB with fences: forbidden under x86-TSO.
    CHECK(!run_litmus(t, x86_tso()).ok);
}

TEST_CASE("x86: errors name file:line:col and what was expected") {
    CHECK(error_of("X86 t\n{}\n P0 ;\n MOV [x],[y] ;\nexists (x=1)\n") ==
          "t.litmus:4:10: expected a register or an immediate (MOV has one memory operand), found '['");
    CHECK(error_of("X86 t\n{}\n P0 ;\n ADD EAX,$1 ;\nexists (x=1)\n") ==
          "t.litmus:4:2: expected an instruction (MOV, XCHG, MFENCE), found 'ADD'");
    CHECK(error_of("X86 t\n{}\n P0 ;\n XCHG [x],$1 ;\nexists (x=1)\n") ==
          "t.litmus:4:11: expected a register (XCHG [x],EAX), found '$'");
    CHECK(error_of("X86 t\n{}\n P0 ;\n MOV EAX,r1 ;\nexists (x=1)\n") ==
          "t.litmus:4:10: expected a register (EAX, EBX, ...), a memory location '[x]' or an immediate '$1', found 'r1'");
    CHECK(error_of("X86 t\n{}\n P0 ;\n MOV [EAX],$1 ;\nexists (x=1)\n") ==
          "t.litmus:4:7: expected a memory location in '[...]', found 'EAX'");
    CHECK(error_of("X86 t\n{}\n P0@cta 0 ;\n MFENCE ;\n") ==
          "t.litmus:3:4: expected '|' or ';' in the thread header row, found '@'");
    // '$' is a token of the x86 dialect only.
    CHECK(error_of("PTX t\n{}\n P0 ;\n st.weak x, $1 ;\n") == "t.litmus:4:13: expected a litmus token, found '$'");
}

TEST_CASE("x86: the printer refuses what the dialect cannot write") {
    LitmusTest t = parse_litmus(kSample, "sample.litmus");
    std::get<Load>(t.threads[0].code[2]).order = MemoryOrder::acquire;
    CHECK_THROWS_AS(print_litmus(t), std::invalid_argument);
    t = parse_litmus(kSample, "sample.litmus");
    std::get<Rmw>(t.threads[1].code[0]).op = RmwOp::add;
    CHECK_THROWS_AS(print_litmus(t), std::invalid_argument);
    t = parse_litmus(kSample, "sample.litmus");
    std::get<Load>(t.threads[0].code[2]).dest = Register{"r0"};
    CHECK_THROWS_AS(print_litmus(t), std::invalid_argument);
}

TEST_CASE("x86: events carry no order and no scope, XCHG is an RMW pair, MFENCE a fence") {
    const LitmusTest t = parse_litmus(kSample, "sample.litmus");
    const auto runs = mapsound::litmus::expand(t);
    REQUIRE(!runs.empty());
    const mapsound::exec::PreExecution& x = runs.front().pre;
    int fences = 0;
    for (const auto& e : x.events) {
        if (e.thread < 0) continue;
        CHECK(e.order == mapsound::exec::Order::none);
        CHECK(e.scope == mapsound::exec::Scope::none);
        CHECK(e.tags == 0U);
        if (e.kind == EventKind::fence) ++fences;
    }
    CHECK(fences == 1);
    REQUIRE(x.rmw.size() == 1);
    CHECK(x.events[static_cast<std::size_t>(x.rmw[0].first)].kind == EventKind::read);
    CHECK(x.events[static_cast<std::size_t>(x.rmw[0].second)].kind == EventKind::write);
}

TEST_CASE("x86-tso: store buffering, and what MFENCE and XCHG forbid") {
    const auto model = x86_tso();
    // The store buffer: each load may pass the thread's earlier store.
    CHECK(run_litmus(parse_litmus(sb("MOV ECX,$0", "MOV ECX,$0"), "sb.litmus"), model).ok);
    CHECK(!run_litmus(parse_litmus(sb("MFENCE", "MFENCE"), "sb.litmus"), model).ok);
    CHECK(run_litmus(parse_litmus(sb("MFENCE", "MOV ECX,$0"), "sb.litmus"), model).ok);
    // A locked instruction between them fences like MFENCE.
    CHECK(!run_litmus(parse_litmus(sb("XCHG [z],ECX", "XCHG [z],ECX"), "sb.litmus"), model).ok);
    // Message passing holds without fences: TSO keeps write-write and
    // read-read order.
    const LitmusTest mp = parse_litmus(
        "X86 MP\n{ x=0; y=0; }\n P0 | P1 ;\n MOV [x],$1 | MOV EAX,[y] ;\n MOV [y],$1 | MOV EBX,[x] ;\n"
        "exists (1:EAX=1 /\\ 1:EBX=0)\n",
        "mp.litmus");
    CHECK(!run_litmus(mp, model).ok);
    // Atomicity: two exchanges of one location never both read 0.
    const LitmusTest two = parse_litmus(
        "X86 XX\n{ x=0; 0:EAX=1; 1:EAX=2; }\n P0 | P1 ;\n XCHG [x],EAX | XCHG [x],EAX ;\n"
        "exists (0:EAX=0 /\\ 1:EAX=0)\n",
        "xx.litmus");
    CHECK(!run_litmus(two, model).ok);
}

TEST_CASE("x86-tso: judges x86 programs, refuses those with memory orders") {
    const auto model = x86_tso();
    CHECK(!mapsound::litmus::refusal(model, Dialect::x86));
    CHECK(mapsound::litmus::refusal(model, Dialect::c));
    CHECK(mapsound::litmus::refusal(model, Dialect::ptx));
    CHECK(mapsound::litmus::refusal(model, Dialect::vulkan));
    // sc.cat and tso.cat judge every dialect, x86 included.
    const fs::path models = fs::path(MAPSOUND_SOURCE_DIR) / "models";
    CHECK(!mapsound::litmus::refusal(mapsound::model::Model::load(models / "sc.cat"), Dialect::x86));
    CHECK(!mapsound::litmus::refusal(mapsound::model::Model::load(models / "tso.cat"), Dialect::x86));
}

TEST_CASE("x86: every suite file parses and round-trips") {
    const auto suite = suite_dir();
    if (!suite) return skip_without_suite();
    int files = 0;
    for (const auto& entry : fs::directory_iterator(*suite / "X86")) {
        if (entry.path().extension() != ".litmus") continue;
        ++files;
        INFO(entry.path().string());
        LitmusTest t;
        REQUIRE_NOTHROW(t = parse_litmus_file(entry.path()));
        CHECK(t.dialect == Dialect::x86);
        check_round_trip(t);
    }
    CHECK(files == 309);
}

TEST_CASE("x86: mutated tests parse and round-trip, or fail with ParseError") {
    fuzz_round_trip(29, "|;,:$[]EAXBCDMOVFNHG0123 ", {kSample, kOld}, 400);
}

// Verdicts of models/x86-tso.cat on the suite's classic shapes, against
// expected-x86-tso.csv (Dartagnan).
TEST_CASE("x86-tso model: key verdicts agree with Dartagnan's") {
    const auto suite = suite_dir();
    if (!suite) return skip_without_suite();
    const std::vector<std::pair<const char*, bool>> cases = {
        {"X86/classic.litmus", true},      // SB: the store buffer
        {"X86/amd10.litmus", false},       // SB with MFENCE ('final')
        {"X86/SB-XCHG.litmus", false},     // SB through locked exchanges
        {"X86/MP.litmus", true},           // '~exists' of the relaxed outcome: holds
        {"X86/iwp2.6.litmus", true},       // one order of the stores to x
        {"X86/intel.cc.litmus", false},    // causality: exists, not reachable
    };
    check_suite_verdicts(*suite, "expected-x86-tso.csv", "x86-tso", "x86-tso.cat", cases);
}
