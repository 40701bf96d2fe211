// The mapping checker: program shapes against known counts, the lowering
// rows of Fig. 11, and verdicts of the shipped checks at small bounds
// against the seeds (LB under PTX, SB without the SC fence, seed 003
// Table 1), with every counterexample run back through litmus mode, its
// minimality, and the same answers for any number of jobs and for the
// exact closure encoding.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <tuple>

#include "check/lowering.hpp"
#include "check/shape.hpp"
#include "check/symbolic.hpp"
#include "check_test_programs.hpp"
#include "mapsound/check.hpp"
#include "mapsound/litmus/litmus.hpp"
#include "mapsound/litmus/print.hpp"
#include "mapsound/litmus/run.hpp"

using namespace mapsound;

namespace {

const std::filesystem::path root = MAPSOUND_SOURCE_DIR;

check::Checker checker(const std::string& name) {
    return check::Checker(mapping::load_check(root / "checks" / (name + ".check")));
}

check::AxiomResult run_with(const std::string& name, const std::string& axiom, int events, check::Options o) {
    o.events = events;
    o.axioms = {axiom};
    auto results = checker(name).run(o);
    REQUIRE(results.size() == 1);
    return results.front();
}

check::AxiomResult run_one(const std::string& name, const std::string& axiom, int events, int jobs = 1,
                           rel::ClosureEncoding closure = rel::ClosureEncoding::polarity_aware) {
    check::Options o;
    o.jobs = jobs;
    o.closure = closure;
    return run_with(name, axiom, events, o);
}

// The counterexample's two litmus tests, printed and read back, decided by
// litmus mode: the outcome is forbidden by the source model (with the
// axiom's flag forbidden, if the axiom is a flag) and allowed by the target.
void round_trip(const std::string& check_name, const check::AxiomResult& r) {
    REQUIRE(r.counterexample);
    const auto def = mapping::load_check(root / "checks" / (check_name + ".check"));
    const auto source = model::Model::load(def.source_model);
    const auto target = model::Model::load(def.target_model);
    litmus::RunOptions forbid;
    bool is_flag = false;
    exec::PreExecution none;
    for (const auto& f : source.instantiate(exec::vocabulary_of(none, rel::Relation::binary("rf"))).flags)
        if (f.name == r.axiom) is_flag = true;
    if (is_flag) forbid.forbidden_flags.push_back(r.axiom);
    const auto src = litmus::parse_litmus(r.counterexample->source_litmus_text, "source");
    const auto tgt = litmus::parse_litmus(r.counterexample->target_litmus_text, "target");
    CHECK(litmus::print_litmus(src) == r.counterexample->source_litmus_text);
    CHECK(litmus::print_litmus(tgt) == r.counterexample->target_litmus_text);
    const auto by_source = litmus::run_litmus(src, source, forbid), by_target = litmus::run_litmus(tgt, target);
    CHECK_FALSE(by_source.ok);
    CHECK(by_target.ok);
    // The checker's own round trip reports the same verdicts.
    const auto& reported = r.counterexample->round_trip;
    CHECK(reported.confirmed());
    CHECK(reported.source.ok == by_source.ok);
    CHECK(reported.source.positive == by_source.positive);
    CHECK(reported.source.negative == by_source.negative);
    CHECK(reported.source.forbidden_flags == forbid.forbidden_flags);
    CHECK(reported.target.ok == by_target.ok);
    CHECK(reported.target.positive == by_target.positive);
    CHECK(reported.target.negative == by_target.negative);
}

}  // namespace

TEST_CASE("shapes: integer partitions without read-modify-writes, one placement") {
    // p(n) for n = 1..7.
    const int partitions[] = {1, 2, 3, 5, 7, 11, 15};
    for (int n = 1; n <= 7; ++n) CHECK(check::enumerate_shapes(n, false, false).size() == static_cast<std::size_t>(partitions[n - 1]));
}

