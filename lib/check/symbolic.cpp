// Building the relational problem of one shape (see symbolic.hpp).
#include "check/symbolic.hpp"

#include "mapsound/check.hpp"

#include <algorithm>
#include <stdexcept>

namespace mapsound::check {

namespace {

using exec::EventKind;
using exec::Order;
using exec::Scope;
using rel::Expr;
using rel::Formula;
using rel::Relation;
using rel::TupleSet;

Layout lay_out_shape(const Shape& shape, const Lowering& lowering) {
    Layout l;
    l.locations = shape.operations();
    int atom = l.locations;
    l.source_thread.assign(static_cast<std::size_t>(l.locations), -1);
    for (std::size_t t = 0; t < shape.threads.size(); ++t) {
        for (bool rmw : shape.threads[t]) {
            Layout::Operation op;
            op.thread = static_cast<int>(t);
            op.rmw = rmw;
            op.head = atom++;
            l.source_thread.push_back(op.thread);
            if (rmw) {
                op.write = atom++;
                l.source_thread.push_back(op.thread);
            }
            l.operations.push_back(op);
        }
    }
    l.source_size = atom;
    l.target_iw = atom;
    atom += l.locations;
    for (auto& op : l.operations) {
        op.first_slot = atom;
        atom += op.rmw ? lowering.rmw.size : lowering.single.size;
    }
    l.size = atom;
    return l;
}

rel::Universe universe_of(const Layout& l) {
    std::vector<std::string> names;
    for (int a = 0; a < l.size; ++a) {
        if (a < l.locations)
            names.push_back("iw" + std::to_string(a));
        else if (a < l.source_size)
            names.push_back("s" + std::to_string(a - l.locations));
        else if (a < l.target_iw + l.locations)
            names.push_back("tiw" + std::to_string(a - l.target_iw));
        else
            names.push_back("t" + std::to_string(a - l.target_iw - l.locations));
    }
    return rel::Universe(std::move(names));
}

// The vocabulary's order sets.
constexpr std::pair<const char*, Order> kOrderSets[] = {{"NA", Order::na},   {"WEAK", Order::weak},
                                                        {"RLX", Order::rlx}, {"ACQ", Order::acq},
                                                        {"REL", Order::rel}, {"ACQ_REL", Order::acq_rel},
                                                        {"SC", Order::sc}};


}  // namespace

SymbolicProblem::SymbolicProblem(const Shape& shape, const Lowering& lowering, const model::Model& source_model,
                                 const model::Model& target_model, const EncodingSettings& settings)
    : bounds(rel::Universe(1)),
      program(Formula::constant(true)),
      target_consistent(Formula::constant(true)),
      source_lifted(Formula::constant(true)),
      location(Relation::binary("location")),
      target_rf(Relation::binary("rf")),
      target_exists(rel::none(1)),
      map(rel::none(2)),
      layout_(lay_out_shape(shape, lowering)),
      lowering_(lowering) {
    const Layout& L = layout_;
    const std::size_t n = static_cast<std::size_t>(L.size);
    bounds = rel::Bounds(universe_of(L));
    auto set = [&]() { return TupleSet(n, 1); };
    auto pairs = [&]() { return TupleSet(n, 2); };
    auto pair = [&](int a, int b) { return rel::constant(pairs().add(static_cast<std::size_t>(a), static_cast<std::size_t>(b))); };
    auto union_of = [&](const std::vector<Expr>& parts, int arity) {
        Expr out = rel::none(arity);
        bool first = true;
        for (const auto& p : parts) {
            out = first ? p : (out | p);
            first = false;
        }
        return out;
    };

    // ---- constants of the shape
    TupleSet source_atoms = set(), iw_s = set(), heads_single = set(), heads_rmw = set(), rmw_writes = set();
    TupleSet iw_t = set(), target_atoms = set();
    for (int a = 0; a < L.source_size; ++a) source_atoms.add(static_cast<std::size_t>(a));
    for (int i = 0; i < L.locations; ++i) {
        iw_s.add(static_cast<std::size_t>(i));
        iw_t.add(static_cast<std::size_t>(L.target_iw + i));
    }
    for (int a = L.target_iw; a < L.size; ++a) target_atoms.add(static_cast<std::size_t>(a));
    TupleSet rmw_s = pairs(), rmw_t = pairs(), po_s = pairs(), po_t = pairs(), map_all = pairs(), anchor = pairs();
    for (int i = 0; i < L.locations; ++i) map_all.add(static_cast<std::size_t>(i), static_cast<std::size_t>(L.target_iw + i));
    // Target thread of each target atom (-1: initial write).
    std::vector<int> target_thread(n, -1);
    for (const auto& op : L.operations) {
        const Row& row = op.rmw ? lowering.rmw : lowering.single;
        (op.rmw ? heads_rmw : heads_single).add(static_cast<std::size_t>(op.head));
        if (op.rmw) {
            rmw_writes.add(static_cast<std::size_t>(op.write));
            rmw_s.add(static_cast<std::size_t>(op.head), static_cast<std::size_t>(op.write));
            const int r = op.first_slot + row.anchor;
            rmw_t.add(static_cast<std::size_t>(r), static_cast<std::size_t>(r + 1));
            anchor.add(static_cast<std::size_t>(op.head), static_cast<std::size_t>(r));
            anchor.add(static_cast<std::size_t>(op.write), static_cast<std::size_t>(r + 1));
        } else {
            anchor.add(static_cast<std::size_t>(op.head), static_cast<std::size_t>(op.first_slot + row.anchor));
        }
        for (int j = 0; j < row.size; ++j) {
            const int slot = op.first_slot + j;
            target_thread[static_cast<std::size_t>(slot)] = op.thread;
            const int owner = op.rmw && j > row.anchor ? op.write : op.head;
            map_all.add(static_cast<std::size_t>(owner), static_cast<std::size_t>(slot));
        }
    }
    std::vector<int> source_thread(n, -1);
    for (int a = 0; a < L.source_size; ++a) source_thread[static_cast<std::size_t>(a)] = L.source_thread[static_cast<std::size_t>(a)];
    // Program order: atoms of one thread are laid out in program order on each side.
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = a + 1; b < n; ++b) {
            if (a < static_cast<std::size_t>(L.source_size) && b < static_cast<std::size_t>(L.source_size)) {
                if (source_thread[a] >= 0 && source_thread[a] == source_thread[b]) po_s.add(a, b);
            } else if (a >= static_cast<std::size_t>(L.target_iw)) {
                if (target_thread[a] >= 0 && target_thread[a] == target_thread[b]) po_t.add(a, b);
            }
        }
    // Thread relations over one side, between atoms of threads (initial
    // writes are in no thread): same thread, and, for a fixed placement,
    // same CTA, cluster and GPU.  A shape places threads in CTAs, clusters
    // (all of a GPU's CTAs in cluster 0 without a cluster level) and GPUs
    // only, so every other level of the scope tree is shared as the level
    // above it is (subgroup as CTA, queue family as GPU).
    auto thread_relations = [&](const TupleSet& side, const std::vector<int>& thread) {
        struct R {
            TupleSet same_thread, same_cta, same_cluster, same_gpu;
        } r{pairs(), pairs(), pairs(), pairs()};
        auto placed = [&](int t) { return shape.placement[static_cast<std::size_t>(t)]; };
        for (std::size_t a : side.indices())
            for (std::size_t b : side.indices()) {
                const int ta = thread[a], tb = thread[b];
                if (ta < 0 || tb < 0) continue;
                if (ta == tb) r.same_thread.add(a, b);
                if (settings.free_placement) continue;
                if (placed(ta).shares(placed(tb), Scope::cta)) r.same_cta.add(a, b);
                if (placed(ta).shares(placed(tb), Scope::cluster)) r.same_cluster.add(a, b);
                if (placed(ta).shares(placed(tb), Scope::gpu)) r.same_gpu.add(a, b);
            }
        return r;
    };
    const auto threads_s = thread_relations(source_atoms, source_thread);
    const auto threads_t = thread_relations(target_atoms, target_thread);
    // Same CTA, cluster and GPU on both sides: constants, or (free
    // placement) the solver's equivalences over threads, each thread named
    // by the head of its first operation.
    Expr same_cta_s = rel::constant(threads_s.same_cta), same_gpu_s = rel::constant(threads_s.same_gpu);
    Expr same_cta_t = rel::constant(threads_t.same_cta), same_gpu_t = rel::constant(threads_t.same_gpu);
    Expr same_cluster_s = rel::constant(threads_s.same_cluster), same_cluster_t = rel::constant(threads_t.same_cluster);
    if (settings.free_placement) {
        TupleSet reps = set(), rep_id = pairs(), rep_s = pairs(), rep_t = pairs();
        std::vector<int> rep_of(shape.threads.size(), -1);
        for (const auto& op : L.operations)
            if (rep_of[static_cast<std::size_t>(op.thread)] < 0) rep_of[static_cast<std::size_t>(op.thread)] = op.head;
        for (int r : rep_of) {
            reps.add(static_cast<std::size_t>(r));
            rep_id.add(static_cast<std::size_t>(r), static_cast<std::size_t>(r));
        }
        for (std::size_t a = 0; a < n; ++a) {
            const bool source_side = a < static_cast<std::size_t>(L.source_size);
            const int t = source_side ? source_thread[a] : target_thread[a];
            if (t < 0) continue;
            (source_side ? rep_s : rep_t).add(a, static_cast<std::size_t>(rep_of[static_cast<std::size_t>(t)]));
        }
        same_cta = Relation::binary("same-cta");
        same_gpu = Relation::binary("same-gpu");
        const TupleSet all_reps = [&] {
            TupleSet out = pairs();
            for (std::size_t a : reps.indices())
                for (std::size_t b : reps.indices()) out.add(a, b);
            return out;
        }();
        std::vector<Relation> levels{*same_cta, *same_gpu};
        if (settings.cluster) {
            same_cluster = Relation::binary("same-cluster");
            levels.push_back(*same_cluster);
        }
        for (std::size_t level = 0; level < levels.size(); ++level) {
            const Relation& r = levels[level];
            // One GPU (levels[1]): every thread shares it.
            const bool everyone = settings.one_gpu && level == 1;
            bounds.bound(r, everyone ? all_reps : rep_id, all_reps);
            program = program && r.eq(r.transpose()) && r.join(r).in(r);
        }
        // Nested levels: a CTA inside one cluster, a cluster inside one GPU.
        if (settings.cluster)
            program = program && same_cta->in(*same_cluster) && same_cluster->in(*same_gpu);
        else
            program = program && same_cta->in(*same_gpu);
        const Expr Rs = rel::constant(rep_s), Rt = rel::constant(rep_t);
        same_cta_s = Rs.join(*same_cta).join(Rs.transpose());
        same_gpu_s = Rs.join(*same_gpu).join(Rs.transpose());
        same_cta_t = Rt.join(*same_cta).join(Rt.transpose());
        same_gpu_t = Rt.join(*same_gpu).join(Rt.transpose());
        // Without a cluster level a GPU's CTAs form one cluster.
        const Relation& cluster = settings.cluster ? *same_cluster : *same_gpu;
        same_cluster_s = Rs.join(cluster).join(Rs.transpose());
        same_cluster_t = Rt.join(cluster).join(Rt.transpose());
    }

