// Explaining an axiom's violation on a concrete execution (see
// cycle_explanation.hpp).
#include "check/cycle_explanation.hpp"

#include <algorithm>
#include <deque>
#include <set>
#include <stdexcept>
#include <tuple>

#include "mapsound/rel.hpp"
#include "rel/ast/node.hpp"

namespace mapsound::check {

namespace {

using rel::detail::Kind;
using rel::detail::Node;
using Pairs = std::vector<std::pair<int, int>>;

// How deep named model relations on a path are taken apart, and how many
// such explanations one edge gets: enough for "psc-base: hb then rb; hb:
// po then rf", short enough to read.
constexpr int kDetailDepth = 3;
constexpr std::size_t kDetailsPerEdge = 6;

// Definitions that read as base relations (herd's vocabulary): explained
// by their name alone, as po and rf are.
const std::set<std::string> kBaseDefinitions = {"fr", "po-loc", "rfe", "rfi", "coe", "coi", "fre", "fri"};

// A shortest path from 'from' to 'to' through the pairs of 'r' of at least
// one step (so from == to asks for a cycle); empty when there is none.
std::vector<int> shortest_path(const rel::TupleSet& r, int from, int to) {
    const std::size_t n = r.universe_size();
    std::vector<int> parent(n, -2);
    std::deque<int> queue;
    for (std::size_t b = 0; b < n; ++b)
        if (r.contains(static_cast<std::size_t>(from), b)) {
            if (static_cast<int>(b) == to) return {from, to};
            if (parent[b] == -2) {
                parent[b] = from;
                queue.push_back(static_cast<int>(b));
            }
        }
    while (!queue.empty()) {
        const int a = queue.front();
        queue.pop_front();
        for (std::size_t b = 0; b < n; ++b) {
            if (!r.contains(static_cast<std::size_t>(a), b)) continue;
            if (static_cast<int>(b) == to) {
                std::vector<int> path{to};
                for (int at = a; at != from; at = parent[static_cast<std::size_t>(at)]) path.push_back(at);
                path.push_back(from);
                std::reverse(path.begin(), path.end());
                return path;
            }
            if (parent[b] == -2) {
                parent[b] = a;
                queue.push_back(static_cast<int>(b));
            }
        }
    }
    return {};
}

class Explainer {
public:
    Explainer(const model::ModelInstance& m, const model::Vocabulary& vocabulary, rel::Instance instance)
        : instance_(std::move(instance)) {
        // Witnesses and vocabulary names first: `let sb = po` is named po,
        // `let mo = co` co.  Of several definitions with one value the first
        // by name wins (fr before rb).  Base-like definitions (fr) are named
        // but not taken apart.
        for (const auto& w : m.witnesses) names_.emplace(w.relation.node().get(), w.name);
        for (const auto& [name, e] : vocabulary)
            if (name != "_") {
                names_.emplace(e.node().get(), name);
                vocabulary_.insert(e.node().get());
            }
        for (const auto& [name, e] : m.definitions)
            if (names_.emplace(e.node().get(), name).second && !kBaseDefinitions.count(name))
                definitions_.insert(e.node().get());
    }

    const rel::TupleSet& value(const rel::NodePtr& node) {
        auto it = values_.find(node.get());
        if (it == values_.end()) it = values_.emplace(node.get(), rel::evaluate(rel::Expr(node), instance_)).first;
        return it->second;
    }

    // The model's name for 'node', or its expression written with the
    // model's names ("po | rf"): the printer alone would show the
    // vocabulary's constants as tuple sets.
    std::string name_of(const rel::NodePtr& node, bool nested = false) const {
        if (auto it = names_.find(node.get()); it != names_.end()) return it->second;
        if (node->kind == Kind::relation) return node->name;
        const auto& kids = node->children;
        auto infix = [&](const char* op) {
            std::string out;
            for (std::size_t k = 0; k < kids.size(); ++k) out += (k ? op : "") + name_of(kids[k], true);
            return nested ? "(" + out + ")" : out;
        };
        switch (node->kind) {
            case Kind::union_:
                // r? is elaborated as r | id.
                if (kids.size() == 2 && kids[1]->kind == Kind::iden) return name_of(kids[0], true) + "?";
                return infix(" | ");
            case Kind::intersection: return infix(" & ");
            case Kind::difference: return infix(" \\ ");
            case Kind::join: return infix(" ; ");
            case Kind::product: return infix(" * ");
            case Kind::transpose: return name_of(kids[0], true) + "^-1";
            case Kind::closure: return name_of(kids[0], true) + "+";
            case Kind::reflexive_closure: return name_of(kids[0], true) + "*";
            case Kind::iden_on: return "[" + name_of(kids[0]) + "]";
            case Kind::iden: return "id";
            default: break;
        }
        std::string text = rel::Expr(node).to_string();
        return text.size() <= 40 ? "(" + text + ")" : "(" + text.substr(0, 37) + "...)";
    }

