// Writing a translated model as Coq text (see model_translation.hpp).
//
// The definitions module has one Definition per item.  The decision module
// has, for each item d, d_f (its boolean, given the booleans of what it
// reads) with d_fok (the proof that d_f reflects d), and d_c (d computed
// from the execution alone: a chain of let_in over everything d depends on,
// the vocabulary's derived names included) with d_cok.
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "model_translation.hpp"

namespace mapsound::coq {

namespace {

std::string type_of(int arity) { return arity == 2 ? "rel E" : "set E"; }
std::string btype_of(int arity) { return arity == 2 ? "brel E" : "bset E"; }
std::string k_of(int arity) { return std::to_string(arity); }

std::string describe(const ModelItem& item) {
    switch (item.kind) {
        case ModelItem::Kind::let: return std::string(item.recursive ? "let rec " : "let ") + item.cat_name;
        case ModelItem::Kind::requirement: return "requirement " + item.cat_name;
        case ModelItem::Kind::axiom: return "axiom " + item.cat_name;
        case ModelItem::Kind::flag: return "flag " + item.cat_name + " (the Prop says the flag fires)";
    }
    return "";
}

// The decision module's view of one module's items (the model's, or the
// vocabulary's as seen from a model: qualified names).
struct Scope {
    const ModelModule* module;
    std::string qualifier;  // "" or "MsVocabulary_dec."
};

class DecisionWriter {
public:
    explicit DecisionWriter(const Translation& t) : t_(t), m_(t.module) {
        if (!m_.vocabulary)
            for (const auto& item : vocabulary_module().items) derived_.emplace(item.id, &item);
    }

    std::string text(const std::string& note) {
        std::ostringstream o;
        o << "(* " << note << "\n   Decision procedures for " << m_.module
          << " on finite executions: for each definition d, d_f computes it from\n"
             "   booleans and d_fok proves that d_f reflects d; d_c computes it from the\n"
             "   execution alone and d_cok proves it (MsDecide.v).  Used to check the\n"
             "   export against the engine on concrete executions, and to refute a\n"
             "   statement by a counterexample. *)\n\n"
             "Require Import Coq.Bool.Bool.\n"
             "Require Import Mapsound.MsRel Mapsound.MsExec Mapsound.MsDecide"
          << (m_.vocabulary ? "" : " Mapsound.MsVocabulary Mapsound.MsVocabulary_dec") << " Mapsound." << m_.module
          << ".\n\n";
        if (!m_.vocabulary) witness_records(o);
        for (const auto& item : m_.items) step_functions(o, item);
        if (!m_.vocabulary) {
            conjunction(o, "well_formed", m_.requirements);
            conjunction(o, "consistent", m_.consistent_parts);
        }
        o << "(* ---- Each definition from the execution alone ---- *)\n\n";
        for (const auto& item : m_.items) closed(o, item);
        if (!m_.vocabulary) {
            closed_conjunction(o, "well_formed", m_.requirements);
            closed_conjunction(o, "consistent", m_.consistent_parts);
        }
        return o.str();
    }

private:
    // ---- signatures ----

    static std::string head(bool witness) {
        return std::string(" {E} (fin : finite E) (Xb : BExecution E)") + (witness ? " (wb : BWitness E)" : "");
    }
    static std::string head_ok(bool witness) {
        return head(witness) + " (X : Execution E)" + (witness ? " (w : Witness E)" : "") +
               " (hX : xreflects Xb X)" + (witness ? " (hw : wreflects wb w)" : "");
    }
    static std::string args(bool witness) { return std::string(" fin Xb") + (witness ? " wb" : ""); }
    static std::string args_ok(bool witness) {
        return args(witness) + " X" + (witness ? " w" : "") + " hX" + (witness ? " hw" : "");
    }

    // The item a dependency id names: the model's own, or (seen from a
    // model) the vocabulary's.
    const ModelItem& dep(const std::string& id) const {
        if (const ModelItem* i = m_.item(id)) return *i;
        return *derived_.at(id);
    }
    bool is_derived(const std::string& id) const { return !m_.vocabulary && !m_.item(id) && derived_.count(id); }
    std::string qualified(const std::string& id) const { return is_derived(id) ? "MsVocabulary_dec." + id : id; }
    // The meaning of an item applied to X (and w).
    std::string meaning(const ModelItem& item) const {
        return "(" + item.id + " X" + (item.reads_witness ? " w" : std::string()) + ")";
    }
    std::string params(const ModelItem& item, bool with_proofs) const {
        std::string s;
        for (const auto& d : item.deps) {
            const ModelItem& di = dep(d);
            s += " (b_" + d + " : " + btype_of(di.arity) + ")";
            if (with_proofs) s += " (h_" + d + " : reflects" + k_of(di.arity) + " b_" + d + " " + meaning(di) + ")";
        }
        return s;
    }
    static std::string dep_args(const ModelItem& item, bool with_proofs) {
        std::string s;
        for (const auto& d : item.deps) s += " b_" + d + (with_proofs ? " h_" + d : "");
        return s;
    }
    // Calls of d_f and d_fok for an item, from inside a chain or a model.
    std::string call_f(const ModelItem& item) const {
        return qualified(item.id) + "_f" + args(item.reads_witness && !is_derived(item.id)) + dep_args(item, false);
    }
    std::string call_fok(const ModelItem& item) const {
        return qualified(item.id) + "_fok" + args_ok(item.reads_witness && !is_derived(item.id)) +
               dep_args(item, true);
    }

