// Translating a parsed .cat model into Coq terms (see model_module.hpp);
// model_text.cpp writes the files.
//
// Every expression is translated four ways at once: its meaning as a Coq
// set or relation (MsRel.v), its boolean decision on a finite execution
// (MsDecide.v), the proof term that the boolean reflects the meaning, and,
// inside a `let rec`, the proof that the body is monotone in the recursion
// variable.  The four follow the syntax tree node by node, so they agree by
// construction and coqc checks the proofs.
#include "model_module.hpp"

#include <filesystem>
#include <map>
#include <set>

#include "identifier.hpp"
#include "mapsound/exec.hpp"
#include "model/parser.hpp"
#include "model_translation.hpp"

namespace mapsound::coq {

namespace {

using model::CatExpr;
using model::CatStatement;
using K = CatExpr::Kind;

std::string where(const model::SourcePos& pos) {
    return pos.file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column);
}

[[noreturn]] void fail(const model::SourcePos& pos, const std::string& message) {
    throw ExportError(where(pos) + ": " + message);
}

// What a name in scope stands for.
struct Symbol {
    enum class Kind { primitive, derived, let, witness, variable, parameter, function } kind;
    std::string id;
    int arity = 2;
    bool reads_witness = false;
    Term value;                // parameter: the argument's translation
    std::size_t function = 0;  // function: index into the translator's functions
};

Symbol symbol(Symbol::Kind kind, std::string id, int arity, bool reads_witness) {
    Symbol s{kind, std::move(id), arity, reads_witness, Term{}, 0};
    return s;
}

// A user function (`let f(x, y) = ...`): expanded at each call, its body
// read in the scope of its definition with the parameters bound to the
// arguments (herd's call by value on relations).
struct Function {
    std::vector<std::string> parameters;
    model::CatExprPtr body;
    std::map<std::string, Symbol> scope;
};

class Translator {
public:
    // vocabulary: nullptr when translating the vocabulary itself.
    Translator(const model::CatModel& m, const ModelModule* vocabulary) : model_(m), vocabulary_(vocabulary) {
        // The primitives, with their arities as the engine has them.
        exec::PreExecution none;
        const model::Vocabulary v = exec::vocabulary_of(none, rel::Relation::binary("rf"));
        for (const auto& name : exec::primitive_names())
            if (name != "_")
                scope_[name] = symbol(Symbol::Kind::primitive, vocabulary_identifier(name), v.at(name).arity(), false);
        if (vocabulary_) {
            for (const auto& item : vocabulary_->items) {
                scope_[item.cat_name] = symbol(Symbol::Kind::derived, item.id, item.arity, false);
                ids_.reserve(item.id);
            }
        }
    }

    Translation run() {
        Translation& t = out_;
        t.module.cat_path = model_.path;
        t.module.title = model_.title;
        t.module.vocabulary = vocabulary_ == nullptr;
        t.module.module = vocabulary_ ? model_module_name(model_.path) : "MsVocabulary";
        for (const auto& st : model_.statements) statement(st);
        return std::move(out_);
    }

private:
    // ---- expressions ----

    Term need(Term t, int arity, const CatExpr& at) const {
        if (t.arity == 0) {
            if (arity == 2) return Term{2, "rel_empty", "b_rel_empty", "(@r_rel_empty E)", "", false, false};
            return Term{1, "set_empty", "b_set_empty", "(@r_set_empty E)", "", false, false};
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
        t.reads_witness = a.reads_witness || b.reads_witness;
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
        t.reads_witness = a.reads_witness;
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
                    "(r_" + op + " fin " + a.proof + ")", "", false, a.reads_witness};
    }

