// Printing Vulkan threads in Dartagnan's column layout (as PTX): the ssw
// block, a header row with the placements, then one row per instruction
// index.  Qualifiers come in the order the suite writes them (.atom, order,
// .av/.vis, scope, .nonpriv, storage class, semantics, operation); only
// what the Vulkan parser accepts is printed, anything else is reported
// through unprintable().  Register and control-flow instructions, labels
// and operands print as in PTX (gpu_asm_common.hpp).
#include <sstream>

#include "litmus/gpu_asm_common.hpp"
#include "litmus/printer_common.hpp"

namespace mapsound::litmus::detail {

namespace {

class VulkanCell : public GpuCellPrinter {
public:
    explicit VulkanCell(const LitmusTest& test) : GpuCellPrinter(test, "Vulkan", "mov") {}

    using GpuCellPrinter::operator();

    std::string operator()(const Load& i) const {
        if (i.order != MemoryOrder::plain && i.order != MemoryOrder::relaxed && i.order != MemoryOrder::acquire)
            fail("a load with order " + std::string(to_string(i.order)));
        if (i.qualifiers.av) fail("a load with .av");
        return "ld" + access(i.order, i.scope, i.qualifiers) + " " + reg(i.dest) + ", " + location(i.addr);
    }

    std::string operator()(const Store& i) const {
        if (i.order != MemoryOrder::plain && i.order != MemoryOrder::relaxed && i.order != MemoryOrder::release)
            fail("a store with order " + std::string(to_string(i.order)));
        if (i.qualifiers.vis) fail("a store with .vis");
        return "st" + access(i.order, i.scope, i.qualifiers) + " " + location(i.addr) + ", " + value(i.value);
    }

    std::string operator()(const Rmw& i) const {
        if (i.order == MemoryOrder::plain) fail("a non-atomic read-modify-write");
        if (i.qualifiers.av || i.qualifiers.vis) fail("a read-modify-write with .av or .vis");
        if (!i.dest) fail("a read-modify-write without a destination register");
        if (i.op == RmwOp::cas || i.expected) fail("a compare-and-swap");
        std::string s = "rmw" + access(i.order, i.scope, i.qualifiers);
        if (i.op != RmwOp::exch) s += "." + std::string(to_string(i.op));
        return s + " " + reg(*i.dest) + ", " + location(i.addr) + ", " + value(i.value);
    }

    std::string operator()(const Fence& i) const {
        const Qualifiers& q = i.qualifiers;
        if (q.avdevice || q.visdevice) {
            Qualifiers only;
            only.avdevice = q.avdevice;
            only.visdevice = q.visdevice;
            if (q != only || q.avdevice == q.visdevice || i.kind != FenceKind::fence ||
                i.order != MemoryOrder::plain || i.scope != Scope::none)
                fail("an avdevice/visdevice with other qualifiers");
            return q.avdevice ? "avdevice" : "visdevice";
        }
        if (i.kind != FenceKind::membar) fail("a " + std::string(to_string(i.kind)) + " fence");
        check_semantics_only(q, "membar");
        if (i.scope == Scope::none) fail("a membar without a scope");
        return "membar" + order(i.order) + scope(i.scope) + semantics(q);
    }

    std::string operator()(const Barrier& i) const {
        if (i.arrive) fail("an arriving barrier");
        if (i.thread_count && !i.resource) fail("a barrier with a thread count but no resource");
        check_semantics_only(i.qualifiers, "cbar");
        if (i.scope == Scope::none) fail("a cbar without a scope");
        std::string s = "cbar" + (i.order == MemoryOrder::plain ? std::string() : order(i.order)) + scope(i.scope) +
                        semantics(i.qualifiers) + " " + value(i.id);
        if (i.resource) s += ", " + value(*i.resource);
        if (i.thread_count) s += ", " + value(*i.thread_count);
        return s;
    }

private:
    std::string order(MemoryOrder o) const {
        switch (o) {
            case MemoryOrder::acquire: return ".acq";
            case MemoryOrder::release: return ".rel";
            case MemoryOrder::acq_rel: return ".acq_rel";
            default: fail("order " + std::string(to_string(o)));
        }
    }

