// Dartagnan's Vulkan dialect ("Vulkan name" tests, seed 001 §4.2): the IR a
// test parses into, printing back, errors with file:line:col, the events it
// expands into (storage classes, availability/visibility, scopes, control
// barriers with a quorum), and every file of ../shared/litmus/VULKAN.
// Cases that need the suite are reported as skipped when it is absent.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <doctest/doctest.h>

#include "litmus_test_support.hpp"
#include "mapsound/exec.hpp"
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

const char* const kSample = R"(Vulkan sample
"doc"
{
P1:r0=0;
x=0;
y=0;
}
{
ssw 0 1;
}
 P0@sg 0, wg 0, qf 0                       | P1@sg 1, wg 0, qf 0 ;
 st.av.dv.sc0 x, 1                         | ld.atom.acq.wg.sc1.semsc0.semsc1.semvis r0, y ;
 st.atom.rel.wg.sc1.semsc0.semsc1.semav y, 1 | rmw.atom.acq_rel.qf.sc0.semsc0.add r1, y, 2 ;
 membar.rel.dv.semsc0.semav                | cbar.acq_rel.wg.semsc0 2, 1, 1 ;
 cbar.wg 2                                 | ld.nonpriv.sc0 r2, x ;
 avdevice                                  | rmw.atom.sg.sc2 r3, y, 5 ;
 visdevice                                 | LC00: ;
 add r5, 1, 0                              | bne r3, 0, LC00 ;
exists
(P1:r0 == 1 /\ x == 1)
)";

Qualifiers storage(int sc, unsigned semantics = 0) {
    Qualifiers q;
    q.storage_class = sc;
    q.semantics = semantics;
    return q;
}

}  // namespace

TEST_CASE("vulkan: the sample parses into the expected IR") {
    const LitmusTest t = parse_litmus(kSample, "sample.litmus");
    CHECK(t.dialect == Dialect::vulkan);
    CHECK(t.name == "sample");
    REQUIRE(t.threads.size() == 2);
    CHECK(t.system_synchronizes_with == std::vector<std::pair<int, int>>{{0, 1}});
    CHECK(t.threads[1].placement == Placement{0, 0, 1, 0, 0});  // sg 1 of wg (cta) 0
    const Thread& p0 = t.threads[0];
    const Thread& p1 = t.threads[1];

    Qualifiers av = storage(0);
    av.av = true;
    CHECK(at<Store>(p0, 0) == Store{Address{"x", std::nullopt}, std::int64_t{1}, MemoryOrder::plain, Scope::gpu, av});
    Qualifiers rel = storage(1, 3);
    rel.semav = true;
    CHECK(at<Store>(p0, 1) == Store{Address{"y", std::nullopt}, std::int64_t{1}, MemoryOrder::release, Scope::cta, rel});
    Qualifiers membar = storage(-1, 1);
    membar.semav = true;
    CHECK(at<Fence>(p0, 2) == Fence{FenceKind::membar, MemoryOrder::release, Scope::gpu, membar});
    CHECK(at<Barrier>(p0, 3) ==
          Barrier{std::int64_t{2}, std::nullopt, std::nullopt, false, {}, MemoryOrder::plain, Scope::cta});
    CHECK(at<Fence>(p0, 4).qualifiers.avdevice);
    CHECK(at<Fence>(p0, 5).qualifiers.visdevice);
    CHECK(at<RegOp>(p0, 6) == RegOp{Register{"r5"}, RegOpKind::add, std::int64_t{1}, std::int64_t{0}});

    Qualifiers acq = storage(1, 3);
    acq.semvis = true;
    CHECK(at<Load>(p1, 0) == Load{Register{"r0"}, Address{"y", std::nullopt}, MemoryOrder::acquire, Scope::cta, acq});
    const Rmw& add = at<Rmw>(p1, 1);
    CHECK(add.op == RmwOp::add);
    CHECK(add.order == MemoryOrder::acq_rel);
    CHECK(add.scope == Scope::qf);
    CHECK(add.qualifiers == storage(0, 1));
    CHECK(at<Barrier>(p1, 2) == Barrier{std::int64_t{2}, std::int64_t{1}, std::int64_t{1}, false, storage(-1, 1),
                                        MemoryOrder::acq_rel, Scope::cta});
    Qualifiers nonpriv = storage(0);
    nonpriv.nonpriv = true;
    CHECK(at<Load>(p1, 3) == Load{Register{"r2"}, Address{"x", std::nullopt}, MemoryOrder::plain, Scope::none, nonpriv});
    // rmw without an operation is an exchange; an atomic without an order
    // is relaxed.
    const Rmw& exch = at<Rmw>(p1, 4);
    CHECK(exch.op == RmwOp::exch);
    CHECK(exch.order == MemoryOrder::relaxed);
    CHECK(exch.scope == Scope::sg);
    CHECK(exch.qualifiers == storage(2));
    CHECK(at<Branch>(p1, 6).target == "LC00");
    check_round_trip(t);
}

