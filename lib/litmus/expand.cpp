// From a litmus program to its pre-executions (see expand.hpp).
//
// The work is in three steps:
//   1. memory layout: one cell per scalar location and per array element,
//      with its initial value;
//   2. value domains: which values a load may return, grown to a fixpoint
//      from the initial values and the stored constants (expand_domain.cpp);
//   3. runs: each thread is run once per choice of loaded values; its
//      complete runs (deduplicated) are combined into candidates, keeping
//      only those in which every read has a possible source (expand.hpp).
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

#include "litmus/expand_domain.hpp"

namespace mapsound::litmus {

namespace {

using exec::Event;
using exec::EventKind;
using exec::Order;
using EScope = exec::Scope;
using detail::CellValue;
using detail::RunTree;
using detail::ValueSet;

// Read events (thread-local indices) a value depends on, sorted, no repeats.
using DepSet = std::vector<int>;

DepSet unite(const DepSet& a, const DepSet& b) {
    DepSet out;
    std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
    return out;
}

// ---------------------------------------------------------------------------
// Arithmetic.  Registers are 64-bit signed integers; overflow wraps (two's
// complement) rather than being undefined, so that no program can make the
// expander itself misbehave.

std::int64_t wrap(std::uint64_t v) { return static_cast<std::int64_t>(v); }
std::uint64_t bits(std::int64_t v) { return static_cast<std::uint64_t>(v); }

std::int64_t compute(RegOpKind op, std::int64_t a, std::int64_t b) {
    constexpr std::int64_t min = std::numeric_limits<std::int64_t>::min();
    switch (op) {
        case RegOpKind::move: return a;
        case RegOpKind::add: return wrap(bits(a) + bits(b));
        case RegOpKind::sub: return wrap(bits(a) - bits(b));
        case RegOpKind::mul: return wrap(bits(a) * bits(b));
        // Division by zero has no value in C or PTX; 0 keeps such runs
        // (the suite never divides) instead of silently losing them.
        // MIN / -1 wraps to MIN (and MIN % -1 is 0) like the hardware.
        case RegOpKind::div: return b == 0 ? 0 : (a == min && b == -1) ? min : a / b;
        case RegOpKind::rem: return b == 0 ? 0 : (b == -1) ? 0 : a % b;
        case RegOpKind::and_: return a & b;
        case RegOpKind::or_: return a | b;
        case RegOpKind::xor_: return a ^ b;
        // Shift amounts outside 0..63 saturate (PTX clamps them): everything
        // is shifted out.  shr is arithmetic, as on signed C integers.
        case RegOpKind::shl: return (b < 0 || b > 63) ? 0 : wrap(bits(a) << b);
        case RegOpKind::shr: return (b < 0 || b > 63) ? (a < 0 ? -1 : 0) : a >> b;
        case RegOpKind::eq: return a == b;
        case RegOpKind::ne: return a != b;
        case RegOpKind::lt: return a < b;
        case RegOpKind::le: return a <= b;
        case RegOpKind::gt: return a > b;
        case RegOpKind::ge: return a >= b;
    }
    return 0;
}

std::int64_t rmw_result(RmwOp op, std::int64_t old, std::int64_t value, std::int64_t expected) {
    switch (op) {
        case RmwOp::add: return wrap(bits(old) + bits(value));
        case RmwOp::sub: return wrap(bits(old) - bits(value));
        case RmwOp::and_: return old & value;
        case RmwOp::or_: return old | value;
        case RmwOp::xor_: return old ^ value;
        case RmwOp::exch: return value;
        case RmwOp::cas: return old == expected ? value : old;
    }
    return old;
}

// ---------------------------------------------------------------------------
// Orders and scopes

struct Tag {
    Order order;
    EScope scope;
};

EScope event_scope(Scope s) {
    switch (s) {
        case Scope::none: return EScope::none;
        case Scope::sg: return EScope::sg;
        case Scope::cta: return EScope::cta;
        case Scope::cluster: return EScope::cluster;
        case Scope::qf: return EScope::qf;
        case Scope::gpu: return EScope::gpu;
        case Scope::sys: return EScope::sys;
    }
    return EScope::none;
}

// The brief's table: consume is strengthened to acquire (as every
// implementation does); non-atomic accesses (C plain, PTX weak) carry no
// scope whatever the IR says; PTX volatile is relaxed at system scope.
Tag tag_of(MemoryOrder o, Scope s) {
    switch (o) {
        case MemoryOrder::plain: return {Order::na, EScope::none};
        case MemoryOrder::weak: return {Order::weak, EScope::none};
        case MemoryOrder::relaxed: return {Order::rlx, event_scope(s)};
        case MemoryOrder::consume:
        case MemoryOrder::acquire: return {Order::acq, event_scope(s)};
        case MemoryOrder::release: return {Order::rel, event_scope(s)};
        case MemoryOrder::acq_rel: return {Order::acq_rel, event_scope(s)};
        case MemoryOrder::seq_cst: return {Order::sc, event_scope(s)};
        case MemoryOrder::volatile_: return {Order::rlx, EScope::sys};
    }
    return {Order::none, EScope::none};
}

const char* order_name(Order o) {
    switch (o) {
        case Order::none: return "";
        case Order::na: return "na";
        case Order::weak: return "weak";
        case Order::rlx: return "rlx";
        case Order::acq: return "acq";
        case Order::rel: return "rel";
        case Order::acq_rel: return "acq_rel";
        case Order::sc: return "sc";
    }
    return "";
}

const char* scope_name(EScope s) {
    switch (s) {
        case EScope::none: return "";
        case EScope::sg: return "sg";
        case EScope::cta: return "cta";
        case EScope::cluster: return "cluster";
        case EScope::qf: return "qf";
        case EScope::gpu: return "gpu";
        case EScope::sys: return "sys";
    }
    return "";
}

// ---------------------------------------------------------------------------
// Memory layout

struct Memory {
    struct Span {
        int first = 0;
        int size = 0;
    };
    std::vector<std::string> names;
    std::vector<std::int64_t> init;
    std::map<std::string, Span, std::less<>> locations;
};

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
            for (const std::string& name : accessed_locations(i)) note(name);
    return locs;
}

// ---------------------------------------------------------------------------
// Runs

// A complete run of one thread: its events (location = cell index, event
// indices local to the run) and its final registers.
struct Run {
    std::vector<Event> events;
    std::vector<std::pair<int, int>> rmw, addr, data, ctrl;
    std::map<std::string, std::int64_t> registers;
    ValueSet writes;  // (cell, value) of every write
    ValueSet needs;   // (cell, value) read, neither initial nor written earlier by this run
};

// The state of a run in progress.
struct RunState {
    std::size_t pc = 0;
    std::map<std::string, std::int64_t> regs;
    std::map<std::string, DepSet> deps;
    DepSet ctrl;  // reads that some evaluated branch condition depended on
    std::map<std::size_t, int> back_jumps;  // per jump instruction
    std::vector<Event> events;
    std::vector<std::pair<int, int>> rmw, addr, data, ctrl_pairs;
    int node = 0;  // where the run is in the run tree (domain phase only)
};

class Expander;

// Runs one thread: every path, for the domains given.
class ThreadExplorer {
public:
    ThreadExplorer(Expander& x, int thread, RunTree* tree, std::vector<Run>* runs)
        : x_(x), t_(thread), tree_(tree), runs_(runs) {}