TEST_CASE("shapes: with read-modify-writes, multisets of operation sequences") {
    // A thread of k events is a sequence of 1s and 2s summing to k: F(k+1)
    // kinds (1, 2, 3, 5, 8); shapes are multisets of threads, counted by the
    // Euler transform: 1, 3, 6, 14, 28.
    const std::size_t expected[] = {1, 3, 6, 14, 28};
    for (int n = 1; n <= 5; ++n) CHECK(check::enumerate_shapes(n, true, false).size() == expected[n - 1]);
}

TEST_CASE("shapes: scope trees are nested set partitions, up to renaming equal threads") {
    // Threads that differ from each other: every placement into CTAs into
    // GPUs, sum over c of S(k, c) * Bell(c) = 1, 3, 12 for k = 1, 2, 3.
    // Threads that are all equal (k single events): the placements up to
    // renaming threads are the multiset partitions of integer partitions,
    // OEIS A001970: 1, 3, 6, 14, 27, 58.
    const std::size_t labelled[] = {1, 3, 12};
    const std::size_t unlabelled[] = {1, 3, 6, 14, 27, 58};
    for (int n = 1; n <= 6; ++n) {
        std::size_t singles = 0;
        std::map<std::vector<std::size_t>, std::size_t> per_sizes;
        for (const auto& s : check::enumerate_shapes(n, false, true)) {
            std::vector<std::size_t> sizes;
            for (const auto& t : s.threads) sizes.push_back(t.size());
            ++per_sizes[sizes];
            if (s.threads.size() == static_cast<std::size_t>(n)) ++singles;
        }
        CHECK(singles == unlabelled[n - 1]);
        if (n == 6) {
            CHECK(per_sizes[{6}] == labelled[0]);
            CHECK(per_sizes[{5, 1}] == labelled[1]);
            CHECK(per_sizes[{3, 2, 1}] == labelled[2]);
        }
    }
}

TEST_CASE("lowering rows of Fig. 11: one leading fence slot, an anchor, no trailing slot") {
    const auto m = mapping::load_mapping(root / "mappings" / "cxx-to-ptx.map");
    const auto l = check::lay_out(m, mapping::dialect_classes(litmus::Dialect::c));
    CHECK(l.single.pre == 1);
    CHECK(l.single.post == 0);
    CHECK(l.single.size == 2);
    CHECK(l.rmw.pre == 1);
    CHECK(l.rmw.size == 3);
    CHECK(l.single.rules.size() == 12);
    CHECK(l.rmw.rules.size() == 5);
    for (const auto& p : l.single.rules) {
        if (p.kind == mapping::SourceKind::read && p.order == exec::Order::sc) {
            REQUIRE(p.slots[0]);
            CHECK(p.slots[0]->kind == exec::EventKind::fence);
            REQUIRE(p.slots[1]);
            CHECK(p.slots[1]->kind == exec::EventKind::read);
        }
        if (p.kind == mapping::SourceKind::read && p.order == exec::Order::rlx) CHECK_FALSE(p.slots[0]);
    }
}

TEST_CASE("cxx-to-ptx: no-thin-air fails with load buffering, 4 events, and not before") {
    // Seed 000 section 4.1: PTX allows LB without dependencies.
    const auto r = run_one("cxx-to-ptx", "thin-air", 4);
    CHECK(r.verdict == check::Verdict::fails);
    CHECK(r.events == 4);
    REQUIRE(r.counterexample);
    CHECK(r.counterexample->shape.rfind("[2,2]", 0) == 0);  // two threads of two
    CHECK(r.counterexample->program_race_free == true);
    round_trip("cxx-to-ptx", r);
    CHECK(run_one("cxx-to-ptx", "thin-air", 3).verdict == check::Verdict::holds);
}

TEST_CASE("cxx-to-ptx: coherence, atomicity and SC hold up to 4 events") {
    for (const char* axiom : {"coherence", "atomicity", "sc"}) {
        CAPTURE(axiom);
        const auto r = run_one("cxx-to-ptx", axiom, 4);
        CHECK(r.verdict == check::Verdict::holds);
        CHECK(r.events == 4);
        CHECK(r.statistics.spurious == 0);
    }
}

