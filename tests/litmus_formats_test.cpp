// Litmus files as the world writes them (issue 15): herd7/diy7 header
// metadata, tests without a condition, locations/filter/regions clauses,
// wide C types, C loops and short-circuit operators, PTX barrier forms; and
// the corpora tests/litmus/diy/ (diy7-style) and tests/litmus/herd/
// (herd-style) with their hand-derived RC11 verdicts.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "mapsound/litmus/corpus.hpp"
#include "mapsound/litmus/expand.hpp"
#include "mapsound/litmus/litmus.hpp"
#include "mapsound/litmus/run.hpp"
#include "mapsound/model.hpp"

#include "litmus_test_support.hpp"

namespace {

namespace fs = std::filesystem;
using namespace mapsound;
using namespace mapsound::litmus;

const fs::path litmus_dir = fs::path(MAPSOUND_SOURCE_DIR) / "tests" / "litmus";
const fs::path models_dir = fs::path(MAPSOUND_SOURCE_DIR) / "models";

model::Model load_model(const std::string& name) { return model::Model::load((models_dir / (name + ".cat")).string()); }

const char* const kDiyHeader = R"(C SB+rlx+rlx
"Fre PodWR Fre PodWR"
Cycle=Fre PodWR Fre PodWR
Relax=
Safe=Fre PodWR
Generator=diycross7 (version 7.57)
Prefetch=0:x=F,0:y=T,1:y=F,1:x=T
Com=Fr Fr
Orig=Fre PodWR Fre PodWR
{}

P0 (atomic_int* y,atomic_int* x) {
  atomic_store_explicit(x,1,memory_order_relaxed);
  int r0 = atomic_load_explicit(y,memory_order_relaxed);
}

P1 (atomic_int* y,atomic_int* x) {
  atomic_store_explicit(y,1,memory_order_relaxed);
  int r0 = atomic_load_explicit(x,memory_order_relaxed);
}

exists (0:r0=0 /\ 1:r0=0)
)";

// The same test without its header lines.
std::string without_header(std::string text) {
    const std::size_t name_end = text.find('\n');
    const std::size_t init = text.find("\n{");
    return text.substr(0, name_end + 1) + text.substr(init + 1);
}

template <class T>
const T& at(const Thread& t, std::size_t i) {
    REQUIRE(i < t.code.size());
    const T* p = std::get_if<T>(&t.code[i]);
    REQUIRE_MESSAGE(p != nullptr, "instruction " << i << " of P" << t.id << " has another kind");
    return *p;
}

std::size_t count_labels(const Thread& t) {
    return static_cast<std::size_t>(
        std::count_if(t.code.begin(), t.code.end(), [](const Instruction& i) { return std::holds_alternative<Label>(i); }));
}

}  // namespace

// ---------------------------------------------------------------------------
// Header metadata

TEST_CASE("litmus formats: diy7 header lines are kept, printed back and ignored by the verdict") {
    const LitmusTest t = parse_litmus(kDiyHeader, "sb.litmus");
    CHECK(t.name == "SB+rlx+rlx");
    CHECK(t.doc == std::optional<std::string>("Fre PodWR Fre PodWR"));
    const std::vector<Metadata> expected = {
        {"Cycle", "Fre PodWR Fre PodWR"}, {"Relax", ""}, {"Safe", "Fre PodWR"},
        {"Generator", "diycross7 (version 7.57)"}, {"Prefetch", "0:x=F,0:y=T,1:y=F,1:x=T"},
        {"Com", "Fr Fr"}, {"Orig", "Fre PodWR Fre PodWR"}};
    CHECK(t.metadata == expected);
    litmustest::check_round_trip(t);
    const std::string printed = print_litmus(t);
    CHECK(printed.find("Generator=diycross7 (version 7.57)\n") != std::string::npos);

    const LitmusTest bare = parse_litmus(without_header(kDiyHeader), "sb.litmus");
    CHECK(bare.metadata.empty());
    CHECK(bare.threads == t.threads);
    const auto rc11 = load_model("rc11");
    const Verdict with = run_litmus(t, rc11);
    const Verdict without = run_litmus(bare, rc11);
    CHECK(with.ok);
    CHECK(with.ok == without.ok);
    CHECK(with.positive == without.positive);
    CHECK(with.negative == without.negative);
}