    void explore(RunState s);

private:
    const Thread& thread() const;
    std::int64_t value(const RunState& s, const Operand& o) const;
    DepSet deps(const RunState& s, const Operand& o) const;
    void set_reg(RunState& s, const Register& r, std::int64_t v, DepSet d) const;
    int cell_of(const RunState& s, const Address& a, DepSet& addr_deps) const;
    int add_event(RunState& s, EventKind kind, int cell, std::int64_t value, Tag tag, const DepSet& addr_deps,
                  const std::string& what);
    void add_data(RunState& s, const DepSet& from, int write) const;
    bool jump(RunState& s, const std::string& label) const;
    void finish(const RunState& s);

    void load(RunState s, const Load& l);
    void rmw(RunState s, const Rmw& r);
    void compare_exchange(RunState s, const CompareExchange& c);
    void cas_core(RunState s, const CompareExchange& c, std::int64_t expected, const DepSet& expected_deps);

    Expander& x_;
    int t_;
    RunTree* tree_;
    std::vector<Run>* runs_;
    std::set<std::string> seen_;  // keys of the runs in *runs_
};

class Expander {
public:
    Expander(const LitmusTest& test, const ExpandOptions& options) : test_(test), options_(options) {
        where_ = (test.source.empty() ? test.name : test.source) + ": test '" + test.name + "'";
        layout();
        prepare_threads();
    }

