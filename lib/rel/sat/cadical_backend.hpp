// The SAT back end: one CaDiCaL solver, with limits and cancellation.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <stop_token>

namespace CaDiCaL {
class Solver;
}

namespace mapsound::rel::sat {

enum class Result { satisfiable, unsatisfiable, unknown };

class CadicalBackend {
public:
    CadicalBackend();
    ~CadicalBackend();
    CadicalBackend(const CadicalBackend&) = delete;
    CadicalBackend& operator=(const CadicalBackend&) = delete;

    // Variables are 1..variables(); new_variable() returns the next one.
    int new_variable();
    std::int64_t variables() const { return variables_; }
    std::int64_t clauses() const { return clauses_; }

    // A clause of non-zero literals (an empty clause makes the problem
    // unsatisfiable).
    void add_clause(std::span<const int> literals);

    // Solves under 'assumptions' (for this call only).  Returns unknown when
    // 'conflicts' (if >= 0) or 'time' (if > 0) runs out, 'stop' is
    // requested, or cancel() is called.
    Result solve(std::span<const int> assumptions, std::int64_t conflicts, std::chrono::milliseconds time,
                 std::stop_token stop);
    // The value of a variable in the last satisfying assignment.
    bool value(int variable);
    // Thread-safe; ends the running or next solve with unknown.
    void cancel() { cancelled_.store(true); }

private:
    std::unique_ptr<CaDiCaL::Solver> solver_;
    std::int64_t variables_ = 0;
    std::int64_t clauses_ = 0;
    std::atomic<bool> cancelled_{false};
};

}  // namespace mapsound::rel::sat
