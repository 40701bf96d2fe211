// Mutant mappings (see mutants.hpp).
#include "differential/mutants.hpp"

#include <functional>
#include <optional>
#include <set>

namespace mapsound::differential {

namespace {

using exec::Order;
using exec::Scope;
using mapping::Instruction;

std::vector<Order> weaker_orders(Instruction i, Order o) {
    switch (i) {
        case Instruction::ld:
            if (o == Order::acq) return {Order::rlx, Order::weak};
            if (o == Order::rlx) return {Order::weak};
            return {};
        case Instruction::st:
            if (o == Order::rel) return {Order::rlx, Order::weak};
            if (o == Order::rlx) return {Order::weak};
            return {};
        case Instruction::atom:
            if (o == Order::acq_rel) return {Order::acq, Order::rel, Order::rlx};
            if (o == Order::acq || o == Order::rel) return {Order::rlx};
            return {};
        case Instruction::fence:
            if (o == Order::sc) return {Order::acq_rel, Order::acq, Order::rel};
            if (o == Order::acq_rel) return {Order::acq, Order::rel};
            return {};
    }
    return {};
}

std::vector<Scope> narrower_scopes(const mapping::TargetOp& op, bool cluster_level) {
    if (cluster_level) {
        if (op.scope_from_source || op.scope == Scope::sys) return {Scope::gpu, Scope::cluster, Scope::cta};
        if (op.scope == Scope::gpu) return {Scope::cluster, Scope::cta};
        if (op.scope == Scope::cluster) return {Scope::cta};
        return {};
    }
    if (op.scope_from_source) return {Scope::gpu, Scope::cta};
    if (op.scope == Scope::sys) return {Scope::gpu, Scope::cta};
    if (op.scope == Scope::gpu) return {Scope::cta};
    return {};
}

// 'op' at order 'o' (.weak drops the scope), printed from its fields.
mapping::TargetOp with_order(mapping::TargetOp op, Order o) {
    op.order = o;
    op.text.clear();
    if (o == Order::weak) {
        op.scope_from_source = false;
        op.scope = Scope::none;
    }
    return op;
}

// 'op' at the fixed scope 's', printed from its fields.
mapping::TargetOp with_scope(mapping::TargetOp op, Scope s) {
    op.scope_from_source = false;
    op.scope = s;
    op.text.clear();
    return op;
}

std::string ops_text(const std::vector<mapping::TargetOp>& ops) {
    if (ops.empty()) return "nop";
    std::string out;
    for (const auto& op : ops) out += (out.empty() ? "" : " ; ") + op.to_string();
    return out;
}

}  // namespace

std::string mapping_text(const mapping::Mapping& m) {
    std::string out = "mapping " + m.name + "\n";
    for (const auto& r : m.rules) out += r.source_text() + " -> " + ops_text(r.targets) + "\n";
    return out;
}

std::vector<Mutant> weakenings(const mapping::Mapping& original, bool cluster_level) {
    std::vector<Mutant> out;
    auto add = [&](std::size_t rule, std::vector<mapping::TargetOp> targets) {
        Mutant m;
        m.name = original.name + "-m" + std::to_string(out.size() + 1);
        const auto& r = original.rules[rule];
        m.description = r.source_text() + ": " + ops_text(r.targets) + " -> " + ops_text(targets);
        m.mapping = original;
        m.mapping.name = m.name;
        m.mapping.rules[rule].targets = std::move(targets);
        out.push_back(std::move(m));
    };
    for (std::size_t r = 0; r < original.rules.size(); ++r) {
        const auto& targets = original.rules[r].targets;
        for (std::size_t k = 0; k < targets.size(); ++k) {
            const auto& op = targets[k];
            for (Order o : weaker_orders(op.instruction, op.order)) {
                auto t = targets;
                t[k] = with_order(op, o);
                add(r, std::move(t));
            }
            if (op.order != Order::weak)
                for (Scope s : narrower_scopes(op, cluster_level)) {
                    auto t = targets;
                    t[k] = with_scope(op, s);
                    add(r, std::move(t));
                }
            if (op.instruction == Instruction::fence) {
                auto t = targets;
                t.erase(t.begin() + static_cast<std::ptrdiff_t>(k));
                add(r, std::move(t));
            }
        }
    }
    return out;
}

std::vector<Mutant> sweeping_weakenings(const mapping::Mapping& original) {
    using Op = mapping::TargetOp;
    // Each sweep rewrites one op; nullopt leaves it out.
    using Sweep = std::function<std::optional<Op>(const Op&)>;
    const std::vector<std::pair<std::string, Sweep>> sweeps = {
        {"one order weaker",
         [](const Op& op) -> std::optional<Op> {
             const auto w = weaker_orders(op.instruction, op.order);
             return w.empty() ? op : with_order(op, w.front());
         }},
        {"weakest order",
         [](const Op& op) -> std::optional<Op> {
             const auto w = weaker_orders(op.instruction, op.order);
             return w.empty() ? op : with_order(op, w.back());
         }},
        {"scope cta",
         [](const Op& op) -> std::optional<Op> {
             const bool scoped = op.scope_from_source || (op.scope != Scope::none && op.scope != Scope::cta);
             return scoped && op.order != Order::weak ? with_scope(op, Scope::cta) : op;
         }},
        {"fences dropped",
         [](const Op& op) -> std::optional<Op> {
             if (op.instruction == Instruction::fence) return std::nullopt;
             return op;
         }},
    };
    const std::vector<std::pair<std::string, std::optional<mapping::SourceKind>>> groups = {
        {"R", mapping::SourceKind::read},   {"W", mapping::SourceKind::write},
        {"RMW", mapping::SourceKind::rmw},  {"F", mapping::SourceKind::fence},
        {"every rule", std::nullopt},
    };
    std::vector<Mutant> out;
    std::set<std::string> seen = {mapping_text(original)};
    for (const auto& [group, kind] : groups)
        for (const auto& [sweep, apply] : sweeps) {
            Mutant m;
            m.mapping = original;
            for (auto& r : m.mapping.rules) {
                if (kind && r.source != *kind) continue;
                std::vector<Op> targets;
                for (const auto& op : r.targets)
                    if (auto changed = apply(op)) targets.push_back(*changed);
                r.targets = std::move(targets);
            }
            if (!seen.insert(mapping_text(m.mapping)).second) continue;
            m.name = original.name + "-s" + std::to_string(out.size() + 1);
            m.mapping.name = m.name;
            m.description = group + ": " + sweep;
            out.push_back(std::move(m));
        }
    return out;
}

}  // namespace mapsound::differential
