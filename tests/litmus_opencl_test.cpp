// The OpenCL dialect (herd7's and Dartagnan's "OPENCL" tests) and
// models/opencl.cat: the IR a test parses into, printing back, errors with
// file:line:col, the execution vocabulary it expands into, and the model's
// verdicts on key tests of the development suite (../shared/litmus/OPENCL),
// whose verdicts come from Dartagnan (expected-opencl.csv) and from the
// POPL 2016 paper's examples (overhauling/).  Cases that need the suite are
// reported as skipped when it is absent.
#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include <doctest/doctest.h>

#include "litmus_test_support.hpp"
#include "mapsound/exec.hpp"
#include "mapsound/litmus/expand.hpp"
#include "test_skip.hpp"

namespace {

using namespace litmustest;
namespace fs = std::filesystem;

template <class I>
const I& at(const Thread& t, std::size_t i) {
    REQUIRE(i < t.code.size());
    REQUIRE(std::holds_alternative<I>(t.code[i]));
    return std::get<I>(t.code[i]);
}

Qualifiers region(bool global, bool local) {
    Qualifiers q;
    q.global = global;
    q.local = local;
    return q;
}

const char* const kSample = R"(OPENCL sample
{ [x] = 0; [y] = 0; [z] = 0; }

P0@wg 0, dev 0 (global int* x, local atomic_int* y, volatile int* z) {
  *x = 1;
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
  atomic_store_explicit(y, 1, memory_order_relaxed);
  B1: barrier(CLK_GLOBAL_MEM_FENCE);
  int r0 = atomic_load_explicit(y, memory_order_acquire, memory_scope_all_svm_devices);
  int r1 = atomic_fetch_add_explicit(y, 2, memory_order_acq_rel, memory_scope_work_item);
  barrier(CLK_LOCAL_MEM_FENCE);
  *z = r0;
}

P1@wg 1, dev 0 (global int* x, local atomic_int* y, volatile int* z) {
  B1: barrier(CLK_GLOBAL_MEM_FENCE);
  int r0 = *x;
  barrier(CLK_LOCAL_MEM_FENCE);
}

exists (0:r0 = 1 /\ 1:r0 = 0 /\ 0:x = 1)
)";

}  // namespace

TEST_CASE("opencl: the sample parses into the expected IR") {
    const LitmusTest t = parse_litmus(kSample, "sample.litmus");
    CHECK(t.dialect == Dialect::opencl);
    REQUIRE(t.threads.size() == 2);
    // "wg" is the CTA level, "dev" the GPU level.
    REQUIRE(t.threads[1].placement);
    CHECK(t.threads[1].placement->cta == 1);
    CHECK(t.threads[1].placement->gpu == 0);
    CHECK(t.threads[0].params[1] == Parameter{"local atomic_int*", "y"});

    const Thread& p0 = t.threads[0];
    std::size_t i = 0;
    // Accesses carry their parameter's region; 'volatile int*' names none.
    CHECK(at<Store>(p0, i++) == Store{Address{"x", std::nullopt}, std::int64_t{1}, MemoryOrder::plain, Scope::none,
                                      region(true, false)});
    CHECK(at<Fence>(p0, i++) == Fence{FenceKind::fence, MemoryOrder::release, Scope::cta, region(true, true)});
    // Without a scope argument an atomic is device-scoped.
    CHECK(at<Store>(p0, i++) == Store{Address{"y", std::nullopt}, std::int64_t{1}, MemoryOrder::relaxed, Scope::gpu,
                                      region(false, true)});
    CHECK(at<Label>(p0, i++).name == "B1");
    // The k-th barrier of a work-item has id k.
    CHECK(at<Barrier>(p0, i++) == Barrier{std::int64_t{0}, std::nullopt, std::nullopt, false, region(true, false)});
    CHECK(at<Load>(p0, i++) == Load{Register{"r0"}, Address{"y", std::nullopt}, MemoryOrder::acquire, Scope::sys,
                                    region(false, true)});
    const Rmw& add = at<Rmw>(p0, i++);
    CHECK(add.scope == Scope::none);  // memory_scope_work_item
    CHECK(add.order == MemoryOrder::acq_rel);
    CHECK(add.qualifiers == region(false, true));
    CHECK(at<Barrier>(p0, i++) == Barrier{std::int64_t{1}, std::nullopt, std::nullopt, false, region(false, true)});
    CHECK(at<Store>(p0, i++).qualifiers == Qualifiers{});
    // "0:x" names the location x (a parameter of P0), not a register.
    REQUIRE(t.condition);
    CHECK(t.condition->expr.kind == CondExpr::Kind::and_);
    check_round_trip(t);
}

