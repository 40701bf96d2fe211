// mapsound litmus: decide litmus tests under one or more models, herd7-style
// output; folders are searched for *.litmus files, and with --expected the
// verdicts are compared with a `test,model,expected` table (a conformance
// run: per model, how many agree, differ, cannot be read, or ran out of
// budget).
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/counterexample_files.hpp"
#include "cli/exit_status.hpp"
#include "cli/herd_output.hpp"
#include "cli/json.hpp"
#include "cli/model_path.hpp"
#include "cli/usage.hpp"
#include "mapsound/litmus/corpus.hpp"
#include "mapsound/litmus/litmus.hpp"
#include "mapsound/litmus/run.hpp"
#include "mapsound/model.hpp"
#include "check/execution_dot.hpp"
#include "litmus/run_common.hpp"
#include "output/output_directory.hpp"

namespace mapsound::cli {

namespace {

namespace fs = std::filesystem;

// The default cap on pre-executions, paths through one thread and
// consistent executions per test: far above what real litmus tests need
// (the development suite's largest test has a few thousand), low enough
// that a runaway expansion ends in seconds with a message.
constexpr std::uint64_t kDefaultMaxExecutions = 1000000;

// A test's outcome under one model.
enum class Outcome { ok, no, unreadable, over_budget };

// Per model: the outcomes, and against the expected table.
struct Tally {
    int tests = 0, ok = 0, no = 0, unreadable = 0, over_budget = 0;
    int agreed = 0, differing = 0, unlisted = 0;
    std::map<std::string, int> flagged;    // flag -> tests that raise it
    std::vector<std::string> differences;  // "file (expected Ok, got No)"
    std::vector<std::string> problems;     // "file: message"
};

// The live progress line on stderr: rewritten in place on a terminal,
// otherwise (forced with --progress) one line a second.
class ProgressLine {
public:
    ProgressLine(bool enabled, bool terminal) : enabled_(enabled), terminal_(terminal) {}

    void show(const std::string& what, const litmus::Progress& p) {
        if (!enabled_) return;
        const auto now = std::chrono::steady_clock::now();
        const auto every = terminal_ ? std::chrono::milliseconds(200) : std::chrono::milliseconds(1000);
        if (now - last_ < every) return;
        last_ = now;
        std::cerr << (terminal_ ? "\r" : "") << what << ": " << p.candidates << " pre-executions, " << p.executions
                  << " executions, " << fixed(p.seconds, 1) << " s" << (terminal_ ? "\033[K" : "\n") << std::flush;
        shown_ = true;
    }

