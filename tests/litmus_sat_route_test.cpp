// Litmus mode's SAT route (RunOptions::Method, lib/litmus/run_decide.cpp):
// deciding a test by asking the solver whether some consistent execution
// satisfies the condition gives the verdicts, observations, flags and
// final states that counting every execution gives, on every test within
// reach of both; tests with too many coherence orders to count are decided
// this way within the default budget; the size limit refuses what cannot
// be translated.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "mapsound/litmus/corpus.hpp"
#include "mapsound/litmus/parse.hpp"
#include "mapsound/litmus/run.hpp"
#include "mapsound/model.hpp"

#include "litmus_test_support.hpp"
#include "test_skip.hpp"

namespace {

namespace fs = std::filesystem;
using namespace mapsound;
using litmus::RunOptions;

const fs::path litmus_dir = fs::path(MAPSOUND_SOURCE_DIR) / "tests" / "litmus";
const fs::path models_dir = fs::path(MAPSOUND_SOURCE_DIR) / "models";

const model::Model& model_named(const std::string& name) {
    static std::map<std::string, model::Model> loaded;
    auto it = loaded.find(name);
    if (it == loaded.end()) it = loaded.emplace(name, model::Model::load((models_dir / (name + ".cat")).string())).first;
    return it->second;
}

// Both ways on one test: within 300 pre-executions and consistent
// executions when counting (beyond, the test is not compared; returns
// false).  Every execution the SAT route finds has its final state judged
// against the condition and filter (always), and is re-checked by the
// evaluator (except under vulkan.cat, whose evaluation takes seconds per
// execution, as in the conformance run).
bool compare_methods(const fs::path& file, const std::string& model) {
    CAPTURE(file);
    CAPTURE(model);
    const litmus::LitmusTest test = litmus::parse_litmus_file(file);
    RunOptions counting;
    counting.method = RunOptions::Method::enumerate;
    counting.states = true;
    counting.expand.budget.max_executions = 300;
    litmus::Verdict counted;
    try {
        counted = litmus::run_litmus(test, model_named(model), counting);
    } catch (const litmus::BudgetExceeded&) {
        return false;
    }
    RunOptions sat = counting;
    sat.method = RunOptions::Method::decide;
    sat.cross_check = model != "vulkan";
    sat.expand.budget.max_executions = 0;
    const litmus::Verdict decided = litmus::run_litmus(test, model_named(model), sat);
    CHECK(counted.counted);
    CHECK_FALSE(decided.counted);
    CHECK(decided.ok == counted.ok);
    CHECK((decided.positive > 0) == (counted.positive > 0));
    CHECK((decided.negative > 0) == (counted.negative > 0));
    CHECK(decided.flags == counted.flags);
    CHECK(decided.states == counted.states);
    return true;
}

// Two PTX threads of 'stores' relaxed stores to x each (P0 the values
// 1..stores, P1 stores+1..2*stores; with 'few_values', P0 1 and P1 2),
// then 'condition'.
std::string stores_test(int stores, const std::string& condition, bool few_values = false) {
    std::string text = "PTX stores\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n";
    for (int i = 1; i <= stores; ++i)
        text += " st.relaxed.gpu x, " + std::to_string(few_values ? 1 : i) + " | st.relaxed.gpu x, " +
                std::to_string(few_values ? 2 : stores + i) + " ;\n";
    return text + condition + "\n";
}

}  // namespace

TEST_CASE("SAT route: the same verdicts, observations, flags and states as counting, on our own corpora") {
    // Every corpus folder with a table, under each model it lists.
    std::size_t compared = 0;
    for (const char* folder : {"seeds", "diy", "herd", "models", "opencl", "barriers", "vulkan", "audala"}) {
        const fs::path dir = litmus_dir / folder;
        for (const auto& r : litmustest::read_expected(dir)) {
            if (!fs::exists(models_dir / (r.model + ".cat"))) continue;
            compared += compare_methods(dir / r.test, r.model) ? 1 : 0;
        }
    }
    MESSAGE(compared << " (test, model) pairs compared");
    CHECK(compared >= 150);
}

