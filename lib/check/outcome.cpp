// Counterexamples as outcomes of litmus tests (see outcome.hpp).
#include "check/outcome.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "mapsound/litmus/expand.hpp"
#include "mapsound/litmus/parse.hpp"
#include "mapsound/litmus/print.hpp"
#include "mapsound/litmus/run.hpp"

namespace mapsound::check {

namespace {

using exec::EventKind;

// Events of a pre-execution by place: initial writes by location name,
// thread events by (thread, position in program order).
struct Places {
    std::map<std::string, int> initial;
    std::map<std::pair<int, int>, int> in_thread;

    explicit Places(const exec::PreExecution& x) {
        std::map<int, int> next;
        for (std::size_t e = 0; e < x.events.size(); ++e) {
            const auto& ev = x.events[e];
            if (ev.thread < 0)
                initial[x.locations.at(static_cast<std::size_t>(ev.location))] = static_cast<int>(e);
            else
                in_thread[{ev.thread, next[ev.thread]++}] = static_cast<int>(e);
        }
    }
};

// The value of a condition's expression on one run and final memory.
struct FinalState {
    const litmus::Candidate& run;
    const std::vector<std::int64_t>& memory;  // per cell of run.pre
    std::vector<bool> known;                  // per cell: a final value exists

    std::int64_t value(const litmus::Term& term, std::string& problem) const {
        if (auto constant = std::get_if<std::int64_t>(&term)) return *constant;
        if (auto reg = std::get_if<litmus::RegisterRef>(&term)) {
            if (reg->thread < 0 || static_cast<std::size_t>(reg->thread) >= run.registers.size()) {
                problem = "the condition names thread " + std::to_string(reg->thread);
                return 0;
            }
            const auto& regs = run.registers[static_cast<std::size_t>(reg->thread)];
            auto it = regs.find(reg->reg);
            return it == regs.end() ? 0 : it->second;
        }
        const auto& ref = std::get<litmus::MemoryRef>(term);
        const int cell = litmus::cell_index(run.pre, ref);
        if (cell < 0 || !known[static_cast<std::size_t>(cell)]) {
            problem = "the condition names location " + ref.location + ", which has no single final write";
            return 0;
        }
        return memory[static_cast<std::size_t>(cell)];
    }

