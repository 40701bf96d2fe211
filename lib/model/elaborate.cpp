// Elaborating .cat syntax trees into the relational core's terms.
#include "model/elaborate.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <set>
#include <utility>

namespace mapsound::model {

namespace {

using rel::Expr;
using rel::Formula;
using K = CatExpr::Kind;

// An elaborated expression.  herd7's `0` is the empty set or relation,
// whichever its context needs, so it stays untyped until combined.
struct Value {
    std::optional<Expr> expr;  // empty: the polymorphic `0`
    bool is_empty_constant() const { return !expr; }
    int arity() const { return expr ? expr->arity() : 0; }
};

struct Environment;

// A function closes over the scope where it was defined (herd7's lexical
// scoping), which does not contain the function itself: recursion is an
// undefined name, never an endless expansion.
struct Function {
    std::vector<std::string> parameters;
    CatExprPtr body;
    std::shared_ptr<const Environment> environment;
};

struct Environment {
    std::map<std::string, Value> values;
    std::map<std::string, Function> functions;
};

const char* operator_name(K kind) {
    switch (kind) {
        case K::union_: return "'|'";
        case K::intersection: return "'&'";
        case K::difference: return "'\\'";
        case K::sequence: return "';'";
        case K::product: return "'*' (product)";
        case K::inverse: return "'^-1'";
        case K::plus: return "'+'";
        case K::star: return "'*' (closure)";
        case K::optional: return "'?'";
        case K::identity_on: return "'[...]'";
        case K::complement: return "'~'";
        default: return "this operator";
    }
}

// herd7 gives every model its standard library and a built-in coherence
// order; here a model includes them (models/lib/stdlib.cat, cos.cat), so
// an undefined name from either says which include it lacks.
std::string herd_library_hint(const std::string& name) {
    static const std::set<std::string> coherence{"co", "fr", "ca", "coe", "coi", "fre", "fri"};
    static const std::set<std::string> standard{"po-loc", "rfe", "rfi", "emptyset", "toid", "fencerel", "ctrlcfence",
                                                "imply", "nodetour", "singlestep"};
    if (coherence.count(name))
        return " (herd7 builds coherence in; here a model declares it: add include \"cos.cat\" for herd7's total "
               "coherence, or a 'witness co <= ...' line as models/lib/co-total.cat does)";
    if (standard.count(name))
        return " (herd7's standard library defines it and includes it in every model; here add include "
               "\"stdlib.cat\")";
    return {};
}

class Elaborator {
public:
    explicit Elaborator(const Vocabulary& vocabulary) {
        for (const auto& [name, expr] : vocabulary) {
            if (name == "_") continue;  // the universe is an operator, not a name
            scope_[name] = Value{expr};
            vocabulary_nodes_.emplace(name, expr.node().get());
        }
        if (auto u = vocabulary.find("_"); u != vocabulary.end()) universe_ = u->second;
        if (!scope_.count("id")) scope_["id"] = Value{rel::iden_on(universe_)};
    }

    ModelInstance run(const CatModel& model) {
        for (const auto& st : model.statements) statement(st);
        return std::move(out_);
    }

private:
    [[noreturn]] void fail(const SourcePos& pos, const std::string& message) const {
        throw ModelError(location_of(pos), message);
    }

    std::string names_in_scope() const {
        std::vector<std::string> names;
        for (const auto& entry : scope_) names.push_back(entry.first);
        for (const auto& entry : functions_) names.push_back(entry.first + "(...)");
        std::sort(names.begin(), names.end());
        std::string list;
        for (const auto& n : names) {
            if (!list.empty()) list += ", ";
            list += n;
        }
        return list;
    }

    // The operand as a relation or set of the given arity; `0` adapts.
    Expr need(const Value& v, int arity, const CatExpr& at, const CatExpr& operand) const {
        if (v.is_empty_constant()) return rel::none(arity);
        if (v.arity() != arity) {
            std::string what = arity == 2 ? "a relation" : "a set";
            std::string hint = arity == 2 && operand.kind == K::name ? " (for the identity on a set, write [" +
                                                                           operand.name + "])"
                                                                     : "";
            fail(operand.pos, std::string(operator_name(at.kind)) + " needs " + what + ", but this is " +
                                  (v.arity() == 2 ? "a relation" : "a set") + hint);
        }
        return *v.expr;
    }

    Value same_arity_op(const CatExpr& e) {
        Value a = value(*e.operands[0]);
        Value b = value(*e.operands[1]);
        if (a.is_empty_constant() && b.is_empty_constant()) return Value{};
        const int arity = a.is_empty_constant() ? b.arity() : a.arity();
        Expr x = need(a, arity, e, *e.operands[0]);
        Expr y = need(b, arity, e, *e.operands[1]);
        switch (e.kind) {
            case K::union_: return Value{x | y};
            case K::intersection: return Value{x & y};
            default: return Value{x - y};
        }
    }

