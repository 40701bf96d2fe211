// Printing expressions and formulas in the model language's syntax
// (fully parenthesised), for error messages and debugging.
#include <initializer_list>
#include <stdexcept>
#include <string_view>

#include "rel/ast/node.hpp"

namespace mapsound::rel {

using detail::Kind;
using detail::Node;

namespace {

std::string print(const Node& n);

// Concatenation by append: GCC 12 warns falsely (-Wrestrict) on chains of
// operator+ that start with a literal.
std::string cat(std::initializer_list<std::string_view> parts) {
    std::string out;
    for (auto p : parts) out.append(p);
    return out;
}

std::string infix(const Node& n, const char* op) {
    return cat({"(", print(*n.children[0]), " ", op, " ", print(*n.children[1]), ")"});
}

std::string prefix(const Node& n, const char* op) { return cat({op, " ", print(*n.children[0])}); }

std::string print(const Node& n) {
    switch (n.kind) {
        case Kind::none: return n.arity == 1 ? "0" : "0*0";
        case Kind::univ: return "_";
        case Kind::iden: return "id";
        case Kind::constant: return cat({"{", std::to_string(n.tuples->size()), " tuples}"});
        case Kind::relation:
        case Kind::variable: return n.name;
        case Kind::union_: return infix(n, "|");
        case Kind::intersection: return infix(n, "&");
        case Kind::difference: return infix(n, "\\");
        case Kind::join: return infix(n, ";");
        case Kind::product: return infix(n, "*");
        case Kind::transpose: return cat({print(*n.children[0]), "^-1"});
        case Kind::closure: return cat({print(*n.children[0]), "+"});
        case Kind::reflexive_closure: return cat({print(*n.children[0]), "*"});
        case Kind::iden_on: return cat({"[", print(*n.children[0]), "]"});
        case Kind::domain_restrict: return cat({"([", print(*n.children[0]), "];", print(*n.children[1]), ")"});
        case Kind::range_restrict: return cat({"(", print(*n.children[0]), ";[", print(*n.children[1]), "])"});
        case Kind::if_then_else:
            return cat({"(if ", print(*n.children[0]), " then ", print(*n.children[1]), " else ",
                        print(*n.children[2]), ")"});
        case Kind::domain: return cat({"domain(", print(*n.children[0]), ")"});
        case Kind::range: return cat({"range(", print(*n.children[0]), ")"});
        case Kind::recursion_variable: return n.name;
        case Kind::fixpoint: {
            const Node& sys = *n.children[0];
            const std::size_t k = sys.children.size() / 2;
            std::string out = "(let rec ";
            for (std::size_t i = 0; i < k; ++i)
                out += cat({i ? " and " : "", sys.children[i]->name, " = ", print(*sys.children[k + i])});
            return cat({out, " in ", sys.children[n.index]->name, ")"});
        }
        case Kind::fixpoint_system: return "<fixpoint system>";
        case Kind::truth: return n.value ? "true" : "false";
        case Kind::subset: return infix(n, "in");
        case Kind::equal: return infix(n, "=");
        case Kind::no: return prefix(n, "empty");
        case Kind::some: return prefix(n, "~empty");
        case Kind::one: return prefix(n, "one");
        case Kind::lone: return prefix(n, "lone");
        case Kind::and_: return infix(n, "/\\");
        case Kind::or_: return infix(n, "\\/");
        case Kind::not_: return cat({"~(", print(*n.children[0]), ")"});
        case Kind::implies: return infix(n, "=>");
        case Kind::iff: return infix(n, "<=>");
        case Kind::forall:
        case Kind::exists:
            return cat({"(", n.kind == Kind::forall ? "all " : "some ", print(*n.children[0]), ": ",
                        print(*n.children[1]), " | ", print(*n.children[2]), ")"});
        case Kind::acyclic: return prefix(n, "acyclic");
        case Kind::irreflexive: return prefix(n, "irreflexive");
    }
    throw std::logic_error("print: unknown node kind");
}

}  // namespace

std::string Expr::to_string() const { return print(*node_); }
std::string Formula::to_string() const { return print(*node_); }

}  // namespace mapsound::rel
