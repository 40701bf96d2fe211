// Model files: every shipped model loads and elaborates; errors in models
// name file:line:col and say what is wrong; a hand-built execution gets the
// textbook verdict under SC and TSO (store buffering).
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "mapsound/exec.hpp"
#include "mapsound/model.hpp"
#include "exec_test_support.hpp"

using namespace mapsound;
using exectest::allowed;

namespace {

const std::filesystem::path models_dir = MAPSOUND_SOURCE_DIR "/models";

// Store buffering: P0: W x=1; R y=0   P1: W y=1; R x=0, with initial writes.
exec::PreExecution store_buffering(exec::Order order = exec::Order::rlx) {
    exec::PreExecution x;
    x.locations = {"x", "y"};
    x.threads = {{0, 0}, {1, 0}};
    using exec::EventKind;
    x.events = {
        {EventKind::write, -1, 0, 0, exec::Order::none, exec::Scope::none, -1, "init x"},
        {EventKind::write, -1, 1, 0, exec::Order::none, exec::Scope::none, -1, "init y"},
        {EventKind::write, 0, 0, 1, order, exec::Scope::sys, -1, "W x=1"},
        {EventKind::read, 0, 1, 0, order, exec::Scope::sys, -1, "R y=0"},
        {EventKind::write, 1, 1, 1, order, exec::Scope::sys, -1, "W y=1"},
        {EventKind::read, 1, 0, 0, order, exec::Scope::sys, -1, "R x=0"},
    };
    return x;
}

void check_error(const std::string& text, const std::string& where, const std::string& what) {
    try {
        model::Model::parse(text, "m.cat").instantiate(exec::vocabulary_of(store_buffering(), rel::Relation::binary("rf")));
        FAIL("no error for: " << text);
    } catch (const model::ModelError& e) {
        const std::string msg = e.what();
        CAPTURE(msg);
        CHECK(msg.rfind(where, 0) == 0);
        CHECK(msg.find(what) != std::string::npos);
    }
}

}  // namespace

TEST_CASE("models: every shipped model loads and elaborates") {
    int loaded = 0;
    for (const auto& entry : std::filesystem::directory_iterator(models_dir)) {
        if (entry.path().extension() != ".cat") continue;
        CAPTURE(entry.path().string());
        model::Model m = model::Model::load(entry.path().string());
        model::ModelInstance inst =
            m.instantiate(exec::vocabulary_of(store_buffering(), rel::Relation::binary("rf")));
        CHECK_FALSE(inst.axioms.empty());
        ++loaded;
    }
    CHECK(loaded >= 5);
}

TEST_CASE("models: store buffering under SC and TSO") {
    model::Model sc = model::Model::load((models_dir / "sc.cat").string());
    model::Model tso = model::Model::load((models_dir / "tso.cat").string());
    CHECK_FALSE(allowed(sc, store_buffering()));  // SB is the textbook non-SC outcome
    CHECK(allowed(tso, store_buffering()));       // and TSO's store buffers allow it
    // With the reads returning 1 the outcome is SC.
    exec::PreExecution y = store_buffering();
    y.events[3].value = 1;
    y.events[5].value = 1;
    CHECK(allowed(sc, y));
}

TEST_CASE("models: errors name file, line and column") {
    check_error("let a = po ; nosuch", "m.cat:1:14", "undefined name 'nosuch'; names in scope:");
    check_error("let a = po ; W", "m.cat:1:14", "needs a relation, but this is a set");
    check_error("\nlet b = R * po", "m.cat:2:13", "needs a set, but this is a relation");
    check_error("acyclic R", "m.cat:1:9", "acyclic needs a relation");
    check_error("let rec x = po \\ x", "m.cat:1:1", "not monotone");
    check_error("let f(a) = a ; a\nlet g = f(po, po)", "m.cat:2:9", "takes 1 argument(s), given 2");
    check_error("let a = po\nlet = 3", "m.cat:2:5", "expected");
}