    std::string scope(Scope s) const {
        switch (s) {
            case Scope::none: return "";
            case Scope::sg: return ".sg";
            case Scope::cta: return ".wg";
            case Scope::qf: return ".qf";
            case Scope::gpu: return ".dv";
            default: fail("scope " + std::string(to_string(s)));
        }
    }

    static std::string semantics(const Qualifiers& q) {
        std::string s;
        for (unsigned k = 0; k < 32; ++k)
            if ((q.semantics >> k) & 1U) s += ".semsc" + std::to_string(k);
        if (q.semav) s += ".semav";
        if (q.semvis) s += ".semvis";
        return s;
    }

    // Fences and barriers carry semantics only.
    void check_semantics_only(const Qualifiers& q, const char* what) const {
        Qualifiers only;
        only.semantics = q.semantics;
        only.semav = q.semav;
        only.semvis = q.semvis;
        if (q != only) fail(std::string("a ") + what + " with access qualifiers");
    }

    // The qualifiers of an access, which the parser requires to have a
    // storage class, a scope when atomic or .av/.vis, an order only when
    // atomic, and no PTX or OpenCL qualifiers.
    std::string access(MemoryOrder o, Scope s, const Qualifiers& q) const {
        Qualifiers vulkan_only = q;
        vulkan_only.proxy = Qualifiers::Proxy::generic;
        vulkan_only.global = vulkan_only.local = false;
        vulkan_only.avdevice = vulkan_only.visdevice = false;
        if (q != vulkan_only) fail("an access with PTX or OpenCL qualifiers");
        if (q.storage_class < 0 || q.storage_class >= 32) fail("an access without a storage class");
        const bool atomic = o != MemoryOrder::plain;
        if ((atomic || q.av || q.vis) && s == Scope::none) fail("an atomic or .av/.vis access without a scope");
        std::string text = atomic ? ".atom" : "";
        if (atomic && o != MemoryOrder::relaxed) text += order(o);
        if (q.av) text += ".av";
        if (q.vis) text += ".vis";
        text += scope(s);
        if (q.nonpriv) text += ".nonpriv";
        text += ".sc" + std::to_string(q.storage_class);
        return text + semantics(q);
    }

    // The parser reads no address dependencies ("x[r1]").
    std::string location(const Address& a) const {
        const std::string name = location_name(a);
        if (a.offset) fail("an address with an offset");
        return name;
    }
};

std::string header(const Thread& t) {
    std::string s = "P" + std::to_string(t.id);
    if (t.placement)
        s += "@sg " + std::to_string(t.placement->sg) + ", wg " + std::to_string(t.placement->cta) + ", qf " +
             std::to_string(t.placement->qf);
    return s;
}

}  // namespace

std::string print_vulkan_threads(const LitmusTest& test) {
    if (test.threads.empty()) unprintable(test, "a Vulkan test needs at least one thread");
    std::ostringstream out;
    if (!test.system_synchronizes_with.empty()) {
        out << "{\n";
        for (const auto& [from, to] : test.system_synchronizes_with) {
            if (from < 0 || to < 0) unprintable(test, "an ssw pair with a negative thread");
            out << "ssw " << from << " " << to << ";\n";
        }
        out << "}\n";
    }
    const auto checked_header = [&](const Thread& t) {
        if (t.placement && (t.placement->gpu != 0 || t.placement->cluster != 0))
            unprintable(test, "a Vulkan placement names only sg, wg and qf");
        return header(t);
    };
    return out.str() + print_gpu_columns(test, "Vulkan", checked_header,
                                         [&](const Instruction& i) { return std::visit(VulkanCell(test), i); });
}

}  // namespace mapsound::litmus::detail
