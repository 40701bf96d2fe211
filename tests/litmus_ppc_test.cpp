// herd7's PPC dialect ("PPC name" tests, as diy7 writes them): the IR a
// test parses into, printing back, errors with file:line:col, the events it
// expands into (no orders, no scopes; SYNC, LWSYNC, ISYNC fences;
// dependencies through registers), models/power.cat's verdicts on the
// classic shapes and which programs it judges, and every file of
// ../shared/litmus/PPC.  Cases that need the suite are reported as skipped
// when it is absent.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
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
using mapsound::exec::Tag;

template <class I>
const I& at(const Thread& t, std::size_t i) {
    REQUIRE(i < t.code.size());
    REQUIRE(std::holds_alternative<I>(t.code[i]));
    return std::get<I>(t.code[i]);
}

const char* const kSample = R"(PPC sample
"LwSyncdWW Rfe DpCtrlIsyncdR Fre"
Cycle=Rfe DpCtrlIsyncdR Fre LwSyncdWW
{
0:r2=x; 0:r4=y;
1:r2=y; 1:r4=x; 1:r6=z;
}
 P0           | P1             ;
 li r1,1      | lwz r1,0(r2)   ;
 stw r1,0(r2) | cmpw r1,r1     ;
 lwsync       | beq  LC00      ;
 li r3,1      | LC00:          ;
 stw r3,0(r4) | isync          ;
 sync         | lwz r3,0(r4)   ;
              | xor r5,r3,r3   ;
              | lwzx r7,r5,r6  ;
              | addi r8,r7,1   ;
              | stw r8,0(r6)   ;
exists
(1:r1=1 /\ 1:r3=0)
)";

std::string mp(const std::string& p0_middle, const std::string& p1_middle) {
    return "PPC MP\n{ 0:r2=x; 0:r4=y; 1:r2=y; 1:r4=x; }\n P0 | P1 ;\n li r1,1 | lwz r1,0(r2) ;\n stw r1,0(r2) | " +
           p1_middle + " ;\n " + p0_middle + " | lwz r3,0(r4) ;\n li r3,1 | ;\n stw r3,0(r4) | ;\n" +
           "exists (1:r1=1 /\\ 1:r3=0)\n";
}

mapsound::model::Model power() {
    return mapsound::model::Model::load(fs::path(MAPSOUND_SOURCE_DIR) / "models" / "power.cat");
}

}  // namespace

TEST_CASE("ppc: the sample parses into the expected IR") {
    const LitmusTest t = parse_litmus(kSample, "sample.litmus");
    CHECK(t.dialect == Dialect::ppc);
    CHECK(t.name == "sample");
    CHECK(t.register_inits[0] == RegisterInit{0, Register{"r2"}, AddressOf{"x"}, ""});
    REQUIRE(t.threads.size() == 2);
    const Thread& p0 = t.threads[0];
    const Thread& p1 = t.threads[1];
    const Address x{"x", std::nullopt}, y{"y", std::nullopt};
    CHECK(at<RegOp>(p0, 0) == RegOp{Register{"r1"}, RegOpKind::move, std::int64_t{1}, std::nullopt});
    CHECK(at<Store>(p0, 1) == Store{x, Register{"r1"}, MemoryOrder::plain, Scope::none, {}});
    CHECK(at<Fence>(p0, 2) == Fence{FenceKind::lwsync, MemoryOrder::plain, Scope::none, {}});
    CHECK(at<Fence>(p0, 5) == Fence{FenceKind::sync, MemoryOrder::plain, Scope::none, {}});
    CHECK(at<Load>(p1, 0) == Load{Register{"r1"}, y, MemoryOrder::plain, Scope::none, {}});
    CHECK(at<Branch>(p1, 1) == Branch{CmpOp::eq, Register{"r1"}, Register{"r1"}, "LC00"});
    CHECK(at<Label>(p1, 2) == Label{"LC00"});
    CHECK(at<Fence>(p1, 3).kind == FenceKind::isync);
    // lwzx through r6 (which points at z), displaced by r5.
    CHECK(at<Load>(p1, 6).addr == Address{"z", Register{"r5"}});
    CHECK(at<RegOp>(p1, 7) == RegOp{Register{"r8"}, RegOpKind::add, Register{"r7"}, std::int64_t{1}});
    check_round_trip(t);
}

