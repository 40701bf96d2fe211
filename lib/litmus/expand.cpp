// From a litmus program to its pre-executions (see expand.hpp).
//
// The work is in three steps:
//   1. memory layout: one cell per scalar location and per array element,
//      with its initial value;
//   2. value domains: which values a load may return, grown to a fixpoint
//      from the initial values and the stored constants (expand_domain.cpp);
//   3. runs: each thread is run once per choice of loaded values
//      (expand_thread.cpp); its complete runs (deduplicated) are combined
//      into candidates, keeping only those in which every read has a
//      possible source (expand.hpp), each with its barrier instances
//      (expand_barriers.cpp).
//
// Thread runs are explored depth first: the run state is copied at every
// load, once per value the load may return, so a run is a path through that
// tree.  The same explorer serves step 2, where it records the tree itself
// (expand_domain.hpp) instead of the complete runs.
#include "mapsound/litmus/expand.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>
#include <utility>

#include "litmus/expand_context.hpp"
#include "litmus/run_common.hpp"
#include "litmus/expand_thin_air.hpp"
#include "litmus/known_registers.hpp"
#include "litmus/tear.hpp"

namespace mapsound::litmus {

namespace detail {

std::set<std::string> registers_read(const Thread& th) {
    std::set<std::string> out;
    auto operand = [&](const Operand& o) {
        if (const auto* r = std::get_if<Register>(&o)) out.insert(r->name);
    };
    auto address = [&](const Address& a) {
        if (a.offset) operand(*a.offset);
        if (a.pointer) out.insert(a.pointer->name);
    };
    for (const Instruction& i : th.code)
        std::visit(
            [&](const auto& ins) {
                using I = std::decay_t<decltype(ins)>;
                if constexpr (std::is_same_v<I, Load>) {
                    address(ins.addr);
                } else if constexpr (std::is_same_v<I, Store>) {
                    address(ins.addr);
                    operand(ins.value);
                } else if constexpr (std::is_same_v<I, Rmw>) {
                    address(ins.addr);
                    operand(ins.value);
                    if (ins.expected) operand(*ins.expected);
                } else if constexpr (std::is_same_v<I, CompareExchange>) {
                    address(ins.addr);
                    if (const auto* r = std::get_if<Register>(&ins.expected)) out.insert(r->name);
                    if (const auto* a = std::get_if<Address>(&ins.expected)) address(*a);
                    operand(ins.desired);
                } else if constexpr (std::is_same_v<I, Barrier>) {
                    operand(ins.id);
                    if (ins.resource) operand(*ins.resource);
                    if (ins.thread_count) operand(*ins.thread_count);
                } else if constexpr (std::is_same_v<I, RegOp>) {
                    operand(ins.lhs);
                    if (ins.rhs) operand(*ins.rhs);
                } else if constexpr (std::is_same_v<I, Branch>) {
                    operand(ins.lhs);
                    operand(ins.rhs);
                }
            },
            i);
    return out;
}

ExpansionContext::ExpansionContext(const LitmusTest& t, const ExpandOptions& o)
    : test(t), options(o), where((t.source.empty() ? t.name : t.source) + ": test '" + t.name + "'") {}

void ExpansionContext::fail(const std::string& what) const { throw std::runtime_error(where + ": " + what); }

void ExpansionContext::over_execution_limit(const std::string& what) const {
    throw BudgetExceeded(where + ": execution limit of " + std::to_string(options.budget.max_executions) +
                         " exceeded (" + what + ")");
}

void ExpansionContext::over_time() const {
    throw BudgetExceeded(where + ": time limit of " + seconds_text(options.budget.seconds) + " s exceeded (" +
                         std::to_string(candidates) + " pre-executions so far)");
}

void ExpansionContext::step() {
    if (++steps_ % 4096 != 0) return;
    if (options.budget.deadline && std::chrono::steady_clock::now() > *options.budget.deadline) over_time();
    if (options.tick) options.tick();
}

void ExpansionContext::count_candidate() {
    ++candidates;
    const std::uint64_t limit = options.budget.max_executions;
    if (limit > 0 && candidates > limit)
        over_execution_limit("more than " + std::to_string(limit) + " pre-executions");
    if (options.budget.deadline && std::chrono::steady_clock::now() > *options.budget.deadline) over_time();
}

int ExpansionContext::barrier_number(const std::vector<std::int64_t>& operands) {
    constexpr std::int64_t int_max = std::numeric_limits<int>::max();
    if (operands.size() == 3 && operands[2] < 1)
        fail("a barrier's thread count must be at least 1, not " + std::to_string(operands[2]));
    if (operands.size() == 1 && operands[0] >= 0 && operands[0] < compound_barrier_base) return static_cast<int>(operands[0]);
    auto [it, fresh] = compound_barriers_.emplace(operands, 0);
    if (fresh) {
        const std::int64_t n = compound_barrier_base + static_cast<std::int64_t>(compound_operands_.size());
        if (n > int_max) fail("too many distinct barriers");
        it->second = static_cast<int>(n);
        compound_operands_.push_back(operands);
    }
    return it->second;
}

std::int64_t ExpansionContext::barrier_count(int number) const {
    if (number < compound_barrier_base) return 0;
    const auto& ops = compound_operands_.at(static_cast<std::size_t>(number - compound_barrier_base));
    return ops.size() == 3 ? ops[2] : 0;
}

namespace {

using exec::Event;
using exec::EventKind;

// Adds the locations that accesses name but test.locations lacks (possible
// only in a hand-built IR: the parser lists every location), as scalars
// starting at 0.
std::vector<Location> all_locations(const LitmusTest& test) {
    std::vector<Location> locs = test.locations;
    auto note = [&](const std::string& name) {
        for (const Location& l : locs)
            if (l.name == name) return;
        locs.push_back(Location{name, "", {std::int64_t{0}}});
    };
    for (const Thread& t : test.threads)
        for (const Instruction& i : t.code)
            for (const std::string& name : accessed_locations(i))
                if (!test.find_alias(name)) note(name);
    return locs;
}

class Expander {
public:
    Expander(const LitmusTest& test, const ExpandOptions& options) : x_(test, options) {
        layout();
        prepare_threads();
    }