TEST_CASE("litmus formats: every dialect takes strings spanning lines, Key=Value lines and comments in its header") {
    const std::string header =
        "\"first\nline two\"\n(* a comment *)\nHash=d41d8cd98f00b204e9800998ecf8427e\n\"another\"\n"
        "Variant = Once\n// a line comment\n";
    const std::vector<Metadata> expected = {{"Hash", "d41d8cd98f00b204e9800998ecf8427e"}, {"", "another"}, {"Variant", "Once"}};
    const std::string sources[] = {
        "PTX name+with.dots-1\n" + header + "{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x == 1)\n",
        "C name+with.dots-1\n" + header + "{ }\nP0 (atomic_int* x) { atomic_store(x, 1); }\nexists (x=1)\n",
        "AuDaLa name+with.dots-1\n" + header + "{ x = 0; }\ninstance I0 { x := 1; }\nexists (x = 1)\n",
    };
    for (const std::string& text : sources) {
        INFO("source:\n" << text);
        const LitmusTest t = parse_litmus(text, "t.litmus");
        CHECK(t.name == "name+with.dots-1");
        CHECK(t.doc == std::optional<std::string>("first\nline two"));
        CHECK(t.metadata == expected);
        litmustest::check_round_trip(t);
    }
}

TEST_CASE("litmus formats: the printer refuses metadata it cannot write back") {
    LitmusTest t = parse_litmus(kDiyHeader, "sb.litmus");
    t.metadata.push_back(Metadata{"Bad key", "v"});
    CHECK_THROWS_AS(print_litmus(t), std::invalid_argument);
    t.metadata.back() = Metadata{"Key", "two\nlines"};
    CHECK_THROWS_AS(print_litmus(t), std::invalid_argument);
    t.metadata.back() = Metadata{"", "a \" quote"};
    CHECK_THROWS_AS(print_litmus(t), std::invalid_argument);
}

TEST_CASE("litmus formats: a header that is not metadata is read up to the initial state, as Dartagnan reads it") {
    // A description with inner quotes (Dartagnan's grammars: the dialect
    // word, then any tokens but '{').
    const std::string quoted = "\"a \"quoted\" word\"";
    const std::string sources[] = {
        "Vulkan t\n" + quoted + "\n{ x=0; }\n P0@sg 0, wg 0, qf 0 ;\n st.av.dv.sc0 x, 1 ;\nexists (x == 1)\n",
        "PTX t\n" + quoted + "\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x == 1)\n",
        "C t\n" + quoted + "\n{ }\nP0 (atomic_int* x) { atomic_store(x, 1); }\nexists (x=1)\n",
        "OPENCL t\n" + quoted + "\n{ }\nP0 (global atomic_int* x) { atomic_store(x, 1); }\nexists (x=1)\n",
    };
    for (const std::string& text : sources) {
        INFO("source:\n" << text);
        const LitmusTest t = parse_litmus(text, "t.litmus");
        CHECK(t.header_text == std::optional<std::string>(quoted));
        CHECK(!t.doc);
        CHECK(t.metadata.empty());
        CHECK(t.threads.size() == 1);
        litmustest::check_round_trip(t);
    }
    // Well-formed metadata followed by free text: the whole of it is the
    // free header (nothing is half read as metadata).
    const LitmusTest mixed = parse_litmus("PTX t\n\"doc\"\nKey=v\nnot metadata\n{ x=0; }\n P0 ;\n st.weak x, 1 ;\n", "t");
    CHECK(mixed.header_text == std::optional<std::string>("\"doc\"\nKey=v\nnot metadata"));
    CHECK(!mixed.doc);
    litmustest::check_round_trip(mixed);
    // An unterminated string, then the initial state: also a free header.
    const LitmusTest open = parse_litmus("PTX t\n\"unterminated\n{ x=0; }\n P0 ;\n st.weak x, 1 ;\n", "t");
    CHECK(open.header_text == std::optional<std::string>("\"unterminated"));
    // Well-formed headers keep their metadata (no free header).
    const LitmusTest diy = parse_litmus(kDiyHeader, "sb.litmus");
    CHECK(!diy.header_text);
    CHECK(!diy.metadata.empty());
    // Without an initial state there is nothing to skip to: the error is
    // the header's, with its position.
    CHECK(litmustest::error_of("PTX t\n\"a \"b\" c\"\n P0 ;\n") == "t.litmus:2:5: expected '{', found 'b'");
    CHECK(litmustest::error_of("PTX t\n\"open\n P0 ;\n") == "t.litmus:4:1: expected '\"' closing the string, found '<end of input>'");
    // The printer writes back only what reads back the same way.
    LitmusTest bad = parse_litmus(sources[0], "t.litmus");
    bad.header_text = "has { brace";
    CHECK_THROWS_AS(print_litmus(bad), std::invalid_argument);
    bad.header_text = quoted;
    bad.doc = "doc";
    CHECK_THROWS_AS(print_litmus(bad), std::invalid_argument);
}

