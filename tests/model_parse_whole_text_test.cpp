// Tests of the .cat model parser on whole texts: excerpts of the seed
// paper's PTX and Vulkan models (real model text, misprints included), and
// hostile input that must end in a ParseError, never a crash or a hang.
// Split from model_parse_test.cpp, which tests the grammar construct by
// construct; both read trees through model_parse_support.hpp.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "model/parser.hpp"
#include "model_parse_support.hpp"

using namespace mapsound::model;
using namespace modeltest;

// ---------------------------------------------------------------------------
// Real models: excerpts of Figures 4 and 8 of the seed paper (the PTX and
// Vulkan models), with the paper's line numbers stripped.

namespace {

// Figure 4, PTX with proxies.  The paper's line 33 misses a ')'; here it is
// restored (the verbatim line is checked separately below).
const char* const kPtxFigure4 = R"CAT(
(* Proxy *)
let sameProxy = GEN * GEN | SUR * SUR | TEX * TEX | CON * CON
let povloc = po & vloc

let co = co+
let fr = rf^-1; co

(* Morally-strong *)
let ms1 = (po | po^-1) | ([strongOp]; sr; [strongOp])
let ms2 = sameProxy
let ms3 = ((M * M) & vloc) | ((_ * _) \ (M * M))
let ms = (ms1 & ms2 & ms3) \ id

(* Proxy-aware causality ordering *)
let pxyFM = [F]; (sameProxy & scta); [M]
let proxyPreservedCauBase =
  ( [GEN]; (vloc & cauBase); [GEN])
  | ([M]; (sameProxy & scta & vloc & cauBase); [M])
  | vloc & (cauBase & (pxyFM^-1); cauBase; [GEN])
  | vloc & ([GEN]; cauBase; cauBase & pxyFM)
  | vloc & (cauBase & (pxyFM^-1); cauBase; cauBase & pxyFM)
  | loc & ([GEN]; cauBase; [F & ALIAS]; cauBase; [GEN])
  | loc & (cauBase & (pxyFM^-1); cauBase; [F & ALIAS]; cauBase; [GEN])
  | loc & ([GEN]; cauBase; [F & ALIAS]; cauBase; cauBase & pxyFM)
  | loc & (cauBase & (pxyFM^-1); cauBase;
    [F & ALIAS]; cauBase; cauBase & pxyFM)
let cause = observation?; proxyPreservedCauBase

(* Axioms Coherence *)
empty ((([W]; cause; [W]) & loc) \ co)
empty ((([W]; ms; [W]) & loc) \ (co | co^-1))
(* Axiom FenceSC *)
empty ((([F & SC]; cause; [F & SC]) \ sync_fence))
(* Axiom Atomicity *)
empty (((ms & fr); (ms & co)) & rmw)
(* Axiom No-Thin-Air *)
let dep = addr | data | ctrl
acyclic (rf | dep)
(* Axiom Causality *)
irreflexive ((rf | fr); cause)
)CAT";

// Figure 8, Vulkan, without the paper's "..." elisions.  Three misprints
// are repaired: line 24's "\ synchronizes-with" is read as a `//` comment,
// line 56 gets its missing ')', and line 67's "(_, IW)" is "(_ * IW)".
const char* const kVulkanFigure8 = R"CAT(
(* Sets *)
let PRIV = (R | W) \ NONPRIV
let SEMSC01 = SEMSC0 & SEMSC1
let AVSH = (AV | SEMAV) & DV
let VIWG = (VIS | SEMVIS) & (DV | QF | WG)
let AVSG = AV | SEMAV
let VISG = VIS | SEMVIS

(* Static Relations *)
let inscope = (DV * DV) | (sqf & ((DV | QF) * (DV | QF)))
| (swg & ((DV | QF | WG) * (DV | QF | WG)))
| (ssg & ((DV | QF | WG | SG) * (DV | QF | WG | SG)))
let chains = ((M | F | CBAR | AVDEVICE | VISDEVICE) \ IW) *
((M | F | CBAR | AVDEVICE | VISDEVICE) \ IW)
let moa = (loc & vloc & inscope & (A * A)) \ id \ mutordatom

(* Dynamic Relations *)
let asmo = co & ((A | IW) * A)
let fr = (rf^-1; asmo) | (([IW]; rf)^-1; ((loc; [W]) \ id))
let fre = fr & ext
let rs = [REL & A]; ((asmo \ (asmo; asmo+)); [RMW])*
let hypors = [W & A]; ((asmo \ (asmo; asmo+)); [RMW])*
let sw = inscope & // synchronizes-with
( ([REL & A]; rs; (rf & moa); [ACQ & A])
| ([REL & F]; posemtosc; [A & W]; hypors; (rf & moa);
[A & R]; posctosem; [ACQ & F])
| ([REL & F]; po?; [CBAR]; ((syncbar & inscope) \ id);
[CBAR]; po?; [ACQ & F]))
let ithbsemc0 = (ssw | ([SEMSC0]; sw; [SEMSC0])
| ([SC0 | SEMSC0]; po; [REL & SEMSC0])
| ([ACQ & SEMSC0]; po; [SC0 | SEMSC0]))+
let hb = ithbsemc0 | ithbsemc1 | ithbsemc01 | po
let awvg = (chains & ([AVSG]; (hb & ssg & avinc)?); [AVWG])
let vissh = [VISH]; (chains & ((hb & sqf & avinc); visqf)?;
((hb & swg & avinc); viswg)?; ((hb & ssg & avinc); [VISG]))?
let locord = loc & ((hb & int & vloc)
| ([R \ PRIV]; hb; ([R | W] \ PRIV))
| ([R]; ssw+; [R | W])
| (vloc & ([W \ PRIV]; (po? & avinc); [AVSG]; (hb & ssg);
[W \ PRIV]))
| ([W]; (hb & avinc); [AVDEVICE]; hb; [VISDEVICE];
(hb & avinc); [R]))

