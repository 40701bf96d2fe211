// Conformance: runs the development litmus suite (../shared/litmus, data
// from the Dartagnan project) under our models and prints the agreement per
// model.  The verdicts are SUITE_DIR/expected.csv and, for each model
// MODELS_DIR/<model>.cat that exists, SUITE_DIR/expected-<model>.csv.  A disagreement is accepted only if known-differences.csv lists it
// with a reason (a test, or a folder "AARCH64/mixed/" for every test under
// it); any other disagreement, or a listed one that no longer occurs, fails
// the run.
//
//   mapsound-conformance SUITE_DIR MODELS_DIR KNOWN_DIFFERENCES.csv [--only MODEL] [--except MODEL]... [--cross-check]
//                        [--max-executions N] [--sample K]
//
// --max-executions bounds each test's run (default 300,000 pre-executions,
// runs of one thread, consistent executions; see litmus::Budget): a test
// over it is an error, which known-differences.csv must list like any
// disagreement (the development suite's largest, VULKAN/Manual/
// xf-barrier-cbar-rlx-1, has 262,144 consistent executions, in one
// pre-execution with free reads instead of about 2^36).  A count, not a
// time, so that the verdicts do not depend on how busy the machine is.
//
// --cross-check re-checks every candidate with the plain evaluator (see
// RunOptions::cross_check); the timings are then not litmus-mode timings.
// The five slowest tests (CPU time) are listed at the end.
//
// --sample K runs every K-th test of each model's verdict list (the 1st,
// the (K+1)-th, ...: the same tests on every run), for a fast run in the
// tests; a listed difference outside the sample is not checked.  The full
// run is bench/conformance.py's, stored in bench/results/.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "mapsound/litmus/litmus.hpp"
#include "mapsound/litmus/run.hpp"
#include "mapsound/model.hpp"

