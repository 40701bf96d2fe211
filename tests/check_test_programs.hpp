// Concrete source programs of the mapping checker's shapes, built apart
// from the checker's own read-back, for the tests that compare the checker
// with lib/exec and mapping::compile.
#pragma once

#include <map>
#include <vector>

#include "check/lowering.hpp"
#include "check/shape.hpp"
#include "check/symbolic.hpp"
#include "mapsound/exec.hpp"

namespace mapsound::check::testing {

using exec::Order;
using exec::Scope;

inline bool is_atomic(Order o) { return o != Order::none && o != Order::na && o != Order::weak; }

// A concrete program of a shape: per operation (layout order) its rule
// (index into its row), scope, location (-1 for fences) and the later
// operations of its thread that depend on it; per thread its placement.
struct Program {
    check::Shape shape;
    std::vector<std::size_t> rule;
    std::vector<Scope> scope;
    std::vector<int> location;
    std::vector<std::pair<std::size_t, std::size_t>> dependencies;  // (read op, later op)
};

inline const check::Row& row_of(const check::Lowering& l, const check::Layout::Operation& op) {
    return op.rmw ? l.rmw : l.single;
}

// The source pre-execution of the program: one initial write per used
// location, then each operation's events in layout order.
inline exec::PreExecution source_of(const Program& p, const check::Layout& layout, const check::Lowering& lowering) {
    exec::PreExecution x;
    int used = 0;
    for (int l : p.location) used = std::max(used, l + 1);
    for (int l = 0; l < used; ++l) {
        x.locations.push_back("m" + std::to_string(l));
        exec::Event e;
        e.kind = exec::EventKind::write;
        e.location = l;
        x.events.push_back(e);
    }
    x.threads = p.shape.placement;
    std::vector<int> head_event;
    for (std::size_t k = 0; k < layout.operations.size(); ++k) {
        const auto& op = layout.operations[k];
        const auto& placed = row_of(lowering, op).rules[p.rule[k]];
        exec::Event e;
        e.thread = op.thread;
        e.order = placed.order;
        e.scope = p.scope[k];
        e.location = p.location[k];
        e.tags = placed.regions;  // an OpenCL class's regions (its rule matches them exactly)
        e.value = static_cast<std::int64_t>(k) + 1;
        e.kind = placed.kind == mapping::SourceKind::write   ? exec::EventKind::write
                 : placed.kind == mapping::SourceKind::fence ? exec::EventKind::fence
                                                             : exec::EventKind::read;
        head_event.push_back(static_cast<int>(x.events.size()));
        x.events.push_back(e);
        if (op.rmw) {
            e.kind = exec::EventKind::write;
            x.events.push_back(e);
            x.rmw.emplace_back(head_event.back(), head_event.back() + 1);
        }
    }
    for (auto [a, b] : p.dependencies) {
        const int r = head_event[a], target = head_event[b];
        (x.events[static_cast<std::size_t>(target)].kind == exec::EventKind::read ? x.addr : x.data).emplace_back(r, target);
    }
    return x;
}


// OpenCL (classes with regions): whether operations j and k may be as the
// program has them: on different locations, or in the same region, and a
// local location's two accesses in one CTA (the placement's).
inline bool regions_compatible(const Program& p, const check::Layout& layout, const check::Lowering& lowering,
                               std::size_t j, std::size_t k) {
    if (p.location[j] < 0 || p.location[j] != p.location[k]) return true;
    const exec::TagSet regions = row_of(lowering, layout.operations[k]).rules[p.rule[k]].regions;
    if (row_of(lowering, layout.operations[j]).rules[p.rule[j]].regions != regions) return false;
    const exec::TagSet local = exec::tag_bit(exec::Tag::local);
    const auto& placement = p.shape.placement;
    return !(regions & local) || placement[static_cast<std::size_t>(layout.operations[j].thread)].shares(
                                     placement[static_cast<std::size_t>(layout.operations[k].thread)], Scope::cta);
}

// Whether every pair of operations is (regions_compatible).
inline bool regions_respected(const Program& p, const check::Layout& layout, const check::Lowering& lowering) {
    for (std::size_t k = 0; k < layout.operations.size(); ++k)
        for (std::size_t j = 0; j < k; ++j)
            if (!regions_compatible(p, layout, lowering, j, k)) return false;
    return true;
}

// Calls 'visit' with every program of 'shape' (its placement as given):
// every rule of each operation's row, every scope of an atomic operation
// (cta, gpu, sys when 'settings.scoped', else sys), every assignment of
// locations numbered by first use (OpenCL: one region per location, a
// local one in one CTA), and with 'settings.dependencies' every
// set of dependencies from a read to a later memory operation of its thread
// that is not an RMW.
template <typename Visit>
void for_each_program(const check::Shape& shape, const check::Layout& layout, const check::Lowering& lowering,
                      const check::EncodingSettings& settings, const Visit& visit) {
    const auto& ops = layout.operations;
    Program p;
    p.shape = shape;
    p.rule.assign(ops.size(), 0);
    p.scope.assign(ops.size(), Scope::none);
    p.location.assign(ops.size(), -1);
    // Dependencies, once rules and locations are fixed.
    auto with_dependencies = [&]() {
        std::vector<std::pair<std::size_t, std::size_t>> possible;
        if (settings.dependencies)
            for (std::size_t a = 0; a < ops.size(); ++a) {
                const auto& ra = row_of(lowering, ops[a]).rules[p.rule[a]];
                if (!ops[a].rmw && ra.kind != mapping::SourceKind::read) continue;
                for (std::size_t b = a + 1; b < ops.size(); ++b)
                    if (ops[b].thread == ops[a].thread && !ops[b].rmw && p.location[b] >= 0) possible.emplace_back(a, b);
            }
        for (std::size_t subset = 0; subset < (std::size_t{1} << possible.size()); ++subset) {
            p.dependencies.clear();
            for (std::size_t i = 0; i < possible.size(); ++i)
                if ((subset >> i) & 1U) p.dependencies.push_back(possible[i]);
            visit(p);
        }
    };
    // Operation k onwards; 'locations' used so far.
    auto choose = [&](auto&& self, std::size_t k, int locations) -> void {
        if (k == ops.size()) {
            with_dependencies();
            return;
        }
        const auto& row = row_of(lowering, ops[k]);
        for (std::size_t r = 0; r < row.rules.size(); ++r) {
            p.rule[k] = r;
            const auto& placed = row.rules[r];
            std::vector<Scope> scopes{Scope::none};
            if (is_atomic(placed.order))
                scopes = settings.scoped ? std::vector{Scope::cta, Scope::gpu, Scope::sys} : std::vector{Scope::sys};
            for (Scope s : scopes) {
                p.scope[k] = s;
                if (placed.kind == mapping::SourceKind::fence) {
                    p.location[k] = -1;
                    self(self, k + 1, locations);
                    continue;
                }
                for (int l = 0; l <= locations; ++l) {
                    p.location[k] = l;
                    bool allowed = true;
                    for (std::size_t j = 0; j < k; ++j) allowed = allowed && regions_compatible(p, layout, lowering, j, k);
                    if (!allowed) continue;
                    self(self, k + 1, std::max(locations, l + 1));
                }
            }
        }
    };
    choose(choose, 0, 0);
}

}  // namespace mapsound::check::testing