    // Whether 'node' is a `let` of the model with structure to take apart.
    bool expandable(const rel::NodePtr& node) const {
        return definitions_.count(node.get()) && node->kind != Kind::relation && node->kind != Kind::constant;
    }

    // The most specific named relation under 'node' (through unions,
    // intersections and differences only) that holds (a, b); 'node' itself
    // when nothing below it is named.  The operands of intersections passed
    // on the way, other than the one followed, go to 'also': the pair is in
    // them too (rmw & (fr ; co): rmw followed, fr ; co also).
    rel::NodePtr most_specific(rel::NodePtr node, int a, int b, std::vector<rel::NodePtr>& also) {
        rel::NodePtr best = node;
        for (;;) {
            rel::NodePtr next = operand_holding(node, a, b);
            if (!next) return best;
            if (node->kind == Kind::intersection)
                for (const auto& k : node->children)
                    if (k != next) also.push_back(k);
            node = next;
            if (names_.count(node.get())) best = node;
        }
    }

    // The path through named relations that puts (a, b) in 'node' (which
    // must hold it); with 'root', the node's own name is not the answer.
    std::vector<NamedStep> path(const rel::NodePtr& node, int a, int b, bool root) {
        if (!root && names_.count(node.get())) return {{a, b, names_.at(node.get())}};
        if (node->arity != 2) return {{a, b, name_of(node)}};
        const auto& kids = node->children;
        switch (node->kind) {
            case Kind::union_:
            case Kind::intersection:
            case Kind::difference:
            case Kind::domain_restrict:
            case Kind::range_restrict:
            case Kind::if_then_else:
                if (auto next = operand_holding(node, a, b)) return path(next, a, b, false);
                break;
            case Kind::iden:
            case Kind::iden_on:
                return {};
            case Kind::transpose: {
                auto inner = path(kids[0], b, a, false);
                std::reverse(inner.begin(), inner.end());
                for (auto& s : inner) {
                    std::swap(s.from, s.to);
                    s.relation += "^-1";
                }
                return inner;
            }
            case Kind::join: {
                if (kids[0]->arity != 2 || kids[1]->arity != 2) break;
                const auto& left = value(kids[0]);
                const auto& right = value(kids[1]);
                const std::size_t n = left.universe_size();
                // Prefer a middle event other than the ends: a step that
                // moves says more than an identity filter.
                int middle = -1;
                for (std::size_t c = 0; c < n; ++c)
                    if (left.contains(static_cast<std::size_t>(a), c) && right.contains(c, static_cast<std::size_t>(b)) &&
                        (middle < 0 || middle == a || middle == b))
                        middle = static_cast<int>(c);
                if (middle < 0) break;
                auto steps = path(kids[0], a, middle, false);
                auto rest = path(kids[1], middle, b, false);
                steps.insert(steps.end(), rest.begin(), rest.end());
                // A step that stays on one event (rs's identity part) says
                // nothing beside steps that move.
                std::vector<NamedStep> moving;
                for (const auto& s : steps)
                    if (s.from != s.to) moving.push_back(s);
                return moving.empty() ? steps : moving;
            }
            case Kind::closure:
            case Kind::reflexive_closure: {
                if (a == b && node->kind == Kind::reflexive_closure) return {};
                const auto hops = shortest_path(value(kids[0]), a, b);
                if (hops.empty()) break;
                std::vector<NamedStep> steps;
                for (std::size_t k = 0; k + 1 < hops.size(); ++k) {
                    auto part = path(kids[0], hops[k], hops[k + 1], false);
                    steps.insert(steps.end(), part.begin(), part.end());
                }
                return steps;
            }
            default:
                break;
        }
        return {{a, b, name_of(node)}};
    }