    Value value(const CatExpr& e) {
        switch (e.kind) {
            case K::empty: return Value{};
            case K::universe: return Value{universe_};
            case K::name: {
                auto it = scope_.find(e.name);
                if (it == scope_.end()) {
                    if (functions_.count(e.name))
                        fail(e.pos, "'" + e.name + "' is a function; call it with arguments");
                    fail(e.pos, "undefined name '" + e.name + "'" + herd_library_hint(e.name) +
                                    "; names in scope: " + names_in_scope());
                }
                if (it->second.expr) {
                    auto v = vocabulary_nodes_.find(e.name);
                    if (v != vocabulary_nodes_.end() && v->second == it->second.expr->node().get())
                        out_.vocabulary_used.insert(e.name);
                }
                return it->second;
            }
            case K::union_:
            case K::intersection:
            case K::difference: return same_arity_op(e);
            case K::sequence: {
                Value a = value(*e.operands[0]);
                Value b = value(*e.operands[1]);
                return Value{need(a, 2, e, *e.operands[0]).join(need(b, 2, e, *e.operands[1]))};
            }
            case K::product: {
                Value a = value(*e.operands[0]);
                Value b = value(*e.operands[1]);
                return Value{need(a, 1, e, *e.operands[0]).product(need(b, 1, e, *e.operands[1]))};
            }
            case K::inverse: return Value{need(value(*e.operands[0]), 2, e, *e.operands[0]).transpose()};
            case K::plus: return Value{need(value(*e.operands[0]), 2, e, *e.operands[0]).closure()};
            case K::star: return Value{need(value(*e.operands[0]), 2, e, *e.operands[0]).reflexive_closure()};
            case K::optional: return Value{need(value(*e.operands[0]), 2, e, *e.operands[0]).optional()};
            case K::identity_on: return Value{rel::iden_on(need(value(*e.operands[0]), 1, e, *e.operands[0]))};
            case K::complement: {
                Value a = value(*e.operands[0]);
                if (a.is_empty_constant()) fail(e.pos, "'~0' is ambiguous: write '_' or '_ * _'");
                if (a.arity() == 1) return Value{universe_ - *a.expr};
                return Value{universe_.product(universe_) - *a.expr};
            }
            case K::call: return call(e);
        }
        fail(e.pos, "unsupported expression");
    }

    Value call(const CatExpr& e) {
        if (e.name == "domain" || e.name == "range") {
            if (e.operands.size() != 1) fail(e.pos, e.name + " takes one relation");
            Expr r = need(value(*e.operands[0]), 2, e, *e.operands[0]);
            return Value{e.name == "domain" ? r.domain() : r.range()};
        }
        auto it = functions_.find(e.name);
        if (it == functions_.end())
            fail(e.pos, "undefined function '" + e.name + "'" + herd_library_hint(e.name) + "; functions: domain, range" +
                            (functions_.empty() ? std::string() : ", and the names in scope: " + names_in_scope()));
        const Function& f = it->second;
        if (f.parameters.size() != e.operands.size())
            fail(e.pos, "'" + e.name + "' takes " + std::to_string(f.parameters.size()) + " argument(s), given " +
                            std::to_string(e.operands.size()));
        // Arguments are evaluated in the caller's scope, the body in the
        // function's own scope with the arguments bound.
        std::vector<Value> args;
        for (const auto& a : e.operands) args.push_back(value(*a));
        const Function called = f;  // functions_ is replaced below
        auto saved_scope = std::exchange(scope_, called.environment->values);
        auto saved_functions = std::exchange(functions_, called.environment->functions);
        for (std::size_t i = 0; i < args.size(); ++i) scope_[called.parameters[i]] = args[i];
        Value result = value(*called.body);
        scope_ = std::move(saved_scope);
        functions_ = std::move(saved_functions);
        return result;
    }

    void let(const CatStatement& st) {
        // Non-recursive `let a = e and b = f`: every body sees the old scope.
        std::vector<std::pair<std::string, Value>> results;
        std::vector<std::pair<std::string, Function>> functions;
        const auto environment = std::make_shared<const Environment>(Environment{scope_, functions_});
        for (const auto& b : st.bindings) {
            if (!b.parameters.empty())
                functions.emplace_back(b.name, Function{b.parameters, b.body, environment});
            else
                results.emplace_back(b.name, value(*b.body));
        }
        // A name is a value or a function, whichever was defined last.
        for (auto& [name, f] : functions) {
            functions_.insert_or_assign(name, std::move(f));
            scope_.erase(name);
            out_.definitions.erase(name);
        }
        for (auto& [name, v] : results) {
            scope_[name] = v;
            functions_.erase(name);
            out_.definitions.insert_or_assign(name, v.expr ? *v.expr : rel::none(2));
        }
    }