    Term value(const CatExpr& e) {
        switch (e.kind) {
            case K::empty: return Term{};
            case K::universe: return Term{1, "set_full", "b_set_full", "(@r_set_full E)", "", false, false};
            case K::name: return name(e);
            case K::union_: return binary(e, "union", "set_union");
            case K::intersection: return binary(e, "inter", "set_inter");
            case K::difference: return binary(e, "diff", "set_diff");
            case K::sequence: {
                Term a = need(value(*e.operands[0]), 2, *e.operands[0]);
                Term b = need(value(*e.operands[1]), 2, *e.operands[1]);
                Term t{2, "(seq " + a.prop + " " + b.prop + ")", "(b_seq fin " + a.boolean + " " + b.boolean + ")",
                       "(r_seq fin " + a.proof + " " + b.proof + ")", "", a.uses_var || b.uses_var,
                       a.reads_witness || b.reads_witness};
                if (t.uses_var)
                    t.mono = "(@mono_seq E " + lambda(a) + " " + lambda(b) + " " + mono_of(a) + " " + mono_of(b) + ")";
                return t;
            }
            case K::product: {
                Term a = need(value(*e.operands[0]), 1, *e.operands[0]);
                Term b = need(value(*e.operands[1]), 1, *e.operands[1]);
                if (a.uses_var || b.uses_var) fail(e.pos, "a recursive set definition is not exported");
                return Term{2, "(prod " + a.prop + " " + b.prop + ")", "(b_prod " + a.boolean + " " + b.boolean + ")",
                            "(r_prod " + a.proof + " " + b.proof + ")", "", false,
                            a.reads_witness || b.reads_witness};
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
                                "(r_set_compl " + a.proof + ")", "", false, a.reads_witness};
                return unary(e, "compl", false, false);
            }
            case K::identity_on: return set_to_rel(e, "brack");
            case K::call: {
                if ((e.name == "domain" || e.name == "range") && e.operands.size() == 1) {
                    Term a = need(value(*e.operands[0]), 2, *e.operands[0]);
                    if (a.uses_var) fail(e.pos, "a recursive set definition is not exported");
                    return Term{1, "(" + e.name + " " + a.prop + ")", "(b_" + e.name + " fin " + a.boolean + ")",
                                "(r_" + e.name + " fin " + a.proof + ")", "", false, a.reads_witness};
                }
                return call(e);
            }
        }
        fail(e.pos, "unsupported expression");
    }

    Term name(const CatExpr& e) {
        auto it = scope_.find(e.name);
        if (it == scope_.end()) {
            if (e.name == "id") return Term{2, "iden", "(b_iden fin)", "(r_iden fin)", "", false, false};
            fail(e.pos, "undefined name '" + e.name + "'");
        }
        const Symbol& s = it->second;
        switch (s.kind) {
            case Symbol::Kind::primitive:
                return Term{s.arity, "(" + s.id + " " + kX + ")", "(b" + s.id + " Xb)", "(xr_" + s.id + " hX)", "",
                            false, false};
            case Symbol::Kind::witness:
                return Term{s.arity, "(" + s.id + " " + kW + ")", "(wb_" + s.id + " wb)", "(wr_" + s.id + " hw)", "",
                            false, true};
            case Symbol::Kind::derived:
                deps_.insert(s.id);
                return Term{s.arity, "(" + s.id + " " + kX + ")", "b_" + s.id, "h_" + s.id, "", false, false};
            case Symbol::Kind::let:
                deps_.insert(s.id);
                return Term{s.arity, "(" + s.id + " " + kX + (s.reads_witness ? " " + kW : std::string()) + ")",
                            "b_" + s.id, "h_" + s.id, "", false, s.reads_witness};
            case Symbol::Kind::variable:
                return Term{2, s.id, "b_" + s.id, "h_" + s.id, "(@mono_id E)", true, false};
            case Symbol::Kind::parameter: return s.value;
            case Symbol::Kind::function: fail(e.pos, "'" + e.name + "' is a function: call it with arguments");
        }
        fail(e.pos, "unsupported name");
    }

    Term call(const CatExpr& e) {
        auto it = scope_.find(e.name);
        if (it == scope_.end() || it->second.kind != Symbol::Kind::function)
            fail(e.pos, "undefined function '" + e.name + "'");
        const Function& f = functions_.at(it->second.function);
        if (f.parameters.size() != e.operands.size())
            fail(e.pos, "'" + e.name + "' takes " + std::to_string(f.parameters.size()) + " argument(s), not " +
                            std::to_string(e.operands.size()));
        std::vector<Term> args;
        for (const auto& a : e.operands) args.push_back(value(*a));
        auto saved = std::move(scope_);
        scope_ = f.scope;
        for (std::size_t i = 0; i < args.size(); ++i) {
            Symbol p{Symbol::Kind::parameter, f.parameters[i], args[i].arity, args[i].reads_witness, args[i], 0};
            scope_[f.parameters[i]] = p;
        }
        Term t = value(*f.body);
        scope_ = std::move(saved);
        return t;
    }

