// Tests of herd7's procedures (`procedure ... end`, `call`) and of the
// herd7 library files models include (`include "cos.cat"`,
// `include "stdlib.cat"`): a model written with them judges as the same
// model written out; the body's names stay local; errors name the place.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "exec_test_support.hpp"
#include "mapsound/exec.hpp"
#include "mapsound/model.hpp"

using namespace mapsound;
using exectest::allowed;

namespace {

const std::filesystem::path models_dir = MAPSOUND_SOURCE_DIR "/models";

// Store buffering with both reads of 0 (forbidden by SC, allowed by TSO),
// or, with 'seen', both reads of 1 (SC).
exec::PreExecution store_buffering(bool seen = false) {
    exec::PreExecution x;
    x.locations = {"x", "y"};
    x.threads = {{0, 0}, {1, 0}};
    using exec::EventKind;
    const int v = seen ? 1 : 0;
    x.events = {
        {EventKind::write, -1, 0, 0, exec::Order::none, exec::Scope::none, -1, "init x"},
        {EventKind::write, -1, 1, 0, exec::Order::none, exec::Scope::none, -1, "init y"},
        {EventKind::write, 0, 0, 1, exec::Order::rlx, exec::Scope::sys, -1, "W x=1"},
        {EventKind::read, 0, 1, v, exec::Order::rlx, exec::Scope::sys, -1, "R y"},
        {EventKind::write, 1, 1, 1, exec::Order::rlx, exec::Scope::sys, -1, "W y=1"},
        {EventKind::read, 1, 0, v, exec::Order::rlx, exec::Scope::sys, -1, "R x"},
    };
    return x;
}

model::ModelInstance instance_of(const model::Model& m) {
    return m.instantiate(exec::vocabulary_of(store_buffering(), rel::Relation::binary("rf")));
}

std::string error_of(const std::string& text) {
    try {
        instance_of(model::Model::parse(text, "m.cat", models_dir.string()));
    } catch (const model::ModelError& e) {
        return e.what();
    }
    return "no error";
}

struct Library {
    Library() { model::set_include_library({(models_dir / "lib").string()}); }
    ~Library() { model::set_include_library({}); }
};

}  // namespace

TEST_CASE("procedures: a model written with a procedure judges as the model written out") {
    Library library;
    // SC as herd7 writes it: coherence from cos.cat, the check in a procedure.
    const model::Model with_procedure = model::Model::parse(
        "\"SC, herd7 style\"\n"
        "include \"cos.cat\"\n"
        "procedure sequential(r) =\n"
        "  let hb = r | rf | co | fr\n"
        "  acyclic hb\n"
        "end\n"
        "call sequential(po) as sc\n",
        "sc-herd.cat", "/nonexistent");  // cos.cat only from the library
    const model::Model written_out = model::Model::load((models_dir / "sc.cat").string());
    for (bool seen : {false, true}) {
        CAPTURE(seen);
        CHECK(allowed(with_procedure, store_buffering(seen)) == allowed(written_out, store_buffering(seen)));
    }
    CHECK_FALSE(allowed(with_procedure, store_buffering()));  // SB's weak outcome
    const auto inst = instance_of(with_procedure);
    REQUIRE(inst.axioms.size() == 1);
    CHECK(inst.axioms[0].name == "sc");  // the call's name
    CHECK(inst.definitions.count("hb") == 0);  // the body's let stays local
}

TEST_CASE("procedures: two calls, parameters substituted, nested calls from stdlib.cat") {
    Library library;
    const model::Model m = model::Model::parse(
        "include \"stdlib.cat\"\n"
        "include \"cos.cat\"\n"
        "call inclusion(rf, loc) as rf-same-location\n"
        "call total(co, W) as co-total-on-writes\n",  // fails: co relates only same-location writes
        "m.cat", "/nonexistent");
    const auto inst = instance_of(m);
    REQUIRE(inst.axioms.size() == 2);
    CHECK(inst.axioms[0].name == "rf-same-location");
    CHECK(inst.axioms[1].name == "co-total-on-writes");
    // rf within a location holds on SB; writes of two locations are never
    // ordered by co, so co is not total on all writes.
    CHECK(allowed(model::Model::parse("include \"stdlib.cat\"\ninclude \"cos.cat\"\ncall inclusion(rf, loc)\n",
                                      "m.cat", "/nonexistent"),
                  store_buffering()));
    CHECK_FALSE(allowed(m, store_buffering()));
}

TEST_CASE("procedures: errors name the place and what was expected") {
    CHECK(error_of("procedure p(r) =\n  acyclic r\n") ==
          "m.cat:3:1: expected 'end' closing procedure 'p' (line 1), found the end of the file");
    CHECK(error_of("procedure p(r) = acyclic r end\ncall p(po, rf)") ==
          "m.cat:2:6: procedure 'p' takes 1 argument(s), given 2");
    CHECK(error_of("call q(po)") == "m.cat:1:6: no procedure 'q' is defined before this call");
    CHECK(error_of("procedure p() = procedure q() = acyclic po end end") ==
          "m.cat:1:17: a procedure inside a procedure is not supported; define it outside");
    // A body's let is not visible after the call.
    const std::string leaked = error_of("procedure p() = let a = po acyclic a end\ncall p()\nacyclic a as b");
    CHECK(leaked.rfind("m.cat:3:9: undefined name 'a'", 0) == 0);
    // Two unnamed calls of one check clash by name, at the second.
    const std::string clash = error_of("procedure p(r) = acyclic r end\ncall p(po)\ncall p(rf)");
    CHECK(clash.find("m.cat:") == 0);
    CHECK(clash.find("'p'") != std::string::npos);
}

TEST_CASE("herd7 library: hints for names herd7 gives every model") {
    CHECK(error_of("acyclic po | co").find("undefined name 'co' (herd7 builds coherence in; here a model declares "
                                           "it: add include \"cos.cat\"") != std::string::npos);
    CHECK(error_of("acyclic fencerel(F)").find("add include \"stdlib.cat\"") != std::string::npos);
    // Without the library folder, the include says where it looked.
    CHECK(error_of("include \"cos.cat\"").find("cannot read file") != std::string::npos);
}

TEST_CASE("herd7 constructs this language leaves out are refused by name") {
    CHECK(error_of("if \"x\" then let a = po end") ==
          "m.cat:1:1: herd7's 'if ... then ... else' (conditional model text) is not supported by this model "
          "language (README, \"Models\")");
    CHECK(error_of("let x = match po with || {} -> po end").rfind("m.cat:1:9: herd7's 'match'", 0) == 0);
    CHECK(error_of("\"title\"\nenum X = a || b").rfind("m.cat:2:1: herd7's 'enum'", 0) == 0);
}
