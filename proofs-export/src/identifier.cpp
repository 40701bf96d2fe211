// Coq identifiers from .cat names.
#include "identifier.hpp"

#include <array>
#include <cctype>
#include <set>

#include "mapsound/exec.hpp"
#include "model/parser.hpp"

namespace mapsound::coq {

namespace {

// Coq keywords, names of the support library (MsRel, MsExec, MsBool, MsDecide),
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
    // MsExec.v beside the execution record (whose fields are the
    // vocabulary's primitives, reserved below)
    "Execution", "Kind", "Ord", "Lvl", "Tag", "kind_set", "order_set", "scope_set", "tag_set",
    "thread_event", "memory_event", "order_is", "scope_is", "atomic", "at_most_one", "covers", "functional",
    "equivalence_on", "strict_total_within", "agree_on", "at_most", "card", "same_count", "lifted", "pulled",
    // MsBool.v, MsDecide.v, MsRefute.v and the generated modules
    "finite", "elems", "eqb", "bset", "brel", "to_set", "to_rel", "reflects1", "reflects2", "reflectsP",
    "reflectsM", "BExecution", "exec_of", "xreflects", "wreflects", "exec_of_reflects", "wit_of_reflects",
    "let_in", "memo1", "memo2", "fuel", "kleene", "okS", "members", "count", "fin_dec", "subsets",
    "rel_of_list", "set_of_list", "pairs_where", "elements_where",
    "E", "X", "w", "fin", "Xb", "wb", "hX", "hw", "S", "T", "Es", "Et", "ws", "wt", "Witness", "BWitness",
    "Build_Witness", "Build_BWitness", "Build_wreflects", "wit_of", "consistent", "well_formed",
    "consistent_f", "consistent_fok", "well_formed_f", "well_formed_fok", "Src", "Tgt", "Src_dec", "Tgt_dec",
    "map_", "lift", "compiled", "refl1", "refl2", "warshall", "tcp", "ev", "ev_all",
};

// Prefixes of names the support library and the generated code use for
// families of names (lemmas r_union, binders b_hb and h_hb, instance
// constants c0_hb, ...).
constexpr std::array reserved_prefixes = {"b_",   "r_",    "h_",   "a_",  "wb_",       "wr_",
                                         "xr_",  "ok_",   "mono_", "rule_", "ev_", "internal_"};

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

const char* const coq_keywords[] = {"as", "at", "cofix", "else", "end", "exists", "exists2", "fix", "for",
                                    "forall", "fun", "if", "IF", "in", "let", "match", "mod", "return",
                                    "then", "using", "where", "with", "Prop", "Set", "SProp", "Type"};

std::string base_form(std::string_view name) {
    std::string out;
    for (char c : name) {
        const auto u = static_cast<unsigned char>(c);
        out += (std::isalnum(u) != 0 || c == '_' || c == '\'') && u < 128 ? c : '_';
    }
    return out;
}

// The Coq names of the execution vocabulary: its primitives (the fields of
// MsExec.v's record) and the names vocabulary.cat defines.
const std::set<std::string>& vocabulary_ids() {
    static const std::set<std::string> ids = [] {
        std::set<std::string> out;
        for (const auto& name : exec::primitive_names())
            if (name != "_") out.insert(vocabulary_identifier(name));
        const model::CatModel v = model::parse_model_text(exec::vocabulary_text(), "vocabulary.cat", "");
        for (const auto& st : v.statements)
            for (const auto& b : st.bindings) out.insert(vocabulary_identifier(b.name));
        return out;
    }();
    return ids;
}

bool is_reserved(const std::string& s) {
    for (const char* r : reserved)
        if (s == r) return true;
    return vocabulary_ids().count(s) != 0;
}

// The names the decision module derives from each identifier.
constexpr const char* kDerivedSuffixes[] = {"", "_f", "_fok", "_c", "_cok"};

}  // namespace

std::string vocabulary_identifier(std::string_view name) {
    std::string out = base_form(name);
    // The exported files name an execution X: the vocabulary's X (AArch64
    // exclusives) is the field X_.
    if (out == "X") return "X_";
    for (const char* k : coq_keywords)
        if (out == k) return out + "_";
    return out;
}

std::string coq_identifier(std::string_view name) {
    std::string out = base_form(name);
    if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0])) != 0 || out[0] == '\'' ||
        has_reserved_prefix(out))
        out = "x_" + out;
    if (is_reserved(out)) out += '_';
    return out;
}

std::string IdentifierScope::fresh(std::string_view name) {
    const std::string base = coq_identifier(name);
    auto taken = [&](const std::string& id) {
        for (const char* suffix : kDerivedSuffixes)
            if (used_.count(id + suffix) != 0) return true;
        return false;
    };
    std::string candidate = base;
    for (int i = 2; taken(candidate); ++i) candidate = base + "_" + std::to_string(i);
    reserve(candidate);
    return candidate;
}

void IdentifierScope::reserve(const std::string& id) {
    // The decision module derives <id>_f, <id>_fok, <id>_c and <id>_cok from
    // every name.
    for (const char* suffix : kDerivedSuffixes) used_.insert(id + suffix);
}

}  // namespace mapsound::coq
