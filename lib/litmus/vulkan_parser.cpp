// The Vulkan body in Dartagnan's dialect (seed 001 §4.2, Fig. 9): an
// optional block of system-synchronizes-with pairs, a thread header row,
// then instruction rows whose '|'-separated cells are the threads' columns,
// as in PTX.
//
//   { ssw 0 1; }
//   P0@sg 0, wg 0, qf 0        | P1@sg 1, wg 0, qf 0 ;
//   st.av.dv.sc0 x, 1          | ld.atom.acq.wg.sc0.semsc0 r0, y ;
//   st.atom.rel.wg.sc0.semsc0 y, 1 | cbar.acq_rel.wg.semsc0 1 ;
//
// A mnemonic is one dotted token; its qualifiers may come in any order and
// are classified by kind: .atom, the order (.acq, .rel, .acq_rel), .av/.vis,
// the scope (.sg, .wg, .qf, .dv), .nonpriv, the storage class (.sc<k>), the
// storage-class semantics (.semsc<k>, any number), .semav/.semvis and, on
// rmw, the operation.  Registers, locations, labels and the register and
// control-flow instructions are PTX's (gpu_asm_common.hpp).
#include <charconv>

#include "litmus/columns.hpp"
#include "litmus/gpu_asm_common.hpp"
#include "litmus/parse_common.hpp"

namespace mapsound::litmus::detail {

namespace {

// "sc3" with prefix "sc" -> 3; nullopt unless the rest is a small decimal
// number (storage classes index a bit set of semantics, hence below 32).
std::optional<int> numbered(std::string_view w, std::string_view prefix) {
    if (w.size() <= prefix.size() || w.substr(0, prefix.size()) != prefix) return std::nullopt;
    int k = 0;
    const char* first = w.data() + prefix.size();
    const char* last = w.data() + w.size();
    const auto [end, ec] = std::from_chars(first, last, k);
    if (ec != std::errc() || end != last || k < 0 || k >= 32) return std::nullopt;
    return k;
}

// Storage classes the execution vocabulary tags (SC0..SC3, SEMSC0..SEMSC3):
// seed 001's model names two abstract classes, the suite's tests use up to
// four; a class beyond them would be in no set and synchronise nothing.
constexpr int kStorageClasses = 4;

// What fail() says a class number beyond them was instead of ('sc' or 'semsc').
std::string classes_expected(const std::string& prefix) {
    const std::string last = std::to_string(kStorageClasses - 1);
    return std::string(prefix == "sc" ? "a storage class" : "storage-class semantics") + " from ." + prefix +
           "0 to ." + prefix + last + " (the execution vocabulary's SC0..SC" + last + ", SEMSC0..SEMSC" + last + ")";
}

std::optional<MemoryOrder> order_word(std::string_view w) {
    if (w == "acq") return MemoryOrder::acquire;
    if (w == "rel") return MemoryOrder::release;
    if (w == "acq_rel") return MemoryOrder::acq_rel;
    return std::nullopt;
}

std::optional<Scope> scope_word(std::string_view w) {
    if (w == "sg") return Scope::sg;
    if (w == "wg") return Scope::cta;
    if (w == "qf") return Scope::qf;
    if (w == "dv") return Scope::gpu;
    return std::nullopt;
}

// What an instruction's qualifiers said, sorted into kinds.
struct Said {
    bool atom = false;
    std::optional<MemoryOrder> order;
    std::optional<Scope> scope;
    std::optional<RmwOp> op;
    Qualifiers q;  // storage class, semantics, av/vis, semav/semvis, nonpriv
};

// Which kinds of qualifier an instruction takes.
struct Takes {
    bool atom = false, order = false, av = false, vis = false, scope = false, nonpriv = false;
    bool storage_class = false, semantics = false, op = false;
};

class VulkanParser final : GpuColumnParser {
public:
    VulkanParser(Lexer& lx, LitmusTest& test) : GpuColumnParser(lx, test, /*bra=*/false) {}

    void parse() {
        std::vector<std::pair<Token, Token>> ssw_tokens;
        if (lx_.peek().is_punct("{")) ssw_block(ssw_tokens);
        parse_column_header(lx_, test_, [](Lexer& lx) {
            return parse_placement(lx, {{"sg", &Placement::sg}, {"wg", &Placement::cta}, {"qf", &Placement::qf}});
        });
        const int threads = static_cast<int>(test_.threads.size());
        for (std::size_t i = 0; i < ssw_tokens.size(); ++i) {
            const auto [from, to] = test_.system_synchronizes_with[i];
            if (from >= threads) lx_.fail(ssw_tokens[i].first, thread_range(threads));
            if (to >= threads) lx_.fail(ssw_tokens[i].second, thread_range(threads));
        }
        parse_rows();
    }

private:
    // "{ ssw 0 1; ssw 1 2; }": thread numbers, checked once the header row
    // has said how many threads there are.
    void ssw_block(std::vector<std::pair<Token, Token>>& tokens) {
        lx_.expect_punct("{");
        while (!lx_.accept_punct("}")) {
            const Token word = lx_.peek();
            if (!word.is_ident("ssw")) lx_.fail(word, "'ssw' or '}'");
            lx_.next();
            const Token from = lx_.peek();
            const int a = thread_number("a thread number (ssw <from> <to>)");
            const Token to = lx_.peek();
            const int b = thread_number("a thread number (ssw <from> <to>)");
            test_.system_synchronizes_with.emplace_back(a, b);
            tokens.emplace_back(from, to);
            if (!lx_.accept_punct(";") && !lx_.peek().is_punct("}")) lx_.fail(lx_.peek(), "';' or '}'");
        }
    }