TEST_CASE("ppc: errors name file:line:col and what was expected") {
    CHECK(error_of("PPC t\n{ 0:r2=x; }\n P0 ;\n lwz r1,4(r2) ;\nexists (x=1)\n") ==
          "t.litmus:4:9: expected displacement 0 (a displacement addresses part of a location: mixed-size accesses "
          "are not supported), found '4'");
    CHECK(error_of("PPC t\n{ 0:r2=x; }\n P0 ;\n lwz r1,0(r3) ;\nexists (x=1)\n") ==
          "t.litmus:4:11: expected a register holding a location's address (\"0:r3=x\" in the initial state), found 'r3'");
    CHECK(error_of("PPC t\n{ 0:r2=x; }\n P0 ;\n eieio ;\nexists (x=1)\n") ==
          "t.litmus:4:2: expected an instruction the PPC front end models (eieio is not supported yet), found 'eieio'");
    CHECK(error_of("PPC t\n{ 0:r2=x; }\n P0 ;\n stwcx r1,r0,r2 ;\nexists (x=1)\n") ==
          "t.litmus:4:8: expected '.', found 'r1'");
    CHECK(error_of("PPC t\n{ 0:r2=x; }\n P0 ;\n lwarx r1,r0,r3 ;\nexists (x=1)\n") ==
          "t.litmus:4:14: expected a register holding a location's address (\"0:r3=x\" in the initial state), found "
          "'r3'");
    CHECK(error_of("PPC t\n{ 0:r2=x; }\n P0 ;\n beq L0 ;\n L0: ;\nexists (x=1)\n") ==
          "t.litmus:4:2: expected a cmpw before the conditional branch, found 'beq'");
    CHECK(error_of("PPC t\n{ 0:r2=x; }\n P0 ;\n li r32,1 ;\nexists (x=1)\n") ==
          "t.litmus:4:5: expected a destination register, found 'r32'");
}

TEST_CASE("ppc: events carry no order and no scope, barriers are tagged, dependencies through registers") {
    const LitmusTest t = parse_litmus(kSample, "sample.litmus");
    const auto runs = mapsound::litmus::expand(t);
    REQUIRE(!runs.empty());
    for (const auto& c : runs) {
        const mapsound::exec::PreExecution& x = c.pre;
        int sync = 0, lwsync = 0, isync = 0;
        for (const auto& e : x.events) {
            if (e.thread < 0) continue;
            CHECK(e.order == mapsound::exec::Order::none);
            CHECK(e.scope == mapsound::exec::Scope::none);
            sync += e.has(Tag::sync);
            lwsync += e.has(Tag::lwsync);
            isync += e.has(Tag::isync);
        }
        CHECK(sync == 1);
        CHECK(lwsync == 1);
        CHECK(isync == 1);
        CHECK(x.addr.size() == 1);  // lwz r3 -> xor -> lwzx
        CHECK(x.data.size() == 1);  // lwzx r7 -> addi -> stw
        CHECK(x.ctrl.size() >= 4);  // lwz r1 to everything after beq
    }
}

// lwarx/stwcx. as herd7's PPC tests write a reservation loop: r0 in the
// rA position reads as 0, stwcx. sets CR0 (the IR's status register
// "cr0"), bne loops while it failed; a store that succeeded pairs with the
// load as an rmw, and the test prints back as written.
TEST_CASE("ppc: lwarx/stwcx. is an exclusive pair, CR0 its status, bne the retry") {
    const LitmusTest t = parse_litmus(
        "PPC excl\n{ 0:r2=x; }\n P0 ;\n li r1,2 ;\n Loop00: ;\n lwarx r4,r0,r2 ;\n stwcx. r1,r0,r2 ;\n"
        " bne Loop00 ;\nexists (x=2 /\\ 0:r4=0)\n",
        "excl.litmus");
    const auto& code = t.threads.at(0).code;
    const auto& l = at<Load>(t.threads.at(0), 2);
    CHECK(l.qualifiers.exclusive);
    CHECK(!l.addr.offset);
    const auto& s = at<Store>(t.threads.at(0), 3);
    CHECK(s.qualifiers.exclusive);
    REQUIRE(s.qualifiers.status);
    CHECK(s.qualifiers.status->name == "cr0");
    const auto& b = at<Branch>(t.threads.at(0), 4);
    CHECK(b.cmp == CmpOp::ne);
    CHECK(std::get<Register>(b.lhs).name == "cr0");
    CHECK(code.size() == 5);
    check_round_trip(t);
    CHECK(print_litmus(t).find("stwcx. r1,r0,r2") != std::string::npos);
    int paired = 0;
    for (const auto& c : mapsound::litmus::expand(t)) {
        for (const auto& e : c.pre.events)
            if (e.thread == 0) CHECK(e.has(Tag::exclusive));
        paired += c.pre.rmw.size() == 1;
    }
    CHECK(paired > 0);
    const auto power = mapsound::model::Model::load(fs::path(MAPSOUND_SOURCE_DIR) / "models" / "power.cat");
    CHECK(mapsound::litmus::run_litmus(t, power).ok);
}

