// Laying out a mapping table into slot rows (see lowering.hpp).
#include "check/lowering.hpp"

#include <algorithm>

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
            e.scope = op.scope;
            const bool access = op.instruction != mapping::Instruction::fence;
            if (access && i == 0) f.anchor = static_cast<int>(f.events.size());
            f.events.push_back(e);
        }
    }
    if (f.anchor < 0 && !f.events.empty()) f.anchor = static_cast<int>(f.events.size()) - 1;
    return f;
}

// RMW rows have two anchor slots (atom read, atom write).
Row lay_out_row(const std::vector<const mapping::Rule*>& rules, bool rmw) {
    Row row;
    std::vector<Flat> flats;
    for (const auto* r : rules) {
        flats.push_back(flatten(*r));
        const Flat& f = flats.back();
        if (f.anchor < 0) continue;
        const int anchor_width = rmw ? 2 : 1;
        row.pre = std::max(row.pre, f.anchor);
        row.post = std::max(row.post, static_cast<int>(f.events.size()) - f.anchor - anchor_width);
    }
    row.anchor = row.pre;
    row.size = row.pre + (rmw ? 2 : 1) + row.post;
    for (std::size_t i = 0; i < rules.size(); ++i) {
        PlacedRule p;
        p.rule = rules[i];
        p.kind = rules[i]->source;
        p.order = rules[i]->order.value_or(exec::Order::none);
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

Lowering lay_out(const mapping::Mapping& mapping) {
    std::vector<const mapping::Rule*> single, rmw;
    Lowering out;
    for (const auto& r : mapping.rules) {
        (r.source == mapping::SourceKind::rmw ? rmw : single).push_back(&r);
    }
    out.single = lay_out_row(single, false);
    out.rmw = lay_out_row(rmw, true);
    return out;
}

}  // namespace mapsound::check