    // ---- the witness records ----

    void witness_records(std::ostringstream& o) const {
        o << "Record BWitness (E : Type) := Build_BWitness {";
        for (std::size_t i = 0; i < m_.witnesses.size(); ++i)
            o << (i ? ";" : "") << "\n  wb_" << m_.witnesses[i].id << " : " << btype_of(m_.witnesses[i].arity);
        o << (m_.witnesses.empty() ? "" : "\n") << "}.\n";
        for (const auto& wi : m_.witnesses)
            o << "Arguments wb_" << wi.id << " {E} _ _" << (wi.arity == 2 ? " _" : "") << ".\n";
        o << "Definition wit_of {E} (wb : BWitness E) : Witness E := Build_Witness E";
        for (const auto& wi : m_.witnesses) o << " (to_" << (wi.arity == 2 ? "rel" : "set") << " (wb_" << wi.id << " wb))";
        o << ".\n";
        o << "(* Booleans that reflect a witness. *)\n"
             "Record wreflects {E} (wb : BWitness E) (w : Witness E) : Prop := {";
        for (std::size_t i = 0; i < m_.witnesses.size(); ++i) {
            const auto& wi = m_.witnesses[i];
            o << (i ? ";" : "") << "\n  wr_" << wi.id << " : reflects" << k_of(wi.arity) << " (wb_" << wi.id << " wb) ("
              << wi.id << " w)";
        }
        o << (m_.witnesses.empty() ? "" : "\n") << "}.\n";
        for (const auto& wi : m_.witnesses) o << "Arguments wr_" << wi.id << " {E wb w} _.\n";
        o << "Lemma wit_of_reflects {E} (wb : BWitness E) : wreflects wb (wit_of wb).\n"
             "Proof. constructor; first [apply refl1 | apply refl2]. Qed.\n\n";
    }

    // ---- d_f and d_fok ----

    void step_functions(std::ostringstream& o, const ModelItem& item) const {
        const bool wit = item.reads_witness;
        if (item.kind == ModelItem::Kind::let) {
            const TranslatedLet& l = t_.lets.at(item.id);
            const std::string a = k_of(item.arity);
            const std::string body_bool = l.term.boolean;
            const std::string F = substitute(l.term.prop, "X", "w");
            if (item.recursive) {
                const std::string v = l.lfp_var;
                const std::string fb = "(fun b_" + v + " : brel E => " + body_bool + ")";
                o << "Definition " << item.id << "_f" << head(wit) << params(item, false) << " : brel E :=\n  b_lfp fin "
                  << fb << ".\n";
                o << "Lemma " << item.id << "_fok" << head_ok(wit) << params(item, true) << "\n  (stable : b_stable fin "
                  << fb << " = true) :\n  reflects2 (" << item.id << "_f" << args(wit) << dep_args(item, false) << ") "
                  << meaning(item) << ".\n";
                const std::string mono = l.term.uses_var ? substitute(l.term.mono, "X", "w") : "(@mono_const E " + F + ")";
                o << "Proof.\n  exact (r_lfp fin (F := fun " << v << " : rel E => " << F << ")\n    " << fb << "\n    "
                  << mono << "\n    (fun (b_" << v << " : brel E) (" << v << " : rel E) (h_" << v << " : reflects2 b_"
                  << v << " " << v << ") => " << l.term.proof << ")\n    stable).\nQed.\n\n";
            } else {
                o << "Definition " << item.id << "_f" << head(wit) << params(item, false) << " : " << btype_of(item.arity)
                  << " :=\n  memo" << a << " fin " << body_bool << ".\n";
                o << "Lemma " << item.id << "_fok" << head_ok(wit) << params(item, true) << " :\n  reflects" << a << " ("
                  << item.id << "_f" << args(wit) << dep_args(item, false) << ") " << meaning(item)
                  << ".\nProof.\n  exact (r_memo" << a << " fin " << l.term.proof << ").\nQed.\n\n";
            }
            return;
        }
        const TranslatedCondition& c = t_.conditions.at(item.id);
        o << "Definition " << item.id << "_f" << head(true) << params(item, false) << " : bool :=\n  " << c.boolean
          << ".\n";
        o << "Lemma " << item.id << "_fok" << head_ok(true) << params(item, true) << " :\n  reflectsP (" << item.id << "_f"
          << args(true) << dep_args(item, false) << ") " << meaning(item) << ".\nProof.\n  exact " << c.proof
          << ".\nQed.\n\n";
    }

