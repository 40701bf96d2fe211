// Helpers shared by the litmus tests: parse/print round trips, the parse
// error of a text, the mutation fuzz, and the `test,model,expected` corpora
// (tests/litmus/seeds/ and tests/litmus/audala/) with their herd7 verdicts.
// Everything here goes through mapsound's public API only.
#pragma once

#include <algorithm>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include "mapsound/litmus/litmus.hpp"
#include "mapsound/litmus/run.hpp"
#include "mapsound/model.hpp"
#include "test_skip.hpp"

namespace litmustest {

// The development litmus suite (../shared/litmus, MAPSOUND_LITMUS_SUITE_DIR),
// when it is a directory here.
inline std::optional<std::filesystem::path> suite_dir() {
#ifdef MAPSOUND_LITMUS_SUITE_DIR
    const std::filesystem::path dir = MAPSOUND_LITMUS_SUITE_DIR;
    std::error_code ec;
    if (std::filesystem::is_directory(dir, ec)) return dir;
#endif
    return std::nullopt;
}

// Where the suite is looked for, for messages.
inline std::string suite_where() {
#ifdef MAPSOUND_LITMUS_SUITE_DIR
    return std::filesystem::path(MAPSOUND_LITMUS_SUITE_DIR).string();
#else
    return "(MAPSOUND_LITMUS_SUITE_DIR not defined)";
#endif
}

// Skips the running test case when there is no suite.
inline void skip_without_suite() { mapsound::testing::skip("no development litmus suite at " + suite_where()); }

// The suite's folders in the dialects mapsound reads (PTX, C, OpenCL,
// Vulkan, x86).  The other CPU folders (AARCH64, PPC, RISCV: herd7's
// assembly dialects) have no front end yet (issue 29) and are left out by
// name, so that a new folder of a dialect mapsound reads is never left out
// silently.
inline const std::vector<std::string>& suite_folders_read() {
    static const std::vector<std::string> folders{"C11", "OPENCL", "PTX", "VULKAN", "X86"};
    return folders;
}
inline const std::vector<std::string>& suite_folders_not_read() {
    static const std::vector<std::string> folders{"AARCH64", "PPC", "RISCV"};
    return folders;
}

// Every .litmus file of the folders read, sorted; a top-level folder that is
// in neither list is an error of the test (CHECK), not skipped.
inline std::vector<std::filesystem::path> suite_files(const std::filesystem::path& dir) {
    std::vector<std::filesystem::path> files;
    for (const auto& top : std::filesystem::directory_iterator(dir)) {
        if (!top.is_directory()) continue;
        const std::string name = top.path().filename().string();
        const auto& read = suite_folders_read();
        const auto& not_read = suite_folders_not_read();
        if (std::find(not_read.begin(), not_read.end(), name) != not_read.end()) continue;
        CHECK_MESSAGE(std::find(read.begin(), read.end(), name) != read.end(),
                      "a suite folder no test knows: " << name);
        for (const auto& e : std::filesystem::recursive_directory_iterator(top.path()))
            if (e.is_regular_file() && e.path().extension() == ".litmus") files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}


namespace fs = std::filesystem;
using namespace mapsound::litmus;

// parse(print(t)) == t, and printing is stable.
inline void check_round_trip(const LitmusTest& t) {
    const std::string text = print_litmus(t);
    INFO("printed:\n" << text);
    const LitmusTest again = parse_litmus(text, t.source);
    CHECK(again == t);
    CHECK(print_litmus(again) == text);
}

// The message of the ParseError 'text' raises (fails the test if none).
inline std::string error_of(const std::string& text) {
    try {
        parse_litmus(text, "t.litmus");
    } catch (const ParseError& e) {
        return e.what();
    }
    FAIL("no ParseError for:\n" << text);
    return "";
}

// A deterministic fuzz: 'rounds' mutations of each sample in turn (delete,
// duplicate or insert characters from 'alphabet'), drawn from one generator
// seeded with 'seed'.  Whatever parses must round-trip; anything else must
// fail with ParseError, never another exception.  Both outcomes must occur.
inline void fuzz_round_trip(std::uint64_t seed, const std::string& alphabet,
                            const std::vector<std::string>& samples, int rounds) {
    std::uint64_t state = seed;
    auto rnd = [&](std::size_t n) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<std::size_t>((state >> 33) % n);
    };
    std::size_t parsed = 0;
    std::size_t rejected = 0;
    for (const std::string& base : samples) {
        for (int round = 0; round < rounds; ++round) {
            std::string text = base;
            const int edits = 1 + static_cast<int>(rnd(3));
            for (int e = 0; e < edits && !text.empty(); ++e) {
                const std::size_t pos = rnd(text.size());
                switch (rnd(3)) {
                    case 0: text.erase(pos, 1 + rnd(8)); break;
                    case 1: text.insert(pos, text.substr(rnd(text.size()), rnd(12))); break;
                    default: text.insert(pos, 1, alphabet[rnd(alphabet.size())]); break;
                }
            }
            try {
                const LitmusTest t = parse_litmus(text, "fuzz.litmus");
                ++parsed;
                INFO("mutated source:\n" << text);
                check_round_trip(t);
            } catch (const ParseError&) {
                ++rejected;
            } catch (const std::exception& ex) {
                FAIL_CHECK("unexpected " << std::string(ex.what()) << " for:\n" << text);
            }
        }
    }
    MESSAGE("fuzz: " << parsed << " parsed, " << rejected << " rejected");
    CHECK(parsed > 0);
    CHECK(rejected > 0);
}

// A row of a corpus's expected.csv: expected is herd7's Ok (1) or No (0)
// for the test's own condition under models/<model>.cat.
struct ExpectedRow {
    std::string test;   // file name in the corpus folder
    std::string model;  // model file stem under models/
    bool expected = false;
    int line = 0;       // in expected.csv, for messages
};

inline std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    const auto e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

// Reads 'dir'/'table' (header `test,model,expected`); malformed lines
// are reported as failures, not thrown.
inline std::vector<ExpectedRow> read_expected(const fs::path& dir, const std::string& table = "expected.csv") {
    std::vector<ExpectedRow> rows;
    std::ifstream in(dir / table);
    REQUIRE_MESSAGE(in.good(), "cannot open " << (dir / table).string());
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
        rows.push_back(ExpectedRow{fields[0], fields[1], fields[2] == "1", number});
    }
    return rows;
}