    const Expr S_all = rel::constant(source_atoms), IW_s = rel::constant(iw_s);
    const Expr T_all = rel::constant(target_atoms), IW_t = rel::constant(iw_t);
    const Expr RMW_s = rel::constant(rmw_s), PO_s = rel::constant(po_s);
    const Expr Heads = rel::constant(heads_single | heads_rmw);
    const Expr RmwReads = rel::constant(heads_rmw), RmwWrites = rel::constant(rmw_writes);

    // ---- free relations of the program: one class per rule
    std::vector<Expr> single_classes, rmw_classes;
    for (const Row* row : {&lowering.single, &lowering.rmw}) {
        const bool rmw = row == &lowering.rmw;
        const TupleSet& upper = rmw ? heads_rmw : heads_single;
        if (upper.size() == 0) continue;
        for (const auto& placed : row->rules) {
            std::string name = mapping::to_string(placed.kind);
            if (placed.order != Order::none) name += "." + mapping::source_order_name(placed.order);
            RuleClass c{&placed, rmw, Relation::unary(name)};
            bounds.bound(c.heads, set(), upper);
            (rmw ? rmw_classes : single_classes).push_back(c.heads);
            classes.push_back(std::move(c));
        }
    }
    // Each operation follows exactly one rule of its row.
    for (const auto* group : {&single_classes, &rmw_classes}) {
        if (group->empty()) continue;
        const Expr heads = rel::constant(group == &single_classes ? heads_single : heads_rmw);
        program = program && union_of(*group, 1).eq(heads);
        for (std::size_t i = 0; i < group->size(); ++i)
            for (std::size_t j = i + 1; j < group->size(); ++j) program = program && ((*group)[i] & (*group)[j]).no();
    }
    // A cube: thread t's first operation is of kind shape.cube[t].
    for (std::size_t t = 0; t < shape.cube.size(); ++t) {
        const auto first = std::find_if(L.operations.begin(), L.operations.end(),
                                        [&](const Layout::Operation& op) { return op.thread == static_cast<int>(t); });
        if (first == L.operations.end() || first->rmw)
            throw std::invalid_argument("a cube names thread " + std::to_string(t) +
                                        ", which does not start with a single operation");
        const mapping::SourceKind kind = shape.cube[t] == EventKind::read    ? mapping::SourceKind::read
                                         : shape.cube[t] == EventKind::write ? mapping::SourceKind::write
                                                                             : mapping::SourceKind::fence;
        std::vector<Expr> of_kind;
        for (const auto& c : classes)
            if (!c.rmw && c.rule->kind == kind) of_kind.push_back(c.heads);
        program = program && rel::constant(set().add(static_cast<std::size_t>(first->head))).in(union_of(of_kind, 1));
    }
    if (heads_single.size() > 0 && single_classes.empty())
        throw std::invalid_argument("the mapping has no rule for reads, writes or fences");
    if (heads_rmw.size() > 0 && rmw_classes.empty())
        throw std::invalid_argument("the mapping has no rule for read-modify-writes");