TEST_CASE("models: let rec computes least fixpoints, functions substitute") {
    model::Model m = model::Model::parse(
        "let rec tc = po | tc ; po\n"
        "let twice(r) = r ; r\n"
        "let same = tc \\ twice(po)\n"
        "empty same \\ po as is-po\n",
        "m.cat");
    exec::PreExecution x = store_buffering();
    model::ModelInstance inst = m.instantiate(exec::vocabulary_of(x, rel::Relation::binary("rf")));
    rel::Instance empty(exec::universe_of(x));
    // po is transitive in each thread of two events: tc = po, twice(po) = 0.
    CHECK(rel::evaluate(inst.definitions.at("tc"), empty) ==
          rel::evaluate(inst.definitions.at("same"), empty));
    CHECK(rel::evaluate(inst.axioms.at(0).holds, empty));
    CHECK(inst.axioms.at(0).name == "is-po");
}

TEST_CASE("models: functions are lexically scoped and cannot recurse") {
    exec::PreExecution x = store_buffering();
    auto vocabulary = exec::vocabulary_of(x, rel::Relation::binary("rf"));
    model::ModelInstance inst = model::Model::parse(
                                    "let a = po\n"
                                    "let f(x) = x ; a\n"
                                    "let a = id\n"
                                    "let t = f(id)\n"
                                    "let co = po\n"
                                    "let co = 0\n",
                                    "m.cat")
                                    .instantiate(vocabulary);
    rel::Instance empty(exec::universe_of(x));
    // f sees the a of its definition (po), not the later one (herd7's rule).
    CHECK(rel::evaluate(inst.definitions.at("t"), empty) == rel::evaluate(vocabulary.at("po"), empty));
    // The last definition of a name wins, including `0`.
    CHECK(rel::evaluate(inst.definitions.at("co"), empty).empty());
    check_error("let f(x) = f(x)\nlet t = f(po)", "m.cat:1:12", "undefined function 'f'");
}

TEST_CASE("models: needs and ignores declare the programs a model judges") {
    // Words only where a statement starts: a model may still name a
    // definition 'needs'.
    const auto m = model::Model::parse(
        "\"declared\"\nneeds GLOBAL, LOCAL as \"regions\"\nignores NA as \"plain\"\nlet needs = po\nacyclic needs\n",
        "m.cat");
    REQUIRE(m.needs().size() == 2);
    CHECK(m.needs()[0].name == "GLOBAL");
    CHECK(m.needs()[1].name == "LOCAL");
    CHECK(m.needs()[1].description == "regions");
    CHECK(m.needs()[1].where.to_string() == "m.cat:2:15");
    REQUIRE(m.ignores().size() == 1);
    CHECK(m.ignores()[0].name == "NA");
    CHECK(m.title() == "declared");
    CHECK(m.names_mentioned().count("po"));
    CHECK_NOTHROW(m.instantiate(exec::vocabulary_of(exec::PreExecution{}, rel::Relation::binary("rf"))));
    // Without a title the first word is the declaration's.
    CHECK(model::Model::parse("needs WEAK\nacyclic po\n", "t.cat").needs().size() == 1);
    // A name the vocabulary lacks is an error at the name, when the model
    // meets an execution.
    const auto typo = model::Model::parse("needs GLOBL\nacyclic po\n", "typo.cat");
    CHECK_THROWS_WITH_AS(typo.instantiate(exec::vocabulary_of(exec::PreExecution{}, rel::Relation::binary("rf"))),
                         "typo.cat:1:7: 'GLOBL' after 'needs' is no name of the execution vocabulary",
                         model::ModelError);
    CHECK_THROWS_WITH_AS(model::Model::parse("needs GLOBAL,\n", "cut.cat"),
                         "cut.cat:2:1: expected a vocabulary name after 'needs', found end of input",
                         model::ModelError);
}
