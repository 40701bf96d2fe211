// A model instantiated once on free vocabulary relations (see bound_model.hpp).
#include "oracle/bound_model.hpp"

#include <map>
#include <stdexcept>

#include "oracle/vocabulary_facts.hpp"
#include "oracle/witness_orders.hpp"

namespace mapsound::oracle {

bool all_hold(const std::vector<const model::Axiom*>& conditions, const rel::Instance& instance) {
    for (const auto* c : conditions)
        if (!rel::evaluate(c->holds, instance)) return false;
    return true;
}

BoundModel::BoundModel(const model::Model& model, const std::vector<std::string>& definitions)
    : instance_(), rf_(rel::Relation::binary("rf")) {
    // Primitive names as free relations (arities from an empty
    // pre-execution's facts), derived names as their definitions over
    // them, and every name as a free relation for the model.
    model::Vocabulary primitives{{"rf", rf_}}, free{{"rf", rf_}};
    for (const auto& [name, value] : primitive_facts(exec::PreExecution{})) {
        const rel::Relation r = value.arity() == 1 ? rel::Relation::unary(name) : rel::Relation::binary(name);
        primitive_relation_.emplace(name, r);
        primitives.emplace(name, r);
        free.emplace(name, r);
    }
    for (const auto& [name, expr] : exec::derive_vocabulary(primitives)) {
        if (primitives.count(name)) continue;
        const rel::Relation r = expr.arity() == 1 ? rel::Relation::unary(name) : rel::Relation::binary(name);
        derived_.emplace_back(r, expr);
        free.emplace(name, r);
    }
    instance_ = model.instantiate(free);
    for (const auto& [name, expr] : free)
        for (const auto& w : instance_.witnesses)
            if (name == w.name) throw std::invalid_argument("the witness '" + w.name + "' shares its name with the vocabulary");

    // Every root the oracle evaluates, and the shared terms among them.
    std::vector<rel::NodePtr> roots;
    for (const auto* list : {&instance_.requirements, &instance_.axioms, &instance_.flags})
        for (const auto& a : *list) roots.push_back(a.holds.node());
    for (const auto& w : instance_.witnesses) roots.push_back(w.upper.node());
    for (const auto& name : definitions)
        if (const auto it = instance_.definitions.find(name); it != instance_.definitions.end())
            roots.push_back(it->second.node());
    std::map<std::uint64_t, int> leaf_stages{{rf_.id(), 1}};
    for (std::size_t k = 0; k < instance_.witnesses.size(); ++k)
        leaf_stages[instance_.witnesses[k].relation.id()] = 2 + static_cast<int>(k);
    const auto stages = static_cast<int>(2 + instance_.witnesses.size());
    shared_ = std::make_unique<SharedTerms>(
        roots,
        [&](std::uint64_t id) {
            const auto it = leaf_stages.find(id);
            return it == leaf_stages.end() ? 0 : it->second;
        },
        stages);
    auto rebuild = [&](const std::vector<model::Axiom>& from, std::vector<model::Axiom>& to) {
        for (const auto& a : from) {
            to.push_back(a);
            to.back().holds = shared_->rebuilt(a.holds);
        }
    };
    rebuild(instance_.requirements, requirements_);
    rebuild(instance_.axioms, axioms_);
    rebuild(instance_.flags, flags_);
    for (const auto& name : definitions)
        if (const auto it = instance_.definitions.find(name); it != instance_.definitions.end())
            definitions_.emplace_back(name, shared_->rebuilt(it->second));

    consistency_.assign(static_cast<std::size_t>(stages), {});
    requirements_by_stage_.assign(static_cast<std::size_t>(stages), {});
    for (std::size_t i = 0; i < requirements_.size(); ++i) {
        const auto s = static_cast<std::size_t>(shared_->stage_of(instance_.requirements[i].holds.node()));
        consistency_[s].push_back(&requirements_[i]);
        requirements_by_stage_[s].push_back(&requirements_[i]);
    }
    for (std::size_t i = 0; i < axioms_.size(); ++i)
        consistency_[static_cast<std::size_t>(shared_->stage_of(instance_.axioms[i].holds.node()))].push_back(&axioms_[i]);

    // How each witness's candidates are listed (witness_orders.hpp): the
    // requirements as written, read off their printed form.
    for (std::size_t k = 0; k < instance_.witnesses.size(); ++k) {
        const auto& w = instance_.witnesses[k];
        if (shared_->stage_of(w.upper.node()) >= 2 + static_cast<int>(k))
            throw std::invalid_argument("the upper bound of witness '" + w.name +
                                        "' reads itself or a later witness; the oracle lists witnesses in order");
        uppers_.push_back(shared_->rebuilt(w.upper));
        const std::string name = w.relation.name();
        bool acyclic = false, transitive = false, total = false;
        const std::string upper = w.upper.to_string();
        for (const auto& r : instance_.requirements) {
            if (r.negated) continue;
            const std::string tested = r.tested.to_string();
            if (r.test == model::Axiom::Test::acyclic && tested == name) acyclic = true;
            if (r.test == model::Axiom::Test::empty && tested == "((" + name + " ; " + name + ") \\ " + name + ")")
                transitive = true;
            if (r.test == model::Axiom::Test::empty && tested == "(" + upper + " \\ (" + name + " | " + name + "^-1))")
                total = true;
        }
        partial_order_.push_back(acyclic && transitive);
        total_on_bound_.push_back(acyclic && transitive && total);
    }
}

std::size_t BoundModel::witness_index(const std::string& name) const {
    for (std::size_t k = 0; k < instance_.witnesses.size(); ++k)
        if (instance_.witnesses[k].name == name) return k;
    throw std::invalid_argument("the model has no witness '" + name + "'");
}

std::optional<rel::Expr> BoundModel::definition(const std::string& name) const {
    for (const auto& [n, e] : definitions_)
        if (n == name) return e;
    return std::nullopt;
}

rel::Instance BoundModel::instance_for(const exec::PreExecution& x) const {
    // The primitives in one instance, to derive the other names from (none
    // reads rf, which is not set there: the evaluator would throw); in the
    // instance returned only the names the model reads, so that the
    // evaluator's look-ups stay short.
    const rel::Universe universe = exec::universe_of(x);
    rel::Instance facts(universe), out(universe);
    for (auto& [name, value] : primitive_facts(x)) {
        const rel::Relation& r = primitive_relation_.at(name);
        if (shared_->reads(r.id())) out.set(r, value);
        facts.set(r, std::move(value));
    }
    for (const auto& [r, definition] : derived_)
        if (shared_->reads(r.id())) out.set(r, rel::evaluate(definition, facts));
    shared_->evaluate(0, out);
    return out;
}

void BoundModel::set_rf(rel::Instance& instance, rel::TupleSet rf) const {
    instance.set(rf_, std::move(rf));
    shared_->evaluate(1, instance);
}

void BoundModel::set_witness(rel::Instance& instance, std::size_t k, rel::TupleSet value) const {
    instance.set(witness(k), std::move(value));
    shared_->evaluate(2 + static_cast<int>(k), instance);
}

std::vector<rel::TupleSet> BoundModel::witness_candidates(std::size_t k, const rel::Instance& instance) const {
    const rel::TupleSet upper = rel::evaluate(uppers_.at(k), instance);
    if (!partial_order_.at(k)) return subsets_of(upper);
    return partial_orders_within(upper, total_on_bound_.at(k) ? &upper : nullptr);
}

}  // namespace mapsound::oracle