    void run(const std::function<bool(const Candidate&)>& visit) {
        compute_domains();
        std::vector<std::vector<Run>> runs(x_.test.threads.size());
        for (std::size_t t = 0; t < x_.test.threads.size(); ++t)
            ThreadExplorer(x_, static_cast<int>(t), nullptr, &runs[t]).explore(initial_state(t));
        combine(runs, visit);
    }

private:
    ExpansionContext x_;
    // Every value some cell holds before values out of thin air are added.
    std::set<std::int64_t> produced_;

    std::int64_t init_value(const InitValue& v, const std::string& what) const {
        if (const auto* n = std::get_if<std::int64_t>(&v)) return *n;
        const std::string& target = std::get<AddressOf>(v).location;
        auto it = x_.memory.locations.find(target);
        if (it == x_.memory.locations.end() || it->second.size == 0)
            x_.fail(what + " is the address of '" + target + "', which is not a location of the test");
        return address_base + it->second.first;
    }

    void layout() {
        // expand_each tears a mixed-size program first.
        if (const auto access = mixed_size_access(x_.test))
            throw std::logic_error(x_.where + ": a mixed-size program reached the expansion untorn (" + *access + ")");
        const std::vector<Location> locs = all_locations(x_.test);
        for (const Location& l : locs) {
            if (x_.memory.locations.count(l.name)) x_.fail("location '" + l.name + "' is declared twice");
            Memory::Span span{static_cast<int>(x_.memory.names.size()), static_cast<int>(l.values.size())};
            x_.memory.locations.emplace(l.name, span);
            for (std::size_t i = 0; i < l.values.size(); ++i)
                x_.memory.names.push_back(l.values.size() == 1 ? l.name : l.name + "[" + std::to_string(i) + "]");
        }
        // PTX 7.5 aliases: the cells of what they alias; a generic alias is
        // a virtual address of its own (numbered after the cells), another
        // proxy's alias has its target's.
        // Aliases may name aliases declared after them: resolve in
        // dependency order.
        int next_virtual = static_cast<int>(x_.memory.names.size());
        std::function<void(const ProxyAlias&, std::size_t)> resolve = [&](const ProxyAlias& a, std::size_t depth) {
            if (x_.memory.virtual_ids.count(a.name)) return;
            if (depth > x_.test.aliases.size()) x_.fail("alias '" + a.name + "' aliases itself");
            if (const ProxyAlias* t = x_.test.find_alias(a.target)) resolve(*t, depth + 1);
            auto target = x_.memory.locations.find(a.target);
            if (x_.memory.locations.count(a.name) || target == x_.memory.locations.end())
                x_.fail("alias '" + a.name + "' is declared twice or names '" + a.target + "', which is no location");
            if (target->second.size != 1) x_.fail("alias '" + a.name + "' names an array ('" + a.target + "')");
            auto target_virtual = x_.memory.virtual_ids.find(a.target);
            const int v = a.proxy == Qualifiers::Proxy::generic ? next_virtual++
                          : target_virtual == x_.memory.virtual_ids.end() ? -1
                                                                          : target_virtual->second;
            x_.memory.locations.emplace(a.name, target->second);
            x_.memory.virtual_ids.emplace(a.name, v);
        };
        for (const ProxyAlias& a : x_.test.aliases) resolve(a, 0);
        // Initial values second: "&y" may name a location declared later.
        for (const Location& l : locs)
            for (const InitValue& v : l.values) x_.memory.init.push_back(init_value(v, "the initial value of '" + l.name + "'"));
        // The size of the accesses that name each location (one, the
        // program being whole), for those through computed addresses.
        x_.memory.bytes.assign(x_.memory.names.size(), 0);
        for (const Thread& t : x_.test.threads)
            for (const Instruction& i : t.code)
                std::visit(
                    [&](const auto& ins) {
                        using I = std::decay_t<decltype(ins)>;
                        if constexpr (std::is_same_v<I, Load> || std::is_same_v<I, Store> || std::is_same_v<I, Rmw> ||
                                      std::is_same_v<I, CompareExchange>) {
                            const auto span = x_.memory.locations.find(ins.addr.location);
                            if (ins.addr.pointer || span == x_.memory.locations.end()) return;
                            for (int c = span->second.first; c < span->second.first + span->second.size; ++c)
                                x_.memory.bytes[static_cast<std::size_t>(c)] = access_bytes(ins.qualifiers);
                        }
                    },
                    i);
    }

