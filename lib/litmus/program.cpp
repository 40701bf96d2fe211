// Small functions of the program IR: enum names, comparisons, the locations
// an instruction accesses and expression builders.
#include "mapsound/litmus/program.hpp"
#include "litmus/tear.hpp"

#include <map>

#include <type_traits>
#include <utility>

namespace mapsound::litmus {

std::string_view to_string(Dialect d) {
    switch (d) {
        case Dialect::ptx: return "ptx";
        case Dialect::c: return "c";
        case Dialect::audala: return "audala";
        case Dialect::opencl: return "opencl";
        case Dialect::vulkan: return "vulkan";
        case Dialect::x86: return "x86";
        case Dialect::aarch64: return "aarch64";
        case Dialect::ppc: return "ppc";
        case Dialect::riscv: return "riscv";
    }
    return "?";
}

std::string_view to_string(Scope s) {
    switch (s) {
        case Scope::none: return "none";
        case Scope::sg: return "sg";
        case Scope::cta: return "cta";
        case Scope::cluster: return "cluster";
        case Scope::qf: return "qf";
        case Scope::gpu: return "gpu";
        case Scope::sys: return "sys";
    }
    return "?";
}

std::string_view to_string(MemoryOrder o) {
    switch (o) {
        case MemoryOrder::plain: return "plain";
        case MemoryOrder::weak: return "weak";
        case MemoryOrder::relaxed: return "relaxed";
        case MemoryOrder::consume: return "consume";
        case MemoryOrder::acquire: return "acquire";
        case MemoryOrder::release: return "release";
        case MemoryOrder::acq_rel: return "acq_rel";
        case MemoryOrder::seq_cst: return "seq_cst";
        case MemoryOrder::volatile_: return "volatile";
    }
    return "?";
}

std::string_view to_string(RmwOp op) {
    switch (op) {
        case RmwOp::add: return "add";
        case RmwOp::sub: return "sub";
        case RmwOp::and_: return "and";
        case RmwOp::or_: return "or";
        case RmwOp::xor_: return "xor";
        case RmwOp::exch: return "exch";
        case RmwOp::cas: return "cas";
    }
    return "?";
}

std::string_view to_string(CmpOp op) {
    switch (op) {
        case CmpOp::eq: return "eq";
        case CmpOp::ne: return "ne";
        case CmpOp::lt: return "lt";
        case CmpOp::le: return "le";
        case CmpOp::gt: return "gt";
        case CmpOp::ge: return "ge";
    }
    return "?";
}

std::string_view to_string(RegOpKind op) {
    switch (op) {
        case RegOpKind::move: return "move";
        case RegOpKind::add: return "add";
        case RegOpKind::sub: return "sub";
        case RegOpKind::mul: return "mul";
        case RegOpKind::div: return "div";
        case RegOpKind::rem: return "rem";
        case RegOpKind::and_: return "and";
        case RegOpKind::or_: return "or";
        case RegOpKind::xor_: return "xor";
        case RegOpKind::shl: return "shl";
        case RegOpKind::shr: return "shr";
        case RegOpKind::eq: return "eq";
        case RegOpKind::ne: return "ne";
        case RegOpKind::lt: return "lt";
        case RegOpKind::le: return "le";
        case RegOpKind::gt: return "gt";
        case RegOpKind::ge: return "ge";
    }
    return "?";
}

std::string_view to_string(FenceKind k) {
    switch (k) {
        case FenceKind::fence: return "fence";
        case FenceKind::membar: return "membar";
        case FenceKind::signal: return "signal";
        case FenceKind::proxy: return "proxy";
        case FenceKind::proxy_alias: return "proxy_alias";
        case FenceKind::dmb: return "dmb";
        case FenceKind::dsb: return "dsb";
        case FenceKind::isb: return "isb";
        case FenceKind::sync: return "sync";
        case FenceKind::lwsync: return "lwsync";
        case FenceKind::isync: return "isync";
        case FenceKind::rv_fence: return "rv_fence";
        case FenceKind::fence_tso: return "fence.tso";
        case FenceKind::fence_i: return "fence.i";
    }
    return "?";
}

std::string_view to_string(Quantifier q) {
    switch (q) {
        case Quantifier::exists: return "exists";
        case Quantifier::not_exists: return "not_exists";
        case Quantifier::forall: return "forall";
    }
    return "?";
}

CmpOp negate(CmpOp op) {
    switch (op) {
        case CmpOp::eq: return CmpOp::ne;
        case CmpOp::ne: return CmpOp::eq;
        case CmpOp::lt: return CmpOp::ge;
        case CmpOp::le: return CmpOp::gt;
        case CmpOp::gt: return CmpOp::le;
        case CmpOp::ge: return CmpOp::lt;
    }
    return op;
}

bool compare_holds(CmpOp op, std::int64_t a, std::int64_t b) {
    switch (op) {
        case CmpOp::eq: return a == b;
        case CmpOp::ne: return a != b;
        case CmpOp::lt: return a < b;
        case CmpOp::le: return a <= b;
        case CmpOp::gt: return a > b;
        case CmpOp::ge: return a >= b;
    }
    return false;
}

CondExpr CondExpr::truth(bool v) {
    CondExpr e;
    e.kind = Kind::truth;
    e.value = v;
    return e;
}

CondExpr CondExpr::compare(Term lhs, CmpOp cmp, Term rhs) {
    CondExpr e;
    e.kind = Kind::compare;
    e.cmp = cmp;
    e.lhs = std::move(lhs);
    e.rhs = std::move(rhs);
    return e;
}

CondExpr CondExpr::negation(CondExpr a) {
    CondExpr e;
    e.kind = Kind::not_;
    e.operands.push_back(std::move(a));
    return e;
}

CondExpr CondExpr::conjunction(CondExpr a, CondExpr b) {
    CondExpr e;
    e.kind = Kind::and_;
    e.operands.push_back(std::move(a));
    e.operands.push_back(std::move(b));
    return e;
}

CondExpr CondExpr::disjunction(CondExpr a, CondExpr b) {
    CondExpr e;
    e.kind = Kind::or_;
    e.operands.push_back(std::move(a));
    e.operands.push_back(std::move(b));
    return e;
}

std::vector<std::string> accessed_locations(const Instruction& i) {
    return std::visit(
        [](const auto& ins) -> std::vector<std::string> {
            using I = std::decay_t<decltype(ins)>;
            if constexpr (std::is_same_v<I, Load> || std::is_same_v<I, Store> || std::is_same_v<I, Rmw>) {
                if (ins.addr.pointer) return {};  // known at run time only
                return {ins.addr.location};
            } else if constexpr (std::is_same_v<I, CompareExchange>) {
                if (const auto* a = std::get_if<Address>(&ins.expected)) return {ins.addr.location, a->location};
                return {ins.addr.location};
            } else {
                return {};
            }
        },
        i);
}

using detail::access_bytes;
using detail::declared_bytes;

std::optional<std::string> mixed_size_access(const LitmusTest& test) {
    std::map<std::string, int> size_at;  // location -> the size of its first access
    for (const Thread& t : test.threads) {
        for (const Instruction& i : t.code) {
            const auto* load = std::get_if<Load>(&i);
            const auto* store = std::get_if<Store>(&i);
            const auto* rmw = std::get_if<Rmw>(&i);
            const Address* addr = load ? &load->addr : store ? &store->addr : rmw ? &rmw->addr : nullptr;
            if (!addr) continue;
            const Qualifiers& q = load ? load->qualifiers : store ? store->qualifiers : rmw->qualifiers;
            const std::string access = "P" + std::to_string(t.id) + "'s " + std::to_string(access_bytes(q)) +
                                       "-byte access to " + (addr->pointer ? "*" + addr->pointer->name : addr->location);
            if (addr->byte_offset != 0) return access + " at byte " + std::to_string(addr->byte_offset);
            if (addr->pointer) continue;  // where a computed address goes is known at run time only
            const auto [first, inserted] = size_at.emplace(addr->location, access_bytes(q));
            if (!inserted && first->second != access_bytes(q))
                return access + ", which is also accessed as " + std::to_string(first->second) + " bytes";
            const Location* l = test.find_location(addr->location);
            const auto declared = l ? declared_bytes(l->type) : std::nullopt;
            if (test.dialect == Dialect::aarch64 && declared && *declared != access_bytes(q))
                return access + ", a " + l->type + " (" + std::to_string(*declared) +
                       (*declared == 1 ? " byte)" : " bytes)");
        }
    }
    return std::nullopt;
}

const Location* LitmusTest::find_location(std::string_view location_name) const {
    for (const Location& l : locations)
        if (l.name == location_name) return &l;
    return nullptr;
}

const ProxyAlias* LitmusTest::find_alias(std::string_view alias_name) const {
    for (const ProxyAlias& a : aliases)
        if (a.name == alias_name) return &a;
    return nullptr;
}

}  // namespace mapsound::litmus