TEST_CASE("litmus formats: herd7's memory map 'regions: x:PROP' between the threads and the condition") {
    const LitmusTest t = parse_litmus(
        "C t\n{ int x = 0 }\nP0(int *x, int *y) {\n  *x = 1;\n}\nregions: x:PROP, y:A B\nforall ( x = 1 )\n", "t.litmus");
    REQUIRE(t.regions);
    CHECK(*t.regions == std::vector<RegionItem>{{"x", "PROP"}, {"y", "A"}, {"y", "B"}});
    REQUIRE(t.condition);
    litmustest::check_round_trip(t);
    // Empty, and before another clause.
    const LitmusTest empty = parse_litmus("C t\n{}\nP0(int *x) { *x = 1; }\nregions:\nexists (x = 1)\n", "t.litmus");
    CHECK(empty.regions == std::optional<std::vector<RegionItem>>(std::vector<RegionItem>{}));
    CHECK(litmustest::error_of("C t\n{}\nP0(int *x) { *x = 1; }\nregions: x PROP\nexists (x = 1)\n") ==
          "t.litmus:4:12: expected ':', found 'PROP'");
    CHECK(litmustest::error_of("C t\n{}\nP0(int *x) { *x = 1; }\nregions: x:PROP\nregions [x: a]\n") ==
          "t.litmus:5:1: expected at most one regions clause, found 'regions'");
}

// ---------------------------------------------------------------------------
// The clauses after the threads

TEST_CASE("litmus formats: no condition, locations, filter and regions are kept and printed back") {
    const LitmusTest t = parse_litmus(
        "C t\n{}\nP0 (atomic_int* x, atomic_int* y) { atomic_store(x, 1); int r0 = atomic_load(y); }\n"
        "locations [x; 0:r0; y[0]; [z];]\nregions [x: global; y: shared]\nfilter (0:r0 = 0)\n",
        "t.litmus");
    CHECK(!t.condition);
    REQUIRE(t.observed);
    const std::vector<ObservedItem> items = {MemoryRef{"x", std::nullopt}, RegisterRef{0, "r0"}, MemoryRef{"y", 0},
                                             MemoryRef{"z", std::nullopt}};
    CHECK(*t.observed == items);
    CHECK(t.find_location("z") != nullptr);  // named by the locations clause only
    REQUIRE(t.regions);
    CHECK(*t.regions == std::vector<RegionItem>{{"x", "global"}, {"y", "shared"}});
    REQUIRE(t.filter);
    litmustest::check_round_trip(t);

    const LitmusTest ptx = parse_litmus("PTX t\n{ x=0; }\n P0@cta 0,gpu 0 ;\n ld.weak r0, x ;\nlocations [P0:r0;]\n", "t");
    CHECK(!ptx.condition);
    litmustest::check_round_trip(ptx);
}

TEST_CASE("litmus formats: a test without a condition is Ok and lists its states") {
    const LitmusTest t = parse_litmus(
        "C sb\n{}\nP0 (atomic_int* x, atomic_int* y) {\n atomic_store_explicit(x, 1, memory_order_relaxed);\n"
        " int r0 = atomic_load_explicit(y, memory_order_relaxed);\n}\n"
        "P1 (atomic_int* x, atomic_int* y) {\n atomic_store_explicit(y, 1, memory_order_relaxed);\n"
        " int r0 = atomic_load_explicit(x, memory_order_relaxed);\n}\n",
        "sb.litmus");
    RunOptions options;
    options.cross_check = true;
    const Verdict v = run_litmus(t, load_model("rc11"), options);
    CHECK(v.ok);
    CHECK(v.negative == 0);
    // Whole states: every register and every cell.
    const std::vector<std::string> states = {"0:r0=0; 1:r0=0; x=1; y=1; ", "0:r0=0; 1:r0=1; x=1; y=1; ",
                                             "0:r0=1; 1:r0=0; x=1; y=1; ", "0:r0=1; 1:r0=1; x=1; y=1; "};
    CHECK(v.states == states);
    // Under SC the state r0 = r0 = 0 is gone.
    const Verdict sc = run_litmus(t, load_model("sc"), options);
    CHECK(sc.states.size() == 3);
}

