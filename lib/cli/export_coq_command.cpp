// mapsound export-coq: run a mapping check and write its Coq proof
// obligations (proofs-export/README.md).
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "mapsound/check.hpp"
#include "mapsound/coq_export.hpp"

namespace mapsound::cli {

namespace {

const char* const usage = "usage: mapsound export-coq CHECK-FILE -o DIR [--events N] [--jobs K]\n";

}  // namespace

int export_coq_command(const std::vector<std::string>& args) {
    std::optional<std::string> check_path;
    std::optional<std::filesystem::path> dir;
    check::Options options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if ((a == "--events" || a == "--jobs") && i + 1 < args.size()) {
            const auto n = positive_number(args[++i]);
            if (!n) {
                std::cerr << "mapsound export-coq: " << a << " takes a positive number\n";
                return 2;
            }
            if (a == "--events")
                options.events = *n;
            else
                options.jobs = *n;
        } else if ((a == "-o" || a == "--output") && i + 1 < args.size()) {
            dir = args[++i];
        } else if (!a.empty() && a[0] == '-') {
            std::cerr << "mapsound export-coq: unknown or incomplete option '" << a << "'\n" << usage;
            return 2;
        } else if (!check_path) {
            check_path = a;
        } else {
            std::cerr << "mapsound export-coq: one check file at a time\n" << usage;
            return 2;
        }
    }
    if (!check_path || !dir) {
        std::cerr << usage;
        return 2;
    }
    try {
        check::Checker checker(mapping::load_check(*check_path));
        const auto& def = checker.definition();
        const int events = options.events.value_or(def.events);
        std::cout << "check " << def.name << " up to " << events << " events (bounded evidence for the statements)\n"
                  << std::flush;
        const std::vector<check::AxiomResult> results = checker.run(options);
        for (const auto& r : results) {
            char seconds[32];
            std::snprintf(seconds, sizeof seconds, "%.2f", r.seconds);
            std::cout << "  " << r.axiom << ": " << check::to_string(r.verdict)
                      << (r.verdict == check::Verdict::fails ? " at " : " up to ") << r.events << " events ("
                      << seconds << " s)\n";
        }
        const coq::ExportReport report = coq::export_check(def, results, events, *dir);
        std::cout << "wrote " << report.written.size() << " files to " << dir->string() << "\n";
        for (const auto& k : report.kept) std::cout << "  kept " << k << " (yours, never overwritten)\n";
        for (const auto& s : report.statements) std::cout << "  statement: " << s << "\n";
        for (const auto& o : report.omitted) std::cout << "  no statement: " << o << "\n";
        for (const auto& r : report.refuted) std::cout << "  refuted by its counterexample: " << r << "\n";
        std::cout << "check the proofs with: make -C " << dir->string() << "\n";
    } catch (const std::exception& e) {
        std::cerr << "mapsound export-coq: " << e.what() << "\n";
        return 1;
    }
    return 0;
}

}  // namespace mapsound::cli
