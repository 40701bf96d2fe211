// The PTX body in Dartagnan's dialect: a thread header row, then instruction
// rows whose '|'-separated cells are the threads' columns.
//
//   P0@cta 0,gpu 0 | P1@cta 1,cluster 0,gpu 0 ;
//   st.weak x, 1   | ld.acquire.gpu r1, y       ;
//   LC00:          |                            ;
//
// A placement's cluster (PTX ISA 7.8) is optional: a test that names none
// has every CTA of a GPU in cluster 0.
//
// A mnemonic is one dotted token ("atom.acq_rel.gpu.add"); its qualifiers
// may come in any order and are classified by kind (semantics, scope,
// operation, ignored data type), so "atom.gpu.acq_rel.add" is accepted too.
// Registers, locations, labels and the register and control-flow
// instructions are the Vulkan dialect's too (gpu_asm_common.hpp).
#include <algorithm>
#include <array>

#include "litmus/columns.hpp"
#include "litmus/gpu_asm_common.hpp"
#include "litmus/parse_common.hpp"

namespace mapsound::litmus::detail {

namespace {

using Proxy = mapsound::litmus::Qualifiers::Proxy;

// The qualifiers of one instruction, sorted into kinds.
struct Qualifiers {
    std::optional<MemoryOrder> sem;
    std::optional<Scope> scope;
    std::optional<RmwOp> op;
    bool sync = false;  // bar's ".sync"
    bool cta = false;   // bar's ".cta" (a scope word, but not a scope here)
};

std::optional<MemoryOrder> semantics_word(std::string_view w) {
    if (w == "weak") return MemoryOrder::weak;
    if (w == "relaxed" || w == "rlx") return MemoryOrder::relaxed;
    if (w == "acquire" || w == "acq") return MemoryOrder::acquire;
    if (w == "release" || w == "rel") return MemoryOrder::release;
    if (w == "acq_rel") return MemoryOrder::acq_rel;
    if (w == "sc") return MemoryOrder::seq_cst;
    if (w == "volatile") return MemoryOrder::volatile_;
    return std::nullopt;
}

// .cluster: PTX ISA 7.8 (sm_90), the threads of one cluster of CTAs.
std::optional<Scope> scope_word(std::string_view w) {
    if (w == "cta") return Scope::cta;
    if (w == "cluster") return Scope::cluster;
    if (w == "gpu" || w == "gl") return Scope::gpu;
    if (w == "sys") return Scope::sys;
    return std::nullopt;
}

// Data types and the .global state space say nothing the IR records.
bool ignored_word(std::string_view w) {
    static constexpr std::array<std::string_view, 10> words = {"u32", "s32", "b32", "u64", "s64",
                                                               "b64", "u16", "s16", "b16", "global"};
    for (auto x : words)
        if (w == x) return true;
    return false;
}

class PtxParser final : GpuColumnParser {
public:
    PtxParser(Lexer& lx, LitmusTest& test) : GpuColumnParser(lx, test, /*bra=*/true) {}

    void parse() {
        parse_column_header(lx_, test_, [](Lexer& lx) { return parse_placement(lx); });
        parse_rows();
    }

private:
    // ---- operands

    // A location, with mapsound's extension for address dependencies:
    // "x[r1]", an element offset (0 at run time on a scalar), as in the C
    // and AuDaLa dialects.
    Address address() {
        Address a = location();
        if (lx_.accept_punct("[")) {
            a.offset = value();
            lx_.expect_punct("]");
        }
        return a;
    }

    // ---- instructions