    // The node behind a name, as a NodePtr (kept alive by the instance).
    rel::NodePtr node_named(const std::string& name, const model::ModelInstance& m) const {
        for (const auto& [n, e] : m.definitions)
            if (names_.count(e.node().get()) && names_.at(e.node().get()) == name) return e.node();
        return nullptr;
    }

private:
    // The operand of a union, intersection, difference, restriction or
    // if-then-else that holds (a, b), or null for other nodes.
    rel::NodePtr operand_holding(const rel::NodePtr& node, int a, int b) {
        const auto& kids = node->children;
        const auto ua = static_cast<std::size_t>(a), ub = static_cast<std::size_t>(b);
        switch (node->kind) {
            case Kind::union_:
                for (const auto& k : kids)
                    if (value(k).contains(ua, ub)) return k;
                return nullptr;
            case Kind::intersection: {
                // The model's own relations and the execution's choices
                // (rf, co) say more than the vocabulary's fixed facts (hb
                // rather than loc in hb & loc, fr ; co rather than rmw, rf
                // rather than incl), and of those the one with the fewest
                // pairs (psc rather than incl).
                rel::NodePtr best;
                auto telling = [&](const rel::NodePtr& k) {
                    return k->kind == Kind::relation || !vocabulary_.count(k.get());
                };
                auto better = [&](const rel::NodePtr& k) {
                    if (telling(k) != telling(best)) return telling(k);
                    return value(k).size() < value(best).size();
                };
                for (const auto& k : kids)
                    if (!best || better(k)) best = k;
                return best;
            }
            case Kind::difference:
                return kids[0];
            case Kind::domain_restrict:
                return kids[1];
            case Kind::range_restrict:
                return kids[0];
            case Kind::if_then_else:
                return value(kids[1]).contains(ua, ub) ? kids[1] : kids[2];
            default:
                return nullptr;
        }
    }