    // ---- statements ----

    std::string fresh(const std::string& name) {
        return vocabulary_ ? ids_.fresh(name) : vocabulary_identifier(name);
    }

    void add_let(ModelItem item, Term term, const std::string& lfp_var) {
        item.kind = ModelItem::Kind::let;
        item.arity = term.arity;
        item.reads_witness = term.reads_witness;
        scope_[item.cat_name] = symbol(Symbol::Kind::let, item.id, item.arity, item.reads_witness);
        out_.lets.emplace(item.id, TranslatedLet{std::move(term), lfp_var});
        out_.module.items.push_back(std::move(item));
    }

    void statement(const CatStatement& st) {
        switch (st.kind) {
            case CatStatement::Kind::let: {
                std::vector<std::pair<ModelItem, Term>> done;
                for (const auto& b : st.bindings) {
                    if (!b.parameters.empty()) {
                        // Functions are expanded where they are called.
                        functions_.push_back(Function{b.parameters, b.body, scope_});
                        Symbol f{Symbol::Kind::function, b.name, 2, false, Term{}, functions_.size() - 1};
                        scope_[b.name] = f;
                        continue;
                    }
                    deps_.clear();
                    Term t = value(*b.body);
                    if (t.arity == 0) t = need(t, 2, *b.body);
                    ModelItem item;
                    item.cat_name = b.name;
                    item.deps.assign(deps_.begin(), deps_.end());
                    done.emplace_back(std::move(item), std::move(t));
                }
                for (auto& [item, t] : done) {
                    item.id = fresh(item.cat_name);
                    add_let(std::move(item), std::move(t), "");
                }
                break;
            }
            case CatStatement::Kind::let_rec: {
                if (st.bindings.size() != 1)
                    fail(st.pos, "mutually recursive definitions (let rec ... and ...) are not exported to Coq");
                const auto& b = st.bindings.front();
                if (!b.parameters.empty()) fail(b.pos, "recursive functions are not exported to Coq");
                const std::string id = fresh(b.name);
                auto saved = scope_;
                scope_[b.name] = symbol(Symbol::Kind::variable, id, 2, false);
                var_ = id;
                deps_.clear();
                Term t = value(*b.body);
                if (t.arity == 0) t = need(t, 2, *b.body);
                if (t.arity != 2) fail(b.pos, "a recursive set definition is not exported to Coq");
                scope_ = std::move(saved);
                ModelItem item;
                item.cat_name = b.name;
                item.id = id;
                item.recursive = true;
                item.deps.assign(deps_.begin(), deps_.end());
                if (!t.uses_var) t.mono = "";
                add_let(std::move(item), std::move(t), id);
                break;
            }
            case CatStatement::Kind::witness: {
                if (!vocabulary_) fail(st.pos, "the execution vocabulary declares no witnesses");
                deps_.clear();
                Term upper = value(*st.expr);
                if (upper.arity == 0) fail(st.expr->pos, "a witness bounded by 0 is always empty");
                // The declared bound, as a let of its own (the refutation of a
                // statement enumerates the witness within it).
                ModelItem bound_let;
                bound_let.cat_name = st.name + "-upper";
                bound_let.id = fresh(bound_let.cat_name);
                bound_let.deps.assign(deps_.begin(), deps_.end());
                const std::string upper_id = bound_let.id;
                const int arity = upper.arity;
                add_let(std::move(bound_let), std::move(upper), "");
                const std::string id = fresh(st.name);
                scope_[st.name] = symbol(Symbol::Kind::witness, id, arity, true);
                // The bound is a requirement, as in the engine.
                deps_.clear();
                Term self = name(CatExpr{K::name, st.pos, st.name, {}});
                Term within = name(CatExpr{K::name, st.pos, st.name + "-upper", {}});
                Term bound;
                bound.arity = arity;
                bound.reads_witness = true;
                const std::string op = arity == 2 ? "diff" : "set_diff";
                bound.prop = "(" + op + " " + self.prop + " " + within.prop + ")";
                bound.boolean = "(b_" + op + " " + self.boolean + " " + within.boolean + ")";
                bound.proof = "(r_" + op + " " + self.proof + " " + within.proof + ")";
                const std::string bound_id =
                    condition(ModelItem::Kind::requirement, st.name + "-bound", CatStatement::Test::empty, false, bound);
                out_.module.witnesses.push_back(ModelWitness{st.name, id, arity, upper_id, bound_id});
                break;
            }
            case CatStatement::Kind::axiom:
            case CatStatement::Kind::require: {
                if (!vocabulary_) fail(st.pos, "the execution vocabulary states no axioms or requirements");
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
            case CatStatement::Kind::needs:
            case CatStatement::Kind::ignores:
            case CatStatement::Kind::show: break;
        }
    }

    std::string condition(ModelItem::Kind kind, const std::string& name, CatStatement::Test test, bool negated,
                          const Term& t) {
        ModelItem item;
        item.kind = kind;
        item.cat_name = name;
        item.id = fresh(name);
        item.deps.assign(deps_.begin(), deps_.end());
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
        if (kind == ModelItem::Kind::requirement) out_.module.requirements.push_back(item.id);
        if (kind != ModelItem::Kind::flag) out_.module.consistent_parts.push_back(item.id);
        out_.conditions.emplace(item.id, TranslatedCondition{p, b, q});
        out_.module.items.push_back(item);
        return item.id;
    }

    const model::CatModel& model_;
    const ModelModule* vocabulary_;
    std::map<std::string, Symbol> scope_;
    IdentifierScope ids_;
    std::string var_;
    std::set<std::string> deps_;
    std::vector<Function> functions_;
    Translation out_;
};

ModelModule finish(Translation t, const std::string& note) {
    t.module.definitions_text = definitions_text(t, note);
    t.module.decision_text = decision_text(t, note);
    return std::move(t.module);
}

}  // namespace

