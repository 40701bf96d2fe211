// mapsound-work-item-times CHECK --events N [--axiom NAME]... [--shape K] [--cubes K]
//                          [--reference PART]... [--list]
//
// Every work item (one shape at one bound, check::WorkItem) of the chosen
// axioms at bounds 1..N, searched one after another in this process, as an
// MPI worker rank searches it: one CSV line per item with its wall and CPU
// seconds.  Every shape of every bound is searched (the sweep of a holding
// axiom; a failing one stops earlier).  bench/work-items.py turns the lines
// into the distribution and the list-scheduling projection.  With --shape K
// only shape K of bound N is searched (to time one item); with --cubes K
// shapes are split into cubes as `mapsound check --cubes K` splits them;
// --reference selects a reference encoding as `mapsound check` does
// (check::select_reference).
// With --list it prints bound N's items (axiom, bound, index, shape) and
// searches none.
#include <time.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "mapsound/check.hpp"

namespace {

double thread_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

std::string csv_quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

}  // namespace

constexpr const char* kUsage =
    "usage: mapsound-work-item-times CHECK --events N [--axiom NAME]... [--shape K] [--cubes K]\n"
    "                                [--reference PART]... [--list]\n";

int main(int argc, char** argv) {
    using namespace mapsound;
    std::vector<std::string> args(argv + 1, argv + argc);
    std::string check_path;
    int events = 0;
    std::vector<std::string> axioms;
    long only_shape = -1;  // --shape K: that shape of the last bound only
    int cubes = 0;         // --cubes K: check::Options::cube_threads
    bool list = false;     // --list: the items of bound N (index, shape), none searched
    check::Options options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--events" && i + 1 < args.size())
            events = std::atoi(args[++i].c_str());
        else if (args[i] == "--axiom" && i + 1 < args.size())
            axioms.push_back(args[++i]);
        else if (args[i] == "--shape" && i + 1 < args.size())
            only_shape = std::atol(args[++i].c_str());
        else if (args[i] == "--cubes" && i + 1 < args.size())
            cubes = std::atoi(args[++i].c_str());
        else if (args[i] == "--reference" && i + 1 < args.size() && check::select_reference(args[i + 1], options))
            ++i;
        else if (args[i] == "--list")
            list = true;
        else if (check_path.empty() && !args[i].empty() && args[i][0] != '-')
            check_path = args[i];
        else {
            std::cerr << kUsage;
            return 2;
        }
    }
    if (check_path.empty() || events < 1) {
        std::cerr << kUsage;
        return 2;
    }
    try {
        const check::Checker checker(mapping::load_check(check_path));
        if (axioms.empty())
            for (const auto& a : checker.definition().axioms) axioms.push_back(a.name);
        options.cube_threads = cubes;
        if (list) {
            for (const auto& axiom : axioms)
                for (const auto& item : checker.work_items(axiom, events, options))
                    std::cout << axiom << "," << events << "," << item.shape << "," << csv_quoted(item.shape_text)
                              << "\n";
            return 0;
        }
        std::cout << "axiom,bound,shape,shapes,layout,counterexample,wall_seconds,cpu_seconds,variables,clauses\n";
        for (const auto& axiom : axioms) {
            for (int n = only_shape >= 0 ? events : 1; n <= events; ++n) {
                bool failed = false;
                for (const auto& item : checker.work_items(axiom, n, options)) {
                    if (only_shape >= 0 && item.shape != static_cast<std::size_t>(only_shape)) continue;
                    const auto start = std::chrono::steady_clock::now();
                    const double cpu = thread_cpu_seconds();
                    const check::WorkResult r = checker.search(item, options);
                    const double wall =
                        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                    if (!r.error.empty()) {
                        std::cerr << "work item " << item.to_string() << ": " << r.error << "\n";
                        return 1;
                    }
                    failed = failed || r.counterexample;
                    std::cout << axiom << "," << n << "," << item.shape << "," << item.shapes << ","
                              << csv_quoted(item.shape_text) << "," << (r.counterexample ? 1 : 0) << "," << wall
                              << "," << thread_cpu_seconds() - cpu << "," << r.statistics.max_variables << ","
                              << r.statistics.max_clauses << "\n"
                              << std::flush;
                }
                if (failed) break;  // the sweep stops at the bound of the first counterexample
            }
        }
    } catch (const std::exception& e) {
        std::cerr << "mapsound-work-item-times: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
