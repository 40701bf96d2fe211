// The Coq exporter's name rule and its errors for model constructs it
// cannot translate (proofs-export/README.md, "Names" and "Limits").
#include <doctest/doctest.h>

#include <string>

#include "identifier.hpp"
#include "model/parser.hpp"
#include "model_module.hpp"

using namespace mapsound;

TEST_CASE("coq identifiers: the documented rule") {
    CHECK(coq::coq_identifier("po-loc") == "po_loc");
    CHECK(coq::coq_identifier("ptx-6.0") == "ptx_6_0");
    CHECK(coq::coq_identifier("acyclic@12") == "acyclic_12");
    CHECK(coq::coq_identifier("2+2W") == "x_2_2W");
    CHECK(coq::coq_identifier("W-rel") == "W_rel");
    CHECK(coq::coq_identifier("seq") == "seq_");      // support library
    CHECK(coq::coq_identifier("po") == "po_");        // execution record
    CHECK(coq::coq_identifier("fun") == "fun_");      // Coq keyword
    CHECK(coq::coq_identifier("hb") == "hb");
    CHECK(coq::coq_identifier("r_union") == "x_r_union");  // would shadow a reflection lemma
    CHECK(coq::coq_identifier("c0_X") == "x_c0_X");        // an instance constant
    CHECK(coq::coq_identifier("c0") == "c0");
    CHECK(coq::coq_identifier("rfe") == "rfe");
    coq::IdentifierScope scope;
    CHECK(scope.fresh("hb") == "hb");
    CHECK(scope.fresh("hb") == "hb_2");
    CHECK(scope.fresh("hb-") == "hb_");
    CHECK(scope.fresh("hb_f") == "hb_f_2");  // hb_f belongs to hb's decision function
}

namespace {
std::string export_error(const std::string& text) {
    try {
        coq::translate_model(model::parse_model_text(text, "m.cat", "."), "test");
    } catch (const coq::ExportError& e) {
        return e.what();
    }
    return "no error";
}
}  // namespace

TEST_CASE("coq export: constructs it cannot translate are errors at file:line:col") {
    CHECK(export_error("\"t\"\nlet f(x) = x ; po\nacyclic f(rf) as a\n") ==
          "m.cat:2:5: functions ('let f(...)') are not exported to Coq");
    CHECK(export_error("\"t\"\nlet rec a = po | b\nand b = rf | a\nacyclic a as x\n") ==
          "m.cat:2:1: mutually recursive definitions (let rec ... and ...) are not exported to Coq");
}

TEST_CASE("coq export: a model's items, shadowing and the consistency parts") {
    const auto m = coq::translate_model(
        model::parse_model_text("\"t\"\nlet r = po\nlet r = r | rf\nwitness co <= loc as \"c\"\n"
                                "acyclic r as my-axiom\nflag ~empty r as f\n",
                                "m.cat", "."),
        "test");
    CHECK(m.module == "Model_m");
    REQUIRE(m.items.size() == 5);
    CHECK(m.items[0].id == "r");
    CHECK(m.items[1].id == "r_2");
    CHECK(m.items[1].deps == std::vector<std::string>{"r"});
    CHECK(m.items[2].cat_name == "co-bound");
    CHECK(m.items[3].id == "my_axiom");
    CHECK(m.consistent_parts == std::vector<std::string>{"co_bound", "my_axiom"});
    CHECK(m.definitions_text.find("Definition r_2 {E} (X : Execution E) (w : Witness E) : rel E :=\n  (union (r X w) (rf X))") !=
          std::string::npos);
    CHECK(m.definitions_text.find("Definition f {E} (X : Execution E) (w : Witness E) : Prop :=\n  ~ (empty (r_2 X w))") !=
          std::string::npos);
}
