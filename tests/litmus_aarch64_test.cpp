// herd7's AArch64 dialect ("AArch64 name" tests, as diy7 writes them): the
// IR a test parses into, printing back, errors with file:line:col, the
// events it expands into (A/L/Q, exclusives, barriers by what they order,
// dependencies through registers), models/aarch64.cat's verdicts on the
// classic shapes and which programs it judges, and every file of
// ../shared/litmus/AARCH64.  Cases that need the suite are reported as
// skipped when it is absent.
#include <filesystem>
#include <string>
#include <tuple>

#include <doctest/doctest.h>

#include "litmus/query.hpp"
#include "litmus/tear.hpp"
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

// diy7's layout with the instruction forms the dialect reads.
const char* const kSample = R"(AArch64 sample
"DMB.SYdWW Rfe DpAddrdR Fre"
Cycle=Rfe DpAddrdR Fre DMB.SYdWW
{
0:X1=x; 0:X3=y;
1:X1=y; 1:X4=x;
}
 P0          | P1                  ;
 MOV W0,#1   | LDR W0,[X1]         ;
 STR W0,[X1] | EOR W2,W0,W0        ;
 DMB SY      | LDR W3,[X4,W2,SXTW] ;
 MOV W2,#1   | CBNZ W0,LC00        ;
 STLR W2,[X3]| LC00:               ;
 ISB         | LDAPR W5,[X4]       ;
 DSB ISHLD   | LDXR W6,[X1]        ;
             | STXR W7,W6,[X1]     ;
exists (1:X0=1 /\ 1:X3=0)
)";

std::string mp(const std::string& p0_middle, const std::string& p1_middle) {
    return "AArch64 MP\n{ 0:X1=x; 0:X3=y; 1:X1=y; 1:X3=x; }\n P0 | P1 ;\n MOV W0,#1 | LDR W0,[X1] ;\n STR W0,[X1] | " +
           p1_middle + " ;\n " + p0_middle + " | LDR W2,[X3] ;\n MOV W2,#1 | ;\n STR W2,[X3] | ;\n" +
           "exists (1:X0=1 /\\ 1:X2=0)\n";
}

mapsound::model::Model aarch64() {
    return mapsound::model::Model::load(fs::path(MAPSOUND_SOURCE_DIR) / "models" / "aarch64.cat");
}

}  // namespace

TEST_CASE("aarch64: the sample parses into the expected IR") {
    const LitmusTest t = parse_litmus(kSample, "sample.litmus");
    CHECK(t.dialect == Dialect::aarch64);
    CHECK(t.name == "sample");
    REQUIRE(t.register_inits.size() == 4);
    CHECK(t.register_inits[0] == RegisterInit{0, Register{"X1"}, AddressOf{"x"}, ""});
    REQUIRE(t.threads.size() == 2);
    const Thread& p0 = t.threads[0];
    const Thread& p1 = t.threads[1];
    const Address x{"x", std::nullopt}, y{"y", std::nullopt};
    CHECK(at<RegOp>(p0, 0) == RegOp{Register{"X0"}, RegOpKind::move, std::int64_t{1}, std::nullopt});
    CHECK(at<Store>(p0, 1) == Store{x, Register{"X0"}, MemoryOrder::plain, Scope::none, {}});
    CHECK(at<Fence>(p0, 2).kind == FenceKind::dmb);
    CHECK(at<Fence>(p0, 2).qualifiers.barrier_option == "SY");
    CHECK(at<Store>(p0, 4) == Store{y, Register{"X2"}, MemoryOrder::release, Scope::none, {}});
    CHECK(at<Fence>(p0, 5).kind == FenceKind::isb);
    CHECK(at<Fence>(p0, 6).kind == FenceKind::dsb);
    CHECK(at<Fence>(p0, 6).qualifiers.barrier_option == "ISHLD");
    CHECK(at<RegOp>(p1, 1) == RegOp{Register{"X2"}, RegOpKind::xor_, Register{"X0"}, Register{"X0"}});
    // The offset register is resolved against X4, which points at x.
    CHECK(at<Load>(p1, 2).addr == Address{"x", Register{"X2"}});
    CHECK(at<Branch>(p1, 3) == Branch{CmpOp::ne, Register{"X0"}, std::int64_t{0}, "LC00"});
    CHECK(at<Label>(p1, 4) == Label{"LC00"});
    CHECK(at<Load>(p1, 5).order == MemoryOrder::acquire);
    CHECK(at<Load>(p1, 5).qualifiers.acquire_pc);
    CHECK(at<Load>(p1, 6).qualifiers.exclusive);
    const Store& stxr = at<Store>(p1, 7);
    CHECK(stxr.qualifiers.exclusive);
    CHECK(stxr.qualifiers.status == Register{"X7"});
    check_round_trip(t);
}