(* Axiom Coherence *)
empty ([A & W]; moa; [A & W]) \ (asmo | asmo^-1)

(* Axiom Consistency Cycle *)
acyclic (locord | rf | fr | asmo)

(* Axiom Consistency Read-from *)
empty (rf; ([R \ A]) & (([W]; locord); ([W]; locord)+))

(* Axiom Atomicity *)
empty rmw & (fre; (asmo & ext))

(* Axiom Location Order Complete *)
let non-rmw-reads = (R \ RMW) * (R \ RMW)
empty (((locord | locord^-1) | moa) \ non-rmw-reads)
\ (loc \ id \ non-rmw-reads)

(* Data Races *)
let wm = ((W * W) | (W * R) | (R * W)) \ ((IW * _) | (_ * IW))
let dr = loc & (wm & moa \ id \ (locord | locord^-1))
flag ~empty dr
)CAT";

const CatExprPtr& body_of(const CatModel& model, const std::string& name) {
    for (const auto& statement : model.statements) {
        for (const auto& binding : statement.bindings) {
            if (binding.name == name) return binding.body;
        }
    }
    FAIL("no binding " << name);
    static const CatExprPtr none;
    return none;
}

}  // namespace

TEST_CASE("model parse: PTX model of Figure 4") {
    const CatModel model = parse_model_text(kPtxFigure4, "ptx.cat", "");
    int lets = 0, axioms = 0;
    for (const auto& s : model.statements) {
        lets += s.kind == CatStatement::Kind::let;
        axioms += s.kind == CatStatement::Kind::axiom;
    }
    CHECK(lets == 12);
    CHECK(axioms == 6);
    CHECK(show(body_of(model, "sameProxy")) ==
          "(| (* GEN GEN) (| (* SUR SUR) (| (* TEX TEX) (* CON CON))))");
    CHECK(show(body_of(model, "fr")) == "(; (inv rf) co)");
    CHECK(show(body_of(model, "ms3")) == "(| (& (* M M) vloc) (\\ (* _ _) (* M M)))");
    CHECK(show(body_of(model, "cause")) == "(; (? observation) proxyPreservedCauBase)");
    // The long union: nine alternatives, the last three `loc & (...)`.
    const CatExprPtr* alt = &body_of(model, "proxyPreservedCauBase");
    int alternatives = 1;
    while ((*alt)->kind == Kind::union_) {
        ++alternatives;
        alt = &(*alt)->operands[1];
    }
    CHECK(alternatives == 9);
    CHECK((*alt)->kind == Kind::intersection);
    CHECK(show((*alt)->operands[0]) == "loc");
    const CatStatement& last = model.statements.back();
    CHECK(last.test == CatStatement::Test::irreflexive);
    CHECK(show(last.expr) == "(; (| rf fr) cause)");
    CHECK(last.pos.line == 41);  // the text starts with a newline

    // Verbatim, the paper's line 33 leaves a '(' open: the error shows at
    // the next statement, which cannot continue the expression.
    std::string verbatim = kPtxFigure4;
    const std::string fixed = "\\ sync_fence))";
    verbatim.replace(verbatim.find(fixed), fixed.size(), "\\ sync_fence)");
    CHECK_THROWS_WITH_AS(parse_model_text(verbatim, "ptx.cat", ""),
                         "ptx.cat:36:1: expected ')', found 'empty'", ParseError);
}

