// The Coq module of one mapping (see mapping_module.hpp).
#include "mapping_module.hpp"

#include <filesystem>
#include <sstream>

#include "identifier.hpp"
#include "logic.hpp"
#include "model_module.hpp"

namespace mapsound::coq {

namespace {

using namespace logic;
using mapping::Instruction;
using mapping::SourceKind;

std::string order_constant(exec::Order o) {
    switch (o) {
        case exec::Order::na: return "O_NA";
        case exec::Order::weak: return "O_WEAK";
        case exec::Order::rlx: return "O_RLX";
        case exec::Order::acq: return "O_ACQ";
        case exec::Order::rel: return "O_REL";
        case exec::Order::acq_rel: return "O_ACQ_REL";
        case exec::Order::sc: return "O_SC";
        case exec::Order::none: return "";
    }
    return "";
}

std::string level_constant(exec::Scope s) {
    switch (s) {
        case exec::Scope::sg: return "L_SG";
        case exec::Scope::cta: return "L_CTA";
        case exec::Scope::cluster: return "L_CLUSTER";
        case exec::Scope::qf: return "L_QF";
        case exec::Scope::gpu: return "L_GPU";
        case exec::Scope::sys: return "L_SYS";
        case exec::Scope::none: return "";
    }
    return "";
}

std::string some(const std::string& constant) { return constant.empty() ? "None" : "(Some " + constant + ")"; }

Formula source_set(const std::string& primitive, const std::string& x) { return holds(field(kSource, primitive), x); }
Formula target_set(const std::string& primitive, const std::string& x) { return holds(field(kTarget, primitive), x); }
Formula source_rel(const std::string& primitive, const std::string& x, const std::string& y) {
    return holds(field(kSource, primitive), x, y);
}
Formula target_rel(const std::string& primitive, const std::string& x, const std::string& y) {
    return holds(field(kTarget, primitive), x, y);
}

// forall x y, ... as nested quantifiers.
Formula forall_s(const std::vector<std::string>& vars, const Formula& body) {
    Formula f = body;
    for (std::size_t i = vars.size(); i-- > 0;) f = forall_events(kSource, vars[i], f);
    return f;
}
Formula forall_t(const std::vector<std::string>& vars, const Formula& body) {
    Formula f = body;
    for (std::size_t i = vars.size(); i-- > 0;) f = forall_events(kTarget, vars[i], f);
    return f;
}

// Whether some instruction of the mapping carries a tag: then every slot
// says which tags it has and which it has not (a mapping without any keeps
// its statements as they were, tags unconstrained there and absent from
// every compiled PTX program).
bool uses_tags(const mapping::Mapping& m) {
    for (const auto& r : m.rules)
        for (const auto& op : r.targets)
            if (op.tags) return true;
    return false;
}

// The map: what compilation preserves.  'tags_in_rules': the rules say
// every slot's tags (uses_tags), so no statement of their absence here.
Formula map_structure(const mapping::Mapping& m) {
    const bool tags_in_rules = uses_tags(m);
    std::vector<Formula> parts = {
        // every target event comes from exactly one source event
        forall_t({"t"}, exists_events(kSource, "e", mapped("e", "t"))),
        forall_t({"t"}, forall_s({"e1"}, implies(mapped("e1", "t"),
                                                forall_s({"e2"}, implies(mapped("e2", "t"), equal(kSource, "e1", "e2")))))),
        // initial writes map one to one, and keep their tags
        forall_s({"e"}, implies(source_set("IW", "e"), exists_events(kTarget, "t", mapped("e", "t")))),
        forall_s({"e"}, forall_t({"t"}, implies(mapped("e", "t"), iff(source_set("IW", "e"), target_set("IW", "t"))))),
        forall_s({"e"}, implies(source_set("IW", "e"),
                                forall_t({"t1"}, implies(mapped("e", "t1"),
                                                         forall_t({"t2"}, implies(mapped("e", "t2"),
                                                                                  equal(kTarget, "t1", "t2"))))))),
        forall_s({"e"}, forall_t({"t"}, implies(mapped("e", "t"),
                                                implies(source_set("IW", "e"),
                                                        forall_in("Tag", "g", iff(tag_set(kSource, "g", "e"),
                                                                                  tag_set(kTarget, "g", "t"))))))),
        // no barriers
        forall_t({"t"}, negation(target_set("BAR", "t"))),
        // threads, their placement in the scope tree and program order carry over
        forall_s({"e1"}, forall_t({"t1"}, implies(mapped("e1", "t1"), forall_s({"e2"}, forall_t({"t2"}, implies(
            mapped("e2", "t2"),
            conj({iff(source_rel("same-thread", "e1", "e2"), target_rel("same-thread", "t1", "t2")),
                  iff(source_rel("same-sg", "e1", "e2"), target_rel("same-sg", "t1", "t2")),
                  iff(source_rel("same-cta", "e1", "e2"), target_rel("same-cta", "t1", "t2")),
                  iff(source_rel("same-cluster", "e1", "e2"), target_rel("same-cluster", "t1", "t2")),
                  iff(source_rel("same-qf", "e1", "e2"), target_rel("same-qf", "t1", "t2")),
                  iff(source_rel("same-gpu", "e1", "e2"), target_rel("same-gpu", "t1", "t2")),
                  implies(source_rel("po", "e1", "e2"), target_rel("po", "t1", "t2"))}))))))),
        // locations: a target memory event is at the target initial write of
        // its source event's location, and named as it is
        forall_t({"t", "i"}, iff(target_rel("at", "t", "i"),
                                 conj({memory_event(kTarget, "t"),
                                       exists_events(kSource, "e", conj({mapped("e", "t"),
                                           exists_events(kSource, "j", conj({mapped("j", "i"),
                                                                             source_rel("at", "e", "j")}))}))}))),
        forall_t({"t", "i"}, iff(target_rel("vat", "t", "i"), target_rel("at", "t", "i"))),
        // read-modify-writes: exactly the atoms' reads and writes
        forall_t({"t1", "t2"}, iff(target_rel("rmw", "t1", "t2"),
                                   conj({target_set("R", "t1"), target_set("W", "t2"),
                                         exists_events(kSource, "e1", conj({mapped("e1", "t1"),
                                             exists_events(kSource, "e2", conj({mapped("e2", "t2"),
                                                                                source_rel("rmw", "e1", "e2")}))}))}))),
    };
    // the events of threads carry no further tags (unless the rules say
    // which they carry)
    if (!tags_in_rules)
        parts.push_back(
            forall_t({"t"}, implies(thread_event(kTarget, "t"), forall_in("Tag", "g", negation(tag_set(kTarget, "g", "t"))))));
    std::vector<Formula> all = parts;
    // dependencies: between the target accesses of the source events (ctrl:
    // to every target event of the dependent one)
    for (const char* d : {"addr", "data"})
        all.push_back(forall_t({"t1", "t2"}, iff(target_rel(d, "t1", "t2"),
            conj({memory_event(kTarget, "t1"), memory_event(kTarget, "t2"),
                  exists_events(kSource, "e1", conj({mapped("e1", "t1"),
                      exists_events(kSource, "e2", conj({mapped("e2", "t2"), source_rel(d, "e1", "e2")}))}))}))));
    Formula carried = conj({memory_event(kTarget, "t1"),
                            exists_events(kSource, "e1", conj({mapped("e1", "t1"),
                                exists_events(kSource, "e2", conj({mapped("e2", "t2"), source_rel("ctrl", "e1", "e2")}))}))});
    // and from a load its rule branches on (Power's `cmpw ; bne`) to every
    // later event of the thread
    std::vector<Formula> branching;
    for (const auto& rule : m.rules) {
        if (!rule.branch_on_load) continue;
        std::vector<Formula> of_class = {source_set("R", "e"), thread_event(kSource, "e"), negation(source_set("RMW", "e"))};
        if (rule.order) of_class.push_back(order_is(kSource, "e", some(order_constant(*rule.order))));
        branching.push_back(conj(of_class));
    }
    if (!branching.empty())
        carried = disj({carried, conj({target_set("R", "t1"), target_rel("po", "t1", "t2"),
                                       exists_events(kSource, "e", conj({mapped("e", "t1"), disj(branching)}))})});
    all.push_back(forall_t({"t1", "t2"}, iff(target_rel("ctrl", "t1", "t2"), carried)));
    return conj(all);
}

// One target event of a rule: what it is.
struct Slot {
    std::string var;      // t1, t2, ...
    std::string owner;    // the source event it maps from: e, r or w
    const char* kind;     // "R", "W", "F"
    const mapping::TargetOp* op;
};

Formula slot_is(const Slot& s, const std::string& scope_source, const mapping::Mapping& m) {
    std::vector<Formula> parts = {target_set(s.kind, s.var), order_is(kTarget, s.var, some(order_constant(s.op->order)))};
    if (s.op->scope_from_source && m.scopes.empty()) {
        parts.push_back(forall_in("Lvl", "l", iff(scope_set(kSource, "l", scope_source), scope_set(kTarget, "l", s.var))));
    } else if (s.op->scope_from_source) {
        // `scope SRC -> TGT` lines: the source level sends the target one.
        std::vector<Formula> levels;
        for (exec::Scope l : {exec::Scope::cta, exec::Scope::cluster, exec::Scope::gpu, exec::Scope::sys})
            levels.push_back(conj({scope_is(kSource, scope_source, some(level_constant(l))),
                                   scope_is(kTarget, s.var, some(level_constant(*m.target_scope(l))))}));
        parts.push_back(disj(levels));
    } else {
        parts.push_back(scope_is(kTarget, s.var, some(level_constant(s.op->scope))));
    }
    if (uses_tags(m))
        for (unsigned t = 0; t < exec::kTagCount; ++t) {
            const Formula has = target_set(exec::tag_name(static_cast<exec::Tag>(t)), s.var);
            parts.push_back((s.op->tags >> t) & 1U ? has : negation(has));
        }
    return conj(parts);
}

// The rule as a Prop: for every source event of its class, its target
// events are exactly the rule's, in program order, each as the rule says.
Formula rule_formula(const mapping::Rule& rule, const mapping::Mapping& m) {
    const bool rmw = rule.source == SourceKind::rmw;
    const std::string head = rmw ? "r" : "e";
    std::vector<Slot> slots;
    bool after_atom = false;
    int n = 0;
    auto var = [&] { return "t" + std::to_string(++n); };
    for (const auto& op : rule.targets) {
        switch (op.instruction) {
            case Instruction::ld: slots.push_back({var(), head, "R", &op}); break;
            case Instruction::st: slots.push_back({var(), head, "W", &op}); break;
            case Instruction::fence: slots.push_back({var(), after_atom ? "w" : head, "F", &op}); break;
            case Instruction::atom:
                slots.push_back({var(), "r", "R", &op});
                slots.push_back({var(), "w", "W", &op});
                after_atom = true;
                break;
        }
    }
    // Innermost: every target event of the owner is one of these.
    auto complete = [&](const std::string& owner) {
        std::vector<Formula> is;
        for (const auto& s : slots)
            if (s.owner == owner) is.push_back(equal(kTarget, "t", s.var));
        return forall_t({"t"}, implies(mapped(owner, "t"), disj(is)));
    };
    Formula body = rmw ? conj({complete("r"), complete("w")}) : complete("e");
    if (slots.empty()) body = forall_t({"t"}, negation(mapped("e", "t")));
    for (std::size_t i = slots.size(); i-- > 0;) {
        const Slot& s = slots[i];
        std::vector<Formula> parts = {mapped(s.owner, s.var)};
        if (i > 0) parts.push_back(target_rel("po", slots[i - 1].var, s.var));
        parts.push_back(slot_is(s, head, m));
        if (s.op->instruction == Instruction::atom && s.kind == std::string("W"))
            parts.push_back(target_rel("rmw", slots[i - 1].var, s.var));
        parts.push_back(body);
        body = exists_events(kTarget, s.var, conj(parts));
    }
    const std::string order = rule.order ? order_constant(*rule.order) : "";
    // A rule for OpenCL regions applies to the events in exactly those.
    auto region_guard = [&](const std::string& x) {
        std::vector<Formula> out;
        if (rule.regions == 0) return out;
        for (exec::Tag t : {exec::Tag::global, exec::Tag::local}) {
            const Formula in = source_set(exec::tag_name(t), x);
            out.push_back((rule.regions >> static_cast<unsigned>(t)) & 1U ? in : negation(in));
        }
        return out;
    };
    if (rmw) {
        Formula guarded = body;
        for (const auto& g : region_guard("r")) guarded = implies(g, guarded);
        if (!order.empty()) guarded = implies(order_is(kSource, "r", some(order)), guarded);
        return forall_s({"r", "w"}, implies(source_rel("rmw", "r", "w"), guarded));
    }
    const char* kind = rule.source == SourceKind::read ? "R" : rule.source == SourceKind::write ? "W" : "F";
    std::vector<Formula> guard = {source_set(kind, "e"), thread_event(kSource, "e"), negation(source_set("RMW", "e"))};
    if (!order.empty()) guard.push_back(order_is(kSource, "e", some(order)));
    for (auto& g : region_guard("e")) guard.push_back(std::move(g));
    Formula f = body;
    for (std::size_t i = guard.size(); i-- > 0;) f = implies(guard[i], f);
    return forall_s({"e"}, f);
}

const char* const kParams =
    " {Es Et} (S : Execution Es) (T : Execution Et) (map_ : Es -> Et -> Prop)";
const char* const kDecisionParams =
    " {Es Et} (fs : finite Es) (ft : finite Et) (Sb : BExecution Es) (Tb : BExecution Et) (mb : Es -> Et -> bool)";
const char* const kOkParams =
    "\n  (S : Execution Es) (T : Execution Et) (map_ : Es -> Et -> Prop)\n"
    "  (hS : xreflects Sb S) (hT : xreflects Tb T) (hm : reflectsM mb map_)";

}  // namespace

std::string mapping_module_name(const mapping::Mapping& m) { return "Mapping_" + coq_identifier(m.name); }

MappingModule mapping_module(const mapping::Mapping& m, const std::string& note) {
    MappingModule out;
    out.module = mapping_module_name(m);
    std::ostringstream d, b;
    d << "(* " << note << "\n   Mapping " << m.name << " (" << display_path(m.path)
      << ").\n   S is a source execution, T the target execution of its compiled program and\n"
         "   map_ e t says that source event e compiles to target event t. *)\n\n"
         "Require Import Mapsound.MsRel Mapsound.MsExec.\n\n";
    b << "(* " << note << "\n   Decisions of " << out.module
      << " on finite executions, with the proofs that they\n   reflect the definitions (MsDecide.v). *)\n\n"
         "Require Import Coq.Lists.List Coq.Bool.Bool.\n"
         "Require Import Mapsound.MsRel Mapsound.MsExec Mapsound.MsDecide Mapsound."
      << out.module << ".\n\n";
    auto emit = [&](const std::string& name, const std::string& comment, const Formula& f) {
        d << "(* " << comment << " *)\nDefinition " << name << kParams << " : Prop :=\n  " << layout(f.prop, 2) << ".\n\n";
        b << "Definition " << name << "_b" << kDecisionParams << " : bool :=\n  " << f.boolean << ".\n";
        b << "Lemma " << name << "_ok" << kDecisionParams << kOkParams << " :\n  reflectsP (" << name
          << "_b fs ft Sb Tb mb) (" << name << " S T map_).\nProof.\n  exact " << f.proof << ".\nQed.\n\n";
    };
    emit("map_structure",
         "What compilation preserves (lib/mapping/compile.cpp, lib/check/lowering.hpp): every\n"
         "   target event comes from exactly one source event; initial writes map one\n"
         "   to one and keep their tags; target events of threads carry no further tags\n"
         "   and there are no barriers; threads, their places in the scope tree and\n"
         "   program order carry over; a target memory event is at the target initial\n"
         "   write of its source event's location (and named so); the read-modify-write\n"
         "   pairs are the atoms'; dependencies go between the target accesses of the\n"
         "   source events (ctrl: to every target event of the dependent one), and ctrl\n"
         "   from a load its rule branches on to every later event of its thread.",
         map_structure(m));
    for (const auto& rule : m.rules) {
        const std::string name = "rule_" + coq_identifier(rule.source_text());
        out.rules.push_back(name);
        const std::string text = rule.source_text() + " -> " + rule.target_text();
        emit(name,
             text + "  (" + display_path(m.path) + " line " + std::to_string(rule.line) +
                 ")\n   Every source event of the class compiles to exactly these target events,\n"
                 "   in program order" +
                 (rule.source == SourceKind::rmw
                      ? " (the read to those up to the atom's read, the write to\n   the rest)"
                      : "") +
                 ".",
             rule_formula(rule, m));
    }
    d << "(* The compiled program: the map's structure and every rule. *)\nDefinition compiled" << kParams
      << " : Prop :=\n  map_structure S T map_";
    for (const auto& r : out.rules) d << " /\\\n  " << r << " S T map_";
    d << ".\n";
    std::string conj = "", proof = "";
    std::vector<std::string> parts = {"map_structure"};
    parts.insert(parts.end(), out.rules.begin(), out.rules.end());
    conj = parts.back() + "_b fs ft Sb Tb mb";
    proof = "(" + parts.back() + "_ok fs ft Sb Tb mb S T map_ hS hT hm)";
    for (std::size_t i = parts.size() - 1; i-- > 0;) {
        conj = "(if " + parts[i] + "_b fs ft Sb Tb mb then " + conj + " else false)";
        proof = "(r_andL (" + parts[i] + "_ok fs ft Sb Tb mb S T map_ hS hT hm) " + proof + ")";
    }
    b << "Definition compiled_b" << kDecisionParams << " : bool :=\n  " << conj << ".\n";
    b << "Lemma compiled_ok" << kDecisionParams << kOkParams << " :\n  reflectsP (compiled_b fs ft Sb Tb mb) (compiled S T map_).\nProof.\n  exact "
      << proof << ".\nQed.\n";
    out.definitions_text = d.str();
    out.decision_text = b.str();
    return out;
}

}  // namespace mapsound::coq
