// mapsound-bench-core: timings of mapsound's relational core (translation and
// CaDiCaL solving) on a few fixed workloads.
//
// Every run of every workload happens in its own forked child process, so
// that the peak resident set size (wait4's ru_maxrss) belongs to that run
// alone and a run that crashes or hangs cannot take the benchmark with it.
// The child sends its measurements back through a pipe.  The table shows
// medians over the runs; nothing here asserts on timings.
//
//   mapsound-bench-core [--runs K] [--only NAME] [--csv FILE] [--timeout S]
//
// This file is the harness: child processes, aggregation and output.  The
// workloads are in core_bench_workloads.cpp (what is measured, kept apart
// from how), the types both use in core_bench.hpp.
#include "core_bench.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

using namespace corebench;

namespace {

// ---------------------------------------------------------------------------
// Running one run in a child process.

struct ChildRun {
    bool reported = false;        // the child sent a complete RunResult
                                  // (possibly answer "error", check "fail")
    RunResult result;
    double peak_rss_mib = 0;      // wait4's ru_maxrss of the child
    double cpu_seconds = 0;       // wait4's user + system time of the child
    std::string failure;          // why nothing came back, if nothing did
};

bool write_all(int fd, const void* data, std::size_t size) {
    const char* p = static_cast<const char*>(data);
    while (size > 0) {
        const ssize_t n = ::write(fd, p, size);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        p += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

// Runs 'w' once in a forked child.  A child that has not reported after
// 'watchdog_seconds' (0: never) is killed.
ChildRun run_in_child(const Workload& w, std::chrono::milliseconds limit, double watchdog_seconds) {
    ChildRun out;
    int fds[2];
    if (::pipe(fds) != 0) {
        out.failure = std::string("pipe: ") + std::strerror(errno);
        return out;
    }
    std::fflush(nullptr);
    const pid_t pid = ::fork();
    if (pid < 0) {
        out.failure = std::string("fork: ") + std::strerror(errno);
        ::close(fds[0]);
        ::close(fds[1]);
        return out;
    }
    if (pid == 0) {
        ::close(fds[0]);
        RunResult r;
        try {
            r = w.run(limit);
        } catch (const std::exception& e) {
            r = RunResult{};
            set_text(r.answer, "error");
            set_text(r.check, "fail");
            set_text(r.error, e.what());
        } catch (...) {
            r = RunResult{};
            set_text(r.answer, "error");
            set_text(r.check, "fail");
            set_text(r.error, "unknown exception");
        }
        const bool sent = write_all(fds[1], &r, sizeof r);
        ::close(fds[1]);
        ::_exit(sent ? 0 : 3);
    }
    ::close(fds[1]);

    const auto started = Clock::now();
    std::size_t got = 0;
    char* buffer = reinterpret_cast<char*>(&out.result);
    bool killed = false;
    while (got < sizeof out.result) {
        int wait_ms = -1;
        if (watchdog_seconds > 0) {
            const double left = watchdog_seconds - seconds_since(started);
            if (left <= 0) {
                ::kill(pid, SIGKILL);
                killed = true;
                break;
            }
            wait_ms = static_cast<int>(left * 1000) + 1;
        }
        pollfd pfd{fds[0], POLLIN, 0};
        const int ready = ::poll(&pfd, 1, wait_ms);
        if (ready < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (ready == 0) continue;
        const ssize_t n = ::read(fds[0], buffer + got, sizeof out.result - got);
        if (n < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (n == 0) break;  // the child closed the pipe (exited or died)
        got += static_cast<std::size_t>(n);
    }
    ::close(fds[0]);

    int status = 0;
    rusage usage{};
    while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
    }
    out.peak_rss_mib = static_cast<double>(usage.ru_maxrss) / 1024.0;  // KiB on Linux
    out.cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                      static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    out.reported = got == sizeof out.result;
    if (!out.reported) {
        out.result = RunResult{};
        if (killed) {
            out.failure = "killed";
        } else if (WIFSIGNALED(status)) {
            out.failure = std::string("crash:") + std::to_string(WTERMSIG(status));
        } else {
            out.failure = "crash:exit" + std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        }
    }
    return out;
}

// ---------------------------------------------------------------------------
// Aggregation and output.

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct Row {
    std::string name;
    int runs = 0;
    int reported = 0;               // runs that measured something
    double translation_seconds = 0; // medians over the reported runs
    double solve_seconds = 0;
    double wall_seconds = 0;
    double cpu_seconds = 0;
    double peak_rss_mib = 0;        // max over all runs
    std::int64_t primary_variables = 0;
    std::int64_t variables = 0;
    std::int64_t clauses = 0;
    std::string answer;
    std::string check;
};

Row aggregate(const std::string& name, const std::vector<ChildRun>& runs) {
    Row row;
    row.name = name;
    row.runs = static_cast<int>(runs.size());
    std::vector<double> trans, solve, wall, cpu;
    std::vector<std::string> answers;  // distinct, in order of first appearance
    bool wrong = false, failed = false, all_ok = true;
    for (const ChildRun& c : runs) {
        row.peak_rss_mib = std::max(row.peak_rss_mib, c.peak_rss_mib);
        std::string answer = c.reported ? std::string(c.result.answer) : c.failure;
        if (std::find(answers.begin(), answers.end(), answer) == answers.end())
            answers.push_back(answer);
        const RunResult& r = c.result;
        if (!c.reported || std::string(r.check) == "fail") {  // crashed, killed or threw
            failed = true;
            continue;
        }
        if (row.reported == 0) {
            row.primary_variables = r.primary_variables;
            row.variables = r.variables;
            row.clauses = r.clauses;
        }
        ++row.reported;
        trans.push_back(r.translation_seconds);
        solve.push_back(r.solve_seconds);
        wall.push_back(r.wall_seconds);
        cpu.push_back(c.cpu_seconds);
        const std::string check = r.check;
        if (check == "WRONG") wrong = true;
        if (check != "ok") all_ok = false;
    }
    row.translation_seconds = median(trans);
    row.solve_seconds = median(solve);
    row.wall_seconds = median(wall);
    row.cpu_seconds = median(cpu);
    for (std::size_t i = 0; i < answers.size(); ++i)
        row.answer += (i ? "/" : "") + answers[i];
    // WRONG: some run gave a wrong answer; fail: some run crashed or was
    // killed; ok: every run's answer was verified; -: not all verified.
    row.check = wrong ? "WRONG" : failed ? "fail" : all_ok ? "ok" : "-";
    return row;
}

const char* const kTableHeader =
    "%-20s %4s %9s %9s %9s %9s %8s %8s %8s %9s  %-12s %s\n";

void print_table_header() {
    std::printf(kTableHeader, "workload", "runs", "trans_s", "solve_s", "wall_s", "cpu_s", "rss_MiB",
                "primary", "vars", "clauses", "answer", "check");
}

void print_row(const Row& row) {
    if (row.reported == 0) {
        std::printf(kTableHeader, row.name.c_str(), std::to_string(row.runs).c_str(), "-", "-",
                    "-", "-", "-", "-", "-", "-", row.answer.c_str(), row.check.c_str());
        return;
    }
    std::printf("%-20s %4d %9.4f %9.4f %9.4f %9.4f %8.1f %8lld %8lld %9lld  %-12s %s\n",
                row.name.c_str(), row.runs, row.translation_seconds, row.solve_seconds,
                row.wall_seconds, row.cpu_seconds, row.peak_rss_mib,
                static_cast<long long>(row.primary_variables),
                static_cast<long long>(row.variables), static_cast<long long>(row.clauses),
                row.answer.c_str(), row.check.c_str());
    std::fflush(stdout);
}

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) {
        if (c == '"') q += '"';
        q += c;
    }
    return q + "\"";
}

bool write_csv(const std::string& path, const std::vector<Row>& rows) {
    std::ofstream out(path);
    if (!out) return false;
    out << "workload,runs,translation_s,solve_s,wall_s,cpu_s,peak_rss_mib,primary_vars,vars,clauses,"
           "answer,check\n";
    char buffer[64];
    auto num = [&](double v, const char* fmt) {
        std::snprintf(buffer, sizeof buffer, fmt, v);
        return std::string(buffer);
    };
    for (const Row& r : rows) {
        out << csv_field(r.name) << ',' << r.runs << ',';
        if (r.reported == 0) {
            out << ",,,,,,,,";
        } else {
            out << num(r.translation_seconds, "%.6f") << ',' << num(r.solve_seconds, "%.6f") << ','
                << num(r.wall_seconds, "%.6f") << ',' << num(r.cpu_seconds, "%.6f") << ','
                << num(r.peak_rss_mib, "%.1f") << ','
                << r.primary_variables << ',' << r.variables << ',' << r.clauses << ',';
        }
        out << csv_field(r.answer) << ',' << r.check << '\n';
    }
    return static_cast<bool>(out);
}

std::string cpu_model() {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            if (colon != std::string::npos) {
                std::string m = line.substr(colon + 1);
                m.erase(0, m.find_first_not_of(' '));
                return m;
            }
        }
    }
    return "unknown cpu";
}

