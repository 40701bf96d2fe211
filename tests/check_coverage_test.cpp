// What a "holds" covers (issue 24): every class of the source dialect has a
// rule or an explicit exclusion, or the check is refused; the programs a
// verdict speaks of are counted apart from the encoding; a model judges
// only the dialects whose vocabulary it needs.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "check/lowering.hpp"
#include "check/shape.hpp"
#include "check/space.hpp"
#include "check/symbolic.hpp"
#include "check_test_programs.hpp"
#include "mapsound/check.hpp"
#include "mapsound/litmus/dialects.hpp"
#include "mapsound/litmus/litmus.hpp"
#include "mapsound/litmus/run.hpp"

using namespace mapsound;

namespace {

const std::filesystem::path root = MAPSOUND_SOURCE_DIR;

std::vector<std::filesystem::path> shipped_checks() {
    std::vector<std::filesystem::path> out;
    for (const auto& e : std::filesystem::directory_iterator(root / "checks"))
        if (e.path().extension() == ".check") out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

// The mapping file's text without the rule on line 'line'.
std::string without_line(const std::filesystem::path& file, int line) {
    std::ifstream in(file);
    std::string text, l;
    for (int n = 1; std::getline(in, l); ++n)
        if (n != line) text += l + "\n";
    return text;
}

}  // namespace

TEST_CASE("every shipped check: deleting any one rule of its mapping is refused, naming the classes") {
    // The search lets the solver choose each operation's class among the
    // mapping's rules, so a deleted row would shrink the space silently;
    // the checker must refuse such a check, or search it with the classes
    // excluded on purpose and say so.
    const auto scratch = std::filesystem::temp_directory_path() / "mapsound-coverage-test";
    std::filesystem::create_directories(scratch);
    int mutants = 0;
    std::map<std::string, bool> mapping_run;  // one excluded run per mapping
    for (const auto& path : shipped_checks()) {
        CAPTURE(path.string());
        const mapping::CheckDefinition def = mapping::load_check(path);
        const mapping::Mapping m = mapping::load_mapping(def.mapping);
        const check::Checker whole(def);
        for (const auto& rule : m.rules) {
            CAPTURE(rule.line);
            // The classes the deleted rule covered.
            std::vector<mapping::SourceClass> covered;
            for (const auto& c : mapping::dialect_classes(whole.source_dialect()))
                if (rule.matches(c.kind, c.order, c.regions)) covered.push_back(c);
            REQUIRE(!covered.empty());  // else the whole check would have been refused
            // Classes the check already excludes stay out whatever rule they
            // have: deleting a rule for them alone changes nothing, and the
            // exclusion is what names them.
            std::erase_if(covered, [&](const mapping::SourceClass& c) {
                return std::any_of(def.exclusions.begin(), def.exclusions.end(),
                                   [&](const mapping::Exclusion& e) { return e.covers(c); });
            });
            if (covered.empty()) continue;
            const auto mutant = scratch / (m.name + "-without-line-" + std::to_string(rule.line) + ".map");
            std::ofstream(mutant) << without_line(def.mapping, rule.line);
            mapping::CheckDefinition cut = def;
            cut.mapping = mutant.string();
            ++mutants;
            try {
                check::Checker refused(cut);
                FAIL("a check without the rule at line " << rule.line << " was accepted");
            } catch (const mapping::MappingError& e) {
                const std::string what = e.what();
                CHECK(what.find("has no rule for") != std::string::npos);
                for (const auto& c : covered) CHECK(what.find(c.to_string()) != std::string::npos);
                CHECK(what.find("exclude " + covered.front().to_string()) != std::string::npos);
            }
            // Excluded on purpose: searched, and the exclusion is in every
            // result (once per mapping at 2 events, to keep the test short).
            const std::size_t excluded_before = cut.exclusions.size();
            for (const auto& c : covered) cut.exclusions.push_back(mapping::Exclusion::of(c, "test"));
            const check::Checker excluded(cut);
            for (const auto& c : covered) {
                const auto& searched = excluded.searched_classes();
                CHECK(std::find(searched.begin(), searched.end(), c) == searched.end());
            }
            if (mapping_run.emplace(m.name, true).second) {
                check::Options o;
                o.events = 2;
                o.axioms = {def.axioms.front().name};
                const auto results = excluded.run(o);
                REQUIRE(results.size() == 1);
                CHECK(results[0].space.excluded.size() == excluded_before + covered.size());
                CHECK(results[0].space.classes.size() == whole.searched_classes().size() - covered.size());
            }
        }
    }
    CHECK(mutants > 300);
    std::filesystem::remove_all(scratch);
}

TEST_CASE("the source dialect comes from the check or the source model, never from the rules") {
    // AuDaLa's rules name no order, C++'s do; a check of C++ with rules
    // without orders searches every C++ order through them.
    for (const auto& [name, dialect] : std::vector<std::pair<std::string, litmus::Dialect>>{
             {"cxx-to-ptx", litmus::Dialect::c}, {"audala-ptx-relaxed", litmus::Dialect::audala}}) {
        const check::Checker c(mapping::load_check(root / "checks" / (name + ".check")));
        CHECK(c.source_dialect() == dialect);
        CHECK(c.searched_classes() == mapping::dialect_classes(dialect));
    }
    const check::Checker orderless(mapping::load_check(root / "tests" / "cli" / "coverage" / "orderless.check"));
    CHECK(orderless.source_dialect() == litmus::Dialect::c);
    CHECK(orderless.searched_classes().size() == 17);
    // A `dialect` line the source model cannot judge is refused at it.
    auto def = mapping::load_check(root / "checks" / "audala-ptx-relaxed.check");
    def.dialect = litmus::Dialect::c;
    def.dialect_at = mapping::Position{"x.check", 9, 9};
    CHECK_THROWS_WITH_AS(check::Checker{def}, doctest::Contains("x.check:9:9: the source model cannot judge C programs"),
                         mapping::MappingError);
}

TEST_CASE("count_programs: the solver's count of every shape's programs, and the independent listing") {
    // The programs a verdict speaks of, counted by arithmetic, against the
    // solutions of SymbolicProblem::program (every execution relation
    // empty, threads in every order) and, where it applies (a fixed
    // placement), against check_test_programs.hpp's listing.
    struct Case {
        std::string check;
        int events;
        bool free_placement;
    };
    // Bounds where enumerating every solution takes seconds (a scoped
    // check has 5711 programs up to 2 events, 1.27 million up to 3).
    for (const auto& c : std::vector<Case>{{"cxx-to-ptx-descoped", 3, false},
                                           {"cxx-to-ptx", 2, true},
                                           {"cxx-to-ptx", 2, false},
                                           {"cxx-to-ptx-cluster", 2, true},
                                           {"audala-ptx-relaxed", 4, false},
                                           {"opencl-to-vulkan-clspv", 2, true},
                                           {"opencl-to-vulkan-clspv", 2, false},
                                           {"opencl-to-ptx-memalloy", 2, false}}) {
        CAPTURE(c.check);
        CAPTURE(c.free_placement);
        const auto def = mapping::load_check(root / "checks" / (c.check + ".check"));
        const check::Checker checker(def);
        const auto source = model::Model::load(def.source_model);
        const auto target = model::Model::load(def.target_model);
        const check::Lowering lowering = check::lay_out(mapping::load_mapping(def.mapping), checker.searched_classes());
        check::EncodingSettings settings;
        const auto probe = source.instantiate(exec::vocabulary_of(exec::PreExecution{}, rel::Relation::binary("rf")));
        for (const auto& n : exec::scope_names()) settings.scoped = settings.scoped || probe.vocabulary_used.count(n);
        for (const char* n : {"addr", "data", "ctrl"}) settings.dependencies = settings.dependencies || probe.vocabulary_used.count(n);
        settings.cluster = settings.scoped && def.cluster_level;
        settings.free_placement = settings.scoped && c.free_placement;
        settings.order_equal_threads = false;
        for (int n = 1; n <= c.events; ++n)
            for (const auto& shape :
                 check::enumerate_shapes(n, lowering.has_rmw(), settings.scoped && !settings.free_placement, settings.cluster)) {
                CAPTURE(shape.to_string());
                const check::SymbolicProblem p(shape, lowering, source, target, settings);
                rel::Formula f = p.program && p.target_rf.no();
                for (const auto* m : {&p.source, &p.target})
                    for (const auto& w : m->witnesses) f = f && w.relation.no();
                const std::uint64_t solved = rel::count_solutions(f, p.bounds);
                CHECK(check::count_programs(shape, lowering, settings) == std::to_string(solved));
                if (!settings.free_placement) {
                    std::uint64_t listed = 0;
                    check::testing::for_each_program(shape, p.layout(), lowering, settings,
                                                     [&](const check::testing::Program&) { ++listed; });
                    CHECK(listed == solved);
                }
                // A cube's programs are counted too.
                for (const auto& cube : check::split_into_cubes({shape}, 1, {exec::EventKind::read, exec::EventKind::write,
                                                                            exec::EventKind::fence})) {
                    if (cube.cube.empty()) continue;
                    CAPTURE(cube.to_string());
                    const check::SymbolicProblem q(cube, lowering, source, target, settings);
                    rel::Formula g = q.program && q.target_rf.no();
                    for (const auto* m : {&q.source, &q.target})
                        for (const auto& w : m->witnesses) g = g && w.relation.no();
                    CHECK(check::count_programs(cube, lowering, settings) == std::to_string(rel::count_solutions(g, q.bounds)));
                }
            }
    }
    CHECK(check::add_counts("18446744073709551615", "1") == "18446744073709551616");  // past 2^64
}

TEST_CASE("every shipped model under every dialect: it judges the test, or it is refused saying why") {
    // One small test per dialect; a model runs it to a verdict exactly when
    // refusal() finds nothing, and a refusal names the model and either the
    // vocabulary the dialect never sets or the orders it would drop.
    const std::map<litmus::Dialect, std::filesystem::path> tests{
        {litmus::Dialect::c, root / "tests" / "litmus" / "diy" / "MP+rel+acq.litmus"},
        {litmus::Dialect::opencl, root / "tests" / "litmus" / "opencl" / "MP+relacq-wg-two-wgs.litmus"},
        {litmus::Dialect::ptx, root / "tests" / "litmus" / "seeds" / "000-fig5-MP.litmus"},
        {litmus::Dialect::vulkan, root / "tests" / "cli" / "coverage" / "MP-vulkan.litmus"},
        {litmus::Dialect::audala, root / "tests" / "litmus" / "audala" / "003-fig14.litmus"},
        {litmus::Dialect::x86, root / "tests" / "cli" / "coverage" / "SB-x86.litmus"}};
    // What the models say they are written for (their `needs` and
    // `ignores` lines), as the README's table states it.
    const std::map<std::string, std::vector<litmus::Dialect>> judges{
        {"sc", litmus::all_dialects()},
        {"tso", litmus::all_dialects()},
        {"rc11", {litmus::Dialect::c, litmus::Dialect::opencl, litmus::Dialect::vulkan}},
        {"rc11-scoped", {litmus::Dialect::c, litmus::Dialect::opencl, litmus::Dialect::vulkan}},
        {"c11", {litmus::Dialect::c, litmus::Dialect::opencl, litmus::Dialect::vulkan}},
        {"opencl", {litmus::Dialect::opencl}},
        {"ptx-6.0", {litmus::Dialect::ptx}},
        {"ptx-7.5", {litmus::Dialect::ptx}},
        {"gpu-rmo", {litmus::Dialect::ptx}},
        {"vulkan", {litmus::Dialect::vulkan}},
        // x86 sets no dialect-specific name either, so the models that read
        // no order judge both AuDaLa and x86 programs.
        {"audala", {litmus::Dialect::audala, litmus::Dialect::x86}},
        {"audala-star", {litmus::Dialect::audala, litmus::Dialect::x86}},
        {"x86-tso", {litmus::Dialect::audala, litmus::Dialect::x86}}};
    int judged = 0, refused = 0;
    for (const auto& e : std::filesystem::directory_iterator(root / "models")) {
        if (e.path().extension() != ".cat") continue;
        CAPTURE(e.path().string());
        const auto model = model::Model::load(e.path().string());
        const auto listed = judges.find(e.path().stem().string());
        for (const auto& [dialect, file] : tests) {
            CAPTURE(litmus::to_string(dialect));
            const auto test = litmus::parse_litmus_file(file);
            REQUIRE(test.dialect == dialect);
            const auto why = litmus::refusal(model, dialect);
            if (listed != judges.end())
                CHECK(!why == (std::find(listed->second.begin(), listed->second.end(), dialect) != listed->second.end()));
            if (!why) {
                CHECK_NOTHROW(litmus::run_litmus(test, model));
                ++judged;
                continue;
            }
            ++refused;
            CHECK(why->find(e.path().string()) == 0);
            CHECK((why->find("never set") != std::string::npos || why->find("reads no memory order") != std::string::npos));
            CHECK_THROWS_AS(litmus::run_litmus(test, model), litmus::DialectRefused);
        }
    }
    CHECK(judged > 20);
    CHECK(refused > 20);
}