TEST_CASE("cxx-to-ptx-sc-per-scope: the repaired SC axiom holds at 5 events, where Fig. 10's fails") {
    // Issue 12: with the SC axiom per scope instance, the Fig. 11 mapping
    // keeps SC at the bound where Fig. 10's per-edge axiom has its
    // mixed-scope counterexample (cxx-to-ptx.check: sc fails at 5).
    for (const char* axiom : {"sc-cta", "sc-gpu", "sc-sys"}) {
        CAPTURE(axiom);
        const auto r = run_one("cxx-to-ptx-sc-per-scope", axiom, 5, 2);
        CHECK(r.verdict == check::Verdict::holds);
        CHECK(r.events == 5);
    }
    const auto fig10 = run_one("cxx-to-ptx", "sc", 5, 2);
    CHECK(fig10.verdict == check::Verdict::fails);
    CHECK(fig10.events == 5);
}

TEST_CASE("cxx-to-ptx-sc-load-no-fence: SC fails with store buffering at 4 events") {
    const auto r = run_one("cxx-to-ptx-sc-load-no-fence", "sc", 4);
    CHECK(r.verdict == check::Verdict::fails);
    CHECK(r.events == 4);
    round_trip("cxx-to-ptx-sc-load-no-fence", r);
}

TEST_CASE("audala-ptx-relaxed: CONSISTENCY fails at 5 events, holds at 4 (seed 003 Table 1)") {
    const auto r = run_one("audala-ptx-relaxed", "consistency", 5);
    CHECK(r.verdict == check::Verdict::fails);
    CHECK(r.events == 5);
    round_trip("audala-ptx-relaxed", r);
}

TEST_CASE("audala-ptx-acqrel and relaxed-star hold up to 5 events (seed 003 Table 1)") {
    CHECK(run_one("audala-ptx-acqrel", "consistency", 5).verdict == check::Verdict::holds);
    CHECK(run_one("audala-ptx-relaxed-star", "consistency-star", 5).verdict == check::Verdict::holds);
    CHECK(run_one("audala-ptx-relaxed-star", "no-thin-air", 5).verdict == check::Verdict::holds);
}

TEST_CASE("the same answer for any number of jobs and for the exact closure encoding") {
    const auto one = run_one("cxx-to-ptx-sc-load-no-fence", "sc", 4, 1);
    const auto two = run_one("cxx-to-ptx-sc-load-no-fence", "sc", 4, 2);
    REQUIRE(one.counterexample);
    REQUIRE(two.counterexample);
    CHECK(one.counterexample->source_litmus_text == two.counterexample->source_litmus_text);
    CHECK(one.counterexample->target_litmus_text == two.counterexample->target_litmus_text);
    for (const char* axiom : {"coherence", "sc", "thin-air"}) {
        CAPTURE(axiom);
        CHECK(run_one("cxx-to-ptx", axiom, 3, 1, rel::ClosureEncoding::squaring).verdict ==
              run_one("cxx-to-ptx", axiom, 3, 1).verdict);
    }
    CHECK(run_one("audala-ptx-relaxed", "consistency", 5, 1, rel::ClosureEncoding::squaring).verdict ==
          check::Verdict::fails);
}

