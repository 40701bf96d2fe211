// The runs of one thread (see expand_context.hpp): every path through its
// code, each load taking every value of its cell's domain.
#include <algorithm>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <utility>

#include "litmus/expand_context.hpp"
#include "litmus/expand_tags.hpp"

namespace mapsound::litmus::detail {

namespace {

using exec::Event;
using exec::EventKind;
using exec::Order;
using EScope = exec::Scope;

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

}  // namespace

DepSet unite(const DepSet& a, const DepSet& b) {
    DepSet out;
    std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
    return out;
}

// ---------------------------------------------------------------------------
// ThreadExplorer

const Thread& ThreadExplorer::thread() const { return x_.test.threads[static_cast<std::size_t>(t_)]; }

std::int64_t ThreadExplorer::value(const RunState& s, const Operand& o) const {
    if (const auto* n = std::get_if<std::int64_t>(&o)) return *n;
    const std::string& name = std::get<Register>(o).name;
    // A free read's register is one that no instruction reads.
    if (s.free_regs.count(name)) throw std::logic_error("expand: P" + std::to_string(t_) + " reads '" + name + "', held by a free read");
    auto it = s.regs.find(name);
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
    s.free_regs.erase(r.name);
}

bool ThreadExplorer::from_thin_air(const RunState& s, const DepSet& d) const {
    return std::any_of(d.begin(), d.end(), [&](int r) {
        return x_.thin_air_values.count(s.events[static_cast<std::size_t>(r)].value) > 0;
    });
}

int ThreadExplorer::cell_of(const RunState& s, const Address& a, DepSet& addr_deps) const {
    if (a.pointer) {
        // A computed address: the cell whose address the register holds.
        const std::int64_t v = value(s, *a.pointer);
        addr_deps = deps(s, *a.pointer);
        const std::int64_t cell = v - address_base;
        const bool outside = cell < 0 || cell >= static_cast<std::int64_t>(x_.memory.names.size());
        // A value out of thin air names no location (expand_thin_air.hpp):
        // a run that reads one and then accesses memory through it is no
        // run of the program (herd7 and Dartagnan give reads only the
        // values of writes); the path ends here.
        if (outside && from_thin_air(s, addr_deps)) throw ThinAirAddress{};
        if (outside)
            x_.fail("P" + std::to_string(t_) + " accesses memory through " + a.pointer->name + ", which holds " +
                    std::to_string(v) + ", not the address of a location");
        return static_cast<int>(cell);
    }
    const Memory::Span span = x_.memory.locations.at(a.location);
    std::int64_t off = 0;
    if (a.offset) {
        off = value(s, *a.offset);
        addr_deps = deps(s, *a.offset);
    }
    if ((off < 0 || off >= span.size) && from_thin_air(s, addr_deps)) throw ThinAirAddress{};
    if (off < 0 || off >= span.size)
        x_.fail("P" + std::to_string(t_) + " accesses " + a.location + "[" + std::to_string(off) +
                "], out of bounds (" + a.location + " has " + std::to_string(span.size) + " element" +
                (span.size == 1 ? "" : "s") + ")");
    return span.first + static_cast<int>(off);
}

int ThreadExplorer::add_event(RunState& s, EventKind kind, int cell, std::int64_t v, Tag tag, const DepSet& addr_deps,
                              const std::string& what) {
    const int index = static_cast<int>(s.events.size());
    // AuDaLa's commands carry no memory order (the dialect has none, as in
    // the mapping checker's AuDaLa programs): not NA, which C's models read.
    // Nor do x86's or Power's, nor a scope: what the instructions order is
    // the model's reading of their events.
    const Dialect d = x_.test.dialect;
    if (d == Dialect::audala || d == Dialect::x86 || d == Dialect::ppc) tag.order = Order::none;
    if (d == Dialect::x86 || assembly_syntax(d)) tag.scope = EScope::none;
    // AArch64's accesses are plain or acquire (A), release (L), both (an
    // LSE AL form); an LDAPR is Q instead of A.  RISC-V's likewise: .aq,
    // .rl, .aq.rl (both events of an AMO carry its annotation).
    if ((d == Dialect::aarch64 || d == Dialect::riscv) &&
        ((tag.order != Order::acq && tag.order != Order::rel && tag.order != Order::acq_rel) ||
         (tag.tags & exec::tag_bit(exec::Tag::acquire_pc)) != 0))
        tag.order = Order::none;
    Event e;
    e.kind = kind;
    e.thread = t_;
    e.location = cell;
    e.value = v;
    e.order = tag.order;
    e.scope = tag.scope;
    e.tags = tag.tags;
    if ((kind == EventKind::read || kind == EventKind::write) && cell >= 0 && tag.bytes != 0) {
        const int named = x_.memory.bytes[static_cast<std::size_t>(cell)];
        if (named != 0 && named != tag.bytes)
            x_.fail("P" + std::to_string(t_) + "'s " + std::to_string(tag.bytes) + "-byte access to " +
                    x_.memory.names[static_cast<std::size_t>(cell)] + " through a computed address, which the program "
                    "also accesses as " + std::to_string(named) + " bytes: a mixed-size program, decided only when "
                    "every access names its location");
    }
    if (tag.piece_of >= 0) {
        // The pieces of one run of an instruction are consecutive
        // instructions of the torn code (an atomic's read and write of a
        // piece, one); a piece at or before the last one's program counter
        // begins the instruction's next run (a loop).
        if (tag.piece_of != s.piece_static || s.pc < s.piece_pc) {
            s.piece_static = tag.piece_of;
            s.piece_run = static_cast<int>(s.events.size());
        }
        s.piece_pc = s.pc;
        e.piece_of = s.piece_run;
    }
    // Labels: "R.acq.gpu x=1", "W.na y[1]=2 (cas)", "F.sc.gpu (membar)".
    // C atomics are sys-scoped unless they say otherwise, so sys is left
    // out of C labels.
    std::string label = kind == EventKind::read ? "R" : kind == EventKind::write ? "W" : "F";
    if (tag.order != Order::none) label.append(".").append(order_name(tag.order));
    if (tag.scope != EScope::none && !(x_.test.dialect == Dialect::c && tag.scope == EScope::sys))
        label.append(".").append(scope_name(tag.scope));
    if (cell >= 0) label.append(" ").append(x_.memory.names[static_cast<std::size_t>(cell)]).append("=").append(std::to_string(v));
    for (unsigned t = 0; t < exec::kTagCount; ++t)
        if ((tag.tags >> t) & 1U) label.append(" ").append(exec::tag_name(static_cast<exec::Tag>(t)));
    if (!what.empty()) label.append(" (").append(what).append(")");
    e.label = std::move(label);
    s.events.push_back(std::move(e));
    for (int r : s.ctrl) s.ctrl_pairs.emplace_back(r, index);
    for (int r : addr_deps) s.addr.emplace_back(r, index);
    if (tree_ && cell >= 0) s.node = tree_->add(s.node, kind == EventKind::write, cell, v);
    return index;
}

void ThreadExplorer::name_virtual(RunState& s, int event, const Address& a) const {
    auto it = x_.memory.virtual_ids.find(a.location);
    if (it == x_.memory.virtual_ids.end()) return;
    Event& e = s.events[static_cast<std::size_t>(event)];
    e.virtual_location = it->second;
    e.label.append(" via ").append(a.location);
}

void ThreadExplorer::add_data(RunState& s, const DepSet& from, int write) const {
    for (int r : from) s.data.emplace_back(r, write);
}

bool ThreadExplorer::jump(RunState& s, const std::string& label) const {
    const std::size_t target = x_.threads[static_cast<std::size_t>(t_)].labels.find(label)->second;
    if (target <= s.pc) {
        // A back edge: the loop body runs once more.  unroll counts how
        // often a body may run, so the edge may be taken unroll - 1 times.
        if (++s.back_jumps[s.pc] > std::max(x_.options.unroll, 1) - 1) return false;
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
    for (const std::string& name : x_.threads[static_cast<std::size_t>(t_)].registers) r.registers[name] = s.regs.at(name);
    r.read_registers = s.free_regs;
    // Two paths that end in the same events, dependencies and registers are
    // the same run; a key string compares all of that.
    std::string key;
    auto num = [&](std::int64_t v) { key.append(std::to_string(v)).push_back(','); };
    for (const Event& e : r.events) {
        num(static_cast<int>(e.kind));
        num(e.location);
        num(e.value);
        num(e.any_value ? 1 : 0);
        num(static_cast<int>(e.order));
        num(static_cast<int>(e.scope));
        num(e.barrier);
        num(e.tags);
        num(e.virtual_location);
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
    for (const auto& [name, e] : r.read_registers) {
        key.append(name).push_back('<');
        num(e);
    }
    if (!seen_.insert(key).second) return;
    // A read needs another thread's write unless it returns the initial
    // value or one its own thread wrote before it (a po-later write of the
    // same thread is no source: see expand.hpp).
    std::set<CellValue> written;
    for (const Event& e : r.events) {
        const CellValue cv{e.location, e.value};
        if (e.kind == EventKind::write) written.insert(cv);
        if (e.kind == EventKind::read && !e.any_value && e.value != x_.memory.init[static_cast<std::size_t>(e.location)] &&
            !written.count(cv))
            r.needs.push_back(cv);
    }
    r.writes.assign(written.begin(), written.end());
    std::sort(r.needs.begin(), r.needs.end());
    r.needs.erase(std::unique(r.needs.begin(), r.needs.end()), r.needs.end());
    runs_->push_back(std::move(r));
}

void ThreadExplorer::load(RunState& s, const Load& l, std::vector<RunState>& forked) {
    DepSet addr_deps;
    const int cell = cell_of(s, l.addr, addr_deps);
    const Tag tag = tag_of(l.order, l.scope, l.qualifiers);
    // A free read (ExpandOptions::free_reads; not while the value domains
    // are computed, whose run trees need the values): one event, no value.
    if (runs_ && x_.options.free_reads && !x_.threads[static_cast<std::size_t>(t_)].read.count(l.dest.name)) {
        const int e = add_event(s, EventKind::read, cell, 0, tag, addr_deps, "");
        s.events[static_cast<std::size_t>(e)].any_value = true;
        if (l.qualifiers.exclusive) open_exclusive(s, e);
        std::string& label = s.events[static_cast<std::size_t>(e)].label;
        const std::string written = " " + x_.memory.names[static_cast<std::size_t>(cell)] + "=0";
        if (const auto at = label.find(written); at != std::string::npos) label.replace(at + written.size() - 1, 1, "?");
        name_virtual(s, e, l.addr);
        set_reg(s, l.dest, 0, DepSet{e});
        s.free_regs[l.dest.name] = e;
        ++s.pc;
        forked.push_back(std::move(s));
        return;
    }
    const std::vector<std::int64_t>& domain = x_.domains[static_cast<std::size_t>(cell)];
    for (std::size_t i = 0; i < domain.size(); ++i) {
        const std::int64_t v = domain[i];
        // The last child takes the state itself: a long thread of loads
        // with one possible value each costs no copies.
        RunState c = i + 1 == domain.size() ? std::move(s) : s;
        const int e = add_event(c, EventKind::read, cell, v, tag, addr_deps, "");
        name_virtual(c, e, l.addr);
        set_reg(c, l.dest, v, DepSet{e});
        if (l.qualifiers.exclusive) open_exclusive(c, e);
        ++c.pc;
        forked.push_back(std::move(c));
    }
}

void ThreadExplorer::open_exclusive(RunState& s, int e) {
    // The pieces of one torn load are consecutive loads with one piece_of,
    // each of its own cell; a cell met again is the instruction run again.
    const exec::Event& event = s.events[static_cast<std::size_t>(e)];
    const bool next_piece = event.piece_of >= 0 && !s.exclusive_loads.empty() &&
                            std::all_of(s.exclusive_loads.begin(), s.exclusive_loads.end(), [&](int l) {
                                const exec::Event& open = s.events[static_cast<std::size_t>(l)];
                                return open.piece_of == event.piece_of && open.location != event.location;
                            });
    if (!next_piece) s.exclusive_loads.clear();
    s.exclusive_loads.push_back(e);
}

int ThreadExplorer::write_exclusive(RunState& s, const Store& st, int cell, const DepSet& addr_deps,
                                     const std::vector<int>& loads) {
    const int w = add_event(s, EventKind::write, cell, value(s, st.value), tag_of(st.order, st.scope, st.qualifiers),
                            addr_deps, "");
    add_data(s, deps(s, st.value), w);
    const auto load = std::find_if(loads.begin(), loads.end(),
                                   [&](int l) { return s.events[static_cast<std::size_t>(l)].location == cell; });
    if (load == loads.end()) return w;
    s.rmw.emplace_back(*load, w);
    // AArch64: the pair's two events carry its joined order, as an LSE
    // atomic's do (LDAXR ; STLXR: both acq_rel, like SWPAL's).
    // aarch64.cat reads acquire off reads and release off writes only
    // (A = (ACQ | ACQ_REL) & R, L = (REL | ACQ_REL) & W), so nothing it
    // decides changes; a mapping rule's `LDAXR ; STLXR` is then one
    // read-modify-write with one order, as every rule's is.
    if (x_.test.dialect == Dialect::aarch64) {
        Event& read = s.events[static_cast<std::size_t>(*load)];
        Event& write = s.events[static_cast<std::size_t>(w)];
        const Order joined = read.order == Order::none                                       ? write.order
                             : write.order == Order::none || write.order == read.order ? read.order
                                                                                        : Order::acq_rel;
        read.order = write.order = joined;
    }
    return w;
}

void ThreadExplorer::store_exclusive(RunState& s, const Store& st, std::vector<RunState>& forked) {
    // RISC-V: what the status register holds depends on the store having
    // succeeded, so it carries a dependency from the write (RVWMO's
    // syntactic dependencies through sc's destination register, as herd7
    // and Dartagnan read them).  AArch64: none (as aarch64.cat reads STXR).
    auto succeed = [&](RunState& run, int w) {
        set_reg(run, *st.qualifiers.status, 0, x_.test.dialect == Dialect::riscv ? DepSet{w} : DepSet{});
        ++run.pc;
        forked.push_back(std::move(run));
    };
    auto fail_store = [&](RunState& run) {
        set_reg(run, *st.qualifiers.status, 1, {});
        ++run.pc;
        forked.push_back(std::move(run));
    };
    const int piece_of = st.qualifiers.piece_of;
    // A piece's address is its piece, known before the outcome (a whole
    // store's, through a pointer, only when it succeeds).
    DepSet piece_deps;
    const int piece_cell = piece_of >= 0 ? cell_of(s, st.addr, piece_deps) : -1;
    if (piece_of >= 0) {
        // A later piece of a torn store exclusive does what its first did.
        const int cell = piece_cell;
        const DepSet& addr_deps = piece_deps;
        auto& torn = s.torn_store_exclusive;
        if (torn && torn->piece_of == piece_of && std::find(torn->cells.begin(), torn->cells.end(), cell) == torn->cells.end()) {
            torn->cells.push_back(cell);
            if (!torn->succeeded) return fail_store(s);
            const std::vector<int> loads = torn->loads;
            return succeed(s, write_exclusive(s, st, cell, addr_deps, loads));
        }
        torn.reset();
    } else {
        s.torn_store_exclusive.reset();
    }
    // It fails, writing nothing (status 1), or, paired with the thread's
    // latest exclusive load, succeeds (status 0): the pair is an rmw (one
    // per piece, piece by piece, when tearing split them).
    RunState failed = s;
    failed.exclusive_loads.clear();
    if (piece_of >= 0) failed.torn_store_exclusive = RunState::TornStoreExclusive{piece_of, false, {}, {piece_cell}};
    fail_store(failed);
    if (s.exclusive_loads.empty()) return;
    DepSet addr_deps;
    const int cell = cell_of(s, st.addr, addr_deps);
    // RISC-V: "the SC must fail if the address is not within the
    // reservation set of the most recent LR in program order" (the A
    // extension), so only the failing run exists; Dartagnan reads it so.
    // AArch64's and Power's pairs to different locations are left
    // unpredictable by their architectures: both runs, unpaired.
    if (x_.test.dialect == Dialect::riscv && s.events[static_cast<std::size_t>(s.exclusive_loads.front())].location != cell)
        return;
    std::vector<int> loads = std::move(s.exclusive_loads);
    s.exclusive_loads.clear();
    const int w = write_exclusive(s, st, cell, addr_deps, loads);
    if (piece_of >= 0) s.torn_store_exclusive = RunState::TornStoreExclusive{piece_of, true, std::move(loads), {cell}};
    succeed(s, w);
}

void ThreadExplorer::rmw(const RunState& s, const Rmw& r, std::vector<RunState>& forked) {
    DepSet addr_deps;
    const int cell = cell_of(s, r.addr, addr_deps);
    const Tag tag = tag_of(r.order, r.scope, r.qualifiers);
    const std::int64_t operand = value(s, r.value);
    const std::int64_t expected = r.expected ? value(s, *r.expected) : 0;
    const std::string what(to_string(r.op));
    for (std::int64_t old : x_.domains[static_cast<std::size_t>(cell)]) {
        RunState c = s;
        const int read = add_event(c, EventKind::read, cell, old, tag, addr_deps, what);
        const std::int64_t result = rmw_result(r.op, old, operand, expected);
        const int write = add_event(c, EventKind::write, cell, result, tag, addr_deps, what);
        name_virtual(c, read, r.addr);
        name_virtual(c, write, r.addr);
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
        forked.push_back(std::move(c));
    }
}

void ThreadExplorer::compare_exchange(const RunState& s, const CompareExchange& c, std::vector<RunState>& forked) {
    if (const auto* reg = std::get_if<Register>(&c.expected)) {
        const std::int64_t expected = value(s, Operand{*reg});
        DepSet expected_deps = deps(s, Operand{*reg});
        cas_core(s, c, expected, expected_deps, forked);
        return;
    }
    // The expected value lives in memory: the call reads it first, with a
    // plain (non-atomic) load, as the C library function does.
    const Address& where = std::get<Address>(c.expected);
    DepSet addr_deps;
    const int cell = cell_of(s, where, addr_deps);
    for (std::int64_t v : x_.domains[static_cast<std::size_t>(cell)]) {
        RunState n = s;
        const int e = add_event(n, EventKind::read, cell, v, tag_of(MemoryOrder::plain, Scope::none), addr_deps,
                                "cas expected");
        cas_core(n, c, v, DepSet{e}, forked);
    }
}

void ThreadExplorer::cas_core(const RunState& s, const CompareExchange& c, std::int64_t expected,
                              const DepSet& expected_deps, std::vector<RunState>& forked) {
    DepSet addr_deps;
    const int cell = cell_of(s, c.addr, addr_deps);
    const std::int64_t desired = value(s, c.desired);
    for (std::int64_t old : x_.domains[static_cast<std::size_t>(cell)]) {
        // Outcomes: success iff old == expected; a weak compare-exchange may
        // also fail spuriously when they are equal.
        std::vector<bool> outcomes;
        if (old == expected) outcomes.push_back(true);
        if (old != expected || c.weak) outcomes.push_back(false);
        for (bool success : outcomes) {
            RunState n = s;
            const Tag tag = tag_of(success ? c.success_order : c.failure_order, c.scope, c.qualifiers);
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
            forked.push_back(std::move(n));
        }
    }
}

void ThreadExplorer::explore(RunState start) {
    // Depth first, children in order: the same paths in the same order as a
    // recursive walk, with the pending states on the heap.
    std::vector<RunState> stack;
    stack.push_back(std::move(start));
    std::vector<RunState> forked;
    while (!stack.empty()) {
        RunState s = std::move(stack.back());
        stack.pop_back();
        forked.clear();
        run(std::move(s), forked);
        for (auto it = forked.rbegin(); it != forked.rend(); ++it) stack.push_back(std::move(*it));
    }
}

void ThreadExplorer::count_path() {
    const std::uint64_t limit = x_.options.budget.max_executions;
    if (limit > 0 && ++paths_ > limit)
        x_.over_execution_limit("more than " + std::to_string(limit) + " paths through P" + std::to_string(t_) +
                                "'s code");
}

void ThreadExplorer::barrier(RunState& s, const Barrier& b) {
    std::vector<std::int64_t> operands{value(s, b.id)};
    if (b.resource) operands.push_back(value(s, *b.resource));
    if (b.thread_count) operands.push_back(value(s, *b.thread_count));
    // An OpenCL barrier (one that names memory regions) is a work-group
    // barrier: scope CTA, and the regions it orders as tags.  A Vulkan cbar
    // has its own scope and, with an order, memory semantics (its tags).
    const exec::TagSet regions = qualifier_tags(b.qualifiers);
    Tag tag{Order::none, regions ? EScope::cta : EScope::none, regions};
    if (b.scope != Scope::none) tag.scope = event_scope(b.scope);
    if (b.order != MemoryOrder::plain) tag.order = tag_of(b.order, b.scope).order;
    const int index = add_event(s, EventKind::barrier, -1, 0, tag, {}, "");
    Event& e = s.events[static_cast<std::size_t>(index)];
    e.barrier = x_.barrier_number(operands);
    if (b.arrive) e.tag(exec::Tag::bar_arrive);
    std::string ops;
    for (std::int64_t v : operands) ops.append(ops.empty() ? "" : ",").append(std::to_string(v));
    e.label = (b.arrive ? "bar.arrive " : "bar ") + ops;
    if (tag.order != Order::none) e.label.append(" ").append(order_name(tag.order));
    for (unsigned t = 0; t < exec::kTagCount; ++t)
        if ((regions >> t) & 1U) e.label.append(" ").append(exec::tag_name(static_cast<exec::Tag>(t)));
}

void ThreadExplorer::run(RunState s, std::vector<RunState>& forked) {
    try {
        run_until_fork(std::move(s), forked);
    } catch (const ThinAirAddress&) {
        // The path ends here: what 'forked' already holds are other paths
        // (a store exclusive's failure, a compare-exchange's other outcomes),
        // each counted when it ends.
        count_path();
    }
}

void ThreadExplorer::run_until_fork(RunState s, std::vector<RunState>& forked) {
    const std::vector<Instruction>& code = thread().code;
    while (s.pc < code.size()) {
        x_.step();
        const Instruction& ins = code[s.pc];
        if (const auto* l = std::get_if<Load>(&ins)) return load(s, *l, forked);
        if (const auto* r = std::get_if<Rmw>(&ins)) return rmw(s, *r, forked);
        if (const auto* c = std::get_if<CompareExchange>(&ins)) return compare_exchange(s, *c, forked);
        if (const auto* st = std::get_if<Store>(&ins); st && st->qualifiers.status) return store_exclusive(s, *st, forked);
        if (const auto* st = std::get_if<Store>(&ins)) {
            DepSet addr_deps;
            const int cell = cell_of(s, st->addr, addr_deps);
            const int w = add_event(s, EventKind::write, cell, value(s, st->value), tag_of(st->order, st->scope, st->qualifiers),
                                    addr_deps, "");
            name_virtual(s, w, st->addr);
            add_data(s, deps(s, st->value), w);
        } else if (const auto* f = std::get_if<Fence>(&ins)) {
            // Fences take their order and scope like accesses do (PTX
            // fence.sc and membar are seq_cst in the IR, hence sc); membar
            // and signal fences say so in the label only.
            const char* what = f->kind == FenceKind::membar ? "membar" : f->kind == FenceKind::signal ? "signal" : "";
            Tag tag = tag_of(f->order, f->scope, f->qualifiers);
            // PTX 7.5 proxy fences: no order, no scope; their proxy's tag,
            // or ALIAS.
            if (f->kind == FenceKind::proxy || f->kind == FenceKind::proxy_alias) {
                tag = Tag{Order::none, EScope::none, qualifier_tags(f->qualifiers)};
                if (f->kind == FenceKind::proxy_alias) tag.tags |= exec::tag_bit(exec::Tag::alias);
                what = "fence.proxy";
            }
            std::string label = what;
            if (const exec::TagSet cpu = cpu_barrier_tags(*f)) {
                tag = Tag{Order::none, EScope::none, cpu};
                label = f->kind == FenceKind::rv_fence ? "fence " + f->qualifiers.barrier_option
                                                       : std::string(to_string(f->kind));
            }
            // RISC-V fence.i synchronizes instruction fetch with stores; it
            // orders no memory access (RVWMO; the Zifencei chapter), so it
            // is no event.
            if (f->kind != FenceKind::fence_i) add_event(s, EventKind::fence, -1, 0, tag, {}, label);
        } else if (const auto* b = std::get_if<Barrier>(&ins)) {
            barrier(s, *b);
        } else if (const auto* op = std::get_if<RegOp>(&ins)) {
            const std::int64_t a = value(s, op->lhs);
            const std::int64_t b = op->rhs ? value(s, *op->rhs) : 0;
            DepSet d = op->rhs ? unite(deps(s, op->lhs), deps(s, *op->rhs)) : deps(s, op->lhs);
            set_reg(s, op->dest, compute(op->op, a, b), std::move(d));
        } else if (const auto* g = std::get_if<Goto>(&ins)) {
            if (!jump(s, g->target)) return count_path();
            continue;
        } else if (const auto* br = std::get_if<Branch>(&ins)) {
            // Everything after the branch depends on it, whichever way it
            // goes.
            s.ctrl = unite(s.ctrl, unite(deps(s, br->lhs), deps(s, br->rhs)));
            if (compare_holds(br->cmp, value(s, br->lhs), value(s, br->rhs))) {
                if (!jump(s, br->target)) return count_path();
                continue;
            }
        }
        // Labels fall through.
        ++s.pc;
    }
    count_path();
    finish(s);
}

}  // namespace mapsound::litmus::detail
