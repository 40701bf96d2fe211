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