    // well_formed / consistent from the booleans of their parts.
    void conjunction(std::ostringstream& o, const std::string& name, const std::vector<std::string>& parts) const {
        o << "Definition " << name << "_f";
        for (const auto& p : parts) o << " (a_" << p << " : bool)";
        o << " : bool :=\n  ";
        std::string conj = "true", proof = "r_true";
        if (!parts.empty()) {
            conj = "a_" + parts.back();
            proof = "h_" + parts.back();
            for (std::size_t i = parts.size() - 1; i-- > 0;) {
                conj = "(a_" + parts[i] + " && " + conj + ")";
                proof = "(r_and h_" + parts[i] + " " + proof + ")";
            }
        }
        o << conj << ".\n";
        o << "Lemma " << name << "_fok {E} (X : Execution E) (w : Witness E)";
        for (const auto& p : parts) o << "\n  (a_" << p << " : bool) (h_" << p << " : reflectsP a_" << p << " (" << p << " X w))";
        o << " :\n  reflectsP (" << name << "_f";
        for (const auto& p : parts) o << " a_" << p;
        o << ") (" << name << " X w).\nProof.\n  exact " << proof << ".\nQed.\n\n";
    }

    // ---- d_c and d_cok: chains ----

    // Everything the items depend on, in an order where each comes after its
    // own dependencies: the vocabulary's names first, then the model's.
    std::vector<const ModelItem*> closure(const std::vector<const ModelItem*>& roots) const {
        std::set<std::string> needed;
        std::vector<std::string> stack;
        for (const ModelItem* r : roots)
            for (const auto& d : r->deps) stack.push_back(d);
        while (!stack.empty()) {
            const std::string id = stack.back();
            stack.pop_back();
            if (!needed.insert(id).second) continue;
            for (const auto& d : dep(id).deps) stack.push_back(d);
        }
        std::vector<const ModelItem*> out;
        if (!m_.vocabulary)
            for (const auto& i : vocabulary_module().items)
                if (needed.count(i.id) && !m_.item(i.id)) out.push_back(&i);
        for (const auto& i : m_.items)
            if (needed.count(i.id)) out.push_back(&i);
        return out;
    }

    // The chain's text around 'last' and the proof steps binding each link.
    void chain(const std::vector<const ModelItem*>& links, std::string& text, std::string& steps) const {
        std::string close;
        for (const ModelItem* l : links) {
            const std::string k = k_of(l->arity);
            if (l->recursive) {
                const TranslatedLet& tl = t_.lets.at(l->id);
                const std::string fb = "(fun b_" + tl.lfp_var + " : brel E => " + tl.term.boolean + ")";
                text += "  if b_stable fin " + fb + " then let_in (" + call_f(*l) + ") (fun b_" + l->id + " =>\n";
                close = ") else None" + close;
                steps += "  eapply ok_stable; [intro st; exact (" + call_fok(*l) + " st) | intros b_" + l->id + " h_" +
                         l->id + "; cbv beta].\n";
            } else {
                text += "  let_in (" + call_f(*l) + ") (fun b_" + l->id + " =>\n";
                close = ")" + close;
                steps += "  eapply ok_let" + k + "; [exact (" + call_fok(*l) + ") | intros b_" + l->id + " h_" + l->id +
                         "; cbv beta].\n";
            }
        }
        text += "  §" + close;
    }

    static std::string place(std::string text, const std::string& last) {
        const auto at = text.find("§");
        return text.replace(at, std::string("§").size(), last);
    }

    void closed(std::ostringstream& o, const ModelItem& item) const {
        const bool wit = item.reads_witness;
        std::vector<const ModelItem*> links = closure({&item});
        const bool let = item.kind == ModelItem::Kind::let;
        if (let) links.push_back(&item);
        std::string text, steps;
        chain(links, text, steps);
        const std::string type = let ? btype_of(item.arity) : "bool";
        const std::string last = let ? "Some b_" + item.id : "Some (" + call_f(item) + ")";
        o << "Definition " << item.id << "_c" << head(wit) << " : option (" << type << ") :=\n"
          << place(text, last) << ".\n";
        const std::string reflects = let ? "reflects" + k_of(item.arity) : "reflectsP";
        o << "Lemma " << item.id << "_cok" << head_ok(wit) << " :\n  okS (" << item.id << "_c" << args(wit)
          << ") (fun v => " << reflects << " v " << meaning(item) << ").\nProof.\n  unfold " << item.id << "_c.\n"
          << steps << "  apply ok_some; exact " << (let ? "h_" + item.id : "(" + call_fok(item) + ")") << ".\nQed.\n\n";
    }

