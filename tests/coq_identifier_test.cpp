// The Coq exporter's name rule and its errors for model constructs it
// cannot translate (proofs-export/README.md, "Names" and "Limits").
#include <doctest/doctest.h>

#include <string>

#include "identifier.hpp"
#include "model/parser.hpp"
#include "mapsound/exec.hpp"
#include "model_module.hpp"
#include "support.hpp"

using namespace mapsound;

TEST_CASE("coq identifiers: the documented rule") {
    CHECK(coq::coq_identifier("po-loc") == "po_loc");
    CHECK(coq::coq_identifier("ptx-6.0") == "ptx_6_0");
    CHECK(coq::coq_identifier("acyclic@12") == "acyclic_12");
    CHECK(coq::coq_identifier("2+2W") == "x_2_2W");
    CHECK(coq::coq_identifier("W-rel") == "W_rel");
    CHECK(coq::coq_identifier("seq") == "seq_");      // support library
    CHECK(coq::coq_identifier("po") == "po_");        // execution record (a primitive)
    CHECK(coq::coq_identifier("incl") == "incl_");    // a derived name of the vocabulary
    CHECK(coq::coq_identifier("same-cta") == "same_cta_");
    CHECK(coq::coq_identifier("atomic") == "atomic_");  // MsExec.v
    CHECK(coq::coq_identifier("wr_co") == "x_wr_co");   // a witness reflection
    CHECK(coq::vocabulary_identifier("at") == "at_");   // a Coq keyword
    CHECK(coq::vocabulary_identifier("scope-contains") == "scope_contains");
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
    CHECK(scope.fresh("hb_c") == "hb_c_2");  // and hb_c to its closed chain
    scope.reserve("loc");
    CHECK(scope.fresh("loc_f") == "loc_f_2");
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
    CHECK(export_error("\"t\"\nlet f(x) = x ; po\nacyclic f(rf, rf) as a\n") ==
          "m.cat:3:9: 'f' takes 1 argument(s), not 2");
    CHECK(export_error("\"t\"\nlet rec f(x) = x ; po\nacyclic f(rf) as a\n") ==
          "m.cat:2:9: recursive functions are not exported to Coq");
    CHECK(export_error("\"t\"\nlet rec a = po | b\nand b = rf | a\nacyclic a as x\n") ==
          "m.cat:2:1: mutually recursive definitions (let rec ... and ...) are not exported to Coq");
}

TEST_CASE("coq export: a model's items, shadowing and the consistency parts") {
    const auto m = coq::translate_model(
        model::parse_model_text("\"t\"\nlet r = po\nlet r = r | rf\nwitness co <= loc as \"c\"\n"
                                "let s = co | r\nacyclic s as my-axiom\nflag ~empty r as f\n",
                                "m.cat", "."),
        "test");
    CHECK(m.module == "Model_m");
    REQUIRE(m.items.size() == 7);
    CHECK(m.items[0].id == "r");
    CHECK(m.items[1].id == "r_2");
    CHECK(m.items[1].deps == std::vector<std::string>{"r"});
    CHECK(!m.items[1].reads_witness);
    CHECK(m.items[2].id == "co_upper");  // the witness's declared bound, a let of its own
    CHECK(m.items[2].deps == std::vector<std::string>{"loc"});  // a derived name of the vocabulary
    CHECK(m.items[3].cat_name == "co-bound");
    CHECK(m.items[4].id == "s");
    CHECK(m.items[4].reads_witness);
    CHECK(m.items[5].id == "my_axiom");
    REQUIRE(m.witnesses.size() == 1);
    CHECK(m.witnesses[0].upper_id == "co_upper");
    CHECK(m.witnesses[0].bound_id == "co_bound");
    CHECK(m.requirements == std::vector<std::string>{"co_bound"});
    CHECK(m.consistent_parts == std::vector<std::string>{"co_bound", "my_axiom"});
    CHECK(m.definitions_text.find("Definition r_2 {E} (X : Execution E) : rel E :=\n  (union (r X) (rf X))") !=
          std::string::npos);
    CHECK(m.definitions_text.find("Definition s {E} (X : Execution E) (w : Witness E) : rel E :=\n  (union (co w) (r_2 X))") !=
          std::string::npos);
    CHECK(m.definitions_text.find("Definition f {E} (X : Execution E) (w : Witness E) : Prop :=\n  ~ (empty (r_2 X))") !=
          std::string::npos);
}

TEST_CASE("coq export: functions are expanded where they are called, in the scope of their definition") {
    const auto m = coq::translate_model(
        model::parse_model_text("\"t\"\nlet r = po\nlet f(x) = x ; r\nlet r = rf\nlet g = f(rmw)\n", "m.cat", "."),
        "test");
    REQUIRE(m.items.size() == 3);
    CHECK(m.items[2].id == "g");
    CHECK(m.items[2].deps == std::vector<std::string>{"r"});  // the first r, as when f was defined
    CHECK(m.definitions_text.find("Definition g {E} (X : Execution E) : rel E :=\n  (seq (rmw X) (r X))") !=
          std::string::npos);
}

TEST_CASE("coq export: the vocabulary module and the execution record name the engine's primitives") {
    const auto& v = coq::vocabulary_module();
    CHECK(v.module == "MsVocabulary");
    CHECK(v.vocabulary);
    for (const char* name : {"M", "loc", "int", "ext", "scta", "sgpu", "incl", "sbar"}) {
        bool found = false;
        for (const auto& i : v.items) found = found || i.cat_name == name;
        CHECK_MESSAGE(found, name);
    }
    CHECK(v.definitions_text.find("Definition loc {E} (X : Execution E) : rel E :=\n  (seq (at_ X) (inv (at_ X)))") !=
          std::string::npos);
    // MsExec.v's record has exactly the engine's primitives, in its order.
    std::string exec_v;
    for (const auto& f : coq::support_files())
        if (f.name == "MsExec.v") exec_v = f.text;
    const auto record = exec_v.substr(exec_v.find("Record Execution"), exec_v.find("}.") - exec_v.find("Record Execution"));
    std::size_t at = 0;
    for (const auto& name : exec::primitive_names()) {
        if (name == "_") continue;
        const std::string field = coq::vocabulary_identifier(name) + " : ";
        const auto found = record.find(field, at);
        CHECK_MESSAGE(found != std::string::npos, "MsExec.v's record lacks (or misorders) " << name);
        if (found != std::string::npos) at = found;
    }
}