TEST_CASE("the optimized encodings agree with their references: scope trees, thread order, closures, spurious") {
    // Scope trees chosen by the solver vs one problem per scope tree;
    // exchangeable threads in one order vs every order; lazy vs eager
    // transitivity; all references at once.  Same verdicts and the same smallest sizes; every counterexample
    // found either way is genuine (round trip through litmus mode).
    struct Case {
        const char* check;
        const char* axiom;
        int events;
    };
    const Case cases[] = {{"cxx-to-ptx", "coherence", 4},          {"cxx-to-ptx", "sc", 4},
                          {"cxx-to-ptx", "atomicity", 4},          {"cxx-to-ptx", "thin-air", 4},
                          {"cxx-to-ptx-cta-scope", "coherence", 3}, {"cxx-to-ptx-cta-scope", "sc", 3},
                          {"cxx-to-ptx-rlx-as-weak", "sc", 4},     {"audala-ptx-relaxed", "consistency", 5}};
    check::Options enumerated, unordered, by_candidate, eager, reference;
    eager.transitivity = rel::Transitivity::eager;
    enumerated.scope_trees = check::Options::ScopeTrees::enumerated;
    unordered.order_equal_threads = false;
    by_candidate.spurious_exclusion = check::Options::SpuriousExclusion::by_candidate;
    reference.scope_trees = check::Options::ScopeTrees::enumerated;
    reference.order_equal_threads = false;
    reference.closure = rel::ClosureEncoding::squaring;
    reference.transitivity = rel::Transitivity::eager;
    reference.spurious_exclusion = check::Options::SpuriousExclusion::by_candidate;
    for (const auto& c : cases) {
        CAPTURE(c.check);
        CAPTURE(c.axiom);
        const auto fast = run_with(c.check, c.axiom, c.events, {});
        for (const auto* o : {&enumerated, &unordered, &by_candidate, &eager, &reference}) {
            const auto slow = run_with(c.check, c.axiom, c.events, *o);
            CHECK(slow.verdict == fast.verdict);
            CHECK(slow.events == fast.events);
            if (slow.counterexample) round_trip(c.check, slow);
        }
        if (fast.counterexample) round_trip(c.check, fast);
    }
}

TEST_CASE("the least counterexample: the same one whatever path the solver takes") {
    // The exact closure encoding, eager transitivity, excluding spurious
    // candidates one at a time and two jobs change how the solver gets
    // there, not the instances there are: the counterexample printed is
    // the same text.  The first one found (least_counterexample off) is
    // genuine and as small.
    struct Case {
        const char* check;
        const char* axiom;
        int events;
    };
    const Case cases[] = {{"cxx-to-ptx", "thin-air", 4},
                          {"cxx-to-ptx-sc-load-no-fence", "sc", 4},
                          {"cxx-to-ptx-rlx-as-weak", "sc", 4},
                          {"audala-ptx-relaxed", "consistency", 5}};
    check::Options squaring, eager, by_candidate, jobs, first;
    squaring.closure = rel::ClosureEncoding::squaring;
    eager.transitivity = rel::Transitivity::eager;
    by_candidate.spurious_exclusion = check::Options::SpuriousExclusion::by_candidate;
    jobs.jobs = 2;
    first.least_counterexample = false;
    for (const auto& c : cases) {
        CAPTURE(c.check);
        CAPTURE(c.axiom);
        const auto least = run_with(c.check, c.axiom, c.events, {});
        REQUIRE(least.counterexample);
        round_trip(c.check, least);
        for (const auto* o : {&squaring, &eager, &by_candidate, &jobs}) {
            const auto other = run_with(c.check, c.axiom, c.events, *o);
            REQUIRE(other.counterexample);
            CHECK(other.counterexample->shape == least.counterexample->shape);
            CHECK(other.counterexample->source_litmus_text == least.counterexample->source_litmus_text);
            CHECK(other.counterexample->target_litmus_text == least.counterexample->target_litmus_text);
        }
        const auto found = run_with(c.check, c.axiom, c.events, first);
        REQUIRE(found.counterexample);
        CHECK(found.events == least.events);
        round_trip(c.check, found);
    }
}

