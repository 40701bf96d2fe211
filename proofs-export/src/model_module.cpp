// Translating a parsed .cat model into Coq text (see model_module.hpp).
//
// Every expression is translated four ways at once: its meaning as a Coq
// set or relation (MsRel.v), its boolean decision on a finite execution
// (MsDecide.v), the proof term that the boolean reflects the meaning, and,
// inside a `let rec`, the proof that the body is monotone in the recursion
// variable.  The four follow the syntax tree node by node, so they agree by
// construction and coqc checks the proofs.
#include "model_module.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "identifier.hpp"

namespace mapsound::coq {

namespace {

using model::CatExpr;
using model::CatStatement;
using K = CatExpr::Kind;

// Placeholders for the execution and the witness in meaning texts: the
// model module says `X` and `w`, the decision module `(exec_of Xb)` and
// `(wit_of wb)`.
const std::string kX = "\x01";
const std::string kW = "\x02";

std::string substitute(std::string text, const std::string& x, const std::string& w) {
    std::string out;
    for (char c : text) {
        if (c == kX[0]) out += x;
        else if (c == kW[0]) out += w;
        else out += c;
    }
    return out;
}

const char* const kSets[] = {"R", "W", "F", "BAR", "BAR_ARRIVE", "M", "IW", "RMW", "NA", "WEAK", "RLX", "ACQ",
                             "REL", "ACQ_REL", "SC", "CTA", "GPU", "SYS"};
const char* const kRelations[] = {"po", "rf", "rmw", "addr", "data", "ctrl", "loc", "int",
                                  "ext", "scta", "sgpu", "incl", "sbar"};

std::string where(const model::SourcePos& pos) {
    return pos.file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column);
}

[[noreturn]] void fail(const model::SourcePos& pos, const std::string& message) {
    throw ExportError(where(pos) + ": " + message);
}

// A translated expression.  arity 0 is herd's polymorphic `0`.
struct Term {
    int arity = 0;
    std::string prop, boolean, proof, mono;
    bool uses_var = false;
};

// What a name in scope stands for.
struct Symbol {
    enum class Kind { vocabulary, let, witness, variable } kind;
    std::string id;
    int arity = 2;
};

class Translator {
public:
    explicit Translator(const model::CatModel& m) : model_(m) {
        for (const char* s : kSets) scope_[s] = Symbol{Symbol::Kind::vocabulary, s, 1};
        for (const char* r : kRelations) scope_[r] = Symbol{Symbol::Kind::vocabulary, r, 2};
    }

    ModelModule run(const std::string& note) {
        out_.cat_path = model_.path;
        out_.title = model_.title;
        out_.module = model_module_name(model_.path);
        for (const auto& st : model_.statements) statement(st);
        out_.definitions_text = definitions_text(note);
        out_.decision_text = decision_text(note);
        return std::move(out_);
    }

private:
    // ---- expressions ----

    Term need(Term t, int arity, const CatExpr& at) const {
        if (t.arity == 0) {
            if (arity == 2) return Term{2, "rel_empty", "b_rel_empty", "(@r_rel_empty E)", "", false};
            return Term{1, "set_empty", "b_set_empty", "(@r_set_empty E)", "", false};
        }
        if (t.arity != arity)
            fail(at.pos, std::string("expected ") + (arity == 2 ? "a relation" : "a set") + " here");
        return t;
    }

    // The monotonicity proof of `fun v => t` (only asked for inside let rec).
    std::string lambda(const Term& t) const { return "(fun " + var_ + " : rel E => " + t.prop + ")"; }
    std::string mono_of(const Term& t) const {
        if (!t.uses_var) return "(@mono_const E " + t.prop + ")";
        return t.mono;
    }

    Term binary(const CatExpr& e, const std::string& rel_op, const std::string& set_op) {
        Term a = value(*e.operands[0]);
        Term b = value(*e.operands[1]);
        if (a.arity == 0 && b.arity == 0) return Term{};
        const int arity = a.arity == 0 ? b.arity : a.arity;
        a = need(a, arity, *e.operands[0]);
        b = need(b, arity, *e.operands[1]);
        Term t;
        t.arity = arity;
        const std::string op = arity == 2 ? rel_op : set_op;
        t.prop = "(" + op + " " + a.prop + " " + b.prop + ")";
        t.boolean = "(b_" + op + " " + a.boolean + " " + b.boolean + ")";
        t.proof = "(r_" + op + " " + a.proof + " " + b.proof + ")";
        t.uses_var = a.uses_var || b.uses_var;
        if (t.uses_var) {
            if (arity != 2) fail(e.pos, "a recursive set definition is not exported");
            if (op == "diff") {
                if (b.uses_var) fail(e.pos, "the recursion variable right of '\\' is not monotone");
                t.mono = "(@mono_diff E " + lambda(a) + " " + b.prop + " " + mono_of(a) + ")";
            } else {
                t.mono = "(@mono_" + op + " E " + lambda(a) + " " + lambda(b) + " " + mono_of(a) + " " +
                         mono_of(b) + ")";
            }
        }
        return t;
    }

