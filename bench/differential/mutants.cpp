// Mutant mappings (see mutants.hpp).
#include "differential/mutants.hpp"

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

std::vector<Scope> narrower_scopes(const mapping::TargetOp& op) {
    if (op.scope_from_source) return {Scope::gpu, Scope::cta};
    if (op.scope == Scope::sys) return {Scope::gpu, Scope::cta};
    if (op.scope == Scope::gpu) return {Scope::cta};
    return {};
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

std::vector<Mutant> weakenings(const mapping::Mapping& original) {
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
                t[k].order = o;
                t[k].text.clear();  // printed from its fields
                if (o == Order::weak) {
                    t[k].scope_from_source = false;
                    t[k].scope = Scope::none;
                }
                add(r, std::move(t));
            }
            if (op.order != Order::weak)
                for (Scope s : narrower_scopes(op)) {
                    auto t = targets;
                    t[k].scope_from_source = false;
                    t[k].scope = s;
                    t[k].text.clear();
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

}  // namespace mapsound::differential