    int thread_number(std::string_view what) {
        const Token t = lx_.peek();
        if (t.kind != TokenKind::number || t.number > 1000000) lx_.fail(t, what);
        lx_.next();
        return static_cast<int>(t.number);
    }

    // ---- instructions

    Instruction instruction(const Token& t, const std::vector<Part>& parts, std::size_t column) override {
        const std::string_view m = parts[0].text;
        if (m == "ld") return load(t, parts);
        if (m == "st") return store(t, parts);
        if (m == "rmw") return rmw(t, parts);
        if (m == "membar") return membar(t, parts);
        if (m == "cbar") return cbar(t, parts);
        if (m == "avdevice" || m == "visdevice") {
            no_qualifiers(t, parts);
            Fence f{FenceKind::fence, MemoryOrder::plain, Scope::none, {}};
            (m == "avdevice" ? f.qualifiers.avdevice : f.qualifiers.visdevice) = true;
            return f;
        }
        if (auto i = register_instruction(t, parts, column)) return std::move(*i);
        lx_.fail_within(t, 0, t.text,
                        "a Vulkan instruction (ld, st, rmw, membar, cbar, avdevice, visdevice, add, beq, goto, ...)");
    }

    // Sorts the qualifiers after the mnemonic, failing on unknown ones, on
    // kinds the instruction does not take and on repeated ones.
    Said qualifiers(const Token& t, const std::vector<Part>& parts, const Takes& takes) {
        Said s;
        const std::string mnemonic(parts[0].text);
        for (std::size_t i = 1; i < parts.size(); ++i) {
            const std::string_view w = parts[i].text;
            auto fail = [&](const std::string& what) {
                lx_.fail_within(t, parts[i].offset - 1, "." + std::string(w), what);
            };
            auto once = [&](bool& flag, const char* what) {
                if (flag) fail("at most one " + std::string(what) + " on '" + mnemonic + "'");
                flag = true;
            };
            if (w == "atom" && takes.atom) {
                once(s.atom, "'.atom'");
            } else if (auto o = order_word(w); o && takes.order) {
                if (s.order) fail("at most one order (.acq, .rel, .acq_rel) on '" + mnemonic + "'");
                s.order = o;
            } else if (w == "av" && takes.av) {
                once(s.q.av, "'.av'");
            } else if (w == "vis" && takes.vis) {
                once(s.q.vis, "'.vis'");
            } else if (auto sc = scope_word(w); sc && takes.scope) {
                if (s.scope) fail("at most one scope (.sg, .wg, .qf, .dv) on '" + mnemonic + "'");
                s.scope = sc;
            } else if (w == "nonpriv" && takes.nonpriv) {
                once(s.q.nonpriv, "'.nonpriv'");
            } else if (auto k = numbered(w, "sc"); k && takes.storage_class) {
                if (s.q.storage_class >= 0) fail("at most one storage class (.sc<k>) on '" + mnemonic + "'");
                if (*k >= kStorageClasses) fail(classes_expected("sc"));
                s.q.storage_class = *k;
            } else if (auto k = numbered(w, "semsc"); k && takes.semantics) {
                if ((s.q.semantics >> *k) & 1U) fail("'.semsc" + std::to_string(*k) + "' at most once");
                if (*k >= kStorageClasses) fail(classes_expected("semsc"));
                s.q.semantics |= 1U << *k;
            } else if (w == "semav" && takes.semantics) {
                once(s.q.semav, "'.semav'");
            } else if (w == "semvis" && takes.semantics) {
                once(s.q.semvis, "'.semvis'");
            } else if (auto op = gpu_rmw_word(w, /*cas=*/false); op && takes.op) {
                if (s.op) fail("at most one operation on '" + mnemonic + "'");
                s.op = op;
            } else {
                std::string what = "a qualifier of '" + mnemonic + "' (";
                std::string sep;
                auto list = [&](bool on, const char* kind) {
                    if (!on) return;
                    what += sep + kind;
                    sep = ", ";
                };
                list(takes.atom, ".atom");
                list(takes.order, "order");
                list(takes.av, ".av");
                list(takes.vis, ".vis");
                list(takes.scope, "scope");
                list(takes.nonpriv, ".nonpriv");
                list(takes.storage_class, "storage class .sc<k>");
                list(takes.semantics, "semantics .semsc<k>, .semav, .semvis");
                list(takes.op, "operation");
                fail(what + ")");
            }
        }
        return s;
    }