TEST_CASE("aarch64: CMP and B.cond are one branch, B a jump, LSE atomics RMWs") {
    const LitmusTest t = parse_litmus(
        "AArch64 t\n{ 0:X1=x; }\n P0 ;\n LDR W0,[X1] ;\n CMP W0,#1 ;\n B.NE L1 ;\n B L2 ;\n L1: ;\n"
        " SWPAL W3,W4,[X1] ;\n LDADDA W3,W5,[X1] ;\n CAS W6,W3,[X1] ;\n L2: ;\nexists (0:X0=1)\n",
        "t.litmus");
    const Thread& p0 = t.threads.at(0);
    CHECK(at<Branch>(p0, 1) == Branch{CmpOp::ne, Register{"X0"}, std::int64_t{1}, "L1"});
    CHECK(at<Goto>(p0, 2) == Goto{"L2"});
    const Rmw& swp = at<Rmw>(p0, 4);
    CHECK(swp.op == RmwOp::exch);
    CHECK(swp.order == MemoryOrder::acq_rel);
    CHECK(swp.dest == Register{"X4"});
    CHECK(at<Rmw>(p0, 5).op == RmwOp::add);
    CHECK(at<Rmw>(p0, 5).order == MemoryOrder::acquire);
    const Rmw& cas = at<Rmw>(p0, 6);
    CHECK(cas.op == RmwOp::cas);
    CHECK(cas.dest == Register{"X6"});
    CHECK(cas.expected == Operand{Register{"X6"}});
    CHECK(cas.value == Operand{Register{"X3"}});
    check_round_trip(t);
}

TEST_CASE("aarch64: errors name file:line:col and what was expected") {
    CHECK(error_of("AArch64 t\n{ 0:X1=x; }\n P0 ;\n LDRB X0,[X1] ;\nexists (x=1)\n") ==
          "t.litmus:4:7: expected a W register (a byte or halfword access), found 'X0'");
    CHECK(error_of("AArch64 t\n{ 0:X1=x; }\n P0 ;\n LDP W0,X2,[X1] ;\nexists (x=1)\n") ==
          "t.litmus:4:9: expected a register of the first one's width, found 'X2'");
    CHECK(error_of("AArch64 t\n{ 0:X1=x; }\n P0 ;\n LDR W0,[X1,#] ;\nexists (x=1)\n") ==
          "t.litmus:4:14: expected a byte offset after '#', found ']'");
    CHECK(error_of("AArch64 t\n{ uint64_t 0:X1=x; uint32_t 0:X1; }\n P0 ;\n LDR W0,[X1] ;\nexists (x=1)\n") ==
          "t.litmus:2:29: expected a register not initialized before, found '0'");
    CHECK(error_of("AArch64 t\n{ 0:X1=x; }\n P0 ;\n LDR W0,[X2] ;\nexists (x=1)\n") ==
          "t.litmus:4:10: expected a register holding a location's address (\"0:X2=x\" in the initial state, or loaded "
          "or computed before), found 'X2'");
    CHECK(error_of("AArch64 t\n{ 0:X1=x; }\n P0 ;\n DMB XX ;\nexists (x=1)\n") ==
          "t.litmus:4:6: expected a barrier option (SY, LD, ST, ISH, ISHLD, ISHST, OSH, ..., NSHST), found 'XX'");
    CHECK(error_of("AArch64 t\n{ 0:X1=x; }\n P0 ;\n B.NE L0 ;\n L0: ;\nexists (x=1)\n") ==
          "t.litmus:4:2: expected a CMP before the conditional branch, found 'B.NE'");
    CHECK(error_of("AArch64 t\n{ 0:X1=x; }\n P0 ;\n CBZ W0,L9 ;\nexists (x=1)\n") ==
          "t.litmus:4:9: expected a label defined in this thread, found 'L9'");
    CHECK(error_of("AArch64 t\n{ 0:X1=x; }\n P0 ;\n MOV W31,#1 ;\nexists (x=1)\n") ==
          "t.litmus:4:6: expected a destination register, found 'W31'");
    // '#' is a token of the AArch64 dialect only.
    CHECK(error_of("PTX t\n{}\n P0 ;\n st.weak x, #1 ;\n") == "t.litmus:4:13: expected a litmus token, found '#'");
}

TEST_CASE("aarch64: events carry A, L, Q, X and barrier tags and no scope, dependencies through registers") {
    const LitmusTest t = parse_litmus(kSample, "sample.litmus");
    mapsound::litmus::ExpandOptions options;
    const auto runs = mapsound::litmus::expand(t, options);
    REQUIRE(!runs.empty());
    bool saw_pair = false;
    for (const auto& c : runs) {
        const mapsound::exec::PreExecution& x = c.pre;
        int full = 0, ld = 0, isb = 0, q = 0, exclusive = 0, acquire = 0, release = 0;
        for (const auto& e : x.events) {
            if (e.thread < 0) continue;
            CHECK(e.scope == mapsound::exec::Scope::none);
            full += e.has(Tag::dmb_full);
            ld += e.has(Tag::dmb_ld);
            isb += e.has(Tag::isb);
            q += e.has(Tag::acquire_pc);
            exclusive += e.has(Tag::exclusive);
            acquire += e.order == mapsound::exec::Order::acq;
            release += e.order == mapsound::exec::Order::rel;
            // Plain accesses carry no order at all (not NA).
            if (e.kind != EventKind::fence && !e.has(Tag::acquire_pc) && e.order != mapsound::exec::Order::rel)
                CHECK(e.order == mapsound::exec::Order::none);
        }
        CHECK(full == 1);
        CHECK(ld == 1);
        CHECK(isb == 1);
        CHECK(q == 1);
        CHECK(acquire == 0);  // LDAPR is Q, not A
        CHECK(release == 1);
        // The address dependency (LDR W0 -> EOR -> [X4,W2]) and the control
        // dependency of every event after CBNZ on that read.
        CHECK(!x.addr.empty());
        CHECK(x.ctrl.size() >= 2);  // LDAPR, LDXR (and STXR when it succeeds)
        // The store exclusive: paired with LDXR when it succeeds (an rmw
        // pair, both X), absent when it fails.
        if (!x.rmw.empty()) {
            saw_pair = true;
            CHECK(exclusive == 2);
        } else {
            CHECK(exclusive == 1);
        }
    }
    CHECK(saw_pair);
}

