// Faithfulness files (see instance.hpp).
#include "instance.hpp"

#include <sstream>
#include <stdexcept>

#include "concrete.hpp"

namespace mapsound::coq {

InstanceCandidate engine_candidate(const ModelModule& module, const exec::PreExecution& x,
                                   const exec::ExecutionQuery& query, const rel::Instance& solution) {
    InstanceCandidate c;
    c.primitives = primitive_facts(x, solution.tuples(query.rf));
    {
        const rel::Relation rf = rel::Relation::binary("rf");
        const model::Vocabulary v = exec::vocabulary_of(x, rf);
        rel::Instance at_rf(exec::universe_of(x));
        at_rf.set(rf, solution.tuples(query.rf));
        for (const auto& item : vocabulary_module().items) c.derived.emplace(item.cat_name, rel::evaluate(v.at(item.cat_name), at_rf));
    }
    for (const auto& w : query.instance.witnesses) c.witnesses.emplace(w.name, solution.tuples(w.relation));
    // The engine's conditions, kind by kind in file order, matched to the
    // module's items.
    auto match = [&](ModelItem::Kind kind, const std::vector<model::Axiom>& conditions) {
        std::size_t k = 0;
        for (const auto& item : module.items) {
            if (item.kind != kind) continue;
            if (k >= conditions.size() || conditions[k].name != item.cat_name)
                throw std::logic_error("export and engine list different conditions at '" + item.cat_name + "'");
            c.conditions[item.id] = rel::evaluate(conditions[k].holds, solution);
            ++k;
        }
        if (k != conditions.size()) throw std::logic_error("the engine has more conditions than the export");
    };
    match(ModelItem::Kind::requirement, query.instance.requirements);
    match(ModelItem::Kind::axiom, query.instance.axioms);
    match(ModelItem::Kind::flag, query.instance.flags);
    c.consistent = rel::evaluate(query.instance.consistent(), solution);
    return c;
}

namespace {

// The arguments of d_f (with_proofs: of d_fok) for an item whose
// dependencies are named p<dep> with proofs p<dep>_ok.
std::string dep_args(const ModelItem& item, const std::string& p, bool with_proofs) {
    std::string s;
    for (const auto& d : item.deps) s += " " + p + d + (with_proofs ? " " + p + d + "_ok" : "");
    return s;
}

}  // namespace

std::string instance_file(const ModelModule& module, std::size_t events,
                          const std::vector<InstanceCandidate>& candidates, const std::string& title) {
    const std::string& M = module.module;
    const ModelModule& V = vocabulary_module();
    std::ostringstream o;
    o << "(* " << title << "\n   Each claim states the engine's verdict; coqc proves it by computation\n"
         "   through the reflection lemmas of MsVocabulary_dec and "
      << M << "_dec, or rejects the file. *)\n\n"
      << "Require Import Coq.Lists.List Coq.Bool.Bool.\n"
      << "Require Import Mapsound.MsRel Mapsound.MsExec Mapsound.MsDecide Mapsound.MsVocabulary "
         "Mapsound.MsVocabulary_dec Mapsound."
      << M << " Mapsound." << M << "_dec.\nImport ListNotations.\n\n";
    o << event_type_text("ev", "ev_", events, "fin");
    for (std::size_t k = 0; k < candidates.size(); ++k) {
        const InstanceCandidate& c = candidates[k];
        const std::string p = "c" + std::to_string(k) + "_";
        const std::string X = p + "X", W = p + "W";
        const std::string on_x = "(exec_of " + X + ")", on_w = "(wit_of " + W + ")";
        const std::string hx = "(exec_of_reflects " + X + ")", hw = "(wit_of_reflects " + W + ")";
        o << "(* Candidate " << k << ": " << c.description << " *)\n";
        o << bexecution_text(X, "ev", "ev_", c.primitives);
        o << "Lemma " << p << "wf : wf " << on_x << ".\nProof. apply (wf_ok fin " << hx
          << "); by_vm. Qed.\n";
        o << "Definition " << W << " : BWitness ev := Build_BWitness ev";
        for (const auto& w : module.witnesses) {
            auto it = c.witnesses.find(w.cat_name);
            if (it == c.witnesses.end()) throw std::invalid_argument("no value for witness '" + w.cat_name + "'");
            o << "\n  " << tuples_text(it->second, "ev_");
        }
        o << ".\n";
        // The vocabulary's derived names, then the model's items, each from
        // the ones before.
        for (const auto& item : V.items) {
            const std::string name = p + item.id;
            o << "Definition " << name << " := MsVocabulary_dec." << item.id << "_f fin " << X << dep_args(item, p, false)
              << ".\nLemma " << name << "_ok : reflects" << item.arity << " " << name << " (" << item.id << " " << on_x
              << ").\nProof. exact (MsVocabulary_dec." << item.id << "_fok fin " << X << " " << on_x << " " << hx
              << dep_args(item, p, true) << "). Qed.\n";
            auto engine = c.derived.find(item.cat_name);
            if (engine == c.derived.end()) throw std::invalid_argument("no engine value for '" + item.cat_name + "'");
            const std::string same = item.arity == 2 ? "b_same fin " + name + " " + tuples_text(engine->second, "ev_")
                                                     : "forallb (fun x => Bool.eqb (" + name + " x) (" +
                                                           tuples_text(engine->second, "ev_") + " x)) (elems fin)";
            o << "Lemma " << name << "_engine : " << same << " = true.\nProof. by_vm. Qed.\n";
        }
        for (const auto& item : module.items) {
            const bool wit = item.reads_witness;
            const std::string name = p + item.id;
            const std::string f_args = " fin " + X + (wit ? " " + W : std::string());
            const std::string fok_args =
                f_args + " " + on_x + (wit ? " " + on_w : std::string()) + " " + hx + (wit ? " " + hw : std::string());
            const std::string meaning = "(" + item.id + " " + on_x + (wit ? " " + on_w : std::string()) + ")";
            o << "Definition " << name << " := " << item.id << "_f" << f_args << dep_args(item, p, false) << ".\n";
            if (item.kind == ModelItem::Kind::let) {
                o << "Lemma " << name << "_ok : reflects" << item.arity << " " << name << " " << meaning << ".\nProof. ";
                if (item.recursive)
                    o << "apply (" << item.id << "_fok" << fok_args << dep_args(item, p, true)
                      << "); by_vm. Qed.\n";
                else
                    o << "exact (" << item.id << "_fok" << fok_args << dep_args(item, p, true) << "). Qed.\n";
                continue;
            }
            o << "Lemma " << name << "_ok : reflectsP " << name << " " << meaning << ".\nProof. exact (" << item.id
              << "_fok" << fok_args << dep_args(item, p, true) << "). Qed.\n";
            auto v = c.conditions.find(item.id);
            if (v == c.conditions.end()) throw std::invalid_argument("no verdict for '" + item.cat_name + "'");
            if (v->second)
                o << "Lemma " << name << "_claim : " << meaning << ".\nProof. apply " << name
                  << "_ok; by_vm. Qed.\n";
            else
                o << "Lemma " << name << "_claim : ~ " << meaning << ".\nProof. intro H; pose proof (proj2 " << name
                  << "_ok H) as B; contradict_by_vm B. Qed.\n";
        }
        std::string parts;
        for (const auto& id : module.consistent_parts) parts += " " + p + id + " " + p + id + "_ok";
        o << "Lemma " << p << "consistent_claim : " << (c.consistent ? "" : "~ ") << "consistent " << on_x << " " << on_w
          << ".\n";
        if (c.consistent)
            o << "Proof. apply (consistent_fok " << on_x << " " << on_w << parts << "); by_vm. Qed.\n\n";
        else
            o << "Proof. intro H; pose proof (proj2 (consistent_fok " << on_x << " " << on_w << parts
              << ") H) as B; contradict_by_vm B. Qed.\n\n";
    }
    return o.str();
}

}  // namespace mapsound::coq
