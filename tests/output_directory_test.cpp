// Where result files go (lib/output): names from input made safe, files
// written whole and never through a link, the manifest and the removal of
// an earlier run's files.
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "output/output_directory.hpp"

using namespace mapsound::output;
namespace fs = std::filesystem;

namespace {

struct TempDir {
    fs::path path;
    TempDir() {
        static std::atomic<int> counter{0};
        std::random_device rd;
        path = fs::temp_directory_path() /
               ("mapsound-output-test-" + std::to_string(rd()) + "-" + std::to_string(counter++));
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void put(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

std::vector<std::string> entries(const fs::path& dir) {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

TEST_CASE("output: safe file names") {
    CHECK(safe_file_name("thin-air") == "thin-air");
    CHECK(safe_file_name("coherence.v2_x") == "coherence.v2_x");
    // Anything else is replaced and the name gets a hash of the original, so
    // that different inputs keep different names.
    const std::string up = safe_file_name("../x");
    CHECK(up.rfind("_._x-", 0) == 0);
    CHECK(up.size() == std::string("_._x-").size() + 8);
    CHECK(safe_file_name("/abs/path").rfind("_abs_path-", 0) == 0);
    CHECK(safe_file_name("a/b") != safe_file_name("a_b"));
    CHECK(safe_file_name("a b") != safe_file_name("a_b"));
    CHECK(safe_file_name("-rf").rfind("_rf-", 0) == 0);
    CHECK(safe_file_name("").rfind("_-", 0) == 0);
    CHECK(safe_file_name("..").rfind("_.-", 0) == 0);
    CHECK(safe_file_name("caf\xc3\xa9").rfind("caf__-", 0) == 0);
    CHECK(safe_file_name(std::string("a\0b", 3)) != safe_file_name("a_b"));
    CHECK(safe_file_name(std::string(300, 'a')).size() == 100 + 9);
    for (const char* s : {"../x", "/abs/path", "", "..", ".", "a\nb", "*", "x y"}) {
        CAPTURE(s);
        const std::string safe = safe_file_name(s);
        CHECK(safe.find('/') == std::string::npos);
        CHECK(safe_file_name(safe) == safe);  // already safe: unchanged
        CHECK(is_safe_relative(safe));
    }
    CHECK(is_safe_relative("counterexamples/thin-air-source.litmus"));
    for (const char* s : {"", "/x", "x/", "../x", "a/b/c", "a//b", ".x", "x/..", "a b"}) {
        CAPTURE(s);
        CHECK(!is_safe_relative(s));
    }
}

TEST_CASE("output: a file is written whole, listed, and never through a link") {
    TempDir t;
    const fs::path dir = t.path / "new" / "out";
    OutputDirectory out(dir, "test run");
    CHECK(fs::is_directory(dir));  // created up front
    CHECK(entries(dir).empty());   // and nothing left of the probe

    const fs::path victim = t.path / "victim.txt";
    put(victim, "the user's\n");
    fs::create_symlink(victim, dir / "a.litmus");
    CHECK(out.write("a.litmus", "text A\n") == dir / "a.litmus");
    CHECK(!fs::is_symlink(dir / "a.litmus"));
    CHECK(read(dir / "a.litmus") == "text A\n");
    CHECK(read(victim) == "the user's\n");

    // A link where a subdirectory goes is replaced by a directory.
    const fs::path elsewhere = t.path / "elsewhere";
    fs::create_directories(elsewhere);
    fs::create_directory_symlink(elsewhere, dir / "sub");
    out.write("sub/b.txt", "text B\n");
    CHECK(!fs::is_symlink(dir / "sub"));
    CHECK(read(dir / "sub" / "b.txt") == "text B\n");
    CHECK(entries(elsewhere).empty());

    // A name that is not safe is a programming error, not a path.
    CHECK_THROWS_AS(out.write("../escape", "x"), std::invalid_argument);
    CHECK_THROWS_AS(out.write("/tmp/x", "x"), std::invalid_argument);
    CHECK_THROWS_AS(out.write("MANIFEST", "x"), std::invalid_argument);

    out.write_unlisted("Proofs.v", "yours\n");
    CHECK(out.exists("Proofs.v"));
    CHECK(out.exists("sub/b.txt"));
    CHECK(!out.exists("nothing"));
    CHECK(out.written().size() == 3);

    out.finish(RunStatus::complete);
    CHECK(lines_of(read(dir / "MANIFEST")) ==
          std::vector<std::string>{"mapsound-manifest 1", "run test run", "status complete", "file a.litmus",
                                   "file sub/b.txt"});
    CHECK(entries(dir) == std::vector<std::string>{"MANIFEST", "Proofs.v", "a.litmus", "sub"});
}

TEST_CASE("output: the manifest follows the run, and an earlier run's files go") {
    TempDir t;
    const fs::path dir = t.path / "out";
    {
        OutputDirectory first(dir, "first");
        first.write("old.litmus", "old\n");
        first.write("kept.litmus", "old kept\n");
        first.write("sub/old.txt", "old\n");
        // While running, the manifest lists what is written so far.
        CHECK(lines_of(read(dir / "MANIFEST"))[2] == "status running");
        first.finish(RunStatus::complete);
    }
    put(dir / "notes.txt", "the user's\n");
    put(t.path / "outside.txt", "outside\n");
    {
        // Entries a manifest has no business with are ignored.
        std::ofstream(dir / "MANIFEST", std::ios::app) << "file ../outside.txt\nstale /etc/passwd\nfile a/b/c\n";
    }
    OutputDirectory second(dir, "second");
    second.write("kept.litmus", "new\n");
    // The earlier run's other files are still there, listed as stale.
    const auto running = lines_of(read(dir / "MANIFEST"));
    CHECK(running == std::vector<std::string>{"mapsound-manifest 1", "run second", "status running",
                                              "file kept.litmus", "stale old.litmus", "stale sub/old.txt"});
    second.finish(RunStatus::interrupted);
    CHECK(lines_of(read(dir / "MANIFEST")) == std::vector<std::string>{"mapsound-manifest 1", "run second",
                                                                       "status interrupted", "file kept.litmus"});
    CHECK(entries(dir) == std::vector<std::string>{"MANIFEST", "kept.litmus", "notes.txt"});  // sub/ emptied, gone
    CHECK(read(dir / "kept.litmus") == "new\n");
    CHECK(read(t.path / "outside.txt") == "outside\n");
}

TEST_CASE("output: a directory that cannot be used is an error before anything is written") {
    TempDir t;
    put(t.path / "file", "a regular file\n");
    // Below a regular file: fails for every user, root included.
    CHECK_THROWS_WITH_AS(OutputDirectory(t.path / "file" / "sub", "run"),
                         doctest::Contains("cannot create or open it"), OutputError);
    CHECK_THROWS_AS(OutputDirectory(t.path / "file", "run"), OutputError);
    CHECK(read(t.path / "file") == "a regular file\n");
    if (::geteuid() != 0) {
        fs::create_directories(t.path / "ro");
        fs::permissions(t.path / "ro", fs::perms::owner_read | fs::perms::owner_exec);
        CHECK_THROWS_WITH_AS(OutputDirectory(t.path / "ro", "run"), doctest::Contains("cannot write in it"),
                             OutputError);
        fs::permissions(t.path / "ro", fs::perms::owner_all);
    }
    // A file in the way of a subdirectory is a write error naming it.
    OutputDirectory out(t.path / "ok", "run");
    put(t.path / "ok" / "sub", "in the way\n");
    CHECK_THROWS_WITH_AS(out.write("sub/x", "x"), doctest::Contains("sub: cannot write into it"), OutputError);
}