    // Source sets by class.  An RMW class names its read; its write is heads;rmw.
    auto whole = [&](const RuleClass& c) -> Expr { return c.rmw ? (c.heads | c.heads.join(RMW_s)) : Expr(c.heads); };
    auto classes_where = [&](const auto& keep, bool with_writes) {
        std::vector<Expr> parts;
        for (const auto& c : classes)
            if (keep(*c.rule)) parts.push_back(with_writes ? whole(c) : Expr(c.heads));
        return union_of(parts, 1);
    };
    const Expr R_s = classes_where([](const PlacedRule& p) { return p.kind == mapping::SourceKind::read; }, false) | RmwReads;
    const Expr W_s =
        classes_where([](const PlacedRule& p) { return p.kind == mapping::SourceKind::write; }, false) | RmwWrites | IW_s;
    const Expr F_s = classes_where([](const PlacedRule& p) { return p.kind == mapping::SourceKind::fence; }, false);
    const Expr M_s = R_s | W_s;
    auto order_s = [&](Order o) { return classes_where([o](const PlacedRule& p) { return p.order == o; }, true); };
    const Expr atomic_heads = classes_where([](const PlacedRule& p) { return exec::has_scope(p.order); }, false);

    // Scopes of the heads (an RMW's write takes its read's).
    // Each atomic head has exactly one scope of the tree's levels.
    Expr head_scope[4] = {rel::none(1), rel::none(1), rel::none(1), rel::none(1)};  // cta, cluster, gpu, sys
    std::vector<Relation> head_scopes;  // the levels chosen from, narrowest first
    if (settings.scoped) {
        scope_cta = Relation::unary("scope.cta");
        scope_gpu = Relation::unary("scope.gpu");
        scope_sys = Relation::unary("scope.sys");
        head_scopes.push_back(*scope_cta);
        if (settings.cluster) {
            scope_cluster = Relation::unary("scope.cluster");
            head_scopes.push_back(*scope_cluster);
        }
        head_scopes.push_back(*scope_gpu);
        head_scopes.push_back(*scope_sys);
        const TupleSet all_heads = heads_single | heads_rmw;
        for (const auto& r : head_scopes) bounds.bound(r, set(), all_heads);
        std::vector<Expr> parts(head_scopes.begin(), head_scopes.end());
        program = program && union_of(parts, 1).eq(atomic_heads);
        for (std::size_t i = 0; i < head_scopes.size(); ++i)
            for (std::size_t j = i + 1; j < head_scopes.size(); ++j) program = program && (head_scopes[i] & head_scopes[j]).no();
        head_scope[0] = *scope_cta;
        if (scope_cluster) head_scope[1] = *scope_cluster;
        head_scope[2] = *scope_gpu;
        head_scope[3] = *scope_sys;
    } else {
        head_scope[3] = atomic_heads;
    }
    auto with_writes = [&](const Expr& heads) { return heads | heads.join(RMW_s); };