TEST_CASE("power.cat: message passing and what orders it") {
    const auto model = power();
    CHECK(run_litmus(parse_litmus(mp("li r5,0", "li r5,0"), "mp.litmus"), model).ok);
    CHECK(!run_litmus(parse_litmus(mp("lwsync", "lwsync"), "mp.litmus"), model).ok);
    CHECK(!run_litmus(parse_litmus(mp("sync", "cmpw r1,r1 ;\n | beq L0 ;\n | L0: ;\n | isync"), "mp.litmus"), model).ok);
    // A control dependency without isync does not order the reads.
    CHECK(run_litmus(parse_litmus(mp("sync", "cmpw r1,r1 ;\n | beq L0 ;\n | L0:"), "mp.litmus"), model).ok);
}

TEST_CASE("ppc: herd7's older 'final (...)' with its 'with' list reads as exists") {
    // As in the suite's PPC/rwcv2.litmus: the per-model expectations after
    // 'with' are the authors' notes, not part of the test.
    const auto model = power();
    const std::string body = "PPC rwc\n{ 0:r5=x; 1:r5=x; 1:r6=y; 2:r5=x; 2:r6=y; 0:r1=1; 2:r1=1; }\n"
                             " P0 | P1 | P2 ;\n stw r1,0(r5) | lwz r1,0(r5) | stw r1,0(r6) ;\n"
                             " | lwsync | lwsync ;\n | lwz r2,0(r6) | lwz r3,0(r5) ;\n"
                             "locations [1:r1; 1:r2; 2:r3;]\n";
    const auto older = parse_litmus(body + "final (1:r1 = 1 /\\ 1:r2 = 0 /\\ 2:r3 = 0);\nwith default: exists;\n",
                                    "rwc.litmus");
    const auto newer = parse_litmus(body + "exists (1:r1 = 1 /\\ 1:r2 = 0 /\\ 2:r3 = 0)\n", "rwc.litmus");
    REQUIRE(older.condition);
    CHECK(older.condition->quantifier == mapsound::litmus::Quantifier::exists);
    CHECK(older.condition == newer.condition);
    CHECK(run_litmus(older, model).ok);  // RWC with lwsyncs: lwsync does not order a write before a read
    CHECK(error_of(body + "final (1:r1 = 1);\nwith default: maybe;\n").find("'exists' or '~exists'") !=
          std::string::npos);
}

TEST_CASE("power.cat: judges PPC programs, refuses the others") {
    const auto model = power();
    CHECK(!mapsound::litmus::refusal(model, Dialect::ppc));
    CHECK(mapsound::litmus::refusal(model, Dialect::c));
    CHECK(mapsound::litmus::refusal(model, Dialect::aarch64));
    CHECK(mapsound::litmus::refusal(model, Dialect::x86));
}

TEST_CASE("ppc: every suite file parses and round-trips, or is refused by name") {
    const auto suite = suite_dir();
    if (!suite) return skip_without_suite();
    int parsed = 0, refused = 0;
    for (const auto& entry : fs::directory_iterator(*suite / "PPC")) {
        if (entry.path().extension() != ".litmus") continue;
        INFO(entry.path().string());
        try {
            const LitmusTest t = parse_litmus_file(entry.path());
            CHECK(t.dialect == Dialect::ppc);
            check_round_trip(t);
            ++parsed;
        } catch (const ParseError& e) {
            CHECK_MESSAGE(std::string(e.what()).find("not supported yet") != std::string::npos, e.what());
            ++refused;
        }
    }
    CHECK(parsed == 1587);
    CHECK(refused == 0);
}