    // A unary operator on a relation; fin: whether its boolean needs the
    // finite type.
    Term unary(const CatExpr& e, const std::string& op, bool fin, bool monotone) {
        Term a = need(value(*e.operands[0]), 2, *e.operands[0]);
        const std::string f = fin ? " fin" : "";
        Term t;
        t.arity = 2;
        t.prop = "(" + op + " " + a.prop + ")";
        t.boolean = "(b_" + op + f + " " + a.boolean + ")";
        t.proof = "(r_" + op + f + " " + a.proof + ")";
        t.uses_var = a.uses_var;
        if (t.uses_var) {
            if (!monotone) fail(e.pos, "this operator is not monotone in the recursion variable");
            t.mono = "(@mono_" + op + " E " + lambda(a) + " " + mono_of(a) + ")";
        }
        return t;
    }

    Term set_to_rel(const CatExpr& e, const std::string& op) {
        Term a = need(value(*e.operands[0]), 1, *e.operands[0]);
        if (a.uses_var) fail(e.pos, "a recursive set definition is not exported");
        return Term{2, "(" + op + " " + a.prop + ")", "(b_" + op + " fin " + a.boolean + ")",
                    "(r_" + op + " fin " + a.proof + ")", "", false};
    }

    Term value(const CatExpr& e) {
        switch (e.kind) {
            case K::empty: return Term{};
            case K::universe: return Term{1, "set_full", "b_set_full", "(@r_set_full E)", "", false};
            case K::name: return name(e);
            case K::union_: return binary(e, "union", "set_union");
            case K::intersection: return binary(e, "inter", "set_inter");
            case K::difference: return binary(e, "diff", "set_diff");
            case K::sequence: {
                Term a = need(value(*e.operands[0]), 2, *e.operands[0]);
                Term b = need(value(*e.operands[1]), 2, *e.operands[1]);
                Term t{2, "(seq " + a.prop + " " + b.prop + ")", "(b_seq fin " + a.boolean + " " + b.boolean + ")",
                       "(r_seq fin " + a.proof + " " + b.proof + ")", "", a.uses_var || b.uses_var};
                if (t.uses_var)
                    t.mono = "(@mono_seq E " + lambda(a) + " " + lambda(b) + " " + mono_of(a) + " " + mono_of(b) + ")";
                return t;
            }
            case K::product: {
                Term a = need(value(*e.operands[0]), 1, *e.operands[0]);
                Term b = need(value(*e.operands[1]), 1, *e.operands[1]);
                if (a.uses_var || b.uses_var) fail(e.pos, "a recursive set definition is not exported");
                return Term{2, "(prod " + a.prop + " " + b.prop + ")", "(b_prod " + a.boolean + " " + b.boolean + ")",
                            "(r_prod " + a.proof + " " + b.proof + ")", "", false};
            }
            case K::inverse: return unary(e, "inv", false, true);
            case K::plus: return unary(e, "tc", true, true);
            case K::star: return unary(e, "rtc", true, true);
            case K::optional: return unary(e, "opt", true, true);
            case K::complement: {
                Term a = value(*e.operands[0]);
                if (a.arity == 0) fail(e.pos, "'~0' is ambiguous");
                if (a.uses_var) fail(e.pos, "complement is not monotone in the recursion variable");
                if (a.arity == 1)
                    return Term{1, "(set_compl " + a.prop + ")", "(b_set_compl " + a.boolean + ")",
                                "(r_set_compl " + a.proof + ")", "", false};
                return unary(e, "compl", false, false);
            }
            case K::identity_on: return set_to_rel(e, "brack");
            case K::call: {
                if ((e.name == "domain" || e.name == "range") && e.operands.size() == 1) {
                    Term a = need(value(*e.operands[0]), 2, *e.operands[0]);
                    if (a.uses_var) fail(e.pos, "a recursive set definition is not exported");
                    return Term{1, "(" + e.name + " " + a.prop + ")", "(b_" + e.name + " fin " + a.boolean + ")",
                                "(r_" + e.name + " fin " + a.proof + ")", "", false};
                }
                fail(e.pos, "calls of user functions ('" + e.name + "') are not exported to Coq");
            }
        }
        fail(e.pos, "unsupported expression");
    }