    // The checks every access shares: a storage class; an order only on an
    // atomic one, which needs a scope, as do .av and .vis (the scope of
    // the availability or visibility operation).
    void check_access(const Token& t, const Said& s) {
        if (s.q.storage_class < 0) lx_.fail(t, "a storage class (.sc0, .sc1, ...) on '" + t.text + "'");
        if (s.order && !s.atom) lx_.fail(t, "'.atom' on '" + t.text + "' (only atomics have an order)");
        if ((s.atom || s.q.av || s.q.vis) && !s.scope)
            lx_.fail(t, "a scope (.sg, .wg, .qf, .dv) on '" + t.text + "'");
    }

    MemoryOrder access_order(const Said& s) const {
        if (!s.atom) return MemoryOrder::plain;
        return s.order.value_or(MemoryOrder::relaxed);
    }

    Instruction load(const Token& t, const std::vector<Part>& parts) {
        Takes takes;
        takes.atom = takes.order = takes.vis = takes.scope = takes.nonpriv = takes.storage_class = takes.semantics = true;
        const Said s = qualifiers(t, parts, takes);
        check_access(t, s);
        if (s.order && *s.order != MemoryOrder::acquire) lx_.fail(t, "load order '.acq' on '" + t.text + "'");
        Register d = reg();
        comma();
        return Load{d, location(), access_order(s), s.scope.value_or(Scope::none), s.q};
    }

    Instruction store(const Token& t, const std::vector<Part>& parts) {
        Takes takes;
        takes.atom = takes.order = takes.av = takes.scope = takes.nonpriv = takes.storage_class = takes.semantics = true;
        const Said s = qualifiers(t, parts, takes);
        check_access(t, s);
        if (s.order && *s.order != MemoryOrder::release) lx_.fail(t, "store order '.rel' on '" + t.text + "'");
        Address a = location();
        comma();
        return Store{a, value(), access_order(s), s.scope.value_or(Scope::none), s.q};
    }

    // rmw.atom.<order>.<scope>.<sc>...[.<op>] d, x, v: without an operation
    // an exchange.
    Instruction rmw(const Token& t, const std::vector<Part>& parts) {
        Takes takes;
        takes.atom = takes.order = takes.scope = takes.nonpriv = takes.storage_class = takes.semantics = takes.op = true;
        const Said s = qualifiers(t, parts, takes);
        if (!s.atom) lx_.fail(t, "'.atom' on '" + t.text + "' (a read-modify-write is atomic)");
        check_access(t, s);
        Rmw r;
        r.op = s.op.value_or(RmwOp::exch);
        r.order = access_order(s);
        r.scope = *s.scope;
        r.qualifiers = s.q;
        r.dest = reg();
        comma();
        r.addr = location();
        comma();
        r.value = value();
        return r;
    }

    // membar.<order>.<scope>[.semsc<k>...][.semav][.semvis]
    Instruction membar(const Token& t, const std::vector<Part>& parts) {
        Takes takes;
        takes.order = takes.scope = takes.semantics = true;
        const Said s = qualifiers(t, parts, takes);
        if (!s.order) lx_.fail(t, "an order (.acq, .rel, .acq_rel) on '" + t.text + "'");
        if (!s.scope) lx_.fail(t, "a scope (.sg, .wg, .qf, .dv) on '" + t.text + "'");
        return Fence{FenceKind::membar, *s.order, *s.scope, s.q};
    }

    // cbar[.<order>].<scope>[.semsc<k>...][.semav][.semvis] id[, resource[,
    // quorum]]: a control barrier of the workgroup, with memory semantics
    // when it has an order.
    Instruction cbar(const Token& t, const std::vector<Part>& parts) {
        Takes takes;
        takes.order = takes.scope = takes.semantics = true;
        const Said s = qualifiers(t, parts, takes);
        if (!s.scope) lx_.fail(t, "a scope (.sg, .wg, .qf, .dv) on '" + t.text + "'");
        Barrier b{value(), std::nullopt, std::nullopt, false, s.q, s.order.value_or(MemoryOrder::plain), *s.scope};
        if (lx_.accept_punct(",")) {
            b.resource = value();
            if (lx_.accept_punct(",")) b.thread_count = value();
        }
        return b;
    }
};

}  // namespace

void parse_vulkan_threads(Lexer& lx, LitmusTest& test) { VulkanParser(lx, test).parse(); }

}  // namespace mapsound::litmus::detail
