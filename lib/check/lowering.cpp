// Laying out a mapping table into slot rows (see lowering.hpp).
#include "check/lowering.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace mapsound::check {

namespace {

struct Flat {
    std::vector<SlotEvent> events;
    int anchor = -1;  // index into events; -1 for nop
};

// A rule's target events in program order, and which of them anchors it.
Flat flatten(const mapping::Rule& rule) {
    Flat f;
    for (const auto& op : rule.targets) {
        const auto kinds = op.events();
        for (std::size_t i = 0; i < kinds.size(); ++i) {
            SlotEvent e;
            e.kind = kinds[i];
            e.order = op.order;
            e.scope_from_source = op.scope_from_source;
            e.tags = op.tags;
            e.scope = op.scope;
            e.branch = rule.branch_on_load && op.instruction == mapping::Instruction::ld;
            const bool access = op.instruction != mapping::Instruction::fence;
            if (access && i == 0) f.anchor = static_cast<int>(f.events.size());
            f.events.push_back(e);
        }
    }
    if (f.anchor < 0 && !f.events.empty()) f.anchor = static_cast<int>(f.events.size()) - 1;
    return f;
}

// RMW rows have two anchor slots (atom read, atom write).  One placed rule
// per class: a rule without an order is placed once for each class it
// covers, with that class's order.
Row lay_out_row(const std::vector<std::pair<const mapping::Rule*, mapping::SourceClass>>& placed, bool rmw) {
    Row row;
    std::vector<Flat> flats;
    for (const auto& [rule, cls] : placed) {
        flats.push_back(flatten(*rule));
        const Flat& f = flats.back();
        if (f.anchor < 0) continue;
        const int anchor_width = rmw ? 2 : 1;
        row.pre = std::max(row.pre, f.anchor);
        row.post = std::max(row.post, static_cast<int>(f.events.size()) - f.anchor - anchor_width);
    }
    row.anchor = row.pre;
    row.size = row.pre + (rmw ? 2 : 1) + row.post;
    for (std::size_t i = 0; i < placed.size(); ++i) {
        PlacedRule p;
        p.rule = placed[i].first;
        p.kind = placed[i].second.kind;
        p.order = placed[i].second.order;
        p.regions = placed[i].second.regions;
        p.slots.assign(static_cast<std::size_t>(row.size), std::nullopt);
        const Flat& f = flats[i];
        for (std::size_t j = 0; j < f.events.size(); ++j)
            p.slots[static_cast<std::size_t>(row.anchor - f.anchor + static_cast<int>(j))] = f.events[j];
        row.rules.push_back(std::move(p));
    }
    return row;
}

}  // namespace

bool Lowering::has_fences() const {
    return std::any_of(single.rules.begin(), single.rules.end(),
                       [](const PlacedRule& p) { return p.kind == mapping::SourceKind::fence; });
}

Lowering lay_out(const mapping::Mapping& mapping, const std::vector<mapping::SourceClass>& classes) {
    std::vector<std::pair<const mapping::Rule*, mapping::SourceClass>> single, rmw;
    for (const auto& c : classes) {
        const mapping::Rule* rule = mapping.rule_for(c.kind, c.order, c.regions);
        if (!rule)
            throw std::invalid_argument("the mapping " + mapping.name + " has no rule for " + c.to_string());
        (c.kind == mapping::SourceKind::rmw ? rmw : single).emplace_back(rule, c);
    }
    Lowering out;
    out.scopes = mapping.scopes;
    out.single = lay_out_row(single, false);
    out.rmw = lay_out_row(rmw, true);
    return out;
}

}  // namespace mapsound::check