TEST_CASE("litmus formats: locations selects what the states show, besides the condition's terms") {
    const std::string body =
        "P0 (atomic_int* x, atomic_int* y) {\n atomic_store_explicit(x, 1, memory_order_relaxed);\n"
        " int r0 = atomic_load_explicit(y, memory_order_relaxed);\n int r5 = 7;\n}\n"
        "P1 (atomic_int* x, atomic_int* y) {\n atomic_store_explicit(y, 1, memory_order_relaxed);\n"
        " int r0 = atomic_load_explicit(x, memory_order_relaxed);\n}\n";
    RunOptions options;
    options.states = true;
    const auto rc11 = load_model("rc11");
    const Verdict shown = run_litmus(parse_litmus("C sb\n{}\n" + body + "locations [y;]\nexists (0:r0=0)\n", "t"), rc11, options);
    CHECK(shown.states == std::vector<std::string>{"0:r0=0; y=1; ", "0:r0=1; y=1; "});
    // Without a locations clause, what the condition names (herd7's
    // observed locations); without a condition either, every register and
    // cell.
    const Verdict named = run_litmus(parse_litmus("C sb\n{}\n" + body + "exists (0:r0=0)\n", "t"), rc11, options);
    CHECK(named.states == std::vector<std::string>{"0:r0=0; ", "0:r0=1; "});
    const Verdict all = run_litmus(parse_litmus("C sb\n{}\n" + body, "t"), rc11, options);
    CHECK(all.states.size() == 4);
    CHECK(all.states.front() == "0:r0=0; 0:r5=7; 1:r0=0; x=1; y=1; ");
}

TEST_CASE("litmus formats: only executions that satisfy the filter count") {
    const std::string mp = "C mp\n{}\nP0 (atomic_int* x, atomic_int* y) {\n"
                           " atomic_store_explicit(x, 1, memory_order_relaxed);\n"
                           " atomic_store_explicit(y, 1, memory_order_relaxed);\n}\n"
                           "P1 (atomic_int* x, atomic_int* y) {\n int r0 = atomic_load_explicit(y, memory_order_relaxed);\n"
                           " int r1 = atomic_load_explicit(x, memory_order_relaxed);\n}\n";
    const auto rc11 = load_model("rc11");
    const Verdict unfiltered = run_litmus(parse_litmus(mp + "forall (1:r1 = 1)\n", "t"), rc11);
    const Verdict filtered = run_litmus(parse_litmus(mp + "filter (1:r0 = 1)\nforall (1:r1 = 1)\n", "t"), rc11);
    CHECK(unfiltered.positive + unfiltered.negative == 4);
    CHECK(filtered.positive + filtered.negative == 2);
    CHECK_FALSE(filtered.ok);  // relaxed: r0 = 1 and r1 = 0 remains
}

// ---------------------------------------------------------------------------
// C: types, loops, short-circuit operators

TEST_CASE("litmus formats: herd's integer types in declarations, parameters and the init block") {
    const LitmusTest t = parse_litmus(
        "C types\n{ int64_t x = 5000000000; uint8_t y = 1; __int128 z; unsigned long w[2] = {1, 2}; "
        "_Atomic int a; atomic_long b; int* p = &x; }\n"
        "P0 (atomic_long* x, atomic_uchar* y, _Atomic int* z, volatile unsigned int* w, int* a, atomic_intptr_t* b) {\n"
        "  int64_t r0 = atomic_load_explicit(x, memory_order_relaxed);\n"
        "  unsigned long long r1 = *w, r2 = 3;\n"
        "  const uint8_t r3 = atomic_load(y);\n"
        "  __int128 r4;\n"
        "  size_t r5 = r0 + r1;\n"
        "  int *r6 = 0;\n"
        "}\nexists (0:r0 = 5000000000)\n",
        "t.litmus");
    CHECK(t.find_location("x")->type == "int64_t");
    CHECK(t.find_location("w")->type == "unsigned long");
    CHECK(t.threads[0].params[2] == Parameter{"_Atomic int*", "z"});
    CHECK(t.threads[0].params[5] == Parameter{"atomic_intptr_t*", "b"});
    litmustest::check_round_trip(t);
    const Verdict v = run_litmus(t, load_model("rc11"));
    CHECK(v.ok);
}

