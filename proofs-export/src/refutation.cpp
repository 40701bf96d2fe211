// The refutation of a statement by a counterexample (see refutation.hpp).
#include "refutation.hpp"

#include <cmath>
#include <sstream>

#include "concrete.hpp"
#include "identifier.hpp"
#include "mapsound/model.hpp"

namespace mapsound::coq {

namespace {

using Pairs = std::vector<std::pair<int, int>>;

rel::TupleSet tuples_of(const Pairs& pairs, std::size_t n) {
    rel::TupleSet t(n, 2);
    for (auto [a, b] : pairs) t.add(static_cast<std::size_t>(a), static_cast<std::size_t>(b));
    return t;
}

// The search gives a program one location per operation (an RMW is one),
// some unused: the counterexample, which keeps the used ones, gets an
// initial write for each of the others, on both sides.
int pad_locations(exec::PreExecution& source, mapping::Compiled& compiled) {
    int operations = 0, initial = 0;
    for (const auto& e : source.events) (e.thread < 0 ? initial : operations)++;
    operations -= static_cast<int>(source.rmw.size());
    const int extra = operations - initial;
    for (int k = 0; k < extra; ++k) {
        const int location = static_cast<int>(source.locations.size());
        const std::string name = "unused" + std::to_string(k);
        source.locations.push_back(name);
        compiled.target.locations.push_back(name);
        exec::Event e;
        e.kind = exec::EventKind::write;
        e.location = location;
        e.label = "init " + name + "=0";
        source.events.push_back(e);
        compiled.target.events.push_back(e);
        compiled.map.emplace_back(static_cast<int>(source.events.size()) - 1,
                                  static_cast<int>(compiled.target.events.size()) - 1);
    }
    return extra;
}

std::string witness_value(const ModelWitness& w, const std::map<std::string, Pairs>& values, std::size_t n,
                          const std::string& prefix, const std::string& what) {
    auto it = values.find(w.cat_name);
    if (it == values.end())
        throw ExportError("the counterexample records no " + what + " witness '" + w.cat_name + "' to refute with");
    if (w.arity != 2) throw ExportError("the " + what + " witness '" + w.cat_name + "' is a set; refutations take relations");
    return tuples_text(tuples_of(it->second, n), prefix);
}

// The proof that the program of the source execution S (exec_of Sb) is
// race-free (race_free_program S): every reads-from that wf allows is a
// subset of the write-read pairs of one location, every witness of a
// consistent execution a subset of its bound; with_rf_b gives each
// execution's booleans, and coqc checks them all by computation.
std::string program_race_freedom(const ModelModule& src, const ModelItem& race, const std::string& S,
                                 const std::string& hS) {
    std::ostringstream o;
    const std::string X = "(with_rf_b Sb (rel_of_list fs rl))";
    o << "(* ---- The program is race-free: no consistent execution of it raises " << race.cat_name << " ---- *)\n"
      << "Definition RF_cand : list (evs * evs) :=\n"
         "  pairs_where fs (fun x y => bW Sb x && bR Sb y && existsb (fun i => bat_ Sb x i && bat_ Sb y i) (elems fs)).\n"
      << "Lemma RF_cand_covers : forall r : rel evs, wf (with_rf " << S
      << " r) -> forall x y, r x y -> In (x, y) RF_cand.\nProof.\n"
         "  intros r Hwf x y Hxy.\n"
         "  assert (Hk : inclusion (rf (with_rf "
      << S << " r)) (prod (W (with_rf " << S << " r)) (R (with_rf " << S
      << " r)))) by (unfold wf in Hwf; tauto).\n"
         "  assert (Hl : inclusion (rf (with_rf "
      << S << " r)) (seq (at_ (with_rf " << S << " r)) (inv (at_ (with_rf " << S
      << " r))))) by (unfold wf in Hwf; tauto).\n"
         "  destruct (Hk x y Hxy) as [Hw Hr]; destruct (Hl x y Hxy) as [i [Hxi Hyi]].\n"
         "  unfold RF_cand, pairs_where; apply filter_In; split; [apply in_prod; apply elems_all |].\n"
         "  change (bW Sb x = true) in Hw; change (bR Sb y = true) in Hr.\n"
         "  change (bat_ Sb x i = true) in Hxi; change (bat_ Sb y i = true) in Hyi.\n"
         "  change (bW Sb x && bR Sb y && existsb (fun i => bat_ Sb x i && bat_ Sb y i) (elems fs) = true).\n"
         "  rewrite Hw, Hr; change (existsb (fun i => bat_ Sb x i && bat_ Sb y i) (elems fs) = true).\n"
         "  apply existsb_exists; exists i; split; [apply elems_all | rewrite Hxi, Hyi; reflexivity].\nQed.\n";
    o << "Definition execution_quiet (Xb : BExecution evs) (wsb : Src_dec.BWitness evs) : bool :=\n"
         "  match Src_dec.consistent_c fs Xb wsb with\n  | Some false => true\n"
         "  | Some true => match Src_dec."
      << race.id << "_c fs Xb wsb with Some false => true | _ => false end\n  | None => false\n  end.\n";
    std::string inner = "execution_quiet " + X + " (Wof";
    for (const auto& w : src.witnesses) inner += " s_" + w.id;
    inner += ")";
    for (std::size_t i = src.witnesses.size(); i-- > 0;)
        inner = "forallb (fun s_" + src.witnesses[i].id + " =>\n    " + inner + ") (subsets (pairs_where fs b_" +
                src.witnesses[i].id + "))";
    for (std::size_t i = src.witnesses.size(); i-- > 0;)
        inner = "match Src_dec." + src.witnesses[i].upper_id + "_c fs " + X + " with\n  | Some b_" +
                src.witnesses[i].id + " =>\n  " + inner + "\n  | None => false\n  end";
    o << "Definition program_execution_quiet (rl : list (evs * evs)) : bool :=\n  if wf_b fs " << X << " then\n  "
      << inner << "\n  else true.\n";
    o << "Lemma every_program_execution_quiet : forallb program_execution_quiet (subsets RF_cand) = true.\n"
         "Proof. by_vm. Qed.\n";
    o << "Lemma program_race_free : race_free_program " << S << ".\nProof.\n"
      << "  intros r ws Hwf Hcons Hflag.\n"
         "  destruct (@subset_reflects2 _ fs RF_cand r (RF_cand_covers r Hwf)) as [rl [Hin Hr]].\n"
         "  pose proof (proj1 (forallb_forall _ _) every_program_execution_quiet rl Hin) as P.\n"
         "  unfold program_execution_quiet in P.\n"
         "  assert (hX : xreflects "
      << X << " (with_rf " << S << " r)) by (apply with_rf_reflects; [exact " << hS
      << " | exact Hr]).\n"
         "  rewrite (proj2 (wf_ok fs hX) Hwf) in P.\n"
         "  assert (Hws : Src.well_formed (with_rf "
      << S << " r) ws) by (unfold Src.consistent in Hcons; unfold Src.well_formed; tauto).\n";
    for (const auto& w : src.witnesses)
        o << "  revert P; destruct (Src_dec." << w.upper_id << "_c fs " << X << ") as [b_" << w.id << " |] eqn:Eu_" << w.id
          << "; intro P; [| discriminate P].\n";
    std::string fact = "P";
    for (const auto& w : src.witnesses) {
        o << "  destruct (@subset_reflects2 _ fs (pairs_where fs b_" << w.id << ") (Src." << w.id
          << " ws)\n    (@bound_in_pairs _ fs _ _ _ (ok_value (Src_dec." << w.upper_id << "_cok fs _ _ hX) Eu_" << w.id
          << ") (Src." << w.bound_id << "_of_wf _ _ Hws))) as [s_" << w.id << " [Hin_" << w.id << " Hr_" << w.id << "]].\n";
        o << "  pose proof (proj1 (forallb_forall _ _) " << fact << " s_" << w.id << " Hin_" << w.id << ") as P_" << w.id
          << "; cbv beta in P_" << w.id << ".\n";
        fact = "P_" + w.id;
    }
    std::string wof = "(Wof";
    for (const auto& w : src.witnesses) wof += " s_" + w.id;
    wof += ")";
    o << "  assert (hws : Src_dec.wreflects " << wof << " ws) by (constructor; assumption).\n"
      << "  revert " << fact << "; unfold execution_quiet.\n"
      << "  destruct (Src_dec.consistent_c fs " << X << " " << wof << ") as [[|] |] eqn:Ec; intro Q; try discriminate Q.\n"
      << "  - revert Q; destruct (Src_dec." << race.id << "_c fs " << X << " " << wof
      << ") as [[|] |] eqn:Ef; intro Q; try discriminate Q.\n"
      << "    exact (ok_false (Src_dec." << race.id << "_cok fs _ _ _ ws hX hws) Ef Hflag).\n"
      << "  - exact (ok_false (Src_dec.consistent_cok fs _ _ _ ws hX hws) Ec Hcons).\nQed.\n\n";
    return o.str();
}

}  // namespace

Refutation refutation(const RefutationInput& in) {
    const auto& def = *in.check;
    const check::AxiomResult& r = *in.result;
    if (r.verdict != check::Verdict::fails || !r.counterexample)
        throw ExportError("refutation: " + r.axiom + " has no counterexample");
    const check::Counterexample& cx = *r.counterexample;
    const ModelModule& src = *in.source;
    const ModelModule& tgt = *in.target;
    const std::string id = statement_id(r.axiom);
    Refutation out;
    out.module = "Refute_" + coq_identifier(def.name) + "_" + id;

    exec::PreExecution source = cx.source;
    mapping::Compiled compiled = cx.compiled;
    const int padding = pad_locations(source, compiled);
    const std::size_t ns = source.events.size(), nt = compiled.target.events.size();
    const auto facts_s = primitive_facts(source, tuples_of(cx.source_rf, ns));
    const auto facts_t = primitive_facts(compiled.target, tuples_of(cx.target_rf, nt));

    // The source witnesses: the solver's lift, and the bounds to enumerate.
    std::map<std::string, Pairs> source_witnesses{{"co", cx.source_co}};
    const model::Model source_model = model::Model::load(def.source_model);
    const rel::Relation rf = rel::Relation::binary("rf");
    const model::ModelInstance probe = source_model.instantiate(exec::vocabulary_of(source, rf));
    rel::Instance at_rf(exec::universe_of(source));
    at_rf.set(rf, tuples_of(cx.source_rf, ns));
    std::size_t bits = 0;
    for (const auto& w : probe.witnesses) bits += rel::evaluate(w.upper, at_rf).size();
    if (bits > 20)
        throw ExportError("refuting " + r.axiom + ": the source witnesses' bounds have " + std::to_string(bits) +
                          " pairs, more than the 2^20 candidates a refutation enumerates");
    for (const auto& w : src.witnesses) {
        const ModelItem* upper = src.item(w.upper_id);
        if (upper && upper->reads_witness)
            throw ExportError("refuting " + r.axiom + ": the bound of witness '" + w.cat_name +
                              "' reads another witness; refutations enumerate bounds of the execution alone");
    }

    // With race freedom per program, the program's executions too: every
    // reads-from (each read one write of its location) and, for each, every
    // witness within its bound (estimated by the counterexample's).
    const ModelItem* race = nullptr;
    if (in.race_free_programs) {
        race = def.race_free_flag ? src.condition(*def.race_free_flag) : nullptr;
        if (!race) throw ExportError("refuting " + r.axiom + ": race-free programs need the check's race-free flag");
        double executions = 1;
        std::size_t candidates = 0;
        for (const auto& e : source.events) {
            if (e.kind != exec::EventKind::read) continue;
            std::size_t writes = 0;
            for (const auto& w : source.events)
                writes += w.kind == exec::EventKind::write && w.location == e.location ? 1 : 0;
            executions *= static_cast<double>(writes);
            candidates += writes;
        }
        const double work = std::ldexp(1.0, static_cast<int>(candidates)) + executions * std::ldexp(1.0, static_cast<int>(bits));
        if (candidates > 16 || work > std::ldexp(1.0, 20)) {
            out.not_written = "proving its program race-free would enumerate about " +
                              std::to_string(static_cast<long long>(work)) + " candidate executions, more than 2^20";
            return out;
        }
    }

    std::ostringstream o;
    o << "(* " << in.note << "\n   Refutes " << statement_upto_name(r.axiom) << " " << r.events << " of "
      << check_module_name(def) << ".v by the counterexample the\n   bounded search found (counterexamples/" << counterexample_stem(r.axiom)
      << "-source.litmus, compiled: " << counterexample_stem(r.axiom) << "-target.litmus)"
      << (padding ? ",\n   with " + std::to_string(padding) + " unused initial write(s) (the search gives each operation a location)"
                  : std::string())
      << ".\n   Every hypothesis of the statement holds on it and its conclusion fails;\n"
         "   coqc checks both by computation.  The conclusion quantifies over every\n"
         "   source witness: each lies within its declared bound, so checking every\n"
         "   subset of the bound covers it (MsRefute.v, with excluded middle). *)\n\n"
      << "Require Import Coq.Lists.List Coq.Bool.Bool.\n"
      << "Require Import Mapsound.MsRel Mapsound.MsExec Mapsound.MsDecide Mapsound.MsRefute Mapsound.MsVocabulary "
         "Mapsound.MsVocabulary_dec\n  Mapsound."
      << in.mapping_module->module << " Mapsound." << in.mapping_module->module << "_dec Mapsound."
      << check_module_name(def) << " Mapsound." << check_module_name(def) << "_dec.\nImport ListNotations.\n\n";
    o << "(* The source execution, the compiled target execution and the map. *)\n";
    o << event_type_text("evs", "ev_s", ns, "fs") << event_type_text("evt", "ev_t", nt, "ft");
    o << bexecution_text("Sb", "evs", "ev_s", facts_s) << bexecution_text("Tb", "evt", "ev_t", facts_t);
    o << "Definition mb : evs -> evt -> bool := " << map_text(compiled.map, "ev_s", "ev_t") << ".\n";
    o << "Definition map0 : evs -> evt -> Prop := fun e t => mb e t = true.\n";
    o << "Lemma hm : reflectsM mb map0.\nProof. intros e t; reflexivity. Qed.\n\n";
    o << "(* The target witnesses, and the solver's lift of them. *)\n";
    o << "Definition Wt : Tgt_dec.BWitness evt := Tgt_dec.Build_BWitness evt";
    for (const auto& w : tgt.witnesses) o << "\n  " << witness_value(w, cx.target_witnesses, nt, "ev_t", "target");
    o << ".\nDefinition Ws0 : Src_dec.BWitness evs := Src_dec.Build_BWitness evs";
    for (const auto& w : src.witnesses) o << "\n  " << witness_value(w, source_witnesses, ns, "ev_s", "source");
    o << ".\n\n";

    const std::string S = "(exec_of Sb)", T = "(exec_of Tb)", hS = "(exec_of_reflects Sb)", hT = "(exec_of_reflects Tb)";
    const std::string wt = "(Tgt_dec.wit_of Wt)", hwt = "(Tgt_dec.wit_of_reflects Wt)";
    const std::string ws0 = "(Src_dec.wit_of Ws0)", hws0 = "(Src_dec.wit_of_reflects Ws0)";
    const std::string n = std::to_string(r.events);
    o << "(* ---- Every hypothesis of the statement holds ---- *)\n";
    o << "Lemma wf_S : wf " << S << ".\nProof. apply (wf_ok fs " << hS << "); by_vm. Qed.\n";
    o << "Lemma wf_T : wf " << T << ".\nProof. apply (wf_ok ft " << hT << "); by_vm. Qed.\n";
    o << "Lemma searched_S : searched " << n << " " << S << ".\nProof. apply (searched_ok " << n << " fs Sb " << S << " "
      << hS << "); by_vm. Qed.\n";
    o << "Lemma compiled_ST : compiled " << S << " " << T << " map0.\nProof. apply (compiled_ok fs ft Sb Tb mb " << S
      << " " << T << " map0 " << hS << " " << hT << " hm); by_vm. Qed.\n";
    o << "Lemma lift_rf_ST : lift_rf " << S << " " << T << " map0.\nProof. apply (lift_rf_ok fs ft Sb Tb mb " << S << " "
      << T << " map0 " << hS << " " << hT << " hm); by_vm. Qed.\n";
    o << "Lemma consistent_T : Tgt.consistent " << T << " " << wt << ".\nProof. apply (ok_true (Tgt_dec.consistent_cok ft Tb Wt "
      << T << " " << wt << " " << hT << " " << hwt << ")); by_vm. Qed.\n";
    const std::string lift_args = " fs ft Sb Tb mb Wt Ws0 " + S + " " + T + " map0 " + wt + " " + ws0 + " " + hS + " " +
                                  hT + " hm " + hwt + " " + hws0;
    o << "Lemma lift0 : admissible " << S << " " << T << " map0 " << wt << " " << ws0 << " /\\ race_free " << S << " "
      << ws0 << ".\nProof.\n  split.\n  - apply (ok_true (admissible_cok" << lift_args
      << ")); by_vm.\n  - apply (ok_true (race_free_cok fs Sb Ws0 " << S << " " << ws0 << " " << hS
      << " " << hws0 << ")); by_vm.\nQed.\n\n";

    o << "(* ---- Every source witness within its bound ---- *)\n";
    for (const auto& w : src.witnesses) {
        o << "Definition U_" << w.id << " : list (evs * evs) :=\n  match Src_dec." << w.upper_id
          << "_c fs Sb with Some b => pairs_where fs b | None => [] end.\n";
        o << "Lemma U_" << w.id << "_covers : forall ws : Src.Witness evs, Src.well_formed " << S
          << " ws ->\n  forall x y, Src." << w.id << " ws x y -> In (x, y) U_" << w.id << ".\nProof.\n  intros ws Hwf x y Hxy; unfold U_"
          << w.id << ".\n  destruct (Src_dec." << w.upper_id
          << "_c fs Sb) as [b |] eqn:Eu; [| vm_compute in Eu; discriminate].\n  exact (@bound_in_pairs _ fs _ _ _ (ok_value (Src_dec."
          << w.upper_id << "_cok fs Sb " << S << " " << hS << ") Eu)\n    (Src." << w.bound_id << "_of_wf _ _ Hwf) x y Hxy).\nQed.\n";
    }
    o << "Definition Wof";
    for (const auto& w : src.witnesses) o << " (s_" << w.id << " : list (evs * evs))";
    o << " : Src_dec.BWitness evs :=\n  Src_dec.Build_BWitness evs";
    for (const auto& w : src.witnesses) o << " (rel_of_list fs s_" << w.id << ")";
    o << ".\n\n";

    if (race) o << program_race_freedom(src, *race, S, hS);

    // The enumeration: nested forallb over each witness's subsets.
    std::string wof = "(Wof";
    for (const auto& w : src.witnesses) wof += " s_" + w.id;
    wof += ")";
    std::string check = "match " + lift_check_name(r.axiom) + " fs ft Sb Tb mb Wt " + wof +
                        " with Some false => true | _ => false end";
    for (std::size_t i = src.witnesses.size(); i-- > 0;)
        check = "forallb (fun s_" + src.witnesses[i].id + " =>\n  " + check + ") (subsets U_" + src.witnesses[i].id + ")";
    o << "(* ---- No admissible race-free lift satisfies " << r.axiom << " ---- *)\n";
    o << "Lemma every_lift_fails :\n  " << check << " = true.\nProof. by_vm. Qed.\n\n";

    o << "Theorem " << id << "_refuted : ~ " << statement_upto_name(r.axiom) << " " << n << ".\nProof.\n  intro H.\n"
      << "  destruct (H evs evt " << S << " " << T << " map0 " << wt
      << " wf_S wf_T searched_S compiled_ST lift_rf_ST consistent_T" << (race ? " program_race_free" : "")
      << "\n    (ex_intro _ " << ws0
      << " lift0)) as [ws [Hadm [Hrace Hsat]]].\n";
    std::string facts = "every_lift_fails";
    for (const auto& w : src.witnesses) {
        o << "  destruct (@subset_reflects2 _ fs U_" << w.id << " (Src." << w.id << " ws) (U_" << w.id
          << "_covers ws (proj1 Hadm))) as [s_" << w.id << " [Hin_" << w.id << " Hr_" << w.id << "]].\n";
        o << "  pose proof (proj1 (forallb_forall _ _) " << facts << " s_" << w.id << " Hin_" << w.id << ") as F_" << w.id
          << "; cbv beta in F_" << w.id << ".\n";
        facts = "F_" + w.id;
    }
    o << "  assert (hws : Src_dec.wreflects " << wof << " ws) by (constructor; assumption).\n";
    o << "  destruct (" << lift_check_name(r.axiom) << " fs ft Sb Tb mb Wt " << wof << ") as [[|] |] eqn:Ec; try discriminate.\n";
    o << "  exact (ok_false (" << lift_check_name(r.axiom) << "ok fs ft Sb Tb mb Wt " << wof << " " << S << " " << T
      << " map0 " << wt << " ws " << hS << " " << hT << " hm " << hwt << " hws) Ec (conj Hadm (conj Hrace Hsat))).\nQed.\n";
    out.text = o.str();
    return out;
}

}  // namespace mapsound::coq
