// Building expressions and formulas, with arity checks at construction.
#include <algorithm>
#include <atomic>
#include <stdexcept>

#include "rel/ast/node.hpp"

namespace mapsound::rel {

using detail::Kind;
using detail::make_node;
using detail::Node;

namespace detail {

bool is_formula(Kind kind) { return kind >= Kind::truth; }

NodePtr make_node(Kind kind, int arity, std::vector<NodePtr> children) {
    auto node = std::make_shared<Node>();
    node->kind = kind;
    node->arity = arity;
    node->children = std::move(children);
    // Variables bound here: a quantifier binds its variable in its body, a
    // fixpoint system its recursion variables in its bodies.
    std::vector<std::uint64_t> bound;
    std::size_t first_scanned = 0;
    if (kind == Kind::forall || kind == Kind::exists) {
        bound.push_back(node->children[0]->id);
        first_scanned = 1;
    } else if (kind == Kind::fixpoint_system) {
        const std::size_t k = node->children.size() / 2;
        for (std::size_t i = 0; i < k; ++i) bound.push_back(node->children[i]->id);
        first_scanned = k;
    }
    std::vector<std::uint64_t> vars;
    for (std::size_t i = first_scanned; i < node->children.size(); ++i) {
        const bool in_scope = kind == Kind::fixpoint_system || ((kind == Kind::forall || kind == Kind::exists) && i == 2);
        for (auto v : node->children[i]->free_variables)
            if (!in_scope || std::find(bound.begin(), bound.end(), v) == bound.end()) vars.push_back(v);
    }
    std::sort(vars.begin(), vars.end());
    vars.erase(std::unique(vars.begin(), vars.end()), vars.end());
    node->free_variables = std::move(vars);
    return node;
}

bool is_bound_leaf(Kind kind) { return kind == Kind::variable || kind == Kind::recursion_variable; }

}  // namespace detail

namespace {

std::uint64_t next_id() {
    static std::atomic<std::uint64_t> counter{1};
    return counter.fetch_add(1);
}

void require_arity(const char* op, const Expr& e, int arity) {
    if (e.arity() != arity)
        throw std::invalid_argument(std::string(op) + ": expected an operand of arity " + std::to_string(arity) +
                                    ", got " + e.to_string() + " of arity " + std::to_string(e.arity()));
}

void require_same_arity(const char* op, const Expr& a, const Expr& b) {
    if (a.arity() != b.arity())
        throw std::invalid_argument(std::string(op) + ": operands of different arity: " + a.to_string() + " and " +
                                    b.to_string());
}

Expr binary_expr(Kind kind, int arity, const Expr& a, const Expr& b) {
    return Expr(make_node(kind, arity, {a.node(), b.node()}));
}

Formula formula(Kind kind, std::vector<NodePtr> children) {
    return Formula(make_node(kind, 0, std::move(children)));
}

NodePtr named_leaf(Kind kind, int arity, const std::string& name) {
    auto node = std::make_shared<Node>();
    node->kind = kind;
    node->arity = arity;
    node->name = name;
    node->id = next_id();
    if (detail::is_bound_leaf(kind)) node->free_variables = {node->id};
    return node;
}

}  // namespace

int Expr::arity() const { return node_->arity; }

Expr Expr::join(const Expr& other) const {
    if (arity() + other.arity() - 2 < 1)
        throw std::invalid_argument("join: joining two sets " + to_string() + " and " + other.to_string());
    return binary_expr(Kind::join, arity() + other.arity() - 2, *this, other);
}

Expr Expr::product(const Expr& other) const {
    require_arity("product", *this, 1);
    require_arity("product", other, 1);
    return binary_expr(Kind::product, 2, *this, other);
}

Expr Expr::transpose() const {
    require_arity("transpose", *this, 2);
    return Expr(make_node(Kind::transpose, 2, {node()}));
}

Expr Expr::closure() const {
    require_arity("closure", *this, 2);
    return Expr(make_node(Kind::closure, 2, {node()}));
}

Expr Expr::reflexive_closure() const {
    require_arity("reflexive closure", *this, 2);
    return Expr(make_node(Kind::reflexive_closure, 2, {node()}));
}

Expr Expr::optional() const {
    require_arity("optional", *this, 2);
    return *this | iden();
}

Expr Expr::domain() const {
    require_arity("domain", *this, 2);
    return Expr(make_node(Kind::domain, 1, {node()}));
}

Expr Expr::range() const {
    require_arity("range", *this, 2);
    return Expr(make_node(Kind::range, 1, {node()}));
}

Formula Expr::in(const Expr& other) const {
    require_same_arity("in", *this, other);
    return formula(Kind::subset, {node(), other.node()});
}

Formula Expr::eq(const Expr& other) const {
    require_same_arity("=", *this, other);
    return formula(Kind::equal, {node(), other.node()});
}

Formula Expr::no() const { return formula(Kind::no, {node()}); }
Formula Expr::some() const { return formula(Kind::some, {node()}); }
Formula Expr::one() const { return formula(Kind::one, {node()}); }
Formula Expr::lone() const { return formula(Kind::lone, {node()}); }

Expr operator|(const Expr& a, const Expr& b) {
    require_same_arity("|", a, b);
    return binary_expr(Kind::union_, a.arity(), a, b);
}

Expr operator&(const Expr& a, const Expr& b) {
    require_same_arity("&", a, b);
    return binary_expr(Kind::intersection, a.arity(), a, b);
}

Expr operator-(const Expr& a, const Expr& b) {
    require_same_arity("\\", a, b);
    return binary_expr(Kind::difference, a.arity(), a, b);
}

Relation Relation::unary(const std::string& name) { return Relation(named_leaf(Kind::relation, 1, name)); }
Relation Relation::binary(const std::string& name) { return Relation(named_leaf(Kind::relation, 2, name)); }
const std::string& Relation::name() const { return node()->name; }
std::uint64_t Relation::id() const { return node()->id; }

Variable Variable::unary(const std::string& name) { return Variable(named_leaf(Kind::variable, 1, name)); }
const std::string& Variable::name() const { return node()->name; }
std::uint64_t Variable::id() const { return node()->id; }

RecursionVariable RecursionVariable::unary(const std::string& name) {
    return RecursionVariable(named_leaf(Kind::recursion_variable, 1, name));
}
RecursionVariable RecursionVariable::binary(const std::string& name) {
    return RecursionVariable(named_leaf(Kind::recursion_variable, 2, name));
}
const std::string& RecursionVariable::name() const { return node()->name; }

namespace {

// Throws unless every occurrence of a variable of 'vars' in 'node' is
// positive (growing the variable can only grow the expression).
void require_monotone(const Node& node, bool positive, const std::vector<RecursionVariable>& vars,
                      const std::string& where) {
    if (node.kind == Kind::recursion_variable) {
        if (!positive)
            for (const auto& v : vars)
                if (v.node()->id == node.id)
                    throw std::invalid_argument("recursive definition of " + where + " is not monotone: '" +
                                                node.name + "' occurs negatively (under the right operand of a "
                                                "difference, or inside a formula)");
        return;
    }
    for (std::size_t i = 0; i < node.children.size(); ++i) {
        bool p = positive;
        if (node.kind == Kind::difference && i == 1) p = false;
        if (node.kind == Kind::if_then_else && i == 0) p = false;
        if (detail::is_formula(node.kind)) p = false;
        require_monotone(*node.children[i], p, vars, where);
    }
}

}  // namespace

std::vector<Expr> least_fixpoint(const std::vector<RecursionVariable>& variables, const std::vector<Expr>& bodies) {
    if (variables.empty() || variables.size() != bodies.size())
        throw std::invalid_argument("least_fixpoint: needs one body per variable, and at least one");
    std::vector<NodePtr> children;
    for (const auto& v : variables) children.push_back(v.node());
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        if (bodies[i].arity() != variables[i].arity())
            throw std::invalid_argument("least_fixpoint: the body of '" + variables[i].name() +
                                        "' has arity " + std::to_string(bodies[i].arity()) + ", the variable " +
                                        std::to_string(variables[i].arity()));
        require_monotone(*bodies[i].node(), true, variables, "'" + variables[i].name() + "'");
        children.push_back(bodies[i].node());
    }
    NodePtr system = make_node(Kind::fixpoint_system, 0, std::move(children));
    std::vector<Expr> components;
    for (std::size_t i = 0; i < variables.size(); ++i) {
        auto node = std::make_shared<Node>(*make_node(Kind::fixpoint, variables[i].arity(), {system}));
        node->index = i;
        components.emplace_back(node);
    }
    return components;
}

