// Tests of the check file parser: every shipped check parses and names only
// what its models define, the shipped checks' models, bounds and
// expectations, positions of what the checker finds wrong, exact messages
// for malformed checks, and both parsers (mapping and check) on arbitrary
// bytes.  Split from mapping_parse_test.cpp so that each file covers one
// input format; they share mapping_test_support.hpp.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "mapping_test_support.hpp"
#include "mapsound/check.hpp"
#include "mapsound/exec.hpp"
#include "mapsound/mapping.hpp"
#include "mapsound/model.hpp"

using namespace mapsound;
using namespace mapsound::mapping;
using namespace mappingtest;
using exec::Order;
using exec::Scope;
namespace fs = std::filesystem;

namespace {

// The full message of the error parsing check text `text` as "c.check",
// with paths relative to the shipped checks/.
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
