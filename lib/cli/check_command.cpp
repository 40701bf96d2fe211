// mapsound check: run a mapping check and report per axiom.
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "mapsound/check.hpp"
#include "mapsound/coq_export.hpp"
#include "mapsound/model.hpp"

extern char** environ;

namespace mapsound::cli {

namespace {

std::atomic<bool> interrupted{false};

extern "C" void on_interrupt(int) { interrupted = true; }

double peak_memory_mib() {
    struct rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

std::string fixed(double v, int digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

// Runs `dot -Tsvg in -o out`; false when dot is missing or fails.
bool render_svg(const std::filesystem::path& in, const std::filesystem::path& out) {
    std::vector<std::string> words{"dot", "-Tsvg", in.string(), "-o", out.string()};
    std::vector<char*> argv;
    for (auto& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    const int rc = posix_spawnp(&pid, "dot", &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) return false;
    int status = 0;
    if (waitpid(pid, &status, 0) < 0) return false;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

std::optional<mapping::AxiomExpectation> expectation_of(const mapping::CheckDefinition& d, const std::string& axiom) {
    for (const auto& a : d.axioms)
        if (a.name == axiom) return a;
    return std::nullopt;
}

// Whether a result is what the check file expects ("unknown" never is).
bool as_expected(const mapping::CheckDefinition& d, const check::AxiomResult& r) {
    const auto e = expectation_of(d, r.axiom);
    if (!e) return false;
    if (r.verdict == check::Verdict::holds) return e->expected == mapping::Expectation::holds;
    if (r.verdict == check::Verdict::fails)
        return e->expected == mapping::Expectation::fails && (!e->smallest || *e->smallest == r.events);
    return false;
}

std::string expected_text(const mapping::CheckDefinition& d, const std::string& axiom) {
    const auto e = expectation_of(d, axiom);
    if (!e) return "?";
    std::string out = mapping::to_string(e->expected);
    if (e->smallest) out += " at " + std::to_string(*e->smallest);
    return out;
}

std::string verdict_line(const check::AxiomResult& r) {
    switch (r.verdict) {
        case check::Verdict::holds: return "holds up to " + std::to_string(r.events) + " events";
        case check::Verdict::fails: return "fails at " + std::to_string(r.events) + " events";
        case check::Verdict::unknown:
            return "unknown (stopped; holds up to " + std::to_string(r.events) + " events)";
    }
    return "unknown";
}

std::string statistics_json(const check::Statistics& s) {
    return "{\"shapes\": " + std::to_string(s.shapes) + ", \"solver_calls\": " + std::to_string(s.solver_calls) +
           ", \"spurious\": " + std::to_string(s.spurious) + ", \"racy_programs\": " + std::to_string(s.racy_programs) +
           ", \"max_variables\": " + std::to_string(s.max_variables) +
           ", \"max_clauses\": " + std::to_string(s.max_clauses) +
           ", \"translation_seconds\": " + fixed(s.translation_seconds, 3) +
           ", \"solve_seconds\": " + fixed(s.solve_seconds, 3) + "}";
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
    std::string flags;
    for (const auto& f : j.forbidden_flags) flags += (flags.empty() ? "" : ", ") + json_string(f);
    return "{\"model\": " + json_string(j.model) + ", \"forbidden_flags\": [" + flags + "], \"verdict\": \"" +
           (j.ok ? "Ok" : "No") + "\", \"positive\": " + std::to_string(j.positive) +
           ", \"negative\": " + std::to_string(j.negative) + "}";
}

struct Files {
    std::vector<std::string> written;
};

Files write_files(const std::filesystem::path& dir, const std::string& axiom, const check::Counterexample& c) {
    Files f;
    std::filesystem::create_directories(dir);
    auto put = [&](const std::string& name, const std::string& text) {
        const auto path = dir / name;
        std::ofstream(path) << text;
        f.written.push_back(path.string());
        return path;
    };
    put(axiom + "-source.litmus", c.source_litmus_text);
    put(axiom + "-target.litmus", c.target_litmus_text);
    for (const auto& [side, text] : {std::pair{"source", &c.source_dot}, std::pair{"target", &c.target_dot}}) {
        const auto dot = put(axiom + "-" + side + ".dot", *text);
        auto svg = dot;
        svg.replace_extension(".svg");
        if (render_svg(dot, svg)) f.written.push_back(svg.string());
    }
    return f;
}

const char* usage =
    "usage: mapsound check CHECK-FILE [--events N] [--target-events M] [--axiom NAME]... [--jobs K] [--json]\n"
    "                      [--output DIR] [--export-coq DIR] [--race-free-programs] [--reference closure|scope-trees|thread-order|all]...\n";

}  // namespace

int check_command(const std::vector<std::string>& args) {
    std::optional<std::string> check_path;
    check::Options options;
    bool json = false;
    std::optional<std::filesystem::path> output, export_coq;
    // The positive number after option i (consumed), into 'into'.
    auto number = [&](std::size_t& i, int& into) {
        const auto value = i + 1 < args.size() ? positive_number(args[++i]) : std::nullopt;
        if (value) into = *value;
        return value.has_value();
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--events") {
            int n = 0;
            if (!number(i, n)) {
                std::cerr << "mapsound check: --events takes a positive number\n";
                return 2;
            }
            options.events = n;
        } else if (a == "--target-events") {
            int m = 0;
            if (!number(i, m)) {
                std::cerr << "mapsound check: --target-events takes a positive number\n";
                return 2;
            }
            options.target_events = m;
        } else if (a == "--jobs") {
            if (!number(i, options.jobs)) {
                std::cerr << "mapsound check: --jobs takes a positive number\n";
                return 2;
            }
        } else if (a == "--reference" && i + 1 < args.size()) {
            // The plain encodings the optimized ones are checked against.
            const std::string part = args[++i];
            const bool all = part == "all";
            if (!all && part != "closure" && part != "scope-trees" && part != "thread-order") {
                std::cerr << "mapsound check: --reference takes closure, scope-trees, thread-order or all, not '"
                          << part << "'\n";
                return 2;
            }
            if (all || part == "closure") options.closure = rel::ClosureEncoding::squaring;
            if (all || part == "scope-trees") options.scope_trees = check::Options::ScopeTrees::enumerated;
            if (all || part == "thread-order") options.order_equal_threads = false;
        } else if (a == "--axiom" && i + 1 < args.size()) {
            options.axioms.push_back(args[++i]);
        } else if (a == "--output" && i + 1 < args.size()) {
            output = args[++i];
        } else if (a == "--export-coq" && i + 1 < args.size()) {
            export_coq = args[++i];
        } else if (a == "--race-free-programs") {
            options.race_free_programs = true;
        } else if (a == "--json") {
            json = true;
        } else if (!a.empty() && a[0] == '-') {
            std::cerr << "mapsound check: unknown option '" << a << "'\n" << usage;
            return 2;
        } else if (!check_path) {
            check_path = a;
        } else {
            std::cerr << "mapsound check: one check file at a time\n" << usage;
            return 2;
        }
    }
    if (!check_path) {
        std::cerr << usage;
        return 2;
    }
    if (export_coq && (options.race_free_programs || options.target_events)) {
        // The statements quantify over every race-free execution of every
        // compiled program: a restricted search is no evidence for them.
        std::cerr << "mapsound check: --export-coq takes its evidence from the full search, not with "
                  << (options.race_free_programs ? "--race-free-programs" : "--target-events") << "\n";
        return 2;
    }

    std::optional<check::Checker> checker;
    try {
        checker.emplace(mapping::load_check(*check_path));
    } catch (const std::exception& e) {
        std::cerr << "mapsound check: " << e.what() << "\n";
        return 1;
    }
    const auto& def = checker->definition();
    const std::filesystem::path out_dir = output.value_or(std::filesystem::path("mapsound-out") / def.name);

    // Ctrl-C asks the search to stop; what was proved so far is reported.
    std::stop_source stop;
    options.stop = stop.get_token();
    interrupted = false;
    auto previous = std::signal(SIGINT, on_interrupt);
    // A signal handler may only set a flag; the watcher polls it, and wakes
    // at once when the run ends (no exit delay).
    std::jthread watcher([&](std::stop_token done) {
        std::mutex m;
        std::condition_variable_any wake;
        std::unique_lock<std::mutex> lock(m);
        while (!done.stop_requested()) {
            if (interrupted) {
                stop.request_stop();
                return;
            }
            wake.wait_for(lock, done, std::chrono::milliseconds(50), [] { return false; });
        }
    });

    const bool live = !json && isatty(STDERR_FILENO);
    if (live) {
        options.progress = [](const check::Progress& p) {
            std::string line = "\r[" + p.axiom + "] bound " + std::to_string(p.bound) + ": " +
                               std::to_string(p.shapes_done) + "/" + std::to_string(p.shapes_total) + " shapes, " +
                               fixed(p.elapsed_seconds, 1) + " s";
            std::cerr << line << "\033[K" << std::flush;
        };
    }
    if (!json)
        std::cout << "check " << def.name << ": " << def.source_model << " -> " << def.target_model << " via "
                  << def.mapping << ", up to " << options.events.value_or(def.events) << " events"
                  << (options.target_events ? " (at most " + std::to_string(*options.target_events) + " target events)" : "")
                  << "\n"
                  << std::flush;

    std::vector<check::AxiomResult> results;
    int code = 0;
    try {
        // One axiom at a time, so that plain output appears as it is found.
        std::vector<std::string> selected = options.axioms;
        if (selected.empty())
            for (const auto& a : def.axioms) selected.push_back(a.name);
        for (const auto& axiom : selected) {
            check::Options one = options;
            one.axioms = {axiom};
            auto r = checker->run(one);
            if (live) std::cerr << "\r\033[K" << std::flush;
            for (auto& result : r) {
                if (!json) {
                    std::cout << result.axiom << ": " << verdict_line(result) << "  (" << fixed(result.seconds, 2)
                              << " s; " << result.statistics.shapes << " shapes, " << result.statistics.solver_calls
                              << " SAT calls, " << result.statistics.spurious << " spurious"
                              << (result.statistics.racy_programs
                                      ? ", " + std::to_string(result.statistics.racy_programs) + " racy programs skipped"
                                      : std::string())
                              << "; largest SAT problem "
                              << result.statistics.max_variables << " variables, " << result.statistics.max_clauses
                              << " clauses)  expected " << expected_text(def, result.axiom) << ": "
                              << (as_expected(def, result) ? "ok" : "DIFFERENT") << "\n";
                    if (result.counterexample) {
                        const auto& c = *result.counterexample;
                        std::cout << "  counterexample, shape " << c.shape;
                        if (c.program_race_free)
                            std::cout << (*c.program_race_free
                                              ? "; the program is race-free (no consistent execution races)"
                                              : "; the program is not race-free (another consistent execution races)");
                        std::cout << "\n" << c.source_litmus_text << "\n" << c.target_litmus_text;
                        std::cout << "  litmus round trip: " << judgement_text(c.round_trip.source) << "; "
                                  << judgement_text(c.round_trip.target) << ": "
                                  << (c.round_trip.confirmed() ? "confirmed" : "NOT confirmed at the level of outcomes")
                                  << "\n";
                        const Files f = write_files(out_dir, result.axiom, c);
                        for (const auto& w : f.written) std::cout << "  wrote " << w << "\n";
                    }
                    std::cout << std::flush;
                }
                if (!as_expected(def, result)) code = 1;
                results.push_back(std::move(result));
            }
            if (stop.stop_requested()) break;
        }
    } catch (const std::exception& e) {
        if (live) std::cerr << "\r\033[K";
        std::cerr << "mapsound check: " << e.what() << "\n";
        code = 1;
    }
    watcher.request_stop();
    std::signal(SIGINT, previous);
    if (stop.stop_requested()) code = 130;

    // Proof obligations for the axioms found counterexample-free (after a
    // complete run only: an interrupted run's evidence is partial).
    std::optional<coq::ExportReport> exported;
    if (export_coq && code != 130 && !results.empty()) {
        try {
            exported = coq::export_check(def, results, options.events.value_or(def.events), *export_coq);
        } catch (const std::exception& e) {
            std::cerr << "mapsound check: --export-coq: " << e.what() << "\n";
            code = 1;
        }
    }

    if (json) {
        std::ostringstream o;
        o << "{\"check\": " << json_string(def.name) << ", \"results\": [";
        for (std::size_t i = 0; i < results.size(); ++i) {
            const auto& r = results[i];
            o << (i ? ", " : "") << "{\"axiom\": " << json_string(r.axiom) << ", \"verdict\": \""
              << check::to_string(r.verdict) << "\", \"expected\": " << json_string(expected_text(def, r.axiom))
              << ", \"events\": " << r.events << ", \"seconds\": " << fixed(r.seconds, 3)
              << ", \"statistics\": " << statistics_json(r.statistics);
            if (r.counterexample) {
                const auto& c = *r.counterexample;
                o << ", \"counterexample\": {\"shape\": " << json_string(c.shape);
                if (c.program_race_free) o << ", \"program_race_free\": " << (*c.program_race_free ? "true" : "false");
                o << ", \"source_litmus\": " << json_string(c.source_litmus_text)
                  << ", \"target_litmus\": " << json_string(c.target_litmus_text)
                  << ", \"source_dot\": " << json_string(c.source_dot)
                  << ", \"target_dot\": " << json_string(c.target_dot)
                  << ", \"round_trip\": {\"source\": " << judgement_json(c.round_trip.source)
                  << ", \"target\": " << judgement_json(c.round_trip.target)
                  << ", \"confirmed\": " << (c.round_trip.confirmed() ? "true" : "false") << "}}";
            }
            o << "}";
        }
        o << "]";
        if (exported) {
            o << ", \"coq_statements\": [";
            for (std::size_t i = 0; i < exported->statements.size(); ++i)
                o << (i ? ", " : "") << json_string(exported->statements[i]);
            o << "]";
        }
        o << ", \"peak_memory_mib\": " << fixed(peak_memory_mib(), 1) << "}\n";
        std::cout << o.str();
    } else {
        if (exported) {
            std::cout << "Coq proof obligations in " << export_coq->string() << ": " << exported->statements.size()
                      << " lemma statements";
            for (const auto& a : exported->statements) std::cout << " " << a;
            std::cout << " (check them with: make -C " << export_coq->string() << ")\n";
        }
        std::cout << "peak memory " << fixed(peak_memory_mib(), 1) << " MiB\n";
        if (code == 130) std::cout << "interrupted: the verdicts above are what was proved before the stop\n";
    }
    return code;
}

}  // namespace mapsound::cli