TEST_CASE("aarch64.cat: message passing and what orders it") {
    const auto model = aarch64();
    // No order on either side: allowed (ARMv8 reorders both).
    CHECK(run_litmus(parse_litmus(mp("MOV W4,#0", "MOV W4,#0"), "mp.litmus"), model).ok);
    CHECK(!run_litmus(parse_litmus(mp("DMB SY", "DMB LD"), "mp.litmus"), model).ok);
    CHECK(!run_litmus(parse_litmus(mp("DMB ST", "DMB LD"), "mp.litmus"), model).ok);
    // Release and acquire order it too.
    const LitmusTest rel_acq = parse_litmus(
        "AArch64 MP+popl+poa\n{ 0:X1=x; 0:X3=y; 1:X1=y; 1:X3=x; }\n P0 | P1 ;\n MOV W0,#1 | LDAR W0,[X1] ;\n"
        " STR W0,[X1] | LDR W2,[X3] ;\n MOV W2,#1 | ;\n STLR W2,[X3] | ;\nexists (1:X0=1 /\\ 1:X2=0)\n",
        "mp.litmus");
    CHECK(!run_litmus(rel_acq, model).ok);
    // DMB ST on the reader's side orders nothing it needs.
    CHECK(run_litmus(parse_litmus(mp("DMB SY", "DMB ST"), "mp.litmus"), model).ok);
    // A control dependency does not order a later load without ISB.
    CHECK(run_litmus(parse_litmus(mp("DMB SY", "CBNZ W0,L0 ;\n | L0:"), "mp.litmus"), model).ok);
}

TEST_CASE("aarch64.cat: judges AArch64 programs, refuses the others") {
    const auto model = aarch64();
    CHECK(!mapsound::litmus::refusal(model, Dialect::aarch64));
    CHECK(mapsound::litmus::refusal(model, Dialect::c));
    CHECK(mapsound::litmus::refusal(model, Dialect::x86));
    CHECK(mapsound::litmus::refusal(model, Dialect::ptx));
    // x86-TSO reads no memory order: AArch64's acquire/release would mean
    // nothing to it.
    const fs::path models = fs::path(MAPSOUND_SOURCE_DIR) / "models";
    CHECK(mapsound::litmus::refusal(mapsound::model::Model::load(models / "x86-tso.cat"), Dialect::aarch64));
}

// Mixed-size programs (herd7's AArch64 syntax for parts of locations) are
// read and printed back; the expansion tears them (below), and refuses by
// name what tearing cannot cover (here an access past x's 8 bytes).
TEST_CASE("aarch64: mixed-size accesses parse, print back, and tearing names what it cannot cover") {
    const LitmusTest t = parse_litmus(
        "AArch64 t\n{\nuint64_t x; uint8_t z[4];\n0:X1=x; 0:X3=z; uint32_t 0:X0 = 0x10; uint64_t 1:X2;\n1:X1=x;\n}\n"
        " P0             | P1             ;\n"
        " STR W0,[X1,#4] | LDR X2,[X1]    ;\n"
        " STRH W0,[X3]   | ADD X1,X1,#4   ;\n"
        " LDRB W4,[X3]   | LDP W5,W6,[X1] ;\n"
        " STLRB WZR,[X3] | STR XZR,[X1]   ;\n"
        "exists (x=0x1000000000 /\\ 1:X2=0x1000000000)\n",
        "t.litmus");
    const Thread& p0 = t.threads.at(0);
    const Thread& p1 = t.threads.at(1);
    CHECK(at<Store>(p0, 0).addr.byte_offset == 4);
    CHECK(at<Store>(p0, 0).qualifiers.access_size == 0);  // a W register: a word
    CHECK(at<Store>(p0, 1).qualifiers.access_size == 2);
    CHECK(at<Load>(p0, 2).qualifiers.access_size == 1);
    CHECK(at<Store>(p0, 3).order == MemoryOrder::release);
    CHECK(at<Store>(p0, 3).qualifiers.access_size == 1);
    CHECK(at<Load>(p1, 0).qualifiers.access_size == 8);
    // ADD X1,X1,#4 displaces the pointer; LDP is two words at bytes 4 and 8.
    CHECK(at<Load>(p1, 2).addr.byte_offset == 4);
    CHECK(at<Load>(p1, 3).addr.byte_offset == 8);
    CHECK(at<Load>(p1, 3).dest == Register{"X6"});
    CHECK(at<Store>(p1, 4).qualifiers.access_size == 8);
    CHECK(t.find_location("x")->type == "uint64_t");
    CHECK(t.register_inits.at(2) == RegisterInit{0, Register{"X0"}, std::int64_t{16}, "uint32_t"});
    CHECK(t.register_inits.at(3) == RegisterInit{1, Register{"X2"}, std::int64_t{0}, "uint64_t"});
    check_round_trip(t);
    CHECK(mapsound::litmus::mixed_size_access(t) == std::optional<std::string>("P0's 4-byte access to x at byte 4"));
    try {
        (void)mapsound::litmus::expand(t);
        FAIL("a mixed-size program with an access past its location expanded");
    } catch (const std::runtime_error& e) {
        CHECK(std::string(e.what()) == "t.litmus: test 't': a mixed-size program (P0's 4-byte access to x at byte 4): "
                                       "an access to x ends at byte 12, past its 8 bytes");
    }

    // Which accesses make a program mixed-size: sizes that differ, a size
    // other than the declared type's; one size throughout is whole.
    auto mixed = [](const std::string& init, const std::string& code) {
        return mapsound::litmus::mixed_size_access(
            parse_litmus("AArch64 t\n{ " + init + " 0:X1=x; }\n P0 ;\n" + code + "exists (x=1)\n", "t.litmus"));
    };
    CHECK(!mixed("", " LDR W0,[X1] ;\n STR W2,[X1] ;\n"));
    CHECK(!mixed("uint64_t x;", " LDR X0,[X1] ;\n STR XZR,[X1] ;\n"));
    CHECK(mixed("", " LDR W0,[X1] ;\n STR X2,[X1] ;\n") ==
          std::optional<std::string>("P0's 8-byte access to x, which is also accessed as 4 bytes"));
    CHECK(!mixed("", " LDR X0,[X1] ;\n"));  // an untyped location: the size its accesses give it
    CHECK(mixed("uint16_t x;", " LDRH W0,[X1] ;\n").has_value() == false);
    CHECK(mixed("uint8_t x;", " LDRH W0,[X1] ;\n") ==
          std::optional<std::string>("P0's 2-byte access to x, a uint8_t (1 byte)"));
}