    // Exchangeable threads in order: when exchanging threads t and t + 1
    // gives the same shape, thread t's operations, read as a sequence of
    // (rule, scope) choices, are lexicographically at most thread t + 1's.
    // Sound because sorting such threads by bubble sort only applies
    // exchanges that map programs of the shape to programs of the shape,
    // and renumbering locations afterwards leaves rules and scopes alone.
    if (settings.order_equal_threads) {
        std::vector<std::vector<const Layout::Operation*>> ops_of(shape.threads.size());
        for (const auto& op : L.operations) ops_of[static_cast<std::size_t>(op.thread)].push_back(&op);
        // One choice per operation, as indicator formulas by increasing value.
        auto choices = [&](int head, bool rmw) {
            std::vector<std::vector<Formula>> digits;
            const Expr atom = rel::constant(set().add(static_cast<std::size_t>(head)));
            std::vector<Formula> rule;
            for (const auto& c : classes)
                if (c.rmw == rmw) rule.push_back(atom.in(c.heads));
            digits.push_back(std::move(rule));
            if (settings.scoped) {
                const std::vector<Expr> levels(head_scopes.begin(), head_scopes.end());
                std::vector<Formula> scope{!atom.in(union_of(levels, 1))};
                for (const auto& r : head_scopes) scope.push_back(atom.in(r));
                digits.push_back(std::move(scope));
            }
            return digits;
        };
        for (std::size_t t : swappable_neighbours(shape)) {
            std::vector<std::vector<Formula>> a, b;
            for (std::size_t i = 0; i < ops_of[t].size(); ++i) {
                for (auto& d : choices(ops_of[t][i]->head, ops_of[t][i]->rmw)) a.push_back(std::move(d));
                for (auto& d : choices(ops_of[t + 1][i]->head, ops_of[t + 1][i]->rmw)) b.push_back(std::move(d));
            }
            Formula equal_so_far = Formula::constant(true);
            for (std::size_t k = 0; k < a.size(); ++k) {
                Formula not_greater = Formula::constant(true), equal = Formula::constant(false);
                for (std::size_t x = 0; x < a[k].size(); ++x) {
                    equal = equal || (a[k][x] && b[k][x]);
                    for (std::size_t y = 0; y < x; ++y) not_greater = not_greater && !(a[k][x] && b[k][y]);
                }
                program = program && rel::implies(equal_so_far, not_greater);
                equal_so_far = equal_so_far && equal;
            }
        }
    }

