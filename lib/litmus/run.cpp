// Litmus mode: enumerate consistent executions per pre-execution and
// evaluate the final condition on each.
#include "mapsound/litmus/run.hpp"

#include <algorithm>
#include <chrono>
#include <set>
#include <stdexcept>

namespace mapsound::litmus {

namespace {

// The final state of one execution: registers and memory cells.
struct FinalState {
    const Candidate& candidate;
    std::vector<std::int64_t> memory;  // per cell; absent cells read as initial

    std::int64_t value(const Term& term, const std::string& source) const {
        if (auto constant = std::get_if<std::int64_t>(&term)) return *constant;
        if (auto reg = std::get_if<RegisterRef>(&term)) {
            if (reg->thread < 0 || static_cast<std::size_t>(reg->thread) >= candidate.registers.size())
                throw std::runtime_error(source + ": condition names thread " + std::to_string(reg->thread) +
                                         ", which does not exist");
            const auto& regs = candidate.registers[static_cast<std::size_t>(reg->thread)];
            auto it = regs.find(reg->reg);
            return it == regs.end() ? 0 : it->second;
        }
        const auto& mem = std::get<MemoryRef>(term);
        const int cell = cell_index(candidate.pre, mem);
        if (cell < 0) throw std::runtime_error(source + ": condition names unknown location '" + mem.location + "'");
        return memory[static_cast<std::size_t>(cell)];
    }

    bool holds(const CondExpr& e, const std::string& source) const {
        switch (e.kind) {
            case CondExpr::Kind::truth: return e.value;
            case CondExpr::Kind::not_: return !holds(e.operands[0], source);
            case CondExpr::Kind::and_: return holds(e.operands[0], source) && holds(e.operands[1], source);
            case CondExpr::Kind::or_: return holds(e.operands[0], source) || holds(e.operands[1], source);
            case CondExpr::Kind::compare: {
                const std::int64_t a = value(e.lhs, source), b = value(e.rhs, source);
                return compare_holds(e.cmp, a, b);
            }
        }
        return false;
    }