    void closed_conjunction(std::ostringstream& o, const std::string& name, const std::vector<std::string>& parts) const {
        std::vector<const ModelItem*> roots;
        for (const auto& p : parts) roots.push_back(m_.item(p));
        std::string text, steps;
        chain(closure(roots), text, steps);
        std::string last = "Some (" + name + "_f", proof = "(" + name + "_fok X w";
        for (const ModelItem* r : roots) {
            last += " (" + call_f(*r) + ")";
            proof += " _ (" + call_fok(*r) + ")";
        }
        last += ")";
        proof += ")";
        o << "Definition " << name << "_c" << head(true) << " : option bool :=\n" << place(text, last) << ".\n";
        o << "Lemma " << name << "_cok" << head_ok(true) << " :\n  okS (" << name << "_c" << args(true)
          << ") (fun v => reflectsP v (" << name << " X w)).\nProof.\n  unfold " << name << "_c.\n"
          << steps << "  apply ok_some; exact " << proof << ".\nQed.\n\n";
    }

    const Translation& t_;
    const ModelModule& m_;
    std::map<std::string, const ModelItem*> derived_;
};

}  // namespace

std::string definitions_text(const Translation& t, const std::string& note) {
    const ModelModule& m = t.module;
    std::ostringstream o;
    o << "(* " << note << "\n   " << (m.vocabulary ? "Vocabulary: lib/exec/vocabulary.cat" : "Model: " + display_path(m.cat_path))
      << (m.title.empty() ? "" : " (\"" + m.title + "\")") << "\n   One Definition per let (let rec: a least fixpoint)"
      << (m.vocabulary ? "" : ", per axiom, flag and\n   requirement, and the consistency predicate")
      << ".  Every definition takes the\n   execution X (MsExec.v)"
      << (m.vocabulary ? "" : ", and the model's witnesses w when it reads them") << ". *)\n\n"
      << "Require Import Mapsound.MsRel Mapsound.MsExec" << (m.vocabulary ? "" : " Mapsound.MsVocabulary") << ".\n\n";
    if (!m.vocabulary) {
        o << "(* The relations the model lets the solver choose (witness ... <= ...). *)\n";
        o << "Record Witness (E : Type) := Build_Witness {";
        for (std::size_t i = 0; i < m.witnesses.size(); ++i)
            o << (i ? ";" : "") << "\n  " << m.witnesses[i].id << " : " << type_of(m.witnesses[i].arity);
        o << (m.witnesses.empty() ? "" : "\n") << "}.\n";
        for (const auto& wi : m.witnesses) o << "Arguments " << wi.id << " {E} _" << (wi.arity == 2 ? " _ _" : " _") << ".\n";
        o << "\n";
    }
    for (const auto& item : m.items) {
        o << "(* " << describe(item) << " *)\n";
        const std::string params =
            std::string(" {E} (X : Execution E)") + (item.reads_witness ? " (w : Witness E)" : "");
        if (item.kind == ModelItem::Kind::let) {
            const TranslatedLet& l = t.lets.at(item.id);
            const std::string body = substitute(l.term.prop, "X", "w");
            o << "Definition " << item.id << params << " : " << type_of(item.arity) << " :=\n  ";
            if (item.recursive)
                o << "lfp (fun " << l.lfp_var << " : rel E => " << body << ").\n\n";
            else
                o << body << ".\n\n";
        } else {
            o << "Definition " << item.id << params << " : Prop :=\n  "
              << substitute(t.conditions.at(item.id).prop, "X", "w") << ".\n\n";
        }
    }
    if (m.vocabulary) return o.str();
    auto conjunction = [&](const char* name, const std::vector<std::string>& parts, const char* what) {
        o << "(* " << what << " *)\n";
        o << "Definition " << name << " {E} (X : Execution E) (w : Witness E) : Prop :=\n  ";
        if (parts.empty()) o << "True";
        for (std::size_t i = 0; i < parts.size(); ++i) o << (i ? " /\\\n  " : "") << parts[i] << " X w";
        o << ".\n\n";
    };
    conjunction("well_formed", m.requirements, "Well-formedness of the witnesses: every requirement.");
    conjunction("consistent", m.consistent_parts,
                "Consistency: every requirement and every axiom (flags are reported, not\n   required).");
    for (const auto& wi : m.witnesses)
        o << "Lemma " << wi.bound_id << "_of_wf {E} (X : Execution E) (w : Witness E) :\n  well_formed X w -> "
          << wi.bound_id << " X w.\nProof. unfold well_formed; tauto. Qed.\n";
    return o.str();
}

std::string decision_text(const Translation& t, const std::string& note) { return DecisionWriter(t).text(note); }

}  // namespace mapsound::coq