TEST_CASE("litmus formats: C loops lower onto labels and jumps") {
    const LitmusTest t = parse_litmus(
        "C loops\n{}\nP0 (atomic_int* x) {\n"
        "  int i = 0;\n"
        "  while (i < 2) { i++; if (i == 5) break; }\n"
        "  do { i += 2; } while (atomic_load(x) == 0);\n"
        "  for (int j = 0; j < 3; j = j + 1) { if (j == 1) continue; atomic_store(x, j); }\n"
        "  for (;;) { break; }\n"
        "}\nexists (x=1)\n",
        "t.litmus");
    const Thread& p0 = t.threads[0];
    // while: __loop0 / branch to __exit0 / body / goto __loop0 / __exit0.
    CHECK(at<Label>(p0, 1).name == "__loop0");
    CHECK(at<Branch>(p0, 2) == Branch{CmpOp::ge, Register{"i"}, std::int64_t{2}, "__exit0"});
    CHECK(at<RegOp>(p0, 3) == RegOp{Register{"i"}, RegOpKind::add, Register{"i"}, std::int64_t{1}});
    // if (i == 5) break;  ->  branch i != 5 past the goto
    CHECK(at<Goto>(p0, 5).target == "__exit0");
    CHECK(at<Goto>(p0, 7).target == "__loop0");
    CHECK(at<Label>(p0, 8).name == "__exit0");
    // Four loops: each a head and an exit label, the do and the two fors a
    // continue label; two ifs.
    CHECK(count_labels(p0) == 13);
    for (const char* name : {"__loop3", "__exit3", "__next1", "__next2", "__next3", "__end1"})
        CHECK_MESSAGE(std::any_of(p0.code.begin(), p0.code.end(),
                                  [&](const Instruction& i) { return i == Instruction{Label{name}}; }),
                      name);
    litmustest::check_round_trip(t);
}

TEST_CASE("litmus formats: loops run within --unroll, runs that need more do not count") {
    // The loop stores 1, 2, ... until it has run r0 times; r0 is read.
    const LitmusTest t = parse_litmus(
        "C count\n{}\nP0 (atomic_int* n, atomic_int* x) {\n"
        "  int r0 = atomic_load_explicit(n, memory_order_relaxed);\n"
        "  int i = 0;\n"
        "  while (i < r0) { i = i + 1; atomic_store_explicit(x, i, memory_order_relaxed); }\n"
        "}\nP1 (atomic_int* n) { atomic_store_explicit(n, 2, memory_order_relaxed); }\n"
        "exists (x = 2)\n",
        "t.litmus");
    const auto rc11 = load_model("rc11");
    ExpandOptions once;
    CHECK(expand(t, once).size() == 1);  // only r0 = 0 finishes
    RunOptions three;
    three.expand.unroll = 3;
    CHECK(expand(t, three.expand).size() == 2);
    CHECK_FALSE(run_litmus(t, rc11).ok);
    CHECK(run_litmus(t, rc11, three).ok);
}

TEST_CASE("litmus formats: && and || evaluate a right operand with memory accesses only when needed") {
    const LitmusTest t = parse_litmus(
        "C sc\n{}\nP0 (atomic_int* x, atomic_int* y) {\n"
        "  int r0 = atomic_load(y) && atomic_load(x);\n"
        "  int r1 = atomic_load(y) || atomic_fetch_add(x, 1);\n"
        "}\nP1 (atomic_int* y) { atomic_store(y, 1); }\nexists (0:r0 = 1)\n",
        "t.litmus");
    litmustest::check_round_trip(t);
    // P0's events: R y (a); R x only if a = 1; R y (b); the fetch_add's R x
    // and W x only if b = 0.
    std::size_t runs = 0;
    for (const Candidate& c : expand(t)) {
        std::vector<const exec::Event*> p0;
        for (const auto& e : c.pre.events)
            if (e.thread == 0) p0.push_back(&e);
        REQUIRE(p0.size() >= 2);
        const std::int64_t a = p0[0]->value;
        const std::size_t second = a == 1 ? 2 : 1;
        REQUIRE(p0.size() > second);
        const std::int64_t b = p0[second]->value;
        CHECK(p0.size() == 2 + (a == 1 ? 1 : 0) + (b == 0 ? 2 : 0));
        const std::int64_t x = a == 1 ? p0[1]->value : 0;
        CHECK(c.registers[0].at("r0") == (a != 0 && x != 0 ? 1 : 0));
        const std::int64_t old = b == 0 ? p0[second + 1]->value : 0;
        CHECK(c.registers[0].at("r1") == (b != 0 || old != 0 ? 1 : 0));
        ++runs;
    }
    CHECK(runs >= 4);
}