    std::string describe(bool with_memory) const {
        std::string out;
        for (std::size_t t = 0; t < candidate.registers.size(); ++t)
            for (const auto& [reg, v] : candidate.registers[t])
                out.append(std::to_string(t)).append(":").append(reg).append("=").append(std::to_string(v)).append("; ");
        for (std::size_t c = 0; with_memory && c < memory.size(); ++c)
            out.append(candidate.pre.locations[c]).append("=").append(std::to_string(memory[c])).append("; ");
        return out;
    }
};

bool mentions_memory(const CondExpr& e) {
    auto is_memory = [](const Term& t) { return std::holds_alternative<MemoryRef>(t); };
    if (e.kind == CondExpr::Kind::compare) return is_memory(e.lhs) || is_memory(e.rhs);
    for (const auto& o : e.operands)
        if (mentions_memory(o)) return true;
    return false;
}

}  // namespace

Verdict run_litmus(const LitmusTest& test, const model::Model& model, const RunOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    Verdict verdict;
    verdict.test = test.name;
    verdict.file = test.source;
    verdict.model = model.path();
    const bool needs_memory =
        mentions_memory(test.condition.expr) || (test.filter && mentions_memory(*test.filter));
    std::set<std::string> states;

    for (const Candidate& candidate : expand(test, options.expand)) {
        ++verdict.candidates;
        const exec::PreExecution& pre = candidate.pre;
        const std::size_t n = pre.events.size();
        exec::ExecutionQuery query(model, pre);
        rel::Bounds& bounds = query.bounds;
        const model::ModelInstance& instance = query.instance;
        // Well-formed candidates (rf and the witnesses' requirements) and,
        // among them, the consistent executions.
        rel::Formula well_formed = query.well_formed();
        rel::Formula formula = query.consistent();
        rel::Formula flags_quiet = rel::Formula::constant(true);
        for (const std::string& name : options.forbidden_flags) {
            const auto f = std::find_if(instance.flags.begin(), instance.flags.end(),
                                        [&](const model::Axiom& a) { return a.name == name; });
            if (f == instance.flags.end())
                throw std::runtime_error("model " + model.path() + " has no flag '" + name + "' to forbid");
            flags_quiet = flags_quiet && !f->holds;
        }
        formula = formula && flags_quiet;

        // The final write of each cell: one write with no coherence successor.
        rel::Relation final_writes = rel::Relation::unary("final");
        if (needs_memory) {
            auto co = instance.definitions.find("co");
            if (co == instance.definitions.end())
                throw std::runtime_error(test.source + ": the condition reads memory, but model " + model.path() +
                                         " defines no 'co' relation to tell the final value");
            rel::TupleSet writes(n, 1);
            for (std::size_t e = 0; e < n; ++e)
                if (pre.events[e].kind == exec::EventKind::write) writes.add(e);
            bounds.bound(final_writes, rel::TupleSet(n, 1), writes);
            rel::Formula final_ok = rel::iden_on(final_writes).join(co->second).no();
            for (std::size_t cell = 0; cell < pre.locations.size(); ++cell) {
                rel::TupleSet of_cell(n, 1);
                for (std::size_t e = 0; e < n; ++e)
                    if (pre.events[e].kind == exec::EventKind::write &&
                        pre.events[e].location == static_cast<int>(cell))
                        of_cell.add(e);
                final_ok = final_ok && (final_writes & rel::constant(of_cell)).one();
            }
            formula = formula && final_ok;
            well_formed = well_formed && final_ok;
        }

        rel::Options solver_options;
        solver_options.symmetry = rel::SymmetryBreaking::off;
        std::uint64_t consistent = 0;
        rel::enumerate(formula, bounds, [&](const rel::Instance& execution) {
            ++consistent;
            if (options.cross_check && !rel::evaluate(formula, execution))
                throw std::logic_error(test.source + ": the solver returned an execution the evaluator rejects");
            FinalState state{candidate, {}};
            for (std::size_t cell = 0; cell < pre.locations.size(); ++cell) state.memory.push_back(0);
            if (needs_memory) {
                execution.tuples(final_writes).for_each_index([&](std::size_t e) {
                    state.memory[static_cast<std::size_t>(pre.events[e].location)] = pre.events[e].value;
                });
            }
            if (test.filter && !state.holds(*test.filter, test.source)) return true;
            if (state.holds(test.condition.expr, test.source))
                ++verdict.positive;
            else
                ++verdict.negative;
            if (options.states) states.insert(state.describe(needs_memory));
            return true;
        }, solver_options);

        // The second way to the same answer: every well-formed candidate
        // execution, judged by the plain evaluator alone, so that the
        // solver's inconsistent verdicts are re-checked too.
        if (options.cross_check) {
            const rel::Formula axioms = instance.consistent() && flags_quiet;
            std::uint64_t consistent_by_evaluator = 0;
            rel::enumerate(well_formed, bounds, [&](const rel::Instance& execution) {
                if (rel::evaluate(axioms, execution)) ++consistent_by_evaluator;
                return true;
            }, solver_options);
            if (consistent_by_evaluator != consistent)
                throw std::logic_error(test.source + ": the solver found " + std::to_string(consistent) +
                                       " consistent executions of a candidate, the evaluator " +
                                       std::to_string(consistent_by_evaluator));
        }
    }

    switch (test.condition.quantifier) {
        case Quantifier::exists: verdict.ok = verdict.positive > 0; break;
        case Quantifier::not_exists: verdict.ok = verdict.positive == 0; break;
        case Quantifier::forall: verdict.ok = verdict.negative == 0; break;
    }
    verdict.states.assign(states.begin(), states.end());
    verdict.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return verdict;
}

}  // namespace mapsound::litmus