    Term name(const CatExpr& e) {
        auto it = scope_.find(e.name);
        if (it == scope_.end()) {
            if (e.name == "id") return Term{2, "iden", "(b_iden fin)", "(r_iden fin)", "", false};
            fail(e.pos, "undefined name '" + e.name + "'");
        }
        const Symbol& s = it->second;
        const bool set = s.arity == 1;
        switch (s.kind) {
            case Symbol::Kind::vocabulary:
                return Term{s.arity, "(" + s.id + " " + kX + ")", "(b" + s.id + " Xb)",
                            std::string(set ? "(refl1 " : "(refl2 ") + "(b" + s.id + " Xb))", "", false};
            case Symbol::Kind::witness:
                return Term{s.arity, "(" + s.id + " " + kW + ")", "(wb_" + s.id + " wb)",
                            std::string(set ? "(refl1 " : "(refl2 ") + "(wb_" + s.id + " wb))", "", false};
            case Symbol::Kind::let:
                deps_.insert(s.id);
                return Term{s.arity, "(" + s.id + " " + kX + " " + kW + ")", "b_" + s.id, "h_" + s.id, "", false};
            case Symbol::Kind::variable:
                return Term{2, s.id, "b_" + s.id, "h_" + s.id, "(@mono_id E)", true};
        }
        fail(e.pos, "unsupported name");
    }

    // ---- statements ----

    struct Let {
        ModelItem item;
        Term term;
        std::string lfp_var;  // recursive: the variable's id
    };

    void statement(const CatStatement& st) {
        switch (st.kind) {
            case CatStatement::Kind::let: {
                std::vector<std::pair<std::string, Let>> done;
                for (const auto& b : st.bindings) {
                    if (!b.parameters.empty())
                        fail(b.pos, "functions ('let " + b.name + "(...)') are not exported to Coq");
                    deps_.clear();
                    Term t = value(*b.body);
                    if (t.arity == 0) t = need(t, 2, *b.body);
                    Let l;
                    l.item.kind = ModelItem::Kind::let;
                    l.item.cat_name = b.name;
                    l.item.arity = t.arity;
                    l.item.deps.assign(deps_.begin(), deps_.end());
                    l.term = t;
                    done.emplace_back(b.name, std::move(l));
                }
                for (auto& [name, l] : done) {
                    l.item.id = ids_.fresh(name);
                    scope_[name] = Symbol{Symbol::Kind::let, l.item.id, l.item.arity};
                    lets_.emplace(l.item.id, l);
                    out_.items.push_back(l.item);
                }
                break;
            }
            case CatStatement::Kind::let_rec: {
                if (st.bindings.size() != 1)
                    fail(st.pos, "mutually recursive definitions (let rec ... and ...) are not exported to Coq");
                const auto& b = st.bindings.front();
                if (!b.parameters.empty()) fail(b.pos, "recursive functions are not exported to Coq");
                const std::string id = ids_.fresh(b.name);
                auto saved = scope_;
                scope_[b.name] = Symbol{Symbol::Kind::variable, id, 2};
                var_ = id;
                deps_.clear();
                Term t = value(*b.body);
                if (t.arity == 0) t = need(t, 2, *b.body);
                if (t.arity != 2) fail(b.pos, "a recursive set definition is not exported to Coq");
                scope_ = std::move(saved);
                Let l;
                l.item = ModelItem{ModelItem::Kind::let, b.name, id, 2, true, {deps_.begin(), deps_.end()}};
                if (!t.uses_var) t.mono = "";
                l.term = t;
                l.lfp_var = id;
                scope_[b.name] = Symbol{Symbol::Kind::let, id, 2};
                lets_.emplace(id, l);
                out_.items.push_back(l.item);
                break;
            }
            case CatStatement::Kind::witness: {
                deps_.clear();
                Term upper = value(*st.expr);
                if (upper.arity == 0) fail(st.expr->pos, "a witness bounded by 0 is always empty");
                const std::string id = ids_.fresh(st.name);
                out_.witnesses.push_back(ModelWitness{st.name, id, upper.arity});
                scope_[st.name] = Symbol{Symbol::Kind::witness, id, upper.arity};
                // The declared bound is a requirement, as in the engine.
                Term self = name(CatExpr{K::name, st.pos, st.name, {}});
                Term bound;
                bound.arity = upper.arity;
                const std::string op = upper.arity == 2 ? "diff" : "set_diff";
                bound.prop = "(" + op + " " + self.prop + " " + upper.prop + ")";
                bound.boolean = "(b_" + op + " " + self.boolean + " " + upper.boolean + ")";
                bound.proof = "(r_" + op + " " + self.proof + " " + upper.proof + ")";
                condition(ModelItem::Kind::requirement, st.name + "-bound", CatStatement::Test::empty, false, bound);
                break;
            }
            case CatStatement::Kind::axiom:
            case CatStatement::Kind::require: {
                deps_.clear();
                Term t = value(*st.expr);
                if (t.arity == 0) t = need(t, 2, *st.expr);
                if (st.test != CatStatement::Test::empty && t.arity != 2)
                    fail(st.expr->pos, "acyclic and irreflexive need a relation");
                const std::string name = statement_name(st);
                const auto kind = st.kind == CatStatement::Kind::require ? ModelItem::Kind::requirement
                                  : st.flag                              ? ModelItem::Kind::flag
                                                                         : ModelItem::Kind::axiom;
                condition(kind, name, st.test, st.negated, t);
                break;
            }
            case CatStatement::Kind::include:
            case CatStatement::Kind::show: break;
        }
    }

