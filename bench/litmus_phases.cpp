// Where litmus mode's time goes on light tests, in one process: the tests
// of the given folders under one model, each decided 'repeat' times.
// Prints the median CPU time per test of the whole decision (parse and
// run_litmus, as the tool does it) and, measured separately on the same
// tests, the share of its phases: parsing, expansion (pre-executions),
// the query per pre-execution (vocabulary, model instantiation, bounds),
// translation to SAT, and solving (the enumeration).  Never asserts;
// bench/run.py litmus-light stores its output.
//
//   build/bench/mapsound-bench-litmus MODEL.cat REPEAT FOLDER-OR-FILE...
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "litmus/query.hpp"
#include "mapsound/litmus/corpus.hpp"
#include "mapsound/litmus/litmus.hpp"
#include "mapsound/litmus/run.hpp"
#include "mapsound/model.hpp"

namespace {

using namespace mapsound;

double cpu_now() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "usage: mapsound-bench-litmus MODEL.cat REPEAT FOLDER-OR-FILE...\n";
        return 2;
    }
    const model::Model model = model::Model::load(argv[1]);
    const int repeat = std::max(1, std::stoi(argv[2]));
    std::vector<std::filesystem::path> inputs;
    for (int i = 3; i < argc; ++i) inputs.emplace_back(argv[i]);
    const std::vector<std::filesystem::path> files = litmus::litmus_files(inputs);

    // The whole decision per test, as the tool runs it: parse and decide;
    // and the same without looking for raised flags.
    std::vector<double> per_test, per_test_no_flags;
    std::size_t decided = 0, skipped = 0;
    double whole = 0;
    for (const bool flags : {true, false}) {
        const double whole_start = cpu_now();
        for (int r = 0; r < repeat; ++r)
            for (const auto& f : files) {
                const double t0 = cpu_now();
                try {
                    const litmus::LitmusTest test = litmus::parse_litmus_file(f);
                    litmus::RunOptions options;
                    options.expand.budget.max_executions = 1000000;
                    options.report_flags = flags;
                    (void)litmus::run_litmus(test, model, options);
                    decided += flags ? 1 : 0;
                } catch (const std::exception&) {
                    skipped += flags ? 1 : 0;
                    continue;
                }
                (flags ? per_test : per_test_no_flags).push_back(cpu_now() - t0);
            }
        if (flags) whole = cpu_now() - whole_start;
    }

    // The phases, on the same tests: every pre-execution's query, its
    // translation and its enumeration, as run_enumerate.cpp does them
    // (without flags, states or the condition).
    double parse = 0, expand = 0, query = 0, translate = 0, solve = 0;
    for (int r = 0; r < repeat; ++r)
        for (const auto& f : files) {
            double t = cpu_now();
            std::optional<litmus::LitmusTest> test;
            try {
                test = litmus::parse_litmus_file(f);
            } catch (const std::exception&) {
                continue;
            }
            parse += cpu_now() - t;
            std::vector<litmus::Candidate> candidates;
            t = cpu_now();
            try {
                litmus::ExpandOptions eo;
                eo.budget.max_executions = 1000000;
                eo.free_reads = litmus::has_free_reads(*test);
                candidates = litmus::expand(*test, eo);
            } catch (const std::exception&) {
                continue;
            }
            expand += cpu_now() - t;
            for (const litmus::Candidate& c : candidates) {
                t = cpu_now();
                litmus::detail::LitmusQuery q(model, c);
                const rel::Formula formula = q.consistent();
                query += cpu_now() - t;
                t = cpu_now();
                rel::Options so;
                so.symmetry = rel::SymmetryBreaking::off;
                rel::Problem problem(formula, q.bounds, so);
                translate += cpu_now() - t;
                t = cpu_now();
                while (problem.solve() == rel::Outcome::satisfiable) problem.block_instance();
                solve += cpu_now() - t;
            }
        }
    const double phases = parse + expand + query + translate + solve;
    auto share = [&](double x) { return phases > 0 ? 100.0 * x / phases : 0.0; };
    std::printf("model %s, %zu files x %d: %zu decided, %zu skipped (errors or budget)\n", argv[1], files.size(), repeat,
                decided, skipped);
    std::printf("median CPU ms per test (parse + run_litmus): %.3f (without looking for flags: %.3f)\n",
                median(per_test) * 1000, median(per_test_no_flags) * 1000);
    std::printf("mean CPU ms per test (whole loop): %.3f\n", decided ? whole / static_cast<double>(decided) * 1000 : 0.0);
    std::printf("phases (CPU, without flags, states and condition): parse %.1f%%, expand %.1f%%, query %.1f%%, "
                "translate %.1f%%, solve %.1f%%\n",
                share(parse), share(expand), share(query), share(translate), share(solve));
    return 0;
}