TEST_CASE("cube splitting: the same verdicts and smallest sizes, cubes that partition each split shape") {
    // Options::cube_threads against whole shapes (the reference): the same
    // verdicts and smallest sizes, every counterexample genuine, the same
    // answer for any number of jobs, and each split shape's programs
    // exactly its cubes' (the same shapes' counterexample programs, as the
    // differential library compares them per layout, on failing cases).
    check::Options one, two;
    one.cube_threads = 1;
    two.cube_threads = 2;
    struct Case {
        const char* check;
        const char* axiom;
        int events;
    };
    const Case cases[] = {{"cxx-to-ptx", "coherence", 4}, {"cxx-to-ptx", "sc", 5}, {"cxx-to-ptx", "thin-air", 4},
                          {"cxx-to-ptx-sc-load-no-fence", "sc", 4}, {"audala-ptx-relaxed", "consistency", 5}};
    for (const auto& c : cases) {
        CAPTURE(c.check);
        CAPTURE(c.axiom);
        const auto whole = run_with(c.check, c.axiom, c.events, {});
        for (const auto* o : {&one, &two}) {
            CAPTURE(o->cube_threads);
            const auto cubes = run_with(c.check, c.axiom, c.events, *o);
            CHECK(cubes.verdict == whole.verdict);
            CHECK(cubes.events == whole.events);
            if (cubes.counterexample) round_trip(c.check, cubes);
            check::Options jobs = *o;
            jobs.jobs = 2;
            const auto parallel = run_with(c.check, c.axiom, c.events, jobs);
            CHECK(parallel.verdict == cubes.verdict);
            REQUIRE(parallel.counterexample.has_value() == cubes.counterexample.has_value());
            if (cubes.counterexample) {
                CHECK(parallel.counterexample->shape == cubes.counterexample->shape);
                CHECK(parallel.counterexample->source_litmus_text == cubes.counterexample->source_litmus_text);
            }
        }
    }
    // The split itself: which shapes split, into how many cubes, in order.
    const auto shapes = check::enumerate_shapes(4, false, false);
    const std::vector<exec::EventKind> rwf = {exec::EventKind::read, exec::EventKind::write, exec::EventKind::fence};
    const auto split = check::split_into_cubes(shapes, 2, rwf);
    // No RMWs: every shape splits, by its first two threads (its one thread).
    std::size_t expected = 0;
    for (const auto& s : shapes) expected += s.threads.size() >= 2 ? 9 : 3;
    CHECK(split.size() == expected);
    CHECK(check::split_into_cubes(shapes, 0, rwf).size() == shapes.size());
    for (const auto& s : split) CHECK(s.cube.size() == std::min<std::size_t>(2, s.threads.size()));
    REQUIRE(split.size() >= 4);
    CHECK(split[0].to_string() == "[4] cube(R)");
    CHECK(split[1].to_string() == "[4] cube(W)");
    CHECK(split[2].to_string() == "[4] cube(F)");
    const auto first = std::find_if(split.begin(), split.end(),
                                    [](const check::Shape& s) { return s.to_string() == "[2,1,1] cube(R,R)"; });
    REQUIRE(std::distance(first, split.end()) >= 9);
    CHECK((first + 1)->to_string() == "[2,1,1] cube(R,W)");
    CHECK((first + 3)->to_string() == "[2,1,1] cube(W,R)");
    CHECK((first + 8)->to_string() == "[2,1,1] cube(F,F)");
    // A read-modify-write first among the split threads keeps the shape whole.
    for (const auto& s : check::split_into_cubes(check::enumerate_shapes(4, true, false), 2, rwf)) {
        CAPTURE(s.to_string());
        bool rmw_first = false;
        for (std::size_t t = 0; t < std::min<std::size_t>(2, s.threads.size()); ++t)
            rmw_first = rmw_first || s.threads[t].front();
        CHECK(s.cube.empty() == rmw_first);
    }
    // The checker splits by the three kinds Fig. 11 has rules for.
    std::size_t items = 0;
    for (const auto& s : check::enumerate_shapes(4, true, false)) items += !s.threads[0].front() ? 3 : 1;
    CHECK(checker("cxx-to-ptx").work_items("coherence", 4, one).size() == items);
}

