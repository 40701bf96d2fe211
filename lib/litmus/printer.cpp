// print_litmus: the parts of a test the dialects write the same way (header,
// doc string, PTX/C init block, final condition); the threads come from
// print_ptx.cpp and print_c.cpp, AuDaLa's init block and instances from
// print_audala.cpp.
#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>

#include "litmus/parse_common.hpp"
#include "litmus/printer_common.hpp"
#include "mapsound/litmus/print.hpp"

namespace mapsound::litmus {

namespace detail {

void unprintable(const LitmusTest& test, const std::string& why) {
    throw std::invalid_argument("cannot print litmus test '" + test.name + "' as " +
                                std::string(to_string(test.dialect)) + ": " + why);
}

std::string print_operand(const Operand& o) {
    if (const auto* v = std::get_if<std::int64_t>(&o)) return std::to_string(*v);
    return std::get<Register>(o).name;
}

std::string print_cmp(CmpOp op, Dialect dialect) {
    switch (op) {
        case CmpOp::eq: return dialect == Dialect::ptx || dialect == Dialect::vulkan ? "==" : "=";
        case CmpOp::ne: return "!=";
        case CmpOp::lt: return "<";
        case CmpOp::le: return "<=";
        case CmpOp::gt: return ">";
        case CmpOp::ge: return ">=";
    }
    return "?";
}

}  // namespace detail

namespace {

using detail::unprintable;

// An initial value; an address is "&x", in AArch64 and PPC "x".
std::string print_value(const InitValue& v, Dialect d) {
    if (const auto* n = std::get_if<std::int64_t>(&v)) return std::to_string(*n);
    return (assembly_syntax(d) ? "" : "&") + std::get<AddressOf>(v).location;
}

std::string thread_ref(int thread, Dialect d) {
    switch (d) {
        case Dialect::ptx:
        case Dialect::vulkan: return "P" + std::to_string(thread);
        case Dialect::c:
        case Dialect::opencl: return std::to_string(thread);
        case Dialect::audala: return "I" + std::to_string(thread);
        case Dialect::x86:      // "0:EAX", as diy7 writes it
        case Dialect::aarch64:  // "0:X1"
        case Dialect::ppc:      // "0:r1"
        case Dialect::riscv: return std::to_string(thread);  // "0:x5"
    }
    return std::to_string(thread);
}

const char* header_word(Dialect d) {
    switch (d) {
        case Dialect::ptx: return "PTX";
        case Dialect::c: return "C";
        case Dialect::opencl: return "OPENCL";
        case Dialect::audala: return "AuDaLa";
        case Dialect::vulkan: return "Vulkan";
        case Dialect::x86: return "X86";
        case Dialect::aarch64: return "AArch64";
        case Dialect::ppc: return "PPC";
        case Dialect::riscv: return "RISCV";
    }
    return "?";
}

// One init item per line.  Untyped scalars are written "x=0" in PTX, Vulkan, x86 and AArch64 and
// "[x] = 0" in C, as the suites do.
void print_init_block(std::ostringstream& out, const LitmusTest& test) {
    const bool ptx = test.dialect == Dialect::ptx || test.dialect == Dialect::vulkan ||
                     test.dialect == Dialect::x86 || assembly_syntax(test.dialect);  // "x=0"
    const std::string eq = ptx ? "=" : " = ";
    out << "{\n";
    for (const Location& l : test.locations) {
        if (l.values.empty()) unprintable(test, "location '" + l.name + "' has no elements");
        out << (ptx ? "" : " ");
        if (l.values.size() == 1 && l.type.empty()) {
            out << (ptx ? l.name : "[" + l.name + "]") << eq << print_value(l.values[0], test.dialect) << ";\n";
            continue;
        }
        if (!l.type.empty()) out << l.type << ' ';
        out << l.name;
        if (l.values.size() == 1) {
            out << eq << print_value(l.values[0], test.dialect) << ";\n";
            continue;
        }
        out << "[" << l.values.size() << "] = {";
        for (std::size_t i = 0; i < l.values.size(); ++i) out << (i ? ", " : "") << print_value(l.values[i], test.dialect);
        out << "};\n";
    }
    for (const ProxyAlias& a : test.aliases) {
        if (test.dialect == Dialect::vulkan && a.proxy == Qualifiers::Proxy::generic)
            out << a.name << " aliases " << a.target << ";\n";  // Vulkan: no proxies
        else if (test.dialect == Dialect::ptx)
            out << a.name << " @ " << detail::proxy_name(a.proxy) << " aliases " << a.target << ";\n";
        else
            unprintable(test, "alias '" + a.name + "' in this dialect");
    }
    for (const RegisterInit& r : test.register_inits)
        out << (ptx ? "" : " ") << (r.type.empty() ? "" : r.type + " ") << thread_ref(r.thread, test.dialect) << ":"
            << r.reg.name << eq << print_value(r.value, test.dialect) << ";\n";
    out << "}\n";
}

std::string print_term(const Term& t, Dialect d) {
    if (const auto* v = std::get_if<std::int64_t>(&t)) return std::to_string(*v);
    if (const auto* r = std::get_if<RegisterRef>(&t)) return thread_ref(r->thread, d) + ":" + r->reg;
    if (const auto* a = std::get_if<AddressOf>(&t)) {
        if (!assembly_syntax(d)) throw std::logic_error("a condition naming an address outside the assembly dialects");
        return a->location;
    }
    const MemoryRef& m = std::get<MemoryRef>(t);
    return m.index ? m.location + "[" + std::to_string(*m.index) + "]" : m.location;
}

// Comparisons are spaced ("P0:r0 == 1", "I0:r0 = 1") except in C, x86 and
// AArch64 ("0:r0=1", "0:EAX=1", "0:X0=1", as herd7 and diy7 write them).
// Parenthesizes exactly where the grammar needs it (~ over /\ over \/,
// chains nest left), so the re-parsed tree is the same tree.
std::string print_expr(const CondExpr& e, Dialect d) {
    using K = CondExpr::Kind;
    auto wrapped = [&](const CondExpr& x) { return "(" + print_expr(x, d) + ")"; };
    switch (e.kind) {
        case K::truth: return e.value ? "true" : "false";
        case K::compare: {
            const std::string space = c_syntax(d) || d == Dialect::x86 || assembly_syntax(d) ? "" : " ";
            return print_term(e.lhs, d) + space + detail::print_cmp(e.cmp, d) + space + print_term(e.rhs, d);
        }
        case K::not_: {
            const CondExpr& x = e.operands.at(0);
            return "~" + (x.kind == K::truth || x.kind == K::not_ ? print_expr(x, d) : wrapped(x));
        }
        case K::and_:
        case K::or_: {
            const CondExpr& a = e.operands.at(0);
            const CondExpr& b = e.operands.at(1);
            const bool conj = e.kind == K::and_;
            const bool wrap_a = conj && a.kind == K::or_;
            const bool wrap_b = b.kind == K::or_ || (conj && b.kind == K::and_);
            return (wrap_a ? wrapped(a) : print_expr(a, d)) + (conj ? " /\\ " : " \\/ ") +
                   (wrap_b ? wrapped(b) : print_expr(b, d));
        }
    }
    return "?";
}

bool word(const std::string& w) {
    return !w.empty() && (std::isalpha(static_cast<unsigned char>(w[0])) || w[0] == '_') &&
           std::all_of(w.begin(), w.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// The header's metadata lines, as parse_litmus reads them back.
void print_metadata(std::ostringstream& out, const LitmusTest& test) {
    for (const Metadata& m : test.metadata) {
        if (m.value.find('\n') != std::string::npos && !m.key.empty())
            unprintable(test, "metadata '" + m.key + "' holds a line break");
        if (m.key.empty()) {
            if (m.value.find('"') != std::string::npos) unprintable(test, "a header string contains '\"'");
            out << "\"" << m.value << "\"\n";
            continue;
        }
        const bool key_ok = std::isalpha(static_cast<unsigned char>(m.key[0])) || m.key[0] == '_';
        const bool chars_ok = std::all_of(m.key.begin(), m.key.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
        });
        auto is_blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; };
        if (!key_ok || !chars_ok) unprintable(test, "metadata key '" + m.key + "' is not a word");
        if (!m.value.empty() && (is_blank(m.value.front()) || is_blank(m.value.back())))
            unprintable(test, "metadata '" + m.key + "' starts or ends with a blank");
        out << m.key << "=" << m.value << "\n";
    }
}

std::string print_observed(const ObservedItem& item, Dialect d) {
    if (const auto* r = std::get_if<RegisterRef>(&item)) return print_term(*r, d);
    return print_term(std::get<MemoryRef>(item), d);
}

const char* quantifier_word(Quantifier q) {
    switch (q) {
        case Quantifier::exists: return "exists";
        case Quantifier::not_exists: return "~exists";
        case Quantifier::forall: return "forall";
    }
    return "exists";
}

void print_condition(std::ostringstream& out, const LitmusTest& test) {
    const Dialect d = test.dialect;
    if (test.observed) {
        out << "locations [";
        for (const ObservedItem& item : *test.observed) out << print_observed(item, d) << ";";
        out << "]\n";
    }
    if (test.regions) {
        out << "regions [";
        for (const RegionItem& r : *test.regions) {
            if (!word(r.location) || !word(r.region))
                unprintable(test, "region item '" + r.location + ": " + r.region + "'");
            out << r.location << ": " << r.region << ";";
        }
        out << "]\n";
    }
    if (test.filter) out << "filter (" << print_expr(*test.filter, d) << ")\n";
    if (!test.condition) return;
    out << quantifier_word(test.condition->quantifier);
    out << (d == Dialect::ptx || d == Dialect::vulkan ? "\n" : " ") << "(" << print_expr(test.condition->expr, d) << ")\n";
}

}  // namespace

std::string print_condition_line(const LitmusTest& test) {
    if (!test.condition) return {};
    return std::string(quantifier_word(test.condition->quantifier)) + " (" +
           print_expr(test.condition->expr, test.dialect) + ")";
}

std::string print_litmus(const LitmusTest& test) {
    if (test.name.empty() || test.name.find_first_of(" \t\r\n\f\v") != std::string::npos)
        unprintable(test, "the name must be one non-empty word");
    if (test.doc && test.doc->find('"') != std::string::npos)
        unprintable(test, "the doc string contains '\"'");
    for (std::size_t i = 0; i < test.threads.size(); ++i)
        if (test.threads[i].id != static_cast<int>(i)) unprintable(test, "threads must be numbered 0, 1, ...");

    std::ostringstream out;
    out << header_word(test.dialect) << " " << test.name << "\n";
    if (test.header_text) {
        // Read back the same way only if it still cannot be read as
        // metadata and ends before the initial state.
        if (test.doc || !test.metadata.empty()) unprintable(test, "a free header besides a doc string or metadata");
        if (test.dialect == Dialect::audala) unprintable(test, "a free header in the AuDaLa dialect");
        if (test.header_text->find('{') != std::string::npos) unprintable(test, "the free header contains '{'");
        if (detail::reads_as_metadata(*test.header_text)) unprintable(test, "the free header reads as metadata");
        out << *test.header_text << "\n";
    }
    if (test.doc) out << "\"" << *test.doc << "\"\n";
    print_metadata(out, test);
    if (test.dialect == Dialect::audala) {
        out << detail::print_audala_body(test);
    } else {
        print_init_block(out, test);
        if (test.dialect == Dialect::vulkan) {
            out << detail::print_vulkan_threads(test);
        } else if (test.dialect == Dialect::x86) {
            out << detail::print_x86_threads(test);
        } else if (test.dialect == Dialect::aarch64) {
            out << detail::print_aarch64_threads(test);
        } else if (test.dialect == Dialect::ppc) {
            out << detail::print_ppc_threads(test);
        } else if (test.dialect == Dialect::riscv) {
            out << detail::print_riscv_threads(test);
        } else {
            out << (test.dialect == Dialect::ptx ? detail::print_ptx_threads(test) : "\n" + detail::print_c_threads(test));
        }
    }
    print_condition(out, test);
    return out.str();
}

}  // namespace mapsound::litmus