// Tearing (lib/litmus/tear.hpp): x is cut at every access boundary, an
// access over several pieces is one event per piece, unordered by po and
// related by si, and aarch64.cat's ob = obs;si | lob then keeps a single
// 8-byte store single-copy atomic towards a reader that orders its two
// 4-byte loads: the reader cannot see the high half new and the low half
// old (the cycle: Wlo -si-> Whi -rfe-> Rhi -bob-> Rlo -fre-> Wlo, read as
// Rlo -fre;si-> Whi).  Two 4-byte stores are two instructions and may be
// seen so.  Verdicts derived by hand from aarch64.cat.
TEST_CASE("aarch64: a mixed-size program is decided torn into pieces, si relating the pieces of one access") {
    const auto model = aarch64();
    auto decide = [&](const std::string& writer, const std::string& condition) {
        const std::string text = "AArch64 t\n{ uint64_t x; 0:X1=x; 0:X0=0x100000001; 1:X1=x; }\n"
                                 " P0 | P1 ;\n" + writer + " | LDR W3,[X1] ;\n"
                                 "exists (" + condition + ")\n";
        return mapsound::litmus::run_litmus(parse_litmus(text, "t.litmus"), model).ok;
    };
    // P1 reads the high word, then (DMB) the low word.
    const std::string one_store = " STR X0,[X1] | LDR W2,[X1,#4] ;\n | DMB SY ;\n";
    const std::string two_stores = " STR W0,[X1] | LDR W2,[X1,#4] ;\n STR W0,[X1,#4] | DMB SY ;\n";
    CHECK(!decide(one_store + "", "1:X2=1 /\\ 1:X3=0"));
    CHECK(decide(two_stores, "1:X2=1 /\\ 1:X3=0"));
    CHECK(decide(one_store, "1:X2=1 /\\ 1:X3=1"));
    CHECK(decide(one_store, "1:X2=0 /\\ 1:X3=1"));  // the other order is not ordered by P1's barrier
    // Final memory is the pieces' final values put together.
    CHECK(decide(one_store, "x=0x100000001"));
    CHECK(!decide(one_store, "x=0x1"));

    // The events: x+0 and x+4, the 8-byte store two writes of one
    // instruction, which po leaves unordered and si relates.
    const LitmusTest t = parse_litmus("AArch64 t\n{ uint64_t x; 0:X1=x; 0:X0=0x200000001; 1:X1=x; }\n"
                                      " P0 | P1 ;\n STR X0,[X1] | LDR W2,[X1,#4] ;\nexists (1:X2=2)\n",
                                      "t.litmus");
    const auto cs = mapsound::litmus::expand(t);
    REQUIRE(!cs.empty());
    const auto& pre = cs.front().pre;
    CHECK(pre.locations == std::vector<std::string>{"x+0", "x+4"});
    std::vector<std::size_t> pieces;
    for (std::size_t i = 0; i < pre.events.size(); ++i)
        if (pre.events[i].thread == 0) {
            CHECK(pre.events[i].piece_of == 0);
            pieces.push_back(i);
        }
    REQUIRE(pieces.size() == 2);
    CHECK(pre.events[pieces[0]].value == 1);
    CHECK(pre.events[pieces[1]].value == 2);
    const mapsound::rel::Relation rf = mapsound::rel::Relation::binary("rf");
    const auto v = mapsound::litmus::detail::litmus_vocabulary(cs.front(), rf);
    const mapsound::rel::Instance none(mapsound::exec::universe_of(pre));
    const auto po = mapsound::rel::evaluate(v.at("po"), none);
    const auto si = mapsound::rel::evaluate(v.at("si"), none);
    CHECK(!po.contains(pieces[0], pieces[1]));
    CHECK(!po.contains(pieces[1], pieces[0]));
    CHECK(si.contains(pieces[0], pieces[1]));
    CHECK(si.contains(pieces[1], pieces[0]));
    for (std::size_t i = 0; i < pre.events.size(); ++i) CHECK(si.contains(i, i));
    CHECK(si.indices().size() == pre.events.size() + 2);
}

