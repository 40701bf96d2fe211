// Conditions as formulas over a pre-execution's choices (see
// condition_formula.hpp).
#include "litmus/condition_formula.hpp"

#include <stdexcept>
#include <utility>
#include <variant>
#include <vector>

namespace mapsound::litmus::detail {

namespace {

// The values a term can take in the executions of one pre-execution, each
// with the formula that says it takes it.
using Values = std::vector<std::pair<std::int64_t, rel::Formula>>;

// The writes of 'cell' by value.
std::map<std::int64_t, rel::TupleSet> writes_by_value(const exec::PreExecution& pre, int cell) {
    const std::size_t n = pre.events.size();
    std::map<std::int64_t, rel::TupleSet> out;
    for (std::size_t e = 0; e < n; ++e) {
        const exec::Event& w = pre.events[e];
        if (w.kind != exec::EventKind::write || w.location != cell) continue;
        out.try_emplace(w.value, n, 1).first->second.add(e);
    }
    return out;
}

// The free read whose value register 'reg' holds, or -1.
int free_read_of(const Candidate& c, const RegisterRef& reg) {
    const auto& reads = c.read_registers;
    if (reg.thread < 0 || static_cast<std::size_t>(reg.thread) >= reads.size()) return -1;
    auto it = reads[static_cast<std::size_t>(reg.thread)].find(reg.reg);
    return it == reads[static_cast<std::size_t>(reg.thread)].end() ? -1 : it->second;
}

// The value of the write that read event 'read' reads from.
Values read_values(const PreparedCandidate& p, int read) {
    const exec::PreExecution& pre = p.candidate.pre;
    const std::size_t n = pre.events.size();
    rel::TupleSet at(n, 1);
    at.add(static_cast<std::size_t>(read));
    const rel::Expr source = p.query.rf.join(rel::constant(at));
    Values out;
    for (auto& [v, writes] : writes_by_value(pre, pre.events[static_cast<std::size_t>(read)].location))
        out.emplace_back(v, (source & rel::constant(writes)).some());
    return out;
}

Values term_values(const Term& term, const PreparedCandidate& p, const std::string& source) {
    if (const auto* constant = std::get_if<std::int64_t>(&term)) return {{*constant, rel::Formula::constant(true)}};
    const Candidate& c = p.candidate;
    if (const auto* reg = std::get_if<RegisterRef>(&term)) {
        if (reg->thread < 0 || static_cast<std::size_t>(reg->thread) >= c.registers.size())
            throw std::runtime_error(source + ": condition names thread " + std::to_string(reg->thread) +
                                     ", which does not exist");
        if (const int read = free_read_of(c, *reg); read >= 0) return read_values(p, read);
        const auto& regs = c.registers[static_cast<std::size_t>(reg->thread)];
        auto it = regs.find(reg->reg);
        return {{it == regs.end() ? 0 : it->second, rel::Formula::constant(true)}};
    }
    if (const auto* a = std::get_if<AddressOf>(&term))
        return {{address_of(c.pre, *a, source), rel::Formula::constant(true)}};
    const auto& mem = std::get<MemoryRef>(term);
    const int cell = cell_index(c.pre, mem);
    if (cell < 0) throw std::runtime_error(source + ": condition names unknown location '" + mem.location + "'");
    if (!p.needs_memory) throw std::logic_error("a condition on memory without final writes");
    Values out;
    for (auto& [v, writes] : writes_by_value(c.pre, cell))
        out.emplace_back(v, (p.final_writes & rel::constant(writes)).some());
    return out;
}

}  // namespace

rel::Formula condition_formula(const CondExpr& e, const PreparedCandidate& p, const std::string& source) {
    switch (e.kind) {
        case CondExpr::Kind::truth: return rel::Formula::constant(e.value);
        case CondExpr::Kind::not_: return !condition_formula(e.operands[0], p, source);
        case CondExpr::Kind::and_:
            return condition_formula(e.operands[0], p, source) && condition_formula(e.operands[1], p, source);
        case CondExpr::Kind::or_:
            return condition_formula(e.operands[0], p, source) || condition_formula(e.operands[1], p, source);
        case CondExpr::Kind::compare: {
            const Values lhs = term_values(e.lhs, p, source), rhs = term_values(e.rhs, p, source);
            rel::Formula out = rel::Formula::constant(false);
            for (const auto& [a, fa] : lhs)
                for (const auto& [b, fb] : rhs)
                    if (compare_holds(e.cmp, a, b)) out = out || (fa && fb);
            return out;
        }
    }
    return rel::Formula::constant(false);
}

rel::Formula state_formula(const FinalState& state) {
    const PreparedCandidate& p = state.prepared;
    const Candidate& c = p.candidate;
    const exec::PreExecution& pre = c.pre;
    const std::size_t n = pre.events.size();
    const Shown* shown = p.shown ? &*p.shown : nullptr;
    rel::Formula out = rel::Formula::constant(true);
    // The free reads' registers: each reads a write of the value it shows.
    for (std::size_t t = 0; t < c.read_registers.size(); ++t)
        for (const auto& [reg, read] : c.read_registers[t]) {
            if (!p.shows_register(static_cast<int>(t), reg)) continue;
            const std::int64_t v = (*state.registers)[t].at(reg);
            rel::TupleSet at(n, 1);
            at.add(static_cast<std::size_t>(read));
            const auto by_value = writes_by_value(pre, pre.events[static_cast<std::size_t>(read)].location);
            out = out && (p.query.rf.join(rel::constant(at)) & rel::constant(by_value.at(v))).some();
        }
    // The cells: the final write has the value shown.
    for (std::size_t cell = 0; p.needs_memory && cell < pre.locations.size(); ++cell) {
        if (shown && !shown->cells.count(static_cast<int>(cell))) continue;
        const auto by_value = writes_by_value(pre, static_cast<int>(cell));
        out = out && (p.final_writes & rel::constant(by_value.at(state.memory[cell]))).some();
    }
    return out;
}

}  // namespace mapsound::litmus::detail