    Instruction instruction(const Token& t, const std::vector<Part>& parts, std::size_t column) override {
        const std::string_view m = parts[0].text;
        // PTX 7.5 proxies: suld/sust (surface), tld (texture), cold or
        // ld.const (constant).
        if (m == "ld") return load(t, parts, Proxy::generic);
        if (m == "suld") return load(t, parts, Proxy::surface);
        if (m == "tld") return load(t, parts, Proxy::texture);
        if (m == "cold") return load(t, parts, Proxy::constant);
        if (m == "st") return store(t, parts, Proxy::generic);
        if (m == "sust") return store(t, parts, Proxy::surface);
        if (m == "atom" || m == "red") return rmw(t, parts, m == "atom");
        if (m == "fence") return fence(t, parts);
        if (m == "membar") return membar(t, parts);
        if (m == "bar" || m == "barrier") return barrier(t, parts);
        if (auto i = register_instruction(t, parts, column)) return std::move(*i);
        lx_.fail_within(t, 0, t.text,
                        "a PTX instruction (ld, st, atom, red, fence, membar, bar, suld, sust, tld, cold, add, beq, goto, ...)");
    }

    // Arithmetic takes data types only ("add.u32").
    void arith_qualifiers(const Token& t, const std::vector<Part>& parts) override {
        qualifiers(t, parts, false, false, false);
    }

    // Sorts the qualifiers after the mnemonic, failing on unknown ones, on
    // kinds the instruction does not take and on repeated kinds.
    Qualifiers qualifiers(const Token& t, const std::vector<Part>& parts, bool takes_sem, bool takes_scope,
                          bool takes_op) {
        Qualifiers q;
        const std::string mnemonic(parts[0].text);
        for (std::size_t i = 1; i < parts.size(); ++i) {
            const Part& p = parts[i];
            const std::string shown = "." + std::string(p.text);
            auto fail = [&](const std::string& what) { lx_.fail_within(t, p.offset - 1, shown, what); };
            if (ignored_word(p.text)) continue;
            if (auto s = semantics_word(p.text); s && takes_sem) {
                if (q.sem) fail("at most one semantics qualifier on '" + mnemonic + "'");
                q.sem = s;
            } else if (auto sc = scope_word(p.text); sc && takes_scope) {
                if (q.scope) fail("at most one scope qualifier on '" + mnemonic + "'");
                q.scope = sc;
            } else if (auto op = gpu_rmw_word(p.text, /*cas=*/true); op && takes_op) {
                if (q.op) fail("at most one operation qualifier on '" + mnemonic + "'");
                q.op = op;
            } else {
                std::string what = "a qualifier of '" + mnemonic + "' (";
                if (takes_sem) what += "semantics, ";
                if (takes_scope) what += "scope, ";
                if (takes_op) what += "operation, ";
                what += "data type)";
                fail(what);
            }
        }
        return q;
    }

    // The part holding 'kind' qualifier, for error positions: the first part
    // that classifies as it, else the whole token.
    void fail_on_part(const Token& t, const std::vector<Part>& parts, bool (*match)(std::string_view),
                      const std::string& what) {
        for (std::size_t i = 1; i < parts.size(); ++i)
            if (match(parts[i].text))
                lx_.fail_within(t, parts[i].offset - 1, "." + std::string(parts[i].text), what);
        lx_.fail(t, what);
    }

    static bool is_sem(std::string_view w) { return semantics_word(w).has_value(); }
    static bool is_scope(std::string_view w) { return scope_word(w).has_value(); }

    // Checks the semantics/scope pairing of a memory access: weak and volatile
    // take no scope, the others need one.
    void access_scope(const Token& t, const std::vector<Part>& parts, MemoryOrder sem, std::optional<Scope> scope) {
        const bool unscoped = sem == MemoryOrder::weak || sem == MemoryOrder::volatile_;
        if (unscoped && scope)
            fail_on_part(t, parts, is_scope,
                         "no scope on a ." + std::string(to_string(sem)) + " access (it has none)");
        if (!unscoped && !scope)
            lx_.fail(t, "a scope qualifier (.cta, .cluster, .gpu, .sys) on '" + t.text + "'");
    }