TEST_CASE("vulkan: expansion tags storage classes, av/vis, non-private accesses and scopes") {
    const LitmusTest t = parse_litmus(kSample, "sample.litmus");
    const auto runs = mapsound::litmus::expand(t);
    REQUIRE(!runs.empty());
    const mapsound::exec::PreExecution& x = runs.front().pre;
    std::vector<const mapsound::exec::Event*> p0, p1;
    for (const auto& e : x.events) {
        if (e.thread == 0) p0.push_back(&e);
        if (e.thread == 1) p1.push_back(&e);
    }
    REQUIRE(p0.size() == 6);  // st, st, membar, cbar, avdevice, visdevice
    // st.av.dv.sc0: non-atomic, yet scoped (its availability scope) and
    // non-private (.av needs a non-private pointer).
    CHECK(p0[0]->order == mapsound::exec::Order::na);
    CHECK(p0[0]->scope == mapsound::exec::Scope::gpu);
    CHECK(p0[0]->has(Tag::av));
    CHECK(p0[0]->has(Tag::nonpriv));
    CHECK(p0[0]->has(Tag::sc0));
    CHECK(!p0[0]->has(Tag::sc1));
    // The release store: sc1, semantics 0 and 1, semav, non-private.
    CHECK(p0[1]->order == mapsound::exec::Order::rel);
    CHECK(p0[1]->has(Tag::sc1));
    CHECK(p0[1]->has(Tag::semsc0));
    CHECK(p0[1]->has(Tag::semsc1));
    CHECK(p0[1]->has(Tag::semav));
    CHECK(p0[1]->has(Tag::nonpriv));
    CHECK(p0[2]->kind == EventKind::fence);
    CHECK(p0[2]->order == mapsound::exec::Order::rel);
    CHECK(p0[2]->has(Tag::semsc0));
    CHECK(!p0[2]->has(Tag::semsc1));
    CHECK(p0[3]->kind == EventKind::barrier);
    CHECK(p0[3]->order == mapsound::exec::Order::none);
    CHECK(p0[3]->scope == mapsound::exec::Scope::cta);
    CHECK(p0[4]->has(Tag::avdevice));
    CHECK(p0[5]->has(Tag::visdevice));
    // P1: the acquire load, the rmw pair, the cbar with semantics, the
    // private load (.nonpriv says otherwise), the exchange of class 2.
    CHECK(p1[0]->order == mapsound::exec::Order::acq);
    CHECK(p1[0]->has(Tag::semvis));
    CHECK(p1[3]->kind == EventKind::barrier);
    CHECK(p1[3]->order == mapsound::exec::Order::acq_rel);
    CHECK(p1[3]->has(Tag::semsc0));
    CHECK(p1[4]->has(Tag::nonpriv));
    CHECK(p1[4]->scope == mapsound::exec::Scope::none);
    // Storage class 2 is tagged as the figure's 0 and 1 are.
    CHECK(p1[5]->has(Tag::sc2));
    CHECK(!p1[5]->has(Tag::sc0));
    CHECK(!p1[5]->has(Tag::sc1));
    CHECK(p1[5]->has(Tag::nonpriv));
    CHECK(p1[5]->scope == mapsound::exec::Scope::sg);
    // sg 0 and sg 1 of workgroup 0: different subgroups, one workgroup.
    CHECK(!x.threads[0].shares(x.threads[1], mapsound::exec::Scope::sg));
    CHECK(x.threads[0].shares(x.threads[1], mapsound::exec::Scope::cta));
}