    // Locations: each memory operation at one location; numbered by first
    // use (operation j uses at most location j, and location i > 0 only if
    // an earlier operation uses location i - 1).
    {
        TupleSet upper = pairs();
        for (std::size_t j = 0; j < L.operations.size(); ++j)
            for (std::size_t i = 0; i <= j && i < static_cast<std::size_t>(L.locations); ++i)
                upper.add(static_cast<std::size_t>(L.operations[j].head), i);
        bounds.bound(location, pairs(), upper);
        const rel::Variable h = rel::Variable::unary("h");
        program = program && rel::forall(h, Heads,
                                         (h.in(M_s) && h.join(location).one()) || (!h.in(M_s) && h.join(location).no()));
        for (std::size_t j = 1; j < L.operations.size(); ++j)
            for (std::size_t i = 1; i <= j && i < static_cast<std::size_t>(L.locations); ++i) {
                Formula earlier = Formula::constant(false);
                for (std::size_t k = 0; k < j; ++k)
                    if (i - 1 <= k) earlier = earlier || pair(L.operations[k].head, static_cast<int>(i - 1)).in(location);
                program = program && rel::implies(pair(L.operations[j].head, static_cast<int>(i)).in(location), earlier);
            }
    }
    // OpenCL: a location is in one memory region, so every access of it has
    // the same (a class's region is its access's); and local memory is a
    // work-group's own (OpenCL 2.0 §3.3.1), so the accesses of a local
    // location are all in one work-group (CTA).
    const bool regions = std::any_of(classes.begin(), classes.end(), [](const RuleClass& c) {
        return c.rule->kind != mapping::SourceKind::fence && c.rule->regions != 0;
    });
    if (regions) {
        const Expr memory = classes_where([](const PlacedRule& p) { return p.kind != mapping::SourceKind::fence; }, false);
        const Expr global = classes_where(
            [](const PlacedRule& p) {
                return p.kind != mapping::SourceKind::fence &&
                       ((p.regions >> static_cast<unsigned>(exec::Tag::global)) & 1U);
            },
            false);
        const Expr same_location = location.join(location.transpose());
        program = program && (same_location & global.product(memory - global)).no();
        const Expr local = memory - global;
        program = program && (same_location & local.product(local)).in(same_cta_s);
    }
    TupleSet iw_id = pairs();
    for (int i = 0; i < L.locations; ++i) iw_id.add(static_cast<std::size_t>(i), static_cast<std::size_t>(i));
    // Each memory event to the initial write of its location.
    const Expr at_s = location | RMW_s.transpose().join(location) | rel::constant(iw_id);