    // Erases the line if this process showed it, or with 'child' if a
    // child process may have.
    void clear(bool child = false) {
        if (enabled_ && terminal_ && (shown_ || child)) std::cerr << "\r\033[K" << std::flush;
        shown_ = false;
    }

private:
    bool enabled_;
    bool terminal_;
    bool shown_ = false;
    std::chrono::steady_clock::time_point last_{};
};

// The outcome of one test under one model.
struct Result {
    Outcome outcome = Outcome::unreadable;
    std::optional<litmus::Verdict> verdict;
    std::string message;  // the error, for unreadable and over-budget tests
};

Result run_one(const litmus::LitmusTest& test, const model::Model& model, const litmus::RunOptions& options) {
    Result r;
    try {
        r.verdict = litmus::run_litmus(test, model, options);
        r.outcome = r.verdict->ok ? Outcome::ok : Outcome::no;
    } catch (const litmus::BudgetExceeded& e) {
        r.outcome = Outcome::over_budget;
        r.message = e.what();
    } catch (const std::exception& e) {
        r.message = e.what();
    }
    return r;
}

// A Result through a pipe: fields as "<length>:<bytes>".
std::string encode(const Result& r) {
    std::string out;
    auto field = [&](const std::string& f) { out += std::to_string(f.size()) + ":" + f; };
    field(std::to_string(static_cast<int>(r.outcome)));
    field(r.message);
    field(r.verdict ? "1" : "0");
    if (r.verdict) {
        const litmus::Verdict& v = *r.verdict;
        for (const std::string& f : {v.test, v.file, v.model, std::string(v.ok ? "1" : "0"), std::to_string(v.positive),
                                     std::to_string(v.negative), std::to_string(v.candidates), std::to_string(v.seconds),
                                     std::to_string(v.states.size()), std::to_string(v.flags.size()),
                                     std::string(v.counted ? "1" : "0")})
            field(f);
        for (const auto& st : v.states) field(st);
        for (const auto& fl : v.flags) field(fl);
    }
    return out;
}

std::optional<Result> decode(const std::string& in) {
    std::size_t pos = 0;
    auto field = [&]() -> std::optional<std::string> {
        const std::size_t colon = in.find(':', pos);
        if (colon == std::string::npos) return std::nullopt;
        const std::size_t n = std::stoul(in.substr(pos, colon - pos));
        if (colon + 1 + n > in.size()) return std::nullopt;
        std::string f = in.substr(colon + 1, n);
        pos = colon + 1 + n;
        return f;
    };
    try {
        Result r;
        const auto outcome = field(), message = field(), has = field();
        if (!outcome || !message || !has) return std::nullopt;
        r.outcome = static_cast<Outcome>(std::stoi(*outcome));
        r.message = *message;
        if (*has == "1") {
            std::vector<std::string> f;
            for (int i = 0; i < 11; ++i) {
                auto x = field();
                if (!x) return std::nullopt;
                f.push_back(*x);
            }
            litmus::Verdict v;
            v.test = f[0];
            v.file = f[1];
            v.model = f[2];
            v.ok = f[3] == "1";
            v.positive = std::stoull(f[4]);
            v.negative = std::stoull(f[5]);
            v.candidates = std::stoull(f[6]);
            v.seconds = std::stod(f[7]);
            v.counted = f[10] == "1";
            for (std::size_t i = 0, n = std::stoul(f[8]); i < n; ++i) {
                auto st = field();
                if (!st) return std::nullopt;
                v.states.push_back(*st);
            }
            for (std::size_t i = 0, n = std::stoul(f[9]); i < n; ++i) {
                auto fl = field();
                if (!fl) return std::nullopt;
                v.flags.push_back(*fl);
            }
            r.verdict = std::move(v);
        }
        return r;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

// run_one in a child process, which is killed when it overruns the time
// limit by more than a grace period: the budget is checked as the work
// goes, but translating one large pre-execution into SAT cannot be
// interrupted from inside.  'where' names the test in messages.
Result run_isolated(const litmus::LitmusTest& test, const model::Model& model, const litmus::RunOptions& options,
                    double seconds, const std::string& where) {
    int fds[2];
    if (pipe(fds) != 0) return run_one(test, model, options);
    std::cout.flush();
    std::cerr.flush();
    const pid_t child = fork();
    if (child < 0) {
        close(fds[0]);
        close(fds[1]);
        return run_one(test, model, options);
    }
    if (child == 0) {
        close(fds[0]);
        const std::string data = encode(run_one(test, model, options));
        std::size_t done = 0;
        while (done < data.size()) {
            const ssize_t n = write(fds[1], data.data() + done, data.size() - done);
            if (n <= 0) break;
            done += static_cast<std::size_t>(n);
        }
        std::cerr.flush();
        _exit(0);
    }
    close(fds[1]);
    const auto limit = std::chrono::steady_clock::now() +
                       std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                           std::chrono::duration<double>(seconds * 1.2 + 1.0));
    std::string data;
    bool killed = false;
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(limit - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            kill(child, SIGKILL);
            killed = true;
            break;
        }
        pollfd p{fds[0], POLLIN, 0};
        const int ready = poll(&p, 1, static_cast<int>(std::min<std::int64_t>(left.count(), 1000)));
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) continue;
        char buffer[4096];
        const ssize_t n = read(fds[0], buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;  // the child closed the pipe: done
        data.append(buffer, static_cast<std::size_t>(n));
    }
    close(fds[0]);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    Result r;
    if (killed) {
        r.outcome = Outcome::over_budget;
        r.message = where + ": time limit of " + litmus::detail::seconds_text(seconds) +
                    " s exceeded (stopped while translating or solving one pre-execution)";
        return r;
    }
    if (auto decoded = decode(data)) return *decoded;
    r.message = where + ": the run ended without a result (" +
                (WIFSIGNALED(status) ? "signal " + std::to_string(WTERMSIG(status)) : "exit status " + std::to_string(WEXITSTATUS(status))) +
                ")";
    return r;
}

std::optional<double> positive_seconds(const std::string& text) {
    try {
        std::size_t used = 0;
        const double v = std::stod(text, &used);
        if (used != text.size() || !(v > 0) || v > 1e9) return std::nullopt;
        return v;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

std::optional<std::uint64_t> positive_count(const std::string& text) {
    if (text.empty() || text.size() > 19 || text.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    const std::uint64_t v = std::stoull(text);
    if (v == 0) return std::nullopt;
    return v;
}

// --graph: one execution of 'test' under 'model' drawn as DIR/TEST-MODEL.dot
// (and .svg), with the checker's picture writer; what was drawn, or why
// nothing was, on stderr (stdout keeps herd7's lines).  False when the
// files could not be written.
bool draw_execution(output::OutputDirectory& out, const litmus::LitmusTest& test, const model::Model& model,
                    const std::string& model_name, const litmus::RunOptions& options) {
    const std::string where = "mapsound litmus: graph of " + test.name + " under " + model_name;
    std::optional<litmus::WitnessExecution> w;
    try {
        w = litmus::witness_execution(test, model, options);
    } catch (const std::exception& e) {
        std::cerr << where << ": none (" << e.what() << ")\n";
        return true;
    }
    if (!w) {
        std::cerr << where << ": none (no consistent execution)\n";
        return true;
    }
    const std::string name = output::safe_file_name(test.name + "-" + model_name);
    const std::string title = test.name + " under " + model_name +
                              (w->satisfies ? "" : " (does not satisfy the condition)");
    const std::string dot = check::execution_dot(w->pre, w->rf, w->co, title);
    try {
        const auto path = out.write(name + ".dot", dot);
        if (const auto svg = render_svg(dot)) out.write(name + ".svg", *svg);
        std::cerr << where << ": " << path.string()
                  << (w->satisfies ? (test.condition ? " (satisfies the condition)" : "")
                                   : " (no consistent execution satisfies the condition; this one does not)")
                  << "\n";
    } catch (const std::exception& e) {
        std::cerr << where << ": " << e.what() << "\n";
        return false;
    }
    return true;
}

}  // namespace

int litmus_command(const std::vector<std::string>& args) {
    std::vector<std::string> model_paths, expected_paths;
    std::vector<fs::path> inputs;
    bool json = false, states = false, progress = false;
    std::optional<double> timeout;
    std::optional<fs::path> graph_dir;
    std::uint64_t max_executions = kDefaultMaxExecutions;
    litmus::RunOptions options;
    const bool json_requested = wants_json(args);
    auto usage_error = [&](const std::string& message) {
        std::cerr << "mapsound litmus: " << message << "\n" << synopsis("litmus");
        if (json_requested) print_json_error("litmus", message, kBadInput);
        return kBadInput;
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool has_value = i + 1 < args.size();
        if (a == "--model" && has_value) {
            model_paths.push_back(args[++i]);
        } else if (a == "--forbid" && has_value) {
            options.forbidden_flags.push_back(args[++i]);
        } else if (a == "--expected" && has_value) {
            expected_paths.push_back(args[++i]);
        } else if (a == "--graph" && has_value) {
            graph_dir = fs::path(args[++i]);
        } else if (a == "--json") {
            json = true;
        } else if (a == "--states") {
            states = true;
        } else if (a == "--progress") {
            progress = true;
        } else if (a == "--unroll") {
            std::optional<int> n;
            const std::string text = capture_stderr([&] { n = number_option(args, i, "litmus"); });
            if (!n) {
                if (json_requested) print_json_error("litmus", text, kBadInput);
                return kBadInput;
            }
            options.expand.unroll = *n;
        } else if (a == "--timeout" && has_value) {
            timeout = positive_seconds(args[++i]);
            if (!timeout) return usage_error("--timeout takes a positive number of seconds");
        } else if (a == "--max-executions" && has_value) {
            const auto n = positive_count(args[++i]);
            if (!n) return usage_error("--max-executions takes a positive number");
            max_executions = *n;
        } else if (!a.empty() && a[0] == '-') {
            return usage_error("unknown option '" + a + "'" + (has_value ? "" : " (or a missing value)"));
        } else {
            inputs.emplace_back(a);
        }
    }
    if (model_paths.empty() || inputs.empty()) {
        const std::string missing = model_paths.empty() && inputs.empty() ? "a --model and a test or folder"
                                    : model_paths.empty()                 ? "a --model MODEL"
                                                                          : "a test or folder";
        return usage_error("missing " + missing);
    }
    // Text output lists the final states, as herd7 does; JSON on request.
    options.states = states || !json;
    options.expand.budget.max_executions = max_executions;

    std::vector<model::Model> models;
    for (const auto& path : model_paths) {
        try {
            models.push_back(model::Model::load(resolve_model(path)));
        } catch (const std::exception& e) {  // a model file's error, or a name no folder has
            std::cerr << e.what() << "\n";
            if (json_requested) print_json_error("litmus", e.what(), kBadInput);
            return kBadInput;
        }
    }
    litmus::ExpectedVerdicts expected;
    try {
        for (const auto& csv : expected_paths) expected.read(csv);
    } catch (const std::exception& e) {
        std::cerr << e.what() << "\n";
        if (json_requested) print_json_error("litmus", e.what(), kBadInput);
        return kBadInput;
    }
    std::optional<output::OutputDirectory> graphs;
    if (graph_dir) {
        try {
            graphs.emplace(*graph_dir, "litmus --graph");
        } catch (const std::exception& e) {
            std::cerr << "mapsound litmus: " << e.what() << "\n";
            if (json_requested) print_json_error("litmus", e.what(), kBadInput);
            return kBadInput;
        }
    }
    // Folders are expanded; a path that cannot be read stays in the list
    // and is reported like an unreadable test.
    std::vector<fs::path> files;
    bool folders = false;
    for (const fs::path& input : inputs) {
        std::error_code ec;
        folders = folders || fs::is_directory(input, ec);
        try {
            for (auto& f : litmus::litmus_files({input})) files.push_back(std::move(f));
        } catch (const std::exception&) {
            files.push_back(input);
        }
    }
    const bool summary = (folders || !expected_paths.empty()) && !json;
    const bool terminal = isatty(STDERR_FILENO) != 0;
    ProgressLine line(progress || (terminal && !json), terminal);

    bool bad = false, differs = false, unknown = false;  // for the exit status
    bool first = true;
    if (json) std::cout << "[";
    auto emit_json = [&](const std::string& entry) {
        std::cout << (first ? "" : ",") << "\n  " << entry;
        first = false;
    };
    std::vector<Tally> tallies(models.size());
    for (std::size_t fi = 0; fi < files.size(); ++fi) {
        const fs::path& file = files[fi];
        std::optional<litmus::LitmusTest> test;
        std::string read_error;
        try {
            test = litmus::parse_litmus_file(file);
        } catch (const std::exception& e) {
            read_error = e.what();
        }
        for (std::size_t mi = 0; mi < models.size(); ++mi) {
            const std::string name = litmus::model_name(model_paths[mi]);
            Tally& tally = tallies[mi];
            ++tally.tests;
            // The options of one run, with --timeout's deadline from now.
            auto budgeted = [&] {
                litmus::RunOptions run = options;
                if (timeout) {
                    run.expand.budget.seconds = *timeout;
                    run.expand.budget.deadline =
                        std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(*timeout));
                }
                return run;
            };
            const std::optional<bool> want = expected.find(file, name);
            Outcome outcome = Outcome::unreadable;
            std::string message = read_error;
            std::optional<litmus::Verdict> verdict;
            if (test) {
                litmus::RunOptions run = budgeted();
                const std::string what = (files.size() > 1 ? "[" + std::to_string(fi + 1) + "/" +
                                                                  std::to_string(files.size()) + "] "
                                                            : std::string()) +
                                         test->name + (models.size() > 1 ? " under " + name : "");
                run.progress = [&](const litmus::Progress& p) { line.show(what, p); };
                Result r = timeout ? run_isolated(*test, models[mi], run, *timeout,
                                                  test->source + ": test '" + test->name + "'")
                                   : run_one(*test, models[mi], run);
                outcome = r.outcome;
                verdict = std::move(r.verdict);
                if (!r.message.empty()) message = r.message;
                line.clear(timeout.has_value());
            }
            const std::string test_name = test ? test->name : file.string();
            if (graphs && verdict) {
                litmus::RunOptions run = budgeted();
                if (!draw_execution(*graphs, *test, models[mi], name, run)) bad = true;
            }
            switch (outcome) {
                case Outcome::ok: ++tally.ok; break;
                case Outcome::no: ++tally.no; break;
                case Outcome::unreadable: ++tally.unreadable; break;
                case Outcome::over_budget: ++tally.over_budget; break;
            }
            std::string agreement;
            if (verdict)
                for (const auto& f : verdict->flags) ++tally.flagged[f];
            if (outcome == Outcome::ok || outcome == Outcome::no) {
                if (!want) {
                    ++tally.unlisted;
                } else if (*want == (outcome == Outcome::ok)) {
                    ++tally.agreed;
                    agreement = "agrees";
                } else {
                    ++tally.differing;
                    agreement = "differs";
                    tally.differences.push_back(file.string() + " (expected " + (*want ? "Ok" : "No") + ", got " +
                                                (outcome == Outcome::ok ? "Ok" : "No") + ")");
                    if (!expected_paths.empty()) differs = true;
                }
            } else {
                (outcome == Outcome::over_budget ? unknown : bad) = true;
                tally.problems.push_back(message);
            }
            if (json) {
                std::string entry = "{\"test\": " + json_string(test_name) + ", \"file\": " + json_string(file.string());
                if (verdict) {
                    // Without counts (decided by SAT) positive and negative are null.
                    auto count = [&](std::uint64_t n) { return verdict->counted ? std::to_string(n) : std::string("null"); };
                    entry += ", \"model\": " + json_string(verdict->model) + ", \"verdict\": \"" +
                             (verdict->ok ? "Ok" : "No") + "\", \"positive\": " + count(verdict->positive) +
                             ", \"negative\": " + count(verdict->negative) + ", \"observation\": \"" +
                             observation(*verdict) + "\", \"seconds\": " + fixed(verdict->seconds, 6) +
                             ", \"flags\": [";
                    for (std::size_t f = 0; f < verdict->flags.size(); ++f)
                        entry += (f ? ", " : "") + json_string(verdict->flags[f]);
                    entry += "]";
                } else if (outcome == Outcome::over_budget) {
                    entry += ", \"model\": " + json_string(model_paths[mi]) + ", \"verdict\": \"Unknown\", \"error\": " +
                             json_string(message);
                } else {
                    entry += ", \"error\": " + json_string(message);
                }
                if (want && !agreement.empty())
                    entry += std::string(", \"expected\": \"") + (*want ? "Ok" : "No") + "\", \"agreement\": \"" +
                             agreement + "\"";
                emit_json(entry + "}");
                continue;
            }
            if (models.size() > 1) std::cout << "Model " << name << "\n";
            if (verdict) {
                print_text(*verdict, *test, verdict->counted);
            } else if (outcome == Outcome::over_budget) {
                std::cout << "Test " << test_name << " Unknown\n\n" << std::flush;
                std::cerr << message << "\n";
            } else if (read_error.empty() || mi == 0) {
                std::cerr << message << "\n";  // one message per unreadable file
            }
        }
    }
    if (json) std::cout << "\n]\n";
    if (summary) {
        for (std::size_t mi = 0; mi < models.size(); ++mi) {
            const Tally& t = tallies[mi];
            std::cout << "Summary " << litmus::model_name(model_paths[mi]) << ": " << t.tests << " tests, ";
            if (!expected_paths.empty())
                std::cout << t.agreed << " agreed, " << t.differing << " differing, " << t.unreadable << " unreadable, "
                          << t.over_budget << " over budget, " << t.unlisted << " not listed\n";
            else
                std::cout << t.ok << " Ok, " << t.no << " No, " << t.unreadable << " unreadable, " << t.over_budget
                          << " over budget\n";
            for (const auto& [flag, n] : t.flagged)
                std::cout << "  flag " << flag << ": " << n << (n == 1 ? " test\n" : " tests\n");
            for (const auto& d : t.differences) std::cout << "  differs: " << d << "\n";
            for (const auto& p : t.problems) std::cout << "  error: " << p << "\n";
        }
    }
    if (graphs) {
        try {
            graphs->finish(bad ? output::RunStatus::failed : output::RunStatus::complete);
        } catch (const std::exception& e) {
            std::cerr << "mapsound litmus: " << e.what() << "\n";
            bad = true;
        }
    }
    // A folder without tests asked for nothing to be decided.
    if (files.empty()) {
        std::cerr << "mapsound litmus: no .litmus file in the folders given\n";
        bad = true;
    }
    return exit_status(bad, differs, unknown);
}

}  // namespace mapsound::cli
