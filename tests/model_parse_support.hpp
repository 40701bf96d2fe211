// What both halves of the .cat parser's cases read trees with: a compact
// rendering of a tree, so that a test states the shape it expects in one
// line, and the parse of a text as "m.cat".
#pragma once

#include <cstddef>
#include <string>

#include "model/parser.hpp"

namespace modeltest {

using namespace mapsound::model;
using Kind = CatExpr::Kind;

// A compact, unambiguous rendering of a tree: binary operators as
// "(op left right)", postfix ones as "(op x)" with `star` for the closure
// (so that it cannot be confused with the product `*`).
inline std::string show(const CatExprPtr& e) {
    auto un = [&](const char* op) { return std::string("(") + op + " " + show(e->operands[0]) + ")"; };
    auto bin = [&](const char* op) {
        return std::string("(") + op + " " + show(e->operands[0]) + " " + show(e->operands[1]) + ")";
    };
    switch (e->kind) {
    case Kind::name: return e->name;
    case Kind::empty: return "0";
    case Kind::universe: return "_";
    case Kind::union_: return bin("|");
    case Kind::intersection: return bin("&");
    case Kind::difference: return bin("\\");
    case Kind::sequence: return bin(";");
    case Kind::product: return bin("*");
    case Kind::inverse: return un("inv");
    case Kind::plus: return un("+");
    case Kind::star: return un("star");
    case Kind::optional: return un("?");
    case Kind::complement: return un("~");
    case Kind::identity_on: {
        std::string out = "[";  // appended: GCC 12 misreports `"[" + f()` (-Wrestrict)
        out += show(e->operands[0]);
        return out + "]";
    }
    case Kind::call: {
        std::string out = e->name + "(";
        for (std::size_t i = 0; i < e->operands.size(); ++i) {
            out += (i ? ", " : "") + show(e->operands[i]);
        }
        return out + ")";
    }
    }
    return "?";
}

inline CatModel parse(const std::string& text) { return parse_model_text(text, "m.cat", ""); }

}  // namespace modeltest
