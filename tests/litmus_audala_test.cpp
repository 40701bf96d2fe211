// Tests of the AuDaLa litmus dialect (syntax in mapsound/litmus/parse.hpp):
// parsing into the IR, errors, printing back, the pre-executions of the seed
// figures, and the corpus tests/litmus/audala/ decided under
// models/audala.cat and models/audala-star.cat.
//
// tests/litmus/audala/expected.csv lists `test,model,expected` as the seed
// corpus does (tests/litmus_seed_test.cpp): expected is herd7's Ok (1) or
// No (0) for the test's own condition under models/<model>.cat.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include "mapsound/litmus/expand.hpp"
#include "mapsound/litmus/litmus.hpp"
#include "mapsound/litmus/run.hpp"
#include "mapsound/model.hpp"

#include "litmus_test_support.hpp"

namespace {

namespace fs = std::filesystem;
using namespace mapsound;
using namespace mapsound::litmus;

const fs::path corpus_dir = fs::path(MAPSOUND_SOURCE_DIR) / "tests" / "litmus" / "audala";
const fs::path models_dir = fs::path(MAPSOUND_SOURCE_DIR) / "models";

Operand reg(const char* name) { return Register{name}; }
Operand num(std::int64_t v) { return v; }
Address at(const char* location) { return Address{location, std::nullopt}; }
Address at(const char* location, Operand offset) { return Address{location, std::move(offset)}; }
Load load(const char* dest, Address a) { return Load{Register{dest}, std::move(a), MemoryOrder::plain, Scope::none, {}}; }
Store store(Address a, Operand v) { return Store{std::move(a), std::move(v), MemoryOrder::plain, Scope::none, {}}; }
RegOp op(const char* dest, RegOpKind k, Operand a, Operand b) { return RegOp{Register{dest}, k, std::move(a), std::move(b)}; }
Branch branch(CmpOp c, Operand a, Operand b, const char* target) { return Branch{c, std::move(a), std::move(b), target}; }

using litmustest::check_round_trip;
using litmustest::error_of;

// Every construct of the dialect.
const char* const kSample = R"(AuDaLa sample-all
"every construct"
(* a comment *)
{ x = 0; y = -1; a[3] = {1, 2}; }   // a[2] starts at 0
instance I0 {
  r1 := x;                          // a read
  y := r1;                          /* a write of a register */
  x := 7;
  r2 := a[r1 + 1];
  a[2] := r1 * (r2 - 3) + -4;
  if (r1 == 1) { x := 42; }
  if (r2 + 1 >= r1) { y := 1; } else { if (r1 != 0) { y := 2; } }
}
instance I1 {
  r1 := y;
  if (r1 < 0) { } else { r3 := x; }
  if (r1 <= 2) { if (r1 > -5) { x := r1 - r1; } }
}
exists (I0:r1 = 42 /\ 1:r3 != 0 \/ ~(x = 1) /\ a[1] >= 2)
)";

const char* const kSamplePrinted = R"(AuDaLa sample-all
"every construct"
{
  x = 0;
  y = -1;
  a[3] = {1, 2, 0};
}

instance I0 {
  r1 := x;
  y := r1;
  x := 7;
  r2 := a[r1 + 1];
  a[2] := r1 * (r2 - 3) + -4;
  if (r1 == 1) {
    x := 42;
  }
  if (r2 + 1 >= r1) {
    y := 1;
  } else {
    if (r1 != 0) {
      y := 2;
    }
  }
}

instance I1 {
  r1 := y;
  if (r1 < 0) {
  } else {
    r3 := x;
  }
  if (r1 <= 2) {
    if (r1 > -5) {
      x := r1 - r1;
    }
  }
}

exists (I0:r1 = 42 /\ I1:r3 != 0 \/ ~(x = 1) /\ a[1] >= 2)
)";

using Row = litmustest::ExpectedRow;

std::vector<Row> read_expected() { return litmustest::read_expected(corpus_dir); }

// The candidate of a corpus test whose registers have the given values.
Candidate candidate_with(const std::string& file, const std::vector<std::pair<int, std::pair<std::string, std::int64_t>>>& want) {
    std::vector<Candidate> found;
    for (Candidate& c : expand(parse_litmus_file(corpus_dir / file))) {
        bool ok = true;
        for (const auto& [t, rv] : want) ok = ok && c.registers.at(static_cast<std::size_t>(t)).at(rv.first) == rv.second;
        if (ok) found.push_back(std::move(c));
    }
    REQUIRE(found.size() == 1);
    return found[0];
}

}  // namespace

// ---------------------------------------------------------------------------
// Parsing

