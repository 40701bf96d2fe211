// mapsound-bench-core, shared between its two halves: what one run
// measures (plain data of fixed size, as it travels from the forked child
// through a pipe) and the list of workloads.  The workloads
// (core_bench_workloads.cpp) know nothing of processes; the harness
// (core_bench.cpp) knows nothing of the relational core.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace corebench {

using Clock = std::chrono::steady_clock;

inline double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// ---------------------------------------------------------------------------
// What one run measures.  Plain data of fixed size: it travels through a pipe.

struct RunResult {
    double translation_seconds = 0;
    double solve_seconds = 0;
    double wall_seconds = 0;
    std::int64_t primary_variables = 0;
    std::int64_t variables = 0;
    std::int64_t clauses = 0;
    char answer[32] = {};   // a count, SAT, UNSAT, timeout or error
    char check[8] = {};     // ok, WRONG, - (not verified) or fail (threw)
    char error[192] = {};   // the exception's message, for answer "error"
};

// Copies 'text' into a fixed buffer, truncated, always NUL-terminated.
template <std::size_t N>
inline void set_text(char (&dst)[N], const std::string& text) {
    const std::size_t n = std::min(text.size(), N - 1);
    std::memcpy(dst, text.data(), n);
    dst[n] = '\0';
}

// A workload builds its universe, bounds and formula inside the run (that
// is part of the wall time) and returns the run's measurements.
struct Workload {
    std::string name;
    std::string description;
    std::function<RunResult(std::chrono::milliseconds limit)> run;
};

// Every workload, in the order of the table.
std::vector<Workload> all_workloads();

}  // namespace corebench