    void prepare_threads() {
        x_.threads.resize(x_.test.threads.size());
        for (std::size_t t = 0; t < x_.test.threads.size(); ++t) {
            ExpansionContext::ThreadInfo& info = x_.threads[t];
            const Thread& th = x_.test.threads[t];
            // The registers: those read, and those written (a load's,
            // read-modify-write's or compare-exchange's destination, a
            // register operation's).
            info.read = registers_read(th);
            info.registers = info.read;
            for (std::size_t pc = 0; pc < th.code.size(); ++pc) {
                const Instruction& i = th.code[pc];
                if (auto r = register_written(i)) info.registers.insert(*r);
                if (const auto* l = std::get_if<Label>(&i); l && !info.labels.emplace(l->name, pc).second)
                    x_.fail("P" + std::to_string(t) + " defines label '" + l->name + "' twice");
            }
            // Jumps to nowhere are errors even where no run reaches them.
            for (const Instruction& i : th.code) {
                const std::string* target = nullptr;
                if (const auto* g = std::get_if<Goto>(&i)) target = &g->target;
                if (const auto* b = std::get_if<Branch>(&i)) target = &b->target;
                if (target && !info.labels.count(*target))
                    x_.fail("P" + std::to_string(t) + " jumps to label '" + *target + "', which it does not define");
            }
        }
        // Initializations of threads the test does not have are ignored
        // (the parser rejects them anyway).
        for (const RegisterInit& ri : x_.test.register_inits) {
            if (ri.thread < 0 || static_cast<std::size_t>(ri.thread) >= x_.threads.size()) continue;
            ExpansionContext::ThreadInfo& info = x_.threads[static_cast<std::size_t>(ri.thread)];
            info.registers.insert(ri.reg.name);
            info.initial[ri.reg.name] =
                init_value(ri.value, "the initial value of P" + std::to_string(ri.thread) + ":" + ri.reg.name);
        }
    }

public:
    RunState initial_state(std::size_t t) const {
        RunState s;
        for (const std::string& r : x_.threads[t].registers) {
            auto it = x_.threads[t].initial.find(r);
            s.regs[r] = it == x_.threads[t].initial.end() ? 0 : it->second;
        }
        return s;
    }

private:
    // The cells a statically known store may write: every cell of the
    // location when the offset is a register.
    std::vector<int> static_cells(const Address& a) const {
        const Memory::Span span = x_.memory.locations.at(a.location);
        std::vector<int> cells;
        if (a.offset && std::holds_alternative<std::int64_t>(*a.offset)) {
            const std::int64_t off = std::get<std::int64_t>(*a.offset);
            if (off >= 0 && off < span.size) cells.push_back(span.first + static_cast<int>(off));
        } else if (!a.offset) {
            if (span.size > 0) cells.push_back(span.first);
        } else {
            for (int i = 0; i < span.size; ++i) cells.push_back(span.first + i);
        }
        return cells;
    }