// A torn load's register that only the condition reads is compared piece
// by piece (its pieces' loads stay free reads); read by an instruction, it
// is put together by register arithmetic.  Both ways give the same
// verdicts: P1's doubleword load may see P0's two word stores in any
// combination (two instructions, two pieces each read on its own), and
// nothing else.
TEST_CASE("aarch64: a torn register the condition alone reads is compared piece by piece, with the same verdicts") {
    const auto model = aarch64();
    auto decide = [&](bool read_by_code, const std::string& condition) {
        const std::string text = std::string("AArch64 t\n{ uint64_t x; 0:X1=x; 0:X0=1; 1:X1=x; }\n P0 | P1 ;\n") +
                                 " STR W0,[X1] | LDR X2,[X1] ;\n MOV X6,#0 | " +
                                 (read_by_code ? "EOR X5,X2,X2" : "MOV X5,#0") + " ;\n"
                                 " STR W0,[X1,#4] | ;\nexists (" + condition + ")\n";
        const LitmusTest t = parse_litmus(text, "t.litmus");
        // Which way the register is read: put together in X2, or not.
        bool combined = false;
        for (const auto& i : mapsound::litmus::detail::tear_mixed_size(t).threads.at(1).code)
            if (const auto* op = std::get_if<mapsound::litmus::RegOp>(&i)) combined = combined || op->dest.name == "X2";
        CHECK(combined == read_by_code);
        return mapsound::litmus::run_litmus(t, model).ok;
    };
    for (const bool read_by_code : {false, true}) {
        CAPTURE(read_by_code);
        CHECK(decide(read_by_code, "1:X2=0x100000000"));
        CHECK(decide(read_by_code, "1:X2=0x100000001"));
        CHECK(decide(read_by_code, "1:X2=0x1"));
        CHECK(!decide(read_by_code, "1:X2=0x2"));
        CHECK(!decide(read_by_code, "1:X2=0x1100000001"));  // more than P0 writes
        CHECK(decide(read_by_code, "~(1:X2=0x0)"));
    }
}

// Offsets in a register: the byte an access starts at is its displacement
// plus the register's value, which the code must fix (diy's address
// dependencies: EOR of a register with itself, then ADD); an offset that
// depends on a value read is refused by name.
TEST_CASE("aarch64: tearing follows register offsets the code fixes, and refuses ones a read decides") {
    const auto model = aarch64();
    const std::string fixed =
        "AArch64 t\n{ uint64_t x; 0:X1=x; 0:X0=0x100000001; 1:X1=x; }\n"
        " P0          | P1                  ;\n"
        " STR X0,[X1] | LDR W2,[X1,#4]      ;\n"
        "             | EOR W4,W2,W2        ;\n"
        "             | ADD W4,W4,#0        ;\n"
        "             | LDR W3,[X1,W4,SXTW] ;\n"
        "exists (1:X2=1 /\\ 1:X3=0)\n";
    // The address dependency orders the loads as the barrier did above.
    CHECK(!mapsound::litmus::run_litmus(parse_litmus(fixed, "t.litmus"), model).ok);
    std::string high = fixed;  // both loads of the high word
    high.replace(high.find("ADD W4,W4,#0"), 12, "ADD W4,W4,#4");
    CHECK(mapsound::litmus::run_litmus(parse_litmus(high, "t.litmus"), model).ok == false);
    std::string read = fixed;  // the offset is the value read
    read.replace(read.find("EOR W4,W2,W2"), 12, "AND W4,W2,#4");
    try {
        (void)mapsound::litmus::run_litmus(parse_litmus(read, "t.litmus"), model);
        FAIL("an offset decided by a read was torn");
    } catch (const std::runtime_error& e) {
        CHECK(std::string(e.what()).find("P1 accesses x at an offset (X4) that its code does not fix") !=
              std::string::npos);
    }
}

