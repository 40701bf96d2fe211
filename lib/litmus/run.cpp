// Litmus mode: enumerate consistent executions per pre-execution and
// evaluate the final condition on each.
#include "mapsound/litmus/run.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <optional>
#include <set>
#include <span>
#include <stdexcept>
#include <utility>

#include "litmus/query.hpp"

namespace mapsound::litmus {

namespace {

// What the states show when the test has a locations clause.
struct Shown {
    std::set<std::pair<int, std::string>> registers;
    std::set<int> cells;
};

// The final state of one execution: registers and memory cells.
struct FinalState {
    const Candidate& candidate;
    std::vector<std::int64_t> memory;  // per cell; absent cells read as initial
    // The registers: the candidate's, or with its free reads' values filled in.
    const std::vector<std::map<std::string, std::int64_t>>* registers = &candidate.registers;

    std::int64_t value(const Term& term, const std::string& source) const {
        if (auto constant = std::get_if<std::int64_t>(&term)) return *constant;
        if (auto reg = std::get_if<RegisterRef>(&term)) {
            if (reg->thread < 0 || static_cast<std::size_t>(reg->thread) >= registers->size())
                throw std::runtime_error(source + ": condition names thread " + std::to_string(reg->thread) +
                                         ", which does not exist");
            const auto& regs = (*registers)[static_cast<std::size_t>(reg->thread)];
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

    // "0:r0=1; 1:r0=0; x=2; ": registers by thread and name (not the
    // front ends' temporaries "__t0", ...), then cells in cell order; with a
    // selection, only the registers and cells it names.
    std::string describe(bool with_memory, const Shown* shown) const {
        std::string out;
        for (std::size_t t = 0; t < registers->size(); ++t)
            for (const auto& [reg, v] : (*registers)[t]) {
                if (shown ? !shown->registers.count({static_cast<int>(t), reg}) : reg.rfind("__", 0) == 0) continue;
                out.append(std::to_string(t)).append(":").append(reg).append("=").append(std::to_string(v)).append("; ");
            }
        for (std::size_t c = 0; with_memory && c < memory.size(); ++c) {
            if (shown && !shown->cells.count(static_cast<int>(c))) continue;
            out.append(candidate.pre.locations[c]).append("=").append(std::to_string(memory[c])).append("; ");
        }
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

// The registers and memory references an expression names.
void collect_terms(const CondExpr& e, std::vector<ObservedItem>& out) {
    if (e.kind == CondExpr::Kind::compare) {
        for (const Term* t : {&e.lhs, &e.rhs}) {
            if (const auto* r = std::get_if<RegisterRef>(t)) out.push_back(*r);
            if (const auto* m = std::get_if<MemoryRef>(t)) out.push_back(*m);
        }
    }
    for (const auto& o : e.operands) collect_terms(o, out);
}

// The locations clause and what the condition names, as a selection of one
// pre-execution's registers and cells.
Shown shown_items(const LitmusTest& test, const exec::PreExecution& pre) {
    std::vector<ObservedItem> items = *test.observed;
    if (test.condition) collect_terms(test.condition->expr, items);
    Shown shown;
    for (const ObservedItem& item : items) {
        if (const auto* r = std::get_if<RegisterRef>(&item)) {
            shown.registers.insert({r->thread, r->reg});
        } else if (const int cell = cell_index(pre, std::get<MemoryRef>(item)); cell >= 0) {
            shown.cells.insert(cell);
        }
    }
    return shown;
}

std::string seconds_text(double s) {
    std::string t = std::to_string(s);
    t.erase(t.find_last_not_of('0') + 1);
    if (!t.empty() && t.back() == '.') t.pop_back();
    return t;
}

}  // namespace

namespace {

// The registers of 'c' in one execution: a free read's register holds the
// value of the write it reads from.
std::vector<std::map<std::string, std::int64_t>> resolved_registers(const Candidate& c, const rel::TupleSet& rf) {
    const std::size_t n = c.pre.events.size();
    std::vector<std::size_t> source(n, n);
    rf.for_each_index([&](std::size_t idx) { source[idx % n] = idx / n; });
    auto out = c.registers;
    for (std::size_t t = 0; t < c.read_registers.size(); ++t)
        for (const auto& [reg, e] : c.read_registers[t]) {
            const std::size_t w = source[static_cast<std::size_t>(e)];
            if (w == n) throw std::logic_error("a free read without a write it reads from");
            out[t][reg] = c.pre.events[w].value;
        }
    return out;
}

bool has_read_registers(const Candidate& c) {
    return std::any_of(c.read_registers.begin(), c.read_registers.end(), [](const auto& m) { return !m.empty(); });
}

// One run of litmus mode with 'expand_free_reads' for ExpandOptions::free_reads.
// 'solver_over' is set when the budget ran out while executions were
// enumerated (not while pre-executions were).
Verdict run_once(const LitmusTest& test, const model::Model& model, const RunOptions& options, bool expand_free_reads,
                 bool& solver_over) {
    const auto start = std::chrono::steady_clock::now();
    const std::string where = (test.source.empty() ? test.name : test.source) + ": test '" + test.name + "'";
    Verdict verdict;
    verdict.test = test.name;
    verdict.file = test.source;
    verdict.model = model.path();
    bool observed_memory = false;
    if (test.observed)
        for (const ObservedItem& item : *test.observed) observed_memory = observed_memory || std::holds_alternative<MemoryRef>(item);
    const bool condition_memory = (test.condition && mentions_memory(test.condition->expr)) ||
                                  (test.filter && mentions_memory(*test.filter));
    const bool collect_states = options.states || !test.condition;
    // Final memory values: what the condition or filter reads and what the
    // locations clause shows; a test without condition or locations lists
    // whole states, with every cell when the model can tell final values.
    const bool memory_required = condition_memory || (collect_states && observed_memory);
    const bool whole_states = collect_states && !test.condition && !test.observed;
    std::set<std::string> states;

    const Budget& budget = options.expand.budget;
    std::uint64_t executions = 0;
    // The model's flags by name, in its order, and which some counted
    // execution raised (each instance of the model lists them alike).
    std::vector<std::string> flag_names;
    std::vector<bool> flag_raised;
    auto report = [&] {
        if (!options.progress) return;
        Progress p;
        p.candidates = verdict.candidates;
        p.executions = executions;
        p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        options.progress(p);
    };
    auto over_time = [&]() {
        solver_over = true;
        throw BudgetExceeded(where + ": time limit of " + seconds_text(budget.seconds) + " s exceeded (" +
                             std::to_string(verdict.candidates) + " pre-executions so far)");
    };
    ExpandOptions expand_options = options.expand;
    expand_options.free_reads = expand_options.free_reads || expand_free_reads;
    if (options.progress) {
        expand_options.tick = [&] {
            if (options.expand.tick) options.expand.tick();
            report();
        };
    }

    expand_each(test, expand_options, [&](const Candidate& candidate) {
        ++verdict.candidates;
        // (Translating one pre-execution is not interruptible: the deadline
        // is checked before it and while the solver runs.)
        if (budget.deadline && std::chrono::steady_clock::now() > *budget.deadline) over_time();
        const exec::PreExecution& pre = candidate.pre;
        const std::size_t n = pre.events.size();
        detail::LitmusQuery query(model, candidate);
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
        if (flag_names.empty() && !instance.flags.empty()) {
            for (const model::Axiom& f : instance.flags) flag_names.push_back(f.name);
            flag_raised.assign(flag_names.size(), false);
        }

        // The final write of each cell: one write with no coherence successor.
        rel::Relation final_writes = rel::Relation::unary("final");
        const bool needs_memory = memory_required || (whole_states && instance.definitions.count("co") > 0);
        if (needs_memory) {
            auto co = instance.definitions.find("co");
            if (co == instance.definitions.end())
                throw std::runtime_error(test.source + (condition_memory ? ": the condition reads memory" : ": the locations clause shows memory") + ", but model " + model.path() +
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

        std::optional<Shown> shown;
        if (test.observed && collect_states) shown = shown_items(test, pre);

        rel::Options solver_options;
        solver_options.symmetry = rel::SymmetryBreaking::off;
        if (budget.deadline) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*budget.deadline -
                                                                                    std::chrono::steady_clock::now());
            if (left.count() <= 0) over_time();
            solver_options.limits.time = left;
        }
        std::uint64_t consistent = 0;
        rel::Problem problem(formula, bounds, solver_options);
        auto solve = [&](std::span<const rel::Formula> assumptions) {
            const rel::Outcome outcome = problem.solve(assumptions);
            if (outcome == rel::Outcome::unknown) over_time();
            return outcome == rel::Outcome::satisfiable;
        };
        // Flags: without a filter every consistent execution counts, so one
        // solve per flag not yet raised, under the assumption that it is,
        // tells whether this pre-execution raises it (cheaper than
        // evaluating the flag on each execution).  With a filter, each
        // execution that passes it is evaluated below.
        // Only a pre-execution with a consistent execution can raise one
        // (most have none: values no write can supply, cycles), so one
        // plain solve goes first.
        const bool flags_open = std::find(flag_raised.begin(), flag_raised.end(), false) != flag_raised.end();
        if (!test.filter && flags_open && solve({}))
            for (std::size_t f = 0; f < flag_raised.size(); ++f)
                if (!flag_raised[f]) flag_raised[f] = solve(std::span(&instance.flags[f].holds, 1));
        auto visit = [&](const rel::Instance& execution) {
                ++consistent;
                ++executions;
                if (budget.max_executions > 0 && executions > budget.max_executions) {
                    solver_over = true;
                    throw BudgetExceeded(where + ": execution limit of " + std::to_string(budget.max_executions) +
                                         " exceeded (more than " + std::to_string(budget.max_executions) +
                                         " consistent executions)");
                }
                if (budget.deadline && std::chrono::steady_clock::now() > *budget.deadline) over_time();
                if (options.cross_check && !rel::evaluate(formula, execution))
                    throw std::logic_error(test.source + ": the solver returned an execution the evaluator rejects");
                FinalState state{candidate, {}};
                std::vector<std::map<std::string, std::int64_t>> resolved;
                if (has_read_registers(candidate)) {
                    resolved = resolved_registers(candidate, execution.tuples(query.rf));
                    state.registers = &resolved;
                }
                for (std::size_t cell = 0; cell < pre.locations.size(); ++cell) state.memory.push_back(0);
                if (needs_memory) {
                    execution.tuples(final_writes).for_each_index([&](std::size_t e) {
                        state.memory[static_cast<std::size_t>(pre.events[e].location)] = pre.events[e].value;
                    });
                }
                if (test.filter && !state.holds(*test.filter, test.source)) return;
                // A flag once raised needs no more evaluating.
                for (std::size_t f = 0; f < flag_raised.size(); ++f)
                    if (!flag_raised[f]) flag_raised[f] = rel::evaluate(instance.flags[f].holds, execution);
                if (!test.condition || state.holds(test.condition->expr, test.source))
                    ++verdict.positive;
                else
                    ++verdict.negative;
                if (collect_states) states.insert(state.describe(needs_memory, shown ? &*shown : nullptr));
        };
        while (solve({})) {
            visit(problem.instance());
            problem.block_instance();
        }

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
        report();
        return true;
    });

    if (!test.condition) {
        verdict.ok = true;  // herd7: a test without a condition is "forall (true)"
    } else {
        switch (test.condition->quantifier) {
            case Quantifier::exists: verdict.ok = verdict.positive > 0; break;
            case Quantifier::not_exists: verdict.ok = verdict.positive == 0; break;
            case Quantifier::forall: verdict.ok = verdict.negative == 0; break;
        }
    }
    verdict.states.assign(states.begin(), states.end());
    for (std::size_t f = 0; f < flag_names.size(); ++f)
        if (flag_raised[f]) verdict.flags.push_back(flag_names[f]);
    verdict.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return verdict;
}

}  // namespace

Verdict run_litmus(const LitmusTest& test, const model::Model& model, const RunOptions& options) {
    // Every value enumerated first, within at most kExplicitPreExecutions
    // pre-executions; a test that needs more is run again with free reads
    // (ExpandOptions::free_reads: the same executions and final states in
    // fewer pre-executions) under the caller's budget.  A count, not a
    // time, so that which way a test is decided never depends on the load.
    constexpr std::uint64_t kExplicitPreExecutions = 500;
    const auto start = std::chrono::steady_clock::now();
    bool solver_over = false;
    if (!options.free_reads_fallback || options.expand.free_reads || !has_free_reads(test))
        return run_once(test, model, options, false, solver_over);
    const std::uint64_t budget = options.expand.budget.max_executions;
    const bool capped = budget == 0 || budget > kExplicitPreExecutions;
    RunOptions first = options;
    if (capped) first.expand.budget.max_executions = kExplicitPreExecutions;
    std::exception_ptr explicit_over;
    try {
        return run_once(test, model, first, false, solver_over);
    } catch (const BudgetExceeded&) {
        // The caller's own limit on consistent executions or time: a retry
        // has the same executions.
        if (solver_over && !capped) throw;
        explicit_over = std::current_exception();
    }
    try {
        // The time of both runs: the first one is part of deciding the test.
        Verdict v = run_once(test, model, options, true, solver_over);
        v.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return v;
    } catch (const BudgetExceeded&) {
        // Over the budget both ways: the caller's limit as every value
        // enumerated met it (when it was the limit there).
        if (!capped) std::rethrow_exception(explicit_over);
        throw;
    }
}

}  // namespace mapsound::litmus