TEST_CASE("litmus audala: the sample parses into the expected IR") {
    const LitmusTest t = parse_litmus(kSample, "sample.litmus");
    CHECK(t.dialect == Dialect::audala);
    CHECK(to_string(t.dialect) == "audala");
    CHECK(t.name == "sample-all");
    CHECK(t.doc == std::optional<std::string>("every construct"));
    CHECK(t.source == "sample.litmus");
    CHECK(t.locations == std::vector<Location>{Location{"x", "", {std::int64_t{0}}},
                                                Location{"y", "", {std::int64_t{-1}}},
                                                Location{"a", "", {std::int64_t{1}, std::int64_t{2}, std::int64_t{0}}}});
    CHECK(t.register_inits.empty());
    REQUIRE(t.threads.size() == 2);
    CHECK(t.threads[0].id == 0);
    CHECK(t.threads[1].id == 1);
    CHECK_FALSE(t.threads[0].placement.has_value());
    CHECK(t.threads[0].params.empty());

    const std::vector<Instruction> i0 = {
        load("r1", at("x")),
        store(at("y"), reg("r1")),
        store(at("x"), num(7)),
        op("__t0", RegOpKind::add, reg("r1"), num(1)),
        load("r2", at("a", reg("__t0"))),
        op("__t1", RegOpKind::sub, reg("r2"), num(3)),
        op("__t2", RegOpKind::mul, reg("r1"), reg("__t1")),
        op("__t3", RegOpKind::add, reg("__t2"), num(-4)),
        store(at("a", num(2)), reg("__t3")),
        branch(CmpOp::ne, reg("r1"), num(1), "__end0"),
        store(at("x"), num(42)),
        Label{"__end0"},
        op("__t4", RegOpKind::add, reg("r2"), num(1)),
        branch(CmpOp::lt, reg("__t4"), reg("r1"), "__else1"),
        store(at("y"), num(1)),
        Goto{"__end1"},
        Label{"__else1"},
        branch(CmpOp::eq, reg("r1"), num(0), "__end2"),
        store(at("y"), num(2)),
        Label{"__end2"},
        Label{"__end1"},
    };
    CHECK(t.threads[0].code == i0);
    const std::vector<Instruction> i1 = {
        load("r1", at("y")),
        branch(CmpOp::ge, reg("r1"), num(0), "__else0"),
        Goto{"__end0"},
        Label{"__else0"},
        load("r3", at("x")),
        Label{"__end0"},
        branch(CmpOp::gt, reg("r1"), num(2), "__end1"),
        branch(CmpOp::le, reg("r1"), num(-5), "__end2"),
        op("__t0", RegOpKind::sub, reg("r1"), reg("r1")),
        store(at("x"), reg("__t0")),
        Label{"__end2"},
        Label{"__end1"},
    };
    CHECK(t.threads[1].code == i1);

    const CondExpr expected = CondExpr::disjunction(
        CondExpr::conjunction(CondExpr::compare(RegisterRef{0, "r1"}, CmpOp::eq, std::int64_t{42}),
                              CondExpr::compare(RegisterRef{1, "r3"}, CmpOp::ne, std::int64_t{0})),
        CondExpr::conjunction(CondExpr::negation(CondExpr::compare(MemoryRef{"x", std::nullopt}, CmpOp::eq, std::int64_t{1})),
                              CondExpr::compare(MemoryRef{"a", 1}, CmpOp::ge, std::int64_t{2})));
    CHECK(t.condition == Condition{Quantifier::exists, expected});
    CHECK_FALSE(t.filter.has_value());
}