// A read-modify-write over two pieces is one per piece, paired piece by
// piece: an exclusive pair (LDXR/STXR) succeeds or fails as a whole, and
// each piece keeps rmw's atomicity, so another thread's 4-byte store to
// the high word cannot come between the pair's read and write of that
// piece (Dartagnan's reading; verdicts derived by hand from aarch64.cat's
// atomic axiom, rmw & (fre;coe) empty).  A swap or bitwise LSE atomic
// splits the same way; an addition, whose carry crosses the pieces, and a
// compare-and-swap, which compares the whole value, are refused by name.
TEST_CASE("aarch64: a read-modify-write over two pieces is one per piece, each atomic") {
    const auto model = aarch64();
    auto program = [](const std::string& p0) {
        return "AArch64 t\n{ uint64_t x; 0:X0=x; 0:X4=0x300000003; 1:X1=x; 1:X5=2; }\n"
               " P0 | P1 ;\n" + p0 + " | STR W5,[X1,#4] ;\n";
    };
    const std::string pair = " LDXR X1,[X0] | ;\n STXR W3,X4,[X0] | ;\n";
    auto decide = [&](const std::string& p0, const std::string& condition) {
        return mapsound::litmus::run_litmus(parse_litmus(program(p0) + "exists (" + condition + ")\n", "t.litmus"),
                                            model).ok;
    };
    // The pair succeeds having read the high word's initial 0, and its
    // write of the high word is last: P1's store would have come between.
    CHECK(!decide(pair, "0:X3=0 /\\ 0:X1=0 /\\ x=0x300000003"));
    // Without the high word's read-modify-write (P1 stores the low word
    // instead, which the pair's low piece then guards) the high word is
    // free: the same outcome is allowed for a plain 8-byte load and store.
    CHECK(decide(" LDR X1,[X0] | ;\n STR X4,[X0] | ;\n", "0:X1=0 /\\ x=0x300000003"));
    // P1's store before the pair's read, or after its write: allowed.
    CHECK(decide(pair, "0:X3=0 /\\ 0:X1=0x200000000 /\\ x=0x300000003"));
    CHECK(decide(pair, "0:X3=0 /\\ 0:X1=0 /\\ x=0x200000003"));
    // A failed pair writes neither piece.
    CHECK(!decide(pair, "0:X3=1 /\\ x=0x3"));
    CHECK(decide(pair, "0:X3=1 /\\ x=0x200000000"));
    // SWP splits into a swap per piece, with the same atomicity.
    CHECK(!decide(" SWP X4,X1,[X0] | ;\n", "0:X1=0 /\\ x=0x300000003"));
    CHECK(decide(" SWP X4,X1,[X0] | ;\n", "0:X1=0x200000000 /\\ x=0x300000003"));

    // The events of the pair that succeeds: two exclusive reads and two
    // writes of one instruction each, rmw pairing x+0 with x+0 and x+4
    // with x+4.
    const auto cs = mapsound::litmus::expand(parse_litmus(program(pair) + "exists (0:X3=0)\n", "t.litmus"));
    bool paired = false;
    for (const auto& c : cs) {
        const auto& pre = c.pre;
        if (pre.rmw.empty()) continue;
        paired = true;
        REQUIRE(pre.rmw.size() == 2);
        for (const auto& [read, write] : pre.rmw) {
            CHECK(pre.events[read].kind == mapsound::exec::EventKind::read);
            CHECK(pre.events[write].kind == mapsound::exec::EventKind::write);
            CHECK(pre.events[read].location == pre.events[write].location);
            // The load's pieces are one run of one instruction, the
            // store's another.
            CHECK(pre.events[read].piece_of == pre.events[pre.rmw[0].first].piece_of);
            CHECK(pre.events[write].piece_of == pre.events[pre.rmw[0].second].piece_of);
            CHECK(pre.events[read].piece_of != pre.events[write].piece_of);
        }
        CHECK(pre.events[pre.rmw[0].first].location != pre.events[pre.rmw[1].first].location);
    }
    CHECK(paired);

    for (const std::string& refused : {std::string(" LDADD X4,X1,[X0] | ;\n"), std::string(" CAS X1,X4,[X0] | ;\n")}) {
        try {
            (void)mapsound::litmus::run_litmus(parse_litmus(program(refused) + "exists (x=0)\n", "t.litmus"), model);
            FAIL("a read-modify-write that does not split by pieces was torn: " << refused);
        } catch (const std::runtime_error& e) {
            CHECK(std::string(e.what()).find("covers 2 pieces") != std::string::npos);
        }
    }
}

// The pieces of a torn atomic: its read pieces are related by si, its
// write pieces too, and each read stays po-before the writes, as the whole
// instruction's read is before its write: a SWP's piece cannot read its
// own write (the cycle po-loc;rf back to the read).  And in a loop each
// run of a torn instruction is an instruction of its own: the pieces of
// two runs are ordered by po and not related by si.  Each checked against
// the same test with the other thread's access whole (not torn), whose
// verdict and counts must be the same (the found failures: a torn SWP read
// its own write; a retried exclusive pair lost its retry).
TEST_CASE("aarch64: a torn atomic's read stays before its write, and a loop's runs stay apart") {
    const auto model = aarch64();
    auto observed = [&](const std::string& text, int unroll) {
        mapsound::litmus::RunOptions options;
        options.expand.unroll = unroll;
        const auto v = mapsound::litmus::run_litmus(parse_litmus(text, "t.litmus"), model, options);
        return std::tuple{v.ok, v.positive, v.negative};
    };
    // P1's 4-byte store (tearing x) or 8-byte store of the same value.
    auto swp = [](const std::string& p1_store) {
        return "AArch64 t\n{ uint64_t x; uint32_t y; 0:X0=x; 0:X4=0x500000005; 0:X2=y; 0:X8=1; 1:X1=x; "
               "1:X5=5; 1:X2=y; }\n P0 | P1 ;\n SWP X4,X1,[X0] | LDR W7,[X2] ;\n DMB SY | DMB SY ;\n"
               " STR W8,[X2] | " + p1_store + " ;\nexists (0:X1=5 /\\ 1:X7=1)\n";
    };
    CHECK(std::get<0>(observed(swp("STR W5,[X1]"), 1)) == false);
    CHECK(observed(swp("STR W5,[X1]"), 1) == observed(swp("STR X5,[X1]"), 1));
    auto retry = [](const std::string& p1_store) {
        return "AArch64 t\n{ uint64_t x; 0:X0=x; 0:X4=0x300000003; 1:X1=x; 1:X5=" +
               std::string(p1_store.find("X5") != std::string::npos ? "0x200000000" : "2") +
               "; }\n P0 | P1 ;\n LC00: | " + p1_store + " ;\n LDXR X1,[X0] | ;\n ADD X6,X6,X1 | ;\n"
               " ADD X7,X7,#1 | ;\n STXR W3,X4,[X0] | ;\n CBNZ W3,LC00 | ;\n"
               "exists (0:X1=0x200000000 /\\ 0:X6=0x200000000 /\\ 0:X7=2)\n";
    };
    // The first run reads 0 and fails, P1 stores, the retry reads 2 and
    // succeeds.
    CHECK(std::get<0>(observed(retry("STR W5,[X1,#4]"), 2)) == true);
    CHECK(observed(retry("STR W5,[X1,#4]"), 2) == observed(retry("STR X5,[X1]"), 2));
}

