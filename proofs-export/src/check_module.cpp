// The Coq module of one check and the user's proof skeleton (see
// check_module.hpp).
#include "check_module.hpp"

#include <cstdio>
#include <sstream>

#include "identifier.hpp"
#include "output/output_directory.hpp"

namespace mapsound::coq {

namespace {

using mapping::Instruction;
using mapping::SourceKind;

const char* order_set(exec::Order o) {
    switch (o) {
        case exec::Order::na: return "NA";
        case exec::Order::weak: return "WEAK";
        case exec::Order::rlx: return "RLX";
        case exec::Order::acq: return "ACQ";
        case exec::Order::rel: return "REL";
        case exec::Order::acq_rel: return "ACQ_REL";
        case exec::Order::sc: return "SC";
        case exec::Order::none: return nullptr;
    }
    return nullptr;
}

const char* scope_set(exec::Scope s) {
    switch (s) {
        case exec::Scope::sg: return "SG";
        case exec::Scope::cta: return "CTA";
        case exec::Scope::cluster: return "CLUSTER";
        case exec::Scope::qf: return "QF";
        case exec::Scope::gpu: return "GPU";
        case exec::Scope::sys: return "SYS";
        case exec::Scope::none: return nullptr;
    }
    return nullptr;
}

std::string seconds_text(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", s);
    return buf;
}

// The conditions on target event t that one op of a rule imposes.
std::string op_conditions(const mapping::TargetOp& op, const std::string& t, const std::string& e) {
    std::string c;
    if (const char* o = order_set(op.order)) c += " /\\ " + std::string(o) + " T " + t;
    if (op.scope_from_source)
        c += " /\\ same_scope S T " + e + " " + t;
    else if (const char* s = scope_set(op.scope))
        c += " /\\ " + std::string(s) + " T " + t;
    else
        c += " /\\ no_scope T " + t;
    return c;
}

// One rule as a Coq Prop.
std::string rule_text(const mapping::Rule& rule, const std::string& name) {
    std::ostringstream o;
    const char* order = rule.order ? order_set(*rule.order) : nullptr;
    std::string guard = order ? " -> " + std::string(order) + " S e" : "";
    // Target events, in program order: one per op, two for atom.
    std::vector<std::string> ts;
    std::vector<std::string> descr;
    std::string rmw_read, rmw_write;
    for (std::size_t i = 0; i < rule.targets.size(); ++i) {
        const auto& op = rule.targets[i];
        const std::string t = "t" + std::to_string(i + 1);
        const std::string e = rule.source == SourceKind::rmw ? "r" : "e";
        switch (op.instruction) {
            case Instruction::ld:
                ts.push_back(t);
                descr.push_back("R T " + t + op_conditions(op, t, e));
                break;
            case Instruction::st:
                ts.push_back(t);
                descr.push_back("W T " + t + op_conditions(op, t, e));
                break;
            case Instruction::fence:
                ts.push_back(t);
                descr.push_back("F T " + t + op_conditions(op, t, e));
                break;
            case Instruction::atom:
                rmw_read = t + "r", rmw_write = t + "w";
                ts.push_back(rmw_read);
                ts.push_back(rmw_write);
                descr.push_back("rmw T " + rmw_read + " " + rmw_write + op_conditions(op, rmw_read, e) +
                                op_conditions(op, rmw_write, e));
                break;
        }
    }
    o << "(* " << rule.source_text() << " -> ";
    if (rule.targets.empty()) o << "nop";
    for (std::size_t i = 0; i < rule.targets.size(); ++i) o << (i ? " ; " : "") << rule.targets[i].to_string();
    o << "  (mapping line " << rule.line << ") *)\n";
    o << "Definition " << name << " {Es Et} (S : Execution Es) (T : Execution Et) (map_ : Es -> Et -> Prop) : Prop :=\n";
    std::string exists;
    for (const auto& t : ts) exists += " " + t;
    std::string targets_of = [&] {
        std::string s;
        for (std::size_t i = 0; i < ts.size(); ++i) s += (i ? " \\/ t = " : "t = ") + ts[i];
        return ts.empty() ? std::string("False") : s;
    }();
    std::string chain;
    for (std::size_t i = 0; i + 1 < ts.size(); ++i) chain += " /\\ po T " + ts[i] + " " + ts[i + 1];
    std::string body;
    for (const auto& d : descr) body += " /\\ (" + d + ")";
    switch (rule.source) {
        case SourceKind::read:
        case SourceKind::write:
        case SourceKind::fence: {
            const std::string kind = rule.source == SourceKind::read ? "R" : rule.source == SourceKind::write ? "W" : "F";
            o << "  forall e, " << kind << " S e -> ~ IW S e -> ~ RMW S e" << guard << " ->\n";
            if (ts.empty()) {
                o << "    forall t, ~ map_ e t.\n";
            } else {
                o << "    exists" << exists << ", (forall t, map_ e t <-> " << targets_of << ")" << chain << body
                  << ".\n";
            }
            break;
        }
        case SourceKind::rmw: {
            std::string g = order ? " -> " + std::string(order) + " S r" : "";
            o << "  forall r w, rmw S r w" << g << " ->\n";
            o << "    exists" << exists << ", (forall t, (map_ r t \\/ map_ w t) <-> " << targets_of << ") /\\ map_ w "
              << rmw_write << chain << body << ".\n";
            break;
        }
    }
    return o.str();
}

}  // namespace

std::string check_module_name(const mapping::CheckDefinition& check) {
    return "Check_" + coq_identifier(check.name);
}
std::string proofs_module_name(const mapping::CheckDefinition& check) {
    return "Proofs_" + coq_identifier(check.name);
}

CheckModule check_module(const CheckModuleInput& in) {
    const auto& def = *in.check;
    const ModelModule& src = *in.source;
    const ModelModule& tgt = *in.target;
    auto witness_id = [](const ModelModule& m, const std::string& name) {
        for (const auto& w : m.witnesses)
            if (w.cat_name == name) return w.id;
        throw ExportError(m.cat_path + ": the model has no witness '" + name + "', which the lifting needs");
    };
    auto let_id = [](const ModelModule& m, const std::string& name) {
        std::string id;
        for (const auto& item : m.items)
            if (item.kind == ModelItem::Kind::let && item.cat_name == name) id = item.id;
        if (id.empty()) throw ExportError(m.cat_path + ": the model defines no '" + name + "', which the lifting needs");
        return id;
    };
    const std::string src_co = witness_id(src, "co"), tgt_co = witness_id(tgt, "co");

    CheckModule out;
    std::ostringstream o;
    o << "(* " << in.note << "\n   Check " << def.name << " (" << def.path << "):\n     source " << def.source_model
      << "\n     target " << def.target_model << "\n     mapping " << def.mapping << "\n     lift "
      << (def.lift == mapping::Lift::extends ? "extends" : "per-thread")
      << (def.race_free_flag ? ", race-free flag " + *def.race_free_flag : std::string()) << "\n"
      << "   Regenerated by every export: write proofs in " << proofs_module_name(def) << ".v. *)\n\n"
      << "Require Import Mapsound.MsRel Mapsound.MsExec.\n"
      << "Require Mapsound." << src.module << (tgt.module != src.module ? " Mapsound." + tgt.module : "") << ".\n"
      << "Module Src := Mapsound." << src.module << ".\nModule Tgt := Mapsound." << tgt.module << ".\n\n";

    o << "(* ---- The two executions ----\n"
         "   S : Execution Es is the source pre-execution with its rf, T : Execution Et\n"
         "   the compiled target pre-execution with its rf; map_ e t says that source\n"
         "   event e compiles to target event t.  Both are well-formed (MsExec.wf). *)\n\n";
    o << "Definition same_scope {Es Et} (S : Execution Es) (T : Execution Et) (e : Es) (t : Et) : Prop :=\n"
         "  (CTA S e <-> CTA T t) /\\ (GPU S e <-> GPU T t) /\\ (SYS S e <-> SYS T t).\n"
         "Definition no_scope {Et} (T : Execution Et) (t : Et) : Prop := ~ CTA T t /\\ ~ GPU T t /\\ ~ SYS T t.\n\n";

    o << "(* ---- The map: what compilation preserves (lib/mapping/compile) ---- *)\n"
         "Definition map_structure {Es Et} (S : Execution Es) (T : Execution Et) (map_ : Es -> Et -> Prop) : Prop :=\n"
         "  (* every target event comes from exactly one source event *)\n"
         "  (forall t, exists e, map_ e t /\\ forall e', map_ e' t -> e' = e) /\\\n"
         "  (* initial writes map one to one *)\n"
         "  (forall e, IW S e -> exists t, IW T t /\\ forall t', map_ e t' <-> t' = t) /\\\n"
         "  (forall e t, map_ e t -> IW T t -> IW S e) /\\\n"
         "  (* threads, their placement and program order carry over *)\n"
         "  (forall e1 e2 t1 t2, map_ e1 t1 -> map_ e2 t2 ->\n"
         "     (int S e1 e2 <-> int T t1 t2) /\\ (scta S e1 e2 <-> scta T t1 t2) /\\ (sgpu S e1 e2 <-> sgpu T t1 t2) /\\\n"
         "     (po S e1 e2 -> po T t1 t2)) /\\\n"
         "  (* locations carry over to the memory events *)\n"
         "  (forall e1 e2 t1 t2, map_ e1 t1 -> map_ e2 t2 -> M T t1 -> M T t2 -> (loc S e1 e2 <-> loc T t1 t2)) /\\\n"
         "  (* dependencies: from the target read of the source read *)\n"
         "  (forall r e, addr S r e -> exists tr te, map_ r tr /\\ map_ e te /\\ R T tr /\\ addr T tr te) /\\\n"
         "  (forall r e, data S r e -> exists tr te, map_ r tr /\\ map_ e te /\\ R T tr /\\ data T tr te) /\\\n"
         "  (forall r e t, ctrl S r e -> map_ e t -> exists tr, map_ r tr /\\ R T tr /\\ ctrl T tr t).\n\n";

    o << "(* ---- The mapping table (" << in.mapping->path << "), one hypothesis per rule ---- *)\n";
    // Rules match distinct source classes, so their names are distinct.
    std::vector<std::string> rules;
    for (const auto& rule : in.mapping->rules) {
        const std::string name = "rule_" + coq_identifier(rule.source_text());
        rules.push_back(name);
        o << rule_text(rule, name) << "\n";
    }
    o << "Definition compiled {Es Et} (S : Execution Es) (T : Execution Et) (map_ : Es -> Et -> Prop) : Prop :=\n"
         "  map_structure S T map_";
    for (const auto& r : rules) o << " /\\\n  " << r << " S T map_";
    o << ".\n\n";

    o << "(* ---- Lifting the target witness back to the source ---- *)\n"
         "Definition lifted {Es Et} (map_ : Es -> Et -> Prop) (r : rel Et) : rel Es :=\n"
         "  fun e1 e2 => exists t1 t2, map_ e1 t1 /\\ map_ e2 t2 /\\ r t1 t2.\n"
         "Definition pulled {Es Et} (map_ : Es -> Et -> Prop) (r : rel Es) : rel Et :=\n"
         "  fun t1 t2 => exists e1 e2, map_ e1 t1 /\\ map_ e2 t2 /\\ r e1 e2.\n"
         "(* rf of the source is rf of the target read back through map. *)\n"
         "Definition lift_rf {Es Et} (S : Execution Es) (T : Execution Et) (map_ : Es -> Et -> Prop) : Prop :=\n"
         "  same_rel (rf S) (lifted map_ (rf T)).\n";
    if (def.lift == mapping::Lift::extends) {
        const std::string src_fr = let_id(src, "fr"), tgt_fr = let_id(tgt, "fr");
        o << "(* lift extends: the source coherence is any one the source model accepts\n"
             "   that contains the target's (co_tgt <= map^-1;co;map) and whose from-reads\n"
             "   contains the target's (fr_tgt <= map^-1;fr;map). *)\n"
             "Definition lift_witness {Es Et} (S : Execution Es) (T : Execution Et) (map_ : Es -> Et -> Prop)\n"
             "  (wt : Tgt.Witness Et) (ws : Src.Witness Es) : Prop :=\n"
             "  inclusion (Tgt."
          << tgt_co << " wt) (pulled map_ (Src." << src_co << " ws)) /\\\n  inclusion (Tgt." << tgt_fr
          << " T wt) (pulled map_ (Src." << src_fr << " S ws)).\n\n";
    } else {
        o << "(* lift per-thread (seed 003 Definition 13): co = map;(co_tgt+ & same thread);map^-1. *)\n"
             "Definition lift_witness {Es Et} (S : Execution Es) (T : Execution Et) (map_ : Es -> Et -> Prop)\n"
             "  (wt : Tgt.Witness Et) (ws : Src.Witness Es) : Prop :=\n"
             "  same_rel (Src."
          << src_co << " ws) (lifted map_ (fun t1 t2 => tc (Tgt." << tgt_co
          << " wt) t1 t2 /\\ int T t1 t2 /\\ ~ IW T t1)).\n\n";
    }
    o << "(* An admissible source witness: well-formed under the source model and a lift. *)\n"
         "Definition admissible {Es Et} (S : Execution Es) (T : Execution Et) (map_ : Es -> Et -> Prop)\n"
         "  (wt : Tgt.Witness Et) (ws : Src.Witness Es) : Prop :=\n"
         "  Src.well_formed S ws /\\ lift_witness S T map_ wt ws.\n\n";
    o << "(* Race freedom: ";
    if (def.race_free_flag) {
        const ModelItem* flag = src.condition(*def.race_free_flag);
        if (!flag || flag->kind != ModelItem::Kind::flag)
            throw ExportError(def.path + ": the source model has no flag '" + *def.race_free_flag + "'");
        o << "the source flag " << *def.race_free_flag << " does not fire (seed 000's theorem is about\n   race-free programs). *)\n"
          << "Definition race_free {Es} (S : Execution Es) (ws : Src.Witness Es) : Prop := ~ Src." << flag->id
          << " S ws.\n\n";
    } else {
        o << "the check has none. *)\nDefinition race_free {Es} (S : Execution Es) (ws : Src.Witness Es) : Prop := True.\n\n";
    }

    o << "(* ---- Lemma statements ----\n"
         "   For every compiled pre-execution and every target witness that the target\n"
         "   model calls consistent: if some admissible lift is race-free, some\n"
         "   admissible race-free lift satisfies the axiom.  This is exactly what the\n"
         "   bounded check searches for counterexamples to (lib/check/confirm.cpp). *)\n\n";
    const std::string premise =
        "  forall (Es Et : Type) (S : Execution Es) (T : Execution Et) (map_ : Es -> Et -> Prop) (wt : Tgt.Witness Et),\n"
        "    wf S -> wf T -> compiled S T map_ -> lift_rf S T map_ -> Tgt.consistent T wt ->\n"
        "    (exists ws, admissible S T map_ wt ws /\\ race_free S ws) ->\n";
    std::ostringstream skeleton;
    skeleton << "(* Proofs of the lemma statements of " << check_module_name(def)
             << ".v.\n   This file is yours: mapsound export-coq writes it once and never overwrites\n"
                "   it.  Replace each Admitted with a proof; `make` checks it. *)\n\n"
             << "Require Import Mapsound.MsRel Mapsound.MsExec Mapsound." << check_module_name(def) << ".\n\n";
    for (const auto& expectation : def.axioms) {
        const check::AxiomResult* result = nullptr;
        for (const auto& r : *in.results)
            if (r.axiom == expectation.name) result = &r;
        if (!result) {
            out.omitted.push_back(expectation.name + ": not run");
            o << "(* " << expectation.name << ": not run in this export, no statement. *)\n\n";
            continue;
        }
        const ModelItem* item = src.condition(expectation.name);
        if (!item || item->kind == ModelItem::Kind::requirement)
            throw ExportError(def.path + ": the source model has no axiom or flag '" + expectation.name + "'");
        if (result->verdict == check::Verdict::fails) {
            std::string where = result->counterexample
                                    ? "litmus test " + result->counterexample->source_litmus.name + " (counterexamples/" +
                                          output::safe_file_name(expectation.name) + "-source.litmus, compiled: " +
                                          output::safe_file_name(expectation.name) + "-target.litmus)"
                                    : std::string("no counterexample recorded");
            out.omitted.push_back(expectation.name + ": counterexample at " + std::to_string(result->events) +
                                  " events, " + where);
            o << "(* " << expectation.name << ": no statement, the bounded check found a counterexample at "
              << result->events << " source events:\n   " << where << ". *)\n\n";
            continue;
        }
        if (result->verdict == check::Verdict::unknown) {
            out.omitted.push_back(expectation.name + ": search stopped (unknown)");
            o << "(* " << expectation.name << ": no statement, the bounded search was stopped. *)\n\n";
            continue;
        }
        const std::string id = coq_identifier(expectation.name);
        const std::string satisfies = item->kind == ModelItem::Kind::flag ? "~ Src." + item->id + " S ws"
                                                                          : "Src." + item->id + " S ws";
        o << "(* Bounded evidence: no counterexample with up to " << result->events
          << " source events (a read-modify-write counts 2),\n   checked in " << seconds_text(result->seconds)
          << " s by mapsound " << MAPSOUND_VERSION << " (" << result->statistics.shapes << " program shapes, "
          << result->statistics.solver_calls << " SAT calls). *)\n";
        o << "Definition " << id << "_statement : Prop :=\n"
          << premise << "    exists ws, admissible S T map_ wt ws /\\ race_free S ws /\\ " << satisfies << ".\n\n";
        out.statements.push_back(expectation.name);
        skeleton << "Theorem " << id << " : " << id << "_statement.\nProof.\nAdmitted.\n\n";
    }
    out.text = o.str();
    out.skeleton = skeleton.str();
    return out;
}

}  // namespace mapsound::coq