// ---------------------------------------------------------------------------
// PTX barriers

TEST_CASE("litmus formats: PTX barrier forms") {
    const LitmusTest t = parse_litmus(
        "PTX bars\n{}\n P0@cta 0,gpu 0       | P1@cta 0,gpu 0 ;\n"
        " bar.cta.arrive 1, 0, 2 | bar.sync 1, 0, 2 ;\n"
        " bar.arrive 3          | barrier.cta.sync 4 ;\n"
        " bar.cta.sync r1 r2    | bar.sync 5, 6    ;\n"
        "exists (P0:r1 == 0)\n",
        "t.litmus");
    CHECK(at<Barrier>(t.threads[0], 0) == Barrier{std::int64_t{1}, std::int64_t{0}, std::int64_t{2}, true, {}});
    CHECK(at<Barrier>(t.threads[1], 0) == Barrier{std::int64_t{1}, std::int64_t{0}, std::int64_t{2}, false, {}});
    CHECK(at<Barrier>(t.threads[0], 1) == Barrier{std::int64_t{3}, std::nullopt, std::nullopt, true, {}});
    CHECK(at<Barrier>(t.threads[1], 1) == Barrier{std::int64_t{4}, std::nullopt, std::nullopt, false, {}});
    CHECK(at<Barrier>(t.threads[0], 2) == Barrier{Register{"r1"}, Register{"r2"}, std::nullopt, false, {}});
    litmustest::check_round_trip(t);
    CHECK(litmustest::error_of("PTX t\n{}\n P0 ;\n bar.cta.arrive.sync 1 ;\n") ==
          "t.litmus:4:16: expected no qualifier after '.arrive', found '.sync'");
}

// ---------------------------------------------------------------------------
// The corpora

namespace {

void check_corpus(const fs::path& dir) {
    const std::vector<litmustest::ExpectedRow> rows = litmustest::read_expected(dir);
    litmustest::check_listing(rows, dir, [](const fs::path& file) {
        const LitmusTest t = parse_litmus_file(file);
        litmustest::check_round_trip(t);
    });
    for (const auto& r : rows) {
        SUBCASE((r.test + " under " + r.model).c_str()) {
            litmustest::check_verdict(r, dir, models_dir / (r.model + ".cat"), /*require_candidates=*/false);
        }
    }
}

}  // namespace

TEST_CASE("litmus corpus: diy7-style C tests, RC11 verdicts derived by hand") { check_corpus(litmus_dir / "diy"); }

TEST_CASE("litmus corpus: herd-style C tests, RC11 verdicts derived by hand") { check_corpus(litmus_dir / "herd"); }

TEST_CASE("litmus corpus: the diy7 corpus has the header lines and the families the issue names") {
    std::size_t with_header = 0;
    std::set<std::string> families;
    for (const fs::path& file : litmus_files({litmus_dir / "diy"})) {
        const LitmusTest t = parse_litmus_file(file);
        const bool header = std::any_of(t.metadata.begin(), t.metadata.end(), [](const Metadata& m) { return m.key == "Cycle"; }) &&
                            std::any_of(t.metadata.begin(), t.metadata.end(), [](const Metadata& m) { return m.key == "Generator"; });
        with_header += header ? 1 : 0;
        families.insert(t.name.substr(0, t.name.find('+')));
    }
    CHECK(with_header >= 30);
    for (const char* f : {"MP", "SB", "LB", "IRIW", "2", "R", "S", "WRC", "ISA2"}) CHECK_MESSAGE(families.count(f) == 1, f);
}

