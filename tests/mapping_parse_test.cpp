// Tests of the mapping and check file parsers: every shipped file parses
// (and every axiom a check names exists in its source model), seed 000
// Fig. 11 rule by rule, rule_for lookups, and exact positions and messages
// for malformed and invalid input.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "mapsound/check.hpp"
#include "mapsound/exec.hpp"
#include "mapsound/mapping.hpp"
#include "mapsound/model.hpp"

using namespace mapsound;
using namespace mapsound::mapping;
using exec::Order;
using exec::Scope;
namespace fs = std::filesystem;

namespace {

const fs::path source_dir = MAPSOUND_SOURCE_DIR;

std::vector<fs::path> files_with_extension(const fs::path& dir, const std::string& extension) {
    std::vector<fs::path> out;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().extension() == extension) out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

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

// The same for check text, with paths relative to the shipped checks/.
std::string check_error(const std::string& text) {
    try {
        parse_check(text, "c.check", source_dir / "checks");
    } catch (const MappingError& e) {
        return e.what();
    }
    return "(no error)";
}

// A well-formed check body, to which tests add or from which they remove.
const std::string kCheckHead =
    "check t\n"
    "source ../models/rc11-scoped.cat\n"
    "target ../models/ptx-6.0.cat\n"
    "mapping ../mappings/cxx-to-ptx.map\n"
    "events 6\n";

// The axiom and flag names of a model, from an instance on a tiny
// pre-execution (names do not depend on the execution).
std::set<std::string> axiom_and_flag_names(const std::string& model_path, std::set<std::string>* flags_only) {
    exec::PreExecution x;
    x.locations = {"x"};
    x.threads = {{0, 0}};
    x.events = {{exec::EventKind::write, -1, 0, 0, Order::none, Scope::none, -1, "init x"},
                {exec::EventKind::read, 0, 0, 0, Order::rlx, Scope::gpu, -1, "R x"}};
    const model::ModelInstance inst =
        model::Model::load(model_path).instantiate(exec::vocabulary_of(x, rel::Relation::binary("rf")));
    std::set<std::string> names;
    for (const auto& a : inst.axioms) names.insert(a.name);
    for (const auto& f : inst.flags) {
        names.insert(f.name);
        if (flags_only) flags_only->insert(f.name);
    }
    return names;
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

TEST_CASE("mapping: every shipped check parses, and names what its models define") {
    const auto files = files_with_extension(source_dir / "checks", ".check");
    // 12 checks of Fig. 11, its variants and AuDaLa; 2 per shipped
    // lowering and repair (issue 12); 3 with the cluster level; Fig. 11
    // against PTX 7.5, 5 of LLVM's SPIR-V lowerings to Vulkan and 4 of
    // OpenCL's (issue 25); 7 of C/C++ and C11 to x86 and AArch64 (one
    // without LSE), 4 to Power and 6 to RISC-V (issue 29; 3 of them the Ztso mapping, on Ztso
    // hardware and on RVWMO hardware).
    CHECK(files.size() == 67);
    for (const auto& file : files) {
        CAPTURE(file);
        const CheckDefinition c = load_check(file);
        CHECK(c.name == file.stem().string());
        CHECK(c.events >= 1);
        CHECK(fs::path(c.source_model).is_absolute());
        CHECK(fs::path(c.source_model).parent_path() == (source_dir / "models").lexically_normal());
        const std::string target = fs::path(c.target_model).filename().string();
        CHECK((target == "ptx-6.0.cat" || target == "ptx-7.5.cat" || target == "vulkan.cat" || target == "gpu-rmo.cat" ||
               target == "x86-tso.cat" || target == "aarch64.cat" || target == "power.cat" ||
               target == "riscv.cat" || target == "riscv-ztso.cat"));
        // The referenced mapping parses, and the axioms are the source's.
        CHECK_NOTHROW(load_mapping(c.mapping));
        std::set<std::string> flags;
        const auto names = axiom_and_flag_names(c.source_model, &flags);
        for (const auto& a : c.axioms) {
            CAPTURE(a.name);
            CHECK(names.count(a.name) == 1);
        }
        if (c.race_free_flag) CHECK(flags.count(*c.race_free_flag) == 1);
    }
}

TEST_CASE("mapping: the shipped checks: models, bounds and expectations") {
    const CheckDefinition c = load_check(source_dir / "checks" / "cxx-to-ptx.check");
    CHECK(c.source_model == (source_dir / "models" / "rc11-scoped.cat").lexically_normal().string());
    CHECK(c.target_model == (source_dir / "models" / "ptx-6.0.cat").lexically_normal().string());
    CHECK(c.mapping == (source_dir / "mappings" / "cxx-to-ptx.map").lexically_normal().string());
    CHECK(c.events == 6);
    REQUIRE(c.race_free_flag);
    CHECK(*c.race_free_flag == "data-race");
    REQUIRE(c.axioms.size() == 4);
    const std::vector<std::pair<std::string, Expectation>> expected = {
        {"coherence", Expectation::holds},
        {"atomicity", Expectation::holds},
        {"sc", Expectation::fails},  // measured at 5 events; see the check file
        {"thin-air", Expectation::fails},
    };
    for (std::size_t i = 0; i < expected.size(); ++i) {
        CHECK(c.axioms[i].name == expected[i].first);
        CHECK(c.axioms[i].expected == expected[i].second);
    }

    // Every buggy variant expects at least one of the three RC11 axioms to fail.
    for (const char* name : {"cxx-to-ptx-rmw-sc-no-release", "cxx-to-ptx-sc-load-no-fence",
                             "cxx-to-ptx-rlx-as-weak", "cxx-to-ptx-cta-scope"}) {
        CAPTURE(name);
        const CheckDefinition v = load_check(source_dir / "checks" / (std::string(name) + ".check"));
        CHECK(fs::path(v.mapping).stem() == name);
        CHECK(std::any_of(v.axioms.begin(), v.axioms.end(), [](const AxiomExpectation& a) {
            return a.expected == Expectation::fails && a.name != "thin-air";
        }));
    }
    CHECK(load_check(source_dir / "checks" / "cxx-to-ptx-rmw-sc-no-release.check").events == 7);

    const CheckDefinition acqrel = load_check(source_dir / "checks" / "audala-ptx-acqrel.check");
    CHECK(acqrel.events == 7);
    CHECK(!acqrel.race_free_flag);
    REQUIRE(acqrel.axioms.size() == 1);
    CHECK(acqrel.axioms[0].name == "consistency");
    CHECK(acqrel.axioms[0].expected == Expectation::holds);
    const CheckDefinition rlx = load_check(source_dir / "checks" / "audala-ptx-relaxed.check");
    CHECK(rlx.events == 5);
    REQUIRE(rlx.axioms.size() == 1);
    CHECK(rlx.axioms[0].expected == Expectation::fails);
    const CheckDefinition star = load_check(source_dir / "checks" / "audala-ptx-relaxed-star.check");
    CHECK(star.events == 8);
    CHECK(fs::path(star.source_model).filename() == "audala-star.cat");
    CHECK(fs::path(star.mapping).filename() == "audala-to-ptx-relaxed.map");
    REQUIRE(star.axioms.size() == 2);
    CHECK(star.axioms[0].name == "consistency-star");
    CHECK(star.axioms[1].name == "no-thin-air");
    CHECK(star.axioms[1].line == star.axioms[0].line + 1);
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

TEST_CASE("mapping: check files: syntax and resolution") {
    const fs::path checks = source_dir / "checks";
    const CheckDefinition c = parse_check(
        "# comment\r\n"
        "axiom sc fails   // comment\n"
        "events 12\n"
        "mapping ../mappings/../mappings/cxx-to-ptx.map\n"
        "race-free data-race\n"
        "source " + (source_dir / "models" / "rc11.cat").string() + "\n"  // absolute
        "target ../models/ptx-6.0.cat\n"
        "check some-name\n"
        "axiom coherence holds",
        "c.check", checks);
    CHECK(c.path == "c.check");
    CHECK(c.name == "some-name");
    CHECK(c.events == 12);
    CHECK(c.mapping == (source_dir / "mappings" / "cxx-to-ptx.map").lexically_normal().string());
    CHECK(c.source_model == (source_dir / "models" / "rc11.cat").lexically_normal().string());
    CHECK(c.race_free_flag == std::optional<std::string>("data-race"));
    REQUIRE(c.axioms.size() == 2);
    CHECK(c.axioms[0].name == "sc");
    CHECK(c.axioms[0].expected == Expectation::fails);
    CHECK(c.axioms[0].line == 2);
    CHECK(c.axioms[1].line == 9);
    // race-free is optional.
    CHECK(!parse_check(kCheckHead + "axiom sc holds\n", "c.check", checks).race_free_flag);
}

TEST_CASE("mapping: the .cluster scope (PTX ISA 7.8) and a check's scope tree with clusters") {
    const Mapping m = parse_mapping("mapping t\nR.acq -> ld.acquire.cluster\nF.sc -> fence.sc.cluster ; fence.sc.$sco\n",
                                    "m.map");
    REQUIRE(m.rules.size() == 2);
    CHECK(m.rules[0].targets[0].scope == exec::Scope::cluster);
    CHECK(m.rules[0].targets[0].to_string() == "ld.acquire.cluster");
    CHECK(m.rules[1].targets[0].to_string() == "fence.sc.cluster");
    const auto checks = source_dir / "checks";
    CHECK_FALSE(parse_check(kCheckHead + "axiom sc holds\n", "c.check", checks).cluster_level);
    CHECK_FALSE(parse_check(kCheckHead + "scopes cta gpu sys\naxiom sc holds\n", "c.check", checks).cluster_level);
    CHECK(parse_check(kCheckHead + "scopes cta cluster gpu sys\naxiom sc holds\n", "c.check", checks).cluster_level);
    auto error_of = [&](const std::string& line) {
        try {
            parse_check(kCheckHead + line + "axiom sc holds\n", "c.check", checks);
        } catch (const MappingError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    const std::string expected =
        "expected the scope levels 'cta gpu sys', 'cta cluster gpu sys' or 'cta gpu' (one GPU) after 'scopes', ";
    // `scopes cta gpu`: one GPU.
    CHECK(parse_check(kCheckHead + "scopes cta gpu\naxiom sc holds\n", "c.check", checks).one_gpu);
    CHECK_FALSE(parse_check(kCheckHead + "scopes cta gpu sys\naxiom sc holds\n", "c.check", checks).one_gpu);
    CHECK(error_of("scopes cta cluster sys\n") == "c.check:6:20: " + expected + "found 'sys'");
    CHECK(error_of("scopes gpu cta sys\n") == "c.check:6:8: " + expected + "found 'gpu'");
    CHECK(error_of("scopes cta gpu sys sys\n") == "c.check:6:20: expected end of line, found 'sys'");
    CHECK(error_of("scopes cta gpu sys\nscopes cta gpu sys\n") ==
          "c.check:7:1: second 'scopes' line (the first is line 6): each keyword appears once");
}

TEST_CASE("mapping: a check records where it names each file, flag and axiom") {
    const CheckDefinition c = parse_check(kCheckHead + "race-free  data-race\n  axiom sc holds\n", "c.check",
                                          source_dir / "checks");
    CHECK(c.source_at.to_string() == "c.check:2:8");
    CHECK(c.target_at.to_string() == "c.check:3:8");
    CHECK(c.mapping_at.to_string() == "c.check:4:9");
    CHECK(c.race_free_at.to_string() == "c.check:6:12");
    REQUIRE(c.axioms.size() == 1);
    CHECK(c.axioms[0].where.to_string() == "c.check:7:9");
}

TEST_CASE("mapping: what the checker finds wrong in a check file is positioned") {
    // Each is found once the models and the mapping are loaded, before any
    // search, and named at the check file's line and column.
    const fs::path cli = source_dir / "tests" / "cli";
    struct Case {
        std::string file, message;
    };
    const std::vector<Case> cases = {
        {"bad-axiom.check", ":7:7: the source model " + (source_dir / "models" / "rc11-scoped.cat").string() +
                                " has no axiom or flag 'nope'; it has coherence, atomicity, sc, thin-air, data-race"},
        {"bad-race-flag.check", ":6:11: the source model " + (source_dir / "models" / "rc11-scoped.cat").string() +
                                    " has no flag 'no-such-flag' (its flags: thin-air, data-race)"},
        {"no-co-target.check", ":3:8: the target model " + (cli / "no-co.cat").string() +
                                   " has no 'witness co', which the lift of the check needs"},
        {"rmw-only.check",
         ":4:9: the mapping " + (cli / "rmw-only.map").string() +
             " has no rule for C events of class R.na, R.rlx, R.acq, R.sc, W.na, W.rlx, W.rel, W.sc, RMW.acq, RMW.rel, "
             "RMW.acq_rel, RMW.sc, F.acq, F.rel, F.acq_rel, F.sc, so the search would leave every program with one "
             "out: add a rule for each (R.na -> ...) or exclude the class in the check file ('exclude R.na  # why')"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.file);
        const std::string path = (cli / c.file).string();
        try {
            check::Checker checker(load_check(path));
            FAIL("no error");
        } catch (const MappingError& e) {
            CHECK(std::string(e.what()) == path + c.message);
            CHECK(e.where().line > 0);
        }
    }
}

TEST_CASE("mapping: malformed and invalid checks: exact position and expectation") {
    const std::string h = kCheckHead;  // lines 1-5; tests add from line 6
    const std::string keywords =
        "(check, source, target, mapping, events, race-free, lift, scopes, dialect, exclude, axiom)";
    struct Case {
        std::string text;
        std::string message;
    };
    const std::vector<Case> cases = {
        {h + "axiom sc holds\nsourc x\n", "c.check:7:1: expected a keyword " + keywords + ", found 'sourc'"},
        {"Check t\n", "c.check:1:1: expected a keyword " + keywords + ", found 'Check'"},
        {h + "events 7\naxiom sc holds\n",
         "c.check:6:1: second 'events' line (the first is line 5): each keyword appears once"},
        {h + "axiom sc holds\naxiom coherence holds\naxiom sc fails\n",
         "c.check:8:7: axiom 'sc' already has an expectation at line 6"},
        {h + "axiom sc\n", "c.check:6:9: expected 'holds' or 'fails' after the axiom name, found end of line"},
        {h + "axiom sc hold\n", "c.check:6:10: expected 'holds' or 'fails' after the axiom name, found 'hold'"},
        {h + "axiom sc holds x\n", "c.check:6:16: expected end of line, found 'x'"},
        {h + "axiom\n",
         "c.check:6:6: expected an axiom or flag name of the source model after 'axiom', found end of line"},
        {h + "race-free\naxiom sc holds\n",
         "c.check:6:10: expected a flag name of the source model after 'race-free', found end of line"},
        // No axiom line is a check of every axiom; exclusions and dialects
        // are read to the letter.
        {h + "exclude R.foo\n",
         "c.check:6:9: expected a class of source events after 'exclude' (R.na, W.rel, RMW.sc, F.acq, RMW, *.local, "
         "...), found 'R.foo'"},
        {h + "exclude R.na  # one\nexclude R.na\n", "c.check:7:9: a second 'exclude R.na' (the first is line 6)"},
        {h + "exclude R.na x\n", "c.check:6:14: expected end of line (a reason goes in a comment: # why), found 'x'"},
        {h + "dialect arm\n", "c.check:6:9: expected a dialect (c, opencl, ptx, vulkan, audala) after 'dialect', found 'arm'"},
        {"check t\nsource ../models/rc11.cat\nmapping ../mappings/cxx-to-ptx.map\nevents 6\naxiom sc holds\n",
         "c.check:6:1: expected a 'target' line (a check needs check, source, target, mapping and events), found "
         "end of input"},
        {"source ../models/rc11.cat\n",
         "c.check:2:1: expected a 'check' line (a check needs check, source, target, mapping and events), found "
         "end of input"},
        {"check\n", "c.check:1:6: expected a check name after 'check', found end of line"},
        {"check a b\n", "c.check:1:9: expected end of line, found 'b'"},
        // Referenced files must exist (error at the path).
        {"check t\nsource  ../models/no-such.cat\n",
         "c.check:2:9: expected an existing file (nothing readable at " +
             (source_dir / "models" / "no-such.cat").lexically_normal().string() + "), found '../models/no-such.cat'"},
        {"check t\nmapping ../mappings\n",
         "c.check:2:9: expected an existing file (nothing readable at " +
             (source_dir / "mappings").lexically_normal().string() + "), found '../mappings'"},
        {"target\n", "c.check:1:7: expected a target model path after 'target', found end of line"},
        // Bounds: positive integers only.
        {"events 0\n", "c.check:1:8: expected a positive integer bound (source events, a read-modify-write "
                       "counting 2), found '0'"},
        {"events -3\n", "c.check:1:8: expected a positive integer bound (source events, a read-modify-write "
                        "counting 2), found '-3'"},
        {"events six\n", "c.check:1:8: expected a positive integer bound (source events, a read-modify-write "
                         "counting 2), found 'six'"},
        {"events 6x\n", "c.check:1:8: expected a positive integer bound (source events, a read-modify-write "
                        "counting 2), found '6x'"},
        {"events 99999999999\n", "c.check:1:8: expected a positive integer bound (source events, a "
                                 "read-modify-write counting 2), found '99999999999'"},
        {"events\n", "c.check:1:7: expected a positive integer bound after 'events', found end of line"},
        // The check's name names files and directories: no paths, no odd bytes.
        {"check ../../x\n", "c.check:1:7: expected a check name of letters, digits, '-', '_' and '.', starting "
                             "with a letter or digit, found '../../x'"},
        {"check /tmp/x\n", "c.check:1:7: expected a check name of letters, digits, '-', '_' and '.', starting "
                            "with a letter or digit, found '/tmp/x'"},
        {"check .hidden\n", "c.check:1:7: expected a check name of letters, digits, '-', '_' and '.', starting "
                             "with a letter or digit, found '.hidden'"},
        {"check caf\xc3\xa9\n", "c.check:1:7: expected a check name of letters, digits, '-', '_' and '.', "
                                  "starting with a letter or digit, found 'caf\\xC3\\xA9'"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.text);
        CHECK(check_error(c.text) == c.message);
    }
}

TEST_CASE("mapping: parsers survive arbitrary bytes") {
    // Every prefix of a valid file and a few byte-mangled variants either
    // parse or throw MappingError naming the file: never another
    // exception (which fails the test case), never a crash.
    const std::string map_text =
        "mapping t\nR.sc -> fence.sc.$sco ; ld.acquire.$sco\nRMW.rlx -> atom.gpu\nF.rlx -> nop\n";
    const std::string check_text = kCheckHead + "race-free data-race\naxiom sc holds\n";
    std::size_t parsed = 0, rejected = 0;
    auto attempt = [&](const auto& parse, const std::string& file) {
        try {
            parse();
            ++parsed;
        } catch (const MappingError& e) {
            ++rejected;
            CHECK(std::string(e.what()).rfind(file + ":", 0) == 0);
        }
    };
    for (std::size_t n = 0; n <= map_text.size(); ++n) {
        CAPTURE(n);
        attempt([&] { parse_mapping(map_text.substr(0, n), "m.map"); }, "m.map");
    }
    for (std::size_t n = 0; n <= check_text.size(); ++n) {
        CAPTURE(n);
        attempt([&] { parse_check(check_text.substr(0, n), "c.check", source_dir / "checks"); }, "c.check");
    }
    for (char bad : {'\0', '\xff', '$', '-', '>', '.', ';', '#', '/'}) {
        for (std::size_t i = 0; i < map_text.size(); ++i) {
            std::string mangled = map_text;
            mangled[i] = bad;
            attempt([&] { parse_mapping(mangled, "m.map"); }, "m.map");
        }
    }
    // The whole texts parse; most mangled ones do not.
    CHECK_NOTHROW(parse_mapping(map_text, "m.map"));
    CHECK_NOTHROW(parse_check(check_text, "c.check", source_dir / "checks"));
    CHECK(parsed > 2);
    CHECK(rejected > parsed);
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