// A torn test's final states show its locations and registers whole, as
// herd7 does: the pieces' values put together, a register the condition
// alone reads (kept in pieces) included.  The exclusive pair above, by
// hand: failing, it writes nothing and its read of x+4 sees 0 or P1's 2;
// succeeding, P1's store is not between its read and write of x+4, so it
// reads 0 and P1's store is last, or reads 2 and its own store is last.
// Decided both ways (every execution enumerated, and by SAT state by
// state), with the same states.
TEST_CASE("aarch64: a torn test's states show locations and registers whole") {
    const auto model = aarch64();
    const LitmusTest t = parse_litmus(
        "AArch64 t\n{ uint64_t x; 0:X0=x; 0:X4=0x300000003; 1:X1=x; 1:X5=2; }\n"
        " P0 | P1 ;\n LDXR X1,[X0] | STR W5,[X1,#4] ;\n STXR W3,X4,[X0] | ;\n"
        "locations [0:X1; 0:X3; x;]\nexists (0:X3=0)\n",
        "t.litmus");
    const std::vector<std::string> expected{
        "0:X1=0; 0:X3=0; x=8589934595; ",            // x = 0x200000003
        "0:X1=0; 0:X3=1; x=8589934592; ",            // 0x200000000
        "0:X1=8589934592; 0:X3=0; x=12884901891; ",  // 0x300000003
        "0:X1=8589934592; 0:X3=1; x=8589934592; ",
    };
    for (const auto method : {mapsound::litmus::RunOptions::Method::enumerate,
                              mapsound::litmus::RunOptions::Method::decide}) {
        mapsound::litmus::RunOptions options;
        options.states = true;
        options.method = method;
        const auto v = mapsound::litmus::run_litmus(t, model, options);
        CHECK(v.states == expected);
    }
    // Without a locations clause or a condition every register is shown,
    // 0:X1 whole among them: the same four states both ways, every value
    // enumerated or the loads free reads (whose values the states read off
    // rf).
    LitmusTest all = t;
    all.observed.reset();
    all.condition.reset();
    std::vector<std::vector<std::string>> states;
    for (const bool free_reads : {false, true})
        for (const auto method : {mapsound::litmus::RunOptions::Method::enumerate,
                                  mapsound::litmus::RunOptions::Method::decide}) {
            mapsound::litmus::RunOptions options;
            options.states = true;
            options.method = method;
            options.expand.free_reads = free_reads;
            states.push_back(mapsound::litmus::run_litmus(all, model, options).states);
        }
    CHECK(states[0].size() == 4);
    for (const auto& s : states) CHECK(s == states[0]);
    for (const std::string& s : states[0]) CHECK(s.find("0:X1=") != std::string::npos);
}

// A torn location is shown where its cells are: after a location declared
// before it, in cell order as every other location is (not before them).
TEST_CASE("aarch64: a torn location's whole is listed in cell order") {
    const LitmusTest t = parse_litmus(
        "AArch64 t\n{ uint32_t a; uint64_t x; 0:X0=x; 0:X2=a; 1:X1=x; 1:X5=2; }\n"
        " P0 | P1 ;\n MOV W3,#1 | STR W5,[X1,#4] ;\n STR W3,[X2] | ;\n LDR X1,[X0] | ;\n"
        "locations [x; a;]\nexists (0:X1=0)\n",
        "t.litmus");
    mapsound::litmus::RunOptions options;
    options.states = true;
    const auto v = mapsound::litmus::run_litmus(t, aarch64(), options);
    REQUIRE(!v.states.empty());
    for (const std::string& s : v.states) {
        INFO(s);
        CHECK(s.find("a=1; x=8589934592; ") != std::string::npos);
    }
}

// In a torn test an address is shown as its location's name, not its
// first piece's, and an integer equal to an address's encoding (a 4-byte
// store of 1 at offset 4 makes x 2^32) stays a number.
TEST_CASE("aarch64: a torn test shows addresses by location and integers as numbers") {
    const LitmusTest t = parse_litmus(
        "AArch64 t\n{ uint64_t x; 0:X0=x; 1:X1=x; 1:X5=1; }\n"
        " P0 | P1 ;\n LDR X1,[X0] | STR W5,[X1,#4] ;\nlocations [x; 0:X0;]\nexists (0:X1=0)\n",
        "t.litmus");
    mapsound::litmus::RunOptions options;
    options.states = true;
    CHECK(mapsound::litmus::run_litmus(t, aarch64(), options).states ==
          std::vector<std::string>{"0:X0=x; 0:X1=0; x=4294967296; ", "0:X0=x; 0:X1=4294967296; x=4294967296; "});
}

// A locations clause that names past a torn location's end is named as
// the locations clause, not as the condition.
TEST_CASE("aarch64: a torn location named past its end in the locations clause") {
    const LitmusTest t = parse_litmus(
        "AArch64 t\n{ uint64_t x; 0:X0=x; 1:X1=x; 1:X5=2; }\n"
        " P0 | P1 ;\n LDR X1,[X0] | STR W5,[X1,#4] ;\nlocations [x[1];]\nexists (0:X1=0)\n",
        "t.litmus");
    try {
        (void)mapsound::litmus::run_litmus(t, aarch64());
        FAIL("x[1] of a one-element x was shown");
    } catch (const std::runtime_error& e) {
        CHECK(std::string(e.what()).find("the locations clause names x[1], past its end") != std::string::npos);
    }
}