    Instruction load(const Token& t, std::vector<Part> parts, Proxy proxy) {
        // "ld.const": a load through the constant proxy.
        if (proxy == Proxy::generic) {
            auto c = std::find_if(parts.begin() + 1, parts.end(), [](const Part& p) { return p.text == "const"; });
            if (c != parts.end()) {
                proxy = Proxy::constant;
                parts.erase(c);
            }
        }
        const Qualifiers q = qualifiers(t, parts, true, true, false);
        Register d = reg();
        comma();
        // "ld r1, 1" / "ld r1, r2": no qualifier and a value operand is a move.
        if (proxy == Proxy::generic && !q.sem && !q.scope && at_value())
            return RegOp{d, RegOpKind::move, value(), std::nullopt};
        const MemoryOrder sem = q.sem.value_or(MemoryOrder::weak);
        if (sem != MemoryOrder::weak && sem != MemoryOrder::relaxed && sem != MemoryOrder::acquire &&
            sem != MemoryOrder::volatile_)
            fail_on_part(t, parts, is_sem, "load semantics (.weak, .relaxed, .acquire, .volatile)");
        access_scope(t, parts, sem, q.scope);
        Load l{d, address(), sem, q.scope.value_or(Scope::none), {}};
        l.qualifiers.proxy = proxy;
        return l;
    }

    Instruction store(const Token& t, const std::vector<Part>& parts, Proxy proxy) {
        const Qualifiers q = qualifiers(t, parts, true, true, false);
        const MemoryOrder sem = q.sem.value_or(MemoryOrder::weak);
        if (sem != MemoryOrder::weak && sem != MemoryOrder::relaxed && sem != MemoryOrder::release &&
            sem != MemoryOrder::volatile_)
            fail_on_part(t, parts, is_sem, "store semantics (.weak, .relaxed, .release, .volatile)");
        access_scope(t, parts, sem, q.scope);
        Address a = address();
        comma();
        Store st{a, value(), sem, q.scope.value_or(Scope::none), {}};
        st.qualifiers.proxy = proxy;
        return st;
    }

    // atom.<sem>.<scope>.<op> d, x, v (cas: d, x, expected, new) and
    // red.<sem>.<scope>.<op> x, v.  PTX defaults: .relaxed and .gpu.
    Instruction rmw(const Token& t, const std::vector<Part>& parts, bool atom) {
        const Qualifiers q = qualifiers(t, parts, true, true, true);
        const MemoryOrder sem = q.sem.value_or(MemoryOrder::relaxed);
        if (sem != MemoryOrder::relaxed && sem != MemoryOrder::acquire && sem != MemoryOrder::release &&
            sem != MemoryOrder::acq_rel)
            fail_on_part(t, parts, is_sem, "RMW semantics (.relaxed, .acquire, .release, .acq_rel)");
        if (!q.op) lx_.fail(t, "an operation qualifier (.add, .sub, .and, .or, .xor, .exch, .cas) on '" + t.text + "'");
        if (!atom && q.op == RmwOp::cas)
            fail_on_part(t, parts, [](std::string_view w) { return w == "cas"; },
                         "a red operation (.add, .sub, .and, .or, .xor, .exch)");
        Rmw r;
        r.op = *q.op;
        r.order = sem;
        r.scope = q.scope.value_or(Scope::gpu);
        if (atom) {
            r.dest = reg();
            comma();
        }
        r.addr = address();
        comma();
        if (r.op == RmwOp::cas) {
            r.expected = value();
            comma();
        }
        r.value = value();
        return r;
    }

