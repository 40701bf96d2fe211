// What an execution must be for its dialect to write it as a litmus test:
// events, locations, read-modify-write pairs, dependencies, reads-from and
// each event's order, scope and tags (see execution_litmus_builder.hpp).
#include <algorithm>
#include <cctype>
#include <set>
#include <stdexcept>

#include "check/execution_litmus_builder.hpp"
#include "litmus/lexer.hpp"  // kMaxArraySize
#include "mapsound/litmus/expand.hpp"  // compound_barrier_base

namespace mapsound::check::litmus_builder {

[[noreturn]] void refuse(const std::string& why) { throw std::invalid_argument("execution_litmus: " + why); }

bool is_word(const std::string& w) {
    return !w.empty() && (std::isalpha(static_cast<unsigned char>(w[0])) || w[0] == '_') &&
           std::all_of(w.begin(), w.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// Whether 'name' is 'prefix' followed by one or more digits.
bool prefix_digits(const std::string& name, const std::string& prefix) {
    return name.size() > prefix.size() && name.compare(0, prefix.size(), prefix) == 0 &&
           std::all_of(name.begin() + static_cast<std::ptrdiff_t>(prefix.size()), name.end(),
                       [](char c) { return c >= '0' && c <= '9'; });
}

// "a[12]" -> {"a", 12}; anything else is a scalar of that name.
Cell split_cell(const std::string& name) {
    const std::size_t open = name.find('[');
    if (open == std::string::npos || open == 0 || name.back() != ']' || open + 2 >= name.size()) return {name, {}};
    const std::string digits = name.substr(open + 1, name.size() - open - 2);
    if (digits.size() > 9 || (digits.size() > 1 && digits[0] == '0') ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return {name, {}};
    return {name.substr(0, open), std::stoi(digits)};
}

void Builder::check_events() {
    const int threads = static_cast<int>(x_.threads.size());
    const int locations = static_cast<int>(x_.locations.size());
    thread_events_.assign(x_.threads.size(), {});
    position_.assign(x_.events.size(), -1);
    initial_.assign(x_.locations.size(), -1);
    for (std::size_t i = 0; i < x_.events.size(); ++i) {
        const int e = static_cast<int>(i);
        const exec::Event& v = x_.events[i];
        if (v.thread < -1 || v.thread >= threads)
            refuse(event(e) + " is in thread " + std::to_string(v.thread) + ", which x does not have");
        const bool memory = v.kind == EventKind::read || v.kind == EventKind::write;
        if (memory && (v.location < 0 || v.location >= locations))
            refuse(event(e) + " accesses location " + std::to_string(v.location) + ", which x does not have");
        if (v.thread == -1) {
            if (v.kind != EventKind::write) refuse(event(e) + " is outside every thread but not an initial write");
            if (v.order != Order::none || v.scope != exec::Scope::none)
                refuse("initial write " + event(e) + " has an order or a scope");
            int& slot = initial_[static_cast<std::size_t>(v.location)];
            if (slot >= 0) refuse("location '" + x_.locations[static_cast<std::size_t>(v.location)] + "' has two initial writes");
            slot = e;
            continue;
        }
        std::vector<int>& mine = thread_events_[static_cast<std::size_t>(v.thread)];
        position_[i] = static_cast<int>(mine.size());
        mine.push_back(e);
    }
    for (std::size_t l = 0; l < x_.locations.size(); ++l)
        if (initial_[l] < 0) refuse("location '" + x_.locations[l] + "' has no initial write");
}

void Builder::layout() {
    cells_.clear();
    std::map<std::string, std::vector<int>> arrays;  // base -> x locations, by index
    std::set<std::string> scalars;
    for (const std::string& n : x_.locations) {
        Cell c = split_cell(n);
        if (c.index) {
            if (*c.index >= litmus::detail::kMaxArraySize)
                refuse("array element '" + n + "' is beyond the " + std::to_string(litmus::detail::kMaxArraySize) +
                       " elements a litmus array may have");
            std::vector<int>& slots = arrays[c.base];
            if (static_cast<std::size_t>(*c.index) >= slots.size()) slots.resize(static_cast<std::size_t>(*c.index) + 1, -1);
            if (slots[static_cast<std::size_t>(*c.index)] >= 0) refuse("location '" + n + "' is listed twice");
            slots[static_cast<std::size_t>(*c.index)] = static_cast<int>(cells_.size());
        } else {
            if (!scalars.insert(n).second) refuse("location '" + n + "' is listed twice");
        }
        cells_.push_back(std::move(c));
    }
    for (const auto& [base, slots] : arrays) {
        if (scalars.count(base)) refuse("'" + base + "' is both a location and an array");
        if (slots.size() < 2 || std::count(slots.begin(), slots.end(), -1) > 0)
            refuse("array '" + base + "' must have every element " + base + "[0] to " + base + "[n-1], n >= 2 (" +
                   "litmus::expand names a one-element array like a scalar)");
    }
    // Locations in order of their first cell, with every element's
    // initial value.
    std::set<std::string> done;
    for (std::size_t l = 0; l < cells_.size(); ++l) {
        const std::string& base = cells_[l].base;
        if (!done.insert(base).second) continue;
        litmus::Location loc;
        loc.name = base;
        check_name(base, "location");
        if (!cells_[l].index) {
            loc.values = {ev(initial_[l]).value};
        } else {
            const std::vector<int>& slots = arrays.at(base);
            loc.values.clear();
            for (int cell : slots) loc.values.emplace_back(ev(initial_[static_cast<std::size_t>(cell)]).value);
            if (litmus::c_syntax(d_)) loc.type = atomic_base(base) ? "atomic_int" : "int";
        }
        locations_.push_back(std::move(loc));
    }
}

void Builder::check_name(const std::string& n, const std::string& what) const {
    if (!is_word(n)) refuse("'" + n + "' is no " + dialect_name(d_) + " " + what + " name");
    if (column_dialect(d_) && prefix_digits(n, "r"))
        refuse("'" + n + "' is no " + dialect_name(d_) + " location name (r<digits> are registers)");
}

bool Builder::atomic_base(const std::string& base) const {
    for (const exec::Event& v : x_.events)
        if (v.thread >= 0 && (v.kind == EventKind::read || v.kind == EventKind::write) &&
            cells_[static_cast<std::size_t>(v.location)].base == base && v.order != Order::na)
            return true;
    return false;
}

void Builder::check_rmw() {
    partner_.assign(x_.events.size(), -1);
    for (auto [r, w] : x_.rmw) {
        const std::string pair = "rmw pair (" + std::to_string(r) + ", " + std::to_string(w) + ")";
        if (!in_range(r) || !in_range(w)) refuse(pair + " names an event x does not have");
        if (!is_read(r) || !is_write(w) || ev(r).thread < 0 || ev(r).thread != ev(w).thread ||
            position_[static_cast<std::size_t>(w)] != position_[static_cast<std::size_t>(r)] + 1)
            refuse(pair + " is not a read and the next write of its thread");
        if (ev(r).location != ev(w).location || ev(r).order != ev(w).order || ev(r).scope != ev(w).scope)
            refuse(pair + " has events of different locations, orders or scopes");
        if (partner_[static_cast<std::size_t>(r)] >= 0 || partner_[static_cast<std::size_t>(w)] >= 0)
            refuse(pair + " shares an event with another rmw pair");
        partner_[static_cast<std::size_t>(r)] = w;
        partner_[static_cast<std::size_t>(w)] = r;
    }
}

void Builder::check_pairs(const std::vector<std::pair<int, int>>& pairs, const char* kind,
                          std::vector<std::vector<int>>& sources) {
    sources.assign(x_.events.size(), {});
    for (auto [a, b] : pairs) {
        const std::string pair = std::string(kind) + " pair (" + std::to_string(a) + ", " + std::to_string(b) + ")";
        if (!in_range(a) || !in_range(b)) refuse(pair + " names an event x does not have");
        if (!is_read(a) || ev(a).thread < 0 || ev(a).thread != ev(b).thread ||
            position_[static_cast<std::size_t>(a)] >= position_[static_cast<std::size_t>(b)])
            refuse(pair + " is not from a read to a later event of its thread");
        sources[static_cast<std::size_t>(b)].push_back(a);
    }
    for (auto& s : sources) {
        std::sort(s.begin(), s.end());
        s.erase(std::unique(s.begin(), s.end()), s.end());
    }
}

void Builder::check_dependencies() {
    check_pairs(x_.data, "data", data_);
    check_pairs(x_.addr, "addr", addr_);
    std::vector<std::vector<int>> ctrl_targets;
    check_pairs(x_.ctrl, "ctrl", ctrl_targets);
    for (std::size_t e = 0; e < x_.events.size(); ++e) {
        const int i = static_cast<int>(e);
        if (!data_[e].empty()) {
            if (!is_write(i)) refuse("data dependency into " + event(i) + ", which is no write");
            if (rmw_write(i) && std::count(data_[e].begin(), data_[e].end(), partner_[e]))
                refuse("data dependency of " + event(i) + " on the read of its own read-modify-write");
        }
        if (!addr_[e].empty()) {
            if (!is_read(i) && !is_write(i)) refuse("address dependency into " + event(i) + ", which is no access");
        }
        if (rmw_read(i) && addr_[e] != addr_[static_cast<std::size_t>(partner_[e])])
            refuse("the read and the write of read-modify-write " + event(i) +
                   " have different address dependencies");
    }
    // Control dependencies: turn (read, target) pairs around, then check
    // each read's targets are the rest of its thread from some event on.
    std::vector<std::vector<int>> targets(x_.events.size());
    for (auto [a, b] : x_.ctrl) targets[static_cast<std::size_t>(a)].push_back(b);
    ctrl_start_.assign(x_.events.size(), -1);
    for (std::size_t e = 0; e < x_.events.size(); ++e) {
        std::vector<int>& t = targets[e];
        if (t.empty()) continue;
        std::sort(t.begin(), t.end(), [&](int p, int q) { return position_[static_cast<std::size_t>(p)] < position_[static_cast<std::size_t>(q)]; });
        t.erase(std::unique(t.begin(), t.end()), t.end());
        const int first = position_[static_cast<std::size_t>(t.front())];
        const std::vector<int>& mine = thread_events_[static_cast<std::size_t>(ev(static_cast<int>(e)).thread)];
        const std::vector<int> rest(mine.begin() + first, mine.end());
        if (t != rest)
            refuse("the control dependencies of " + event(static_cast<int>(e)) +
                   " do not reach every later event of its thread from " + event(t.front()) +
                   " on (a branch makes everything after it depend on it)");
        if (rmw_write(t.front()))
            refuse("control dependency of " + event(static_cast<int>(e)) + " starts inside read-modify-write " +
                   event(t.front()));
        ctrl_start_[e] = first;
    }
}

void Builder::check_reads_from(const std::vector<std::pair<int, int>>& rf) const {
    for (auto [w, r] : rf) {
        const std::string pair = "rf pair (" + std::to_string(w) + ", " + std::to_string(r) + ")";
        if (!in_range(w) || !in_range(r)) refuse(pair + " names an event x does not have");
        if (!is_write(w) || !is_read(r) || ev(w).location != ev(r).location || ev(w).value != ev(r).value)
            refuse(pair + " is not a write and a read of the same location and value");
    }
}

void Builder::check_tags(int e) const {
    const exec::Event& v = ev(e);
    if (v.kind == EventKind::barrier) {
        if (d_ != Dialect::ptx) cannot(e, "the barrier");
        if (v.barrier < 0 || v.barrier >= litmus::compound_barrier_base) cannot(e, "barrier id " + std::to_string(v.barrier));
        if (v.order != Order::none || v.scope != exec::Scope::none || v.tags) cannot(e, "the qualifiers");
        return;
    }
    const std::string why = inexpressible(d_, v, partner_[static_cast<std::size_t>(e)] >= 0);
    if (!why.empty()) cannot(e, why);
}

}  // namespace mapsound::check::litmus_builder