TEST_CASE("cube splitting: a split shape's programs are exactly its cubes', counted") {
    // The programs of a shape (solutions of SymbolicProblem::program, every
    // execution relation empty) against the sum over its cubes, and without
    // the thread-order symmetry against a count made apart from the
    // encoding (check_test_programs.hpp).  A cube that lost programs, or
    // two that shared one, changes the sum.
    const auto def = mapping::load_check(root / "checks" / "cxx-to-ptx.check");
    const auto source = model::Model::load(def.source_model);
    const auto target = model::Model::load(def.target_model);
    const check::Lowering lowering =
        check::lay_out(mapping::load_mapping(def.mapping), check::Checker(def).searched_classes());
    const std::vector<exec::EventKind> rwf = {exec::EventKind::read, exec::EventKind::write, exec::EventKind::fence};
    auto programs = [&](const check::Shape& shape, const check::EncodingSettings& settings) {
        const check::SymbolicProblem p(shape, lowering, source, target, settings);
        rel::Formula f = p.program && p.target_rf.no();
        for (const auto* m : {&p.source, &p.target})
            for (const auto& w : m->witnesses) f = f && w.relation.no();
        return rel::count_solutions(f, p.bounds);
    };
    for (const bool ordered : {false, true}) {
        check::EncodingSettings settings;
        settings.order_equal_threads = ordered;
        for (const auto& shape : check::enumerate_shapes(3, false, false)) {
            CAPTURE(ordered);
            CAPTURE(shape.to_string());
            const std::uint64_t whole = programs(shape, settings);
            if (!ordered) {
                std::uint64_t listed = 0;
                const check::SymbolicProblem p(shape, lowering, source, target, settings);
                check::testing::for_each_program(shape, p.layout(), lowering, settings,
                                                 [&](const check::testing::Program&) { ++listed; });
                CHECK(whole == listed);
            }
            for (const int k : {1, 2, 3}) {
                const auto cubes = check::split_into_cubes({shape}, k, rwf);
                if (cubes.size() == 1) continue;
                std::uint64_t sum = 0;
                for (const auto& cube : cubes) sum += programs(cube, settings);
                CHECK(sum == whole);
            }
        }
    }
}

TEST_CASE("--target-events: Alloy's bound on the compiled program") {
    // Store buffering with SC accesses through sc-load-no-fence compiles to
    // 6 PTX events (each SC store is a fence.sc and a st.release): found
    // with 6, not with 5.  Fig. 11 compiles every SC access to two PTX
    // events, and its 5-event SC counterexamples (five SC accesses) to 10,
    // so Alloy's `for 5` (5 events on both sides) could not contain them:
    // capped at 9 target events, SC holds at 5; at 10 it fails.
    check::Options six, five, nine, ten;
    six.target_events = 6;
    five.target_events = 5;
    nine.target_events = 9;
    ten.target_events = 10;
    const auto sb = run_with("cxx-to-ptx-sc-load-no-fence", "sc", 4, six);
    CHECK(sb.verdict == check::Verdict::fails);
    REQUIRE(sb.counterexample);
    CHECK(sb.counterexample->compiled.target.events.size() <= 6 + sb.counterexample->compiled.target.locations.size());
    CHECK(run_with("cxx-to-ptx-sc-load-no-fence", "sc", 4, five).verdict == check::Verdict::holds);
    CHECK(run_with("cxx-to-ptx", "sc", 5, nine).verdict == check::Verdict::holds);
    CHECK(run_with("cxx-to-ptx", "sc", 5, ten).verdict == check::Verdict::fails);
}

TEST_CASE("race-free programs, not only race-free executions (seed 000's theorem)") {
    // Without .release on RMW^SC, coherence breaks at 4 events in an
    // execution that is race-free, of a program that is not (another
    // execution has a heterogeneous race); required to be a race-free
    // program, it holds at 5 (the Fig. 12 program has 7 events).  Load
    // buffering is a race-free program: thin-air still fails at 4.
    const auto execution = run_one("cxx-to-ptx-rmw-sc-no-release", "coherence", 4);
    CHECK(execution.verdict == check::Verdict::fails);
    CHECK(execution.events == 4);
    REQUIRE(execution.counterexample);
    CHECK(execution.counterexample->program_race_free == false);
    round_trip("cxx-to-ptx-rmw-sc-no-release", execution);
    check::Options programs;
    programs.race_free_programs = true;
    const auto program = run_with("cxx-to-ptx-rmw-sc-no-release", "coherence", 5, programs);
    CHECK(program.verdict == check::Verdict::holds);
    CHECK(program.statistics.racy_programs > 0);
    const auto lb = run_with("cxx-to-ptx", "thin-air", 4, programs);
    CHECK(lb.verdict == check::Verdict::fails);
    REQUIRE(lb.counterexample);
    CHECK(lb.counterexample->program_race_free == true);
    check::Options no_flag;
    no_flag.race_free_programs = true;
    CHECK_THROWS_AS(run_with("audala-ptx-relaxed", "consistency", 3, no_flag), std::invalid_argument);
}

