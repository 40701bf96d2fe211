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

namespace {

using Op = mapping::TargetOp;
// A sweep rewrites one op; nullopt leaves it out.
using Sweep = std::function<std::optional<Op>(const Op&)>;

// The four sweeps, in the order sweeping_weakenings applies them; the
// indices name them for composite_weakenings.
enum SweepIndex : std::size_t { one_order_weaker = 0, weakest_order = 1, scope_cta = 2, fences_dropped = 3 };
const std::vector<std::pair<std::string, Sweep>>& sweeps() {
    static const std::vector<std::pair<std::string, Sweep>> all = {
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
    return all;
}

// 'original' with the sweeps named by 'chosen' (indices into sweeps(), in
// that order) applied to every op of every rule of source kind 'kind'
// (nullopt: every rule).
mapping::Mapping swept(const mapping::Mapping& original, std::optional<mapping::SourceKind> kind,
                       const std::vector<std::size_t>& chosen) {
    mapping::Mapping m = original;
    for (auto& r : m.rules) {
        if (kind && r.source != *kind) continue;
        std::vector<Op> targets = r.targets;
        for (std::size_t s : chosen) {
            std::vector<Op> next;
            for (const auto& op : targets)
                if (auto changed = sweeps()[s].second(op)) next.push_back(*changed);
            targets = std::move(next);
        }
        r.targets = std::move(targets);
    }
    return m;
}

// Adds 'm' to 'out' as "<original>-<letter><k>" unless 'seen' has its text.
void add_new(std::vector<Mutant>& out, std::set<std::string>& seen, const mapping::Mapping& original,
             mapping::Mapping m, const std::string& letter, std::string description) {
    if (!seen.insert(mapping_text(m)).second) return;
    Mutant mutant;
    mutant.name = original.name + "-" + letter + std::to_string(out.size() + 1);
    mutant.mapping = std::move(m);
    mutant.mapping.name = mutant.name;
    mutant.description = std::move(description);
    out.push_back(std::move(mutant));
}

}  // namespace

std::vector<Mutant> sweeping_weakenings(const mapping::Mapping& original) {
    const std::vector<std::pair<std::string, std::optional<mapping::SourceKind>>> groups = {
        {"R", mapping::SourceKind::read},   {"W", mapping::SourceKind::write},
        {"RMW", mapping::SourceKind::rmw},  {"F", mapping::SourceKind::fence},
        {"every rule", std::nullopt},
    };
    std::vector<Mutant> out;
    std::set<std::string> seen = {mapping_text(original)};
    for (const auto& [group, kind] : groups)
        for (std::size_t s = 0; s < sweeps().size(); ++s)
            add_new(out, seen, original, swept(original, kind, {s}), "s", group + ": " + sweeps()[s].first);
    return out;
}

std::vector<Mutant> composite_weakenings(const mapping::Mapping& original) {
    // An order sweep (none, one weaker, weakest) with or without scope
    // cta, with or without fences dropped, two or three of them at once.
    std::vector<Mutant> out;
    std::set<std::string> seen = {mapping_text(original)};
    for (auto s : sweeping_weakenings(original)) {
        s.mapping.name = original.name;  // 'seen' holds texts under the original's name
        seen.insert(mapping_text(s.mapping));
    }
    for (const std::optional<std::size_t> order : {std::optional<std::size_t>{},
                                                   std::optional<std::size_t>{one_order_weaker},
                                                   std::optional<std::size_t>{weakest_order}})
        for (const bool cta : {false, true})
            for (const bool drop : {false, true}) {
                std::vector<std::size_t> chosen;
                if (order) chosen.push_back(*order);
                if (cta) chosen.push_back(scope_cta);
                if (drop) chosen.push_back(fences_dropped);
                if (chosen.size() < 2) continue;
                std::string description;
                for (std::size_t s : chosen) description += (description.empty() ? "" : " + ") + sweeps()[s].first;
                add_new(out, seen, original, swept(original, std::nullopt, chosen), "c",
                        "every rule: " + description);
            }
    return out;
}

std::vector<Mutant> mutants_of(const mapping::Mapping& original, Family family, bool cluster_level) {
    switch (family) {
        case Family::sweeping: return sweeping_weakenings(original);
        case Family::composite: return composite_weakenings(original);
        case Family::one_step: break;
    }
    return weakenings(original, cluster_level);
}

}  // namespace mapsound::differential
