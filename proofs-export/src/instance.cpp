// Faithfulness files (see instance.hpp).
#include "instance.hpp"

#include <sstream>
#include <stdexcept>

namespace mapsound::coq {

namespace {

std::string ev(std::size_t i) { return "e" + std::to_string(i); }

std::string set_text(const rel::TupleSet& t) {
    if (t.empty()) return "(fun _ => false)";
    if (t.size() == t.capacity()) return "(fun _ => true)";
    std::string s = "(fun x => match x with";
    bool first = true;
    for (std::size_t i : t.indices()) {
        s += (first ? " " : " | ") + ev(i);
        first = false;
    }
    return s + " => true | _ => false end)";
}

std::string rel_text(const rel::TupleSet& t) {
    if (t.empty()) return "(fun _ _ => false)";
    if (t.size() == t.capacity()) return "(fun _ _ => true)";
    const std::size_t n = t.universe_size();
    std::string s = "(fun x y => match x, y with";
    bool first = true;
    for (std::size_t i : t.indices()) {
        s += (first ? " " : " | ") + ev(i / n) + ", " + ev(i % n);
        first = false;
    }
    return s + " => true | _, _ => false end)";
}

std::string tuples_text(const rel::TupleSet& t) { return t.arity() == 1 ? set_text(t) : rel_text(t); }

const char* const kBase[] = {"R",  "W",   "F",    "BAR",  "BAR_ARRIVE", "M",    "IW",   "RMW",  "NA",   "WEAK", "RLX",
                             "ACQ", "REL", "ACQ_REL", "SC", "CTA", "GPU", "SYS", "po",  "rf",   "rmw",
                             "addr", "data", "ctrl", "loc", "int",  "ext", "scta", "sgpu", "incl", "sbar"};

}  // namespace

InstanceCandidate engine_candidate(const ModelModule& module, const exec::PreExecution& x,
                                   const exec::ExecutionQuery& query, const rel::Instance& solution) {
    InstanceCandidate c;
    const model::Vocabulary vocabulary = exec::vocabulary_of(x, query.rf);
    for (const char* name : kBase) c.base.emplace(name, rel::evaluate(vocabulary.at(name), solution));
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

std::string instance_file(const ModelModule& module, std::size_t events,
                          const std::vector<InstanceCandidate>& candidates, const std::string& title) {
    if (events == 0) throw std::invalid_argument("an execution needs at least one event");
    const std::string& M = module.module;
    std::ostringstream o;
    o << "(* " << title << "\n   Each claim states the engine's verdict; coqc proves it by computation\n"
         "   through the reflection lemmas of "
      << M << "_dec, or rejects the file. *)\n\n"
      << "Require Import Coq.Lists.List Coq.Bool.Bool.\n"
      << "Require Import Mapsound.MsRel Mapsound.MsExec Mapsound.MsDecide Mapsound." << M << " Mapsound." << M
      << "_dec.\nImport ListNotations.\n\n";
    o << "Inductive ev := ";
    for (std::size_t i = 0; i < events; ++i) o << (i ? " | " : "") << ev(i);
    o << ".\nScheme Equality for ev.\n";
    o << "Definition ev_all := [";
    for (std::size_t i = 0; i < events; ++i) o << (i ? "; " : "") << ev(i);
    o << "].\n";
    o << "Lemma ev_beq_eq : forall x y, ev_beq x y = true <-> x = y.\n"
         "Proof. intros x y; split; [apply internal_ev_dec_bl | apply internal_ev_dec_lb]. Qed.\n"
         "Lemma ev_all_in : forall x, In x ev_all.\n"
         "Proof. destruct x; simpl; tauto. Qed.\n"
         "Definition fin : finite ev := {| elems := ev_all; eqb := ev_beq; eqb_eq := ev_beq_eq; elems_all := ev_all_in |}.\n\n";
    for (std::size_t k = 0; k < candidates.size(); ++k) {
        const InstanceCandidate& c = candidates[k];
        const std::string p = "c" + std::to_string(k) + "_";
        const std::string X = p + "X", W = p + "W", args = "fin " + X + " " + W;
        o << "(* Candidate " << k << ": " << c.description << " *)\n";
        o << "Definition " << X << " : BExecution ev := {|";
        bool first = true;
        for (const char* name : kBase) {
            o << (first ? "\n  " : ";\n  ") << "b" << name << " := " << tuples_text(c.base.at(name));
            first = false;
        }
        o << " |}.\n";
        o << "Definition " << W << " : BWitness ev := Build_BWitness ev";
        for (const auto& w : module.witnesses) {
            auto it = c.witnesses.find(w.cat_name);
            if (it == c.witnesses.end()) throw std::invalid_argument("no value for witness '" + w.cat_name + "'");
            o << "\n  " << tuples_text(it->second);
        }
        o << ".\n";
        const std::string on = "(exec_of " + X + ") (wit_of " + W + ")";
        for (const auto& item : module.items) {
            std::string deps;
            for (const auto& d : item.deps) deps += " " + p + d + " " + p + d + "_ok";
            const std::string name = p + item.id;
            if (item.kind == ModelItem::Kind::let) {
                const std::string a = std::to_string(item.arity);
                o << "Definition " << name << " := " << item.id << "_f " << args;
                for (const auto& d : item.deps) o << " " << p << d;
                o << ".\nLemma " << name << "_ok : reflects" << a << " " << name << " (" << item.id << " " << on
                  << ").\nProof. ";
                if (item.recursive)
                    o << "apply (" << item.id << "_fok " << args << deps << "); vm_compute; reflexivity. Qed.\n";
                else
                    o << "exact (" << item.id << "_fok " << args << deps << "). Qed.\n";
            } else {
                o << "Definition " << name << " := " << item.id << "_f " << args;
                for (const auto& d : item.deps) o << " " << p << d;
                o << ".\nLemma " << name << "_ok : reflectsP " << name << " (" << item.id << " " << on
                  << ").\nProof. exact (" << item.id << "_fok " << args << deps << "). Qed.\n";
                auto v = c.conditions.find(item.id);
                if (v == c.conditions.end()) throw std::invalid_argument("no verdict for '" + item.cat_name + "'");
                if (v->second)
                    o << "Lemma " << name << "_claim : " << item.id << " " << on << ".\nProof. apply " << name
                      << "_ok; vm_compute; reflexivity. Qed.\n";
                else
                    o << "Lemma " << name << "_claim : ~ " << item.id << " " << on << ".\nProof. intro H; pose proof (proj2 "
                      << name << "_ok H) as B; vm_compute in B; discriminate B. Qed.\n";
            }
        }
        std::string parts;
        for (const auto& id : module.consistent_parts) parts += " " + p + id + " " + p + id + "_ok";
        o << "Lemma " << p << "consistent_claim : " << (c.consistent ? "" : "~ ") << "consistent " << on << ".\n";
        if (c.consistent)
            o << "Proof. apply (consistent_fok " << on << parts << "); vm_compute; reflexivity. Qed.\n\n";
        else
            o << "Proof. intro H; pose proof (proj2 (consistent_fok " << on << parts
              << ") H) as B; vm_compute in B; discriminate B. Qed.\n\n";
    }
    return o.str();
}

}  // namespace mapsound::coq
