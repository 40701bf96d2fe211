// Orders, scopes and tags of an instruction's events (see expand_tags.hpp).
#include "litmus/expand_tags.hpp"

#include "litmus/tear.hpp"

namespace mapsound::litmus::detail {

using exec::Order;
using EScope = exec::Scope;

// ---------------------------------------------------------------------------
// Orders and scopes

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

// The exec::Tag bits of an instruction's qualifiers: OpenCL's memory region
// of an access, or the regions a fence or barrier orders (GLOBAL, LOCAL);
// PTX 7.5's proxy of an access or proxy fence (SUR, TEX, CON; generic has
// no tag: GEN is every event without one); Vulkan's storage class,
// storage-class semantics, availability and visibility flags, as written.
// Storage classes and semantics 0 to 3 are tagged (SC0..SC3,
// SEMSC0..SEMSC3): seed 001's model names two abstract classes, and the
// suite's tests use four, each synchronising like the two of the figure;
// the parser refuses a higher class.
exec::TagSet qualifier_tags(const Qualifiers& q) {
    exec::TagSet tags = 0;
    auto set = [&](bool on, exec::Tag t) {
        if (on) tags |= exec::tag_bit(t);
    };
    set(q.proxy == Qualifiers::Proxy::surface, exec::Tag::sur);
    set(q.proxy == Qualifiers::Proxy::texture, exec::Tag::tex);
    set(q.proxy == Qualifiers::Proxy::constant, exec::Tag::con);
    set(q.global, exec::Tag::global);
    set(q.local, exec::Tag::local);
    set(q.nonpriv, exec::Tag::nonpriv);
    set(q.storage_class == 0, exec::Tag::sc0);
    set(q.storage_class == 1, exec::Tag::sc1);
    set(q.storage_class == 2, exec::Tag::sc2);
    set(q.storage_class == 3, exec::Tag::sc3);
    set(q.semantics & 1U, exec::Tag::semsc0);
    set(q.semantics & 2U, exec::Tag::semsc1);
    set(q.semantics & 4U, exec::Tag::semsc2);
    set(q.semantics & 8U, exec::Tag::semsc3);
    set(q.av, exec::Tag::av);
    set(q.vis, exec::Tag::vis);
    set(q.semav, exec::Tag::semav);
    set(q.semvis, exec::Tag::semvis);
    set(q.avdevice, exec::Tag::avdevice);
    set(q.visdevice, exec::Tag::visdevice);
    set(q.exclusive, exec::Tag::exclusive);
    set(q.acquire_pc, exec::Tag::acquire_pc);
    return tags;
}

// A CPU barrier's tags (0 for any other fence).  AArch64: ISB; DMB and
// DSB by what their option orders (dmb.full, dmb.ld, dmb.st): the
// shareability domain (ISH, OSH, NSH, SY) and DMB against DSB are not told
// apart, the model's own restriction (one inner-shareable domain; litmus
// tests cannot distinguish DSB from DMB), stated in aarch64.cat.  Power:
// SYNC, LWSYNC, ISYNC.  RISC-V: "fence p,s" by its sets, Fence.pr and
// Fence.pw for the reads and writes p names, Fence.sr and Fence.sw for s
// ("fence rw,w": Fence.pr Fence.pw Fence.sw); fence.tso: Fence.tso.
// (fence.i is no event at all: see run.)
exec::TagSet cpu_barrier_tags(const Fence& f) {
    exec::Tag t = exec::Tag::isb;
    switch (f.kind) {
        case FenceKind::rv_fence: {
            const std::string& o = f.qualifiers.barrier_option;
            const std::size_t comma = o.find(',');
            const std::string p = o.substr(0, comma), q = comma == std::string::npos ? "" : o.substr(comma + 1);
            exec::TagSet tags = 0;
            if (p.find('r') != std::string::npos) tags |= exec::tag_bit(exec::Tag::fence_pr);
            if (p.find('w') != std::string::npos) tags |= exec::tag_bit(exec::Tag::fence_pw);
            if (q.find('r') != std::string::npos) tags |= exec::tag_bit(exec::Tag::fence_sr);
            if (q.find('w') != std::string::npos) tags |= exec::tag_bit(exec::Tag::fence_sw);
            return tags;
        }
        case FenceKind::fence_tso: t = exec::Tag::fence_tso; break;
        case FenceKind::isb: break;
        case FenceKind::dmb:
        case FenceKind::dsb: {
            const std::string& o = f.qualifiers.barrier_option;
            const bool ld = o.size() >= 2 && o.compare(o.size() - 2, 2, "LD") == 0;
            const bool st = o.size() >= 2 && o.compare(o.size() - 2, 2, "ST") == 0;
            t = ld ? exec::Tag::dmb_ld : st ? exec::Tag::dmb_st : exec::Tag::dmb_full;
            break;
        }
        case FenceKind::sync: t = exec::Tag::sync; break;
        case FenceKind::lwsync: t = exec::Tag::lwsync; break;
        case FenceKind::isync: t = exec::Tag::isync; break;
        default: return 0;
    }
    return exec::tag_bit(t);
}

// An access's, fence's or barrier's tag with its qualifiers' tags.  A
// Vulkan access (one with a storage class) keeps its scope even when it is
// not atomic: a non-atomic .av/.vis access is qualified with the scope of
// its availability or visibility operation.  Atomic and .av/.vis Vulkan
// accesses are non-private whether or not they say .nonpriv (SPIR-V makes
// atomics non-private, and MakePointerAvailable/Visible require
// NonPrivatePointer).
Tag tag_of(MemoryOrder o, Scope s, const Qualifiers& q) {
    Tag t = tag_of(o, s);
    t.tags = qualifier_tags(q);
    t.piece_of = q.piece_of;
    t.bytes = access_bytes(q);
    if (q.storage_class >= 0) {
        t.scope = event_scope(s);
        if (o != MemoryOrder::plain || q.av || q.vis) t.tags |= exec::tag_bit(exec::Tag::nonpriv);
    }
    return t;
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

}  // namespace mapsound::litmus::detail
