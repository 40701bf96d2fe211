// Reading a rule's target instruction through the dialect's litmus front
// end (see target_instruction.hpp).
#include "mapping/target_instruction.hpp"

#include <algorithm>
#include <vector>

#include "mapsound/litmus/dialects.hpp"
#include "mapsound/litmus/expand.hpp"
#include "mapsound/litmus/parse.hpp"

namespace mapsound::mapping::detail {

namespace {

std::vector<std::string> dotted_parts(const std::string& text) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (;;) {
        const std::size_t dot = text.find('.', start);
        parts.push_back(text.substr(start, dot - start));
        if (dot == std::string::npos) return parts;
        start = dot + 1;
    }
}

bool has_part(const std::vector<std::string>& parts, std::initializer_list<const char*> words) {
    for (std::size_t i = 1; i < parts.size(); ++i)
        for (const char* w : words)
            if (parts[i] == w) return true;
    return false;
}

// What the placeholder test needs around the instruction: the mnemonic's
// operands (a register r0 and a location x of the test), and a completed
// mnemonic where the dialect needs a part a rule leaves out (an atom's
// operation, which no model reads).
struct Placement {
    std::string mnemonic, operands;
};

// x86, AArch64, PPC and RISC-V rules write one dotted word as PTX's do: the
// mnemonic and, for a barrier, its option ("DMB.ISH" is `DMB ISH`).  x86's
// MOV is a load or a store by the rule's class ('access').  Parts after a
// dot stay in the instruction, so that the front end refuses what it does
// not read ("lwz.x").
Placement place_cpu(litmus::Dialect dialect, const std::string& mnemonic, std::optional<Instruction> access) {
    const auto parts = dotted_parts(mnemonic);
    const std::string& m = parts.front();
    std::string spaced = m;
    for (std::size_t i = 1; i < parts.size(); ++i) spaced += " " + parts[i];
    if (dialect == litmus::Dialect::ppc) {
        if (mnemonic == ppc_reservation) return {"lwarx r1,r0,r2 ;\n stwcx. r3,r0,r2", ""};
        if (m == "lwz" || m == "stw") return {spaced, " r1,0(r2)"};
        return {spaced, ""};  // sync, lwsync, isync
    }
    // RISC-V's mnemonics are dotted themselves (lw.aq, amoswap.w.aqrl,
    // fence.tso); a fence's sets follow it as parts: fence.rw.w is
    // `fence rw,w`.
    if (dialect == litmus::Dialect::riscv) {
        if (m == "fence" && parts.size() == 3) return {"fence " + parts[1] + "," + parts[2], ""};
        if (m == "lw" || m == "sw") return {mnemonic, " x5,0(x6)"};
        if (m.rfind("amo", 0) == 0) return {mnemonic, " x5,x7,(x6)"};
        return {mnemonic, ""};  // fence.tso; anything else: the parser says what it expected
    }
    if (dialect == litmus::Dialect::x86) {
        if (m == "MOV") return {spaced, access == Instruction::st ? " [x],EAX" : " EAX,[x]"};
        if (m == "XCHG") return {spaced, " [x],EAX"};
        return {spaced, ""};  // MFENCE
    }
    for (const char* load : {"LDR", "LDAR", "LDAPR", "STR", "STLR"})
        if (m == load) return {spaced, " W0,[X1]"};
    // An exclusive pair, "LDAXR ; STLXR" (mapping_parser.cpp).
    if (const auto semicolon = mnemonic.find(" ; "); semicolon != std::string::npos)
        return {mnemonic.substr(0, semicolon) + " W0,[X1] ;\n " + mnemonic.substr(semicolon + 3) + " W3,W2,[X1]", ""};
    for (const char* lse : {"SWP", "LDADD", "CAS"})
        if (m.rfind(lse, 0) == 0) return {spaced, " W0,W2,[X1]"};
    return {spaced, ""};  // DMB.ISH, DSB.ISHLD, ISB
}

bool cpu_dialect(litmus::Dialect d) {
    return d == litmus::Dialect::x86 || d == litmus::Dialect::aarch64 || d == litmus::Dialect::ppc ||
           d == litmus::Dialect::riscv;
}

Placement place(litmus::Dialect dialect, const std::string& mnemonic, std::optional<Instruction> access) {
    if (cpu_dialect(dialect)) return place_cpu(dialect, mnemonic, access);
    const auto parts = dotted_parts(mnemonic);
    const std::string& m = parts.front();
    if (dialect == litmus::Dialect::ptx) {
        if (m == "ld" || m == "suld" || m == "tld" || m == "cold") return {mnemonic, " r0, x"};
        if (m == "st" || m == "sust") return {mnemonic, " x, 1"};
        if (m == "atom" || m == "red") {
            const bool op = has_part(parts, {"add", "sub", "and", "or", "xor", "exch", "cas"});
            const std::string full = op ? mnemonic : mnemonic + (m == "atom" ? ".exch" : ".add");
            if (m == "red") return {full, " x, 1"};
            return {full, has_part(parts, {"cas"}) ? " r0, x, 0, 1" : " r0, x, 1"};
        }
        return {mnemonic, ""};  // fence, membar; anything else: the parser says what it expected
    }
    if (m == "ld") return {mnemonic, " r0, x"};
    if (m == "st") return {mnemonic, " x, 1"};
    if (m == "rmw") return {mnemonic, " r0, x, 1"};
    return {mnemonic, ""};  // membar, avdevice, visdevice
}

std::string test_text(litmus::Dialect dialect, const std::string& line) {
    if (dialect == litmus::Dialect::ptx)
        return "PTX rule\n{ x = 0; }\nP0@cta 0,gpu 0 ;\n" + line + " ;\nexists (x = 0)\n";
    if (dialect == litmus::Dialect::x86) return "X86 rule\n{ x=0; }\n P0 ;\n" + line + " ;\nexists (x=0)\n";
    if (dialect == litmus::Dialect::aarch64) return "AArch64 rule\n{ 0:X1=x; }\n P0 ;\n" + line + " ;\nexists (x=0)\n";
    if (dialect == litmus::Dialect::ppc) return "PPC rule\n{ 0:r2=x; }\n P0 ;\n" + line + " ;\nexists (x=0)\n";
    if (dialect == litmus::Dialect::riscv) return "RISCV rule\n{ 0:x6=x; }\n P0 ;\n" + line + " ;\nexists (x=0)\n";
    return "Vulkan rule\n{ x = 0; }\nP0@sg 0, wg 0, qf 0 ;\n" + line + " ;\nexists (x = 0)\n";
}

constexpr std::size_t kInstructionLine = 4;  // the instruction's line in test_text

}  // namespace