std::string substitute(const std::string& text, const std::string& x, const std::string& w) {
    std::string out;
    for (char c : text) {
        if (c == kX[0]) out += x;
        else if (c == kW[0]) out += w;
        else out += c;
    }
    return out;
}

const ModelItem* ModelModule::condition(const std::string& cat_name) const {
    for (const auto& i : items)
        if (i.kind != ModelItem::Kind::let && i.cat_name == cat_name) return &i;
    return nullptr;
}

const ModelItem* ModelModule::item(const std::string& id) const {
    for (const auto& i : items)
        if (i.id == id) return &i;
    return nullptr;
}

const ModelItem* ModelModule::final_let(const std::string& cat_name) const {
    const ModelItem* found = nullptr;
    for (const auto& i : items)
        if (i.kind == ModelItem::Kind::let && i.cat_name == cat_name) found = &i;
    return found;
}

std::string display_path(const std::string& path) {
    const std::filesystem::path p(path);
    const std::string dir = p.parent_path().filename().string();
    return dir.empty() ? p.filename().string() : dir + "/" + p.filename().string();
}

std::string model_module_name(const std::string& cat_path) {
    return "Model_" + coq_identifier(std::filesystem::path(cat_path).stem().string());
}

const ModelModule& vocabulary_module() {
    static const ModelModule m = [] {
        const model::CatModel v = model::parse_model_text(exec::vocabulary_text(), "vocabulary.cat", "");
        return finish(Translator(v, nullptr).run(),
                      std::string("Generated by mapsound ") + MAPSOUND_VERSION +
                          " from lib/exec/vocabulary.cat, the one definition of every derived name.");
    }();
    return m;
}

ModelModule translate_model(const model::CatModel& model, const std::string& generator_note) {
    return finish(Translator(model, &vocabulary_module()).run(), generator_note);
}

}  // namespace mapsound::coq
