// An execution as a Graphviz digraph (see execution_dot.hpp).
#include "check/execution_dot.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "mapsound/mapping.hpp"

namespace mapsound::check {

namespace {

using exec::EventKind;
using exec::Order;

[[noreturn]] void refuse(const std::string& why) { throw std::invalid_argument("execution_dot: " + why); }

// A DOT string literal's contents: quotes and backslashes escaped, line
// breaks as \n.
std::string escaped(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (c == '\n') {
            out += "\\n";
        } else if (c != '\r') {
            out += c;
        }
    }
    return out;
}

std::string built_label(const exec::PreExecution& x, const exec::Event& e) {
    const std::string where =
        e.location >= 0 ? x.locations[static_cast<std::size_t>(e.location)] + "=" + std::to_string(e.value) : "";
    if (e.thread < 0) return "init " + where;
    if (e.kind == EventKind::barrier) return "bar " + std::to_string(e.barrier);
    std::string s = e.kind == EventKind::read ? "R" : e.kind == EventKind::write ? "W" : "F";
    if (e.order != Order::none) s.append(".").append(mapping::source_order_name(e.order));
    if (e.scope != exec::Scope::none) s.append(".").append(mapping::scope_name(e.scope));
    if (!where.empty()) s.append(" ").append(where);
    return s;
}

using Pairs = std::vector<std::pair<int, int>>;

Pairs sorted(Pairs p) {
    std::sort(p.begin(), p.end());
    p.erase(std::unique(p.begin(), p.end()), p.end());
    return p;
}

using Reach = std::vector<std::vector<bool>>;

// The transitive closure of 'r' over n events, pairs (a, a) dropped.
Reach closure(const Pairs& r, std::size_t n) {
    Reach reach(n, std::vector<bool>(n, false));
    for (auto [a, b] : r)
        if (a != b) reach[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] = true;
    for (std::size_t k = 0; k < n; ++k)
        for (std::size_t i = 0; i < n; ++i)
            if (reach[i][k])
                for (std::size_t j = 0; j < n; ++j)
                    if (reach[k][j]) reach[i][j] = true;
    return reach;
}

// The transitive reduction of the transitive closure of 'r' over n events
// (pairs (a, a) dropped).
Pairs reduction(const Pairs& r, std::size_t n) {
    const Reach reach = closure(r, n);
    Pairs out;
    for (auto [a, b] : sorted(r)) {
        if (a == b) continue;
        bool implied = false;
        for (std::size_t c = 0; c < n && !implied; ++c)
            implied = static_cast<int>(c) != a && static_cast<int>(c) != b &&
                      reach[static_cast<std::size_t>(a)][c] && reach[c][static_cast<std::size_t>(b)];
        if (!implied) out.emplace_back(a, b);
    }
    return out;
}

}  // namespace

std::string event_label(const exec::PreExecution& x, std::size_t i) {
    const exec::Event& e = x.events.at(i);
    return e.label.empty() ? built_label(x, e) : e.label;
}