    std::vector<Candidate> run() {
        compute_domains();
        std::vector<std::vector<Run>> runs(test_.threads.size());
        for (std::size_t t = 0; t < test_.threads.size(); ++t) {
            ThreadExplorer(*this, static_cast<int>(t), nullptr, &runs[t]).explore(initial_state(t));
        }
        return combine(runs);
    }

    [[noreturn]] void fail(const std::string& what) const { throw std::runtime_error(where_ + ": " + what); }

    const LitmusTest& test_;
    const ExpandOptions& options_;
    std::string where_;
    Memory memory_;
    std::vector<std::vector<std::int64_t>> domains_;  // per cell, sorted
    struct ThreadInfo {
        std::map<std::string, std::size_t, std::less<>> labels;
        std::set<std::string> registers;  // named in the code or initialized
        std::map<std::string, std::int64_t> initial;
    };
    std::vector<ThreadInfo> threads_;
    // Barriers named by more than an id: their operand lists, numbered.
    std::map<std::vector<std::int64_t>, int> compound_barriers_;

    int barrier_number(const std::vector<std::int64_t>& operands) {
        constexpr std::int64_t int_max = std::numeric_limits<int>::max();
        if (operands.size() == 1 && operands[0] >= 0 && operands[0] < compound_barrier_base) return static_cast<int>(operands[0]);
        auto [it, fresh] = compound_barriers_.emplace(operands, 0);
        if (fresh) {
            const std::int64_t n = compound_barrier_base + static_cast<std::int64_t>(compound_barriers_.size()) - 1;
            if (n > int_max) fail("too many distinct barriers");
            it->second = static_cast<int>(n);
        }
        return it->second;
    }

private:
    std::int64_t init_value(const InitValue& v, const std::string& what) const {
        if (const auto* n = std::get_if<std::int64_t>(&v)) return *n;
        const std::string& target = std::get<AddressOf>(v).location;
        auto it = memory_.locations.find(target);
        if (it == memory_.locations.end() || it->second.size == 0)
            fail(what + " is the address of '" + target + "', which is not a location of the test");
        return address_base + it->second.first;
    }

    void layout() {
        const std::vector<Location> locs = all_locations(test_);
        for (const Location& l : locs) {
            if (memory_.locations.count(l.name)) fail("location '" + l.name + "' is declared twice");
            Memory::Span span{static_cast<int>(memory_.names.size()), static_cast<int>(l.values.size())};
            memory_.locations.emplace(l.name, span);
            for (std::size_t i = 0; i < l.values.size(); ++i)
                memory_.names.push_back(l.values.size() == 1 ? l.name : l.name + "[" + std::to_string(i) + "]");
        }
        // Initial values second: "&y" may name a location declared later.
        for (const Location& l : locs)
            for (const InitValue& v : l.values) memory_.init.push_back(init_value(v, "the initial value of '" + l.name + "'"));
    }

