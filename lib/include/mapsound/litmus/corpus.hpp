// Litmus files in bulk: the files under folders, and expected verdicts
// from `test,model,expected` tables (the development suite's expected.csv,
// tests/litmus/*/expected.csv), for conformance runs.
//
//   for (const auto& file : litmus_files({"tests/litmus/diy"})) ...
//   ExpectedVerdicts expected = read_expected_verdicts("tests/litmus/diy/expected.csv");
//   expected.find(file, "rc11");   // std::optional<bool>
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mapsound::litmus {

// The litmus files 'inputs' name: a file as given; a folder's *.litmus
// files, recursively, sorted by path.  Throws std::runtime_error naming an
// input that does not exist.
std::vector<std::filesystem::path> litmus_files(const std::vector<std::filesystem::path>& inputs);

// Expected verdicts, by test file and model name.
class ExpectedVerdicts {
public:
    // Adds the rows of a `test,model,expected` table: a header line, then
    // rows whose test is a path relative to the table's folder, model a
    // model name (a .cat file's stem: "rc11", "ptx-6.0") and expected 1
    // (the test's condition holds: herd7's Ok) or 0.  Blank lines are
    // skipped.  Throws std::runtime_error "<csv>:<line>: ..." for a table
    // that cannot be read, a malformed row, or a (test, model) pair given
    // twice with different verdicts.
    void read(const std::filesystem::path& csv);

    // The expected verdict of 'file' under 'model', if a table lists it.
    std::optional<bool> find(const std::filesystem::path& file, const std::string& model) const;

    std::size_t size() const { return rows_.size(); }

private:
    std::map<std::pair<std::string, std::string>, bool> rows_;  // (normalized path, model)
};

// A model's name in expected tables: the stem of its file ("models/rc11.cat"
// -> "rc11").
std::string model_name(const std::filesystem::path& model_file);

}  // namespace mapsound::litmus
