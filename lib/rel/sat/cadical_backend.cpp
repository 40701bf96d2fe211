// CaDiCaL behind a small interface; its Terminator polls the deadline, the
// stop token and the cancel flag.
#include "rel/sat/cadical_backend.hpp"

#include <cadical.hpp>
#include <climits>

namespace mapsound::rel::sat {

namespace {

class Deadline : public CaDiCaL::Terminator {
public:
    Deadline(std::chrono::steady_clock::time_point until, bool timed, std::stop_token stop,
             const std::atomic<bool>& cancelled)
        : until_(until), timed_(timed), stop_(std::move(stop)), cancelled_(cancelled) {}
    bool terminate() override {
        return cancelled_.load() || stop_.stop_requested() || (timed_ && std::chrono::steady_clock::now() >= until_);
    }

private:
    std::chrono::steady_clock::time_point until_;
    bool timed_;
    std::stop_token stop_;
    const std::atomic<bool>& cancelled_;
};

}  // namespace

CadicalBackend::CadicalBackend() : solver_(std::make_unique<CaDiCaL::Solver>()) {
    solver_->set("quiet", 1);
    // The "lucky" phase rescans every clause at each solve call, which makes
    // enumeration with blocking clauses quadratic (measured: 29281 DAGs in
    // 7.3 s with it, 0.9 s without; see bench/README.md).
    solver_->set("lucky", 0);
}
CadicalBackend::~CadicalBackend() = default;

int CadicalBackend::new_variable() {
    ++variables_;
    return static_cast<int>(variables_);
}

void CadicalBackend::add_clause(std::span<const int> literals) {
    for (int lit : literals) solver_->add(lit);
    solver_->add(0);
    ++clauses_;
}

Result CadicalBackend::solve(std::span<const int> assumptions, std::int64_t conflicts, std::chrono::milliseconds time,
                             std::stop_token stop) {
    Deadline deadline(std::chrono::steady_clock::now() + time, time.count() > 0, std::move(stop), cancelled_);
    if (cancelled_.exchange(false)) return Result::unknown;  // a cancel ends one solve
    if (deadline.terminate()) return Result::unknown;
    // Declares variables that occur in no clause, so that value() may ask.
    solver_->reserve(static_cast<int>(variables_));
    for (int lit : assumptions) solver_->assume(lit);
    if (conflicts >= 0) solver_->limit("conflicts", static_cast<int>(std::min<std::int64_t>(conflicts, INT_MAX)));
    solver_->connect_terminator(&deadline);
    const int status = solver_->solve();
    solver_->disconnect_terminator();
    if (status != 10 && status != 20) cancelled_.store(false);
    if (status == 10) return Result::satisfiable;
    if (status == 20) return Result::unsatisfiable;
    return Result::unknown;
}

bool CadicalBackend::value(int variable) { return solver_->val(variable) > 0; }

}  // namespace mapsound::rel::sat