std::string execution_dot(const exec::PreExecution& x, const std::vector<std::pair<int, int>>& rf,
                          const std::vector<std::pair<int, int>>& co, const std::string& title,
                          const Emphasis& emphasis) {
    const std::size_t n = x.events.size();
    const int threads = static_cast<int>(x.threads.size());
    for (std::size_t i = 0; i < n; ++i) {
        const exec::Event& e = x.events[i];
        if (e.thread < -1 || e.thread >= threads)
            refuse("event " + std::to_string(i) + " is in thread " + std::to_string(e.thread) + ", which x does not have");
        if (e.location >= static_cast<int>(x.locations.size()) || e.location < -1)
            refuse("event " + std::to_string(i) + " accesses location " + std::to_string(e.location) +
                   ", which x does not have");
    }
    auto check = [&](const Pairs& pairs, const char* kind) {
        for (auto [a, b] : pairs)
            if (a < 0 || b < 0 || static_cast<std::size_t>(a) >= n || static_cast<std::size_t>(b) >= n)
                refuse(std::string(kind) + " pair (" + std::to_string(a) + ", " + std::to_string(b) +
                       ") names an event x does not have");
    };
    check(rf, "rf");
    check(co, "co");
    check(x.rmw, "rmw");
    check(x.addr, "addr");
    check(x.data, "data");
    check(x.ctrl, "ctrl");
    Pairs emphasised_edges;
    for (const auto& e : emphasis.edges) emphasised_edges.emplace_back(e.from, e.to);
    check(emphasised_edges, "emphasis");
    for (int e : emphasis.events)
        if (e < 0 || static_cast<std::size_t>(e) >= n) refuse("emphasis names the event " + std::to_string(e) + ", which x does not have");

    auto node = [&](std::size_t i) {
        const std::string label = event_label(x, i);
        const bool bold = std::find(emphasis.events.begin(), emphasis.events.end(), static_cast<int>(i)) != emphasis.events.end();
        return "e" + std::to_string(i) + " [label=\"" + escaped("e" + std::to_string(i) + ": " + label) + "\"" +
               (bold ? ", class=\"cycle\", color=magenta, penwidth=3" : "") + "];";
    };
    std::ostringstream out;
    out << "digraph \"" << escaped(title) << "\" {\n";
    out << "  label=\"" << escaped(title) << "\";\n  labelloc=t;\n";
    out << "  node [shape=box, fontname=\"monospace\"];\n";
    out << "  edge [fontsize=10];\n";

    // Initial writes in one row above the threads.
    std::vector<std::size_t> initial;
    for (std::size_t i = 0; i < n; ++i)
        if (x.events[i].thread < 0) initial.push_back(i);
    if (!initial.empty()) {
        out << "  subgraph init {\n    rank=same;\n";
        for (std::size_t i : initial) out << "    " << node(i) << "\n";
        // In event order from left to right.
        for (std::size_t k = 1; k < initial.size(); ++k)
            out << "    e" << initial[k - 1] << " -> e" << initial[k] << " [style=invis];\n";
        out << "  }\n";
    }
    // One cluster per thread; its events in program order.
    std::vector<std::vector<std::size_t>> per_thread(x.threads.size());
    for (std::size_t i = 0; i < n; ++i)
        if (x.events[i].thread >= 0) per_thread[static_cast<std::size_t>(x.events[i].thread)].push_back(i);
    for (std::size_t t = 0; t < x.threads.size(); ++t) {
        out << "  subgraph cluster_P" << t << " {\n";
        out << "    label=\"P" << t << " (cta " << x.threads[t].cta;
        if (x.threads[t].cluster != 0) out << ", cluster " << x.threads[t].cluster;
        out << ", gpu " << x.threads[t].gpu << ")\";\n";
        for (std::size_t i : per_thread[t]) out << "    " << node(i) << "\n";
        out << "  }\n";
    }

    auto edge = [&](int a, int b, const std::string& attributes) {
        out << "  e" << a << " -> e" << b << " [" << attributes << "];\n";
    };
    // Keep the initial row on top even where nothing reads it.
    if (!initial.empty())
        for (const auto& events : per_thread)
            if (!events.empty()) edge(static_cast<int>(initial.front()), static_cast<int>(events.front()), "style=invis");
    for (const auto& events : per_thread)
        for (std::size_t k = 1; k < events.size(); ++k)
            edge(static_cast<int>(events[k - 1]), static_cast<int>(events[k]), "color=black");
    // Edges between threads do not pull the layout out of its columns.
    auto across = [&](int a) { return x.events[static_cast<std::size_t>(a)].thread >= 0 ? ", constraint=false" : ""; };
    for (auto [w, r] : sorted(rf)) edge(w, r, std::string("color=red, fontcolor=red, label=\"rf\"") + across(w));
    for (auto [a, b] : reduction(co, n)) edge(a, b, std::string("color=blue, fontcolor=blue, label=\"co\"") + across(a));
    // fr: a read to every write coherence-after the write it reads from.
    const Reach co_order = closure(co, n);
    Pairs fr;
    for (auto [w, r] : rf)
        for (std::size_t later = 0; later < n; ++later)
            if (co_order[static_cast<std::size_t>(w)][later] && static_cast<int>(later) != r)
                fr.emplace_back(r, static_cast<int>(later));
    for (auto [r, w] : sorted(fr)) edge(r, w, std::string("color=orange, fontcolor=orange, label=\"fr\"") + across(r));
    for (auto [r, w] : sorted(x.rmw)) edge(r, w, "style=dashed, label=\"rmw\"");
    const std::pair<const Pairs*, const char*> deps[] = {{&x.addr, "addr"}, {&x.data, "data"}, {&x.ctrl, "ctrl"}};
    for (const auto& [pairs, kind] : deps)
        for (auto [a, b] : sorted(*pairs))
            edge(a, b, std::string("color=green, fontcolor=green, style=dotted, label=\"") + kind + "\"");
    // The emphasised edges last, drawn over the others.
    for (std::size_t k = 0; k < emphasis.edges.size(); ++k) {
        const auto& e = emphasis.edges[k];
        edge(e.from, e.to,
             "id=\"cycle-" + std::to_string(k) + "\", class=\"cycle\", color=magenta, fontcolor=magenta, penwidth=3, label=\"" +
                 escaped(e.label) + "\", constraint=false");
    }
    out << "}\n";
    return out.str();
}

}  // namespace mapsound::check
