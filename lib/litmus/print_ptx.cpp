// Printing PTX threads as Dartagnan's column layout: a header row with the
// placements, then one row per instruction index, cells padded so the '|'
// separators line up.  Only what the PTX parser accepts is printed; anything
// else is reported through unprintable().  Register and control-flow
// instructions, labels and operands print as in Vulkan (gpu_asm_common.hpp).
#include "litmus/gpu_asm_common.hpp"
#include "litmus/parse_common.hpp"
#include "litmus/printer_common.hpp"

namespace mapsound::litmus::detail {

namespace {

class PtxCell : public GpuCellPrinter {
public:
    // PTX's register move is "ld r1, 1" (the parser reads "mov" too).
    explicit PtxCell(const LitmusTest& test) : GpuCellPrinter(test, "PTX", "ld") {}

    using GpuCellPrinter::operator();

    std::string operator()(const Load& i) const {
        check_unscoped_or_scoped(i.order, i.scope, "ld");
        if (i.order != MemoryOrder::weak && i.order != MemoryOrder::relaxed && i.order != MemoryOrder::acquire &&
            i.order != MemoryOrder::volatile_)
            fail("a load with order " + std::string(to_string(i.order)));
        static constexpr const char* mnemonic[] = {"ld", "suld", "tld", "cold"};
        if (i.qualifiers != proxy_only(i.qualifiers.proxy)) fail("a load with non-PTX qualifiers");
        return mnemonic[static_cast<int>(i.qualifiers.proxy)] + qualifiers(i.order, i.scope) + " " + reg(i.dest) +
               ", " + location(i.addr);
    }

    std::string operator()(const Store& i) const {
        check_unscoped_or_scoped(i.order, i.scope, "st");
        if (i.order != MemoryOrder::weak && i.order != MemoryOrder::relaxed && i.order != MemoryOrder::release &&
            i.order != MemoryOrder::volatile_)
            fail("a store with order " + std::string(to_string(i.order)));
        const Proxy p = i.qualifiers.proxy;
        if (i.qualifiers != proxy_only(p) || p == Proxy::texture || p == Proxy::constant)
            fail("a store with qualifiers other than the surface proxy");
        return (p == Proxy::surface ? "sust" : "st") + qualifiers(i.order, i.scope) + " " + location(i.addr) + ", " +
               value(i.value);
    }

    std::string operator()(const Rmw& i) const {
        if (i.order != MemoryOrder::relaxed && i.order != MemoryOrder::acquire && i.order != MemoryOrder::release &&
            i.order != MemoryOrder::acq_rel)
            fail("an RMW with order " + std::string(to_string(i.order)));
        if (i.scope == Scope::none) fail("an RMW without a scope");
        if ((i.op == RmwOp::cas) != i.expected.has_value()) fail("an RMW whose expected value does not match its op");
        if (!i.dest && i.op == RmwOp::cas) fail("a cas without a destination register");
        std::string s = std::string(i.dest ? "atom" : "red") + qualifiers(i.order, i.scope) + "." +
                        std::string(to_string(i.op)) + " ";
        if (i.dest) s += reg(*i.dest) + ", ";
        s += location(i.addr) + ", ";
        if (i.expected) s += value(*i.expected) + ", ";
        return s + value(i.value);
    }

    std::string operator()(const Fence& i) const {
        if (i.kind == FenceKind::proxy_alias) return "fence.proxy.alias";
        if (i.kind == FenceKind::proxy) {
            if (i.qualifiers.proxy == Proxy::generic) fail("a proxy fence of the generic proxy");
            return "fence.proxy." + std::string(proxy_name(i.qualifiers.proxy));
        }
        if (i.scope == Scope::none) fail("a fence without a scope");
        if (i.kind == FenceKind::membar) {
            if (i.order != MemoryOrder::seq_cst) fail("a membar that is not seq_cst");
            return "membar." + std::string(to_string(i.scope));
        }
        if (i.kind != FenceKind::fence) fail("a signal fence");
        if (i.order == MemoryOrder::seq_cst) return "fence.sc." + std::string(to_string(i.scope));
        if (i.order == MemoryOrder::acq_rel) return "fence.acq_rel." + std::string(to_string(i.scope));
        // fence.acquire / fence.release: seed 000 Fig. 11's lowering of C++
        // acquire and release fences (a mapsound extension of the dialect).
        if (i.order == MemoryOrder::acquire) return "fence.acquire." + std::string(to_string(i.scope));
        if (i.order == MemoryOrder::release) return "fence.release." + std::string(to_string(i.scope));
        fail("a fence with order " + std::string(to_string(i.order)));
    }

    std::string operator()(const Barrier& i) const {
        if (i.thread_count && !i.resource) fail("a barrier with a thread count but no resource");
        std::string s = (i.arrive ? "bar.cta.arrive " : "bar.cta.sync ") + value(i.id);
        if (i.resource) s += ", " + value(*i.resource);
        if (i.thread_count) s += ", " + value(*i.thread_count);
        return s;
    }

private:
    using Proxy = Qualifiers::Proxy;

    static Qualifiers proxy_only(Proxy p) {
        Qualifiers q;
        q.proxy = p;
        return q;
    }

    // Weak and volatile accesses carry no scope; the others need one.
    void check_unscoped_or_scoped(MemoryOrder o, Scope s, const char* mnemonic) const {
        const bool unscoped = o == MemoryOrder::weak || o == MemoryOrder::volatile_;
        if (unscoped != (s == Scope::none))
            fail(std::string(mnemonic) + "." + std::string(to_string(o)) + " with scope " + std::string(to_string(s)));
    }

    static std::string qualifiers(MemoryOrder o, Scope s) {
        std::string q = "." + std::string(to_string(o));
        if (s != Scope::none) q += "." + std::string(to_string(s));
        return q;
    }

    // "x[r1]": the parser's address dependencies.
    std::string location(const Address& a) const {
        const std::string name = location_name(a);
        if (a.offset) return name + "[" + value(*a.offset) + "]";
        return name;
    }
};

// The cluster is written only when it is not 0, which a placement without
// one means: tests that name no cluster print as they did before clusters.
std::string header(const Thread& t) {
    std::string s = "P" + std::to_string(t.id);
    if (!t.placement) return s;
    const Placement& p = *t.placement;
    s += "@cta " + std::to_string(p.cta);
    if (p.cluster != 0) s += ",cluster " + std::to_string(p.cluster);
    return s + ",gpu " + std::to_string(p.gpu);
}

}  // namespace

std::string print_ptx_threads(const LitmusTest& test) {
    if (test.threads.empty()) unprintable(test, "a PTX test needs at least one thread");
    return print_gpu_columns(test, "PTX", header, [&](const Instruction& i) { return std::visit(PtxCell(test), i); });
}

}  // namespace mapsound::litmus::detail
