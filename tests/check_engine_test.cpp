// The mapping checker: program shapes against known counts, the lowering
// rows of Fig. 11, and verdicts of the shipped checks at small bounds
// against the seeds (LB under PTX, SB without the SC fence, seed 003
// Table 1), with every counterexample run back through litmus mode, its
// minimality, and the same answers for any number of jobs and for the
// exact closure encoding.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "check/lowering.hpp"
#include "check/shape.hpp"
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

check::AxiomResult run_one(const std::string& name, const std::string& axiom, int events, int jobs = 1,
                           rel::ClosureEncoding closure = rel::ClosureEncoding::polarity_aware) {
    check::Options o;
    o.events = events;
    o.axioms = {axiom};
    o.jobs = jobs;
    o.closure = closure;
    auto results = checker(name).run(o);
    REQUIRE(results.size() == 1);
    return results.front();
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
    CHECK_FALSE(litmus::run_litmus(src, source, forbid).ok);
    CHECK(litmus::run_litmus(tgt, target).ok);
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

TEST_CASE("shapes: scope trees are nested set partitions") {
    // k threads into CTAs into GPUs: sum over c of S(k, c) * Bell(c) = 1, 3, 12, 60.
    std::map<std::size_t, std::size_t> per_threads;
    for (const auto& s : check::enumerate_shapes(4, false, true)) ++per_threads[s.threads.size()];
    // Shapes of 4 events: [4] (1 thread), [3,1] and [2,2] (2), [2,1,1] (3), [1,1,1,1] (4).
    CHECK(per_threads[1] == 1);
    CHECK(per_threads[2] == 2 * 3);
    CHECK(per_threads[3] == 12);
    CHECK(per_threads[4] == 60);
}

TEST_CASE("lowering rows of Fig. 11: one leading fence slot, an anchor, no trailing slot") {
    const auto m = mapping::load_mapping(root / "mappings" / "cxx-to-ptx.map");
    const auto l = check::lay_out(m);
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
    CHECK(r.counterexample->shape == "[2,2]");
    CHECK(r.counterexample->program_race_free == true);
    round_trip("cxx-to-ptx", r);
    CHECK(run_one("cxx-to-ptx", "thin-air", 3).verdict == check::Verdict::holds);
}

TEST_CASE("cxx-to-ptx: coherence, atomicity and SC hold up to 3 events") {
    for (const char* axiom : {"coherence", "atomicity", "sc"}) {
        CAPTURE(axiom);
        const auto r = run_one("cxx-to-ptx", axiom, 3);
        CHECK(r.verdict == check::Verdict::holds);
        CHECK(r.events == 3);
        CHECK(r.statistics.spurious == 0);
    }
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

TEST_CASE("unknown axioms are rejected with the available names") {
    check::Options o;
    o.axioms = {"no-such-axiom"};
    CHECK_THROWS_WITH_AS(checker("cxx-to-ptx").run(o), doctest::Contains("coherence"), std::invalid_argument);
}

TEST_CASE("every shipped check: expected verdicts at small bounds, smallest counterexamples as the check pins") {
    // Axioms expected to fail 'at N' with N <= 5 are run to N (and must fail
    // exactly there: the sweep finds none below); axioms expected to hold
    // are run to 3 events (the bench runs the full bounds).
    for (const auto& entry : std::filesystem::directory_iterator(root / "checks")) {
        if (entry.path().extension() != ".check") continue;
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
}