    void prepare_threads() {
        threads_.resize(test_.threads.size());
        for (std::size_t t = 0; t < test_.threads.size(); ++t) {
            ThreadInfo& info = threads_[t];
            const Thread& th = test_.threads[t];
            auto note_operand = [&](const Operand& o) {
                if (const auto* r = std::get_if<Register>(&o)) info.registers.insert(r->name);
            };
            auto note_address = [&](const Address& a) {
                if (a.offset) note_operand(*a.offset);
            };
            for (std::size_t pc = 0; pc < th.code.size(); ++pc) {
                std::visit(
                    [&](const auto& ins) {
                        using I = std::decay_t<decltype(ins)>;
                        if constexpr (std::is_same_v<I, Load>) {
                            info.registers.insert(ins.dest.name);
                            note_address(ins.addr);
                        } else if constexpr (std::is_same_v<I, Store>) {
                            note_address(ins.addr);
                            note_operand(ins.value);
                        } else if constexpr (std::is_same_v<I, Rmw>) {
                            if (ins.dest) info.registers.insert(ins.dest->name);
                            note_address(ins.addr);
                            note_operand(ins.value);
                            if (ins.expected) note_operand(*ins.expected);
                        } else if constexpr (std::is_same_v<I, CompareExchange>) {
                            if (ins.dest) info.registers.insert(ins.dest->name);
                            note_address(ins.addr);
                            if (const auto* r = std::get_if<Register>(&ins.expected)) info.registers.insert(r->name);
                            if (const auto* a = std::get_if<Address>(&ins.expected)) note_address(*a);
                            note_operand(ins.desired);
                        } else if constexpr (std::is_same_v<I, Barrier>) {
                            note_operand(ins.id);
                            if (ins.resource) note_operand(*ins.resource);
                            if (ins.thread_count) note_operand(*ins.thread_count);
                        } else if constexpr (std::is_same_v<I, RegOp>) {
                            info.registers.insert(ins.dest.name);
                            note_operand(ins.lhs);
                            if (ins.rhs) note_operand(*ins.rhs);
                        } else if constexpr (std::is_same_v<I, Label>) {
                            if (!info.labels.emplace(ins.name, pc).second)
                                fail("P" + std::to_string(t) + " defines label '" + ins.name + "' twice");
                        } else if constexpr (std::is_same_v<I, Branch>) {
                            note_operand(ins.lhs);
                            note_operand(ins.rhs);
                        }
                    },
                    th.code[pc]);
            }
            // Jumps to nowhere are errors even where no run reaches them.
            for (const Instruction& i : th.code) {
                const std::string* target = nullptr;
                if (const auto* g = std::get_if<Goto>(&i)) target = &g->target;
                if (const auto* b = std::get_if<Branch>(&i)) target = &b->target;
                if (target && !info.labels.count(*target))
                    fail("P" + std::to_string(t) + " jumps to label '" + *target + "', which it does not define");
            }
        }
        // Initializations of threads the test does not have are ignored
        // (the parser rejects them anyway).
        for (const RegisterInit& ri : test_.register_inits) {
            if (ri.thread < 0 || static_cast<std::size_t>(ri.thread) >= threads_.size()) continue;
            ThreadInfo& info = threads_[static_cast<std::size_t>(ri.thread)];
            info.registers.insert(ri.reg.name);
            info.initial[ri.reg.name] =
                init_value(ri.value, "the initial value of P" + std::to_string(ri.thread) + ":" + ri.reg.name);
        }
    }

public:
    RunState initial_state(std::size_t t) const {
        RunState s;
        for (const std::string& r : threads_[t].registers) {
            auto it = threads_[t].initial.find(r);
            s.regs[r] = it == threads_[t].initial.end() ? 0 : it->second;
        }
        return s;
    }

private:
    // The cells a statically known store may write: every cell of the
    // location when the offset is a register.
    std::vector<int> static_cells(const Address& a) const {
        const Memory::Span span = memory_.locations.at(a.location);
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
        domains_.assign(memory_.names.size(), {});
        for (std::size_t c = 0; c < memory_.init.size(); ++c) domains_[c].push_back(memory_.init[c]);
        auto seed = [&](const Address& a, const Operand& v) {
            if (const auto* n = std::get_if<std::int64_t>(&v))
                for (int c : static_cells(a)) domains_[static_cast<std::size_t>(c)].push_back(*n);
        };
        for (const Thread& th : test_.threads)
            for (const Instruction& i : th.code) {
                if (const auto* s = std::get_if<Store>(&i)) seed(s->addr, s->value);
                if (const auto* r = std::get_if<Rmw>(&i); r && (r->op == RmwOp::exch || r->op == RmwOp::cas))
                    seed(r->addr, r->value);
                if (const auto* c = std::get_if<CompareExchange>(&i)) seed(c->addr, c->desired);
            }
        for (auto& d : domains_) {
            std::sort(d.begin(), d.end());
            d.erase(std::unique(d.begin(), d.end()), d.end());
        }
        check_domains();
    }