namespace {

struct Row {
    std::string test, model;
    bool expected = false;
};

std::vector<std::vector<std::string>> read_csv(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::vector<std::vector<std::string>> rows;
    std::string line;
    bool header = true;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        if (header) {
            header = false;
            continue;
        }
        // test,model,rest (the rest may contain commas: it is prose)
        std::vector<std::string> fields;
        std::size_t start = 0;
        for (int i = 0; i < 2; ++i) {
            std::size_t comma = line.find(',', start);
            if (comma == std::string::npos) throw std::runtime_error(path + ": malformed line: " + line);
            fields.push_back(line.substr(start, comma - start));
            start = comma + 1;
        }
        fields.push_back(line.substr(start));
        rows.push_back(std::move(fields));
    }
    return rows;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "usage: mapsound-conformance SUITE_DIR MODELS_DIR KNOWN_DIFFERENCES.csv [--only MODEL] [--except MODEL]... [--max-executions N] [--sample K] "
                     "[--cross-check]\n";
        return 2;
    }
    const std::string suite = argv[1], models = argv[2], known_path = argv[3];
    std::string only;
    std::set<std::string> except;  // --except, repeatable
    mapsound::litmus::RunOptions options;
    std::uint64_t max_executions = 300000;
    std::size_t sample = 1;
    for (int i = 4; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--only" && i + 1 < argc) {
            only = argv[++i];
        } else if (arg == "--except" && i + 1 < argc) {
            except.insert(argv[++i]);
        } else if (arg == "--max-executions" && i + 1 < argc) {
            max_executions = std::stoull(argv[++i]);
        } else if (arg == "--sample" && i + 1 < argc) {
            sample = std::max<std::size_t>(1, std::stoull(argv[++i]));
        } else if (arg == "--cross-check") {
            options.cross_check = true;
        } else {
            std::cerr << "mapsound-conformance: unknown argument '" << arg << "'\n";
            return 2;
        }
    }

    if (!std::filesystem::is_regular_file(suite + "/expected.csv")) {
        // ctest reports 77 as skipped (tests/CMakeLists.txt).
        std::cout << "SKIPPED: no development litmus suite at " << suite << " (no expected.csv)\n";
        return 77;
    }
    std::map<std::pair<std::string, std::string>, std::string> known;
    for (auto& f : read_csv(known_path)) known[{f[0], f[1]}] = f[2];

    const auto started = std::chrono::steady_clock::now();
    std::vector<std::string> verdict_files{suite + "/expected.csv"};
    for (const auto& entry : std::filesystem::directory_iterator(suite)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("expected-", 0) != 0 || entry.path().extension() != ".csv") continue;
        const std::string model = name.substr(9, name.size() - 9 - 4);
        if (std::filesystem::exists(models + "/" + model + ".cat")) verdict_files.push_back(entry.path().string());
    }
    std::sort(verdict_files.begin() + 1, verdict_files.end());
    std::vector<Row> rows;
    std::map<std::string, std::size_t> listed;  // rows per model so far, for --sample
    std::set<std::pair<std::string, std::string>> sampled;
    for (const std::string& file : verdict_files)
        for (auto& f : read_csv(file))
            if ((only.empty() || f[1] == only) && !except.count(f[1]) && listed[f[1]]++ % sample == 0) {
                rows.push_back(Row{f[0], f[1], f[2] == "1"});
                sampled.emplace(f[0], f[1]);
            }

    std::map<std::string, mapsound::model::Model> loaded;
    struct Tally {
        int agree = 0, known_diff = 0, disagree = 0, errors = 0;
        std::vector<double> seconds, cpu_seconds;
    };
    // The slowest tests (CPU time), so that a slow sample can be profiled.
    std::vector<std::pair<double, std::string>> slowest;
    // The CPU time of this thread, which a busy machine does not inflate
    // as it does wall time.
    auto thread_cpu = [] {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
    };
    std::map<std::string, Tally> tally;
    std::set<std::pair<std::string, std::string>> seen_differences;
    int failures = 0;

    for (const Row& row : rows) {
        Tally& t = tally[row.model];
        std::string outcome;
        try {
            if (!loaded.count(row.model))
                loaded.emplace(row.model, mapsound::model::Model::load(models + "/" + row.model + ".cat"));
            const double cpu_start = thread_cpu();
            auto test = mapsound::litmus::parse_litmus_file(suite + "/" + row.test);
            options.expand.budget.max_executions = max_executions;
            mapsound::litmus::Verdict v = mapsound::litmus::run_litmus(test, loaded.at(row.model), options);
            t.cpu_seconds.push_back(thread_cpu() - cpu_start);
            slowest.emplace_back(t.cpu_seconds.back(), row.model + " " + row.test);
            t.seconds.push_back(v.seconds);
            if (v.ok == row.expected) {
                ++t.agree;
                continue;
            }
            outcome = std::string("expected ") + (row.expected ? "Ok" : "No") + ", got " + (v.ok ? "Ok" : "No");
        } catch (const std::exception& e) {
            outcome = std::string("error: ") + e.what();
            ++t.errors;
        }
        auto k = known.find({row.test, row.model});
        // An entry naming a folder ("AARCH64/mixed/") covers every test under it.
        for (auto f = known.begin(); k == known.end() && f != known.end(); ++f)
            if (f->first.second == row.model && !f->first.first.empty() && f->first.first.back() == '/' &&
                row.test.rfind(f->first.first, 0) == 0)
                k = f;
        if (k != known.end()) {
            ++t.known_diff;
            seen_differences.insert(k->first);
            std::cout << "known   " << row.model << " " << row.test << ": " << outcome << " (" << k->second << ")\n";
        } else {
            ++t.disagree;
            ++failures;
            std::cout << "DIFFERS " << row.model << " " << row.test << ": " << outcome << "\n";
        }
    }
    for (const auto& [key, reason] : known) {
        // Under --sample, only the entries the sample ran: a test it ran, or
        // a folder with a test under it that it ran.
        const bool folder = !key.first.empty() && key.first.back() == '/';
        const bool ran = sample == 1 || sampled.count(key) ||
                         (folder && std::any_of(rows.begin(), rows.end(), [&](const Row& r) {
                              return r.model == key.second && r.test.rfind(key.first, 0) == 0;
                          }));
        if (!seen_differences.count(key) && ran && (only.empty() || key.second == only) && !except.count(key.second)) {
            std::cout << "STALE   " << key.second << " " << key.first << ": listed as known, but agrees now\n";
            ++failures;
        }
    }

    // Medians per test: wall time of run_litmus (parsing excluded), and
    // CPU time of parsing and run_litmus.
    auto median_ms = [](std::vector<double> v) {
        if (v.empty()) return 0.0;
        std::sort(v.begin(), v.end());
        return v[v.size() / 2] * 1000;
    };
    std::cout << "\nmodel        tests  agree  known  differ  errors  agreement  median ms/test  median CPU ms/test\n";
    for (auto& [model, t] : tally) {
        const int total = t.agree + t.known_diff + t.disagree;
        std::printf("%-12s %5d  %5d  %5d  %6d  %6d  %8.1f%%  %14.2f  %18.2f\n", model.c_str(), total, t.agree,
                    t.known_diff, t.disagree, t.errors, total ? 100.0 * t.agree / total : 0.0, median_ms(t.seconds),
                    median_ms(t.cpu_seconds));
    }
    std::sort(slowest.rbegin(), slowest.rend());
    if (slowest.size() > 5) slowest.resize(5);
    for (const auto& [seconds, name] : slowest) std::printf("slowest: %8.2f s CPU  %s\n", seconds, name.c_str());
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("whole run %.2f s, peak RSS %.1f MiB\n",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(),
                static_cast<double>(usage.ru_maxrss) / 1024.0);
    int passed = 0;
    for (auto& [model, t] : tally) passed += t.agree + t.known_diff;
    std::printf("\n%d passed, %d failed\n", passed, failures);
    return failures == 0 ? 0 : 1;
}
