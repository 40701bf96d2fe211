// Coq identifiers from .cat names.
#include "identifier.hpp"

#include <array>
#include <cctype>

namespace mapsound::coq {

namespace {

// Coq keywords, names of the support library (MsRel, MsExec, MsDecide),
// the execution record's fields and the names generated code binds itself.
constexpr std::array reserved = {
    // Gallina and vernacular keywords
    "as", "at", "cofix", "else", "end", "exists", "exists2", "fix", "for", "forall", "fun", "if", "IF",
    "in", "let", "match", "mod", "Prop", "return", "Set", "SProp", "then", "Type", "using", "where", "with",
    "Definition", "Lemma", "Theorem", "Proof", "Qed", "Admitted", "Record", "Inductive", "Module", "End",
    "Section", "Variable", "Context", "Require", "Import", "Export", "Arguments", "Fixpoint", "True",
    "False", "not", "and", "or", "iff", "eq", "bool", "true", "false", "nat", "list", "id", "map",
    // MsRel.v
    "set", "rel", "set_empty", "set_full", "set_union", "set_inter", "set_diff", "set_compl", "rel_empty",
    "rel_full", "union", "inter", "diff", "compl", "seq", "inv", "prod", "iden", "brack", "domain", "range",
    "tc", "rtc", "opt", "irreflexive", "acyclic", "empty", "set_is_empty", "total_on", "inclusion",
    "same_rel", "set_inclusion", "mono", "lfp", "set_mono", "set_lfp", "same_set", "wf",
    // MsExec.v: the execution record
    "Execution", "R", "W", "F", "BAR", "BAR_ARRIVE", "M", "IW", "RMW", "NA", "WEAK", "RLX", "ACQ", "REL", "ACQ_REL",
    "SC", "CTA", "GPU", "SYS", "po", "rf", "rmw", "addr", "data", "ctrl", "loc", "int", "ext", "scta",
    "sgpu", "incl", "sbar",
    // MsDecide.v and the generated modules
    "finite", "elems", "eqb", "bset", "brel", "to_set", "to_rel", "reflects1", "reflects2", "reflectsP",
    "BExecution", "exec_of", "let_in", "memo1", "memo2", "fuel", "kleene",
    "E", "X", "w", "fin", "Xb", "wb", "S", "T", "Es", "Et", "ws", "wt", "Witness", "BWitness",
    "Build_Witness", "Build_BWitness", "wit_of", "consistent", "well_formed", "consistent_f", "consistent_fok",
    "Src", "Tgt", "map_", "lift", "compiled", "refl1", "refl2", "warshall", "tcp", "ev", "ev_all",
};

// Prefixes of names the support library and the generated code use for
// families of names (lemmas r_union, binders b_hb and h_hb, instance
// constants c0_hb, ...).
constexpr std::array reserved_prefixes = {"b_", "r_", "h_", "a_", "wb_", "mono_", "rule_", "ev_", "internal_"};

bool has_reserved_prefix(const std::string& s) {
    for (const char* p : reserved_prefixes)
        if (s.rfind(p, 0) == 0) return true;
    // c<digits>_: the constants of a faithfulness instance.
    if (s.size() > 2 && s[0] == 'c' && std::isdigit(static_cast<unsigned char>(s[1])) != 0) {
        std::size_t i = 1;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) != 0) ++i;
        if (i < s.size() && s[i] == '_') return true;
    }
    return false;
}

bool is_reserved(const std::string& s) {
    for (const char* r : reserved)
        if (s == r) return true;
    return false;
}

}  // namespace

std::string coq_identifier(std::string_view name) {
    std::string out;
    for (char c : name) {
        const auto u = static_cast<unsigned char>(c);
        out += (std::isalnum(u) != 0 || c == '_' || c == '\'') && u < 128 ? c : '_';
    }
    if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0])) != 0 || out[0] == '\'' ||
        has_reserved_prefix(out))
        out = "x_" + out;
    if (is_reserved(out)) out += '_';
    return out;
}

std::string IdentifierScope::fresh(std::string_view name) {
    const std::string base = coq_identifier(name);
    std::string candidate = base;
    for (int i = 2; used_.count(candidate) != 0; ++i) candidate = base + "_" + std::to_string(i);
    used_.insert(candidate);
    // The decision module derives <id>_f and <id>_fok from every name.
    used_.insert(candidate + "_f");
    used_.insert(candidate + "_fok");
    return candidate;
}

}  // namespace mapsound::coq