    struct Condition {
        ModelItem item;
        std::string prop, boolean, proof;
    };

    void condition(ModelItem::Kind kind, const std::string& name, CatStatement::Test test, bool negated,
                   const Term& t) {
        Condition c;
        c.item.kind = kind;
        c.item.cat_name = name;
        c.item.id = ids_.fresh(name);
        c.item.deps.assign(deps_.begin(), deps_.end());
        std::string p, b, q;
        switch (test) {
            case CatStatement::Test::acyclic:
                p = "acyclic " + t.prop, b = "b_acyclic fin " + t.boolean, q = "(r_acyclic fin " + t.proof + ")";
                break;
            case CatStatement::Test::irreflexive:
                p = "irreflexive " + t.prop, b = "b_irreflexive fin " + t.boolean,
                q = "(r_irreflexive fin " + t.proof + ")";
                break;
            case CatStatement::Test::empty:
                if (t.arity == 2)
                    p = "empty " + t.prop, b = "b_empty fin " + t.boolean, q = "(r_empty fin " + t.proof + ")";
                else
                    p = "set_is_empty " + t.prop, b = "b_set_is_empty fin " + t.boolean,
                    q = "(r_set_is_empty fin " + t.proof + ")";
                break;
        }
        if (negated) p = "~ (" + p + ")", b = "negb (" + b + ")", q = "(r_not " + q + ")";
        c.prop = p, c.boolean = b, c.proof = q;
        if (kind != ModelItem::Kind::flag) parts_.push_back(c.item.id);
        conditions_.emplace(c.item.id, c);
        out_.items.push_back(c.item);
    }

    // ---- output ----

    static std::string type_of(int arity) { return arity == 2 ? "rel E" : "set E"; }
    static std::string btype_of(int arity) { return arity == 2 ? "brel E" : "bset E"; }