Expr none(int arity) {
    if (arity != 1 && arity != 2) throw std::invalid_argument("none: arity must be 1 or 2");
    return Expr(make_node(Kind::none, arity, {}));
}

Expr univ() { return Expr(make_node(Kind::univ, 1, {})); }
Expr iden() { return Expr(make_node(Kind::iden, 2, {})); }

Expr constant(const TupleSet& tuples) {
    auto node = std::make_shared<Node>();
    node->kind = Kind::constant;
    node->arity = tuples.arity();
    node->tuples = tuples;
    return Expr(node);
}

Expr iden_on(const Expr& set) {
    require_arity("[S]", set, 1);
    return Expr(make_node(Kind::iden_on, 2, {set.node()}));
}

Expr domain_restrict(const Expr& set, const Expr& relation) {
    require_arity("domain restriction", set, 1);
    require_arity("domain restriction", relation, 2);
    return binary_expr(Kind::domain_restrict, 2, set, relation);
}

Expr range_restrict(const Expr& relation, const Expr& set) {
    require_arity("range restriction", relation, 2);
    require_arity("range restriction", set, 1);
    return binary_expr(Kind::range_restrict, 2, relation, set);
}

Expr if_then_else(const Formula& cond, const Expr& then, const Expr& otherwise) {
    require_same_arity("if-then-else", then, otherwise);
    return Expr(make_node(Kind::if_then_else, then.arity(), {cond.node(), then.node(), otherwise.node()}));
}

