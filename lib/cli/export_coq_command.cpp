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
#include "cli/exit_status.hpp"
#include "cli/interrupts.hpp"
#include "cli/usage.hpp"
#include "mapsound/check.hpp"
#include "mapsound/coq_export.hpp"
#include "output/output_directory.hpp"

namespace mapsound::cli {

int export_coq_command(const std::vector<std::string>& args) {
    const std::string cmd = "export-coq";
    std::optional<std::string> check_path;
    std::optional<std::filesystem::path> dir;
    check::Options options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--events") {
            const auto n = number_option(args, i, cmd);
            if (!n) return 2;
            options.events = *n;
        } else if (a == "--jobs") {
            const auto n = jobs_option(args, i, cmd);
            if (!n) return 2;
            options.jobs = *n;
        } else if (a == "--race-free-programs") {
            // The statements then read race freedom per program (their
            // premise race_free_program S), as the search does.
            options.race_free_programs = true;
        } else if (a == "-o" || a == "--output") {
            const auto value = text_option(args, i, cmd);
            if (!value) return 2;
            dir = *value;
        } else if (!a.empty() && a[0] == '-') {
            std::cerr << "mapsound export-coq: unknown option '" << a << "'\n" << synopsis(cmd);
            return 2;
        } else if (!check_path) {
            check_path = a;
        } else {
            std::cerr << "mapsound export-coq: one check file at a time\n" << synopsis(cmd);
            return 2;
        }
    }
    if (!check_path || !dir) {
        std::cerr << "mapsound export-coq: missing " << (!check_path ? "the check file" : "the output directory (-o DIR)")
                  << "\n" << synopsis(cmd);
        return 2;
    }
    // SIGINT and SIGTERM stop the search; then nothing is exported, since
    // the statements need the complete search as their evidence.
    Interrupts interrupts;
    options.stop = interrupts.token();
    bool vacuous_or_unknown = false;
    try {
        check::Checker checker(mapping::load_check(*check_path));
        const auto& def = checker.definition();
        output::OutputDirectory out(*dir, "export-coq " + def.name);  // tried before the search
        const int events = options.events.value_or(def.events);
        std::cout << "check " << def.name << " up to " << events << " events (bounded evidence for the statements)\n"
                  << std::flush;
        const std::vector<check::AxiomResult> results = checker.run(options);
        for (const auto& r : results) {
            vacuous_or_unknown = vacuous_or_unknown || r.verdict == check::Verdict::vacuous ||
                                 r.verdict == check::Verdict::unknown;
            char seconds[32];
            std::snprintf(seconds, sizeof seconds, "%.2f", r.seconds);
            std::cout << "  " << r.axiom << ": " << check::to_string(r.verdict)
                      << (r.verdict == check::Verdict::fails ? " at " : " up to ") << r.events << " events ("
                      << seconds << " s)\n";
        }
        if (interrupts.interrupted()) {
            std::cout << "interrupted by " << interrupts.signal_name() << ": nothing written to "
                      << dir->string() << " (the statements need the complete search)\n";
            return interrupts.exit_code();
        }
        std::optional<coq::ExportReport> exported;
        try {
            exported = coq::export_check(def, results, events, out);
        } catch (...) {
            out.finish(output::RunStatus::failed);  // what was written, listed as such
            throw;
        }
        out.finish(output::RunStatus::complete);
        const coq::ExportReport& report = *exported;
        std::cout << "wrote " << report.written.size() << " files to " << dir->string() << "\n";
        for (const auto& k : report.kept) std::cout << "  kept " << k << " (yours, never overwritten)\n";
        for (const auto& s : report.statements) std::cout << "  statement: " << s << "\n";
        for (const auto& o : report.omitted) std::cout << "  no statement: " << o << "\n";
        for (const auto& r : report.refuted) std::cout << "  refuted by its counterexample: " << r << "\n";
        std::cout << "check the proofs with: make -C " << dir->string() << "\n";
    } catch (const std::exception& e) {
        std::cerr << "mapsound export-coq: " << e.what() << "\n";
        return interrupts.interrupted() ? interrupts.exit_code() : kBadInput;
    }
    return vacuous_or_unknown ? kVacuousOrUnknown : kAsExpected;
}

}  // namespace mapsound::cli