    void check_domains() const {
        for (std::size_t c = 0; c < domains_.size(); ++c)
            if (domains_[c].size() > static_cast<std::size_t>(std::max(options_.max_values_per_cell, 1)))
                fail("cell '" + memory_.names[c] + "' may hold more than " +
                     std::to_string(options_.max_values_per_cell) +
                     " distinct values (ExpandOptions::max_values_per_cell); its values grow without bound");
    }

    void compute_domains() {
        seed_domains();
        for (;;) {
            std::vector<RunTree> trees(test_.threads.size());
            for (std::size_t t = 0; t < test_.threads.size(); ++t) {
                trees[t].init = &memory_.init;
                ThreadExplorer(*this, static_cast<int>(t), &trees[t], nullptr).explore(initial_state(t));
            }
            const ValueSet fresh = detail::justified_new_values(trees, domains_);
            if (fresh.empty()) return;
            for (const auto& [cell, v] : fresh) domains_[static_cast<std::size_t>(cell)].push_back(v);
            for (auto& d : domains_) {
                std::sort(d.begin(), d.end());
                d.erase(std::unique(d.begin(), d.end()), d.end());
            }
            check_domains();
        }
    }

    std::vector<Candidate> combine(const std::vector<std::vector<Run>>& runs) const {
        std::vector<Candidate> out;
        const std::size_t threads = runs.size();
        for (const auto& r : runs)
            if (r.empty()) return out;  // a thread that never finishes: no execution counts
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
            if (satisfiable(level)) {
                if (level + 1 == threads) {
                    out.push_back(assemble(runs, pick));
                } else {
                    ++level;
                    pick[level] = 0;
                    continue;
                }
            }
            // Next choice at this level, backtracking as needed.
            while (++pick[level] == runs[level].size()) {
                if (level == 0) return out;
                --level;
            }
        }
    }

    Candidate assemble(const std::vector<std::vector<Run>>& runs, const std::vector<std::size_t>& pick) const {
        Candidate c;
        exec::PreExecution& pre = c.pre;
        pre.locations = memory_.names;
        for (const Thread& th : test_.threads) {
            const Placement p = th.placement.value_or(Placement{});
            pre.threads.push_back(exec::ThreadPlacement{p.cta, p.gpu, p.sg, p.cluster, p.qf});
        }
        for (std::size_t cell = 0; cell < memory_.names.size(); ++cell) {
            Event e;
            e.kind = EventKind::write;
            e.thread = -1;
            e.location = static_cast<int>(cell);
            e.value = memory_.init[cell];
            e.label = "init " + memory_.names[cell] + "=" + std::to_string(e.value);
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
        }
        return c;
    }
};

// ---------------------------------------------------------------------------
// ThreadExplorer

const Thread& ThreadExplorer::thread() const { return x_.test_.threads[static_cast<std::size_t>(t_)]; }

std::int64_t ThreadExplorer::value(const RunState& s, const Operand& o) const {
    if (const auto* n = std::get_if<std::int64_t>(&o)) return *n;
    auto it = s.regs.find(std::get<Register>(o).name);
    return it == s.regs.end() ? 0 : it->second;
}

DepSet ThreadExplorer::deps(const RunState& s, const Operand& o) const {
    if (std::holds_alternative<std::int64_t>(o)) return {};
    auto it = s.deps.find(std::get<Register>(o).name);
    return it == s.deps.end() ? DepSet{} : it->second;
}

void ThreadExplorer::set_reg(RunState& s, const Register& r, std::int64_t v, DepSet d) const {
    s.regs[r.name] = v;
    s.deps[r.name] = std::move(d);
}

int ThreadExplorer::cell_of(const RunState& s, const Address& a, DepSet& addr_deps) const {
    const Memory::Span span = x_.memory_.locations.at(a.location);
    std::int64_t off = 0;
    if (a.offset) {
        off = value(s, *a.offset);
        addr_deps = deps(s, *a.offset);
    }
    if (off < 0 || off >= span.size)
        x_.fail("P" + std::to_string(t_) + " accesses " + a.location + "[" + std::to_string(off) +
                "], out of bounds (" + a.location + " has " + std::to_string(span.size) + " element" +
                (span.size == 1 ? "" : "s") + ")");
    return span.first + static_cast<int>(off);
}