    void let_rec(const CatStatement& st) {
        for (const auto& b : st.bindings)
            if (!b.parameters.empty()) fail(b.pos, "recursive functions are not supported");
        // Arity of the recursion variables: relations, unless only sets work.
        std::optional<ModelError> first_error;
        for (int arity : {2, 1}) {
            auto saved = scope_;
            try {
                std::vector<rel::RecursionVariable> vars;
                for (const auto& b : st.bindings) {
                    vars.push_back(arity == 2 ? rel::RecursionVariable::binary(b.name)
                                              : rel::RecursionVariable::unary(b.name));
                    scope_[b.name] = Value{vars.back()};
                }
                std::vector<Expr> bodies;
                for (std::size_t i = 0; i < st.bindings.size(); ++i) {
                    Value v = value(*st.bindings[i].body);
                    bodies.push_back(need(v, arity, *st.bindings[i].body, *st.bindings[i].body));
                }
                std::vector<Expr> solution;
                try {
                    solution = rel::least_fixpoint(vars, bodies);
                } catch (const std::invalid_argument& e) {
                    fail(st.pos, e.what());
                }
                scope_ = std::move(saved);
                for (std::size_t i = 0; i < st.bindings.size(); ++i) {
                    scope_[st.bindings[i].name] = Value{solution[i]};
                    out_.definitions.insert_or_assign(st.bindings[i].name, solution[i]);
                }
                return;
            } catch (const ModelError& e) {
                scope_ = std::move(saved);
                if (std::string(e.what()).find("not monotone") != std::string::npos) throw;
                if (!first_error) first_error = e;
            }
        }
        throw *first_error;
    }

    Axiom axiom(const CatStatement& st) {
        Axiom a{st.name, static_cast<Axiom::Test>(st.test), st.negated, rel::none(2), Formula::constant(true),
                location_of(st.pos)};
        Value v = value(*st.expr);
        switch (st.test) {
            case CatStatement::Test::acyclic:
            case CatStatement::Test::irreflexive: {
                if (!v.is_empty_constant() && v.arity() != 2)
                    fail(st.expr->pos, std::string(st.test == CatStatement::Test::acyclic ? "acyclic" : "irreflexive") +
                                           " needs a relation, but this is a set");
                a.tested = v.is_empty_constant() ? rel::none(2) : *v.expr;
                a.holds = st.test == CatStatement::Test::acyclic ? rel::acyclic(a.tested) : rel::irreflexive(a.tested);
                break;
            }
            case CatStatement::Test::empty:
                a.tested = v.is_empty_constant() ? rel::none(2) : *v.expr;
                a.holds = a.tested.no();
                break;
        }
        if (st.negated) a.holds = !a.holds;
        a.name = statement_name(st);
        return a;
    }

    void witness(const CatStatement& st) {
        Value upper = value(*st.expr);
        if (upper.is_empty_constant()) fail(st.expr->pos, "a witness bounded by 0 is always empty; drop it");
        rel::Relation r = upper.arity() == 2 ? rel::Relation::binary(st.name) : rel::Relation::unary(st.name);
        out_.witnesses.push_back(Witness{st.name, r, *upper.expr, st.description, location_of(st.pos)});
        // The declared bound is a requirement like any other.
        out_.requirements.push_back(Axiom{st.name + "-bound", Axiom::Test::empty, false, r - *upper.expr,
                                          (r - *upper.expr).no(), location_of(st.pos)});
        scope_[st.name] = Value{r};
        out_.definitions.insert_or_assign(st.name, r);
    }

    void statement(const CatStatement& st) {
        switch (st.kind) {
            case CatStatement::Kind::let: let(st); break;
            case CatStatement::Kind::let_rec: let_rec(st); break;
            case CatStatement::Kind::axiom: {
                Axiom a = axiom(st);
                (st.flag ? out_.flags : out_.axioms).push_back(std::move(a));
                break;
            }
            case CatStatement::Kind::require: out_.requirements.push_back(axiom(st)); break;
            case CatStatement::Kind::witness: witness(st); break;
            case CatStatement::Kind::needs:
            case CatStatement::Kind::ignores: declared_names(st); break;
            case CatStatement::Kind::include:
            case CatStatement::Kind::show: break;
        }
    }

    // `needs` and `ignores` speak of the vocabulary an execution is given,
    // not of definitions: a name the vocabulary lacks is a typo.
    void declared_names(const CatStatement& st) {
        for (std::size_t i = 0; i < st.names.size(); ++i)
            if (!vocabulary_nodes_.count(st.names[i]))
                fail(st.name_positions[i], "'" + st.names[i] + "' after '" +
                                               (st.kind == CatStatement::Kind::needs ? "needs" : "ignores") +
                                               "' is no name of the execution vocabulary");
    }

    std::map<std::string, Value> scope_;
    // The vocabulary's expressions by node, to record which base names a model
    // reads (ModelInstance::vocabulary_used); and what `_` denotes.
    std::map<std::string, const void*> vocabulary_nodes_;
    Expr universe_ = rel::univ();
    std::map<std::string, Function> functions_;
    ModelInstance out_;
};

}  // namespace

Location location_of(const SourcePos& pos) { return Location{pos.file, pos.line, pos.column}; }

ModelInstance elaborate(const CatModel& model, const Vocabulary& vocabulary) {
    return Elaborator(vocabulary).run(model);
}

}  // namespace mapsound::model
