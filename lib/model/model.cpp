// Model: a parsed model file, instantiated on demand.
#include <utility>

#include "mapsound/model.hpp"
#include "model/elaborate.hpp"
#include "model/parser.hpp"

namespace mapsound::model {

std::string Location::to_string() const {
    std::string out = file;
    if (line > 0) {
        out.append(":").append(std::to_string(line));
        out.append(":").append(std::to_string(column));
    }
    return out;
}

namespace {
std::string located(const Location& where, const std::string& message) {
    std::string out = where.to_string();
    out.append(": ").append(message);
    return out;
}
}  // namespace

ModelError::ModelError(Location where, const std::string& message)
    : std::runtime_error(located(where, message)), where_(std::move(where)) {}

rel::Formula ModelInstance::well_formed() const {
    rel::Formula f = rel::Formula::constant(true);
    for (const auto& r : requirements) f = f && r.holds;
    return f;
}

rel::Formula ModelInstance::consistent() const {
    rel::Formula f = well_formed();
    for (const auto& a : axioms) f = f && a.holds;
    return f;
}

const Axiom& ModelInstance::axiom(const std::string& name) const {
    for (const auto& a : axioms)
        if (a.name == name) return a;
    std::string names;
    for (const auto& a : axioms) names += (names.empty() ? "" : ", ") + a.name;
    throw std::out_of_range("no axiom named '" + name + "'; the model's axioms: " + names);
}

namespace {
void collect_names(const CatExpr& e, std::set<std::string>& out) {
    if (e.kind == CatExpr::Kind::name || e.kind == CatExpr::Kind::call) out.insert(e.name);
    for (const auto& operand : e.operands) collect_names(*operand, out);
}
std::set<std::string> names_in(const CatModel& syntax) {
    std::set<std::string> out;
    for (const auto& st : syntax.statements) {
        if (st.expr) collect_names(*st.expr, out);
        for (const auto& b : st.bindings) collect_names(*b.body, out);
    }
    return out;
}
}  // namespace

struct Model::Impl {
    Impl(CatModel s) : syntax(std::move(s)), names(names_in(syntax)) {}
    CatModel syntax;
    std::set<std::string> names;
};

Model::Model(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Model::~Model() = default;
Model::Model(const Model& other) : impl_(std::make_unique<Impl>(*other.impl_)) {}
Model& Model::operator=(const Model& other) {
    impl_ = std::make_unique<Impl>(*other.impl_);
    return *this;
}
Model::Model(Model&&) noexcept = default;
Model& Model::operator=(Model&&) noexcept = default;

Model Model::load(const std::string& path) {
    try {
        return Model(std::make_unique<Impl>(parse_model_file(path)));
    } catch (const ParseError& e) {
        throw ModelError(location_of(e.pos()), e.message());
    }
}

Model Model::parse(const std::string& text, const std::string& name_for_messages, const std::string& include_dir) {
    try {
        return Model(std::make_unique<Impl>(parse_model_text(text, name_for_messages, include_dir)));
    } catch (const ParseError& e) {
        throw ModelError(location_of(e.pos()), e.message());
    }
}

const std::string& Model::title() const { return impl_->syntax.title; }
const std::string& Model::path() const { return impl_->syntax.path; }

namespace {
std::vector<DeclaredName> declared(const CatModel& syntax, CatStatement::Kind kind) {
    std::vector<DeclaredName> out;
    for (const auto& st : syntax.statements)
        if (st.kind == kind)
            for (std::size_t i = 0; i < st.names.size(); ++i)
                out.push_back(DeclaredName{st.names[i], st.description, location_of(st.name_positions[i])});
    return out;
}
}  // namespace

std::vector<DeclaredName> Model::needs() const { return declared(impl_->syntax, CatStatement::Kind::needs); }
const std::set<std::string>& Model::names_mentioned() const { return impl_->names; }
std::vector<DeclaredName> Model::ignores() const { return declared(impl_->syntax, CatStatement::Kind::ignores); }

ModelInstance Model::instantiate(const Vocabulary& vocabulary) const { return elaborate(impl_->syntax, vocabulary); }

}  // namespace mapsound::model