TEST_CASE("litmus corpus: expected tables and folders") {
    ExpectedVerdicts expected;
    expected.read(litmus_dir / "herd" / "expected.csv");
    CHECK(expected.size() == 11);
    CHECK(expected.find(litmus_dir / "herd" / "MP+spin-loop.litmus", "rc11") == std::optional<bool>(false));
    CHECK(expected.find(litmus_dir / "herd" / ".." / "herd" / "SB+no-condition.litmus", "rc11") == std::optional<bool>(true));
    CHECK(!expected.find(litmus_dir / "herd" / "SB+no-condition.litmus", "sc"));
    const auto files = litmus_files({litmus_dir / "herd"});
    CHECK(files.size() == 11);
    CHECK(std::is_sorted(files.begin(), files.end()));
    CHECK_THROWS_AS(litmus_files({litmus_dir / "no-such-folder"}), std::runtime_error);
    CHECK(model_name("models/ptx-6.0.cat") == "ptx-6.0");
}

// ---------------------------------------------------------------------------
// The budget of litmus mode

TEST_CASE("run_litmus: the budget caps consistent executions and time, naming the test") {
    const LitmusTest t = parse_litmus(kDiyHeader, "sb.litmus");
    const auto rc11 = load_model("rc11");
    // 2+2W: one pre-execution, four coherence orders.
    const LitmusTest w = parse_litmus(
        "C 2+2W\n{}\nP0 (atomic_int* x, atomic_int* y) { atomic_store_explicit(x, 1, memory_order_relaxed); "
        "atomic_store_explicit(y, 2, memory_order_relaxed); }\n"
        "P1 (atomic_int* x, atomic_int* y) { atomic_store_explicit(y, 1, memory_order_relaxed); "
        "atomic_store_explicit(x, 2, memory_order_relaxed); }\nexists (x=1 /\\ y=1)\n",
        "w.litmus");
    RunOptions capped;
    capped.expand.budget.max_executions = 2;
    CHECK_THROWS_WITH_AS(run_litmus(w, rc11, capped),
                         "w.litmus: test '2+2W': execution limit of 2 exceeded (more than 2 consistent executions)",
                         BudgetExceeded);
    CHECK_THROWS_WITH_AS(run_litmus(t, rc11, capped),
                         "sb.litmus: test 'SB+rlx+rlx': execution limit of 2 exceeded (more than 2 pre-executions)",
                         BudgetExceeded);
    RunOptions late;
    late.expand.budget.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    late.expand.budget.seconds = 3;
    CHECK_THROWS_WITH_AS(run_litmus(t, rc11, late),
                         "sb.litmus: test 'SB+rlx+rlx': time limit of 3 s exceeded (1 pre-executions so far)", BudgetExceeded);
    // Within the budget the verdict is unchanged, and progress is reported.
    RunOptions roomy;
    roomy.expand.budget.max_executions = 100;
    roomy.expand.budget.deadline = std::chrono::steady_clock::now() + std::chrono::hours(1);
    std::vector<Progress> seen;
    roomy.progress = [&](const Progress& p) { seen.push_back(p); };
    const Verdict v = run_litmus(t, rc11, roomy);
    CHECK(v.ok);
    REQUIRE(!seen.empty());
    CHECK(seen.back().candidates == v.candidates);
    CHECK(seen.back().executions == v.positive + v.negative);
}

TEST_CASE("litmus formats: mutated tests with the new forms parse or fail with ParseError, and round-trip") {
    const std::string loops =
        "C loops\n\"doc\"\nKey=Value (x)\n{ int64_t n = 2; }\nP0 (atomic_long* n, atomic_int* x) {\n"
        "  for (int i = 0; i < 2; i++) { if (i) continue; atomic_store(x, i); }\n"
        "  while (atomic_load(n) && atomic_load(x) || 0) { break; }\n"
        "  do { n += 1; } while (n < 3);\n}\nlocations [x; 0:i;]\nregions [x: global]\nfilter (x = 0)\n";
    const std::string bars =
        "PTX bars\n\"a\" \"b\"\nCycle=Rfe Fre\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
        " bar.cta.arrive 1, 0, 2 | bar.cta.sync 1, 0, 2 ;\n ld.weak r0, x | st.weak x, 1 ;\nlocations [P0:r0;]\n";
    litmustest::fuzz_round_trip(0x15f00d, "(){}[];:,|.=~/\\*&!-+<>\"@ \n\tPr0x1_", {kDiyHeader, loops, bars}, 800);
}
