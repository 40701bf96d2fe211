// What litmus mode's two ways of deciding a test share (run_common.hpp).
#include "litmus/run_common.hpp"
#include "litmus/tear.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <variant>

namespace mapsound::litmus::detail {

namespace {

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

// The items (as states name them: "0:X0", "y", "y[1]") that hold a
// location's address: a register or location that starts with one, or one
// the condition compares with one.  Only their values are shown as names:
// an integer equal to an address's encoding (expand.hpp, address_base)
// stays a number.
void address_items_of(const CondExpr& e, std::set<std::string>& out) {
    if (e.kind == CondExpr::Kind::compare) {
        const bool address = std::holds_alternative<AddressOf>(e.lhs) || std::holds_alternative<AddressOf>(e.rhs);
        for (const Term* t : {&e.lhs, &e.rhs}) {
            if (!address) break;
            if (const auto* r = std::get_if<RegisterRef>(t)) out.insert(std::to_string(r->thread) + ":" + r->reg);
            if (const auto* m = std::get_if<MemoryRef>(t))
                out.insert(m->index ? m->location + "[" + std::to_string(*m->index) + "]" : m->location);
        }
    }
    for (const auto& o : e.operands) address_items_of(o, out);
}

std::set<std::string> address_items(const LitmusTest& test) {
    std::set<std::string> out;
    auto address = [](const InitValue& v) { return std::holds_alternative<AddressOf>(v); };
    for (const Location& l : test.locations)
        for (std::size_t k = 0; k < l.values.size(); ++k)
            if (address(l.values[k])) out.insert(l.values.size() == 1 ? l.name : l.name + "[" + std::to_string(k) + "]");
    for (const RegisterInit& r : test.register_inits)
        if (address(r.value)) out.insert(std::to_string(r.thread) + ":" + r.reg.name);
    if (test.condition) address_items_of(test.condition->expr, out);
    return out;
}

bool has_read_registers(const Candidate& c) {
    return std::any_of(c.read_registers.begin(), c.read_registers.end(), [](const auto& m) { return !m.empty(); });
}

}  // namespace

TestNeeds::TestNeeds(const LitmusTest& test, const RunOptions& options) {
    bool observed_memory = false;
    if (test.observed)
        for (const ObservedItem& item : *test.observed) observed_memory = observed_memory || std::holds_alternative<MemoryRef>(item);
    condition_memory = (test.condition && mentions_memory(test.condition->expr)) || (test.filter && mentions_memory(*test.filter));
    collect_states = options.states || !test.condition;
    // Final memory values: what the condition or filter reads and what the
    // locations clause shows; a test without condition or locations lists
    // whole states, with every cell when the model can tell final values.
    memory_required = condition_memory || (collect_states && observed_memory);
    whole_states = collect_states && !test.condition && !test.observed;
    address_items = mapsound::litmus::detail::address_items(test);
}

Shown shown_items(const LitmusTest& test, const exec::PreExecution& pre) {
    std::vector<ObservedItem> items = test.observed ? *test.observed : std::vector<ObservedItem>{};
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

PreparedCandidate::PreparedCandidate(const LitmusTest& test, const model::Model& model, const Candidate& c,
                                     const TestNeeds& needs, const RunOptions& options, const Reassembly* r)
    : candidate(c),
      query(model, c),
      well_formed(query.well_formed()),
      consistent(query.consistent()),
      flags_quiet(rel::Formula::constant(true)),
      reassembly(r),
      address_items(needs.address_items) {
    if (reassembly)
        for (const Reassembly::Whole& w : reassembly->wholes) {
            if (w.thread >= 0) {
                register_wholes[{w.thread, w.name}] = &w;
                for (const Reassembly::Part& part : w.parts) register_parts[{w.thread, part.name}] = &w;
                continue;
            }
            std::map<std::string, int>& cells = location_wholes.emplace_back(&w, std::map<std::string, int>{}).second;
            for (const Reassembly::Part& part : w.parts)
                if (!part.name.empty()) {
                    const int cell = cell_index(candidate.pre, MemoryRef{part.name, std::nullopt});
                    cells[part.name] = cell;
                    cells_in_wholes.insert(cell);
                }
        }
    const exec::PreExecution& pre = c.pre;
    const std::size_t n = pre.events.size();
    const model::ModelInstance& instance = query.instance;
    for (const std::string& name : options.forbidden_flags) {
        const auto f = std::find_if(instance.flags.begin(), instance.flags.end(),
                                    [&](const model::Axiom& a) { return a.name == name; });
        if (f == instance.flags.end())
            throw std::runtime_error("model " + model.path() + " has no flag '" + name + "' to forbid");
        flags_quiet = flags_quiet && !f->holds;
    }
    consistent = consistent && flags_quiet;

    needs_memory = needs.memory_required || (needs.whole_states && instance.definitions.count("co") > 0);
    if (needs_memory) {
        auto co = instance.definitions.find("co");
        if (co == instance.definitions.end())
            throw std::runtime_error(test.source +
                                     (needs.condition_memory ? ": the condition reads memory" : ": the locations clause shows memory") +
                                     ", but model " + model.path() + " defines no 'co' relation to tell the final value");
        rel::TupleSet writes(n, 1);
        for (std::size_t e = 0; e < n; ++e)
            if (pre.events[e].kind == exec::EventKind::write) writes.add(e);
        query.bounds.bound(final_writes, rel::TupleSet(n, 1), writes);
        rel::Formula final_ok = rel::iden_on(final_writes).join(co->second).no();
        for (std::size_t cell = 0; cell < pre.locations.size(); ++cell) {
            rel::TupleSet of_cell(n, 1);
            for (std::size_t e = 0; e < n; ++e)
                if (pre.events[e].kind == exec::EventKind::write && pre.events[e].location == static_cast<int>(cell))
                    of_cell.add(e);
            final_ok = final_ok && (final_writes & rel::constant(of_cell)).one();
        }
        consistent = consistent && final_ok;
        well_formed = well_formed && final_ok;
    }
    // herd7 shows what the condition and the locations clause name; a test
    // with neither, every register and cell.
    if ((test.observed || test.condition) && needs.collect_states) shown = shown_items(test, pre);
}

std::uint64_t undetermined_tuples(const PreparedCandidate& prepared) {
    const rel::Bounds& bounds = prepared.query.bounds;
    std::uint64_t tuples = 0;
    for (const rel::Relation& r : bounds.relations()) tuples += bounds.upper(r).size() - bounds.lower(r).size();
    return tuples;
}

void check_size(RunContext& run, const PreparedCandidate& prepared) {
    const std::uint64_t limit = run.options.expand.budget.max_undetermined_tuples;
    if (limit == 0) return;
    const std::uint64_t tuples = undetermined_tuples(prepared);
    if (tuples > limit)
        throw BudgetExceeded(run.where + ": size limit of " + std::to_string(limit) +
                             " undetermined tuples exceeded (a pre-execution with " + std::to_string(tuples) +
                             ": rf, coherence and the other witnesses' pairs)");
}

FinalState::FinalState(const PreparedCandidate& p, const rel::Instance& execution)
    : prepared(p), memory(p.candidate.pre.locations.size(), 0), registers(&p.candidate.registers) {
    const Candidate& c = p.candidate;
    const exec::PreExecution& pre = c.pre;
    if (has_read_registers(c)) {
        // A free read's register holds the value of the write it reads.
        const std::size_t n = pre.events.size();
        std::vector<std::size_t> source(n, n);
        execution.tuples(p.query.rf).for_each_index([&](std::size_t idx) { source[idx % n] = idx / n; });
        resolved = c.registers;
        for (std::size_t t = 0; t < c.read_registers.size(); ++t)
            for (const auto& [reg, e] : c.read_registers[t]) {
                const std::size_t w = source[static_cast<std::size_t>(e)];
                if (w == n) throw std::logic_error("a free read without a write it reads from");
                resolved[t][reg] = pre.events[w].value;
            }
        registers = &resolved;
    }
    if (p.needs_memory)
        execution.tuples(p.final_writes).for_each_index([&](std::size_t e) {
            memory[static_cast<std::size_t>(pre.events[e].location)] = pre.events[e].value;
        });
}

std::int64_t FinalState::value(const Term& term, const std::string& source) const {
    if (auto constant = std::get_if<std::int64_t>(&term)) return *constant;
    if (auto reg = std::get_if<RegisterRef>(&term)) {
        if (reg->thread < 0 || static_cast<std::size_t>(reg->thread) >= registers->size())
            throw std::runtime_error(source + ": condition names thread " + std::to_string(reg->thread) +
                                     ", which does not exist");
        const auto& regs = (*registers)[static_cast<std::size_t>(reg->thread)];
        auto it = regs.find(reg->reg);
        return it == regs.end() ? 0 : it->second;
    }
    if (const auto* a = std::get_if<AddressOf>(&term)) return address_of(prepared.candidate.pre, *a, source);
    const auto& mem = std::get<MemoryRef>(term);
    const int cell = cell_index(prepared.candidate.pre, mem);
    if (cell < 0) throw std::runtime_error(source + ": condition names unknown location '" + mem.location + "'");
    return memory[static_cast<std::size_t>(cell)];
}

bool FinalState::holds(const CondExpr& e, const std::string& source) const {
    switch (e.kind) {
        case CondExpr::Kind::truth: return e.value;
        case CondExpr::Kind::not_: return !holds(e.operands[0], source);
        case CondExpr::Kind::and_: return holds(e.operands[0], source) && holds(e.operands[1], source);
        case CondExpr::Kind::or_: return holds(e.operands[0], source) || holds(e.operands[1], source);
        case CondExpr::Kind::compare: return compare_holds(e.cmp, value(e.lhs, source), value(e.rhs, source));
    }
    return false;
}

bool PreparedCandidate::shows_register(int t, const std::string& reg) const {
    const auto part = register_parts.find({t, reg});
    const Reassembly::Whole* whole = part != register_parts.end() ? part->second : nullptr;
    if (!whole) {
        const auto w = register_wholes.find({t, reg});
        whole = w != register_wholes.end() ? w->second : nullptr;
    }
    if (!shown) return whole || reg.rfind("__", 0) != 0;
    if (!whole) return shown->registers.count({t, reg}) > 0;
    if (shown->registers.count({t, whole->name})) return true;
    return std::any_of(whole->parts.begin(), whole->parts.end(),
                       [&](const Reassembly::Part& p) { return shown->registers.count({t, p.name}) > 0; });
}

std::string FinalState::describe() const {
    const Shown* shown = prepared.shown ? &*prepared.shown : nullptr;
    std::string out;
    const exec::PreExecution& pre = prepared.candidate.pre;
    // An address is shown as its location's name, as herd7 shows it
    // ("1:X0=x"); a torn location's address is its first piece's ("x+4"),
    // shown as the location's.
    auto entry = [&](const std::string& name, std::int64_t v) {
        const std::int64_t cell = v - address_base;
        const bool address = prepared.address_items.count(name) && cell >= 0 &&
                             cell < static_cast<std::int64_t>(pre.locations.size());
        std::string shown_value = std::to_string(v);
        if (address) {
            shown_value = pre.locations[static_cast<std::size_t>(cell)];
            if (prepared.reassembly) shown_value = shown_value.substr(0, shown_value.find('+'));
        }
        out.append(name).append("=").append(shown_value).append("; ");
    };
    // A whole: its parts shifted to their bytes (a part's value is within
    // its bytes).
    auto whole_value = [](const Reassembly::Whole& w, const auto& part_value) {
        std::uint64_t v = 0;
        for (const Reassembly::Part& p : w.parts)
            v |= static_cast<std::uint64_t>(p.name.empty() ? p.constant : part_value(p.name)) << (8 * p.from);
        return static_cast<std::int64_t>(v);
    };
    for (std::size_t t = 0; t < registers->size(); ++t) {
        const int thread = static_cast<int>(t);
        const auto& regs = (*registers)[t];
        std::map<std::string, std::int64_t> listed;  // by name, as herd7 lists them
        for (const auto& [reg, v] : regs)
            if (!prepared.register_parts.count({thread, reg}) && prepared.shows_register(thread, reg)) listed[reg] = v;
        for (const auto& [key, w] : prepared.register_wholes)
            if (key.first == thread && prepared.shows_register(thread, w->name))
                listed[w->name] = whole_value(*w, [&](const std::string& part) {
                    const auto it = regs.find(part);
                    return it == regs.end() ? std::int64_t{0} : it->second;
                });
        // A register the condition or locations clause names that the code
        // never touches holds 0, as herd7 shows it.
        if (shown)
            for (const auto& [t2, reg] : shown->registers)
                if (t2 == thread && !regs.count(reg) && !prepared.register_parts.count({thread, reg}) &&
                    !prepared.register_wholes.count({thread, reg}))
                    listed.emplace(reg, 0);
        for (const auto& [reg, v] : listed) entry(std::to_string(t) + ":" + reg, v);
    }
    if (!prepared.needs_memory) return out;
    auto cell_shown = [&](int c) { return c >= 0 && (!shown || shown->cells.count(c)); };
    auto cell_shown_in = [&](const auto& named) { return cell_shown(named.second); };
    // Cells in cell order, a torn location's whole where its first piece is.
    std::map<int, std::pair<std::string, std::int64_t>> cells_shown;
    for (const auto& [w, cells] : prepared.location_wholes)
        if (std::any_of(cells.begin(), cells.end(), cell_shown_in)) {
            int first = std::numeric_limits<int>::max();
            for (const auto& named : cells)
                if (named.second >= 0) first = std::min(first, named.second);
            cells_shown[first] = {w->name, whole_value(*w, [&](const std::string& part) {
                                      return memory[static_cast<std::size_t>(cells.at(part))];
                                  })};
        }
    for (std::size_t c = 0; c < memory.size(); ++c)
        if (cell_shown(static_cast<int>(c)) && !prepared.cells_in_wholes.count(static_cast<int>(c)))
            cells_shown[static_cast<int>(c)] = {pre.locations[c], memory[c]};
    for (const auto& [cell, shown_cell] : cells_shown) entry(shown_cell.first, shown_cell.second);
    return out;
}

RunContext::RunContext(const LitmusTest& t, const RunOptions& o)
    : torn(tear_for_run(t)), options(o), where((t.source.empty() ? t.name : t.source) + ": test '" + t.name + "'") {}

void RunContext::over_time() {
    solver_over = true;
    throw BudgetExceeded(where + ": time limit of " + seconds_text(options.expand.budget.seconds) + " s exceeded (" +
                         std::to_string(candidates) + " pre-executions so far)");
}

void RunContext::check_deadline() {
    const Budget& budget = options.expand.budget;
    if (budget.deadline && std::chrono::steady_clock::now() > *budget.deadline) over_time();
}

rel::Options RunContext::solver_options() {
    rel::Options o;
    o.symmetry = rel::SymmetryBreaking::off;
    const Budget& budget = options.expand.budget;
    if (budget.deadline) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(*budget.deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) over_time();
        o.limits.time = left;
    }
    return o;
}

void RunContext::report() {
    if (!options.progress) return;
    Progress p;
    p.candidates = candidates;
    p.executions = executions;
    p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    options.progress(p);
}

void FlagTally::meet(const model::ModelInstance& instance) {
    if (!names.empty() || instance.flags.empty()) return;
    for (const model::Axiom& f : instance.flags) names.push_back(f.name);
    raised.assign(names.size(), false);
}

bool FlagTally::open() const { return std::find(raised.begin(), raised.end(), false) != raised.end(); }

std::vector<std::string> FlagTally::raised_names() const {
    std::vector<std::string> out;
    for (std::size_t f = 0; f < names.size(); ++f)
        if (raised[f]) out.push_back(names[f]);
    return out;
}

bool condition_ok(const LitmusTest& test, bool some_positive, bool some_negative) {
    if (!test.condition) return true;  // herd7: a test without a condition is "forall (true)"
    switch (test.condition->quantifier) {
        case Quantifier::exists: return some_positive;
        case Quantifier::not_exists: return !some_positive;
        case Quantifier::forall: return !some_negative;
    }
    return false;
}

ExpandOptions expand_options_for(RunContext& run, bool free_reads) {
    ExpandOptions o = run.options.expand;
    o.free_reads = o.free_reads || free_reads;
    if (run.options.progress) {
        o.tick = [&run] {
            if (run.options.expand.tick) run.options.expand.tick();
            run.report();
        };
    }
    return o;
}

Verdict empty_verdict(const RunContext& run, const model::Model& model) {
    Verdict verdict;
    verdict.test = run.test.name;
    verdict.file = run.test.source;
    verdict.model = model.path();
    return verdict;
}

std::string seconds_text(double s) {
    std::string t = std::to_string(s);
    t.erase(t.find_last_not_of('0') + 1);
    if (!t.empty() && t.back() == '.') t.pop_back();
    return t;
}

}  // namespace mapsound::litmus::detail