    // The starting domains: initial values and the constants the program
    // stores (including exchanged, compare-and-swapped and desired values).
    void seed_domains() {
        x_.domains.assign(x_.memory.names.size(), {});
        for (std::size_t c = 0; c < x_.memory.init.size(); ++c) x_.domains[c].push_back(x_.memory.init[c]);
        auto seed = [&](const Address& a, const Operand& v) {
            if (const auto* n = std::get_if<std::int64_t>(&v))
                for (int c : static_cells(a)) x_.domains[static_cast<std::size_t>(c)].push_back(*n);
        };
        for (const Thread& th : x_.test.threads)
            for (const Instruction& i : th.code) {
                if (const auto* s = std::get_if<Store>(&i)) seed(s->addr, s->value);
                if (const auto* r = std::get_if<Rmw>(&i); r && (r->op == RmwOp::exch || r->op == RmwOp::cas))
                    seed(r->addr, r->value);
                if (const auto* c = std::get_if<CompareExchange>(&i)) seed(c->addr, c->desired);
            }
        for (auto& d : x_.domains) {
            std::sort(d.begin(), d.end());
            d.erase(std::unique(d.begin(), d.end()), d.end());
        }
        check_domains();
    }

    void check_domains() const {
        for (std::size_t c = 0; c < x_.domains.size(); ++c)
            if (x_.domains[c].size() > static_cast<std::size_t>(std::max(x_.options.max_values_per_cell, 1)))
                x_.fail("cell '" + x_.memory.names[c] + "' may hold more than " +
                     std::to_string(x_.options.max_values_per_cell) +
                     " distinct values (ExpandOptions::max_values_per_cell); its values grow without bound");
    }

    void compute_domains() {
        seed_domains();
        grow_domains();
        for (const auto& d : x_.domains) produced_.insert(d.begin(), d.end());
        // A value the final condition (or filter) names that no cell can
        // hold may still be read out of thin air: a cycle of reads and
        // writes that pass it along (VULKAN/Manual/OOTA, r0 = r1 = 42).  The
        // model decides whether such a cycle is consistent (no-thin-air
        // axioms forbid it; Vulkan's model and C11 do not), so every cell
        // may also hold it.  Tests whose condition names only values the
        // program can produce are unaffected.
        std::set<std::int64_t> named;
        if (x_.test.condition) collect_constants(x_.test.condition->expr, named);
        if (x_.test.filter) collect_constants(*x_.test.filter, named);
        for (const auto& d : x_.domains)
            for (std::int64_t v : d) named.erase(v);
        add_to_every_cell(named);
        // And values that nothing names, when the condition could tell
        // one apart (expand_thin_air.hpp: "exists (0:r1 != 0)" over load
        // buffering that copies values): representatives, decided by the
        // model as the named ones are.
        std::vector<std::int64_t> known = test_constants(x_.test);
        for (const auto& d : x_.domains) known.insert(known.end(), d.begin(), d.end());
        // A representative must name no location either: when the program
        // holds addresses, they lie above every location's.
        const auto cells = static_cast<std::int64_t>(x_.memory.names.size());
        if (std::any_of(known.begin(), known.end(),
                        [&](std::int64_t v) { return v >= address_base && v < address_base + cells; }))
            known.push_back(address_base + cells - 1);
        const std::vector<std::int64_t> unnamed = unnamed_values(x_.test, known);
        add_to_every_cell(std::set<std::int64_t>(unnamed.begin(), unnamed.end()));
    }