TEST_CASE("opencl: expansion tags regions, scopes and work-group barriers") {
    const LitmusTest t = parse_litmus(kSample, "sample.litmus");
    const auto runs = mapsound::litmus::expand(t);
    REQUIRE(!runs.empty());
    const mapsound::exec::PreExecution& x = runs.front().pre;
    using mapsound::exec::EventKind;
    using mapsound::exec::Tag;
    int barriers = 0, fences = 0, global_accesses = 0, local_accesses = 0, plain_unplaced = 0;
    for (const auto& e : x.events) {
        if (e.thread < 0) continue;
        if (e.kind == EventKind::barrier) {
            ++barriers;
            CHECK(e.scope == mapsound::exec::Scope::cta);
            CHECK(e.has(Tag::global) != e.has(Tag::local));
        } else if (e.kind == EventKind::fence) {
            ++fences;
            CHECK(e.has(Tag::global));
            CHECK(e.has(Tag::local));
            CHECK(e.scope == mapsound::exec::Scope::cta);
        } else if (e.has(Tag::global)) {
            ++global_accesses;
        } else if (e.has(Tag::local)) {
            ++local_accesses;
        } else {
            ++plain_unplaced;
        }
    }
    CHECK(barriers == 4);
    CHECK(fences == 1);
    CHECK(global_accesses == 2);  // P0's *x = 1, P1's *x
    CHECK(local_accesses == 4);   // store, load, and the RMW's read and write
    CHECK(plain_unplaced == 1);   // *z = r0
    // Work groups 0 and 1 are different CTAs of one GPU.
    CHECK(!x.threads[0].shares(x.threads[1], mapsound::exec::Scope::cta));
    CHECK(x.threads[0].shares(x.threads[1], mapsound::exec::Scope::gpu));
}

TEST_CASE("opencl: bad input names file:line:col and what was expected") {
    const std::string head = "OPENCL t\n{ [x] = 0; }\n";
    auto with_body = [&](const std::string& body) {
        return error_of(head + "P0@wg 0, dev 0 (global atomic_int* x) {\n" + body + "\n}\nexists (x = 0)\n");
    };
    CHECK(with_body("  atomic_store_explicit(x, 1, memory_order_relaxed, memory_scope_gpu);") ==
          "t.litmus:4:53: expected a memory scope (memory_scope_work_item, memory_scope_work_group, "
          "memory_scope_device, memory_scope_all_svm_devices), found 'memory_scope_gpu'");
    CHECK(with_body("  atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_release, memory_scope_device);") ==
          "t.litmus:4:26: expected a memory fence flag (CLK_GLOBAL_MEM_FENCE, CLK_LOCAL_MEM_FENCE), found "
          "'CLK_IMAGE_MEM_FENCE'");
    // atomic_work_item_fence has no default scope.
    CHECK(with_body("  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release);")
              .find("t.litmus:4:68: expected ',', found ')'") == 0);
    CHECK(with_body("  barrier();").find("t.litmus:4:11: expected a memory fence flag") == 0);
    CHECK(error_of(head + "P0@cta 0, gpu 0 (global atomic_int* x) { }\nexists (x = 0)\n") ==
          "t.litmus:3:4: expected 'wg' or 'dev', found 'cta'");
    // barrier is OpenCL's: in C it is no atomic operation.
    CHECK(error_of("C t\n{ [x] = 0; }\nP0 (atomic_int* x) {\n  barrier(CLK_GLOBAL_MEM_FENCE);\n}\nexists (x = 0)\n")
              .find("t.litmus:4:3: expected an atomic operation") == 0);
}

TEST_CASE("opencl: the printer refuses what OpenCL C cannot say") {
    LitmusTest t = parse_litmus(kSample, "sample.litmus");
    // A barrier whose id is not its number in the thread.
    std::get<Barrier>(t.threads[1].code[1]).id = std::int64_t{5};
    CHECK_THROWS_AS(print_litmus(t), std::invalid_argument);
    t = parse_litmus(kSample, "sample.litmus");
    // An access whose region is not its parameter's.
    std::get<Store>(t.threads[0].code[0]).qualifiers = region(false, true);
    CHECK_THROWS_AS(print_litmus(t), std::invalid_argument);
}

TEST_CASE("opencl: every suite file parses and round-trips") {
    const auto suite = suite_dir();
    if (!suite) return skip_without_suite();
    int files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(*suite / "OPENCL")) {
        if (entry.path().extension() != ".litmus") continue;
        ++files;
        INFO(entry.path().string());
        const LitmusTest t = parse_litmus_file(entry.path());
        CHECK(t.dialect == Dialect::opencl);
        check_round_trip(t);
    }
    CHECK(files == 114);
}