TEST_CASE("vulkan: bad input names file:line:col and what was expected") {
    const std::string head = "Vulkan t\n{ x=0; }\n P0@sg 0, wg 0, qf 0 ;\n";
    auto with_row = [&](const std::string& row) { return error_of(head + row + "\nexists (x == 0)\n"); };
    CHECK(with_row(" st.atom.rel.wg x, 1 ;") == "t.litmus:4:2: expected a storage class (.sc0, .sc1, ...) on "
                                                "'st.atom.rel.wg', found 'st.atom.rel.wg'");
    CHECK(with_row(" st.rel.wg.sc0 x, 1 ;").find("t.litmus:4:2: expected '.atom' on 'st.rel.wg.sc0'") == 0);
    CHECK(with_row(" ld.atom.sc0 r0, x ;").find("t.litmus:4:2: expected a scope (.sg, .wg, .qf, .dv)") == 0);
    CHECK(with_row(" ld.atom.acq.gpu.sc0 r0, x ;").find("t.litmus:4:13: expected a qualifier of 'ld'") == 0);
    CHECK(with_row(" st.atom.acq.wg.sc0 x, 1 ;").find("t.litmus:4:2: expected store order '.rel'") == 0);
    CHECK(with_row(" ld.vis.wg.sc0.sc1 r0, x ;").find("t.litmus:4:15: expected at most one storage class (.sc<k>) on 'ld', found '.sc1'") == 0);
    CHECK(with_row(" ld.vis.wg.sc4 r0, x ;") ==
          "t.litmus:4:11: expected a storage class from .sc0 to .sc3 (the execution vocabulary's SC0..SC3, "
          "SEMSC0..SEMSC3), found '.sc4'");
    CHECK(with_row(" membar.rel.wg.semsc0.semsc7 ;") ==
          "t.litmus:4:22: expected storage-class semantics from .semsc0 to .semsc3 (the execution vocabulary's "
          "SC0..SC3, SEMSC0..SEMSC3), found '.semsc7'");
    CHECK(with_row(" membar.wg.semsc0 ;").find("t.litmus:4:2: expected an order (.acq, .rel, .acq_rel)") == 0);
    CHECK(with_row(" cbar.acq_rel 1 ;").find("t.litmus:4:2: expected a scope") == 0);
    CHECK(with_row(" rmw.wg.sc0 r0, x, 1 ;").find("t.litmus:4:2: expected '.atom' on 'rmw.wg.sc0'") == 0);
    CHECK(with_row(" fence.sc.wg ;").find("t.litmus:4:2: expected a Vulkan instruction") == 0);
    CHECK(error_of("Vulkan t\n{ x=0; }\n P0@cta 0, gpu 0 ;\nexists (x == 0)\n") ==
          "t.litmus:3:5: expected 'sg', 'wg' or 'qf', found 'cta'");
    CHECK(error_of("Vulkan t\n{ x=0; }\n{ ssw 0 2; }\n P0@sg 0, wg 0, qf 0 | P1@sg 1, wg 0, qf 0 ;\nexists (x == 0)\n")
              .find("t.litmus:3:9: expected a thread of this test") == 0);
    CHECK(error_of("Vulkan t\n{ x=0; }\n{ sw 0 1; }\n P0@sg 0, wg 0, qf 0 ;\nexists (x == 0)\n") ==
          "t.litmus:3:3: expected 'ssw' or '}', found 'sw'");
}

TEST_CASE("vulkan: the printer refuses what the dialect cannot say") {
    LitmusTest t = parse_litmus(kSample, "sample.litmus");
    std::get<Store>(t.threads[0].code[0]).qualifiers.storage_class = -1;
    CHECK_THROWS_AS(print_litmus(t), std::invalid_argument);
    t = parse_litmus(kSample, "sample.litmus");
    std::get<Load>(t.threads[1].code[0]).order = MemoryOrder::seq_cst;
    CHECK_THROWS_AS(print_litmus(t), std::invalid_argument);
    t = parse_litmus(kSample, "sample.litmus");
    std::get<Barrier>(t.threads[0].code[3]).scope = Scope::sys;
    CHECK_THROWS_AS(print_litmus(t), std::invalid_argument);
}

TEST_CASE("vulkan: every suite file parses, round-trips and expands") {
    const auto suite = suite_dir();
    if (!suite) return skip_without_suite();
    int files = 0, with_aliases = 0;
    for (const auto& entry : fs::recursive_directory_iterator(*suite / "VULKAN")) {
        if (entry.path().extension() != ".litmus") continue;
        ++files;
        INFO(entry.path().string());
        LitmusTest t;
        REQUIRE_NOTHROW(t = parse_litmus_file(entry.path()));
        CHECK(t.dialect == Dialect::vulkan);
        // "z aliases x" in the init block (two suite files): a generic
        // alias, another virtual address of x's memory.
        if (!t.aliases.empty()) {
            ++with_aliases;
            for (const ProxyAlias& a : t.aliases) CHECK(a.proxy == Qualifiers::Proxy::generic);
        }
        check_round_trip(t);
        // Expansion accepts every instruction (it throws on what it cannot
        // run).  Some tests have more pre-executions than is worth
        // enumerating here (xf-barrier*: six threads of loads), so a budget
        // of 2000 is enough; some have none at all (cbar-2: a thread that
        // spins forever, quorum1-hang: a barrier that never opens).
        mapsound::litmus::ExpandOptions options;
        options.budget.max_executions = 2000;
        CHECK_NOTHROW([&] {
            try {
                mapsound::litmus::expand_each(t, options, [](const mapsound::litmus::Candidate&) { return true; });
            } catch (const mapsound::litmus::BudgetExceeded&) {
            }
        }());
    }
    CHECK(files == 103);
    CHECK(with_aliases == 2);
}

TEST_CASE("vulkan: mutated tests parse and round-trip, or fail with ParseError") {
    fuzz_round_trip(13, ".|;,:rxsc0123avisemwgdqf {}@P", {kSample}, 400);
}

