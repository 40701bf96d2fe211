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
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "mapsound/litmus/parse.hpp"
#include "mapsound/litmus/run.hpp"
#include "mapsound/model.hpp"

namespace {

namespace fs = std::filesystem;
using namespace mapsound;

const fs::path seeds_dir = fs::path(MAPSOUND_SOURCE_DIR) / "tests" / "litmus" / "seeds";
const fs::path models_dir = fs::path(MAPSOUND_SOURCE_DIR) / "models";

struct Row {
    std::string test;   // file name under seeds_dir
    std::string model;  // model file stem under models_dir
    bool expected = false;
    int line = 0;       // in expected.csv, for messages
};

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    const auto e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

// Reads expected.csv; malformed lines are reported as failures, not thrown.
std::vector<Row> read_expected() {
    std::vector<Row> rows;
    std::ifstream in(seeds_dir / "expected.csv");
    REQUIRE_MESSAGE(in.good(), "cannot open " << (seeds_dir / "expected.csv").string());
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        line = trim(line);
        if (line.empty()) continue;
        if (number == 1) {
            CHECK_MESSAGE(line == "test,model,expected", "expected.csv: bad header '" << line << "'");
            continue;
        }
        std::vector<std::string> fields;
        std::stringstream ss(line);
        std::string field;
        while (std::getline(ss, field, ',')) fields.push_back(trim(field));
        if (fields.size() != 3 || (fields[2] != "0" && fields[2] != "1") || fields[0].empty() ||
            fields[1].empty()) {
            FAIL_CHECK("expected.csv:" << number << ": malformed row '" << line << "'");
            continue;
        }
        rows.push_back(Row{fields[0], fields[1], fields[2] == "1", number});
    }
    return rows;
}

}  // namespace

TEST_CASE("seed litmus corpus: expected.csv and the test files agree") {
    const std::vector<Row> rows = read_expected();
    CHECK(!rows.empty());
    std::set<std::string> listed;
    std::set<std::pair<std::string, std::string>> pairs;
    for (const Row& r : rows) {
        CAPTURE(r.line);
        CHECK_MESSAGE(fs::is_regular_file(seeds_dir / r.test), r.test << " is listed but does not exist");
        CHECK_MESSAGE(pairs.insert({r.test, r.model}).second, r.test << " under " << r.model << " is listed twice");
        listed.insert(r.test);
    }
    for (const auto& entry : fs::directory_iterator(seeds_dir)) {
        if (entry.path().extension() != ".litmus") continue;
        const std::string name = entry.path().filename().string();
        CHECK_MESSAGE(listed.count(name) == 1, name << " has no row in expected.csv");
        // Every file parses, whether or not its model exists yet.
        CHECK_NOTHROW(litmus::parse_litmus_file(entry.path()));
    }
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
            CAPTURE(r.test);
            CAPTURE(r.model);
            CAPTURE(r.expected);
            try {
                const litmus::LitmusTest test = litmus::parse_litmus_file(seeds_dir / r.test);
                const model::Model model = model::Model::load(model_path.string());
                litmus::RunOptions options;
                options.cross_check = true;
                const litmus::Verdict v = litmus::run_litmus(test, model, options);
                CAPTURE(v.positive);
                CAPTURE(v.negative);
                CAPTURE(v.candidates);
                CHECK_MESSAGE(v.ok == r.expected, r.test << " under " << r.model << ": expected "
                                                         << (r.expected ? "Ok" : "No") << ", got "
                                                         << (v.ok ? "Ok" : "No"));
            } catch (const std::exception& e) {
                FAIL_CHECK(r.test << " under " << r.model << " threw: " << e.what());
            }
        }
    }
}