int ThreadExplorer::add_event(RunState& s, EventKind kind, int cell, std::int64_t v, Tag tag, const DepSet& addr_deps,
                              const std::string& what) {
    const int index = static_cast<int>(s.events.size());
    Event e;
    e.kind = kind;
    e.thread = t_;
    e.location = cell;
    e.value = v;
    e.order = tag.order;
    e.scope = tag.scope;
    // Labels: "R.acq.gpu x=1", "W.na y[1]=2 (cas)", "F.sc.gpu (membar)".
    // C atomics are sys-scoped unless they say otherwise, so sys is left
    // out of C labels.
    std::string label = kind == EventKind::read ? "R" : kind == EventKind::write ? "W" : "F";
    if (tag.order != Order::none) label.append(".").append(order_name(tag.order));
    if (tag.scope != EScope::none && !(x_.test_.dialect == Dialect::c && tag.scope == EScope::sys))
        label.append(".").append(scope_name(tag.scope));
    if (cell >= 0) label.append(" ").append(x_.memory_.names[static_cast<std::size_t>(cell)]).append("=").append(std::to_string(v));
    if (!what.empty()) label.append(" (").append(what).append(")");
    e.label = std::move(label);
    s.events.push_back(std::move(e));
    for (int r : s.ctrl) s.ctrl_pairs.emplace_back(r, index);
    for (int r : addr_deps) s.addr.emplace_back(r, index);
    if (tree_ && cell >= 0) s.node = tree_->add(s.node, kind == EventKind::write, cell, v);
    return index;
}

void ThreadExplorer::add_data(RunState& s, const DepSet& from, int write) const {
    for (int r : from) s.data.emplace_back(r, write);
}

bool ThreadExplorer::jump(RunState& s, const std::string& label) const {
    const std::size_t target = x_.threads_[static_cast<std::size_t>(t_)].labels.find(label)->second;
    if (target <= s.pc) {
        // A back edge: the loop body runs once more.  unroll counts how
        // often a body may run, so the edge may be taken unroll - 1 times.
        if (++s.back_jumps[s.pc] > std::max(x_.options_.unroll, 1) - 1) return false;
    }
    s.pc = target;
    return true;
}

void ThreadExplorer::finish(const RunState& s) {
    if (!runs_) return;
    Run r;
    r.events = s.events;
    r.rmw = s.rmw;
    r.addr = s.addr;
    r.data = s.data;
    r.ctrl = s.ctrl_pairs;
    for (const std::string& name : x_.threads_[static_cast<std::size_t>(t_)].registers) r.registers[name] = s.regs.at(name);
    // Two paths that end in the same events, dependencies and registers are
    // the same run; a key string compares all of that.
    std::string key;
    auto num = [&](std::int64_t v) { key.append(std::to_string(v)).push_back(','); };
    for (const Event& e : r.events) {
        num(static_cast<int>(e.kind));
        num(e.location);
        num(e.value);
        num(static_cast<int>(e.order));
        num(static_cast<int>(e.scope));
        num(e.barrier);
        key.append(e.label).push_back('|');
    }
    for (const auto* pairs : {&r.rmw, &r.addr, &r.data, &r.ctrl}) {
        key.push_back(';');
        for (auto [a, b] : *pairs) {
            num(a);
            num(b);
        }
    }
    for (const auto& [name, v] : r.registers) {
        key.append(name).push_back('=');
        num(v);
    }
    if (!seen_.insert(key).second) return;
    // A read needs another thread's write unless it returns the initial
    // value or one its own thread wrote before it (a po-later write of the
    // same thread is no source: see expand.hpp).
    std::set<CellValue> written;
    for (const Event& e : r.events) {
        const CellValue cv{e.location, e.value};
        if (e.kind == EventKind::write) written.insert(cv);
        if (e.kind == EventKind::read && e.value != x_.memory_.init[static_cast<std::size_t>(e.location)] &&
            !written.count(cv))
            r.needs.push_back(cv);
    }
    r.writes.assign(written.begin(), written.end());
    std::sort(r.needs.begin(), r.needs.end());
    r.needs.erase(std::unique(r.needs.begin(), r.needs.end()), r.needs.end());
    runs_->push_back(std::move(r));
}