TEST_CASE("litmus audala: the header, the init block and the condition's forms") {
    // No init block (so no globals), no instances; ~exists, 0:r1 style refs.
    LitmusTest t = parse_litmus("AuDaLa empty\nexists (true)\n", "t");
    CHECK(t.locations.empty());
    CHECK(t.threads.empty());
    t = parse_litmus("AuDaLa t\n{ }\ninstance I0 { }\ninstance I1 { }\nexists (true)\n", "t");
    CHECK(t.locations.empty());
    CHECK(t.threads.size() == 2);
    t = parse_litmus("AuDaLa t\n{ x = 0; }\ninstance I0 { r1 := x; }\n~exists (0:r1 = 1)\n", "t");
    CHECK(t.condition->quantifier == Quantifier::not_exists);
    CHECK(t.condition->expr == CondExpr::compare(RegisterRef{0, "r1"}, CmpOp::eq, std::int64_t{1}));
    t = parse_litmus("AuDaLa t\n{ x = 3 }\ninstance I0 { r1 := x; }\nfilter (I0:r1 != 0)\nforall (I0:r1 = 3)\n", "t");
    CHECK(t.locations == std::vector<Location>{Location{"x", "", {std::int64_t{3}}}});
    CHECK(t.condition->quantifier == Quantifier::forall);
    REQUIRE(t.filter.has_value());
    CHECK(*t.filter == CondExpr::compare(RegisterRef{0, "r1"}, CmpOp::ne, std::int64_t{0}));
    // An index may be any expression; a register read under an untaken
    // branch is still a register for the condition.
    t = parse_litmus("AuDaLa t\n{ x = 0; a[2] = {}; }\ninstance I0 {\n  r := x;\n  if (r == 1) { s := a[(r)]; }\n}\n"
                     "exists (I0:s = 0 /\\ [x] = 0)\n",
                     "t");
    CHECK(t.locations[1].values == std::vector<InitValue>{std::int64_t{0}, std::int64_t{0}});
    CHECK(t.threads[0].code[2] == Instruction{load("s", at("a", reg("r")))});
}