// The first three fields of /proc/loadavg (1, 5 and 15 minutes).
std::string load_average() {
    std::ifstream in("/proc/loadavg");
    std::string one, five, fifteen;
    if (!(in >> one >> five >> fifteen)) return "unknown";
    return one + " " + five + " " + fifteen;
}

void usage(std::FILE* to, const std::vector<Workload>& workloads) {
    std::fprintf(to,
                 "usage: mapsound-bench-core [--runs K] [--only NAME] [--csv FILE] [--timeout S]\n"
                 "\n"
                 "Times translation and solving of mapsound's relational core.  Each run of\n"
                 "each workload is a forked child process; the table shows medians over runs.\n"
                 "\n"
                 "  --runs K      runs per workload (default 5)\n"
                 "  --only NAME   only workloads whose name contains NAME (repeatable)\n"
                 "  --csv FILE    also write the table as CSV to FILE\n"
                 "  --timeout S   per-run time limit in seconds (default 60; 0 = none), passed\n"
                 "                as Options::limits.time; a child still running after\n"
                 "                3*S+60 s is killed\n"
                 "  --help        this text\n"
                 "\n"
                 "workloads:\n");
    for (const Workload& w : workloads)
        std::fprintf(to, "  %-20s %s\n", w.name.c_str(), w.description.c_str());
}