void ThreadExplorer::load(RunState s, const Load& l) {
    DepSet addr_deps;
    const int cell = cell_of(s, l.addr, addr_deps);
    const Tag tag = tag_of(l.order, l.scope);
    for (std::int64_t v : x_.domains_[static_cast<std::size_t>(cell)]) {
        RunState c = s;
        const int e = add_event(c, EventKind::read, cell, v, tag, addr_deps, "");
        set_reg(c, l.dest, v, DepSet{e});
        ++c.pc;
        explore(std::move(c));
    }
}

void ThreadExplorer::rmw(RunState s, const Rmw& r) {
    DepSet addr_deps;
    const int cell = cell_of(s, r.addr, addr_deps);
    const Tag tag = tag_of(r.order, r.scope);
    const std::int64_t operand = value(s, r.value);
    const std::int64_t expected = r.expected ? value(s, *r.expected) : 0;
    const std::string what(to_string(r.op));
    for (std::int64_t old : x_.domains_[static_cast<std::size_t>(cell)]) {
        RunState c = s;
        const int read = add_event(c, EventKind::read, cell, old, tag, addr_deps, what);
        const std::int64_t result = rmw_result(r.op, old, operand, expected);
        const int write = add_event(c, EventKind::write, cell, result, tag, addr_deps, what);
        c.rmw.emplace_back(read, write);
        // The written value depends on the operands, never (as data) on the
        // instruction's own read: that link is rmw.  A failed cas still
        // depended on the expected value to fail; the new value matters only
        // when it is written.
        DepSet d;
        if (r.op != RmwOp::cas || old == expected) d = deps(s, r.value);
        if (r.expected) d = unite(d, deps(s, *r.expected));
        add_data(c, d, write);
        if (r.dest) set_reg(c, *r.dest, old, DepSet{read});
        ++c.pc;
        explore(std::move(c));
    }
}

void ThreadExplorer::compare_exchange(RunState s, const CompareExchange& c) {
    if (const auto* reg = std::get_if<Register>(&c.expected)) {
        const std::int64_t expected = value(s, Operand{*reg});
        DepSet expected_deps = deps(s, Operand{*reg});
        cas_core(std::move(s), c, expected, expected_deps);
        return;
    }
    // The expected value lives in memory: the call reads it first, with a
    // plain (non-atomic) load, as the C library function does.
    const Address& where = std::get<Address>(c.expected);
    DepSet addr_deps;
    const int cell = cell_of(s, where, addr_deps);
    for (std::int64_t v : x_.domains_[static_cast<std::size_t>(cell)]) {
        RunState n = s;
        const int e = add_event(n, EventKind::read, cell, v, tag_of(MemoryOrder::plain, Scope::none), addr_deps,
                                "cas expected");
        cas_core(std::move(n), c, v, DepSet{e});
    }
}

void ThreadExplorer::cas_core(RunState s, const CompareExchange& c, std::int64_t expected,
                              const DepSet& expected_deps) {
    DepSet addr_deps;
    const int cell = cell_of(s, c.addr, addr_deps);
    const std::int64_t desired = value(s, c.desired);
    for (std::int64_t old : x_.domains_[static_cast<std::size_t>(cell)]) {
        // Outcomes: success iff old == expected; a weak compare-exchange may
        // also fail spuriously when they are equal.
        std::vector<bool> outcomes;
        if (old == expected) outcomes.push_back(true);
        if (old != expected || c.weak) outcomes.push_back(false);
        for (bool success : outcomes) {
            RunState n = s;
            const Tag tag = tag_of(success ? c.success_order : c.failure_order, c.scope);
            const char* what = c.weak ? "cas_weak" : "cas";
            const int read = add_event(n, EventKind::read, cell, old, tag, addr_deps, what);
            // A failed compare-exchange is a read-modify-write that writes
            // back what it read (the suite's convention).
            const int write = add_event(n, EventKind::write, cell, success ? desired : old, tag, addr_deps, what);
            n.rmw.emplace_back(read, write);
            add_data(n, success ? unite(expected_deps, deps(s, c.desired)) : expected_deps, write);
            if (!success) {
                // The value read goes back into 'expected'.
                if (const auto* reg = std::get_if<Register>(&c.expected)) {
                    set_reg(n, *reg, old, DepSet{read});
                } else {
                    const Address& where = std::get<Address>(c.expected);
                    DepSet where_deps;
                    const int where_cell = cell_of(n, where, where_deps);
                    const int store = add_event(n, EventKind::write, where_cell, old,
                                                tag_of(MemoryOrder::plain, Scope::none), where_deps, "cas expected");
                    add_data(n, DepSet{read}, store);
                }
            }
            if (c.dest) set_reg(n, *c.dest, success ? 1 : 0, unite(DepSet{read}, expected_deps));
            ++n.pc;
            explore(std::move(n));
        }
    }
}

