// mapsound check: run a mapping check and report per axiom.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "cli/args.hpp"
#include "cli/check_command.hpp"
#include "cli/commands.hpp"
#include "cli/counterexample_files.hpp"
#include "cli/exit_status.hpp"
#include "cli/expectation.hpp"
#include "cli/interrupts.hpp"
#include "cli/json.hpp"
#include "cli/search_progress.hpp"
#include "cli/space_report.hpp"
#include "cli/usage.hpp"
#include "mapsound/check.hpp"
#include "mapsound/coq_export.hpp"
#include "mapsound/model.hpp"
#include "output/output_directory.hpp"

namespace mapsound::cli {

namespace {

double peak_memory_mib() {
    struct rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

// The verdict with what qualifies it: every exclusion of the check is part
// of the claim, so it is on the line.
std::string verdict_line(const check::AxiomResult& r) {
    const std::string excluding = exclusion_suffix(r.space);
    switch (r.verdict) {
        case check::Verdict::holds: return "holds up to " + std::to_string(r.events) + " events" + excluding;
        case check::Verdict::fails: return "fails at " + std::to_string(r.events) + " events" + excluding;
        case check::Verdict::vacuous:
            return "VACUOUS up to " + std::to_string(r.events) + " events" + excluding + " (no counterexample, but " +
                   (r.space.classes.empty() ? std::string("no class of source events is searched")
                                            : "the space misses a class") +
                   ")";
        case check::Verdict::unknown:
            return "unknown (stopped; holds up to " + std::to_string(r.events) + " events" + excluding + ")";
    }
    return "unknown";
}

std::string agreement_text(const ExpectationCheck& e) {
    switch (e.agreement) {
        case Agreement::ok: return "ok";
        case Agreement::different: return "DIFFERENT";
        case Agreement::untested: return "untested (" + e.note + ")";
        case Agreement::vacuous: return "VACUOUS (" + e.note + ")";
        case Agreement::stopped: return "untested (stopped before a verdict)";
    }
    return "?";
}

// One axiom's outcome as the command reports it.
struct Reported {
    check::AxiomResult result;
    ExpectationCheck expectation;
    std::vector<std::string> files;  // written for its counterexample
};

struct Arguments {
    std::string check_path;
    check::Options options;
    bool json = false, progress = false;
    std::optional<std::filesystem::path> output, export_coq;
};

// The parsed command line, or the exit code of a usage error.
std::variant<Arguments, int> parse(const std::vector<std::string>& args) {
    Arguments a;
    std::optional<std::string> check_path;
    const std::string cmd = "check";
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--events" || arg == "--target-events") {
            const auto n = number_option(args, i, cmd);
            if (!n) return 2;
            (arg == "--events" ? a.options.events : a.options.target_events) = *n;
        } else if (arg == "--jobs") {
            const auto n = jobs_option(args, i, cmd);
            if (!n) return 2;
            a.options.jobs = *n;
        } else if (arg == "--cubes") {
            const auto n = number_option(args, i, cmd, 4, "up to 3^K work items per split shape");
            if (!n) return 2;
            a.options.cube_threads = *n;
        } else if (arg == "--reference") {
            // The plain encodings the optimized ones are checked against.
            if (!reference_option(args, i, cmd, a.options)) return 2;
        } else if (arg == "--axiom" || arg == "--output" || arg == "--export-coq") {
            const auto value = text_option(args, i, cmd);
            if (!value) return 2;
            if (arg == "--axiom")
                a.options.axioms.push_back(*value);
            else
                (arg == "--output" ? a.output : a.export_coq) = std::filesystem::path(*value);
        } else if (arg == "--race-free-programs") {
            a.options.race_free_programs = true;
        } else if (arg == "--first-counterexample") {
            a.options.least_counterexample = false;
        } else if (arg == "--json") {
            a.json = true;
        } else if (arg == "--progress") {
            a.progress = true;
        } else if (!arg.empty() && arg[0] == '-') {
            std::cerr << "mapsound check: unknown option '" << arg << "'\n" << synopsis(cmd);
            return 2;
        } else if (!check_path) {
            check_path = arg;
        } else {
            std::cerr << "mapsound check: one check file at a time\n" << synopsis(cmd);
            return 2;
        }
    }
    if (!check_path) {
        std::cerr << "mapsound check: missing the check file\n" << synopsis(cmd);
        return 2;
    }
    if (a.export_coq && a.options.target_events) {
        // The statements quantify over every compiled program, whatever its
        // target size: a search capped on the target side is no evidence
        // for them.  (--race-free-programs is: the statements then assume
        // the program race-free, proofs-export/README.md.)
        std::cerr << "mapsound check: --export-coq takes its evidence from the full search, not with "
                     "--target-events\n";
        return 2;
    }
    a.check_path = *check_path;
    return a;
}

// parse() without its messages (a worker process: the process that
// reports says what is wrong).
std::optional<Arguments> parse_quietly(const std::vector<std::string>& args) {
    std::ostringstream discard;
    auto* saved = std::cerr.rdbuf(discard.rdbuf());
    auto parsed = parse(args);
    std::cerr.rdbuf(saved);
    if (auto* a = std::get_if<Arguments>(&parsed)) return std::move(*a);
    return std::nullopt;
}

// "rc11-scoped (thin-air as an axiom) forbids the outcome: 0 of 3
// consistent executions show it".
std::string judgement_text(const check::LitmusJudgement& j) {
    std::string out = std::filesystem::path(j.model).stem().string();
    for (const auto& f : j.forbidden_flags) out += " (" + f + " as an axiom)";
    out += j.ok ? " allows the outcome: " : " forbids the outcome: ";
    return out + std::to_string(j.positive) + " of " + std::to_string(j.positive + j.negative) +
           " consistent executions show it";
}

std::string judgement_json(const check::LitmusJudgement& j) {
    return "{\"model\": " + json_string(j.model) + ", \"forbidden_flags\": " + json_strings(j.forbidden_flags) +
           ", \"verdict\": \"" + (j.ok ? "Ok" : "No") + "\", \"positive\": " + std::to_string(j.positive) +
           ", \"negative\": " + std::to_string(j.negative) + "}";
}

void print_result(const mapping::CheckDefinition& def, const Reported& rep) {
    const auto& r = rep.result;
    std::cout << r.axiom << ": " << verdict_line(r) << "  (" << fixed(r.seconds, 2) << " s; " << r.statistics.shapes
              << " shapes, " << r.statistics.solver_calls << " SAT calls, " << r.statistics.spurious << " spurious"
              << (r.statistics.racy_programs
                      ? ", " + std::to_string(r.statistics.racy_programs) + " racy programs skipped"
                      : std::string())
              << "; largest SAT problem " << r.statistics.max_variables << " variables, " << r.statistics.max_clauses
              << " clauses)  expected " << expected_text(def, r.axiom) << ": " << agreement_text(rep.expectation)
              << "\n  searched: " << space_text(r.space) << "\n";
    if (r.counterexample) {
        const auto& c = *r.counterexample;
        std::cout << "  counterexample, shape " << c.shape;
        if (c.program_race_free)
            std::cout << (*c.program_race_free
                              ? "; the program is race-free (no consistent execution races)"
                              : "; the program is not race-free (another consistent execution races: a race-free "
                                "execution of a racy program; for race-free programs only, run again with "
                                "--race-free-programs)");
        std::cout << "\n  why: " << c.explanation;
        std::cout << "\n" << c.source_litmus_text << "\n" << c.target_litmus_text;
        std::cout << "  litmus round trip: " << judgement_text(c.round_trip.source) << "; "
                  << judgement_text(c.round_trip.target) << ": "
                  << (c.round_trip.confirmed() ? "confirmed" : "NOT confirmed at the level of outcomes") << "\n";
        for (const auto& w : rep.files) std::cout << "  wrote " << w << "\n";
    }
    std::cout << std::flush;
}

std::string result_json(const mapping::CheckDefinition& def, const Reported& rep) {
    const auto& r = rep.result;
    std::ostringstream o;
    o << "{\"axiom\": " << json_string(r.axiom) << ", \"verdict\": \"" << check::to_string(r.verdict)
      << "\", \"expected\": " << json_string(expected_text(def, r.axiom)) << ", \"expectation\": \""
      << to_string(rep.expectation.agreement) << "\"";
    if (!rep.expectation.note.empty()) o << ", \"expectation_note\": " << json_string(rep.expectation.note);
    o << ", \"events\": " << r.events << ", \"seconds\": " << fixed(r.seconds, 3)
      << ", \"statistics\": " << statistics_json(r.statistics) << ", \"space\": " << space_json(r.space);
    if (r.counterexample) {
        const auto& c = *r.counterexample;
        o << ", \"counterexample\": {\"shape\": " << json_string(c.shape);
        if (c.program_race_free) o << ", \"program_race_free\": " << (*c.program_race_free ? "true" : "false");
        o << ", \"source_litmus\": " << json_string(c.source_litmus_text)
          << ", \"target_litmus\": " << json_string(c.target_litmus_text)
          << ", \"source_dot\": " << json_string(c.source_dot) << ", \"target_dot\": " << json_string(c.target_dot)
          << ", \"explanation\": " << json_string(c.explanation) << ", \"cycle\": [";
        for (std::size_t k = 0; k < c.cycle.size(); ++k) o << (k ? ", " : "") << c.cycle[k];
        o << "]"
          << ", \"round_trip\": {\"source\": " << judgement_json(c.round_trip.source)
          << ", \"target\": " << judgement_json(c.round_trip.target)
          << ", \"confirmed\": " << (c.round_trip.confirmed() ? "true" : "false") << "}"
          << "}, \"files\": " << json_strings(rep.files);
    }
    o << "}";
    return o.str();
}

// One line that says what the run found, for a reader who skips the rest:
// which axioms break and how small the counterexample is, which hold, and
// up to what bound (a bounded search: no claim beyond it).
std::string conclusion_line(const std::vector<Reported>& reported, int bound) {
    std::vector<std::string> fails, holds, vacuous, unknown;
    std::string excluding;
    for (const auto& rep : reported) {
        const auto& r = rep.result;
        excluding = exclusion_suffix(r.space);
        switch (r.verdict) {
            case check::Verdict::fails: fails.push_back(r.axiom + " fails at " + std::to_string(r.events)); break;
            case check::Verdict::holds: holds.push_back(r.axiom); break;
            case check::Verdict::vacuous: vacuous.push_back(r.axiom); break;
            case check::Verdict::unknown: unknown.push_back(r.axiom); break;
        }
    }
    auto list = [](const std::vector<std::string>& items) {
        std::string out;
        for (std::size_t i = 0; i < items.size(); ++i)
            out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
        return out;
    };
    std::string out;
    if (!fails.empty())
        out += "the mapping is unsound: " + list(fails) + " events (smallest counterexamples)";
    else if (!holds.empty() && vacuous.empty() && unknown.empty())
        out += "no counterexample up to " + std::to_string(bound) + " source events";
    else
        out += "no counterexample found";
    if (!holds.empty())
        out += std::string(fails.empty() ? " for " : "; ") + list(holds) + (fails.empty() ? "" : (holds.size() == 1 ? " holds" : " hold")) +
               (fails.empty() ? "" : " up to " + std::to_string(bound) + " events");
    if (!vacuous.empty()) out += "; VACUOUS (the space misses a class): " + list(vacuous);
    if (!unknown.empty()) out += "; unknown (stopped): " + list(unknown);
    return out + excluding;
}

}  // namespace