    std::string definitions_text(const std::string& note) {
        std::ostringstream o;
        o << "(* " << note << "\n   Model: " << model_.path << (model_.title.empty() ? "" : " (\"" + model_.title + "\")")
          << "\n   One Definition per let (let rec: a least fixpoint), per axiom, flag and\n"
             "   requirement, and the consistency predicate.  Every definition takes the\n"
             "   execution X (MsExec.v) and the model's witnesses w. *)\n\n"
             "Require Import Mapsound.MsRel Mapsound.MsExec.\n\n";
        o << "(* The relations the model lets the solver choose (witness ... <= ...). *)\n";
        o << "Record Witness (E : Type) := Build_Witness {";
        for (std::size_t i = 0; i < out_.witnesses.size(); ++i)
            o << (i ? ";" : "") << "\n  " << out_.witnesses[i].id << " : " << type_of(out_.witnesses[i].arity);
        o << (out_.witnesses.empty() ? "" : "\n") << "}.\n";
        for (const auto& wi : out_.witnesses) o << "Arguments " << wi.id << " {E} _" << (wi.arity == 2 ? " _ _" : " _") << ".\n";
        o << "\n";
        for (const auto& item : out_.items) {
            o << "(* " << describe(item) << " *)\n";
            if (item.kind == ModelItem::Kind::let) {
                const Let& l = lets_.at(item.id);
                const std::string body = substitute(l.term.prop, "X", "w");
                o << "Definition " << item.id << " {E} (X : Execution E) (w : Witness E) : " << type_of(item.arity)
                  << " :=\n  ";
                if (item.recursive)
                    o << "lfp (fun " << l.lfp_var << " : rel E => " << body << ").\n\n";
                else
                    o << body << ".\n\n";
            } else {
                const Condition& c = conditions_.at(item.id);
                o << "Definition " << item.id << " {E} (X : Execution E) (w : Witness E) : Prop :=\n  "
                  << substitute(c.prop, "X", "w") << ".\n\n";
            }
        }
        o << "(* Well-formedness of the witnesses: every requirement. *)\n";
        o << "Definition well_formed {E} (X : Execution E) (w : Witness E) : Prop :=\n  ";
        bool any = false;
        for (const auto& item : out_.items)
            if (item.kind == ModelItem::Kind::requirement) {
                o << (any ? " /\\\n  " : "") << item.id << " X w";
                any = true;
            }
        o << (any ? "" : "True") << ".\n\n";
        o << "(* Consistency: every requirement and every axiom (flags are reported, not\n   required). *)\n";
        o << "Definition consistent {E} (X : Execution E) (w : Witness E) : Prop :=\n  ";
        if (parts_.empty()) o << "True";
        for (std::size_t i = 0; i < parts_.size(); ++i) o << (i ? " /\\\n  " : "") << parts_[i] << " X w";
        o << ".\n";
        out_.consistent_parts = parts_;
        return o.str();
    }

    std::string describe(const ModelItem& item) const {
        switch (item.kind) {
            case ModelItem::Kind::let: return std::string(item.recursive ? "let rec " : "let ") + item.cat_name;
            case ModelItem::Kind::requirement: return "requirement " + item.cat_name;
            case ModelItem::Kind::axiom: return "axiom " + item.cat_name;
            case ModelItem::Kind::flag: return "flag " + item.cat_name + " (the Prop says the flag fires)";
        }
        return "";
    }

    // Parameters of a decision function: the lets it reads.
    std::string params(const ModelItem& item, bool with_proofs) const {
        std::string s;
        for (const auto& d : item.deps) {
            const int arity = lets_.at(d).item.arity;
            s += " (b_" + d + " : " + btype_of(arity) + ")";
            if (with_proofs)
                s += " (h_" + d + " : reflects" + std::to_string(arity) + " b_" + d + " (" + d +
                     " (exec_of Xb) (wit_of wb)))";
        }
        return s;
    }
    static std::string args(const ModelItem& item) {
        std::string s;
        for (const auto& d : item.deps) s += " b_" + d;
        return s;
    }