// Checks the suite's verdicts on a few tests that pin parts of a model:
// each case's verdict must be the one the suite's table 'table' (e.g.
// "expected-opencl.csv") gives under the key 'model_key' (so the case list
// says what Dartagnan says), and the one models/'model_file' gives in
// litmus mode.
inline void check_suite_verdicts(const fs::path& suite, const std::string& table, const std::string& model_key,
                                 const std::string& model_file,
                                 const std::vector<std::pair<const char*, bool>>& cases) {
    const auto model = mapsound::model::Model::load(fs::path(MAPSOUND_SOURCE_DIR) / "models" / model_file);
    std::map<std::string, bool> expected;
    for (const ExpectedRow& r : read_expected(suite, table))
        if (r.model == model_key) expected[r.test] = r.expected;
    for (const auto& [file, verdict] : cases) {
        INFO(file);
        REQUIRE(expected.count(file) == 1);
        CHECK(expected.at(file) == verdict);  // the case list says what the table says
        const Verdict v = run_litmus(parse_litmus_file(suite / file), model);
        CHECK(v.ok == verdict);
    }
}

// Checks that a corpus folder and its expected.csv rows agree: there are
// rows, each names an existing file and a (test, model) pair not listed
// before, and every .litmus file in 'dir' has a row.  'check_file' checks
// each .litmus file further.
template <class CheckFile>
void check_listing(const std::vector<ExpectedRow>& rows, const fs::path& dir, CheckFile&& check_file) {
    CHECK(!rows.empty());
    std::set<std::string> listed;
    std::set<std::pair<std::string, std::string>> pairs;
    for (const ExpectedRow& r : rows) {
        CAPTURE(r.line);
        CHECK_MESSAGE(fs::is_regular_file(dir / r.test), r.test << " is listed but does not exist");
        CHECK_MESSAGE(pairs.insert({r.test, r.model}).second, r.test << " under " << r.model << " is listed twice");
        listed.insert(r.test);
    }
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() != ".litmus") continue;
        const std::string name = entry.path().filename().string();
        CHECK_MESSAGE(listed.count(name) == 1, name << " has no row in expected.csv");
        check_file(entry.path());
    }
}

// Runs the row's test ('dir'/test) under 'model_path', cross-checked by the
// evaluator, and checks the verdict against the row; with
// 'require_candidates' also that some pre-execution was considered.
inline void check_verdict(const ExpectedRow& r, const fs::path& dir, const fs::path& model_path,
                          bool require_candidates) {
    CAPTURE(r.test);
    CAPTURE(r.model);
    CAPTURE(r.expected);
    try {
        const LitmusTest test = parse_litmus_file(dir / r.test);
        const mapsound::model::Model model = mapsound::model::Model::load(model_path.string());
        RunOptions options;
        options.cross_check = true;
        const Verdict v = run_litmus(test, model, options);
        CAPTURE(v.positive);
        CAPTURE(v.negative);
        CAPTURE(v.candidates);
        if (require_candidates) CHECK(v.candidates > 0);
        CHECK_MESSAGE(v.ok == r.expected, r.test << " under " << r.model << ": expected "
                                                 << (r.expected ? "Ok" : "No") << ", got "
                                                 << (v.ok ? "Ok" : "No"));
    } catch (const std::exception& e) {
        FAIL_CHECK(r.test << " under " << r.model << " threw: " << e.what());
    }
}

}  // namespace litmustest