// A pointer loaded from memory (ARMARM03, "MP+popl+realaddr"): the access
// through it goes where the loaded value points, with an address
// dependency on the load; "1:X0=x" in the condition is x's address.
TEST_CASE("aarch64: memory accessed through a loaded pointer") {
    const std::string text =
        "AArch64 t\n{\ny=z; z=-1;\n0:X1=x; 0:X3=y;\n1:X3=y;\n}\n"
        " P0           | P1          ;\n"
        " MOV W0,#1    | LDR X0,[X3] ;\n"
        " STR W0,[X1]  | LDR W9,[X0] ;\n"
        " STLR X1,[X3] |             ;\n"
        "exists (1:X0=x /\\ 1:X9=0)\n";
    const LitmusTest t = parse_litmus(text, "t.litmus");
    CHECK(at<Load>(t.threads.at(1), 1).addr.pointer == Register{"X0"});
    CHECK(t.condition->expr.operands.at(0).rhs == Term{AddressOf{"x"}});
    CHECK(!mixed_size_access(t));  // y is accessed as 8 bytes throughout
    check_round_trip(t);
    // The release store and the address dependency forbid reading x's
    // address and then x's initial value (Dartagnan and herd7: ~exists).
    const auto model = aarch64();
    CHECK(!mapsound::litmus::run_litmus(t, model).ok);
    // Without the release, it is allowed; P1 reads z (-1) or x (0 or 1).
    std::string relaxed = text;
    relaxed.replace(relaxed.find("STLR X1"), 7, "STR X1 ");
    CHECK(mapsound::litmus::run_litmus(parse_litmus(relaxed, "t.litmus"), model).ok);
    // A register holding no address: the expansion names it.
    std::string bad = text;
    bad.replace(bad.find("y=z;"), 4, "y=7;");
    try {
        (void)mapsound::litmus::run_litmus(parse_litmus(bad, "t.litmus"), model);
        FAIL("an access through 7 was run");
    } catch (const std::runtime_error& e) {
        CHECK(std::string(e.what()).find("P1 accesses memory through X0, which holds 7, not the address of a location") !=
              std::string::npos);
    }
}

TEST_CASE("aarch64: every suite file parses and round-trips") {
    const auto suite = suite_dir();
    if (!suite) return skip_without_suite();
    int parsed = 0, mixed = 0, whole = 0;
    for (const auto& entry : fs::recursive_directory_iterator(*suite / "AARCH64")) {
        if (entry.path().extension() != ".litmus") continue;
        INFO(entry.path().string());
        const LitmusTest t = parse_litmus_file(entry.path());
        CHECK(t.dialect == Dialect::aarch64);
        check_round_trip(t);
        ++parsed;
        const bool in_mixed = entry.path().string().find("/AARCH64/mixed/") != std::string::npos;
        const bool is_mixed = mixed_size_access(t).has_value();
        if (!in_mixed && is_mixed) FAIL_CHECK(*mixed_size_access(t));
        if (in_mixed) ++(is_mixed ? mixed : whole);
    }
    CHECK(parsed == 5218);
    // The mixed folder: 1773 tests, of which 8 access every location
    // whole, at one size (words, or doublewords throughout).
    CHECK(mixed == 1765);
    CHECK(whole == 8);
    // (Their verdicts: litmus_conformance_aarch64, torn.)
}

TEST_CASE("aarch64: mutated tests parse and round-trip, or fail with ParseError") {
    fuzz_round_trip(64, "|;,:#[]WXLDRSTAPMOVEBNZ0123 ", {kSample}, 400);
}

// Verdicts of models/aarch64.cat on the suite's classic shapes, against
// expected-aarch64.csv (Dartagnan).
TEST_CASE("aarch64 model: key verdicts agree with Dartagnan's") {
    const auto suite = suite_dir();
    if (!suite) return skip_without_suite();
    const std::vector<std::pair<const char*, bool>> cases = {
        {"AARCH64/CO/2+2W+dmb.syss.litmus", false},     // coherence with barriers
        {"AARCH64/Fence2/MP+dmb.sys.litmus", false},      // MP, full barriers
        {"AARCH64/Fence2/MP+dmb.sy+po.litmus", true},     // MP, reads unordered
        {"AARCH64/Fence2/MP+dmb.st+dmb.ld.litmus", false},
        {"AARCH64/Fence2/LB+dmb.sts.litmus", true},       // DMB ST orders no read
        {"AARCH64/Fence2/LB+dmb.ld+dmb.sy.litmus", false},
        {"AARCH64/POPL16/MP+dmb.sy+addr.litmus", false},  // an address dependency orders
        {"AARCH64/HAND/MP+dmb.sy+ctrl.litmus", true},     // a control dependency to a read does not
        {"AARCH64/PPO/MP+dmb.sy+addr-addr-rfi-addr-ctrlisb.litmus", false},
        {"AARCH64/PPO/MP+dmb.sy+addr-addr-rfi-addr-ctrl.litmus", true},
        {"AARCH64/ATOM/MP+poxxs.litmus", true},           // exclusives, no order
    };
    check_suite_verdicts(*suite, "expected-aarch64.csv", "aarch64", "aarch64.cat", cases);
}
