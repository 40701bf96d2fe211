// The seed litmus corpus: every litmus test printed in the seed documents,
// transcribed into tests/litmus/seeds/ with the verdict the seed states
// (plus the classic MP/SB/LB/IRIW/WRC/2+2W shapes under SC and TSO).
//
// tests/litmus/seeds/expected.csv lists `test,model,expected`: expected is
// 1 when the test's own condition holds under models/<model>.cat (herd7's
// Ok) and 0 when it does not, the convention of the development suite.
// Each row runs as its own SUBCASE named "<test> under <model>"; rows whose
// model file does not exist yet are skipped with a message.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "mapsound/litmus/parse.hpp"
#include "mapsound/litmus/run.hpp"
#include "mapsound/model.hpp"

#include "litmus_test_support.hpp"

namespace {

namespace fs = std::filesystem;
using namespace mapsound;

const fs::path seeds_dir = fs::path(MAPSOUND_SOURCE_DIR) / "tests" / "litmus" / "seeds";
const fs::path models_dir = fs::path(MAPSOUND_SOURCE_DIR) / "models";

using Row = litmustest::ExpectedRow;

std::vector<Row> read_expected() { return litmustest::read_expected(seeds_dir); }

}  // namespace

TEST_CASE("seed litmus corpus: expected.csv and the test files agree") {
    litmustest::check_listing(read_expected(), seeds_dir, [](const fs::path& file) {
        // Every file parses, whether or not its model exists yet.
        CHECK_NOTHROW(litmus::parse_litmus_file(file));
    });
}

TEST_CASE("seed litmus corpus: verdicts") {
    const std::vector<Row> rows = read_expected();
    for (const Row& r : rows) {
        SUBCASE((r.test + " under " + r.model).c_str()) {
            const fs::path model_path = models_dir / (r.model + ".cat");
            if (!fs::exists(model_path)) {
                MESSAGE("skipped: " << r.test << " under " << r.model << " (no " << model_path.string()
                                    << " yet)");
                continue;
            }
            litmustest::check_verdict(r, seeds_dir, model_path, /*require_candidates=*/false);
        }
    }
}

TEST_CASE("data races: RC11 and C11 flag a conflict on a non-atomic location that hb does not order") {
    // Message passing with a non-atomic payload: with a relaxed flag nothing
    // orders the payload's write and read, so every execution races and,
    // with the data-race flag read as an axiom, none is left (the stale
    // read r1=0 is allowed otherwise); with release/acquire the execution
    // that reads the flag as 1 is race-free.
    auto mp = [](const char* store, const char* load, const char* payload) {
        return std::string("C mp-na-payload\n{\n[x] = 0;\n[y] = 0;\n}\n\n"
                           "P0 (int* x, atomic_int* y) {\n  *x = 1;\n  atomic_store_explicit(y, 1, ") +
               store + ");\n}\n\nP1 (int* x, atomic_int* y) {\n  int r0 = atomic_load_explicit(y, " + load +
               ");\n  int r1 = *x;\n}\n\nexists (1:r0=1 /\\ 1:r1=" + payload + ")\n";
    };
    litmus::RunOptions race_free;
    race_free.forbidden_flags = {"data-race"};
    for (const char* name : {"rc11", "c11", "rc11-scoped"}) {
        CAPTURE(name);
        const auto model = model::Model::load((models_dir / (std::string(name) + ".cat")).string());
        const auto relaxed = litmus::parse_litmus(mp("memory_order_relaxed", "memory_order_relaxed", "0"), "mp.litmus");
        const auto synced = litmus::parse_litmus(mp("memory_order_release", "memory_order_acquire", "1"), "mp.litmus");
        const litmus::Verdict racy = litmus::run_litmus(relaxed, model);
        CHECK(racy.ok);
        // The verdict names the flag some execution raises (herd7's "Flag").
        CHECK(racy.flags == std::vector<std::string>{"data-race"});
        const litmus::Verdict forbidden = litmus::run_litmus(relaxed, model, race_free);
        CHECK_FALSE(forbidden.ok);
        CHECK(forbidden.flags.empty());  // no execution left to raise it
        CHECK(litmus::run_litmus(synced, model, race_free).ok);
        // With release/acquire, only the executions that read the flag as 0
        // race: the flag is raised, and disappears when a filter keeps only
        // the executions that read it as 1.
        CHECK(litmus::run_litmus(synced, model).flags == std::vector<std::string>{"data-race"});
        std::string filtered = mp("memory_order_release", "memory_order_acquire", "1");
        filtered.insert(filtered.find("exists"), "filter (1:r0=1)\n");
        CHECK(litmus::run_litmus(litmus::parse_litmus(filtered, "mp.litmus"), model).flags.empty());
    }
}