    std::string decision_text(const std::string& note) {
        const std::string X = "(exec_of Xb)", W = "(wit_of wb)";
        const std::string head = " {E} (fin : finite E) (Xb : BExecution E) (wb : BWitness E)";
        std::ostringstream o;
        o << "(* " << note << "\n   Decision procedures for " << out_.module
          << " on finite executions: for each definition d,\n"
             "   d_f computes it from booleans and d_fok proves that d_f reflects d\n"
             "   (MsDecide.v).  Used to check the export against the engine on concrete\n"
             "   executions. *)\n\n"
             "Require Import Coq.Bool.Bool.\n"
             "Require Import Mapsound.MsRel Mapsound.MsExec Mapsound.MsDecide Mapsound."
          << out_.module << ".\n\n";
        o << "Record BWitness (E : Type) := Build_BWitness {";
        for (std::size_t i = 0; i < out_.witnesses.size(); ++i)
            o << (i ? ";" : "") << "\n  wb_" << out_.witnesses[i].id << " : " << btype_of(out_.witnesses[i].arity);
        o << (out_.witnesses.empty() ? "" : "\n") << "}.\n";
        for (const auto& wi : out_.witnesses) o << "Arguments wb_" << wi.id << " {E} _ _" << (wi.arity == 2 ? " _" : "") << ".\n";
        o << "Definition wit_of {E} (wb : BWitness E) : Witness E := Build_Witness E";
        for (const auto& wi : out_.witnesses) o << " (to_" << (wi.arity == 2 ? "rel" : "set") << " (wb_" << wi.id << " wb))";
        o << ".\n\n";
        for (const auto& item : out_.items) {
            if (item.kind == ModelItem::Kind::let) {
                const Let& l = lets_.at(item.id);
                const std::string a = std::to_string(item.arity);
                if (item.recursive) {
                    const std::string fb = "(fun b_" + l.lfp_var + " : brel E => " + l.term.boolean + ")";
                    o << "Definition " << item.id << "_f" << head << params(item, false) << " : brel E :=\n  b_lfp fin "
                      << fb << ".\n";
                    o << "Lemma " << item.id << "_fok" << head << params(item, true) << "\n  (stable : b_stable fin " << fb
                      << " = true) :\n  reflects2 (" << item.id << "_f fin Xb wb" << args(item) << ") (" << item.id
                      << " " << X << " " << W << ").\n";
                    const std::string F = substitute(l.term.prop, X, W);
                    const std::string mono =
                        l.term.uses_var ? substitute(l.term.mono, X, W) : "(@mono_const E " + F + ")";
                    o << "Proof.\n  exact (r_lfp fin (F := fun " << l.lfp_var << " : rel E => " << F << ")\n    " << fb
                      << "\n    " << mono << "\n    (fun (b_" << l.lfp_var << " : brel E) (" << l.lfp_var
                      << " : rel E) (h_" << l.lfp_var << " : reflects2 b_" << l.lfp_var << " " << l.lfp_var << ") => "
                      << l.term.proof << ")\n    stable).\nQed.\n\n";
                } else {
                    o << "Definition " << item.id << "_f" << head << params(item, false) << " : " << btype_of(item.arity)
                      << " :=\n  memo" << a << " fin " << l.term.boolean << ".\n";
                    o << "Lemma " << item.id << "_fok" << head << params(item, true) << " :\n  reflects" << a << " ("
                      << item.id << "_f fin Xb wb" << args(item) << ") (" << item.id << " " << X << " " << W
                      << ").\nProof.\n  exact (r_memo" << a << " fin " << l.term.proof << ").\nQed.\n\n";
                }
            } else {
                const Condition& c = conditions_.at(item.id);
                o << "Definition " << item.id << "_f" << head << params(item, false) << " : bool :=\n  " << c.boolean
                  << ".\n";
                o << "Lemma " << item.id << "_fok" << head << params(item, true) << " :\n  reflectsP (" << item.id
                  << "_f fin Xb wb" << args(item) << ") (" << item.id << " " << X << " " << W << ").\nProof.\n  exact "
                  << c.proof << ".\nQed.\n\n";
            }
        }
        // Consistency from the booleans of its parts.
        o << "Definition consistent_f";
        for (const auto& p : parts_) o << " (a_" << p << " : bool)";
        o << " : bool :=\n  ";
        std::string conj = "true", proof = "r_true";
        if (!parts_.empty()) {
            conj = "a_" + parts_.back();
            proof = "h_" + parts_.back();
            for (std::size_t i = parts_.size() - 1; i-- > 0;) {
                conj = "(a_" + parts_[i] + " && " + conj + ")";
                proof = "(r_and h_" + parts_[i] + " " + proof + ")";
            }
        }
        o << conj << ".\n";
        o << "Lemma consistent_fok {E} (X : Execution E) (w : Witness E)";
        for (const auto& p : parts_) o << "\n  (a_" << p << " : bool) (h_" << p << " : reflectsP a_" << p << " (" << p << " X w))";
        o << " :\n  reflectsP (consistent_f";
        for (const auto& p : parts_) o << " a_" << p;
        o << ") (consistent X w).\nProof.\n  exact " << proof << ".\nQed.\n";
        return o.str();
    }

    const model::CatModel& model_;
    std::map<std::string, Symbol> scope_;
    IdentifierScope ids_;
    std::string var_;
    std::set<std::string> deps_;
    std::map<std::string, Let> lets_;
    std::map<std::string, Condition> conditions_;
    std::vector<std::string> parts_;
    ModelModule out_;
};

}  // namespace

const ModelItem* ModelModule::condition(const std::string& cat_name) const {
    for (const auto& item : items)
        if (item.kind != ModelItem::Kind::let && item.cat_name == cat_name) return &item;
    return nullptr;
}

std::string model_module_name(const std::string& cat_path) {
    return "Model_" + coq_identifier(std::filesystem::path(cat_path).stem().string());
}

ModelModule translate_model(const model::CatModel& model, const std::string& generator_note) {
    return Translator(model).run(generator_note);
}

}  // namespace mapsound::coq