    // Adds values out of thin air to every cell, and what the code computes
    // from them; each is one of x_.thin_air_values unless the program
    // produces it without them (produced_), before the domains grow, so
    // that a run through one ends rather than fails (cell_of).
    void add_to_every_cell(const std::set<std::int64_t>& values) {
        if (values.empty()) return;
        for (std::int64_t v : values)
            if (!produced_.count(v)) x_.thin_air_values.insert(v);
        for (auto& d : x_.domains) {
            d.insert(d.end(), values.begin(), values.end());
            std::sort(d.begin(), d.end());
            d.erase(std::unique(d.begin(), d.end()), d.end());
        }
        check_domains();
        grow_domains();
        for (const auto& d : x_.domains)
            for (std::int64_t v : d)
                if (!produced_.count(v)) x_.thin_air_values.insert(v);
    }

    static void collect_constants(const CondExpr& e, std::set<std::int64_t>& into) {
        for (const Term* t : {&e.lhs, &e.rhs})
            if (e.kind == CondExpr::Kind::compare)
                if (const auto* n = std::get_if<std::int64_t>(t)) into.insert(*n);
        for (const auto& o : e.operands) collect_constants(o, into);
    }

    // The fixpoint: values that runs can store, given the domains so far.
    void grow_domains() {
        for (;;) {
            std::vector<RunTree> trees(x_.test.threads.size());
            for (std::size_t t = 0; t < x_.test.threads.size(); ++t) {
                trees[t].init = &x_.memory.init;
                ThreadExplorer(x_, static_cast<int>(t), &trees[t], nullptr).explore(initial_state(t));
            }
            const ValueSet fresh = detail::justified_new_values(trees, x_.domains);
            if (fresh.empty()) return;
            for (const auto& [cell, v] : fresh) x_.domains[static_cast<std::size_t>(cell)].push_back(v);
            for (auto& d : x_.domains) {
                std::sort(d.begin(), d.end());
                d.erase(std::unique(d.begin(), d.end()), d.end());
            }
            check_domains();
        }
    }

    // Every combination of one run per thread in which each read has a
    // possible source, thread 0 outermost, each with its barrier groupings;
    // false when 'visit' asked to stop.
    bool combine(const std::vector<std::vector<Run>>& runs, const std::function<bool(const Candidate&)>& visit) {
        const std::size_t threads = runs.size();
        for (const auto& r : runs)
            if (r.empty()) return true;  // a thread that never finishes: no execution counts
        if (threads == 0) return emit(runs, {}, visit);
        // What each thread may write in some run, to prune combinations
        // early: a read nobody can write is hopeless.
        std::vector<std::set<CellValue>> may_write(threads);
        for (std::size_t t = 0; t < threads; ++t)
            for (const Run& r : runs[t]) may_write[t].insert(r.writes.begin(), r.writes.end());
        std::vector<std::size_t> pick(threads, 0);
        auto satisfiable = [&](std::size_t upto) {
            // Threads 0..upto are picked; every need of a picked run must be
            // written by another picked run or possibly by an unpicked thread.
            for (std::size_t t = 0; t <= upto; ++t)
                for (const CellValue& need : runs[t][pick[t]].needs) {
                    bool ok = false;
                    for (std::size_t u = 0; u < threads && !ok; ++u) {
                        if (u == t) continue;
                        ok = u <= upto ? std::binary_search(runs[u][pick[u]].writes.begin(),
                                                            runs[u][pick[u]].writes.end(), need)
                                       : may_write[u].count(need) > 0;
                    }
                    if (!ok) return false;
                }
            return true;
        };
        // Depth-first over the product, thread 0 outermost.
        std::size_t level = 0;
        for (;;) {
            x_.step();
            if (satisfiable(level)) {
                if (level + 1 == threads) {
                    if (!emit(runs, pick, visit)) return false;
                } else {
                    ++level;
                    pick[level] = 0;
                    continue;
                }
            }
            // Next choice at this level, backtracking as needed.
            while (++pick[level] == runs[level].size()) {
                if (level == 0) return true;
                --level;
            }
        }
    }