TEST_CASE("model parse: Vulkan model of Figure 8") {
    const CatModel model = parse_model_text(kVulkanFigure8, "vulkan.cat", "");
    int lets = 0, axioms = 0;
    for (const auto& s : model.statements) {
        lets += s.kind == CatStatement::Kind::let;
        axioms += s.kind == CatStatement::Kind::axiom;
    }
    CHECK(lets == 23);
    CHECK(axioms == 6);
    CHECK(show(body_of(model, "chains")) ==
          "(* (\\ (| M (| F (| CBAR (| AVDEVICE VISDEVICE)))) IW) "
          "(\\ (| M (| F (| CBAR (| AVDEVICE VISDEVICE)))) IW))");
    CHECK(show(body_of(model, "moa")) ==
          "(\\ (\\ (& loc (& vloc (& inscope (* A A)))) id) mutordatom)");
    CHECK(show(body_of(model, "rs")) ==
          "(; [(& REL A)] (star (; (\\ asmo (; asmo (+ asmo))) [RMW])))");
    CHECK(show(body_of(model, "fr")) ==
          "(| (; (inv rf) asmo) (; (inv (; [IW] rf)) (\\ (; loc [W]) id)))");
    CHECK(show(body_of(model, "non-rmw-reads")) == "(* (\\ R RMW) (\\ R RMW))");
    CHECK(show(body_of(model, "dr")) ==
          "(& loc (\\ (\\ (& wm moa) id) (| locord (inv locord))))");
    CHECK(body_of(model, "sw")->kind == Kind::intersection);
    CHECK(body_of(model, "ithbsemc0")->kind == Kind::plus);
    CHECK(body_of(model, "vissh")->kind == Kind::sequence);
    // `empty e1 \ e2` without outer parentheses tests the whole difference.
    const auto coherence = std::find_if(model.statements.begin(), model.statements.end(),
                                        [](const CatStatement& s) {
                                            return s.kind == CatStatement::Kind::axiom;
                                        });
    REQUIRE(coherence != model.statements.end());
    CHECK(show(coherence->expr) ==
          "(\\ (; [(& A W)] (; moa [(& A W)])) (| asmo (inv asmo)))");
    const CatStatement& last = model.statements.back();
    CHECK(last.flag);
    CHECK(last.negated);
    CHECK(last.test == CatStatement::Test::empty);
    CHECK(show(last.expr) == "dr");
}

// ---------------------------------------------------------------------------
// Robustness: hostile input ends in a ParseError, never a crash or a hang.

TEST_CASE("model parse: deep nesting is refused, not a stack overflow") {
    const std::string parens(100000, '(');
    CHECK_THROWS_AS(parse("let a = " + parens + "b"), ParseError);
    std::string brackets;
    for (int i = 0; i < 100000; ++i) brackets += "[";
    CHECK_THROWS_AS(parse("let a = " + brackets), ParseError);
    CHECK_THROWS_AS(parse("let a = " + std::string(100000, '~') + "b"), ParseError);
    std::string postfix = "let a = b";
    for (int i = 0; i < 100000; ++i) postfix += "+";
    CHECK_THROWS_AS(parse(postfix), ParseError);
    std::string chain = "let a = b";
    for (int i = 0; i < 100000; ++i) chain += " | b";
    CHECK_THROWS_WITH_AS(parse(chain), doctest::Contains("expression nested too deeply"),
                         ParseError);
    std::string calls = "let a = ";
    for (int i = 0; i < 100000; ++i) calls += "f(";
    CHECK_THROWS_AS(parse(calls), ParseError);
    std::string comments;
    for (int i = 0; i < 100000; ++i) comments += "(*";
    CHECK_THROWS_AS(parse(comments), ParseError);  // counted, not recursive

    // Realistic sizes stay well within the limits.
    std::string moderate = "let a = b";
    for (int i = 0; i < 500; ++i) moderate += " | b";
    CHECK_NOTHROW(parse(moderate));
    CHECK_NOTHROW(parse("let a = " + std::string(200, '(') + "b" + std::string(200, ')')));
}

TEST_CASE("model parse: random bytes and token soups") {
    std::mt19937 rng(20240607);
    auto check_one = [](const std::string& text) {
        try {
            parse_model_text(text, "fuzz.cat", "/nonexistent-dir-for-fuzz");
        } catch (const ParseError& e) {
            // Every error is located in the one file there is.
            CHECK(std::string(e.what()).rfind("fuzz.cat", 0) == 0);
        }
        // Any other exception escapes and fails the test.
    };

    std::uniform_int_distribution<int> byte(0, 255), length(0, 120);
    for (int round = 0; round < 2000; ++round) {
        std::string text;
        for (int i = length(rng); i > 0; --i) text += static_cast<char>(byte(rng));
        check_one(text);
    }

    const std::vector<std::string> pieces = {
        "let", "rec", "and", "as", "acyclic", "irreflexive", "empty", "flag", "include",
        "witness", "require", "show", "unshow", "a", "po-loc", "f", "0", "_", "(", ")",
        "[", "]", ",", "=", "<=", "|", ";", "\\", "&", "*", "+", "?", "~", "^-1", "^",
        "(*", "*)", "//", "\n", "\"x.cat\"", "\"", "-", "1", " "};
    std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1);
    std::uniform_int_distribution<int> count(0, 40);
    int parsed = 0;
    for (int round = 0; round < 5000; ++round) {
        std::string text;
        for (int i = count(rng); i > 0; --i) text += pieces[pick(rng)] + " ";
        check_one(text);
        try {
            parse_model_text(text, "fuzz.cat", "/nonexistent-dir-for-fuzz");
            ++parsed;
        } catch (const ParseError&) {
        }
    }
    CHECK(parsed > 0);  // the soup sometimes makes sense (e.g. empty input)
}
