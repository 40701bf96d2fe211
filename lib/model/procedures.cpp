#include "model/procedures.hpp"

#include <map>
#include <utility>

namespace mapsound::model {

namespace {

using Substitution = std::map<std::string, CatExprPtr>;

// A copy of 'e' with each name in 's' replaced (calls of functions are
// names of functions, not relations: their operands are substituted, the
// function's name is not).
CatExprPtr substitute(const CatExprPtr& e, const Substitution& s) {
    if (e->kind == CatExpr::Kind::name) {
        auto it = s.find(e->name);
        return it == s.end() ? e : it->second;
    }
    if (e->operands.empty()) return e;
    auto copy = std::make_shared<CatExpr>(*e);
    for (auto& operand : copy->operands) operand = substitute(operand, s);
    return copy;
}

CatExprPtr renamed(const std::string& name, const SourcePos& pos) {
    auto e = std::make_shared<CatExpr>();
    e->kind = CatExpr::Kind::name;
    e->pos = pos;
    e->name = name;
    return e;
}

bool is_check(const CatStatement& st) {
    return st.kind == CatStatement::Kind::axiom || st.kind == CatStatement::Kind::require;
}

}  // namespace

std::vector<CatStatement> expand_call(const Procedure& procedure, const std::vector<CatExprPtr>& arguments,
                                      const std::string& as_name, int call_number) {
    Substitution s;
    for (std::size_t i = 0; i < procedure.parameters.size() && i < arguments.size(); ++i)
        s[procedure.parameters[i]] = arguments[i];
    // '@' cannot occur in a name the lexer reads, so the body's local names
    // can clash with no name of the model.
    const std::string suffix = "@" + procedure.name + "." + std::to_string(call_number);

    int checks = 0;
    for (const auto& st : procedure.body) checks += is_check(st) ? 1 : 0;

    std::vector<CatStatement> out;
    int unnamed = 0;
    for (CatStatement st : procedure.body) {
        switch (st.kind) {
            case CatStatement::Kind::let:
            case CatStatement::Kind::let_rec: {
                // `let` bodies see the names before it; `let rec` bodies
                // see their own (renamed) names too.
                Substitution local = s;
                std::vector<std::string> names;
                for (auto& b : st.bindings) names.push_back(b.name + suffix);
                if (st.kind == CatStatement::Kind::let_rec)
                    for (std::size_t i = 0; i < st.bindings.size(); ++i)
                        local[st.bindings[i].name] = renamed(names[i], st.bindings[i].pos);
                for (std::size_t i = 0; i < st.bindings.size(); ++i) {
                    auto& b = st.bindings[i];
                    Substitution inner = local;
                    for (const auto& p : b.parameters) inner.erase(p);  // a function's own parameters
                    b.body = substitute(b.body, inner);
                }
                for (std::size_t i = 0; i < st.bindings.size(); ++i) {
                    s[st.bindings[i].name] = renamed(names[i], st.bindings[i].pos);
                    st.bindings[i].name = names[i];
                }
                break;
            }
            case CatStatement::Kind::axiom:
            case CatStatement::Kind::require:
                if (checks == 1 && !as_name.empty()) {
                    st.name = as_name;
                } else if (st.name.empty()) {
                    st.name = procedure.name + (unnamed ? "." + std::to_string(unnamed + 1) : "");
                    ++unnamed;
                }
                st.expr = substitute(st.expr, s);
                break;
            case CatStatement::Kind::witness:
                st.expr = substitute(st.expr, s);
                break;
            case CatStatement::Kind::show:
                if (st.expr) st.expr = substitute(st.expr, s);
                break;
            case CatStatement::Kind::include:
            case CatStatement::Kind::needs:
            case CatStatement::Kind::ignores: break;
        }
        out.push_back(std::move(st));
    }
    return out;
}

}  // namespace mapsound::model
