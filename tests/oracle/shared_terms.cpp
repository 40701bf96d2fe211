// Common subterms evaluated once per execution (see shared_terms.hpp).
#include "oracle/shared_terms.hpp"

#include <algorithm>
#include <memory>
#include <string>

#include "rel/ast/node.hpp"

namespace mapsound::oracle {

namespace {

using rel::detail::Kind;
using rel::detail::Node;

bool leaf(Kind k) {
    return k == Kind::none || k == Kind::univ || k == Kind::iden || k == Kind::constant || k == Kind::relation ||
           k == Kind::variable || k == Kind::recursion_variable;
}

}  // namespace

SharedTerms::SharedTerms(const std::vector<rel::NodePtr>& roots, const std::function<int(std::uint64_t)>& leaf_stage,
                         int stages)
    : by_stage_(static_cast<std::size_t>(stages)) {
    // How often each node is referenced (by a parent or as a root).
    std::unordered_map<const void*, int> references;
    std::vector<const Node*> stack;
    for (const auto& r : roots)
        if (references[r.get()]++ == 0) stack.push_back(r.get());
    while (!stack.empty()) {
        const Node* n = stack.back();
        stack.pop_back();
        for (const auto& c : n->children)
            if (references[c.get()]++ == 0) stack.push_back(c.get());
    }
    // Children first: each node's stage, whether it is shared, its rebuilt form.
    auto visit = [&](auto&& self, const rel::NodePtr& node) -> void {
        if (rebuilt_.count(node.get())) return;
        int stage = 0;
        std::vector<rel::NodePtr> children;
        bool changed = false;
        for (const auto& c : node->children) {
            self(self, c);
            stage = std::max(stage, stage_.at(c.get()));
            children.push_back(rebuilt_.at(c.get()));
            changed = changed || children.back() != c;
        }
        if (node->kind == Kind::relation) {
            stage = leaf_stage(node->id);
            read_.insert(node->id);
        }
        stage_[node.get()] = stage;
        rel::NodePtr same = node;
        if (changed) {
            auto copy = std::make_shared<Node>(*node);
            copy->children = std::move(children);
            same = std::move(copy);
        }
        const bool shared = !rel::detail::is_formula(node->kind) && node->kind != Kind::fixpoint_system &&
                            !leaf(node->kind) && node->free_variables.empty() && references.at(node.get()) >= 2;
        if (!shared) {
            stage_[same.get()] = stage;
            rebuilt_[node.get()] = std::move(same);
            return;
        }
        const std::string name = "shared-" + std::to_string(++count_);
        const rel::Relation r = node->arity == 1 ? rel::Relation::unary(name) : rel::Relation::binary(name);
        by_stage_.at(static_cast<std::size_t>(stage)).emplace_back(r, rel::Expr(std::move(same)));
        stage_[r.node().get()] = stage;
        rebuilt_[node.get()] = r.node();
    };
    for (const auto& r : roots) visit(visit, r);
}

rel::NodePtr SharedTerms::rebuilt(const rel::NodePtr& node) const { return rebuilt_.at(node.get()); }

int SharedTerms::stage_of(const rel::NodePtr& root) const { return stage_.at(root.get()); }

void SharedTerms::evaluate(int stage, rel::Instance& instance) const {
    for (const auto& [r, definition] : by_stage_.at(static_cast<std::size_t>(stage)))
        instance.set(r, rel::evaluate(definition, instance));
}

}  // namespace mapsound::oracle