// Verdicts of models/vulkan.cat on tests that pin its parts, against
// expected-vulkan.csv (Dartagnan); the comments say what each one shows.
TEST_CASE("vulkan model: key verdicts agree with Dartagnan's") {
    const auto suite = suite_dir();
    if (!suite) return skip_without_suite();
    const std::vector<std::pair<const char*, bool>> cases = {
        // Release/acquire at device scope across workgroups: atomics make
        // their own values available and visible, so MP is forbidden
        // (mpinscope1) ...
        {"VULKAN/Kronos-Group/mpinscope1.litmus", false},
        // ... but happens-before needs matching storage-class semantics
        // (mpinscope2: semsc0 on x, semsc1 on the flag: allowed).
        {"VULKAN/Kronos-Group/mpinscope2.litmus", true},
        // Relaxed atomics with release/acquire memory barriers (MP-mesa).
        {"VULKAN/Manual/MP-mesa.litmus", false},
        // Coherence orders only mutually ordered atomics: a workgroup-scope
        // write from another workgroup may be seen in either order.
        {"VULKAN/Kronos-Group/asmo.litmus", true},
        {"VULKAN/Manual/asmo-mixed-scope-write.litmus", true},
        // Control barriers synchronize within a workgroup only, with
        // availability and visibility at device scope.
        {"VULKAN/Barrier/barrier-inscope.litmus", true},
        {"VULKAN/Barrier/barrier-not-inscope.litmus", false},
        {"VULKAN/Manual/counter-plain-store-atomic-load.litmus", true},
        // Quorum barriers: two threads open it, the third passes unsynchronized.
        {"VULKAN/Barrier/quorum2-pass.litmus", true},
        {"VULKAN/Barrier/quorum2-fail.litmus", false},
        // Storage class 2 synchronises like 0 and 1: through a class-2 flag
        // with fences of semantics 0 and 2 (storage-class-4), and with
        // atomics sharing semantics 2 (storage-class-6); but a chain of
        // fences whose semantics change class on the way orders nothing
        // (storage-class-5, Fig. 9's non-transitivity).
        {"VULKAN/Manual/storage-class-4.litmus", true},
        {"VULKAN/Manual/storage-class-5.litmus", false},
        {"VULKAN/Manual/storage-class-6.litmus", true},
        // No no-thin-air axiom: 42, named only by the condition, may be
        // passed around a cycle of reads and writes.
        {"VULKAN/Manual/OOTA.litmus", true},
    };
    check_suite_verdicts(*suite, "expected-vulkan.csv", "vulkan", "vulkan.cat", cases);
}

// The data-race flag (Fig. 8 lines 66-69): non-atomic accesses of one
// location in different threads, not in location order, race; mutually
// ordered atomics do not.  Forbidding the flag removes the racy executions.
TEST_CASE("vulkan model: the data-race flag") {
    const auto model = mapsound::model::Model::load(fs::path(MAPSOUND_SOURCE_DIR) / "models" / "vulkan.cat");
    auto test = [](const std::string& store, const std::string& load) {
        return parse_litmus("Vulkan race\n{ x=0; }\n P0@sg 0, wg 0, qf 0 | P1@sg 0, wg 1, qf 0 ;\n " + store + " x, 1 | " +
                                load + " r0, x ;\nexists (P1:r0 == 0)\n",
                            "race.litmus");
    };
    RunOptions forbid_races;
    forbid_races.forbidden_flags = {"data-race"};
    const LitmusTest plain = test("st.sc0", "ld.sc0");
    CHECK(run_litmus(plain, model).ok);
    CHECK(!run_litmus(plain, model, forbid_races).ok);
    const LitmusTest atomic = test("st.atom.dv.sc0", "ld.atom.dv.sc0");
    CHECK(run_litmus(atomic, model, forbid_races).ok);
    // Workgroup scope across workgroups: not mutually ordered, a race.
    const LitmusTest narrow = test("st.atom.wg.sc0", "ld.atom.wg.sc0");
    CHECK(!run_litmus(narrow, model, forbid_races).ok);
}

TEST_CASE("vulkan corpus: our own tests, verdicts derived by hand") {
    const fs::path dir = fs::path(MAPSOUND_SOURCE_DIR) / "tests" / "litmus" / "vulkan";
    const std::vector<ExpectedRow> rows = read_expected(dir);
    check_listing(rows, dir, [](const fs::path& file) { check_round_trip(parse_litmus_file(file)); });
    for (const auto& r : rows) {
        SUBCASE((r.test + " under " + r.model).c_str()) {
            check_verdict(r, dir, fs::path(MAPSOUND_SOURCE_DIR) / "models" / (r.model + ".cat"),
                          /*require_candidates=*/true);
        }
    }
}