    bool holds(const litmus::CondExpr& e, std::string& problem) const {
        using Kind = litmus::CondExpr::Kind;
        switch (e.kind) {
            case Kind::truth: return e.value;
            case Kind::not_: return !holds(e.operands[0], problem);
            case Kind::and_: return holds(e.operands[0], problem) && holds(e.operands[1], problem);
            case Kind::or_: return holds(e.operands[0], problem) || holds(e.operands[1], problem);
            case Kind::compare: {
                const std::int64_t a = value(e.lhs, problem), b = value(e.rhs, problem);
                return litmus::compare_holds(e.cmp, a, b);
            }
        }
        return false;
    }
};

}  // namespace

std::string outcome_mismatch(const litmus::LitmusTest& test, const exec::PreExecution& x, const Pairs& rf,
                             const Pairs& co) {
    if (!test.condition) return "the test has no condition";
    if (test.condition->quantifier != litmus::Quantifier::exists) return "the condition is not 'exists'";
    const Places in_x(x);
    const auto runs = litmus::expand(test);
    std::string last_reason = "the test's program has no run";
    for (const auto& run : runs) {
        const auto& pre = run.pre;
        if (pre.events.size() != x.events.size()) {
            last_reason = "a run of the test has " + std::to_string(pre.events.size()) + " events, the execution " +
                          std::to_string(x.events.size());
            continue;
        }
        // x's event index -> the run's.
        const Places in_run(pre);
        std::vector<int> to_run(x.events.size(), -1);
        bool aligned = in_run.initial.size() == in_x.initial.size() && in_run.in_thread.size() == in_x.in_thread.size();
        for (const auto& [name, e] : in_x.initial) {
            auto it = in_run.initial.find(name);
            if (it == in_run.initial.end()) aligned = false;
            else to_run[static_cast<std::size_t>(e)] = it->second;
        }
        for (const auto& [place, e] : in_x.in_thread) {
            auto it = in_run.in_thread.find(place);
            if (it == in_run.in_thread.end()) aligned = false;
            else to_run[static_cast<std::size_t>(e)] = it->second;
        }
        for (std::size_t e = 0; aligned && e < x.events.size(); ++e) {
            const auto& a = x.events[e];
            const auto& b = pre.events[static_cast<std::size_t>(to_run[e])];
            const auto name = [](const exec::PreExecution& p, int l) {
                return l < 0 ? std::string() : p.locations.at(static_cast<std::size_t>(l));
            };
            // AuDaLa's events carry no order; its tests' accesses are plain.
            const auto plain = [](exec::Order o) { return o == exec::Order::none ? exec::Order::na : o; };
            aligned = a.kind == b.kind && plain(a.order) == plain(b.order) && a.scope == b.scope &&
                      name(x, a.location) == name(pre, b.location);
        }
        if (!aligned) {
            last_reason = "a run of the test does not have the execution's events";
            continue;
        }
        // Every read returns what its rf-source stores in this run.
        auto value_in_run = [&](int e) { return pre.events[static_cast<std::size_t>(to_run[static_cast<std::size_t>(e)])].value; };
        bool reads_match = true;
        for (auto [w, r] : rf) reads_match = reads_match && value_in_run(r) == value_in_run(w);
        if (!reads_match) continue;
        // Final memory: the one co-last write of each location.
        std::vector<std::int64_t> memory(pre.locations.size(), 0);
        std::vector<bool> known(pre.locations.size(), false);
        // (Among the writes of the threads, when there are any: as
        // execution_litmus states it, whether or not co orders the initial
        // write first.)
        for (std::size_t l = 0; l < x.locations.size(); ++l) {
            std::vector<int> writes, last;
            for (std::size_t w = 0; w < x.events.size(); ++w)
                if (x.events[w].kind == EventKind::write && x.events[w].location == static_cast<int>(l) &&
                    x.events[w].thread >= 0)
                    writes.push_back(static_cast<int>(w));
            if (writes.empty()) writes.push_back(in_x.initial.at(x.locations[l]));
            for (int w : writes) {
                bool has_successor = false;
                for (auto [a, b] : co)
                    has_successor = has_successor || (a == w && std::find(writes.begin(), writes.end(), b) != writes.end());
                if (!has_successor) last.push_back(w);
            }
            const int cell = litmus::cell_index(pre, litmus::MemoryRef{x.locations[l], std::nullopt});
            if (last.size() == 1 && cell >= 0) {
                memory[static_cast<std::size_t>(cell)] = value_in_run(last.front());
                known[static_cast<std::size_t>(cell)] = true;
            }
        }
        std::string problem;
        const FinalState state{run, memory, known};
        const bool holds = state.holds(test.condition->expr, problem);
        if (!problem.empty()) return problem;
        return holds ? std::string() : "the run of the test's program on the execution's rf does not satisfy its condition";
    }
    return "no run of the test's program reads what the execution's rf says (" + last_reason + ")";
}

LitmusJudgement judge_litmus(const litmus::LitmusTest& test, const model::Model& model,
                             const std::vector<std::string>& forbidden_flags) {
    const std::string text = litmus::print_litmus(test);
    const litmus::LitmusTest back = litmus::parse_litmus(text, test.source);
    if (!(back == test))
        throw std::logic_error("the litmus test " + test.name + " does not read back as printed:\n" + text);
    litmus::RunOptions options;
    options.forbidden_flags = forbidden_flags;
    const litmus::Verdict v = litmus::run_litmus(back, model, options);
    LitmusJudgement j;
    j.model = model.path();
    j.forbidden_flags = forbidden_flags;
    j.ok = v.ok;
    j.positive = v.positive;
    j.negative = v.negative;
    return j;
}

}  // namespace mapsound::check