Formula Formula::constant(bool value) {
    auto node = std::make_shared<Node>();
    node->kind = Kind::truth;
    node->value = value;
    return Formula(node);
}

Formula operator&&(const Formula& a, const Formula& b) { return formula(Kind::and_, {a.node(), b.node()}); }
Formula operator||(const Formula& a, const Formula& b) { return formula(Kind::or_, {a.node(), b.node()}); }
Formula operator!(const Formula& a) { return formula(Kind::not_, {a.node()}); }
Formula implies(const Formula& a, const Formula& b) { return formula(Kind::implies, {a.node(), b.node()}); }
Formula iff(const Formula& a, const Formula& b) { return formula(Kind::iff, {a.node(), b.node()}); }

Formula forall(const Variable& v, const Expr& domain, const Formula& body) {
    require_arity("all", domain, 1);
    return formula(Kind::forall, {v.node(), domain.node(), body.node()});
}

Formula exists(const Variable& v, const Expr& domain, const Formula& body) {
    require_arity("some", domain, 1);
    return formula(Kind::exists, {v.node(), domain.node(), body.node()});
}

Formula acyclic(const Expr& r) {
    require_arity("acyclic", r, 2);
    return formula(Kind::acyclic, {r.node()});
}

Formula irreflexive(const Expr& r) {
    require_arity("irreflexive", r, 2);
    return formula(Kind::irreflexive, {r.node()});
}

Formula transitive(const Expr& r) {
    require_arity("transitive", r, 2);
    return r.join(r).in(r);
}

Formula strict_total_order(const Expr& r, const Expr& s) {
    require_arity("strict total order", r, 2);
    require_arity("strict total order", s, 1);
    return r.in(s.product(s)) && irreflexive(r) && transitive(r) &&
           (s.product(s) - iden()).in(r | r.transpose());
}

Formula function(const Expr& r, const Expr& a, const Expr& b) {
    require_arity("function", r, 2);
    require_arity("function", a, 1);
    require_arity("function", b, 1);
    Variable x = Variable::unary("x");
    return r.in(a.product(b)) && forall(x, a, x.join(r).one());
}

Formula injective(const Expr& r) {
    require_arity("injective", r, 2);
    Variable y = Variable::unary("y");
    return forall(y, r.range(), r.join(y).lone());
}

}  // namespace mapsound::rel
