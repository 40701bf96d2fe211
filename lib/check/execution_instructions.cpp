// Events as instructions of a dialect (see execution_instructions.hpp).
#include "check/execution_instructions.hpp"

#include <stdexcept>

#include "mapsound/mapping.hpp"

namespace mapsound::check::detail {

namespace {

using exec::EventKind;
using exec::Order;
using exec::Tag;

bool has(const exec::Event& v, Tag t) { return v.has(t); }

bool only_tags(const exec::Event& v, std::initializer_list<Tag> allowed) {
    exec::TagSet mask = 0;
    for (Tag t : allowed) mask |= exec::tag_bit(t);
    return (v.tags & ~mask) == 0;
}

litmus::Qualifiers opencl_qualifiers(const exec::Event& v) {
    litmus::Qualifiers q;
    q.global = has(v, Tag::global);
    q.local = has(v, Tag::local);
    return q;
}

litmus::Qualifiers vulkan_qualifiers(const exec::Event& v) {
    litmus::Qualifiers q;
    for (int k = 0; k < 4; ++k)
        if (has(v, static_cast<Tag>(static_cast<unsigned>(Tag::sc0) + static_cast<unsigned>(k)))) q.storage_class = k;
    for (unsigned k = 0; k < 4; ++k)
        if (has(v, static_cast<Tag>(static_cast<unsigned>(Tag::semsc0) + k))) q.semantics |= 1U << k;
    q.av = has(v, Tag::av);
    q.vis = has(v, Tag::vis);
    q.semav = has(v, Tag::semav);
    q.semvis = has(v, Tag::semvis);
    // Written only where the expansion would not imply it: a plain access
    // without .av/.vis.
    const bool implied = v.order != Order::na || q.av || q.vis;
    q.nonpriv = has(v, Tag::nonpriv) && !implied;
    return q;
}

}  // namespace

std::string dialect_name(litmus::Dialect d) {
    switch (d) {
        case litmus::Dialect::c: return "C";
        case litmus::Dialect::ptx: return "PTX";
        case litmus::Dialect::audala: return "AuDaLa";
        case litmus::Dialect::opencl: return "OPENCL";
        case litmus::Dialect::vulkan: return "Vulkan";
        case litmus::Dialect::x86: return "X86";
        case litmus::Dialect::aarch64: return "AArch64";
        case litmus::Dialect::ppc: return "PPC";
        case litmus::Dialect::riscv: return "RISCV";
    }
    return "?";
}

bool column_dialect(litmus::Dialect d) { return d == litmus::Dialect::ptx || d == litmus::Dialect::vulkan; }

litmus::Scope litmus_scope(exec::Scope s) {
    switch (s) {
        case exec::Scope::none: return litmus::Scope::none;
        case exec::Scope::sg: return litmus::Scope::sg;
        case exec::Scope::cta: return litmus::Scope::cta;
        case exec::Scope::cluster: return litmus::Scope::cluster;
        case exec::Scope::qf: return litmus::Scope::qf;
        case exec::Scope::gpu: return litmus::Scope::gpu;
        case exec::Scope::sys: return litmus::Scope::sys;
    }
    return litmus::Scope::none;
}

litmus::MemoryOrder memory_order(Order o) {
    switch (o) {
        case Order::none:
        case Order::na: return litmus::MemoryOrder::plain;
        case Order::weak: return litmus::MemoryOrder::weak;
        case Order::rlx: return litmus::MemoryOrder::relaxed;
        case Order::acq: return litmus::MemoryOrder::acquire;
        case Order::rel: return litmus::MemoryOrder::release;
        case Order::acq_rel: return litmus::MemoryOrder::acq_rel;
        case Order::sc: return litmus::MemoryOrder::seq_cst;
    }
    return litmus::MemoryOrder::plain;
}

std::string inexpressible(litmus::Dialect d, const exec::Event& v, bool rmw) {
    const Order o = v.order;
    const exec::Scope s = v.scope;
    const std::string tag = std::string("order ") + mapping::source_order_name(o) + " with scope " + mapping::scope_name(s);
    const bool scoped = s != exec::Scope::none;
    const bool ptx_scope = s == exec::Scope::cta || s == exec::Scope::cluster || s == exec::Scope::gpu || s == exec::Scope::sys;
    if (v.kind == EventKind::barrier) return "";  // the caller decides about barriers
    switch (d) {
        case litmus::Dialect::audala:
            if (v.kind == EventKind::fence) return "the fence";
            if (rmw) return "the read-modify-write";
            if ((o != Order::na && o != Order::none) || scoped) return tag;
            return v.tags ? "the tags" : "";
        case litmus::Dialect::c:
        case litmus::Dialect::opencl:
            if (d == litmus::Dialect::opencl) {
                // A memory region: one for an access, one or both for a fence.
                const exec::TagSet regions = mapping::region_tags(v.tags);
                if (v.tags != regions) return "the tags";
                const exec::TagSet global = tag_bit(Tag::global);
                const exec::TagSet local = tag_bit(Tag::local);
                if (v.kind == EventKind::fence ? regions == 0 : (regions != global && regions != local))
                    return "the memory regions";
            } else if (v.tags) {
                return "the tags";
            }
            if (o == Order::na && !scoped && v.kind != EventKind::fence && !rmw) return "";
            if ((o == Order::rlx || o == Order::acq || o == Order::rel || o == Order::acq_rel || o == Order::sc) &&
                scoped)
                return "";
            return tag;
        case litmus::Dialect::ptx: {
            if (v.tags) return "the tags";
            if (v.kind == EventKind::fence) {
                if ((o == Order::sc || o == Order::acq_rel || o == Order::acq || o == Order::rel) && ptx_scope) return "";
                return tag;
            }
            if (rmw) {
                if ((o == Order::rlx || o == Order::acq || o == Order::rel || o == Order::acq_rel) && ptx_scope) return "";
                return tag;
            }
            if (o == Order::weak && !scoped) return "";
            const Order strong = v.kind == EventKind::read ? Order::acq : Order::rel;
            if ((o == Order::rlx || o == strong) && ptx_scope) return "";
            return tag;
        }
        case litmus::Dialect::vulkan: {
            const bool vulkan_scope =
                s == exec::Scope::sg || s == exec::Scope::cta || s == exec::Scope::qf || s == exec::Scope::gpu;
            if (!only_tags(v, {Tag::nonpriv, Tag::sc0, Tag::sc1, Tag::sc2, Tag::sc3, Tag::semsc0, Tag::semsc1,
                               Tag::semsc2, Tag::semsc3, Tag::av, Tag::vis, Tag::semav, Tag::semvis}))
                return "the tags";
            if (scoped && !vulkan_scope) return tag;
            if (v.kind == EventKind::fence) {
                if ((o == Order::acq || o == Order::rel || o == Order::acq_rel) && scoped) return "";
                return tag;
            }
            if (o == Order::na) return rmw ? "a non-atomic read-modify-write" : "";
            if (!scoped) return tag;
            if (rmw) return o == Order::rlx || o == Order::acq || o == Order::rel || o == Order::acq_rel ? "" : tag;
            const Order strong = v.kind == EventKind::read ? Order::acq : Order::rel;
            return o == Order::rlx || o == strong ? "" : tag;
        }
        // x86: plain accesses, XCHG, MFENCE; nothing carries an order, a
        // scope or a tag.
        case litmus::Dialect::x86:
            if (o != Order::none || scoped) return tag;
            return v.tags ? "the tags" : "";
        // AArch64: plain, acquire (LDAR, or LDAPR: Q) and release (STLR)
        // accesses, LSE atomics of any of the four forms, DMB ISH/ISHLD/
        // ISHST and ISB.  RISC-V: lw/sw plain, .aq loads, .rl stores, AMOs
        // of the four forms, fence P,S and fence.tso.
        case litmus::Dialect::riscv:
        case litmus::Dialect::aarch64: {
            if (scoped) return tag;
            if (d == litmus::Dialect::riscv && v.kind == EventKind::fence) {
                const exec::TagSet tso = exec::tag_bit(Tag::fence_tso);
                const exec::TagSet pred = exec::tag_bit(Tag::fence_pr) | exec::tag_bit(Tag::fence_pw);
                const exec::TagSet succ = exec::tag_bit(Tag::fence_sr) | exec::tag_bit(Tag::fence_sw);
                const bool sets = v.tags == (v.tags & (pred | succ)) && (v.tags & pred) && (v.tags & succ);
                return o == Order::none && (v.tags == tso || sets) ? "" : "the fence";
            }
            if (v.kind == EventKind::fence) {
                const exec::TagSet kinds = v.tags & ((tag_bit(Tag::dmb_full)) |
                                                 (tag_bit(Tag::dmb_ld)) |
                                                 (tag_bit(Tag::dmb_st)) |
                                                 (tag_bit(Tag::isb)));
                if (o != Order::none || v.tags != kinds || kinds == 0 || (kinds & (kinds - 1)) != 0) return "the fence";
                return "";
            }
            if (rmw) return o == Order::none || o == Order::acq || o == Order::rel || o == Order::acq_rel ? "" : tag;
            if (has(v, Tag::acquire_pc))
                return v.kind == EventKind::read && o == Order::none && only_tags(v, {Tag::acquire_pc}) ? "" : "the tags";
            if (v.tags) return "the tags";
            const Order strong = v.kind == EventKind::read ? Order::acq : Order::rel;
            return o == Order::none || o == strong ? "" : tag;
        }
        // PPC: plain lwz/stw, sync, lwsync, isync, and read-modify-writes
        // as lwarx/stwcx. loops (both accesses X).
        case litmus::Dialect::ppc: {
            if (scoped || o != Order::none) return tag;
            if (rmw) return v.tags == exec::tag_bit(Tag::exclusive) ? "" : "the tags";
            if (v.kind == EventKind::fence) {
                const exec::TagSet kinds = v.tags & (exec::tag_bit(Tag::sync) | exec::tag_bit(Tag::lwsync) | exec::tag_bit(Tag::isync));
                if (v.tags != kinds || kinds == 0 || (kinds & (kinds - 1)) != 0) return "the fence";
                return "";
            }
            return v.tags ? "the tags" : "";
        }
    }
    return tag;
}

litmus::Instruction load_instruction(litmus::Dialect d, const exec::Event& v, litmus::Register dest, litmus::Address a) {
    litmus::Load l{std::move(dest), std::move(a), memory_order(v.order), litmus_scope(v.scope), {}};
    // AArch64's LDAPR: acquire, processor-consistent (Q, no order).
    if (d == litmus::Dialect::aarch64 && has(v, Tag::acquire_pc)) {
        l.order = litmus::MemoryOrder::acquire;
        l.qualifiers.acquire_pc = true;
    }
    if (d == litmus::Dialect::vulkan) l.qualifiers = vulkan_qualifiers(v);
    if (d == litmus::Dialect::opencl) l.qualifiers = opencl_qualifiers(v);
    return l;
}

litmus::Instruction store_instruction(litmus::Dialect d, const exec::Event& v, litmus::Address a, litmus::Operand value) {
    litmus::Store s{std::move(a), std::move(value), memory_order(v.order), litmus_scope(v.scope), {}};
    if (d == litmus::Dialect::vulkan) s.qualifiers = vulkan_qualifiers(v);
    if (d == litmus::Dialect::opencl) s.qualifiers = opencl_qualifiers(v);
    return s;
}

litmus::Instruction rmw_instruction(litmus::Dialect d, const exec::Event& v, litmus::Register dest, litmus::Address a,
                                    litmus::Operand value) {
    litmus::Rmw r{std::move(dest), std::move(a), litmus::RmwOp::exch, std::move(value), std::nullopt,
                  memory_order(v.order), litmus_scope(v.scope), {}};
    // AArch64's SWP and RISC-V's AMO without annotations are relaxed in
    // the IR, as their parsers read them.
    if ((d == litmus::Dialect::aarch64 || d == litmus::Dialect::riscv) && v.order == Order::none)
        r.order = litmus::MemoryOrder::relaxed;
    if (d == litmus::Dialect::vulkan) r.qualifiers = vulkan_qualifiers(v);
    if (d == litmus::Dialect::opencl) r.qualifiers = opencl_qualifiers(v);
    return r;
}

litmus::Instruction fence_instruction(litmus::Dialect d, const exec::Event& v) {
    if (d == litmus::Dialect::x86) return litmus::Fence{litmus::FenceKind::fence, litmus::MemoryOrder::plain, litmus::Scope::none, {}};
    if (d == litmus::Dialect::aarch64) {
        if (has(v, Tag::isb)) return litmus::Fence{litmus::FenceKind::isb, litmus::MemoryOrder::plain, litmus::Scope::none, {}};
        litmus::Fence f{litmus::FenceKind::dmb, litmus::MemoryOrder::plain, litmus::Scope::none, {}};
        f.qualifiers.barrier_option = has(v, Tag::dmb_ld) ? "ISHLD" : has(v, Tag::dmb_st) ? "ISHST" : "ISH";
        return f;
    }
    if (d == litmus::Dialect::riscv) {
        if (has(v, Tag::fence_tso)) return litmus::Fence{litmus::FenceKind::fence_tso, litmus::MemoryOrder::plain, litmus::Scope::none, {}};
        const auto set = [&](Tag r, Tag w) { return std::string(has(v, r) ? "r" : "") + (has(v, w) ? "w" : ""); };
        litmus::Fence f{litmus::FenceKind::rv_fence, litmus::MemoryOrder::plain, litmus::Scope::none, {}};
        f.qualifiers.barrier_option = set(Tag::fence_pr, Tag::fence_pw) + "," + set(Tag::fence_sr, Tag::fence_sw);
        return f;
    }
    if (d == litmus::Dialect::ppc) {
        const litmus::FenceKind k = has(v, Tag::sync)     ? litmus::FenceKind::sync
                                    : has(v, Tag::lwsync) ? litmus::FenceKind::lwsync
                                                          : litmus::FenceKind::isync;
        return litmus::Fence{k, litmus::MemoryOrder::plain, litmus::Scope::none, {}};
    }
    if (d == litmus::Dialect::vulkan)
        return litmus::Fence{litmus::FenceKind::membar, memory_order(v.order), litmus_scope(v.scope), vulkan_qualifiers(v)};
    return litmus::Fence{litmus::FenceKind::fence, memory_order(v.order), litmus_scope(v.scope),
                         d == litmus::Dialect::opencl ? opencl_qualifiers(v) : litmus::Qualifiers{}};
}

}  // namespace mapsound::check::detail
