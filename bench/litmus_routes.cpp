// Litmus mode's two routes on heavy tests: for each test, the wall time of
// counting every execution (RunOptions::Method::enumerate), of deciding by
// SAT (decide) and of the default (automatic), each under a time limit,
// with the verdicts.  Never asserts; bench/run.py litmus-routes stores its
// output.
//
//   build/bench/mapsound-bench-routes MODEL.cat SECONDS TEST.litmus...
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

#include "mapsound/litmus/litmus.hpp"
#include "mapsound/litmus/run.hpp"
#include "mapsound/model.hpp"

namespace {

using namespace mapsound;
using litmus::RunOptions;

// "Ok 1.234 s", "Ok 0.010 s (not counted)", "over 120 s", "error: ..."
std::string attempt(const litmus::LitmusTest& test, const model::Model& model, RunOptions::Method method, double seconds) {
    RunOptions options;
    options.method = method;
    options.expand.budget.max_executions = 1000000;  // the tool's default
    options.expand.budget.seconds = seconds;
    const auto start = std::chrono::steady_clock::now();
    options.expand.budget.deadline =
        start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
    char buffer[128];
    try {
        const litmus::Verdict v = litmus::run_litmus(test, model, options);
        std::snprintf(buffer, sizeof buffer, "%s %.3f s%s", v.ok ? "Ok" : "No", v.seconds,
                      v.counted ? "" : " (not counted)");
        return buffer;
    } catch (const litmus::BudgetExceeded& e) {
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::snprintf(buffer, sizeof buffer, "over the budget after %.1f s", s);
        return std::string(buffer) + (std::string(e.what()).find("size limit") != std::string::npos ? " (size limit)" : "");
    } catch (const std::exception& e) {
        return std::string("error: ") + e.what();
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "usage: mapsound-bench-routes MODEL.cat SECONDS TEST.litmus...\n";
        return 2;
    }
    const model::Model model = model::Model::load(argv[1]);
    const double seconds = std::stod(argv[2]);
    std::printf("model %s, time limit %.0f s per route\n", argv[1], seconds);
    std::printf("| test | enumerate | decide (SAT) | automatic |\n|---|---|---|---|\n");
    for (int i = 3; i < argc; ++i) {
        litmus::LitmusTest test;
        try {
            test = litmus::parse_litmus_file(argv[i]);
        } catch (const std::exception& e) {
            std::printf("| %s | error: %s | | |\n", argv[i], e.what());
            continue;
        }
        const std::string counted = attempt(test, model, RunOptions::Method::enumerate, seconds);
        const std::string decided = attempt(test, model, RunOptions::Method::decide, seconds);
        const std::string automatic = attempt(test, model, RunOptions::Method::automatic, seconds);
        std::printf("| %s | %s | %s | %s |\n", test.name.c_str(), counted.c_str(), decided.c_str(), automatic.c_str());
        std::fflush(stdout);
    }
    return 0;
}