    // The candidates of one combination: one per barrier grouping.
    bool emit(const std::vector<std::vector<Run>>& runs, const std::vector<std::size_t>& pick,
              const std::function<bool(const Candidate&)>& visit) {
        Candidate c = assemble(runs, pick);
        Candidate grouped;
        grouped.registers = c.registers;
        grouped.read_registers = c.read_registers;
        return for_each_barrier_grouping(x_, c.pre, [&](const exec::PreExecution& pre,
                                                        const std::vector<std::pair<int, int>>& late) {
            x_.count_candidate();
            grouped.pre = pre;
            grouped.late_barrier_sync = late;
            return visit(grouped);
        });
    }

    Candidate assemble(const std::vector<std::vector<Run>>& runs, const std::vector<std::size_t>& pick) const {
        Candidate c;
        exec::PreExecution& pre = c.pre;
        pre.locations = x_.memory.names;
        for (const Thread& th : x_.test.threads) {
            const Placement p = th.placement.value_or(Placement{});
            pre.threads.push_back(exec::ThreadPlacement{p.cta, p.gpu, p.sg, p.cluster, p.qf});
        }
        for (std::size_t cell = 0; cell < x_.memory.names.size(); ++cell) {
            Event e;
            e.kind = EventKind::write;
            e.thread = -1;
            e.location = static_cast<int>(cell);
            e.value = x_.memory.init[cell];
            e.label = "init " + x_.memory.names[cell] + "=" + std::to_string(e.value);
            pre.events.push_back(std::move(e));
        }
        for (std::size_t t = 0; t < runs.size(); ++t) {
            const Run& r = runs[t][pick[t]];
            const int base = static_cast<int>(pre.events.size());
            pre.events.insert(pre.events.end(), r.events.begin(), r.events.end());
            auto shift = [&](const std::vector<std::pair<int, int>>& from, std::vector<std::pair<int, int>>& to) {
                for (auto [a, b] : from) to.emplace_back(a + base, b + base);
            };
            shift(r.rmw, pre.rmw);
            shift(r.addr, pre.addr);
            shift(r.data, pre.data);
            shift(r.ctrl, pre.ctrl);
            c.registers.push_back(r.registers);
            std::map<std::string, int> read;
            for (const auto& [name, e] : r.read_registers) read[name] = e + base;
            c.read_registers.push_back(std::move(read));
        }
        return c;
    }
};

}  // namespace

}  // namespace detail

bool has_free_reads(const LitmusTest& test) {
    for (const Thread& th : test.threads) {
        const std::set<std::string> read = detail::registers_read(th);
        for (const Instruction& i : th.code)
            if (const auto* l = std::get_if<Load>(&i); l && !read.count(l->dest.name)) return true;
    }
    return false;
}

void expand_each(const LitmusTest& test, const ExpandOptions& options,
                 const std::function<bool(const Candidate&)>& visit) {
    if (mixed_size_access(test)) {
        const LitmusTest torn = detail::tear_mixed_size(test);
        detail::Expander(torn, options).run(visit);
        return;
    }
    detail::Expander(test, options).run(visit);
}

std::vector<Candidate> expand(const LitmusTest& test, const ExpandOptions& options) {
    std::vector<Candidate> out;
    expand_each(test, options, [&](const Candidate& c) {
        out.push_back(c);
        return true;
    });
    return out;
}

std::int64_t address_of(const exec::PreExecution& pre, const AddressOf& location, const std::string& source) {
    const int cell = cell_index(pre, MemoryRef{location.location, std::nullopt});
    if (cell < 0) throw std::runtime_error(source + ": condition names the address of unknown location '" +
                                           location.location + "'");
    return address_base + cell;
}

int cell_index(const exec::PreExecution& pre, const MemoryRef& ref) {
    const std::int64_t index = ref.index.value_or(0);
    if (index < 0) return -1;
    auto find = [&](const std::string& name) {
        for (std::size_t i = 0; i < pre.locations.size(); ++i)
            if (pre.locations[i] == name) return static_cast<int>(i);
        return -1;
    };
    // A one-element location is one cell named like a scalar, so "x" and
    // "x[0]" both name it; element i of a longer array is "y[i]".
    if (index == 0)
        if (int c = find(ref.location); c >= 0) return c;
    return find(ref.location + "[" + std::to_string(index) + "]");
}

}  // namespace mapsound::litmus