    // Dependencies: from a read to a later memory operation of its thread.
    Expr addr_s = rel::none(2), data_s = rel::none(2);
    if (settings.dependencies) {
        dependency = Relation::binary("dep");
        TupleSet upper = pairs();
        for (const auto& a : L.operations)
            for (const auto& b : L.operations)
                // Not into read-modify-writes: litmus tests give both of their
                // events the dependency, which no shipped check needs (the
                // source models that read dependencies have no RMWs).
                if (a.thread == b.thread && a.head < b.head && !b.rmw) upper.add(static_cast<std::size_t>(a.head), static_cast<std::size_t>(b.head));
        bounds.bound(*dependency, pairs(), upper);
        program = program && dependency->in(R_s.product(M_s));
        addr_s = rel::range_restrict(*dependency, R_s);
        data_s = rel::range_restrict(*dependency, W_s);
    }

    // ---- the target side, slot by slot
    // For each row and slot position: the constant relation head -> slot.
    auto head_to_slot = [&](bool rmw, int position) {
        TupleSet t = pairs();
        for (const auto& op : L.operations)
            if (op.rmw == rmw) t.add(static_cast<std::size_t>(op.head), static_cast<std::size_t>(op.first_slot + position));
        return rel::constant(t);
    };
    // The target atoms where some rule puts an event satisfying 'keep',
    // given the class and (for $sco) the head's scope.
    auto slots_where = [&](const auto& keep) {
        std::vector<Expr> parts;
        for (const auto& c : classes) {
            const Row& row = c.rmw ? lowering.rmw : lowering.single;
            for (int j = 0; j < row.size; ++j) {
                const auto& slot = c.rule->slots[static_cast<std::size_t>(j)];
                if (!slot) continue;
                const Expr chosen = keep(*slot, c.heads);
                parts.push_back(chosen.join(head_to_slot(c.rmw, j)));
            }
        }
        return union_of(parts, 1);
    };
    auto always = [](const SlotEvent&, const Expr& heads) { return heads; };
    target_exists = slots_where(always) | IW_t;
    auto kind_t = [&](EventKind k) {
        return slots_where([k](const SlotEvent& e, const Expr& heads) { return e.kind == k ? heads : rel::none(1); });
    };
    const Expr R_t = kind_t(EventKind::read);
    const Expr W_t = kind_t(EventKind::write) | IW_t;
    const Expr F_t = kind_t(EventKind::fence);
    const Expr M_t = R_t | W_t;
    auto order_t = [&](Order o) {
        return slots_where([o](const SlotEvent& e, const Expr& heads) { return e.order == o ? heads : rel::none(1); });
    };
    // Target events of scope level s: fixed at s, or `$sco` of a head whose
    // source level the mapping sends to s (Lowering::target_scope).
    auto scope_t = [&](Scope s) {
        static constexpr Scope source_levels[4] = {Scope::cta, Scope::cluster, Scope::gpu, Scope::sys};
        Expr passed = rel::none(1);
        for (int i = 0; i < 4; ++i)
            if (lowering.target_scope(source_levels[i]) == s) passed = passed | head_scope[i];
        return slots_where([s, passed](const SlotEvent& e, const Expr& heads) {
            if (e.scope_from_source) return heads & passed;
            return e.scope == s ? heads : rel::none(1);
        });
    };
    auto tag_t = [&](exec::Tag t) {
        return slots_where([t](const SlotEvent& e, const Expr& heads) {
            return (e.tags >> static_cast<unsigned>(t)) & 1U ? heads : rel::none(1);
        });
    };
    const Expr Ex = target_exists;
    map = rel::range_restrict(rel::constant(map_all), Ex);
    const Expr at_t = rel::domain_restrict(M_t, map.transpose().join(at_s).join(map));
    const Expr anchor_of = rel::constant(anchor);
    const Expr dep_t = settings.dependencies ? anchor_of.transpose().join(*dependency).join(anchor_of) : rel::none(2);
    auto on_existing = [&](const Expr& r) { return rel::domain_restrict(Ex, rel::range_restrict(r, Ex)); };