TEST_CASE("litmus audala: malformed input reports file:line:col and what was expected") {
    struct Case {
        const char* text;
        const char* message;
    };
    const Case cases[] = {
        {"AuDaLa t\n{ x = 0; }\ninstance I0 {\n  y := 1;\n}\nexists (x = 1)\n",
         "t.litmus:4:3: expected a global declared in the init block, found 'y'"},
        {"AuDaLa t\n{ x = 0; }\ninstance I0 {\n  r1 := z;\n}\nexists (x = 1)\n",
         "t.litmus:4:9: expected a global declared in the init block, found 'z'"},
        {"AuDaLa t\n{ x = 0; }\ninstance I0 {\n  r1 := x;\n  r2 := r1;\n}\nexists (x = 1)\n",
         "t.litmus:5:3: expected a global declared in the init block, found 'r2'"},
        {"AuDaLa t\n{ x = 0; }\ninstance I1 {\n}\nexists (x = 1)\n",
         "t.litmus:3:10: expected instance 'I0' (instances are numbered in order), found 'I1'"},
        {"AuDaLa t\n{ x = 0; }\ninstance I0 {\n  x := r1 + 1;\n}\nexists (x = 1)\n",
         "t.litmus:4:8: expected a register assigned earlier in this instance, found 'r1'"},
        {"AuDaLa t\n{ x = 0; y = 0; }\ninstance I0 {\n  x := 2 * y;\n}\nexists (x = 1)\n",
         "t.litmus:4:12: expected a register ('y' is a global: read it first with 'r := y;'), found 'y'"},
        {"AuDaLa t\n{ x = 0; }\ninstance I0 {\n  r1 = x;\n}\nexists (x = 1)\n",
         "t.litmus:4:6: expected ':=', found '='"},
        {"AuDaLa t\n{ x = 0; }\ninstance I0 {\n  r1 := x;\n  if (r1 = 1) { }\n}\nexists (x = 1)\n",
         "t.litmus:5:10: expected a comparison ('==', '!=', '<', '<=', '>', '>='), found '='"},
        {"AuDaLa t\n{ x = 0; }\ninstance I0 {\n  r1 := x[1];\n}\nexists (x = 1)\n",
         "t.litmus:4:11: expected an index of 'x' (0 to 0), found '1'"},
        {"AuDaLa t\n{ x = 0; x = 1; }\n", "t.litmus:2:10: expected a global not declared before, found 'x'"},
        {"AuDaLa t\n{ x = 0; }\ninstance I0 {\n  __t0 := x;\n}\nexists (x = 1)\n",
         "t.litmus:4:3: expected a register name (not starting with '__'), found '__t0'"},
        {"AuDaLa t\n{ x = 0; }\ninstance I0 {\n  r1 := x\n  x := 1;\n}\nexists (x = 1)\n",
         "t.litmus:5:3: expected ';', found 'x'"},
        {"AuDaLa t\n{ x = 0; }\ninstance I0 {\n  r1 := x;\n}\nexists (I0:r2 = 1)\n",
         "t.litmus:6:12: expected a register of I0 (assigned by a read), found 'r2'"},
        {"AuDaLa t\n{ x = 0; }\ninstance I0 {\n  r1 := x;\n}\nexists (I1:r1 = 1)\n",
         "t.litmus:6:9: expected a thread of this test (0 to 0), found 'I1'"},
        {"AuDaLa t\n{ x = 0; }\ninstance I0 {\n}\nexists (y = 1)\n",
         "t.litmus:5:9: expected a global declared in the init block, found 'y'"},
        {"AuDaLa t\n{ x = 0; }\ninstance I0 {\n}\nexists (x[1] = 1)\n",
         "t.litmus:5:11: expected an index of 'x' (0 to 0), found '1'"},
        {"AuDaLa t\n{ x; }\n", "t.litmus:2:4: expected '=', found ';'"},
        {"AuDaLa t\n{ x = 0; }\ninstance I0 {\n  5 := x;\n}\n",
         "t.litmus:4:3: expected a statement ('r := g;', 'g := e;' or 'if') or '}', found '5'"},
        {"AuDaLa t\n{ x = 0; }\nP0 {\n}\n", "t.litmus:3:1: expected 'instance' or the final condition, found 'P0'"},
        {"AuDaLa t\n{ x = 0; }\ninstance I0 {\n  x := 1; (* unterminated\n}\n",
         "t.litmus:6:1: expected '*)' closing the comment, found '<end of input>'"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        CHECK(error_of(c.text) == c.message);
    }
}

TEST_CASE("litmus audala: hostile input fails cleanly") {
    std::string deep = "AuDaLa t\n{ x = 0; }\ninstance I0 {\n  x := " + std::string(100000, '(') + "1";
    CHECK(error_of(deep).find("expected at most 200 nested ifs and parentheses") != std::string::npos);
    std::string ifs = "AuDaLa t\n{ x = 0; }\ninstance I0 {\n  r := x;\n";
    for (int i = 0; i < 5000; ++i) ifs += "if (r == 1) {";
    CHECK(error_of(ifs).find("nested ifs") != std::string::npos);
    std::string sum = "AuDaLa t\n{ x = 0; }\ninstance I0 {\n  x := 1";
    for (int i = 0; i < 5000; ++i) sum += " + 1";
    CHECK(error_of(sum + ";\n}\nexists (x = 1)\n").find("operators in one statement") != std::string::npos);
}

// ---------------------------------------------------------------------------
// Printing

TEST_CASE("litmus audala: printing gives the documented layout and round-trips") {
    const LitmusTest t = parse_litmus(kSample, "sample.litmus");
    CHECK(print_litmus(t) == kSamplePrinted);
    check_round_trip(t);
    // Parentheses exactly where the left-associative grammar needs them.
    const LitmusTest e = parse_litmus(
        "AuDaLa t\n{ x = 0; }\ninstance I0 {\n  r := x;\n"
        "  x := r - (r - 1) * (r * (2 * r)) - (r + r) + (1 - -2);\n  x := (((r)));\n}\nexists (x = 1)\n",
        "t");
    CHECK(print_litmus(e).find("  x := r - (r - 1) * (r * (2 * r)) - (r + r) + (1 - -2);\n  x := r;\n") !=
          std::string::npos);
    check_round_trip(e);
    for (const auto& entry : fs::directory_iterator(corpus_dir)) {
        if (entry.path().extension() != ".litmus") continue;
        CAPTURE(entry.path().string());
        check_round_trip(parse_litmus_file(entry.path()));
    }
}

TEST_CASE("litmus audala: mutated samples parse or fail with ParseError, never otherwise") {
    litmustest::fuzz_round_trip(0x2545f4914f6cdd1dULL, "(){}[];:=,*+-<>!~/\\\" \nIr0x1_a", {kSample}, 3000);
}

TEST_CASE("litmus audala: the printer refuses what AuDaLa cannot express") {
    const LitmusTest base = parse_litmus("AuDaLa t\n{ x = 0; }\ninstance I0 {\n  r := x;\n}\nexists (x = 1)\n", "t");
    auto refused = [&](const Instruction& extra) {
        LitmusTest t = base;
        t.threads[0].code.push_back(extra);
        CHECK_THROWS_AS(print_litmus(t), std::invalid_argument);
    };
    refused(Rmw{Register{"r"}, at("x"), RmwOp::add, num(1), std::nullopt, MemoryOrder::relaxed, Scope::sys, {}});
    refused(Fence{});
    refused(Load{Register{"s"}, at("x"), MemoryOrder::acquire, Scope::none, {}});
    refused(op("s", RegOpKind::add, reg("r"), num(1)));        // a register computation of its own
    refused(op("__t0", RegOpKind::add, reg("r"), num(1)));     // a temporary nothing uses
    refused(op("__t0", RegOpKind::shl, reg("r"), num(1)));     // an operator AuDaLa lacks
    refused(store(at("y"), num(1)));                           // an undeclared global
    refused(store(at("x"), reg("s")));                         // a register no read assigns
    refused(Label{"L"});
    LitmusTest typed = base;
    typed.locations[0].type = "int";
    CHECK_THROWS_AS(print_litmus(typed), std::invalid_argument);
}

// ---------------------------------------------------------------------------
// The seed figures' pre-executions and the corpus verdicts

TEST_CASE("litmus audala: the corpus tests expand to the executions tests/model_seed_test.cpp builds") {
    using exec::EventKind;
    // Fig. 11(c): Inst1: r1 := gm.x; gm.y := r1   Inst2: r2 := gm.y; gm.x := r2; gm.x := 42
    const Candidate fig11 = candidate_with("003-fig11c-r1-42-r2-42.litmus", {{0, {"r1", 42}}, {1, {"r2", 42}}});
    const auto& ev = fig11.pre.events;
    CHECK(fig11.pre.locations == std::vector<std::string>{"x", "y"});
    REQUIRE(ev.size() == 7);
    const std::vector<std::tuple<EventKind, int, int, std::int64_t>> want11 = {
        {EventKind::write, -1, 0, 0}, {EventKind::write, -1, 1, 0}, {EventKind::read, 0, 0, 42},
        {EventKind::write, 0, 1, 42}, {EventKind::read, 1, 1, 42},  {EventKind::write, 1, 0, 42},
        {EventKind::write, 1, 0, 42}};
    for (std::size_t i = 0; i < ev.size(); ++i) {
        CAPTURE(i);
        CHECK(std::make_tuple(ev[i].kind, ev[i].thread, ev[i].location, ev[i].value) == want11[i]);
        if (ev[i].thread >= 0) {
            CHECK(ev[i].order == exec::Order::none);  // AuDaLa's commands carry no memory order
            CHECK(ev[i].scope == exec::Scope::none);
        }
    }
    CHECK(fig11.pre.data == std::vector<std::pair<int, int>>{{2, 3}, {4, 5}});
    CHECK(fig11.pre.addr.empty());
    CHECK(fig11.pre.ctrl.empty());
    CHECK(fig11.pre.rmw.empty());

    // Fig. 14: Inst2: r2 := gm.y; r3 := gm.x (address from r2); gm.x := 42
    const Candidate fig14 =
        candidate_with("003-fig14.litmus", {{0, {"r1", 42}}, {1, {"r2", 42}}, {1, {"r3", 0}}});
    const auto& ev14 = fig14.pre.events;
    REQUIRE(ev14.size() == 7);
    const std::vector<std::tuple<EventKind, int, int, std::int64_t>> want14 = {
        {EventKind::write, -1, 0, 0}, {EventKind::write, -1, 1, 0}, {EventKind::read, 0, 0, 42},
        {EventKind::write, 0, 1, 42}, {EventKind::read, 1, 1, 42},  {EventKind::read, 1, 0, 0},
        {EventKind::write, 1, 0, 42}};
    for (std::size_t i = 0; i < ev14.size(); ++i) {
        CAPTURE(i);
        CHECK(std::make_tuple(ev14[i].kind, ev14[i].thread, ev14[i].location, ev14[i].value) == want14[i]);
    }
    CHECK(fig14.pre.data == std::vector<std::pair<int, int>>{{2, 3}});
    CHECK(fig14.pre.addr == std::vector<std::pair<int, int>>{{4, 5}});
    CHECK(fig14.pre.ctrl.empty());

    // The Fig. 8 test's if: everything after the branch depends on the read.
    const Candidate fig8 = candidate_with("003-fig8-if-dependency.litmus", {{0, {"r1", 42}}, {1, {"r2", 0}}});
    CHECK(fig8.pre.ctrl == std::vector<std::pair<int, int>>{{4, 5}});
}

TEST_CASE("litmus audala: expected.csv and the corpus files agree") {
    const std::vector<Row> rows = read_expected();
    litmustest::check_listing(rows, corpus_dir, [](const fs::path& file) {
        const LitmusTest t = parse_litmus_file(file);
        CHECK(t.dialect == Dialect::audala);
    });
    // Unlike the seed corpus, every model named here must exist.
    for (const Row& r : rows) {
        CAPTURE(r.line);
        CHECK_MESSAGE(fs::is_regular_file(models_dir / (r.model + ".cat")), "no model " << r.model);
    }
}

TEST_CASE("litmus audala: the verdicts of expected.csv") {
    const std::vector<Row> rows = read_expected();
    for (const Row& r : rows) {
        SUBCASE((r.test + " under " + r.model).c_str()) {
            litmustest::check_verdict(r, corpus_dir, models_dir / (r.model + ".cat"), /*require_candidates=*/true);
        }
    }
}
