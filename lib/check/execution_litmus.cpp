// An execution as a litmus test (see execution_litmus.hpp).
//
// The test is built directly as the IR the dialect's parser produces for
// the printed text: C and PTX registers are flat instructions, AuDaLa
// computations are the parser's temporaries __t0, __t1, ... that the
// printer folds back into expressions, and control dependencies are `if`
// statements in the shape the C and AuDaLa parsers lower them to.  The
// result is printed and parsed once before it is returned, so a test that
// would not survive the round trip is never handed out.
#include "mapsound/mapping.hpp"
#include "check/execution_litmus.hpp"
#include "check/execution_instructions.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

#include "mapsound/litmus/expand.hpp"
#include "litmus/lexer.hpp"  // kMaxArraySize
#include "mapsound/litmus/parse.hpp"
#include "mapsound/litmus/print.hpp"

namespace mapsound::check {

namespace {

using namespace detail;

using exec::EventKind;
using exec::Order;
using litmus::Dialect;
using litmus::MemoryOrder;
using litmus::Operand;
using litmus::Register;

[[noreturn]] void refuse(const std::string& why) { throw std::invalid_argument("execution_litmus: " + why); }

bool is_word(const std::string& w) {
    return !w.empty() && (std::isalpha(static_cast<unsigned char>(w[0])) || w[0] == '_') &&
           std::all_of(w.begin(), w.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// Whether 'name' is 'prefix' followed by one or more digits.
bool prefix_digits(const std::string& name, const std::string& prefix) {
    return name.size() > prefix.size() && name.compare(0, prefix.size(), prefix) == 0 &&
           std::all_of(name.begin() + static_cast<std::ptrdiff_t>(prefix.size()), name.end(),
                       [](char c) { return c >= '0' && c <= '9'; });
}

// A location of x: a scalar, or element 'index' of array 'base' ("a[1]").
struct Cell {
    std::string base;
    std::optional<int> index;
};

// "a[12]" -> {"a", 12}; anything else is a scalar of that name.
Cell split_cell(const std::string& name) {
    const std::size_t open = name.find('[');
    if (open == std::string::npos || open == 0 || name.back() != ']' || open + 2 >= name.size()) return {name, {}};
    const std::string digits = name.substr(open + 1, name.size() - open - 2);
    if (digits.size() > 9 || (digits.size() > 1 && digits[0] == '0') ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return {name, {}};
    return {name.substr(0, open), std::stoi(digits)};
}

class Builder {
public:
    Builder(const exec::PreExecution& x, Dialect dialect) : x_(x), d_(dialect) {}

    litmus::LitmusTest build(const std::vector<std::pair<int, int>>& rf, const std::vector<std::pair<int, int>>& co,
                             const std::string& name, const std::string& doc) {
        check_events();
        layout();
        check_rmw();
        check_dependencies();
        check_reads_from(rf);
        for (std::size_t e = 0; e < x_.events.size(); ++e)
            if (x_.events[e].thread >= 0) check_tags(static_cast<int>(e));
        name_registers();

        litmus::LitmusTest t;
        t.name = name;
        t.dialect = d_;
        t.source = name;
        if (!doc.empty()) {
            std::string text = doc;
            std::replace(text.begin(), text.end(), '"', '\'');
            t.doc = text;
        }
        t.locations = locations_;
        const bool placed = needs_placements();
        for (std::size_t th = 0; th < x_.threads.size(); ++th) {
            litmus::Thread thread;
            thread.id = static_cast<int>(th);
            if (placed) {
                litmus::Placement p;
                p.cta = x_.threads[th].cta;
                p.cluster = x_.threads[th].cluster;
                p.gpu = x_.threads[th].gpu;
                p.sg = x_.threads[th].sg;
                p.qf = x_.threads[th].qf;
                thread.placement = p;
            }
            if (litmus::c_syntax(d_)) thread.params = parameters(static_cast<int>(th));
            thread.code = code(static_cast<int>(th));
            t.threads.push_back(std::move(thread));
        }
        // AArch64, PPC and RISC-V name memory through registers: each
        // thread's pointer to each location it accesses ("0:X20=x").
        if (pointer_dialect())
            for (std::size_t th = 0; th < x_.threads.size(); ++th)
                for (const litmus::Location& l : locations_)
                    if (accesses(static_cast<int>(th), l.name))
                        t.register_inits.push_back(
                            litmus::RegisterInit{static_cast<int>(th), pointer_register(l.name), litmus::AddressOf{l.name}, ""});
        t.condition = condition(co);
        return t;
    }

private:
    // ---- names for messages

    std::string event(int e) const {
        const exec::Event& ev = x_.events[static_cast<std::size_t>(e)];
        return "event " + std::to_string(e) + (ev.label.empty() ? "" : " (" + ev.label + ")");
    }

    [[noreturn]] void cannot(int e, const std::string& what) const {
        refuse(dialect_name(d_) + " cannot express " + what + " of " + event(e));
    }

    // ---- checks of x

    bool is_read(int e) const { return x_.events[static_cast<std::size_t>(e)].kind == EventKind::read; }
    bool is_write(int e) const { return x_.events[static_cast<std::size_t>(e)].kind == EventKind::write; }
    bool in_range(int e) const { return e >= 0 && static_cast<std::size_t>(e) < x_.events.size(); }
    const exec::Event& ev(int e) const { return x_.events[static_cast<std::size_t>(e)]; }

    void check_events() {
        const int threads = static_cast<int>(x_.threads.size());
        const int locations = static_cast<int>(x_.locations.size());
        thread_events_.assign(x_.threads.size(), {});
        position_.assign(x_.events.size(), -1);
        initial_.assign(x_.locations.size(), -1);
        for (std::size_t i = 0; i < x_.events.size(); ++i) {
            const int e = static_cast<int>(i);
            const exec::Event& v = x_.events[i];
            if (v.thread < -1 || v.thread >= threads)
                refuse(event(e) + " is in thread " + std::to_string(v.thread) + ", which x does not have");
            const bool memory = v.kind == EventKind::read || v.kind == EventKind::write;
            if (memory && (v.location < 0 || v.location >= locations))
                refuse(event(e) + " accesses location " + std::to_string(v.location) + ", which x does not have");
            if (v.thread == -1) {
                if (v.kind != EventKind::write) refuse(event(e) + " is outside every thread but not an initial write");
                if (v.order != Order::none || v.scope != exec::Scope::none)
                    refuse("initial write " + event(e) + " has an order or a scope");
                int& slot = initial_[static_cast<std::size_t>(v.location)];
                if (slot >= 0) refuse("location '" + x_.locations[static_cast<std::size_t>(v.location)] + "' has two initial writes");
                slot = e;
                continue;
            }
            std::vector<int>& mine = thread_events_[static_cast<std::size_t>(v.thread)];
            position_[i] = static_cast<int>(mine.size());
            mine.push_back(e);
        }
        for (std::size_t l = 0; l < x_.locations.size(); ++l)
            if (initial_[l] < 0) refuse("location '" + x_.locations[l] + "' has no initial write");
    }

    // Scalars and arrays of the test, from the cell names of x.
    void layout() {
        cells_.clear();
        std::map<std::string, std::vector<int>> arrays;  // base -> x locations, by index
        std::set<std::string> scalars;
        for (const std::string& n : x_.locations) {
            Cell c = split_cell(n);
            if (c.index) {
                if (*c.index >= litmus::detail::kMaxArraySize)
                    refuse("array element '" + n + "' is beyond the " + std::to_string(litmus::detail::kMaxArraySize) +
                           " elements a litmus array may have");
                std::vector<int>& slots = arrays[c.base];
                if (static_cast<std::size_t>(*c.index) >= slots.size()) slots.resize(static_cast<std::size_t>(*c.index) + 1, -1);
                if (slots[static_cast<std::size_t>(*c.index)] >= 0) refuse("location '" + n + "' is listed twice");
                slots[static_cast<std::size_t>(*c.index)] = static_cast<int>(cells_.size());
            } else {
                if (!scalars.insert(n).second) refuse("location '" + n + "' is listed twice");
            }
            cells_.push_back(std::move(c));
        }
        for (const auto& [base, slots] : arrays) {
            if (scalars.count(base)) refuse("'" + base + "' is both a location and an array");
            if (slots.size() < 2 || std::count(slots.begin(), slots.end(), -1) > 0)
                refuse("array '" + base + "' must have every element " + base + "[0] to " + base + "[n-1], n >= 2 (" +
                       "litmus::expand names a one-element array like a scalar)");
        }
        // Locations in order of their first cell, with every element's
        // initial value.
        std::set<std::string> done;
        for (std::size_t l = 0; l < cells_.size(); ++l) {
            const std::string& base = cells_[l].base;
            if (!done.insert(base).second) continue;
            litmus::Location loc;
            loc.name = base;
            check_name(base, "location");
            if (!cells_[l].index) {
                loc.values = {ev(initial_[l]).value};
            } else {
                const std::vector<int>& slots = arrays.at(base);
                loc.values.clear();
                for (int cell : slots) loc.values.push_back(ev(initial_[static_cast<std::size_t>(cell)]).value);
                if (litmus::c_syntax(d_)) loc.type = atomic_base(base) ? "atomic_int" : "int";
            }
            locations_.push_back(std::move(loc));
        }
    }

    void check_name(const std::string& n, const std::string& what) const {
        if (!is_word(n)) refuse("'" + n + "' is no " + dialect_name(d_) + " " + what + " name");
        if (column_dialect(d_) && prefix_digits(n, "r"))
            refuse("'" + n + "' is no " + dialect_name(d_) + " location name (r<digits> are registers)");
    }

    bool atomic_base(const std::string& base) const {
        for (const exec::Event& v : x_.events)
            if (v.thread >= 0 && (v.kind == EventKind::read || v.kind == EventKind::write) &&
                cells_[static_cast<std::size_t>(v.location)].base == base && v.order != Order::na)
                return true;
        return false;
    }

    void check_rmw() {
        partner_.assign(x_.events.size(), -1);
        for (auto [r, w] : x_.rmw) {
            const std::string pair = "rmw pair (" + std::to_string(r) + ", " + std::to_string(w) + ")";
            if (!in_range(r) || !in_range(w)) refuse(pair + " names an event x does not have");
            if (!is_read(r) || !is_write(w) || ev(r).thread < 0 || ev(r).thread != ev(w).thread ||
                position_[static_cast<std::size_t>(w)] != position_[static_cast<std::size_t>(r)] + 1)
                refuse(pair + " is not a read and the next write of its thread");
            if (ev(r).location != ev(w).location || ev(r).order != ev(w).order || ev(r).scope != ev(w).scope)
                refuse(pair + " has events of different locations, orders or scopes");
            if (partner_[static_cast<std::size_t>(r)] >= 0 || partner_[static_cast<std::size_t>(w)] >= 0)
                refuse(pair + " shares an event with another rmw pair");
            partner_[static_cast<std::size_t>(r)] = w;
            partner_[static_cast<std::size_t>(w)] = r;
        }
    }

    bool rmw_read(int e) const { return is_read(e) && partner_[static_cast<std::size_t>(e)] >= 0; }
    bool rmw_write(int e) const { return is_write(e) && partner_[static_cast<std::size_t>(e)] >= 0; }

    // Each pair: a read before an event of the same thread.
    void check_pairs(const std::vector<std::pair<int, int>>& pairs, const char* kind,
                     std::vector<std::vector<int>>& sources) {
        sources.assign(x_.events.size(), {});
        for (auto [a, b] : pairs) {
            const std::string pair = std::string(kind) + " pair (" + std::to_string(a) + ", " + std::to_string(b) + ")";
            if (!in_range(a) || !in_range(b)) refuse(pair + " names an event x does not have");
            if (!is_read(a) || ev(a).thread < 0 || ev(a).thread != ev(b).thread ||
                position_[static_cast<std::size_t>(a)] >= position_[static_cast<std::size_t>(b)])
                refuse(pair + " is not from a read to a later event of its thread");
            sources[static_cast<std::size_t>(b)].push_back(a);
        }
        for (auto& s : sources) {
            std::sort(s.begin(), s.end());
            s.erase(std::unique(s.begin(), s.end()), s.end());
        }
    }

    void check_dependencies() {
        check_pairs(x_.data, "data", data_);
        check_pairs(x_.addr, "addr", addr_);
        std::vector<std::vector<int>> ctrl_targets;
        check_pairs(x_.ctrl, "ctrl", ctrl_targets);
        for (std::size_t e = 0; e < x_.events.size(); ++e) {
            const int i = static_cast<int>(e);
            if (!data_[e].empty()) {
                if (!is_write(i)) refuse("data dependency into " + event(i) + ", which is no write");
                if (rmw_write(i) && std::count(data_[e].begin(), data_[e].end(), partner_[e]))
                    refuse("data dependency of " + event(i) + " on the read of its own read-modify-write");
            }
            if (!addr_[e].empty()) {
                if (!is_read(i) && !is_write(i)) refuse("address dependency into " + event(i) + ", which is no access");
            }
            if (rmw_read(i) && addr_[e] != addr_[static_cast<std::size_t>(partner_[e])])
                refuse("the read and the write of read-modify-write " + event(i) +
                       " have different address dependencies");
        }
        // Control dependencies: turn (read, target) pairs around, then check
        // each read's targets are the rest of its thread from some event on.
        std::vector<std::vector<int>> targets(x_.events.size());
        for (auto [a, b] : x_.ctrl) targets[static_cast<std::size_t>(a)].push_back(b);
        ctrl_start_.assign(x_.events.size(), -1);
        for (std::size_t e = 0; e < x_.events.size(); ++e) {
            std::vector<int>& t = targets[e];
            if (t.empty()) continue;
            std::sort(t.begin(), t.end(), [&](int p, int q) { return position_[static_cast<std::size_t>(p)] < position_[static_cast<std::size_t>(q)]; });
            t.erase(std::unique(t.begin(), t.end()), t.end());
            const int first = position_[static_cast<std::size_t>(t.front())];
            const std::vector<int>& mine = thread_events_[static_cast<std::size_t>(ev(static_cast<int>(e)).thread)];
            const std::vector<int> rest(mine.begin() + first, mine.end());
            if (t != rest)
                refuse("the control dependencies of " + event(static_cast<int>(e)) +
                       " do not reach every later event of its thread from " + event(t.front()) +
                       " on (a branch makes everything after it depend on it)");
            if (rmw_write(t.front()))
                refuse("control dependency of " + event(static_cast<int>(e)) + " starts inside read-modify-write " +
                       event(t.front()));
            ctrl_start_[e] = first;
        }
    }

    void check_reads_from(const std::vector<std::pair<int, int>>& rf) const {
        for (auto [w, r] : rf) {
            const std::string pair = "rf pair (" + std::to_string(w) + ", " + std::to_string(r) + ")";
            if (!in_range(w) || !in_range(r)) refuse(pair + " names an event x does not have");
            if (!is_write(w) || !is_read(r) || ev(w).location != ev(r).location || ev(w).value != ev(r).value)
                refuse(pair + " is not a write and a read of the same location and value");
        }
    }

    // Order, scope and tags of every thread event against what the dialect
    // can write (execution_instructions.hpp).
    void check_tags(int e) const {
        const exec::Event& v = ev(e);
        if (v.kind == EventKind::barrier) {
            if (d_ != Dialect::ptx) cannot(e, "the barrier");
            if (v.barrier < 0 || v.barrier >= litmus::compound_barrier_base) cannot(e, "barrier id " + std::to_string(v.barrier));
            if (v.order != Order::none || v.scope != exec::Scope::none || v.tags) cannot(e, "the qualifiers");
            return;
        }
        const std::string why = inexpressible(d_, v, partner_[static_cast<std::size_t>(e)] >= 0);
        if (!why.empty()) cannot(e, why);
    }

    // ---- registers

    // Read registers r0, r1, ... across the test in event order; C and
    // AuDaLa computations t0, ... / __t0, ..., PTX ones r<reads>, ...  The
    // prefixes avoid location names.
    void name_registers() {
        auto free_prefix = [&](std::string p) {
            for (;;) {
                bool clash = false;
                for (const litmus::Location& l : locations_) clash = clash || prefix_digits(l.name, p) || l.name == p;
                if (!clash) return p;
                p += "_";
            }
        };
        const std::string reads = column_dialect(d_) || cpu_registers() ? "r" : free_prefix("r");
        temp_prefix_ = d_ == Dialect::c ? free_prefix("t") : column_dialect(d_) ? "r" : "__t";
        register_.assign(x_.events.size(), "");
        int n = 0;
        for (const std::vector<int>& mine : thread_events_)
            for (int e : mine)
                if (is_read(e))
                    register_[static_cast<std::size_t>(e)] = cpu_registers() ? cpu_register(n++) : reads + std::to_string(n++);
        reads_ = n;
        thread_temps_.assign(x_.threads.size(), 0);
    }

    // A fresh computation register of thread 'th'.
    Register temporary(int th) {
        if (d_ == Dialect::audala) return Register{"__t" + std::to_string(thread_temps_[static_cast<std::size_t>(th)]++)};
        const int k = temps_++;
        if (cpu_registers()) return Register{cpu_register(reads_ + k)};
        return Register{temp_prefix_ + std::to_string(column_dialect(d_) ? reads_ + k : k)};
    }

    // The CPUs have named registers: the k-th of the test (every thread
    // counts from the same list, so a name is one register of each
    // thread).  AArch64, PPC and RISC-V keep register 20 and up for
    // pointers (and PPC's r0 and RISC-V's x0..x4, zero and the ABI's
    // special registers, for nothing).
    bool cpu_registers() const { return d_ == Dialect::x86 || pointer_dialect(); }
    bool pointer_dialect() const { return d_ == Dialect::aarch64 || d_ == Dialect::ppc || d_ == Dialect::riscv; }
    std::string cpu_register(int k) const {
        static constexpr const char* x86[] = {"EAX", "EBX", "ECX", "EDX", "ESI", "EDI", "EBP", "ESP"};
        if (d_ == Dialect::x86) {
            if (k >= 8) refuse("x86 has 8 registers; the test needs more");
            return x86[k];
        }
        if (d_ == Dialect::ppc) {
            if (k >= 19) refuse("PPC keeps r1..r19 for values; the test needs more");
            return "r" + std::to_string(k + 1);
        }
        if (d_ == Dialect::riscv) {
            if (k >= 15) refuse("RISC-V keeps x5..x19 for values; the test needs more");
            return "x" + std::to_string(k + 5);
        }
        if (k >= 20) refuse("AArch64 keeps X0..X19 for values; the test needs more");
        return "X" + std::to_string(k);
    }
    Register pointer_register(const std::string& location) const {
        const std::string prefix = d_ == Dialect::ppc ? "r" : d_ == Dialect::riscv ? "x" : "X";
        for (std::size_t i = 0; i < locations_.size(); ++i)
            if (locations_[i].name == location) {
                if (i >= 11) refuse(dialect_name(d_) + " keeps " + prefix + "20.." + prefix + "30 for pointers; the test has more locations");
                return Register{prefix + std::to_string(20 + i)};
            }
        refuse("no location '" + location + "'");
    }
    bool accesses(int th, const std::string& base) const {
        for (int e : thread_events_[static_cast<std::size_t>(th)])
            if ((is_read(e) || is_write(e)) && cells_[static_cast<std::size_t>(ev(e).location)].base == base) return true;
        return false;
    }

    // A value an AArch64 store or an RMW of either CPU writes: a register
    // (x86's XCHG exchanges the register it returns the old value into).
    Operand in_register(int th, Operand value, std::vector<litmus::Instruction>& out,
                        const std::optional<Register>& into = std::nullopt) {
        if (std::holds_alternative<Register>(value) && !into) return value;
        const Register r = into ? *into : temporary(th);
        out.push_back(litmus::RegOp{r, litmus::RegOpKind::move, std::move(value), std::nullopt});
        return r;
    }

    // ---- code

    // sources' registers: s - s [+ s' - s' ...] [+ constant], computed into
    // fresh registers; or the constant alone when there are no sources.
    Operand chain(int th, const std::vector<int>& sources, std::int64_t constant, std::vector<litmus::Instruction>& out) {
        if (sources.empty()) return constant;
        auto reg = [&](int e) { return Register{register_[static_cast<std::size_t>(e)]}; };
        Register acc = temporary(th);
        out.push_back(litmus::RegOp{acc, litmus::RegOpKind::sub, reg(sources[0]), reg(sources[0])});
        for (std::size_t i = 1; i < sources.size(); ++i) {
            Register plus = temporary(th);
            out.push_back(litmus::RegOp{plus, litmus::RegOpKind::add, acc, reg(sources[i])});
            acc = temporary(th);
            out.push_back(litmus::RegOp{acc, litmus::RegOpKind::sub, plus, reg(sources[i])});
        }
        if (constant != 0) {
            Register plus = temporary(th);
            out.push_back(litmus::RegOp{plus, litmus::RegOpKind::add, acc, constant});
            acc = plus;
        }
        return acc;
    }

    litmus::Address address(int th, int e, std::vector<litmus::Instruction>& out) {
        const Cell& c = cells_[static_cast<std::size_t>(ev(e).location)];
        const std::vector<int>& deps = addr_[static_cast<std::size_t>(e)];
        if (!c.index && deps.empty()) return litmus::Address{c.base, std::nullopt};
        return litmus::Address{c.base, chain(th, deps, c.index.value_or(0), out)};
    }

    // A read-modify-write of exclusive accesses as LLVM writes it: retry
    // the pair until the store succeeds.  Power: lwarx/stwcx., testing
    // CR0 (the IR's "cr0"); AArch64 without LSE: LD[A]XR/ST[L]XR, testing
    // a status register with CBNZ, the acquire on the load and the release
    // on the store (the expansion gives both events the pair's order).
    void exclusive_loop(int th, const exec::Event& read, const exec::Event& write, const Register& dest,
                        litmus::Address a, Operand value, int k, std::vector<litmus::Instruction>& out) {
        const std::string label = "Loop" + std::to_string(k);
        out.push_back(litmus::Label{label});
        litmus::Instruction l = load_instruction(d_, read, dest, a);
        litmus::Instruction s = store_instruction(d_, write, std::move(a), std::move(value));
        auto& load = std::get<litmus::Load>(l);
        auto& store = std::get<litmus::Store>(s);
        const Register status = d_ == Dialect::ppc ? Register{std::string(litmus::ppc_cr0)} : temporary(th);
        if (d_ == Dialect::aarch64) {
            const bool acquire = read.order == Order::acq || read.order == Order::acq_rel;
            const bool release = write.order == Order::rel || write.order == Order::acq_rel;
            load.order = acquire ? litmus::MemoryOrder::acquire : litmus::MemoryOrder::plain;
            store.order = release ? litmus::MemoryOrder::release : litmus::MemoryOrder::plain;
        }
        load.qualifiers.exclusive = store.qualifiers.exclusive = true;
        store.qualifiers.status = status;
        out.push_back(std::move(l));
        out.push_back(std::move(s));
        out.push_back(litmus::Branch{litmus::CmpOp::ne, status, std::int64_t{0}, label});
    }

    std::vector<litmus::Instruction> code(int th) {
        std::vector<litmus::Instruction> out;
        std::vector<std::string> open;  // labels of the branches to close, innermost last
        int branches = 0, loops = 0;
        const std::vector<int>& mine = thread_events_[static_cast<std::size_t>(th)];
        for (std::size_t p = 0; p < mine.size(); ++p) {
            const int e = mine[p];
            if (rmw_write(e)) continue;  // part of the Rmw of its read
            for (std::size_t q = 0; q < p; ++q) {
                const int r = mine[q];
                if (ctrl_start_[static_cast<std::size_t>(r)] != static_cast<int>(p)) continue;
                const Register reg{register_[static_cast<std::size_t>(r)]};
                const int k = branches++;
                std::string label = column_dialect(d_) || pointer_dialect() ? "LC" + std::to_string(k) : "__end" + std::to_string(k);
                // "if (r == r) { rest }": skip the rest when r != r.
                out.push_back(litmus::Branch{litmus::CmpOp::ne, reg, reg, label});
                open.push_back(std::move(label));
            }
            const exec::Event& v = ev(e);
            switch (v.kind) {
                case EventKind::read: {
                    litmus::Address a = address(th, e, out);
                    const Register dest{register_[static_cast<std::size_t>(e)]};
                    if (rmw_read(e)) {
                        const int w = partner_[static_cast<std::size_t>(e)];
                        Operand value = chain(th, data_[static_cast<std::size_t>(w)], ev(w).value, out);
                        if (d_ == Dialect::x86) value = in_register(th, std::move(value), out, dest);
                        if (d_ == Dialect::aarch64 || d_ == Dialect::riscv || d_ == Dialect::ppc)
                            value = in_register(th, std::move(value), out);
                        if (d_ == Dialect::ppc || (d_ == Dialect::aarch64 && v.has(exec::Tag::exclusive)))
                            exclusive_loop(th, v, ev(w), dest, std::move(a), std::move(value), loops++, out);
                        else
                            out.push_back(rmw_instruction(d_, v, dest, std::move(a), value));
                    } else {
                        out.push_back(load_instruction(d_, v, dest, std::move(a)));
                    }
                    break;
                }
                case EventKind::write: {
                    litmus::Address a = address(th, e, out);
                    Operand value = chain(th, data_[static_cast<std::size_t>(e)], v.value, out);
                    if (pointer_dialect()) value = in_register(th, std::move(value), out);
                    out.push_back(store_instruction(d_, v, std::move(a), value));
                    break;
                }
                case EventKind::fence:
                    out.push_back(fence_instruction(d_, v));
                    break;
                case EventKind::barrier:
                    out.push_back(litmus::Barrier{std::int64_t{v.barrier}, std::nullopt, std::nullopt, false, {}});
                    break;
            }
        }
        for (auto it = open.rbegin(); it != open.rend(); ++it) out.push_back(litmus::Label{*it});
        return out;
    }

    // C parameters: the locations the thread accesses, in location order,
    // "atomic_int*" where some access anywhere is atomic, else "int*".
    std::vector<litmus::Parameter> parameters(int th) const {
        std::set<std::string> used;
        for (int e : thread_events_[static_cast<std::size_t>(th)])
            if (is_read(e) || is_write(e)) used.insert(cells_[static_cast<std::size_t>(ev(e).location)].base);
        std::vector<litmus::Parameter> out;
        for (const litmus::Location& l : locations_)
            if (used.count(l.name))
                out.push_back(litmus::Parameter{region_prefix(l.name) + (atomic_base(l.name) ? "atomic_int*" : "int*"),
                                                l.name});
        return out;
    }

    // OpenCL: the address space of a location's parameter, from its
    // accesses' region ("global ", "local "); C: none.
    std::string region_prefix(const std::string& base) const {
        if (d_ != Dialect::opencl) return "";
        for (const exec::Event& v : x_.events)
            if (v.thread >= 0 && (v.kind == EventKind::read || v.kind == EventKind::write) &&
                cells_[static_cast<std::size_t>(v.location)].base == base) {
                if (v.has(exec::Tag::global)) return "global ";
                if (v.has(exec::Tag::local)) return "local ";
            }
        return "";
    }

    bool needs_placements() const {
        if (d_ == Dialect::audala) {
            for (const exec::ThreadPlacement& p : x_.threads)
                if (p.cta != 0 || p.gpu != 0 || p.cluster != 0)
                    refuse("AuDaLa instances have no placement (every thread must be in CTA 0 of GPU 0)");
            return false;
        }
        if (d_ == Dialect::vulkan) {
            // One device: Vulkan tests place threads in subgroups,
            // workgroups and queue families only.
            for (const exec::ThreadPlacement& p : x_.threads)
                if (p.gpu != 0 || p.cluster != 0) refuse("Vulkan tests run on one device, in no cluster");
            return true;
        }
        if (d_ == Dialect::ptx) return true;
        for (const exec::ThreadPlacement& p : x_.threads)
            if (p.cta != 0 || p.gpu != 0 || p.cluster != 0) return true;
        for (const exec::Event& v : x_.events)
            if (v.scope == exec::Scope::cta || v.scope == exec::Scope::cluster || v.scope == exec::Scope::gpu) return true;
        return false;
    }

    // ---- the condition

    litmus::Condition condition(const std::vector<std::pair<int, int>>& co) const {
        std::vector<litmus::CondExpr> atoms;
        for (std::size_t th = 0; th < thread_events_.size(); ++th)
            for (int e : thread_events_[th])
                if (is_read(e))
                    atoms.push_back(litmus::CondExpr::compare(
                        litmus::RegisterRef{static_cast<int>(th), register_[static_cast<std::size_t>(e)]},
                        litmus::CmpOp::eq, ev(e).value));
        // Final values: the unique co-maximal non-initial write of each
        // location written twice or more.
        std::vector<std::set<int>> later(x_.events.size());  // co-successors of the same location
        for (auto [a, b] : co) {
            const std::string pair = "co pair (" + std::to_string(a) + ", " + std::to_string(b) + ")";
            if (!in_range(a) || !in_range(b)) refuse(pair + " names an event x does not have");
            if (!is_write(a) || !is_write(b) || ev(a).location != ev(b).location)
                refuse(pair + " is not two writes of one location");
            later[static_cast<std::size_t>(a)].insert(b);
        }
        for (std::size_t l = 0; l < x_.locations.size(); ++l) {
            std::vector<int> writes;
            for (std::size_t e = 0; e < x_.events.size(); ++e)
                if (x_.events[e].thread >= 0 && is_write(static_cast<int>(e)) && x_.events[e].location == static_cast<int>(l))
                    writes.push_back(static_cast<int>(e));
            if (writes.size() < 2) continue;
            std::vector<int> maximal;
            for (int w : writes) {
                const std::set<int>& succ = later[static_cast<std::size_t>(w)];
                if (std::none_of(writes.begin(), writes.end(), [&](int u) { return u != w && succ.count(u); }))
                    maximal.push_back(w);
            }
            if (maximal.size() != 1) continue;
            const Cell& c = cells_[l];
            litmus::MemoryRef ref{c.base, c.index ? std::optional<std::int64_t>(*c.index) : std::nullopt};
            atoms.push_back(litmus::CondExpr::compare(ref, litmus::CmpOp::eq, ev(maximal[0]).value));
        }
        litmus::Condition cond;
        cond.quantifier = litmus::Quantifier::exists;
        if (atoms.empty()) {
            cond.expr = litmus::CondExpr::truth(true);
        } else {
            cond.expr = atoms[0];
            for (std::size_t i = 1; i < atoms.size(); ++i) cond.expr = litmus::CondExpr::conjunction(std::move(cond.expr), atoms[i]);
        }
        return cond;
    }

    const exec::PreExecution& x_;
    Dialect d_;
    std::vector<std::vector<int>> thread_events_;  // per thread, in program order
    std::vector<int> position_;                    // index within its thread (-1: initial write)
    std::vector<int> initial_;                     // per location, its initial write
    std::vector<Cell> cells_;                      // per location
    std::vector<litmus::Location> locations_;
    std::vector<int> partner_;                     // the other event of an rmw pair, or -1
    std::vector<std::vector<int>> data_, addr_;    // per event, its dependency sources
    std::vector<int> ctrl_start_;                  // per read, where its control dependency starts
    std::vector<std::string> register_;            // per read
    int reads_ = 0;
    std::string temp_prefix_;
    int temps_ = 0;
    std::vector<int> thread_temps_;                // AuDaLa temporaries per instance
};

}  // namespace

litmus::LitmusTest execution_litmus(const exec::PreExecution& x, const std::vector<std::pair<int, int>>& rf,
                                    const std::vector<std::pair<int, int>>& co, litmus::Dialect dialect,
                                    const std::string& name, const std::string& doc) {
    litmus::LitmusTest test = Builder(x, dialect).build(rf, co, name, doc);
    // The promise of the header, checked once: the printed test reads back
    // as the same test (print_litmus throws std::invalid_argument for what
    // the dialect cannot write, such as a name that is no one word).
    const std::string text = litmus::print_litmus(test);
    litmus::LitmusTest again;
    try {
        again = litmus::parse_litmus(text, test.source);
    } catch (const litmus::ParseError& e) {
        refuse("the test does not read back (" + std::string(e.what()) + "):\n" + text);
    }
    if (!(again == test)) throw std::logic_error("execution_litmus: the printed test reads back differently:\n" + text);
    return test;
}

}  // namespace mapsound::check