std::optional<CheckSetup> check_setup(const std::vector<std::string>& args) {
    auto parsed = parse_quietly(args);
    if (!parsed) return std::nullopt;
    try {
        return CheckSetup{check::Checker(mapping::load_check(parsed->check_path)), parsed->options};
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

int check_command(const std::vector<std::string>& args) { return check_command(args, nullptr); }

int check_command(const std::vector<std::string>& args, std::shared_ptr<check::Workers> workers) {
    std::variant<Arguments, int> parsed = 0;
    const std::string usage_text = capture_stderr([&] { parsed = parse(args); });
    if (const int* usage_error = std::get_if<int>(&parsed)) {
        if (wants_json(args)) print_json_error("check", usage_text, *usage_error);
        return *usage_error;
    }
    Arguments& a = std::get<Arguments>(parsed);
    // Bad input found before the search: a message, and with --json the
    // one JSON object of the run.
    auto bad_input = [&](const std::string& message) {
        std::cerr << "mapsound check: " << message << "\n";
        if (a.json) print_json_error("check", message, kBadInput);
        return kBadInput;
    };
    check::Options& options = a.options;
    options.workers = std::move(workers);

    // SIGINT and SIGTERM stop the search; what was finished is reported.
    Interrupts interrupts;
    options.stop = interrupts.token();

    std::optional<check::Checker> checker;
    try {
        checker.emplace(mapping::load_check(a.check_path));
    } catch (const std::exception& e) {
        return bad_input(e.what());
    }
    const auto& def = checker->definition();
    const int bound = options.events.value_or(def.events);
    const bool restricted = options.race_free_programs || options.target_events.has_value();

    // Axioms the check does not list are a usage error found now, before
    // any directory is made.
    for (const auto& axiom : options.axioms) {
        if (std::any_of(def.axioms.begin(), def.axioms.end(), [&](const auto& x) { return x.name == axiom; }))
            continue;
        std::string names;
        for (const auto& x : def.axioms) names += (names.empty() ? "" : ", ") + x.name;
        return bad_input("the check " + def.name + " has no axiom '" + axiom + "'; it has " + names);
    }

    // The output directories are tried before the search, not after it.
    std::optional<output::OutputDirectory> out, coq_out;
    try {
        const auto dir = a.output.value_or(std::filesystem::path("mapsound-out") / output::safe_file_name(def.name));
        out.emplace(dir, "check " + def.name);
        if (a.export_coq) coq_out.emplace(*a.export_coq, "check --export-coq " + def.name);
    } catch (const std::exception& e) {
        return bad_input(e.what());
    }

    const SearchProgress progress(a.progress, a.json);
    progress.attach(options);
    auto clear_line = [&] { progress.clear(); };
    if (!a.json)
        std::cout << "check " << def.name << ": " << display_path(def.source_model) << " -> "
                  << display_path(def.target_model) << " via " << display_path(def.mapping) << ", up to " << bound << " events"
                  << (def.cluster_level ? " (scope tree cta < cluster < gpu < sys)" : "")
                  << (options.target_events ? " (at most " + std::to_string(*options.target_events) + " target events)"
                                            : "")
                  << "\n"
                  << std::flush;

    std::vector<Reported> reported;
    std::vector<std::string> errors;
    auto report_error = [&](const std::string& message) {
        clear_line();
        std::cerr << "mapsound check: " << message << "\n";
        errors.push_back(message);
    };
    bool failed = false;  // an error ended the search
    try {
        // One axiom at a time, so that plain output appears as it is found.
        std::vector<std::string> selected = options.axioms;
        if (selected.empty())
            for (const auto& x : def.axioms) selected.push_back(x.name);
        for (const auto& axiom : selected) {
            check::Options one = options;
            one.axioms = {axiom};
            for (auto& result : checker->run(one)) {
                clear_line();
                Reported rep{std::move(result), {}, {}};
                rep.expectation = compare_with_expectation(def, rep.result, bound, restricted);
                if (rep.result.counterexample) {
                    try {
                        for (const auto& p : write_counterexample(*out, rep.result.axiom, *rep.result.counterexample))
                            rep.files.push_back(p.string());
                    } catch (const std::exception& e) {
                        report_error(e.what());
                    }
                }
                if (!a.json) print_result(def, rep);
                reported.push_back(std::move(rep));
            }
            if (interrupts.interrupted()) break;
        }
    } catch (const std::exception& e) {
        report_error(e.what());
        failed = true;
    }

    // Proof obligations for the axioms found counterexample-free (after a
    // complete run only: an interrupted run's evidence is partial).
    std::optional<coq::ExportReport> exported;
    if (coq_out && !interrupts.interrupted() && !failed && !reported.empty()) {
        std::vector<check::AxiomResult> results;
        for (const auto& rep : reported) results.push_back(rep.result);
        try {
            exported = coq::export_check(def, results, bound, *coq_out);
            coq_out->finish(output::RunStatus::complete);
        } catch (const std::exception& e) {
            exported.reset();
            report_error(std::string("--export-coq: ") + e.what());
            try {
                coq_out->finish(output::RunStatus::failed);  // what was written, listed as such
            } catch (const std::exception&) {
            }
        }
    }
    const auto status = interrupts.interrupted() ? output::RunStatus::interrupted
                        : failed || !errors.empty() ? output::RunStatus::failed
                                                   : output::RunStatus::complete;
    try {
        out->finish(status);
    } catch (const std::exception& e) {
        report_error(e.what());
    }

    bool differs = false, vacuous_or_unknown = false;
    for (const auto& rep : reported) {
        differs = differs || rep.expectation.agreement == Agreement::different;
        vacuous_or_unknown = vacuous_or_unknown || rep.result.verdict == check::Verdict::vacuous ||
                             rep.result.verdict == check::Verdict::unknown;
    }
    int code = exit_status(!errors.empty(), differs, vacuous_or_unknown);
    if (interrupts.interrupted()) code = interrupts.exit_code();

    if (a.json) {
        std::ostringstream o;
        o << "{\"check\": " << json_string(def.name) << ", \"events\": " << bound
          << ", \"output_directory\": " << json_string(out->path().string()) << ", \"results\": [";
        for (std::size_t i = 0; i < reported.size(); ++i) o << (i ? ", " : "") << result_json(def, reported[i]);
        o << "]";
        if (!reported.empty()) o << ", \"conclusion\": " << json_string(conclusion_line(reported, bound));
        if (exported) o << ", \"coq_statements\": " << json_strings(exported->statements);
        if (!errors.empty()) o << ", \"errors\": " << json_strings(errors);
        o << ", \"interrupted\": " << (interrupts.interrupted() ? "true" : "false");
        if (interrupts.interrupted()) o << ", \"signal\": \"" << interrupts.signal_name() << "\"";
        o << ", \"peak_memory_mib\": " << fixed(peak_memory_mib(), 1) << ", \"exit_status\": " << code << "}\n";
        std::cout << o.str() << std::flush;
    } else {
        if (exported) {
            std::cout << "Coq proof obligations in " << coq_out->path().string() << ": "
                      << exported->statements.size() << " lemma statements";
            for (const auto& s : exported->statements) std::cout << " " << s;
            std::cout << " (check them with: make -C " << coq_out->path().string() << ")\n";
        }
        if (!reported.empty()) std::cout << "conclusion: " << conclusion_line(reported, bound) << "\n";
        std::cout << "peak memory " << fixed(peak_memory_mib(), 1) << " MiB\n";
        if (interrupts.interrupted())
            std::cout << "interrupted by " << interrupts.signal_name()
                      << ": the verdicts above are what was proved before the stop"
                      << (coq_out ? "; no proof obligations were written" : "") << "\n";
    }
    return code;
}

}  // namespace mapsound::cli