TEST_CASE("Power: the branch on an acquire load orders it (ctrlisync), and without it message passing fails") {
    // cxx-to-power-leading-sync's acquire load is `lwz ; cmpw ; bne ;
    // isync`.  Message passing (4 events) needs the ctrl the branch gives:
    // the same mapping with a bare `lwz ; isync` must fail coherence at 4,
    // confirmed by the litmus round trip, while the shipped one holds.
    const auto def = mapping::load_check(root / "checks" / "cxx-to-power-leading-sync.check");
    check::Options o;
    o.axioms = {"coherence"};
    o.events = 4;
    CHECK(check::Checker(def).run(o).front().verdict == check::Verdict::holds);
    std::ifstream in(def.mapping);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string with = "R.acq       -> lwz ; cmpw ; bne ; isync";
    const auto at = text.find(with);
    REQUIRE(at != std::string::npos);
    text.replace(at, with.size(), "R.acq       -> lwz ; isync");
    const auto dir = std::filesystem::temp_directory_path() / "mapsound-power-no-branch";
    std::filesystem::create_directories(dir);
    const auto mutant_path = dir / "cxx-to-power-leading-sync.map";
    std::ofstream(mutant_path) << text;
    auto mutant = def;
    mutant.mapping = mutant_path.string();
    const auto r = check::Checker(mutant).run(o).front();
    CHECK(r.verdict == check::Verdict::fails);
    CHECK(r.events == 4);
    REQUIRE(r.counterexample);
    CHECK(r.counterexample->round_trip.confirmed());
    std::filesystem::remove_all(dir);
}

TEST_CASE("unknown axioms are rejected with the available names") {
    check::Options o;
    o.axioms = {"no-such-axiom"};
    CHECK_THROWS_WITH_AS(checker("cxx-to-ptx").run(o), doctest::Contains("coherence"), std::invalid_argument);
}

namespace {

// The shipped checks whose file names sort in [from, to): axioms expected
// to fail 'at N' with N <= 5 are run to N (and must fail exactly there: the
// sweep finds none below); axioms expected to hold are run to 3 events (the
// bench runs the full bounds).  Split in three cases so that none comes
// near ctest's per-case hang guard on a loaded machine.
void expected_verdicts_of_shipped_checks(const std::string& from, const std::string& to) {
    int checks = 0;
    for (const auto& entry : std::filesystem::directory_iterator(root / "checks")) {
        const std::string name = entry.path().filename().string();
        if (entry.path().extension() != ".check" || name < from || name >= to) continue;
        ++checks;
        const auto def = mapping::load_check(entry.path());
        const check::Checker c(def);
        for (const auto& a : def.axioms) {
            CAPTURE(def.name);
            CAPTURE(a.name);
            check::Options o;
            o.axioms = {a.name};
            if (a.expected == mapping::Expectation::holds) {
                o.events = std::min(3, def.events);
                const auto r = c.run(o).front();
                CHECK(r.verdict == check::Verdict::holds);
            } else if (a.smallest && *a.smallest <= 5) {
                o.events = *a.smallest;
                const auto r = c.run(o).front();
                CHECK(r.verdict == check::Verdict::fails);
                CHECK(r.events == *a.smallest);
                if (r.counterexample) round_trip(def.name, r);
            }
        }
    }
    CHECK(checks > 0);
}

}  // namespace