    // ---- vocabularies: the primitive facts of each side, and every
    // derived name from its one definition (exec::derive_vocabulary).
    // What a side does not have (barriers, tags, scope levels other than
    // CTA, cluster, GPU and system) is empty.
    // scopes: SG, CTA, CLUSTER, QF, GPU, SYS; tag_of: each exec::Tag's set.
    auto primitives = [&](const Expr& all, const Expr& iw, const Expr& R, const Expr& W, const Expr& F,
                          const Expr& rmw_events, const auto& order_of, const Expr (&scopes)[6], const auto& tag_of) {
        model::Vocabulary v;
        v.emplace("_", all);
        v.emplace("IW", iw);
        v.emplace("R", R);
        v.emplace("W", W);
        v.emplace("F", F);
        v.emplace("BAR", rel::none(1));
        v.emplace("BAR_ARRIVE", rel::none(1));
        v.emplace("RMW", rmw_events);
        for (auto [name, o] : kOrderSets) v.emplace(name, order_of(o));
        v.emplace("SG", scopes[0]);
        v.emplace("CTA", scopes[1]);
        v.emplace("CLUSTER", scopes[2]);
        v.emplace("QF", scopes[3]);
        v.emplace("GPU", scopes[4]);
        v.emplace("SYS", scopes[5]);
        for (unsigned t = 0; t < exec::kTagCount; ++t)
            v.emplace(exec::tag_name(static_cast<exec::Tag>(t)), tag_of(static_cast<exec::Tag>(t)));
        v.emplace("same-barrier", rel::none(2));
        return v;
    };
    const Expr scopes_s[6] = {rel::none(1),           with_writes(head_scope[0]), with_writes(head_scope[1]),
                              rel::none(1),           with_writes(head_scope[2]), with_writes(head_scope[3])};
    // The source events' tags: their classes' OpenCL regions.
    const auto region_s = [&](exec::Tag t) -> Expr {
        return classes_where([t](const PlacedRule& p) { return (p.regions >> static_cast<unsigned>(t)) & 1U; }, true);
    };
    model::Vocabulary ps = primitives(S_all, IW_s, R_s, W_s, F_s, RmwReads | RmwWrites, order_s, scopes_s, region_s);
    ps.emplace("po", PO_s);
    ps.emplace("rf", map.join(target_rf).join(map.transpose()));
    ps.emplace("rmw", RMW_s);
    ps.emplace("addr", addr_s);
    ps.emplace("data", data_s);
    ps.emplace("ctrl", rel::none(2));
    ps.emplace("at", at_s);
    ps.emplace("vat", at_s);
    ps.emplace("same-thread", rel::constant(threads_s.same_thread));
    ps.emplace("same-sg", same_cta_s);
    ps.emplace("same-cta", same_cta_s);
    ps.emplace("same-cluster", same_cluster_s);
    ps.emplace("same-qf", same_gpu_s);
    ps.emplace("same-gpu", same_gpu_s);
    const model::Vocabulary vs = exec::derive_vocabulary(std::move(ps));