bool parse_number(const char* text, double& value) {
    char* end = nullptr;
    errno = 0;
    value = std::strtod(text, &end);
    return errno == 0 && end != text && *end == '\0';
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<Workload> workloads = all_workloads();
    int runs = 5;
    double timeout_seconds = 60;
    std::vector<std::string> only;
    std::string csv_path;

    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&]() -> const char* {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "mapsound-bench-core: %s needs a value\n", arg.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        double number = 0;
        if (arg == "--help" || arg == "-h") {
            usage(stdout, workloads);
            return 0;
        } else if (arg == "--runs") {
            const char* v = value();
            if (!parse_number(v, number) || number < 1 || number != static_cast<int>(number)) {
                std::fprintf(stderr, "mapsound-bench-core: --runs wants a positive integer\n");
                return 2;
            }
            runs = static_cast<int>(number);
        } else if (arg == "--only") {
            only.push_back(value());
        } else if (arg == "--csv") {
            csv_path = value();
        } else if (arg == "--timeout") {
            const char* v = value();
            if (!parse_number(v, number) || number < 0) {
                std::fprintf(stderr, "mapsound-bench-core: --timeout wants seconds >= 0\n");
                return 2;
            }
            timeout_seconds = number;
        } else {
            std::fprintf(stderr, "mapsound-bench-core: unknown argument '%s'\n\n", arg.c_str());
            usage(stderr, workloads);
            return 2;
        }
    }

    std::vector<const Workload*> selected;
    for (const Workload& w : workloads) {
        bool wanted = only.empty();
        for (const std::string& o : only) wanted = wanted || w.name.find(o) != std::string::npos;
        if (wanted) selected.push_back(&w);
    }
    if (selected.empty()) {
        std::fprintf(stderr, "mapsound-bench-core: no workload matches --only\n");
        return 2;
    }

    const auto limit = std::chrono::milliseconds(static_cast<std::int64_t>(timeout_seconds * 1000));
    const double watchdog = timeout_seconds > 0 ? 3 * timeout_seconds + 60 : 0;

    std::printf("# mapsound-bench-core: %d run(s) per workload, each in a forked child process\n",
                runs);
    std::printf("# host: %s, %u hardware threads, load average %s\n", cpu_model().c_str(),
                std::thread::hardware_concurrency(), load_average().c_str());
    if (timeout_seconds > 0)
        std::printf("# time limit: %g s per run (Options::limits.time per solve call; counting also\n"
                    "#   stops at %g s in all); answer 'timeout' when it is reached\n",
                    timeout_seconds, timeout_seconds);
    else
        std::printf("# time limit: none\n");
    std::printf(
        "# trans_s  median Statistics::translation_seconds (formula -> circuit -> CNF)\n"
        "# solve_s  median Statistics::solve_seconds (inside CaDiCaL); for a count, summed\n"
        "#          over every solve() call of the enumeration (solve, block, solve, ...)\n"
        "# wall_s   median wall clock of the whole run inside the child: building the\n"
        "#          formula, translation, solving or enumerating (read-back, blocking clauses)\n"
        "# cpu_s    median user+system CPU time of the child (wait4), whole process; well\n"
        "#          below wall_s means the run waited for a CPU (a busy machine)\n"
        "# rss_MiB  max over runs of the child's peak RSS (wait4 ru_maxrss), bench included\n"
        "# primary, vars, clauses  Statistics after translation: undetermined tuples, all SAT\n"
        "#          variables, clauses given to CaDiCaL (blocking clauses not included)\n"
        "# answer   solution count, SAT, UNSAT or timeout; check: ok = answer verified (known\n"
        "#          count / known UNSAT / SAT instance checked by rel::evaluate), - = unknown\n");
    print_table_header();
    std::fflush(stdout);

    std::vector<Row> rows;
    bool failed = false;
    for (const Workload* w : selected) {
        std::vector<ChildRun> results;
        for (int k = 0; k < runs; ++k) {
            ChildRun c = run_in_child(*w, limit, watchdog);
            if (c.reported) {
                std::fprintf(stderr, "  %s run %d/%d: %s, wall %.4f s, rss %.1f MiB\n",
                             w->name.c_str(), k + 1, runs, c.result.answer, c.result.wall_seconds,
                             c.peak_rss_mib);
                if (c.result.error[0] != '\0')
                    std::fprintf(stderr, "    error: %s\n", c.result.error);
            } else {
                std::fprintf(stderr, "  %s run %d/%d: %s\n", w->name.c_str(), k + 1, runs,
                             c.failure.c_str());
            }
            results.push_back(std::move(c));
        }
        Row row = aggregate(w->name, results);
        failed = failed || row.check == "WRONG" || row.check == "fail";
        print_row(row);
        rows.push_back(std::move(row));
    }

    if (!csv_path.empty() && !write_csv(csv_path, rows)) {
        std::fprintf(stderr, "mapsound-bench-core: cannot write %s\n", csv_path.c_str());
        return 2;
    }
    return failed ? 1 : 0;
}