std::string scope_word(litmus::Dialect dialect, exec::Scope scope) {
    using exec::Scope;
    if (cpu_dialect(dialect)) return "";  // no scopes
    if (dialect == litmus::Dialect::vulkan) {
        switch (scope) {
            case Scope::sg: return "sg";
            case Scope::cta: return "wg";
            case Scope::qf: return "qf";
            case Scope::gpu: return "dv";
            default: return "";
        }
    }
    switch (scope) {
        case Scope::cta: return "cta";
        case Scope::cluster: return "cluster";
        case Scope::gpu: return "gpu";
        case Scope::sys: return "sys";
        default: return "";
    }
}

bool target_dialect(litmus::Dialect dialect) {
    using litmus::Dialect;
    return dialect == Dialect::ptx || dialect == Dialect::vulkan || cpu_dialect(dialect);
}

TargetOp read_target_instruction(litmus::Dialect dialect, const std::string& text, const Position& where,
                                 std::optional<Instruction> access) {
    if (!target_dialect(dialect))
        throw MappingError(where, "rules in " + litmus::dialect_title(dialect) +
                                      " are not read yet (target ptx, vulkan, x86, aarch64, ppc or riscv)");
    TargetOp op;
    op.where = where;
    op.text = text;
    // `$sco`: a scope of the dialect stands in while the front end reads the
    // instruction; the op then takes the source's.
    std::string mnemonic = text;
    const std::string placeholder = scope_word(dialect, exec::Scope::gpu);
    const auto parts = dotted_parts(text);
    std::size_t offset = parts.front().size() + 1;
    for (std::size_t i = 1; i < parts.size(); offset += parts[i].size() + 1, ++i) {
        if (parts[i] == "$sco") {
            op.scope_from_source = true;
        } else if (!parts[i].empty() && parts[i][0] == '$') {
            Position at = where;
            at.column += static_cast<int>(offset);
            throw MappingError(at, "expected $sco (the scope the source event's maps to), found '" + parts[i] + "'");
        }
    }
    if (op.scope_from_source) {
        std::string rebuilt = parts.front();
        for (std::size_t i = 1; i < parts.size(); ++i) rebuilt += "." + (parts[i] == "$sco" ? placeholder : parts[i]);
        mnemonic = rebuilt;
    }
    const Placement p = place(dialect, mnemonic, access);
    const std::string line = p.mnemonic + p.operands;
    litmus::LitmusTest test;
    try {
        test = litmus::parse_litmus(test_text(dialect, line), "rule");
    } catch (const litmus::ParseError& e) {
        // Where in the instruction: the same column of the rule, never past
        // its text (an operand the rule does not write is its end).
        Position at = where;
        if (e.line() == kInstructionLine && e.column() >= 1)
            at.column = where.column + static_cast<int>(std::min(e.column() - 1, text.size()));
        throw MappingError(at, "expected " + e.expected() + ", found '" + e.found() + "' (rules write " +
                                   litmus::dialect_title(dialect) + " instructions as its litmus tests do)");
    }
    std::vector<litmus::Candidate> candidates;
    try {
        candidates = litmus::expand(test);
    } catch (const std::exception& e) {
        throw MappingError(where, "'" + text + "' cannot be read as one instruction: " + e.what());
    }
    if (candidates.empty()) throw MappingError(where, "'" + text + "' has no execution as an instruction");
    // The candidate that stores, for an instruction that may not (stwcx.).
    const auto stores = std::find_if(candidates.begin(), candidates.end(),
                                     [](const litmus::Candidate& c) { return !c.pre.rmw.empty(); });
    const litmus::Candidate& chosen = stores != candidates.end() ? *stores : candidates.front();
    std::vector<exec::Event> events;
    for (const exec::Event& e : chosen.pre.events)
        if (e.thread >= 0) events.push_back(e);
    auto kinds = [&](std::initializer_list<exec::EventKind> ks) {
        return events.size() == ks.size() && std::equal(events.begin(), events.end(), ks.begin(),
                                                        [](const exec::Event& e, exec::EventKind k) { return e.kind == k; });
    };
    const bool rmw = !chosen.pre.rmw.empty();
    if (kinds({exec::EventKind::read}) && !rmw) op.instruction = Instruction::ld;
    else if (kinds({exec::EventKind::write}) && !rmw) op.instruction = Instruction::st;
    else if (kinds({exec::EventKind::read, exec::EventKind::write}) && rmw) op.instruction = Instruction::atom;
    else if (kinds({exec::EventKind::fence})) op.instruction = Instruction::fence;
    else
        throw MappingError(where, "'" + text + "' is no load, store, read-modify-write or fence of " +
                                      litmus::dialect_title(dialect) + " (a rule lowers to those only)");
    const exec::Event& e = events.front();
    op.order = e.order;
    op.tags = e.tags;
    op.scope = op.scope_from_source ? exec::Scope::none : e.scope;
    if (op.scope_from_source && e.scope == exec::Scope::none)
        throw MappingError(where, "'" + text + "' takes no scope, so `$sco` has nothing to give it");
    return op;
}

}  // namespace mapsound::mapping::detail