    const Expr scopes_t[6] = {scope_t(Scope::sg),  scope_t(Scope::cta), scope_t(Scope::cluster),
                              scope_t(Scope::qf),  scope_t(Scope::gpu), scope_t(Scope::sys)};
    TupleSet rmw_atoms = set();
    for (std::size_t idx : rmw_t.indices()) rmw_atoms.add(idx / n).add(idx % n);
    model::Vocabulary pt = primitives(Ex, IW_t, R_t, W_t, F_t, rel::constant(rmw_atoms), order_t, scopes_t, tag_t);
    pt.emplace("po", on_existing(rel::constant(po_t)));
    pt.emplace("rf", target_rf);
    pt.emplace("rmw", rel::constant(rmw_t));
    pt.emplace("addr", rel::range_restrict(dep_t, R_t));
    pt.emplace("data", rel::range_restrict(dep_t, W_t));
    // ctrl: from a load its rule branches on to every later event of the
    // thread (Rule::branch_on_load); the searched programs have no other.
    pt.emplace("ctrl", on_existing(rel::domain_restrict(
                           slots_where([](const SlotEvent& e, const Expr& heads) { return e.branch ? heads : rel::none(1); }),
                           rel::constant(po_t))));
    pt.emplace("at", at_t);
    pt.emplace("vat", at_t);
    pt.emplace("same-thread", on_existing(rel::constant(threads_t.same_thread)));
    pt.emplace("same-sg", on_existing(same_cta_t));
    pt.emplace("same-cta", on_existing(same_cta_t));
    pt.emplace("same-cluster", on_existing(same_cluster_t));
    pt.emplace("same-qf", on_existing(same_gpu_t));
    pt.emplace("same-gpu", on_existing(same_gpu_t));
    const model::Vocabulary vt = exec::derive_vocabulary(std::move(pt));
    const Expr loc_t = vt.at("loc");

    // ---- target rf: bounded by the slots that can be writes and reads
    {
        TupleSet may_write = iw_t, may_read = set();
        auto collect = [&](EventKind k, TupleSet& into) {
            for (const auto& c : classes) {
                const Row& row = c.rmw ? lowering.rmw : lowering.single;
                for (int j = 0; j < row.size; ++j) {
                    const auto& slot = c.rule->slots[static_cast<std::size_t>(j)];
                    if (!slot || slot->kind != k) continue;
                    for (const auto& op : L.operations)
                        if (op.rmw == c.rmw) into.add(static_cast<std::size_t>(op.first_slot + j));
                }
            }
        };
        collect(EventKind::write, may_write);
        collect(EventKind::read, may_read);
        TupleSet upper = pairs();
        for (std::size_t w : may_write.indices())
            for (std::size_t r : may_read.indices())
                if (w != r) upper.add(w, r);
        bounds.bound(target_rf, pairs(), upper);
        const rel::Variable r = rel::Variable::unary("r");
        target_consistent = target_rf.in(W_t.product(R_t) & loc_t) &&
                            rel::forall(r, rel::constant(may_read), rel::implies(r.in(R_t), target_rf.join(r).one()));
    }

    source = source_model.instantiate(vs);
    source_vocabulary_ = vs;
    target_vocabulary_ = vt;
    target = target_model.instantiate(vt);
    for (const auto* inst : {&source, &target})
        for (const auto& w : inst->witnesses) bounds.bound(w.relation, pairs(), rel::upper_bound(w.upper, bounds));
    target_consistent = target_consistent && target.consistent();

    lift_ = settings.lift;
    source_lifted = source.well_formed() && lifting(source);
}

}  // namespace mapsound::check