void ThreadExplorer::explore(RunState s) {
    const std::vector<Instruction>& code = thread().code;
    while (s.pc < code.size()) {
        const Instruction& ins = code[s.pc];
        if (const auto* l = std::get_if<Load>(&ins)) return load(std::move(s), *l);
        if (const auto* r = std::get_if<Rmw>(&ins)) return rmw(std::move(s), *r);
        if (const auto* c = std::get_if<CompareExchange>(&ins)) return compare_exchange(std::move(s), *c);
        if (const auto* st = std::get_if<Store>(&ins)) {
            DepSet addr_deps;
            const int cell = cell_of(s, st->addr, addr_deps);
            const int w = add_event(s, EventKind::write, cell, value(s, st->value), tag_of(st->order, st->scope),
                                    addr_deps, "");
            add_data(s, deps(s, st->value), w);
        } else if (const auto* f = std::get_if<Fence>(&ins)) {
            // Fences take their order and scope like accesses do (PTX
            // fence.sc and membar are seq_cst in the IR, hence sc); membar
            // and signal fences say so in the label only.
            const char* what = f->kind == FenceKind::membar ? "membar" : f->kind == FenceKind::signal ? "signal" : "";
            add_event(s, EventKind::fence, -1, 0, tag_of(f->order, f->scope), {}, what);
        } else if (const auto* b = std::get_if<Barrier>(&ins)) {
            std::vector<std::int64_t> operands{value(s, b->id)};
            if (b->resource) operands.push_back(value(s, *b->resource));
            if (b->thread_count) operands.push_back(value(s, *b->thread_count));
            const int index = add_event(s, EventKind::barrier, -1, 0, Tag{Order::none, EScope::none}, {}, "");
            Event& e = s.events[static_cast<std::size_t>(index)];
            e.barrier = x_.barrier_number(operands);
            std::string ops;
            for (std::int64_t v : operands) ops.append(ops.empty() ? "" : ",").append(std::to_string(v));
            e.label = "bar " + ops;
        } else if (const auto* op = std::get_if<RegOp>(&ins)) {
            const std::int64_t a = value(s, op->lhs);
            const std::int64_t b = op->rhs ? value(s, *op->rhs) : 0;
            DepSet d = op->rhs ? unite(deps(s, op->lhs), deps(s, *op->rhs)) : deps(s, op->lhs);
            set_reg(s, op->dest, compute(op->op, a, b), std::move(d));
        } else if (const auto* g = std::get_if<Goto>(&ins)) {
            if (!jump(s, g->target)) return;
            continue;
        } else if (const auto* br = std::get_if<Branch>(&ins)) {
            // Everything after the branch depends on it, whichever way it
            // goes.
            s.ctrl = unite(s.ctrl, unite(deps(s, br->lhs), deps(s, br->rhs)));
            if (compare_holds(br->cmp, value(s, br->lhs), value(s, br->rhs))) {
                if (!jump(s, br->target)) return;
                continue;
            }
        }
        // Labels fall through.
        ++s.pc;
    }
    finish(s);
}

}  // namespace

std::vector<Candidate> expand(const LitmusTest& test, const ExpandOptions& options) {
    return Expander(test, options).run();
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