    Instruction fence(const Token& t, const std::vector<Part>& parts) {
        if (parts.size() > 1 && parts[1].text == "proxy") return proxy_fence(t, parts);
        const Qualifiers q = qualifiers(t, parts, true, true, false);
        // fence.<scope> alone means fence.acq_rel.<scope> in PTX.
        const MemoryOrder sem = q.sem.value_or(MemoryOrder::acq_rel);
        // .acquire and .release: seed 000 Fig. 11's fences for C++ acquire and
        // release fences (a mapsound extension, see parse.hpp).
        if (sem != MemoryOrder::seq_cst && sem != MemoryOrder::acq_rel && sem != MemoryOrder::acquire &&
            sem != MemoryOrder::release)
            fail_on_part(t, parts, is_sem, "fence semantics (.sc, .acq_rel, .acquire, .release)");
        if (!q.scope) lx_.fail(t, "a scope qualifier (.cta, .cluster, .gpu, .sys) on '" + t.text + "'");
        return Fence{FenceKind::fence, sem, *q.scope, {}};
    }

    // PTX 7.5 fence.proxy.alias and fence.proxy.<surface|texture|constant>:
    // no semantics, no scope.
    Instruction proxy_fence(const Token& t, const std::vector<Part>& parts) {
        const std::string what = "'alias', 'surface', 'texture' or 'constant' after 'fence.proxy'";
        if (parts.size() < 3) lx_.fail(t, what);
        if (parts.size() > 3)
            lx_.fail_within(t, parts[3].offset - 1, "." + std::string(parts[3].text),
                            "no qualifier after 'fence.proxy." + std::string(parts[2].text) + "'");
        Fence f;
        f.kind = FenceKind::proxy;
        if (parts[2].text == "alias") {
            f.kind = FenceKind::proxy_alias;
        } else if (!proxy_word(parts[2].text, f.qualifiers.proxy) || f.qualifiers.proxy == Proxy::generic) {
            lx_.fail_within(t, parts[2].offset - 1, "." + std::string(parts[2].text), what);
        }
        return f;
    }

    Instruction membar(const Token& t, const std::vector<Part>& parts) {
        const Qualifiers q = qualifiers(t, parts, false, true, false);
        // The PTX ISA has no membar.cluster (only fence takes .cluster).
        if (q.scope == Scope::cluster)
            fail_on_part(t, parts, [](std::string_view w) { return w == "cluster"; },
                         "a membar scope (.cta, .gl, .gpu, .sys)");
        if (!q.scope) lx_.fail(t, "a scope qualifier (.cta, .gl, .gpu, .sys) on '" + t.text + "'");
        return Fence{FenceKind::membar, MemoryOrder::seq_cst, *q.scope, {}};
    }

    // bar.cta.sync / bar.sync / bar.cta.arrive / bar.arrive (also with the
    // PTX ISA's spelling "barrier"), then one to three operands separated by
    // commas or blanks.
    Instruction barrier(const Token& t, const std::vector<Part>& parts) {
        bool cta = false;
        std::optional<bool> arrive;  // set by .sync (false) or .arrive (true)
        for (std::size_t i = 1; i < parts.size(); ++i) {
            const Part& p = parts[i];
            if (p.text == "cta" && !cta && !arrive) {
                cta = true;
            } else if ((p.text == "sync" || p.text == "arrive") && !arrive) {
                arrive = p.text == "arrive";
            } else {
                lx_.fail_within(t, p.offset - 1, "." + std::string(p.text),
                                arrive ? "no qualifier after '." + std::string(*arrive ? "arrive" : "sync") + "'"
                                       : "'.cta', '.sync' or '.arrive' after '" + std::string(parts[0].text) + "'");
            }
        }
        if (!arrive) lx_.fail(t, "'bar.cta.sync', 'bar.sync', 'bar.cta.arrive' or 'bar.arrive'");
        Barrier b{value(), std::nullopt, std::nullopt, *arrive, {}};
        if (lx_.accept_punct(",") || at_value()) {
            b.resource = value();
            if (lx_.accept_punct(",") || at_value()) b.thread_count = value();
        }
        return b;
    }
};

}  // namespace

void parse_ptx_threads(Lexer& lx, LitmusTest& test) { PtxParser(lx, test).parse(); }

}  // namespace mapsound::litmus::detail
