// Lowering a source pre-execution through a mapping table.
#include "mapsound/compile.hpp"

#include <map>
#include <set>

namespace mapsound::mapping {

namespace {

std::string describe(const exec::Event& e, int index) {
    std::string out = "source event e";
    out.append(std::to_string(index));
    if (!e.label.empty()) out.append(" (").append(e.label).append(")");
    return out;
}

}  // namespace

Compiled compile(const exec::PreExecution& source, const Mapping& mapping) {
    Compiled out;
    out.target.locations = source.locations;
    out.target.threads = source.threads;
    const auto& ev = source.events;
    std::map<int, int> rmw_write_of, rmw_read_of;
    for (auto [r, w] : source.rmw) {
        rmw_write_of[r] = w;
        rmw_read_of[w] = r;
    }
    // For dependencies: the target event that reads for a source read, and
    // the target access (or all target events) of each source event.
    std::map<int, int> target_read_of;
    std::map<int, int> target_access_of;
    std::map<int, std::vector<int>> targets_of;
    std::vector<int> branching_reads;  // target loads their rules branch on (Rule::branch_on_load)

    auto add = [&](int source_event, exec::Event e) {
        out.target.events.push_back(std::move(e));
        const int t = static_cast<int>(out.target.events.size()) - 1;
        out.map.emplace_back(source_event, t);
        targets_of[source_event].push_back(t);
        return t;
    };

    for (int i = 0; i < static_cast<int>(ev.size()); ++i) {
        const exec::Event& e = ev[static_cast<std::size_t>(i)];
        if (e.thread < 0) {  // initial writes map one to one
            target_access_of[i] = add(i, e);
            continue;
        }
        if (rmw_read_of.count(i)) continue;  // lowered with its read
        SourceKind kind = SourceKind::fence;
        if (e.kind == exec::EventKind::read) kind = rmw_write_of.count(i) ? SourceKind::rmw : SourceKind::read;
        if (e.kind == exec::EventKind::write) kind = SourceKind::write;
        if (e.kind == exec::EventKind::barrier)
            throw MappingError(Position{mapping.path, 0, 0}, describe(e, i) + " is a barrier; mappings lower "
                                                                            "reads, writes, read-modify-writes and fences");
        const Rule* rule = mapping.rule_for(kind, e.order, region_tags(e.tags));
        if (!rule)
            throw MappingError(Position{mapping.path, 0, 0},
                               "no rule for " + to_string(kind) + "." + source_order_name(e.order) +
                                   region_suffix(region_tags(e.tags)) + ", needed by " +
                                   describe(e, i));
        // Fences after an atom belong to the RMW's write, the others to the
        // source event itself (its read, for an RMW): the slot rule of
        // lib/check/lowering.hpp, which the checker and the Coq export use.
        int owner = i;
        for (const TargetOp& op : rule->targets) {
            auto scope = mapping.scope_of(op, e.scope);
            if (!scope)
                throw MappingError(op.where, op.to_string() + " passes through the scope of " + describe(e, i) +
                                                 ", which has none");
            exec::Event t;
            t.thread = e.thread;
            t.order = op.order;
            t.scope = *scope;
            t.tags = op.tags;
            // The instruction as compiled (its scope instantiated) and, for
            // an access, what it reads or writes: "ld.acquire.gpu x=1".
            t.label = op.instance_text(mapping.target, *scope);
            const auto where = [&](std::int64_t value) {
                return e.location >= 0 && static_cast<std::size_t>(e.location) < source.locations.size()
                           ? " " + source.locations[static_cast<std::size_t>(e.location)] + "=" + std::to_string(value)
                           : std::string();
            };
            switch (op.instruction) {
                case Instruction::fence:
                    t.kind = exec::EventKind::fence;
                    add(owner, t);
                    break;
                case Instruction::ld:
                    t.kind = exec::EventKind::read;
                    t.location = e.location;
                    t.value = e.value;
                    t.label += where(e.value);
                    target_read_of[i] = target_access_of[i] = add(i, t);
                    if (rule->branch_on_load) branching_reads.push_back(target_read_of[i]);
                    break;
                case Instruction::st:
                    t.kind = exec::EventKind::write;
                    t.location = e.location;
                    t.value = e.value;
                    t.label += where(e.value);
                    target_access_of[i] = add(i, t);
                    break;
                case Instruction::atom: {
                    const int w = rmw_write_of.at(i);
                    const std::string instruction = t.label;
                    t.kind = exec::EventKind::read;
                    t.location = e.location;
                    t.value = e.value;
                    t.label = instruction + where(e.value) + " (read)";
                    const int tr = add(i, t);
                    target_read_of[i] = target_access_of[i] = tr;
                    t.kind = exec::EventKind::write;
                    t.value = ev[static_cast<std::size_t>(w)].value;
                    t.label = instruction + where(t.value) + " (write)";
                    const int tw = add(w, t);
                    target_access_of[w] = tw;
                    out.target.rmw.emplace_back(tr, tw);
                    owner = w;
                    break;
                }
            }
        }
    }

    auto carry = [&](const std::vector<std::pair<int, int>>& deps, std::vector<std::pair<int, int>>& to, bool all) {
        std::set<std::pair<int, int>> seen;
        for (auto [from, dst] : deps) {
            auto r = target_read_of.find(from);
            if (r == target_read_of.end()) continue;
            if (all) {
                for (int t : targets_of[dst])
                    if (seen.insert({r->second, t}).second) to.emplace_back(r->second, t);
            } else if (auto a = target_access_of.find(dst); a != target_access_of.end()) {
                if (seen.insert({r->second, a->second}).second) to.emplace_back(r->second, a->second);
            }
        }
    };
    carry(source.addr, out.target.addr, false);
    carry(source.data, out.target.data, false);
    carry(source.ctrl, out.target.ctrl, true);
    // A rule's branch on its load: ctrl to every later event of the thread
    // (a thread's target events are in program order).
    std::set<std::pair<int, int>> ctrl(out.target.ctrl.begin(), out.target.ctrl.end());
    for (int r : branching_reads)
        for (int t = r + 1; t < static_cast<int>(out.target.events.size()); ++t)
            if (out.target.events[static_cast<std::size_t>(t)].thread == out.target.events[static_cast<std::size_t>(r)].thread &&
                ctrl.insert({r, t}).second)
                out.target.ctrl.emplace_back(r, t);
    return out;
}

}  // namespace mapsound::mapping
