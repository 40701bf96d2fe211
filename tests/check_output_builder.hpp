// The execution builder of the counterexample output tests, shared by the
// litmus half (check_output_test.cpp) and the picture half
// (check_output_dot_test.cpp): both write the same hand-built executions,
// and a test reads best when it spells an execution event by event.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include "mapsound/exec.hpp"

namespace outputtest {

using namespace mapsound;
using exec::EventKind;
using exec::Order;
using Pairs = std::vector<std::pair<int, int>>;

// An execution under construction: locations with initial values first,
// then events appended thread by thread.
struct Builder {
    exec::PreExecution x;

    Builder(std::vector<std::pair<std::string, std::int64_t>> locations, std::vector<exec::ThreadPlacement> threads) {
        x.threads = std::move(threads);
        for (const auto& [name, value] : locations) {
            exec::Event e;
            e.kind = EventKind::write;
            e.thread = -1;
            e.location = static_cast<int>(x.locations.size());
            e.value = value;
            x.locations.push_back(name);
            x.events.push_back(e);
        }
    }

    int location(const std::string& name) const {
        for (std::size_t i = 0; i < x.locations.size(); ++i)
            if (x.locations[i] == name) return static_cast<int>(i);
        FAIL("no location " << name);
        return -1;
    }

    int add(EventKind kind, int thread, const std::string& loc, std::int64_t value, Order order,
            exec::Scope scope = exec::Scope::none) {
        exec::Event e;
        e.kind = kind;
        e.thread = thread;
        e.location = loc.empty() ? -1 : location(loc);
        e.value = value;
        e.order = order;
        e.scope = scope;
        x.events.push_back(e);
        return static_cast<int>(x.events.size()) - 1;
    }
    int read(int t, const std::string& loc, std::int64_t v, Order o, exec::Scope s = exec::Scope::none) {
        return add(EventKind::read, t, loc, v, o, s);
    }
    int write(int t, const std::string& loc, std::int64_t v, Order o, exec::Scope s = exec::Scope::none) {
        return add(EventKind::write, t, loc, v, o, s);
    }
    int fence(int t, Order o, exec::Scope s) { return add(EventKind::fence, t, "", 0, o, s); }
    int barrier(int t, int id) {
        const int e = add(EventKind::barrier, t, "", 0, Order::none);
        x.events[static_cast<std::size_t>(e)].barrier = id;
        return e;
    }
    // A read-modify-write: returns the read; the write is the next event.
    int rmw(int t, const std::string& loc, std::int64_t read_value, std::int64_t written, Order o, exec::Scope s) {
        const int r = read(t, loc, read_value, o, s);
        const int w = write(t, loc, written, o, s);
        x.rmw.emplace_back(r, w);
        return r;
    }
};

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace outputtest
