// Tests of the mapping file parser: every shipped mapping parses, seed 000
// Fig. 11 rule by rule, rule_for lookups, target ops, and exact positions
// and messages for malformed and invalid mappings.  The check file parser's
// cases are in mapping_check_parse_test.cpp: the two formats fail in
// different ways, and each half stays readable on its own.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "mapping_test_support.hpp"
#include "mapsound/exec.hpp"
#include "mapsound/mapping.hpp"

using namespace mapsound;
using namespace mapsound::mapping;
using namespace mappingtest;
using exec::Order;
using exec::Scope;
namespace fs = std::filesystem;

namespace {

// The canonical right-hand side of a rule: "fence.sc.$sco ; ld.acquire.$sco".
std::string targets_of(const Rule& rule) {
    if (rule.targets.empty()) return "nop";
    std::string out;
    for (const auto& op : rule.targets) out += (out.empty() ? "" : " ; ") + op.to_string();
    return out;
}

// The full message of the error parsing mapping text `text` as "m.map".
std::string mapping_error(const std::string& text) {
    try {
        parse_mapping(text, "m.map");
    } catch (const MappingError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("mapping: every shipped mapping parses") {
    const auto files = files_with_extension(source_dir / "mappings", ".map");
    // Fig. 11 and its 5 variants, 2 AuDaLa mappings, 10 shipped lowerings
    // (issue 12), 2 repairs, 2 lowerings to Vulkan (LLVM's SPIR-V back
    // end) and 3 of OpenCL (POPL 2017's to PTX and its buggy variant,
    // clspv's to Vulkan; issue 25), 5 of C/C++ to CPUs (x86, AArch64 with
    // LSE, RCpc, LDAPR for seq_cst loads, and without LSE: exclusive
    // pairs; issue 29), 2 to Power
    // (leading and trailing sync) and 3 to RISC-V (A6S, A6C stores with
    // A.7 loads, and Ztso): a file that goes missing shows here.
    CHECK(files.size() == 36);
    for (const auto& file : files) {
        CAPTURE(file);
        const Mapping m = load_mapping(file);
        CHECK(m.name == file.stem().string());  // by convention, name = file name
        CHECK(m.path == fs::absolute(file).lexically_normal().string());
        CHECK(!m.rules.empty());
    }
}
TEST_CASE("mapping: cxx-to-ptx.map is seed 000 Figure 11, rule by rule") {
    const Mapping m = load_mapping(source_dir / "mappings" / "cxx-to-ptx.map");
    CHECK(m.name == "cxx-to-ptx");
    const std::vector<std::pair<std::string, std::string>> fig11 = {
        {"R.na", "ld.weak"},
        {"R.rlx", "ld.relaxed.$sco"},
        {"R.acq", "ld.acquire.$sco"},
        {"R.sc", "fence.sc.$sco ; ld.acquire.$sco"},
        {"W.na", "st.weak"},
        {"W.rlx", "st.relaxed.$sco"},
        {"W.rel", "st.release.$sco"},
        {"W.sc", "fence.sc.$sco ; st.release.$sco"},
        {"RMW.rlx", "atom.$sco"},  // as Fig. 11 writes it: PTX's atom is .relaxed by default
        {"RMW.acq", "atom.acquire.$sco"},
        {"RMW.rel", "atom.release.$sco"},
        {"RMW.acq_rel", "atom.acq_rel.$sco"},
        {"RMW.sc", "fence.sc.$sco ; atom.acq_rel.$sco"},
        {"F.acq", "fence.acquire.$sco"},
        {"F.rel", "fence.release.$sco"},
        {"F.acq_rel", "fence.acq_rel.$sco"},
        {"F.sc", "fence.sc.$sco"},
    };
    REQUIRE(m.rules.size() == fig11.size());
    for (std::size_t i = 0; i < fig11.size(); ++i) {
        CAPTURE(i);
        CHECK(m.rules[i].source_text() == fig11[i].first);
        CHECK(targets_of(m.rules[i]) == fig11[i].second);
        CHECK(m.rules[i].order.has_value());
        if (i) CHECK(m.rules[i].line > m.rules[i - 1].line);
    }

    // The fields behind the spelling, for two rules.
    const Rule& r_sc = m.rules[3];
    CHECK(r_sc.source == SourceKind::read);
    CHECK(*r_sc.order == Order::sc);
    REQUIRE(r_sc.targets.size() == 2);
    CHECK(r_sc.targets[0].instruction == Instruction::fence);
    CHECK(r_sc.targets[0].order == Order::sc);
    CHECK(r_sc.targets[0].scope_from_source);
    CHECK(r_sc.targets[1].instruction == Instruction::ld);
    CHECK(r_sc.targets[1].order == Order::acq);
    CHECK(r_sc.targets[1].where.line == r_sc.line);
    const Rule& r_na = m.rules[0];
    REQUIRE(r_na.targets.size() == 1);
    CHECK(r_na.targets[0].order == Order::weak);
    CHECK(!r_na.targets[0].scope_from_source);
    CHECK(r_na.targets[0].scope == Scope::none);

    // The variants differ from Fig. 11 exactly where their names say.
    auto rhs = [](const std::string& file, SourceKind k, Order o) {
        const Mapping v = load_mapping(source_dir / "mappings" / file);
        const Rule* r = v.rule_for(k, o);
        REQUIRE(r != nullptr);
        return targets_of(*r);
    };
    CHECK(rhs("cxx-to-ptx-rmw-sc-no-release.map", SourceKind::rmw, Order::sc) ==
          "fence.sc.$sco ; atom.acquire.$sco");
    CHECK(rhs("cxx-to-ptx-sc-load-no-fence.map", SourceKind::read, Order::sc) == "ld.acquire.$sco");
    CHECK(rhs("cxx-to-ptx-rlx-as-weak.map", SourceKind::read, Order::rlx) == "ld.weak");
    CHECK(rhs("cxx-to-ptx-rlx-as-weak.map", SourceKind::write, Order::rlx) == "st.weak");
    CHECK(rhs("cxx-to-ptx-cta-scope.map", SourceKind::write, Order::sc) == "fence.sc.cta ; st.release.cta");
    for (const char* variant : {"cxx-to-ptx-rmw-sc-no-release.map", "cxx-to-ptx-sc-load-no-fence.map",
                                "cxx-to-ptx-rlx-as-weak.map", "cxx-to-ptx-cta-scope.map"}) {
        CAPTURE(variant);
        const Mapping v = load_mapping(source_dir / "mappings" / variant);
        REQUIRE(v.rules.size() == m.rules.size());
        int differing = 0;
        for (std::size_t i = 0; i < m.rules.size(); ++i) {
            CHECK(v.rules[i].source_text() == m.rules[i].source_text());
            if (targets_of(v.rules[i]) != targets_of(m.rules[i])) ++differing;
        }
        const std::string name = variant;
        CHECK(differing == (name == "cxx-to-ptx-cta-scope.map" ? 15 : name == "cxx-to-ptx-rlx-as-weak.map" ? 2 : 1));
    }
}

TEST_CASE("mapping: rule_for finds the one matching rule") {
    const Mapping m = load_mapping(source_dir / "mappings" / "cxx-to-ptx.map");
    const Rule* r = m.rule_for(SourceKind::rmw, Order::sc);
    REQUIRE(r != nullptr);
    CHECK(r->source_text() == "RMW.sc");
    CHECK(m.rule_for(SourceKind::write, Order::rel)->source_text() == "W.rel");
    CHECK(m.rule_for(SourceKind::fence, Order::acq_rel)->source_text() == "F.acq_rel");
    CHECK(m.rule_for(SourceKind::read, Order::rel) == nullptr);    // no such C++ read
    CHECK(m.rule_for(SourceKind::fence, Order::rlx) == nullptr);   // Fig. 11 has no F.rlx
    CHECK(m.rule_for(SourceKind::read, Order::none) == nullptr);   // unordered: not C++

    // A class without an order matches every order (AuDaLa's commands).
    const Mapping a = load_mapping(source_dir / "mappings" / "audala-to-ptx-acqrel.map");
    REQUIRE(a.rules.size() == 2);
    CHECK(!a.rules[0].order);
    for (Order o : {Order::none, Order::na, Order::rlx, Order::sc}) {
        REQUIRE(a.rule_for(SourceKind::read, o) != nullptr);
        CHECK(targets_of(*a.rule_for(SourceKind::read, o)) == "ld.acquire.gpu");
        CHECK(targets_of(*a.rule_for(SourceKind::write, o)) == "st.release.gpu");
    }
    CHECK(a.rule_for(SourceKind::fence, Order::none) == nullptr);
    CHECK(a.rule_for(SourceKind::rmw, Order::none) == nullptr);
    const Mapping rlx = load_mapping(source_dir / "mappings" / "audala-to-ptx-relaxed.map");
    CHECK(targets_of(*rlx.rule_for(SourceKind::read, Order::none)) == "ld.relaxed.gpu");
    CHECK(targets_of(*rlx.rule_for(SourceKind::write, Order::none)) == "st.relaxed.gpu");
    CHECK(rlx.rule_for(SourceKind::write, Order::none)->targets[0].scope == Scope::gpu);
}

TEST_CASE("mapping: target ops: events, scopes, spelling") {
    const Mapping m = parse_mapping(
        "mapping t\n"
        "RMW.sc -> fence.sc.$sco ; atom.acq_rel.$sco\n"
        "R.na -> fence.sc.sys ; ld.weak\n"
        "F.rlx -> nop\n"
        "W -> st.relaxed.cta\n",
        "t.map");
    CHECK(m.path == "t.map");
    const Rule& rmw = m.rules[0];
    using K = exec::EventKind;
    CHECK(rmw.targets[0].events() == std::vector<K>{K::fence});
    CHECK(rmw.targets[1].events() == std::vector<K>{K::read, K::write});
    CHECK(m.rules[1].targets[1].events() == std::vector<K>{K::read});
    CHECK(m.rules[3].targets[0].events() == std::vector<K>{K::write});
    // $sco passes the source scope through; none has nothing to pass.
    CHECK(rmw.targets[1].scope_for(Scope::cta) == Scope::cta);
    CHECK(rmw.targets[1].scope_for(Scope::sys) == Scope::sys);
    CHECK(!rmw.targets[1].scope_for(Scope::none).has_value());
    // A fixed scope ignores the source's.
    CHECK(m.rules[1].targets[0].scope_for(Scope::cta) == Scope::sys);
    CHECK(m.rules[1].targets[1].scope_for(Scope::gpu) == Scope::none);
    CHECK(m.rules[2].targets.empty());
    CHECK(targets_of(m.rules[2]) == "nop");
    CHECK(m.rules[3].source_text() == "W");
    CHECK(m.rules[3].matches(SourceKind::write, Order::sc));
    CHECK(!m.rules[3].matches(SourceKind::read, Order::sc));
    CHECK(rmw.targets[0].where.to_string() == "t.map:2:11");
    CHECK(rmw.targets[1].where.to_string() == "t.map:2:27");
}

TEST_CASE("mapping: syntax: comments, blanks, line ends") {
    // '#' and '//' comments anywhere, tabs, CRLF, blank lines, no spaces
    // around '->' and ';', a leading comment block.
    const Mapping m = parse_mapping(
        "// header comment\r\n"
        "\r\n"
        "  mapping   cxx-2   # trailing\r\n"
        "R.sc->fence.sc.$sco;ld.acquire.$sco// no blank before the comment\r\n"
        "\tW.rlx\t->\tst.relaxed.gpu\n"
        "# the end, without a final newline\n"
        "F.sc -> fence.sc.cta",
        "m.map");
    CHECK(m.name == "cxx-2");
    REQUIRE(m.rules.size() == 3);
    CHECK(m.rules[0].line == 4);
    CHECK(targets_of(m.rules[0]) == "fence.sc.$sco ; ld.acquire.$sco");
    CHECK(m.rules[1].line == 5);
    CHECK(targets_of(m.rules[1]) == "st.relaxed.gpu");
    CHECK(m.rules[2].line == 7);
}

TEST_CASE("mapping: malformed mappings: exact position and expectation") {
    const std::string h = "mapping t\n";  // rules below start on line 2
    struct Case {
        std::string text;
        std::string message;
    };
    const std::vector<Case> cases = {
        {"", "m.map:1:1: expected the header 'mapping NAME', found end of input"},
        {"# only a comment\n", "m.map:2:1: expected the header 'mapping NAME', found end of input"},
        {"R.na -> ld.weak\n", "m.map:1:1: expected the header 'mapping NAME', found 'R'"},
        {"mapping\n", "m.map:1:8: expected a mapping name, found end of line"},
        {"mapping a b\n", "m.map:1:11: expected end of line after the mapping name, found 'b'"},
        {h, "m.map:2:1: expected a rule such as 'R.sc -> fence.sc.$sco ; ld.acquire.$sco', found end of input"},
        {h + "X.sc -> ld.weak\n", "m.map:2:1: expected a source class (R, W, RMW, F), found 'X'"},
        {h + "r.sc -> ld.weak\n", "m.map:2:1: expected a source class (R, W, RMW, F), found 'r'"},
        {h + "R.seq_cst -> ld.weak\n",
         "m.map:2:3: expected a memory order (na, rlx, acq, rel, acq_rel, sc), found 'seq_cst'"},
        {h + "R.rel -> ld.weak\n", "m.map:2:3: expected an order a read can have (na, rlx, acq, sc), found 'rel'"},
        {h + "F.na -> nop\n",
         "m.map:2:3: expected an order a fence can have (rlx, acq, rel, acq_rel, sc), found 'na'"},
        {h + "R.sc ld.weak\n", "m.map:2:6: expected '->', found 'ld'"},
        {h + "R => ld.weak\n", "m.map:2:3: expected '.' and an order, or '->', found '='"},
        {h + "R.sc -> \n", "m.map:2:9: expected an instruction or nop, found end of line"},
        // Instructions are read by the PTX litmus front end: its messages,
        // at the rule's column.
        {h + "R.sc -> load.acquire.gpu\n",
         "m.map:2:9: expected a PTX instruction (ld, st, atom, red, fence, membar, bar, suld, sust, tld, cold, add, "
         "beq, goto, ...), found 'load.acquire.gpu' (rules write PTX instructions as its litmus tests do)"},
        {h + "R.sc -> fence.sc.gpu ; \n", "m.map:2:24: expected an instruction, found end of line"},
        {h + "R.sc -> ld acquire\n", "m.map:2:12: expected ';' or end of line after 'ld', found 'acquire'"},
        {h + "R.sc -> ld.release.gpu\n",
         "m.map:2:11: expected load semantics (.weak, .relaxed, .acquire, .volatile), found '.release' (rules write PTX instructions as its litmus tests do)"},
        {h + "W.sc -> st.acquire.gpu\n",
         "m.map:2:11: expected store semantics (.weak, .relaxed, .release, .volatile), found '.acquire' (rules write PTX instructions as its litmus tests do)"},
        {h + "RMW.sc -> atom.sc.gpu\n",
         "m.map:2:15: expected RMW semantics (.relaxed, .acquire, .release, .acq_rel), found '.sc' (rules write PTX instructions as its litmus tests do)"},
        {h + "F.sc -> fence.relaxed.gpu\n",
         "m.map:2:14: expected fence semantics (.sc, .acq_rel, .acquire, .release), found '.relaxed' (rules write PTX instructions as its litmus tests do)"},
        {h + "R.sc -> ld.acquire.$scope\n",
         "m.map:2:20: expected $sco (the scope the source event's maps to), found '$scope'"},
        {h + "R.sc -> ld.acquire.device\n",
         "m.map:2:19: expected a qualifier of 'ld' (semantics, scope, data type), found '.device' (rules write PTX instructions as its litmus tests do)"},
        {h + "R.sc -> ld.acquire.gpu.x\n",
         "m.map:2:23: expected a qualifier of 'ld' (semantics, scope, data type), found '.x' (rules write PTX instructions as its litmus tests do)"},
        {h + "R.sc -> ld.acquire.gpu, st\n", "m.map:2:23: expected ';' or end of line after 'ld.acquire.gpu', found ','"},
        {h + "F.sc -> nop nop\n", "m.map:2:13: expected end of line after 'nop', found 'nop'"},
        {h + "F.sc -> fence.sc.gpu ; nop\n",
         "m.map:2:24: expected a PTX instruction (ld, st, atom, red, fence, membar, bar, suld, sust, tld, cold, add, "
         "beq, goto, ...), found 'nop' (rules write PTX instructions as its litmus tests do)"},
        {h + "R.sc -> ld.acquire.gpu\x01\n",
         "m.map:2:23: expected ';' or end of line after 'ld.acquire.gpu', found '\\x01'"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.text);
        CHECK(mapping_error(c.text) == c.message);
    }
}

TEST_CASE("mapping: invalid mappings: shape, scope and overlap rules") {
    const std::string h = "mapping t\n";
    struct Case {
        std::string text;
        std::string message;
    };
    const std::vector<Case> cases = {
        // Instruction counts per class.
        {h + "RMW.sc -> fence.sc.$sco\n",
         "m.map:2:24: expected 'atom' (a read-modify-write maps to exactly one atom), found end of line"},
        {h + "RMW.sc -> fence.sc.$sco ; ld.acquire.$sco ; st.release.$sco\n",
         "m.map:2:27: expected atom or fence (a read-modify-write maps to exactly one atom and fences), found 'ld'"},
        {h + "RMW.rlx -> atom.gpu ; atom.gpu\n",
         "m.map:2:23: expected fence (RMW.rlx already has its atom), found 'atom'"},
        {h + "R.sc -> ld.acquire.gpu ; ld.acquire.gpu\n",
         "m.map:2:26: expected fence (R.sc already has its ld), found 'ld'"},
        {h + "R.sc -> fence.sc.gpu ; st.release.gpu\n",
         "m.map:2:24: expected ld or fence (a read maps to exactly one ld and fences), found 'st'"},
        {h + "W -> fence.sc.gpu\n", "m.map:2:18: expected 'st' (a write maps to exactly one st), found end of line"},
        {h + "W -> nop\n", "m.map:2:6: expected an instruction (a write maps to exactly one st), found 'nop'"},
        {h + "F.sc -> ld.weak\n", "m.map:2:9: expected fence (a fence maps to fences only, or nop), found 'ld'"},
        // Scopes.
        {h + "R.rlx -> ld.relaxed\n",
         "m.map:2:10: expected a scope qualifier (.cta, .cluster, .gpu, .sys) on 'ld.relaxed', found 'ld.relaxed' "
         "(rules write PTX instructions as its litmus tests do)"},
        {h + "F.sc -> fence.sc ; fence.sc.gpu\n",
         "m.map:2:9: expected a scope qualifier (.cta, .cluster, .gpu, .sys) on 'fence.sc', found 'fence.sc' "
         "(rules write PTX instructions as its litmus tests do)"},
        {h + "R.na -> ld.weak.gpu\n",
         "m.map:2:16: expected no scope on a .weak access (it has none), found '.gpu' (rules write PTX instructions as its litmus tests do)"},
        {h + "W.na -> st.relaxed.$sco\n",
         "m.map:2:9: 'st.relaxed.$sco' passes the source event's scope ($sco), but W.na events have none: give it a "
         "fixed scope"},
        // Overlaps name both lines.
        {h + "R.sc -> ld.acquire.gpu\nW -> st.weak\nR.sc -> ld.relaxed.gpu\n",
         "m.map:4:1: rule R.sc (line 4) and rule R.sc (line 2) both match: duplicate rule"},
        {h + "R -> ld.relaxed.gpu\n\nR.sc -> ld.acquire.gpu\n",
         "m.map:4:1: rule R.sc (line 4) and rule R (line 2) both match: overlapping rules (a class without an "
         "order covers every order)"},
        {h + "W.sc -> st.release.gpu\nW -> st.relaxed.gpu\n",
         "m.map:3:1: rule W (line 3) and rule W.sc (line 2) both match: overlapping rules (a class without an "
         "order covers every order)"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.text);
        CHECK(mapping_error(c.text) == c.message);
    }
    // Power's compare-and-branch on a load: right after an R rule's lwz.
    const std::string ppc = "mapping t\ntarget ppc\n";
    const std::vector<Case> branches = {
        {ppc + "W.rel -> stw ; cmpw ; bne\n",
         "m.map:3:16: 'cmpw ; bne' compares the value a rule's load just read: it comes right after the lwz of an R "
         "rule, once"},
        {ppc + "R.acq -> isync ; cmpw ; bne ; lwz\n",
         "m.map:3:18: 'cmpw ; bne' compares the value a rule's load just read: it comes right after the lwz of an R "
         "rule, once"},
        {ppc + "R.acq -> lwz ; cmpw ; beq\n", "m.map:3:23: expected 'bne' after 'cmpw ;' (the branch on the loaded value), found 'beq'"},
        {ppc + "R.acq -> lwz ; cmpw\n", "m.map:3:20: expected ';' and 'bne' after 'cmpw', found end of line"},
        {ppc + "R.acq -> lwz.x\n", "m.map:3:14: expected a destination register (r1, ...), found 'x'"},
    };
    for (const auto& c : branches) {
        CAPTURE(c.text);
        CHECK(mapping_error(c.text).rfind(c.message, 0) == 0);
    }
    const Mapping acquire = parse_mapping(ppc + "R.acq -> lwz ; cmpw ; bne ; isync\nR.rlx -> lwz\n", "m.map");
    CHECK(acquire.rules[0].branch_on_load);
    CHECK(acquire.rules[0].targets.size() == 2);
    CHECK(acquire.rules[0].target_text() == "lwz ; cmpw ; bne ; isync");
    CHECK_FALSE(acquire.rules[1].branch_on_load);
    // Power's read-modify-write: the reservation pair lwarx ; stwcx., one
    // read-modify-write (both accesses X), only in an RMW rule.
    const Mapping rmw = parse_mapping(ppc + "RMW.sc -> sync ; lwarx ; stwcx. ; lwsync\n", "m.map");
    REQUIRE(rmw.rules[0].targets.size() == 3);
    CHECK(rmw.rules[0].targets[1].instruction == Instruction::atom);
    CHECK(rmw.rules[0].targets[1].tags == exec::tag_bit(exec::Tag::exclusive));
    CHECK(rmw.rules[0].target_text() == "sync ; lwarx ; stwcx. ; lwsync");
    const std::vector<Case> reservations = {
        {ppc + "RMW.sc -> lwarx ; lwz\n", "m.map:3:19: expected 'stwcx.' after 'lwarx ;' (the reservation's store), found 'lwz'"},
        {ppc + "RMW.sc -> lwarx\n", "m.map:3:16: expected ';' and 'stwcx.' after 'lwarx', found end of line"},
        {ppc + "RMW.sc -> lwarx ; stwcx\n", "m.map:3:24: expected '.' after 'stwcx', found end of line"},
        {ppc + "W.sc -> lwarx ; stwcx.\n", "m.map:3:9: expected st or fence"},
        {ppc + "RMW.sc -> lwarx ; stwcx. ; lwarx ; stwcx.\n", "m.map:3:28: expected fence (RMW.sc already has its atom)"},
    };
    for (const auto& c : reservations) {
        CAPTURE(c.text);
        CHECK(mapping_error(c.text).rfind(c.message, 0) == 0);
    }
    // AArch64 without LSE: the exclusive pair LD[A]XR ; ST[L]XR, one
    // read-modify-write (both accesses X) carrying the pair's joined
    // order, as an LSE atomic's events do (acquire off the load, release
    // off the store).
    const std::string arm = "mapping t\ntarget aarch64\n";
    const Mapping pairs = parse_mapping(arm + "RMW.sc -> LDAXR ; STLXR\nRMW.acq -> LDAXR ; STXR\n"
                                              "RMW.rel -> LDXR ; STLXR\nRMW.rlx -> LDXR ; STXR\nRMW.acq_rel -> SWPAL\n",
                                        "m.map");
    const std::vector<exec::Order> orders = {exec::Order::acq_rel, exec::Order::acq, exec::Order::rel, exec::Order::none};
    for (std::size_t i = 0; i < orders.size(); ++i) {
        CAPTURE(i);
        REQUIRE(pairs.rules[i].targets.size() == 1);
        CHECK(pairs.rules[i].targets[0].instruction == Instruction::atom);
        CHECK(pairs.rules[i].targets[0].order == orders[i]);
        CHECK(pairs.rules[i].targets[0].tags == exec::tag_bit(exec::Tag::exclusive));
    }
    CHECK(pairs.rules[0].target_text() == "LDAXR ; STLXR");
    // SWPAL: the same order, no X.
    CHECK(pairs.rules[4].targets[0].order == exec::Order::acq_rel);
    CHECK(pairs.rules[4].targets[0].tags == 0);
    const std::vector<Case> exclusives = {
        {arm + "RMW.sc -> LDAXR ; STR\n", "m.map:3:19: expected 'STXR' or 'STLXR' after 'LDAXR ;' (the exclusive store), found 'STR'"},
        {arm + "RMW.sc -> LDAXR\n", "m.map:3:16: expected ';' and 'STXR' or 'STLXR' after 'LDAXR', found end of line"},
        {arm + "R.acq -> LDAXR ; STLXR\n", "m.map:3:10: expected ld or fence"},
        {arm + "RMW.sc -> LDAXR ; STLXR DMB.ISH\n", "m.map:3:25: expected ';' or end of line after 'STLXR'"},
    };
    for (const auto& c : exclusives) {
        CAPTURE(c.text);
        CHECK(mapping_error(c.text).rfind(c.message, 0) == 0);
    }
    // RISC-V: a fence's sets after dots, annotations as herd7 writes them.
    const Mapping rv = parse_mapping("mapping t\ntarget riscv\nR.acq -> lw.aq\nW.sc -> fence.rw.w ; sw ; fence.rw.rw\n"
                                     "RMW.sc -> amoswap.w.aqrl\nF.acq_rel -> fence.tso\n", "m.map");
    CHECK(rv.rules[0].targets[0].instruction == Instruction::ld);
    CHECK(rv.rules[0].targets[0].order == exec::Order::acq);
    CHECK(rv.rules[1].targets[0].tags == (exec::tag_bit(exec::Tag::fence_pr) | exec::tag_bit(exec::Tag::fence_pw) |
                                          exec::tag_bit(exec::Tag::fence_sw)));
    CHECK(rv.rules[1].targets[2].tags == (exec::tag_bit(exec::Tag::fence_pr) | exec::tag_bit(exec::Tag::fence_pw) |
                                          exec::tag_bit(exec::Tag::fence_sr) | exec::tag_bit(exec::Tag::fence_sw)));
    CHECK(rv.rules[2].targets[0].instruction == Instruction::atom);
    CHECK(rv.rules[2].targets[0].order == exec::Order::acq_rel);
    CHECK(rv.rules[3].targets[0].tags == exec::tag_bit(exec::Tag::fence_tso));
    CHECK(mapping_error("mapping t\ntarget riscv\nF.sc -> fence.rw.x\n").rfind("m.map:3:18: expected a fence set", 0) == 0);
    CHECK(mapping_error("mapping t\ntarget riscv\nR.rlx -> lw.x\n").rfind("m.map:3:10: expected", 0) == 0);
    // Distinct orders, and one class per kind, do not overlap.
    CHECK_NOTHROW(parse_mapping(h + "R.sc -> ld.acquire.gpu\nR.rlx -> ld.relaxed.gpu\nW -> st.weak\n", "m.map"));
}

TEST_CASE("mapping: the error object carries position and message separately") {
    try {
        parse_mapping("mapping t\nR.sc -> ld.acquire.block\n", "m.map");
        FAIL("no error");
    } catch (const MappingError& e) {
        CHECK(e.where().file == "m.map");
        CHECK(e.where().line == 2);
        CHECK(e.where().column == 19);
        CHECK(e.message() == "expected a qualifier of 'ld' (semantics, scope, data type), found '.block' (rules write PTX instructions as its litmus tests do)");
        CHECK(std::string(e.what()) == "m.map:2:19: " + e.message());
    }
    // Unreadable files: line 0, printed as just the file name.
    const fs::path missing = source_dir / "mappings" / "no-such.map";
    try {
        load_mapping(missing);
        FAIL("no error");
    } catch (const MappingError& e) {
        CHECK(e.where().line == 0);
        CHECK(std::string(e.what()) == missing.string() + ": cannot open the file");
    }
    CHECK_THROWS_AS(load_check(source_dir / "checks"), MappingError);  // a directory
}
TEST_CASE("mapping: names as the files spell them") {
    CHECK(to_string(SourceKind::rmw) == "RMW");
    CHECK(to_string(Instruction::atom) == "atom");
    CHECK(to_string(Expectation::fails) == "fails");
    CHECK(source_order_name(Order::acq_rel) == "acq_rel");
    CHECK(ptx_semantics_name(Order::rlx) == "relaxed");
    CHECK(ptx_semantics_name(Order::acq) == "acquire");
    CHECK(scope_name(Scope::gpu) == "gpu");
    CHECK(Position{"f", 0, 0}.to_string() == "f");
    CHECK(Position{"f", 3, 4}.to_string() == "f:3:4");
}