TEST_CASE("ppc: mutated tests parse and round-trip, or fail with ParseError") {
    fuzz_round_trip(65, "|;,:()r0123456789lwzstxyncbeqi ", {kSample}, 400);
}

// Verdicts of models/power.cat on the suite's classic shapes, against
// expected-power.csv (Dartagnan).
TEST_CASE("power model: key verdicts agree with Dartagnan's") {
    const auto suite = suite_dir();
    if (!suite) return skip_without_suite();
    const std::vector<std::pair<const char*, bool>> cases = {
        {"PPC/MP+lwsyncs.litmus", false},          {"PPC/MP+lwsync+ctrl.litmus", true},
        {"PPC/MP+lwsync+ctrlisync.litmus", false}, {"PPC/SB+lwsyncs.litmus", true},
        {"PPC/SB+syncs.litmus", false},            {"PPC/IRIW+lwsyncs.litmus", true},
        {"PPC/IRIW+syncs.litmus", false},          {"PPC/LB.litmus", true},
        {"PPC/R+syncs.litmus", false},
    };
    check_suite_verdicts(*suite, "expected-power.csv", "power", "power.cat", cases);
}

// power.cat writes the paper's least fixpoint of ii, ic, ci, cc in closed
// form (the Coq export translates no mutual recursion).  The two must be
// the same relations: a model with power.cat's definitions, the fixpoint
// as the paper writes it, and one axiom that the four pairs are equal,
// accepts every candidate execution of every 10th suite test (as many as
// a model without axioms).
TEST_CASE("power.cat: the closed form of ii, ic, ci, cc is the paper's least fixpoint") {
    const auto suite = suite_dir();
    if (!suite) return skip_without_suite();
    const fs::path models = fs::path(MAPSOUND_SOURCE_DIR) / "models";
    std::ifstream in(models / "power.cat");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // power.cat's definitions, without its axioms (each one line).
    std::string definitions;
    std::istringstream lines(text);
    int axioms = 0;
    for (std::string line; std::getline(lines, line);) {
        const bool axiom = line.rfind("acyclic ", 0) == 0 || line.rfind("irreflexive ", 0) == 0 ||
                           line.rfind("empty ", 0) == 0;
        axioms += axiom;
        if (!axiom) definitions += line + "\n";
    }
    REQUIRE(axioms == 5);
    const std::string fixpoint = definitions + R"(
let rec ii2 = ii0 | ci2 | (ic2 ; ci2) | (ii2 ; ii2)
    and ic2 = ii2 | cc2 | (ic2 ; cc2) | (ii2 ; ic2)
    and ci2 = ci0 | (ci2 ; ii2) | (cc2 ; ci2)
    and cc2 = cc0 | ci2 | (ci2 ; ic2) | (cc2 ; cc2)
empty (ii \ ii2) | (ii2 \ ii) | (ic \ ic2) | (ic2 \ ic) | (ci \ ci2) | (ci2 \ ci) | (cc \ cc2) | (cc2 \ cc) as same
)";
    const auto with_axiom = mapsound::model::Model::parse(fixpoint, "power fixpoint", models.string());
    const auto without = mapsound::model::Model::parse(definitions, "power definitions", models.string());
    int compared = 0, row = 0;
    for (const auto& entry : fs::directory_iterator(*suite / "PPC")) {
        if (entry.path().extension() != ".litmus" || row++ % 10 != 0) continue;
        LitmusTest t;
        try {
            t = parse_litmus_file(entry.path());
        } catch (const ParseError&) {
            continue;  // refused by the front end (known-differences.csv)
        }
        INFO(entry.path().string());
        mapsound::litmus::RunOptions counted;
        counted.method = mapsound::litmus::RunOptions::Method::enumerate;
        const auto a = run_litmus(t, with_axiom, counted);
        const auto b = run_litmus(t, without, counted);
        CHECK(a.positive + a.negative == b.positive + b.negative);
        ++compared;
    }
    CHECK(compared > 150);
}
