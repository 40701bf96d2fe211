// The Coq module of one check and the user's proof skeleton (see
// check_module.hpp).
#include "check_module.hpp"

#include <cstdio>
#include <sstream>

#include "identifier.hpp"
#include "logic.hpp"
#include "mapsound/model.hpp"
#include "output/output_directory.hpp"

namespace mapsound::coq {

namespace {

using namespace logic;
using mapping::SourceKind;

// A comment's text, wrapped at 80 columns and indented by three.
std::string wrapped(const std::string& text) {
    std::string out = "  ", line;
    std::istringstream words(text);
    std::string word;
    while (words >> word) {
        if (!line.empty() && line.size() + 1 + word.size() > 77) {
            out += " " + line + "\n  ";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    return out + " " + line;
}

std::string seconds_text(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", s);
    return buf;
}

std::string order_constant(exec::Order o) {
    switch (o) {
        case exec::Order::na: return "(Some O_NA)";
        case exec::Order::weak: return "(Some O_WEAK)";
        case exec::Order::rlx: return "(Some O_RLX)";
        case exec::Order::acq: return "(Some O_ACQ)";
        case exec::Order::rel: return "(Some O_REL)";
        case exec::Order::acq_rel: return "(Some O_ACQ_REL)";
        case exec::Order::sc: return "(Some O_SC)";
        case exec::Order::none: return "None";
    }
    return "None";
}

Formula source_set(const std::string& primitive, const std::string& x) { return holds(field(kSource, primitive), x); }
Formula source_rel(const std::string& primitive, const std::string& x, const std::string& y) {
    return holds(field(kSource, primitive), x, y);
}
Formula forall2(const Formula& body) {
    return forall_events(kSource, "e1", forall_events(kSource, "e2", body));
}

// The source programs of the search, but for their size: events of the
// classes searched (the source dialect's, less the check's exclusions).
Formula program_space(const std::vector<mapping::SourceClass>& searched, const SearchSettings& settings) {
    // OpenCL's classes carry memory regions: each class says which of
    // GLOBAL and LOCAL its events are in.
    const bool regions = std::any_of(searched.begin(), searched.end(),
                                     [](const mapping::SourceClass& c) { return c.regions != 0; });
    auto region_parts = [&](const mapping::SourceClass& c) {
        std::vector<Formula> out;
        if (!regions) return out;
        for (exec::Tag t : {exec::Tag::global, exec::Tag::local}) {
            const Formula in = source_set(exec::tag_name(t), "e");
            out.push_back((c.regions >> static_cast<unsigned>(t)) & 1U ? in : negation(in));
        }
        return out;
    };
    std::vector<Formula> classes;
    for (const auto& c : searched) {
        const std::string order = order_constant(c.order);
        std::vector<Formula> parts;
        if (c.kind == SourceKind::rmw) {
            parts = {source_set("RMW", "e"), order_is(kSource, "e", order)};
        } else {
            const char* kind = c.kind == SourceKind::read ? "R" : c.kind == SourceKind::write ? "W" : "F";
            parts = {source_set(kind, "e"), negation(source_set("RMW", "e")), order_is(kSource, "e", order)};
        }
        for (auto& r : region_parts(c)) parts.push_back(std::move(r));
        classes.push_back(conj(parts));
    }
    std::vector<Formula> parts;
    parts.push_back(forall_events(kSource, "e", implies(thread_event(kSource, "e"), disj(classes))));
    // A location is in one region: its accesses agree on GLOBAL.
    if (regions)
        parts.push_back(forall2(forall_events(
            kSource, "i",
            implies(thread_event(kSource, "e1"),
                    implies(thread_event(kSource, "e2"),
                            implies(source_rel("at", "e1", "i"),
                                    implies(source_rel("at", "e2", "i"),
                                            iff(source_set("GLOBAL", "e1"), source_set("GLOBAL", "e2")))))))));
    // Local memory is a work-group's own: a local location's accesses are
    // all in one CTA.
    if (regions)
        parts.push_back(forall2(forall_events(
            kSource, "i",
            implies(source_set("LOCAL", "e1"),
                    implies(source_set("LOCAL", "e2"),
                            implies(source_rel("at", "e1", "i"),
                                    implies(source_rel("at", "e2", "i"), source_rel("same-cta", "e1", "e2"))))))));
    std::vector<Formula> levels;
    if (settings.scoped) {
        levels.push_back(scope_is(kSource, "e", "(Some L_CTA)"));
        if (settings.cluster) levels.push_back(scope_is(kSource, "e", "(Some L_CLUSTER)"));
        levels.push_back(scope_is(kSource, "e", "(Some L_GPU)"));
    }
    levels.push_back(scope_is(kSource, "e", "(Some L_SYS)"));
    const Formula atomic_scope = levels.size() == 1 ? levels.front() : disj(levels);
    parts.push_back(forall_events(
        kSource, "e",
        implies(thread_event(kSource, "e"),
                conj({implies(atomic(kSource, "e"), atomic_scope),
                      implies(negation(atomic(kSource, "e")), scope_is(kSource, "e", "None"))}))));
    if (settings.scoped) {
        // The searched tree: subgroup as CTA, queue family as GPU, and
        // without a cluster level a GPU's CTAs in one cluster (MsExec.wf
        // nests the levels).
        std::vector<Formula> tree{iff(source_rel("same-sg", "e1", "e2"), source_rel("same-cta", "e1", "e2")),
                                  iff(source_rel("same-qf", "e1", "e2"), source_rel("same-gpu", "e1", "e2"))};
        if (!settings.cluster)
            tree.insert(tree.begin() + 1, iff(source_rel("same-cluster", "e1", "e2"), source_rel("same-gpu", "e1", "e2")));
        parts.push_back(forall2(conj(tree)));
        // `scopes cta gpu`: every thread on one GPU.
        if (settings.one_gpu)
            parts.push_back(forall2(implies(thread_event(kSource, "e1"),
                                            implies(thread_event(kSource, "e2"), source_rel("same-gpu", "e1", "e2")))));
    } else {
        parts.push_back(forall2(implies(thread_event(kSource, "e1"),
                                        implies(thread_event(kSource, "e2"), source_rel("same-sg", "e1", "e2")))));
    }
    parts.push_back(forall2(negation(source_rel("ctrl", "e1", "e2"))));
    if (settings.dependencies) {
        parts.push_back(forall2(implies(source_rel("addr", "e1", "e2"),
                                        conj({source_set("R", "e2"), negation(source_set("RMW", "e2"))}))));
        parts.push_back(forall2(implies(source_rel("data", "e1", "e2"),
                                        conj({source_set("W", "e2"), negation(source_set("RMW", "e2"))}))));
    } else {
        parts.push_back(forall2(negation(source_rel("addr", "e1", "e2"))));
        parts.push_back(forall2(negation(source_rel("data", "e1", "e2"))));
    }
    parts.push_back(forall_events(kSource, "e", negation(source_set("BAR", "e"))));
    if (!regions) {
        parts.push_back(forall_events(kSource, "e", forall_in("Tag", "g", negation(tag_set(kSource, "g", "e")))));
    } else {
        // Only the classes' regions, on thread events (said above).
        std::vector<Formula> none;
        for (unsigned t = 0; t < exec::kTagCount; ++t) {
            const auto tag = static_cast<exec::Tag>(t);
            const Formula in = source_set(exec::tag_name(tag), "e");
            if (tag == exec::Tag::global || tag == exec::Tag::local)
                none.push_back(implies(negation(thread_event(kSource, "e")), negation(in)));
            else
                none.push_back(negation(in));
        }
        parts.push_back(forall_events(kSource, "e", conj(none)));
    }
    parts.push_back(forall2(iff(source_rel("vat", "e1", "e2"), source_rel("at", "e1", "e2"))));
    return conj(parts);
}

Formula searched() {
    const Term threads = thread_events(kSource);
    const Term operations = set_diff(threads, set_inter(field(kSource, "RMW"), field(kSource, "W")));
    return conj({at_most(kSource, "n", threads), exists_events(kSource, "e", thread_event(kSource, "e")),
                 same_count(kSource, field(kSource, "IW"), operations),
                 Formula{"(program_space S)", "(program_space_b fs Sb)", "(program_space_ok fs Sb S hS)"}});
}

}  // namespace

SearchSettings search_settings(const mapping::CheckDefinition& check) {
    // As lib/check/checker.cpp decides it: what the source model reads.
    const model::Model source = model::Model::load(check.source_model);
    exec::PreExecution empty;
    const auto probe = source.instantiate(exec::vocabulary_of(empty, rel::Relation::binary("rf")));
    SearchSettings s;
    for (const auto& n : exec::scope_names()) s.scoped = s.scoped || probe.vocabulary_used.count(n) != 0;
    s.cluster = s.scoped && check.cluster_level;
    s.one_gpu = s.scoped && check.one_gpu;
    for (const char* n : {"addr", "data", "ctrl"}) s.dependencies = s.dependencies || probe.vocabulary_used.count(n) != 0;
    return s;
}

std::string check_module_name(const mapping::CheckDefinition& check) { return "Check_" + coq_identifier(check.name); }
std::string proofs_module_name(const mapping::CheckDefinition& check) { return "Proofs_" + coq_identifier(check.name); }
std::string statement_id(const std::string& axiom) {
    return axiom == check::kWholeModel ? std::string("mapping") : coq_identifier(axiom);
}
std::string counterexample_stem(const std::string& axiom) {
    return axiom == check::kWholeModel ? std::string("mapping") : output::safe_file_name(axiom);
}
std::string statement_upto_name(const std::string& axiom) { return statement_id(axiom) + "_statement_upto"; }
std::string lift_check_name(const std::string& axiom) { return statement_id(axiom) + "_lift_c"; }

CheckModule check_module(const CheckModuleInput& in) {
    const auto& def = *in.check;
    const ModelModule& src = *in.source;
    const ModelModule& tgt = *in.target;
    const std::string src_dec = src.module + "_dec", tgt_dec = tgt.module + "_dec";
    auto witness_of = [](const ModelModule& m, const std::string& name) -> const ModelWitness& {
        for (const auto& w : m.witnesses)
            if (w.cat_name == name) return w;
        throw ExportError(display_path(m.cat_path) + ": the model has no witness '" + name + "', which the lifting needs");
    };
    auto let_of = [](const ModelModule& m, const std::string& name) -> const ModelItem& {
        const ModelItem* i = m.final_let(name);
        if (!i) throw ExportError(display_path(m.cat_path) + ": the model defines no '" + name + "', which the lifting needs");
        return *i;
    };
    const ModelWitness& src_co = witness_of(src, "co");
    const ModelWitness& tgt_co = witness_of(tgt, "co");
    const bool extends = def.lift == mapping::Lift::extends;

    CheckModule out;
    std::ostringstream o, b;
    o << "(* " << in.note << "\n   Check " << def.name << " (" << display_path(def.path) << "):\n     source "
      << display_path(def.source_model) << "\n     target " << display_path(def.target_model) << "\n     mapping "
      << display_path(def.mapping) << "\n     lift " << (extends ? "extends" : "per-thread")
      << (def.race_free_flag ? ", race-free flag " + *def.race_free_flag : std::string()) << "\n"
      << "   Regenerated by every export: write proofs in " << proofs_module_name(def) << ".v. *)\n\n"
      << "Require Import Mapsound.MsRel Mapsound.MsExec Mapsound.MsVocabulary Mapsound." << in.mapping_module->module
      << ".\nRequire Mapsound." << src.module << (tgt.module != src.module ? " Mapsound." + tgt.module : "") << ".\n"
      << "Module Src := Mapsound." << src.module << ".\nModule Tgt := Mapsound." << tgt.module << ".\n\n";
    b << "(* " << in.note << "\n   Decisions of " << check_module_name(def)
      << " on finite executions, with the proofs that they\n   reflect the definitions (MsDecide.v); the "
         "refutations of statements use them. *)\n\n"
         "Require Import Coq.Lists.List Coq.Bool.Bool Coq.Arith.PeanoNat.\n"
         "Require Import Mapsound.MsRel Mapsound.MsExec Mapsound.MsDecide Mapsound.MsVocabulary "
         "Mapsound.MsVocabulary_dec Mapsound."
      << in.mapping_module->module << " Mapsound." << check_module_name(def) << ".\nRequire Mapsound." << src_dec
      << (tgt.module != src.module ? " Mapsound." + tgt_dec : "") << ".\nModule Src_dec := Mapsound." << src_dec
      << ".\nModule Tgt_dec := Mapsound." << tgt_dec << ".\n\n";

    // ---- the search space
    const Formula space = program_space(in.classes, in.settings);
    std::string classes_text, excluded_text;
    for (const auto& c : in.classes) classes_text += (classes_text.empty() ? "" : ", ") + c.to_string();
    for (const auto& e : def.exclusions)
        excluded_text += (excluded_text.empty() ? "" : "; ") + e.text +
                         (e.reason.empty() ? "" : " (" + e.reason + ")");
    o << "(* ---- The programs the bounded search covered (lib/check) ----\n"
      << wrapped("program_space: every event of a thread is of one of the classes searched, " +
                 (classes_text.empty() ? std::string("none") : classes_text) + ", with exactly that class's memory order" +
                 (excluded_text.empty() ? std::string()
                                        : "; the check excludes " + excluded_text +
                                              ", so no statement speaks of programs with them") +
                 "; straight-line programs (no control dependencies); " +
                 std::string(in.settings.dependencies
                                 ? "dependencies from reads to later reads (addr) and writes (data), never into a "
                                   "read-modify-write"
                                 : "no dependencies (the source model reads none)") +
                 "; no barriers, no tags beyond order and scope, locations named as they are (vat = at); " +
                 (in.settings.one_gpu
                      ? "atomic events are .cta, .gpu or .sys, the others have no scope; threads are placed in CTAs "
                        "of one GPU (a subgroup is its CTA, a cluster and a queue family are the GPU)"
                  : in.settings.cluster
                      ? "atomic events are .cta, .cluster, .gpu or .sys, the others have no scope; threads are placed "
                        "in CTAs, clusters and GPUs (a subgroup is its CTA, a queue family its GPU)"
                  : in.settings.scoped
                      ? "atomic events are .cta, .gpu or .sys, the others have no scope; threads are placed in CTAs "
                        "and GPUs only (a subgroup is its CTA, a cluster and a queue family are their GPU)"
                      : "the source model reads no scope, so every thread runs in one subgroup of one CTA of one GPU "
                        "(exec::scope_names(), README \"Mapping checks\") and atomic events are .sys, the others "
                        "unscoped") +
                 ".  A read-modify-write is a read and a write that succeed together (no failed "
                 "compare-and-swap); values are not part of executions, rf is any reads-from of the locations.")
      << "\n"
      << wrapped("searched n: from 1 to n events of threads (a read-modify-write is two), and one location per "
                 "operation, some unused: as many initial writes as operations (a read-modify-write is one).")
      << " *)\n";
    o << "Definition program_space {Es} (S : Execution Es) : Prop :=\n  " << layout(space.prop, 2) << ".\n\n";
    const Formula bounded = searched();
    o << "Definition searched (n : nat) {Es} (S : Execution Es) : Prop :=\n  " << layout(bounded.prop, 2) << ".\n\n";
    b << "Definition program_space_b {Es} (fs : finite Es) (Sb : BExecution Es) : bool :=\n  " << space.boolean
      << ".\nLemma program_space_ok {Es} (fs : finite Es) (Sb : BExecution Es) (S : Execution Es) (hS : xreflects Sb S) :\n"
         "  reflectsP (program_space_b fs Sb) (program_space S).\nProof.\n  exact "
      << space.proof << ".\nQed.\n\n";
    b << "Definition searched_b (n : nat) {Es} (fs : finite Es) (Sb : BExecution Es) : bool :=\n  " << bounded.boolean
      << ".\nLemma searched_ok (n : nat) {Es} (fs : finite Es) (Sb : BExecution Es) (S : Execution Es) (hS : xreflects Sb S) :\n"
         "  reflectsP (searched_b n fs Sb) (searched n S).\nProof.\n  exact "
      << bounded.proof << ".\nQed.\n\n";

    // ---- lifting
    const std::string co_s = "(Src." + src_co.id + " ws)", co_t = "(Tgt." + tgt_co.id + " wt)";
    o << "(* ---- Lifting the target execution back to the source ---- *)\n"
         "(* rf of the source is rf of the target read back through map. *)\n"
         "Definition lift_rf {Es Et} (S : Execution Es) (T : Execution Et) (map_ : Es -> Et -> Prop) : Prop :=\n"
         "  same_rel (rf S) (lifted map_ (rf T)).\n";
    const Formula rf_lift = same_rel(kSource, field(kSource, "rf"), lifted(field(kTarget, "rf")));
    b << "Definition lift_rf_b {Es Et} (fs : finite Es) (ft : finite Et) (Sb : BExecution Es) (Tb : BExecution Et)"
         " (mb : Es -> Et -> bool) : bool :=\n  "
      << rf_lift.boolean
      << ".\nLemma lift_rf_ok {Es Et} (fs : finite Es) (ft : finite Et) (Sb : BExecution Es) (Tb : BExecution Et)"
         " (mb : Es -> Et -> bool)\n  (S : Execution Es) (T : Execution Et) (map_ : Es -> Et -> Prop)"
         " (hS : xreflects Sb S) (hT : xreflects Tb T) (hm : reflectsM mb map_) :\n"
         "  reflectsP (lift_rf_b fs ft Sb Tb mb) (lift_rf S T map_).\nProof.\n  exact "
      << rf_lift.proof << ".\nQed.\n\n";
    const std::string lift_params =
        "{Es Et} (S : Execution Es) (T : Execution Et) (map_ : Es -> Et -> Prop)\n  (wt : Tgt.Witness Et) (ws : "
        "Src.Witness Es)";
    std::string lift_c_body, lift_c_proof;
    if (extends) {
        const ModelItem& fr_s = let_of(src, "fr");
        const ModelItem& fr_t = let_of(tgt, "fr");
        const std::string frs = "(Src." + fr_s.id + " S" + (fr_s.reads_witness ? " ws" : "") + ")";
        const std::string frt = "(Tgt." + fr_t.id + " T" + (fr_t.reads_witness ? " wt" : "") + ")";
        o << "(* lift extends: the source coherence is any one the source model accepts\n"
             "   that contains the target's (co_tgt <= map^-1;co;map) and whose from-reads\n"
             "   contains the target's (fr_tgt <= map^-1;fr;map). *)\n"
             "Definition lift_witness "
          << lift_params << " : Prop :=\n  inclusion " << co_t << " (pulled map_ " << co_s << ") /\\\n  inclusion "
          << frt << " (pulled map_ " << frs << ").\n\n";
        b << "Definition lift_witness_b {Es Et} (fs : finite Es) (ft : finite Et) (mb : Es -> Et -> bool)\n"
             "  (tco tfr : brel Et) (sco sfr : brel Es) : bool :=\n"
             "  if b_inclusion ft tco (b_pulled fs ft mb sco) then b_inclusion ft tfr (b_pulled fs ft mb sfr) else false.\n"
             "Lemma lift_witness_ok {Es Et} (fs : finite Es) (ft : finite Et) (mb : Es -> Et -> bool)\n"
             "  (tco tfr : brel Et) (sco sfr : brel Es) (S : Execution Es) (T : Execution Et) (map_ : Es -> Et -> Prop)\n"
             "  (wt : Tgt.Witness Et) (ws : Src.Witness Es) (hm : reflectsM mb map_)\n"
             "  (htco : reflects2 tco "
          << co_t << ") (htfr : reflects2 tfr " << frt << ")\n  (hsco : reflects2 sco " << co_s
          << ") (hsfr : reflects2 sfr " << frs
          << ") :\n  reflectsP (lift_witness_b fs ft mb tco tfr sco sfr) (lift_witness S T map_ wt ws).\nProof.\n"
             "  exact (r_andL (r_inclusion ft htco (r_pulled fs ft hm hsco)) (r_inclusion ft htfr (r_pulled fs ft hm hsfr))).\nQed.\n\n";
        const std::string frt_c = "Tgt_dec." + fr_t.id + "_c ft Tb" + (fr_t.reads_witness ? " wtb" : "");
        const std::string frs_c = "Src_dec." + fr_s.id + "_c fs Sb" + (fr_s.reads_witness ? " wsb" : "");
        lift_c_body = "  match " + frt_c + ", " + frs_c +
                      " with\n  | Some tfr, Some sfr => Some (lift_witness_b fs ft mb (Tgt_dec.wb_" + tgt_co.id +
                      " wtb) tfr (Src_dec.wb_" + src_co.id + " wsb) sfr)\n  | _, _ => None\n  end";
        lift_c_proof = "  destruct (" + frt_c + ") as [tfr |] eqn:E1; [| intros v Hv; discriminate].\n  destruct (" +
                       frs_c + ") as [sfr |] eqn:E2; [| intros v Hv; discriminate].\n"
                       "  apply ok_some, lift_witness_ok; [exact hm | exact (Tgt_dec.wr_" + tgt_co.id +
                       " hwt) | exact (ok_value (Tgt_dec." + fr_t.id + "_cok ft Tb" +
                       (fr_t.reads_witness ? " wtb" : "") + " T" + (fr_t.reads_witness ? " wt" : "") + " hT" +
                       (fr_t.reads_witness ? " hwt" : "") + ") E1) | exact (Src_dec.wr_" + src_co.id +
                       " hws) | exact (ok_value (Src_dec." + fr_s.id + "_cok fs Sb" + (fr_s.reads_witness ? " wsb" : "") +
                       " S" + (fr_s.reads_witness ? " ws" : "") + " hS" + (fr_s.reads_witness ? " hws" : "") + ") E2)].\n";
    } else {
        o << "(* lift per-thread (seed 003 Definition 13): co = map;(co_tgt+ & int);map^-1. *)\n"
             "Definition lift_witness "
          << lift_params << " : Prop :=\n  same_rel " << co_s << " (lifted map_ (inter (tc " << co_t << ") (int T))).\n\n";
        b << "Definition lift_witness_b {Es Et} (fs : finite Es) (ft : finite Et) (mb : Es -> Et -> bool)\n"
             "  (tco tint : brel Et) (sco : brel Es) : bool :=\n"
             "  b_same_rel fs sco (b_lifted fs ft mb (b_inter (b_tc ft tco) tint)).\n"
             "Lemma lift_witness_ok {Es Et} (fs : finite Es) (ft : finite Et) (mb : Es -> Et -> bool)\n"
             "  (tco tint : brel Et) (sco : brel Es) (S : Execution Es) (T : Execution Et) (map_ : Es -> Et -> Prop)\n"
             "  (wt : Tgt.Witness Et) (ws : Src.Witness Es) (hm : reflectsM mb map_)\n"
             "  (htco : reflects2 tco "
          << co_t << ") (htint : reflects2 tint (int T)) (hsco : reflects2 sco " << co_s
          << ") :\n  reflectsP (lift_witness_b fs ft mb tco tint sco) (lift_witness S T map_ wt ws).\nProof.\n"
             "  exact (r_same_rel fs hsco (r_lifted fs ft hm (r_inter (r_tc ft htco) htint))).\nQed.\n\n";
        lift_c_body = "  match MsVocabulary_dec.int_c ft Tb with\n  | Some tint => Some (lift_witness_b fs ft mb (Tgt_dec.wb_" +
                      tgt_co.id + " wtb) tint (Src_dec.wb_" + src_co.id + " wsb))\n  | None => None\n  end";
        lift_c_proof = "  destruct (MsVocabulary_dec.int_c ft Tb) as [tint |] eqn:E1; [| intros v Hv; discriminate].\n"
                       "  apply ok_some, lift_witness_ok; [exact hm | exact (Tgt_dec.wr_" + tgt_co.id +
                       " hwt) | exact (ok_value (MsVocabulary_dec.int_cok ft Tb T hT) E1) | exact (Src_dec.wr_" +
                       src_co.id + " hws)].\n";
    }
    o << "(* An admissible source witness: well-formed under the source model and a lift. *)\n"
         "Definition admissible "
      << lift_params << " : Prop :=\n  Src.well_formed S ws /\\ lift_witness S T map_ wt ws.\n\n";
    const ModelItem* flag = nullptr;
    o << "(* Race freedom: ";
    if (def.race_free_flag) {
        flag = src.condition(*def.race_free_flag);
        if (!flag || flag->kind != ModelItem::Kind::flag)
            throw ExportError(display_path(def.path) + ": the source model has no flag '" + *def.race_free_flag + "'");
        o << "the source flag " << *def.race_free_flag
          << " does not fire (seed 000's theorem is about\n   race-free programs). *)\n"
          << "Definition race_free {Es} (S : Execution Es) (ws : Src.Witness Es) : Prop := ~ Src." << flag->id
          << " S ws.\n\n";
    } else {
        o << "the check has none. *)\nDefinition race_free {Es} (S : Execution Es) (ws : Src.Witness Es) : Prop := True.\n\n";
    }
    if (in.race_free_programs) {
        if (!flag) throw ExportError(display_path(def.path) + ": race-free programs need the check's race-free flag");
        o << "(* Race freedom of the program, as --race-free-programs searches it\n"
             "   (lib/check/racy.cpp): no consistent execution of the program of S raises\n   "
          << *def.race_free_flag
          << ".  An execution of the program is S with any reads-from that wf allows\n"
             "   (values are not part of executions, so a read may read any write of its\n"
             "   location; with_rf, MsExec.v) and any source witness; the compiled program\n"
             "   and the target play no part. *)\n"
             "Definition race_free_program {Es} (S : Execution Es) : Prop :=\n"
             "  forall (r : rel Es) (ws : Src.Witness Es),\n"
             "    wf (with_rf S r) -> Src.consistent (with_rf S r) ws -> ~ Src."
          << flag->id << " (with_rf S r) ws.\n\n";
    }

    // ---- the lift, decided from the execution alone
    const std::string c_params =
        "{Es Et} (fs : finite Es) (ft : finite Et) (Sb : BExecution Es) (Tb : BExecution Et) (mb : Es -> Et -> bool)\n"
        "  (wtb : Tgt_dec.BWitness Et) (wsb : Src_dec.BWitness Es)";
    const std::string c_args = " fs ft Sb Tb mb wtb wsb";
    const std::string ok_params =
        "\n  (S : Execution Es) (T : Execution Et) (map_ : Es -> Et -> Prop) (wt : Tgt.Witness Et) (ws : Src.Witness Es)"
        "\n  (hS : xreflects Sb S) (hT : xreflects Tb T) (hm : reflectsM mb map_) (hwt : Tgt_dec.wreflects wtb wt)"
        "\n  (hws : Src_dec.wreflects wsb ws)";
    const std::string ok_args = " S T map_ wt ws hS hT hm hwt hws";
    b << "(* ---- Lifts, decided from the executions alone ---- *)\n";
    b << "Definition lift_c " << c_params << " : option bool :=\n" << lift_c_body << ".\n";
    b << "Lemma lift_cok " << c_params << ok_params << " :\n  okS (lift_c" << c_args
      << ") (fun v => reflectsP v (lift_witness S T map_ wt ws)).\nProof.\n  unfold lift_c.\n" << lift_c_proof << "Qed.\n\n";
    b << "Definition admissible_c " << c_params << " : option bool :=\n  match Src_dec.well_formed_c fs Sb wsb with\n"
         "  | Some true => lift_c" << c_args << "\n  | Some false => Some false\n  | None => None\n  end.\n";
    b << "Lemma admissible_cok " << c_params << ok_params << " :\n  okS (admissible_c" << c_args
      << ") (fun v => reflectsP v (admissible S T map_ wt ws)).\nProof.\n"
         "  exact (ok_and_lazy (Src_dec.well_formed_cok fs Sb wsb S ws hS hws) (lift_cok" << c_args << ok_args
      << ")).\nQed.\n\n";
    b << "Definition race_free_c {Es} (fs : finite Es) (Sb : BExecution Es) (wsb : Src_dec.BWitness Es) : option bool :=\n";
    if (flag)
        b << "  match Src_dec." << flag->id << "_c fs Sb wsb with Some f => Some (negb f) | None => None end.\n";
    else
        b << "  Some true.\n";
    b << "Lemma race_free_cok {Es} (fs : finite Es) (Sb : BExecution Es) (wsb : Src_dec.BWitness Es) (S : Execution Es)"
         " (ws : Src.Witness Es)\n  (hS : xreflects Sb S) (hws : Src_dec.wreflects wsb ws) :\n"
         "  okS (race_free_c fs Sb wsb) (fun v => reflectsP v (race_free S ws)).\nProof.\n  unfold race_free_c.\n";
    if (flag)
        b << "  destruct (Src_dec." << flag->id
          << "_c fs Sb wsb) as [f |] eqn:E1; [| intros v Hv; discriminate].\n  apply ok_some, r_not; exact (ok_value (Src_dec."
          << flag->id << "_cok fs Sb wsb S ws hS hws) E1).\nQed.\n\n";
    else
        b << "  apply ok_some, r_true.\nQed.\n\n";

    // ---- statements
    const std::string reading =
        !flag ? "race freedom: none (the check has no race-free flag)"
        : in.race_free_programs
            ? "race freedom per program: the program of S is race-free (race_free_program S, the search's "
              "--race-free-programs), and the lifts are race-free executions"
            : "race freedom per execution: the lifts are race-free executions (race_free S ws), the program may "
              "have racy ones";
    o << "(* ---- Lemma statements ----\n"
         "   <axiom>_statement_upto n: for every compiled program in the search space\n"
         "   with at most n events and every target witness that the target model\n"
         "   calls consistent: if some admissible lift is race-free, some admissible\n"
         "   race-free lift satisfies the axiom.  This is exactly what the bounded\n"
         "   check searches for counterexamples to (lib/check/confirm.cpp).\n"
         "   <axiom>_statement: at the bound the search covered, for an axiom without\n"
         "   counterexample.  <axiom>_conjecture: the same for programs of every size\n"
         "   (still straight-line, in the same program space): NOT proved by the\n"
         "   search and not implied by it; it is what a proof would establish.\n"
         "   With `axiom *` in the check, mapping_statement_upto n is the mapping\n"
         "   theorem: ONE admissible race-free lift satisfies every axiom of the\n"
         "   source model (Src.consistent), which the per-axiom statements, each\n"
         "   with its own lift, do not give together.\n"
      << wrapped("Every statement here reads " + reading + ".") << " *)\n\n";
    const std::string premise =
        "  forall (Es Et : Type) (S : Execution Es) (T : Execution Et) (map_ : Es -> Et -> Prop) (wt : Tgt.Witness Et),\n"
        "    wf S -> wf T -> searched n S -> compiled S T map_ -> lift_rf S T map_ -> Tgt.consistent T wt ->\n" +
        std::string(in.race_free_programs ? "    race_free_program S ->\n" : "") +
        "    (exists ws, admissible S T map_ wt ws /\\ race_free S ws) ->\n";
    std::ostringstream skeleton;
    skeleton << "(* Proofs of the lemma statements of " << check_module_name(def)
             << ".v.\n   This file is yours: mapsound export-coq writes it once and never overwrites\n"
                "   it.  Replace each Admitted with a proof; `make` checks it. *)\n\n"
             << "Require Import Mapsound.MsRel Mapsound.MsExec Mapsound." << check_module_name(def) << ".\n\n";
    // The whole model last: the headline, after the lemmas it strengthens.
    // Its names (mapping_statement, Refute_<c>_mapping.v) are its own.
    const bool has_whole = std::any_of(def.axioms.begin(), def.axioms.end(), [](const auto& e) {
        return e.name == check::kWholeModel;
    });
    for (const auto& e : def.axioms)
        if (has_whole && e.name != check::kWholeModel && statement_id(e.name) == statement_id(check::kWholeModel))
            throw ExportError(display_path(def.path) + ": the axiom '" + e.name +
                              "' would share the names of the whole model's statement (mapping_statement)");
    std::vector<mapping::AxiomExpectation> ordered;
    for (const auto& e : def.axioms)
        if (e.name != check::kWholeModel) ordered.push_back(e);
    for (const auto& e : def.axioms)
        if (e.name == check::kWholeModel) ordered.push_back(e);
    for (const auto& expectation : ordered) {
        const check::AxiomResult* result = nullptr;
        for (const auto& r : *in.results)
            if (r.axiom == expectation.name) result = &r;
        const bool whole = expectation.name == check::kWholeModel;
        const ModelItem* item = whole ? nullptr : src.condition(expectation.name);
        if (!whole && (!item || item->kind == ModelItem::Kind::requirement))
            throw ExportError(display_path(def.path) + ": the source model has no axiom or flag '" + expectation.name + "'");
        const std::string id = statement_id(expectation.name);
        const bool is_flag = item && item->kind == ModelItem::Kind::flag;
        // The whole model, as the checker reads `axiom *`: every axiom, no
        // flag (lib/check/confirm.cpp), with the requirements: consistent.
        const std::string satisfies = whole     ? "Src.consistent S ws"
                                      : is_flag ? "~ Src." + item->id + " S ws"
                                                : "Src." + item->id + " S ws";
        const std::string sat_c = whole     ? "Src_dec.consistent_c fs Sb wsb"
                                  : is_flag ? "match Src_dec." + item->id +
                                                  "_c fs Sb wsb with Some f => Some (negb f) | None => None end"
                                            : "Src_dec." + item->id + "_c fs Sb wsb";
        const std::string about = whole ? "the mapping theorem: the whole source model, axiom * in the check, every axiom "
                                          "by one lift; flags are not axioms and not part of it, as in the search"
                                  : is_flag ? expectation.name + " (a flag: satisfied when it does not fire)"
                                            : expectation.name;
        o << "(*" << wrapped(about + "; " + reading + ".").substr(2) << " *)\n"
          << "Definition " << statement_upto_name(expectation.name) << " (n : nat) : Prop :=\n"
          << premise << "    exists ws, admissible S T map_ wt ws /\\ race_free S ws /\\ " << satisfies << ".\n";
        // Its decision on one lift.
        b << "(* " << (whole ? "the whole model" : expectation.name) << ": some admissible race-free lift satisfies it. *)\n";
        b << "Definition " << id << "_sat_c {Es} (fs : finite Es) (Sb : BExecution Es) (wsb : Src_dec.BWitness Es) :"
          << " option bool :=\n  " << sat_c
          << ".\nLemma " << id
          << "_sat_cok {Es} (fs : finite Es) (Sb : BExecution Es) (wsb : Src_dec.BWitness Es) (S : Execution Es)"
             " (ws : Src.Witness Es)\n  (hS : xreflects Sb S) (hws : Src_dec.wreflects wsb ws) :\n  okS ("
          << id << "_sat_c fs Sb wsb) (fun v => reflectsP v (" << satisfies << ")).\nProof.\n  unfold " << id
          << "_sat_c.\n";
        if (is_flag)
            b << "  destruct (Src_dec." << item->id
              << "_c fs Sb wsb) as [f |] eqn:E1; [| intros v Hv; discriminate].\n  apply ok_some, r_not; exact (ok_value (Src_dec."
              << item->id << "_cok fs Sb wsb S ws hS hws) E1).\n";
        else
            b << "  exact (Src_dec." << (whole ? std::string("consistent") : item->id) << "_cok fs Sb wsb S ws hS hws).\n";
        b << "Qed.\n";
        b << "Definition " << lift_check_name(expectation.name) << " " << c_params
          << " : option bool :=\n  match admissible_c" << c_args
          << " with\n  | Some true =>\n    match race_free_c fs Sb wsb with\n    | Some true => " << id
          << "_sat_c fs Sb wsb\n    | Some false => Some false\n    | None => None\n    end\n"
             "  | Some false => Some false\n  | None => None\n  end.\n";
        b << "Lemma " << lift_check_name(expectation.name) << "ok " << c_params << ok_params << " :\n  okS ("
          << lift_check_name(expectation.name) << c_args
          << ") (fun v => reflectsP v (admissible S T map_ wt ws /\\ race_free S ws /\\ " << satisfies
          << ")).\nProof.\n  exact (ok_and_lazy (admissible_cok" << c_args << ok_args
          << ")\n    (ok_and_lazy (race_free_cok fs Sb wsb S ws hS hws) (" << id << "_sat_cok fs Sb wsb S ws hS hws))).\nQed.\n\n";
        const std::string label = whole ? std::string("axiom *, the whole model") : expectation.name;
        if (!result) {
            out.omitted.push_back(expectation.name + ": not run");
            o << "(* " << label << ": not run in this export, no statement. *)\n\n";
            continue;
        }
        if (result->verdict == check::Verdict::fails) {
            const auto unrefuted = in.unrefuted.find(expectation.name);
            const std::string refuted =
                unrefuted != in.unrefuted.end()
                    ? "no refutation written: " + unrefuted->second
                    : "Refute_" + coq_identifier(def.name) + "_" + id + ".v proves ~ " +
                          statement_upto_name(expectation.name) + " " + std::to_string(result->events) + " from it";
            std::string where = result->counterexample
                                    ? "litmus test " + result->counterexample->source_litmus.name + " (counterexamples/" +
                                          counterexample_stem(expectation.name) + "-source.litmus, compiled: " +
                                          counterexample_stem(expectation.name) + "-target.litmus); " + refuted
                                    : std::string("no counterexample recorded");
            out.omitted.push_back(expectation.name + ": counterexample at " + std::to_string(result->events) +
                                  " events, " + where);
            o << "(* " << label << ": no statement, the bounded check found a counterexample at "
              << result->events << " source events:\n   " << where << ". *)\n\n";
            continue;
        }
        if (result->verdict == check::Verdict::vacuous) {
            out.omitted.push_back(expectation.name + ": vacuous (the search space misses a class)");
            o << "(* " << label << ": no statement, the search found no counterexample in a space that "
              << "misses a class (vacuous). *)\n\n";
            continue;
        }
        if (result->verdict == check::Verdict::unknown) {
            out.omitted.push_back(expectation.name + ": search stopped (unknown)");
            o << "(* " << label << ": no statement, the bounded search was stopped. *)\n\n";
            continue;
        }
        o << "(* Bounded evidence: no counterexample with up to " << result->events
          << " source events (a read-modify-write counts 2),\n   checked in " << seconds_text(result->seconds)
          << " s by mapsound " << MAPSOUND_VERSION << " (" << result->statistics.shapes << " program shapes, "
          << result->statistics.solver_calls << " SAT calls"
          << (in.race_free_programs ? "; racy programs skipped, --race-free-programs" : "") << "). *)\n";
        o << "Definition " << id << "_statement : Prop := " << statement_upto_name(expectation.name) << " "
          << result->events << ".\n";
        o << "(* Unproved, and not implied by the bounded search. *)\nDefinition " << id
          << "_conjecture : Prop := forall n, " << statement_upto_name(expectation.name) << " n.\n\n";
        out.statements.push_back(expectation.name);
        if (whole)
            skeleton << "(* The mapping theorem: one lift satisfies every axiom of the source model. *)\n";
        skeleton << "Theorem " << id << " : " << id << "_statement.\nProof.\nAdmitted.\n\n"
                 << "(* Programs of every size: not implied by the bounded search. *)\nTheorem " << id
                 << "_unbounded : " << id << "_conjecture.\nProof.\nAdmitted.\n\n";
    }
    out.text = o.str();
    out.decision_text = b.str();
    out.skeleton = skeleton.str();
    return out;
}

}  // namespace mapsound::coq
