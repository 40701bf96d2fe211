// First-order statements, three ways at once (see logic.hpp).
#include "logic.hpp"

#include <map>
#include <stdexcept>

#include "identifier.hpp"
#include "mapsound/exec.hpp"

namespace mapsound::coq::logic {

const Side kSource{"S", "Sb", "hS", "fs", "Es"};
const Side kTarget{"T", "Tb", "hT", "ft", "Et"};

namespace {

std::string paren(const std::string& a) { return "(" + a + ")"; }

using Shape = Formula::Shape;

// The Prop as a part of a bigger one: in parentheses unless it binds
// tighter than any connective (or, where 'keep' says so, as tight as the
// connective it joins, which associates to the right).
std::string part(const Formula& f, Shape keep = Shape::atom) {
    return f.shape == Shape::atom || (keep != Shape::atom && f.shape == keep) ? f.prop : paren(f.prop);
}
// An application's head: "(R S)" applied to x is "R S x".
std::string head(const std::string& t) {
    return t.size() > 1 && t.front() == '(' && t.back() == ')' ? t.substr(1, t.size() - 2) : t;
}

// Long statements break after their connectives; layout() indents them.
constexpr std::size_t kWidth = 90;
std::string join(const std::string& a, const std::string& op, const std::string& b) {
    const bool long_line = a.size() + b.size() > kWidth;
    return a + (op.empty() ? "" : " " + op) + (long_line ? "\n" : " ") + b;
}

int arity_of(const std::string& primitive) {
    static const std::map<std::string, int> arities = [] {
        exec::PreExecution none;
        const model::Vocabulary v = exec::vocabulary_of(none, rel::Relation::binary("rf"));
        std::map<std::string, int> out;
        for (const auto& name : exec::primitive_names()) out[name] = v.at(name).arity();
        return out;
    }();
    auto it = arities.find(primitive);
    if (it == arities.end()) throw std::invalid_argument("no primitive '" + primitive + "' in the vocabulary");
    return it->second;
}

Formula set_atom(const Side& s, const std::string& set, const std::string& x) {
    return {set + " " + s.exec + " " + x, paren("b_" + set + " " + s.bexec + " " + x),
            paren("r_" + set + " " + s.hyp + " " + x)};
}

Formula quantifier(const char* which, const std::string& fin, const std::string& type, const std::string& var,
                   const Formula& body) {
    const std::string q = std::string(which) == "forall" ? "forall" : "exists";
    const std::string b = q == "forall" ? "forallb" : "existsb";
    const std::string lam = "(fun " + var + " : " + type + " => ";
    return {join(q + " " + var + " : " + type + ",", "", body.prop),
            paren(b + " " + lam + body.boolean + ") (elems " + fin + ")"),
            paren("@r_" + q + " " + type + " " + fin + " " + lam + body.boolean + ") " + lam + body.prop + ") " + lam +
                  body.proof + ")"),
            Shape::quant};
}

}  // namespace

std::string layout(const std::string& prop, int indent) {
    std::string out;
    int depth = 0;
    for (std::size_t i = 0; i < prop.size(); ++i) {
        const char c = prop[i];
        if (c == '\n') {
            out += '\n';
            out.append(static_cast<std::size_t>(indent + 2 * depth), ' ');
            while (i + 1 < prop.size() && prop[i + 1] == ' ') ++i;
            continue;
        }
        if (c == '(') ++depth;
        if (c == ')') --depth;
        out += c;
    }
    return out;
}

Term field(const Side& s, const std::string& primitive) {
    const std::string id = vocabulary_identifier(primitive);
    return {arity_of(primitive), paren(id + " " + s.exec), paren("b" + id + " " + s.bexec),
            paren("xr_" + id + " " + s.hyp)};
}

Formula holds(const Term& set, const std::string& x) {
    if (set.arity != 1) throw std::invalid_argument("holds: not a set: " + set.prop);
    return {head(set.prop) + " " + x, paren(set.boolean + " " + x), paren(set.proof + " " + x)};
}

Formula holds(const Term& relation, const std::string& x, const std::string& y) {
    if (relation.arity != 2) throw std::invalid_argument("holds: not a relation: " + relation.prop);
    return {head(relation.prop) + " " + x + " " + y, paren(relation.boolean + " " + x + " " + y),
            paren(relation.proof + " " + x + " " + y)};
}

Formula mapped(const std::string& e, const std::string& t) {
    return {"map_ " + e + " " + t, paren("mb " + e + " " + t), paren("hm " + e + " " + t)};
}

Formula equal(const Side& s, const std::string& x, const std::string& y) {
    return {x + " = " + y, paren("eqb " + s.fin + " " + x + " " + y), paren("r_eq " + s.fin + " " + x + " " + y)};
}

Formula order_is(const Side& s, const std::string& x, const std::string& order) {
    return {"order_is " + s.exec + " " + x + " " + order, paren("b_order_is " + s.bexec + " " + x + " " + order),
            paren("r_order_is " + s.hyp + " " + x + " " + order)};
}

Formula scope_is(const Side& s, const std::string& x, const std::string& level) {
    return {"scope_is " + s.exec + " " + x + " " + level, paren("b_scope_is " + s.bexec + " " + x + " " + level),
            paren("r_scope_is " + s.hyp + " " + x + " " + level)};
}

Formula atomic(const Side& s, const std::string& x) { return set_atom(s, "atomic", x); }
Formula thread_event(const Side& s, const std::string& x) { return holds(thread_events(s), x); }
Formula memory_event(const Side& s, const std::string& x) {
    return holds(Term{1, paren("memory_event " + s.exec), paren("b_memory_event " + s.bexec),
                      paren("r_memory_event " + s.hyp)},
                 x);
}

Formula order_set(const Side& s, const std::string& o, const std::string& x) {
    return holds(Term{1, paren("order_set " + s.exec + " " + o), paren("b_order_set " + s.bexec + " " + o),
                      paren("r_order_set " + s.hyp + " " + o)},
                 x);
}
Formula scope_set(const Side& s, const std::string& l, const std::string& x) {
    return holds(Term{1, paren("scope_set " + s.exec + " " + l), paren("b_scope_set " + s.bexec + " " + l),
                      paren("r_scope_set " + s.hyp + " " + l)},
                 x);
}
Formula tag_set(const Side& s, const std::string& g, const std::string& x) {
    return holds(Term{1, paren("tag_set " + s.exec + " " + g), paren("b_tag_set " + s.bexec + " " + g),
                      paren("r_tag_set " + s.hyp + " " + g)},
                 x);
}

Formula truth() { return {"True", "true", "r_true"}; }
Formula falsity() { return {"False", "false", "r_false"}; }

Formula conj(const std::vector<Formula>& parts) {
    if (parts.empty()) return truth();
    Formula f = parts.back();
    for (std::size_t i = parts.size() - 1; i-- > 0;) {
        const Formula& a = parts[i];
        f = {join(part(a), "/\\", part(f, Shape::conj)), paren("if " + a.boolean + " then " + f.boolean + " else false"),
             paren("r_andL " + a.proof + " " + f.proof), Shape::conj};
    }
    return f;
}

Formula disj(const std::vector<Formula>& parts) {
    if (parts.empty()) return falsity();
    Formula f = parts.back();
    for (std::size_t i = parts.size() - 1; i-- > 0;) {
        const Formula& a = parts[i];
        f = {join(part(a, Shape::conj), "\\/", part(f, Shape::disj)),
             paren("if " + a.boolean + " then true else " + f.boolean), paren("r_orL " + a.proof + " " + f.proof),
             Shape::disj};
    }
    return f;
}

Formula implies(const Formula& a, const Formula& b) {
    const std::string rhs = b.shape == Shape::quant ? b.prop : part(b, Shape::impl);
    const bool bare = a.shape == Shape::atom || a.shape == Shape::conj || a.shape == Shape::disj;
    return {join(bare ? a.prop : paren(a.prop), "->", rhs),
            paren("if " + a.boolean + " then " + b.boolean + " else true"), paren("r_implL " + a.proof + " " + b.proof),
            Shape::impl};
}

Formula iff(const Formula& a, const Formula& b) {
    return {join(part(a), "<->", part(b)), paren("Bool.eqb " + a.boolean + " " + b.boolean),
            paren("r_iffL " + a.proof + " " + b.proof), Shape::other};
}

Formula negation(const Formula& a) {
    return {"~ " + part(a), paren("negb " + a.boolean), paren("r_not " + a.proof)};
}

Formula forall_events(const Side& s, const std::string& var, const Formula& body) {
    return quantifier("forall", s.fin, s.type, var, body);
}
Formula exists_events(const Side& s, const std::string& var, const Formula& body) {
    return quantifier("exists", s.fin, s.type, var, body);
}
Formula forall_in(const std::string& family, const std::string& var, const Formula& body) {
    std::string fin;
    if (family == "Ord") fin = "fin_ord";
    else if (family == "Lvl") fin = "fin_lvl";
    else if (family == "Tag") fin = "fin_tag";
    else throw std::invalid_argument("forall_in: no family " + family);
    return quantifier("forall", fin, family, var, body);
}

Formula same_rel(const Side& s, const Term& a, const Term& b) {
    return {paren("same_rel " + a.prop + " " + b.prop), paren("b_same_rel " + s.fin + " " + a.boolean + " " + b.boolean),
            paren("r_same_rel " + s.fin + " " + a.proof + " " + b.proof)};
}

Formula at_most(const Side& s, const std::string& n, const Term& set) {
    return {paren("at_most " + n + " " + set.prop), paren("Nat.leb (count " + s.fin + " " + set.boolean + ") " + n),
            paren("r_at_most " + s.fin + " " + n + " " + set.proof)};
}

Formula same_count(const Side& s, const Term& a, const Term& b) {
    return {paren("same_count " + a.prop + " " + b.prop),
            paren("Nat.eqb (count " + s.fin + " " + a.boolean + ") (count " + s.fin + " " + b.boolean + ")"),
            paren("r_same_count " + s.fin + " " + a.proof + " " + b.proof)};
}

Term set_diff(const Term& a, const Term& b) {
    return {1, paren("set_diff " + a.prop + " " + b.prop), paren("b_set_diff " + a.boolean + " " + b.boolean),
            paren("r_set_diff " + a.proof + " " + b.proof)};
}
Term set_inter(const Term& a, const Term& b) {
    return {1, paren("set_inter " + a.prop + " " + b.prop), paren("b_set_inter " + a.boolean + " " + b.boolean),
            paren("r_set_inter " + a.proof + " " + b.proof)};
}

Term thread_events(const Side& s) {
    return {1, paren("thread_event " + s.exec), paren("b_thread_event " + s.bexec), paren("r_thread_event " + s.hyp)};
}

Term lifted(const Term& r) {
    return {2, paren("lifted map_ " + r.prop), paren("b_lifted fs ft mb " + r.boolean),
            paren("r_lifted fs ft hm " + r.proof)};
}

}  // namespace mapsound::coq::logic