    rel::Instance instance_;
    std::map<const Node*, std::string> names_;
    std::set<const Node*> definitions_;
    std::set<const Node*> vocabulary_;
    std::map<const Node*, rel::TupleSet> values_;
};

std::string steps_text(const std::vector<NamedStep>& steps) {
    std::string out;
    for (std::size_t k = 0; k < steps.size(); ++k) {
        if (k == 0 || steps[k - 1].to != steps[k].from) out += (k ? ", e" : "e") + std::to_string(steps[k].from);
        out += " -" + steps[k].relation + "-> e" + std::to_string(steps[k].to);
    }
    return out;
}

}  // namespace

Violation explain_violation(const model::Model& model, const exec::PreExecution& x, const Pairs& rf,
                            const std::map<std::string, Pairs>& witnesses, const std::string& axiom) {
    const std::size_t n = x.events.size();
    const rel::Relation rf_relation = rel::Relation::binary("rf");
    const model::Vocabulary vocabulary = exec::vocabulary_of(x, rf_relation);
    const model::ModelInstance m = model.instantiate(vocabulary);
    auto tuples = [&](const Pairs& pairs) {
        rel::TupleSet t(n, 2);
        for (auto [a, b] : pairs) t.add(static_cast<std::size_t>(a), static_cast<std::size_t>(b));
        return t;
    };
    rel::Instance instance(exec::universe_of(x));
    instance.set(rf_relation, tuples(rf));
    for (const auto& w : m.witnesses) {
        const auto found = witnesses.find(w.name);
        instance.set(w.relation, found == witnesses.end() ? rel::TupleSet(n, w.relation.arity()) : tuples(found->second));
    }

    // The axiom: by name, or with "*" the first axiom that fails.
    const model::Axiom* tested = nullptr;
    bool is_flag = false;
    if (axiom == "*") {
        for (const auto& a : m.axioms)
            if (!tested && !rel::evaluate(a.holds, instance)) tested = &a;
    } else {
        for (const auto& a : m.axioms)
            if (a.name == axiom) tested = &a;
        for (const auto& f : m.flags)
            if (!tested && f.name == axiom) {
                tested = &f;
                is_flag = true;
            }
        if (!tested) throw std::invalid_argument("the model has no axiom or flag '" + axiom + "'");
    }
    Violation v;
    v.axiom = tested ? tested->name : axiom;
    if (!tested) {
        v.text = "every axiom holds on this execution";
        return v;
    }
    const bool holds = rel::evaluate(tested->holds, instance);
    if (is_flag ? !holds : holds) {
        v.text = v.axiom + (is_flag ? " is not raised" : " holds") + " on this execution";
        return v;
    }
    Explainer explainer(m, vocabulary, std::move(instance));
    const rel::NodePtr r = tested->tested.node();
    const std::string r_name = explainer.name_of(r);
    const rel::TupleSet& value = explainer.value(r);
    // The pairs to explain: a shortest cycle, a reflexive pair, one tuple.
    Pairs pairs;
    using Test = model::Axiom::Test;
    // A witness exists when the test itself fails: a violated axiom
    // `acyclic r`, or a raised flag `~acyclic r`.
    const bool test_fails = is_flag ? tested->negated : !tested->negated;
    if (tested->test == Test::acyclic && test_fails) {
        std::vector<int> best;
        for (std::size_t s = 0; s < n; ++s) {
            const auto cycle = shortest_path(value, static_cast<int>(s), static_cast<int>(s));
            if (!cycle.empty() && (best.empty() || cycle.size() < best.size())) best = cycle;
        }
        if (!best.empty()) {
            best.pop_back();  // the start again
            v.events = best;
            for (std::size_t k = 0; k < best.size(); ++k) pairs.emplace_back(best[k], best[(k + 1) % best.size()]);
        }
    } else if (tested->test == Test::irreflexive && test_fails) {
        for (std::size_t e = 0; e < n && pairs.empty(); ++e)
            if (value.contains(e, e)) {
                v.events = {static_cast<int>(e)};
                pairs.emplace_back(static_cast<int>(e), static_cast<int>(e));
            }
    } else if (tested->test == Test::empty && test_fails && !value.empty()) {
        const std::size_t first = value.indices().front();
        if (value.arity() == 1) {
            v.events = {static_cast<int>(first)};
        } else {
            v.events = {static_cast<int>(first / n), static_cast<int>(first % n)};
            pairs.emplace_back(v.events[0], v.events[1]);
        }
    }
    if (v.events.empty()) {
        v.text = v.axiom + " fails: " + r_name + " is " +
                 (tested->test == Test::empty ? "empty" : tested->test == Test::acyclic ? "acyclic" : "irreflexive") +
                 " (a negated test: nothing to draw)";
        return v;
    }
    v.found = true;
    for (auto [a, b] : pairs) {
        CycleEdge edge{a, b, {}, {}, {}};
        std::vector<rel::NodePtr> also;
        const rel::NodePtr specific = explainer.most_specific(r, a, b, also);
        edge.relation = explainer.name_of(specific);
        edge.steps = explainer.path(specific, a, b, true);
        // Named model relations on the path, taken apart in turn.
        std::vector<std::pair<NamedStep, int>> todo;
        for (const auto& s : edge.steps) todo.emplace_back(s, 1);
        // The other operands of intersections, where they say more than
        // their own name (fr ; co, not incl).
        for (const auto& other : also) {
            auto inner = explainer.path(other, a, b, false);
            if (inner.size() < 2) continue;
            const NamedStep whole{a, b, explainer.name_of(other)};
            edge.details.emplace_back(whole, inner);
            for (const auto& s : inner) todo.emplace_back(s, 2);
        }
        std::set<std::tuple<int, int, std::string>> seen;
        for (std::size_t k = 0; k < todo.size() && edge.details.size() < kDetailsPerEdge; ++k) {
            const auto [step, depth] = todo[k];
            if (!seen.emplace(step.from, step.to, step.relation).second) continue;
            const rel::NodePtr node = explainer.node_named(step.relation, m);
            if (!node || !explainer.expandable(node)) continue;
            auto inner = explainer.path(node, step.from, step.to, true);
            if (inner.empty() || (inner.size() == 1 && inner[0].relation == step.relation)) continue;
            edge.details.emplace_back(step, inner);
            if (depth < kDetailDepth)
                for (const auto& s : inner) todo.emplace_back(s, depth + 1);
        }
        v.edges.push_back(std::move(edge));
    }
    // What a picture draws: a cycle's edges; for one pair, the steps that
    // put it there (e1 -hb-> e2 -eco-> e1 says more than a loop on e1).
    if (tested->test == Test::acyclic || v.edges.empty() || v.edges.front().steps.empty()) {
        for (const auto& e : v.edges) v.drawn.push_back({e.from, e.to, e.relation});
    } else {
        v.drawn = v.edges.front().steps;
    }

    // The paragraph.
    std::string text = v.axiom + " fails: ";
    if (tested->test == Test::acyclic) {
        text += "cycle of " + r_name + ": e" + std::to_string(v.events.front());
        for (const auto& e : v.edges) text += " -" + e.relation + "-> e" + std::to_string(e.to);
    } else if (tested->test == Test::irreflexive) {
        text += "e" + std::to_string(v.events.front()) + " is related to itself by " + r_name;
    } else if (pairs.empty()) {
        text += "e" + std::to_string(v.events.front()) + " is in " + r_name;
    } else {
        text += "(e" + std::to_string(pairs[0].first) + ", e" + std::to_string(pairs[0].second) + ") is in " + r_name;
    }
    text += ".";
    for (const auto& e : v.edges) {
        text += " e" + std::to_string(e.from) + "->e" + std::to_string(e.to) + " is in " + e.relation;
        const bool just_itself = e.steps.size() == 1 && e.steps[0].relation == e.relation;
        if (!just_itself && !e.steps.empty()) text += ": " + steps_text(e.steps);
        if (!e.details.empty()) {
            text += " (";
            for (std::size_t k = 0; k < e.details.size(); ++k)
                text += (k ? "; " : "") + e.details[k].first.relation + ": " + steps_text(e.details[k].second);
            text += ")";
        }
        text += ".";
    }
    v.text = text;
    return v;
}

}  // namespace mapsound::check