TEST_CASE("every shipped check from a to c: expected verdicts at small bounds, smallest counterexamples as pinned") {
    expected_verdicts_of_shipped_checks("a", "d");
}

TEST_CASE("every shipped check from d to l: expected verdicts at small bounds, smallest counterexamples as pinned") {
    expected_verdicts_of_shipped_checks("d", "m");
}

TEST_CASE("every shipped check from m to z: expected verdicts at small bounds, smallest counterexamples as pinned") {
    expected_verdicts_of_shipped_checks("m", "{");
}

namespace {

// Workers as another process would be (their own Checker), which finish
// the started items in the reverse order of their start: the sweep must
// not depend on the order results come back in.
class ReversedWorkers : public check::Workers {
public:
    ReversedWorkers(const std::string& check_name, int count, std::optional<std::size_t> fail_at = std::nullopt)
        : checker_(checker(check_name)), count_(count), fail_at_(fail_at) {}
    int count() const override { return count_; }
    void start(int w, const check::WorkItem& item) override { started_.emplace_back(w, item); }
    std::optional<Finished> wait(std::stop_token) override {
        REQUIRE(!started_.empty());
        auto [w, item] = started_.back();
        started_.pop_back();
        check::Options o;
        Finished f{w, item, checker_.search(item, o)};
        if (fail_at_ && item.shape == *fail_at_) f.result.error = "injected failure";
        ++items;
        return f;
    }
    std::size_t items = 0;

private:
    check::Checker checker_;
    int count_;
    std::optional<std::size_t> fail_at_;
    std::vector<std::pair<int, check::WorkItem>> started_;
};

}  // namespace

TEST_CASE("worker processes (Options::workers): the answers of one job, whatever the order results arrive in") {
    for (int count : {1, 2, 5}) {
        CAPTURE(count);
        for (auto [name, axiom, events] : {std::tuple{"cxx-to-ptx-cta-scope", "coherence", 3},
                                           std::tuple{"cxx-to-ptx-sc-load-no-fence", "sc", 4},
                                           std::tuple{"cxx-to-ptx", "sc", 4}}) {
            CAPTURE(name);
            CAPTURE(axiom);
            const auto one = run_one(name, axiom, events, 1);
            check::Options o;
            auto workers = std::make_shared<ReversedWorkers>(name, count);
            o.workers = workers;
            const auto spread = run_with(name, axiom, events, o);
            CHECK(workers->items > 0);
            CHECK(spread.verdict == one.verdict);
            CHECK(spread.events == one.events);
            CHECK(spread.statistics.shapes == one.statistics.shapes);
            CHECK(spread.statistics.solver_calls == one.statistics.solver_calls);
            REQUIRE(spread.counterexample.has_value() == one.counterexample.has_value());
            if (one.counterexample) {
                CHECK(spread.counterexample->shape == one.counterexample->shape);
                CHECK(spread.counterexample->source_litmus_text == one.counterexample->source_litmus_text);
                CHECK(spread.counterexample->target_litmus_text == one.counterexample->target_litmus_text);
                CHECK(spread.counterexample->source_dot == one.counterexample->source_dot);
            }
        }
    }
}

TEST_CASE("worker processes: a failed work item fails the run, naming the item") {
    check::Options o;
    o.workers = std::make_shared<ReversedWorkers>("cxx-to-ptx", 2, 1);
    try {
        run_with("cxx-to-ptx", "coherence", 3, o);
        FAIL("no error");
    } catch (const std::runtime_error& e) {
        CHECK(std::string(e.what()).find("work item coherence, bound ") == 0);
        CHECK(std::string(e.what()).find("shape 2 of ") != std::string::npos);
        CHECK(std::string(e.what()).find("injected failure") != std::string::npos);
    }
    // An item that names no shape of the check is refused by the worker.
    check::WorkItem wrong{"coherence", 3, 0, 999, "[3]"};
    CHECK_THROWS_AS(checker("cxx-to-ptx").search(wrong, {}), std::invalid_argument);
}