// Verdicts of models/opencl.cat on tests that pin its parts, against
// expected-opencl.csv (Dartagnan); the comments say what each one shows,
// after the paper's examples.
TEST_CASE("opencl model: key verdicts agree with Dartagnan's") {
    const auto suite = suite_dir();
    if (!suite) return skip_without_suite();
    const std::vector<std::pair<const char*, bool>> cases = {
        // Release/acquire at work-group scope in one work group synchronizes
        // (example4, No); on local memory it orders only local memory
        // (example5, Ok), unless fences name both regions (example6, No).
        {"OPENCL/overhauling/example4.litmus", false},
        {"OPENCL/overhauling/example5.litmus", true},
        {"OPENCL/overhauling/example6.litmus", false},
        // Work-group scope across work groups: not inclusive, no
        // synchronization (MP_ra_wg, Ok); happens-before composes across
        // scopes (ISA2, No) but not through local memory (ISA2_broken, Ok).
        {"OPENCL/overhauling/MP_ra_wg.litmus", true},
        {"OPENCL/overhauling/ISA2.litmus", false},
        {"OPENCL/overhauling/ISA2_broken.litmus", true},
        // SC at work-group and device scope (IRIW forbidden), SB across work
        // groups at device scope (example9b, forbidden).
        {"OPENCL/overhauling/IRIW_sc_wg.litmus", false},
        {"OPENCL/overhauling/IRIW_sc_dev.litmus", false},
        {"OPENCL/overhauling/example9b.litmus", false},
        // Work-group barriers: executions exist past them (global_barrier_mo).
        {"OPENCL/herd/global_barrier_mo.litmus", true},
        // Racy non-atomic reads through generic pointers (LB, Ok) and
        // through global ones (example7a, No).
        {"OPENCL/herd/LB.litmus", true},
        {"OPENCL/overhauling/example7a.litmus", false},
    };
    check_suite_verdicts(*suite, "expected-opencl.csv", "opencl", "opencl.cat", cases);
}

TEST_CASE("opencl model: a barrier synchronizes its work group, for the regions of its flags") {
    const auto model = mapsound::model::Model::load(fs::path(MAPSOUND_SOURCE_DIR) / "models" / "opencl.cat");
    auto verdict = [&](const std::string& flags, int wg1) {
        const std::string text = "OPENCL MP+bar\n{ [x] = 0; }\n"
                                 "P0@wg 0, dev 0 (global int* x) {\n  *x = 1;\n  barrier(" + flags + ");\n}\n"
                                 "P1@wg " + std::to_string(wg1) + ", dev 0 (global int* x) {\n  barrier(" + flags +
                                 ");\n  int r0 = *x;\n}\nexists (1:r0 = 0)\n";
        return run_litmus(parse_litmus(text, "t.litmus"), model).ok;
    };
    // OpenCL C 2.0, 6.13.8: after a barrier with CLK_GLOBAL_MEM_FENCE, the
    // work group's global memory operations before it are visible.
    CHECK_FALSE(verdict("CLK_GLOBAL_MEM_FENCE", 0));
    // A local-memory barrier does not order global memory.
    CHECK(verdict("CLK_LOCAL_MEM_FENCE", 0));
    // Barriers of different work groups do not meet (and do not wait for each other).
    CHECK(verdict("CLK_GLOBAL_MEM_FENCE", 1));
}

// Our own OpenCL tests (tests/litmus/opencl/), verdicts derived by hand from
// the OpenCL C 2.0 rules each file's doc string quotes: barriers and fences
// order the regions their flags name; synchronization needs inclusive
// scopes; SC at device scope across work groups.
TEST_CASE("opencl corpus: hand-derived verdicts") {
    const fs::path dir = fs::path(MAPSOUND_SOURCE_DIR) / "tests" / "litmus" / "opencl";
    const fs::path models = fs::path(MAPSOUND_SOURCE_DIR) / "models";
    const std::vector<ExpectedRow> rows = read_expected(dir);
    CHECK(rows.size() == 7);
    check_listing(rows, dir, [](const fs::path& file) { check_round_trip(parse_litmus_file(file)); });
    for (const auto& r : rows) check_verdict(r, dir, models / (r.model + ".cat"), /*require_candidates=*/true);
}

TEST_CASE("opencl: mutated tests parse and round-trip, or fail with ParseError") {
    fuzz_round_trip(13, "(){};,:|*&@ \n0123glocalwdevCLK_memory_scope_barrierP", {kSample}, 1500);
}