namespace {

// compare_methods on every (test, model) row of the development suite's
// tables whose model is one of 'models'.
void compare_on_suite(const std::vector<std::string>& models, std::size_t at_least) {
    const auto found = litmustest::suite_dir();
    if (!found) return litmustest::skip_without_suite();
    std::size_t compared = 0, beyond = 0;
    for (const auto& table : fs::directory_iterator(*found)) {
        const std::string name = table.path().filename().string();
        if (name.rfind("expected", 0) != 0 || table.path().extension() != ".csv") continue;
        std::ifstream in(table.path());
        std::string line;
        while (std::getline(in, line)) {
            const auto c1 = line.find(','), c2 = line.rfind(',');
            if (c1 == std::string::npos || c1 == c2 || line.rfind("test,", 0) == 0) continue;
            const std::string model = line.substr(c1 + 1, c2 - c1 - 1);
            if (std::find(models.begin(), models.end(), model) == models.end()) continue;
            if (compare_methods(*found / line.substr(0, c1), model))
                ++compared;
            else
                ++beyond;
        }
    }
    MESSAGE(compared << " (test, model) pairs compared, " << beyond << " beyond counting's cap");
    CHECK(compared >= at_least);
}

}  // namespace

TEST_CASE("SAT route: the same answers as counting on the development suite, C11 and OpenCL") {
    compare_on_suite({"c11", "rc11", "opencl"}, 280);
}

TEST_CASE("SAT route: the same answers as counting on the development suite, PTX") {
    compare_on_suite({"ptx-6.0", "ptx-7.5"}, 175);
}

TEST_CASE("SAT route: the same answers as counting on the development suite, Vulkan") {
    compare_on_suite({"vulkan"}, 95);
}

TEST_CASE("SAT route: coherence orders too many to count are decided within the default budget") {
    // 20 stores per thread: C(40, 20), about 1.4e11, coherence orders of x.
    // Coherence follows program order per thread (sc-per-location), so the
    // final value of x is the last store of one of the threads, 20 or 40.
    const model::Model& ptx = model_named("ptx-6.0");
    RunOptions defaults;
    defaults.expand.budget.max_executions = 1000000;  // the tool's default
    const auto last = litmus::run_litmus(litmus::parse_litmus(stores_test(20, "exists (x == 20)"), "t"), ptx, defaults);
    CHECK(last.ok);
    CHECK_FALSE(last.counted);  // more undetermined tuples than counted_tuples
    CHECK(last.positive == 1);
    CHECK(last.negative == 1);  // x == 40 too: Sometimes
    const auto middle = litmus::run_litmus(litmus::parse_litmus(stores_test(20, "exists (x == 19)"), "t"), ptx, defaults);
    CHECK_FALSE(middle.ok);
    // Without a condition: the states, one solve each.
    const auto states = litmus::run_litmus(litmus::parse_litmus(stores_test(20, "locations [x;]"), "t"), ptx, defaults);
    CHECK(states.ok);
    CHECK(states.states == std::vector<std::string>{"x=20; ", "x=40; "});
    // 8 stores per thread: 12,870 orders, also too many to count (fewer
    // undetermined tuples than counted_tuples, more executions than
    // counted_executions); counting them all agrees.
    const auto small = litmus::parse_litmus(stores_test(8, "exists (x == 8)"), "t");
    const auto automatic = litmus::run_litmus(small, ptx, defaults);
    CHECK_FALSE(automatic.counted);
    CHECK(automatic.ok);
    RunOptions all = defaults;
    all.method = RunOptions::Method::enumerate;
    const auto counted = litmus::run_litmus(small, ptx, all);
    CHECK(counted.counted);
    CHECK(counted.positive + counted.negative == 12870);
    CHECK(counted.ok);
}

TEST_CASE("SAT route: a pre-execution too large to translate is refused by the size limit, before translating") {
    // 100 stores per thread (the fuzzer's line repeated a hundred times):
    // 201 writes to x, 40,200 undetermined coherence pairs.
    const auto test = litmus::parse_litmus(stores_test(100, "exists (x == 1)", true), "big.litmus");
    RunOptions defaults;
    for (auto method : {RunOptions::Method::automatic, RunOptions::Method::enumerate, RunOptions::Method::decide}) {
        defaults.method = method;
        CHECK_THROWS_WITH_AS(litmus::run_litmus(test, model_named("ptx-6.0"), defaults),
                             doctest::Contains("big.litmus: test 'stores': size limit of 8192 undetermined tuples "
                                               "exceeded (a pre-execution with"),
                             litmus::BudgetExceeded);
    }
}
