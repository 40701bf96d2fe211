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
#include "check/execution_litmus_builder.hpp"

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

namespace litmus_builder {

litmus::LitmusTest Builder::build(const std::vector<std::pair<int, int>>& rf, const std::vector<std::pair<int, int>>& co,
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

std::string Builder::event(int e) const {
    const exec::Event& ev = x_.events[static_cast<std::size_t>(e)];
    return "event " + std::to_string(e) + (ev.label.empty() ? "" : " (" + ev.label + ")");
}

void Builder::cannot(int e, const std::string& what) const {
    refuse(dialect_name(d_) + " cannot express " + what + " of " + event(e));
}

void Builder::name_registers() {
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

Register Builder::temporary(int th) {
    if (d_ == Dialect::audala) return Register{"__t" + std::to_string(thread_temps_[static_cast<std::size_t>(th)]++)};
    const int k = temps_++;
    if (cpu_registers()) return Register{cpu_register(reads_ + k)};
    return Register{temp_prefix_ + std::to_string(column_dialect(d_) ? reads_ + k : k)};
}

std::string Builder::cpu_register(int k) const {
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

Register Builder::pointer_register(const std::string& location) const {
    const std::string prefix = d_ == Dialect::ppc ? "r" : d_ == Dialect::riscv ? "x" : "X";
    for (std::size_t i = 0; i < locations_.size(); ++i)
        if (locations_[i].name == location) {
            if (i >= 11) refuse(dialect_name(d_) + " keeps " + prefix + "20.." + prefix + "30 for pointers; the test has more locations");
            return Register{prefix + std::to_string(20 + i)};
        }
    refuse("no location '" + location + "'");
}

bool Builder::accesses(int th, const std::string& base) const {
    for (int e : thread_events_[static_cast<std::size_t>(th)])
        if ((is_read(e) || is_write(e)) && cells_[static_cast<std::size_t>(ev(e).location)].base == base) return true;
    return false;
}

Operand Builder::in_register(int th, Operand value, std::vector<litmus::Instruction>& out,
                             const std::optional<Register>& into) {
    if (std::holds_alternative<Register>(value) && !into) return value;
    const Register r = into ? *into : temporary(th);
    out.push_back(litmus::RegOp{r, litmus::RegOpKind::move, std::move(value), std::nullopt});
    return r;
}

Operand Builder::chain(int th, const std::vector<int>& sources, std::int64_t constant, std::vector<litmus::Instruction>& out) {
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

litmus::Address Builder::address(int th, int e, std::vector<litmus::Instruction>& out) {
    const Cell& c = cells_[static_cast<std::size_t>(ev(e).location)];
    const std::vector<int>& deps = addr_[static_cast<std::size_t>(e)];
    if (!c.index && deps.empty()) return litmus::Address{c.base, std::nullopt};
    return litmus::Address{c.base, chain(th, deps, c.index.value_or(0), out)};
}

void Builder::exclusive_loop(int th, const exec::Event& read, const exec::Event& write, const Register& dest,
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

std::vector<litmus::Instruction> Builder::code(int th) {
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

std::vector<litmus::Parameter> Builder::parameters(int th) const {
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

std::string Builder::region_prefix(const std::string& base) const {
    if (d_ != Dialect::opencl) return "";
    for (const exec::Event& v : x_.events)
        if (v.thread >= 0 && (v.kind == EventKind::read || v.kind == EventKind::write) &&
            cells_[static_cast<std::size_t>(v.location)].base == base) {
            if (v.has(exec::Tag::global)) return "global ";
            if (v.has(exec::Tag::local)) return "local ";
        }
    return "";
}

bool Builder::needs_placements() const {
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

litmus::Condition Builder::condition(const std::vector<std::pair<int, int>>& co) const {
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

}  // namespace litmus_builder

litmus::LitmusTest execution_litmus(const exec::PreExecution& x, const std::vector<std::pair<int, int>>& rf,
                                    const std::vector<std::pair<int, int>>& co, litmus::Dialect dialect,
                                    const std::string& name, const std::string& doc) {
    litmus::LitmusTest test = litmus_builder::Builder(x, dialect).build(rf, co, name, doc);
    // The promise of the header, checked once: the printed test reads back
    // as the same test (print_litmus throws std::invalid_argument for what
    // the dialect cannot write, such as a name that is no one word).
    const std::string text = litmus::print_litmus(test);
    litmus::LitmusTest again;
    try {
        again = litmus::parse_litmus(text, test.source);
    } catch (const litmus::ParseError& e) {
        litmus_builder::refuse("the test does not read back (" + std::string(e.what()) + "):\n" + text);
    }
    if (!(again == test)) throw std::logic_error("execution_litmus: the printed test reads back differently:\n" + text);
    return test;
}

}  // namespace mapsound::check
