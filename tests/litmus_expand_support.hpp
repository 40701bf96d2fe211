// Helpers of the expand() tests (litmus_expand_test.cpp,
// litmus_expand_flow_test.cpp): expanding inline text, reading a
// candidate's events and registers, and the shape every candidate has.
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include <mapsound/litmus/expand.hpp>
#include <mapsound/litmus/parse.hpp>

namespace litmus_expand_test {

using namespace mapsound::litmus;

using mapsound::exec::Event;
using mapsound::exec::EventKind;
using mapsound::exec::Order;
using EScope = mapsound::exec::Scope;
namespace fs = std::filesystem;

inline std::vector<Candidate> expand_text(const std::string& text, ExpandOptions options = {}) {
    return expand(parse_litmus(text, "inline"), options);
}

// The events of thread t, in order.
inline std::vector<Event> events_of(const Candidate& c, int t) {
    std::vector<Event> out;
    for (const Event& e : c.pre.events)
        if (e.thread == t) out.push_back(e);
    return out;
}

// The index of the n-th event of thread t.
inline int index_of(const Candidate& c, int t, std::size_t n) {
    std::size_t seen = 0;
    for (std::size_t i = 0; i < c.pre.events.size(); ++i)
        if (c.pre.events[i].thread == t && seen++ == n) return static_cast<int>(i);
    FAIL("thread " << t << " has no event " << n);
    return -1;
}

inline std::int64_t reg(const Candidate& c, int t, const std::string& name) {
    const auto& regs = c.registers.at(static_cast<std::size_t>(t));
    auto it = regs.find(name);
    REQUIRE_MESSAGE(it != regs.end(), "P" << t << ":" << name << " missing");
    return it->second;
}

// The candidate whose registers match all of 'want' ((thread, reg, value)).
inline const Candidate& find(const std::vector<Candidate>& cs,
                      const std::vector<std::tuple<int, std::string, std::int64_t>>& want) {
    const Candidate* found = nullptr;
    for (const Candidate& c : cs) {
        bool ok = true;
        for (const auto& [t, r, v] : want) ok = ok && c.registers.at(static_cast<std::size_t>(t)).at(r) == v;
        if (ok) {
            REQUIRE_MESSAGE(found == nullptr, "more than one candidate matches");
            found = &c;
        }
    }
    REQUIRE_MESSAGE(found != nullptr, "no candidate matches");
    return *found;
}

inline bool has_pair(const std::vector<std::pair<int, int>>& pairs, int a, int b) {
    return std::find(pairs.begin(), pairs.end(), std::make_pair(a, b)) != pairs.end();
}

// Checks what every candidate must satisfy: initial writes first, one per
// cell; each thread's events contiguous; every relation pair in range.
inline void check_shape(const Candidate& c) {
    const auto& ev = c.pre.events;
    REQUIRE(ev.size() >= c.pre.locations.size());
    for (std::size_t i = 0; i < c.pre.locations.size(); ++i) {
        CHECK(ev[i].thread == -1);
        CHECK(ev[i].kind == EventKind::write);
        CHECK(ev[i].location == static_cast<int>(i));
        CHECK(ev[i].order == Order::none);
        CHECK(ev[i].scope == EScope::none);
    }
    int last = -1;
    for (std::size_t i = c.pre.locations.size(); i < ev.size(); ++i) {
        CHECK(ev[i].thread >= last);  // contiguous, in thread order
        CHECK(ev[i].thread >= 0);
        CHECK(!ev[i].label.empty());
        last = ev[i].thread;
    }
    for (const auto* rel : {&c.pre.rmw, &c.pre.addr, &c.pre.data, &c.pre.ctrl})
        for (auto [a, b] : *rel) {
            CHECK(a >= 0);
            CHECK(b < static_cast<int>(ev.size()));
            CHECK(ev[static_cast<std::size_t>(a)].kind == EventKind::read);
            CHECK(a < b);
            CHECK(ev[static_cast<std::size_t>(a)].thread == ev[static_cast<std::size_t>(b)].thread);
        }
    CHECK(c.registers.size() == c.pre.threads.size());
}

inline constexpr const char* kMP = R"(PTX MP
{ x=0; y=0; }
 P0@cta 0,gpu 0       | P1@cta 1,gpu 0       ;
 st.weak x, 1         | ld.acquire.gpu r0, y ;
 st.release.gpu y, 1  | ld.weak r1, x        ;
exists (P1:r0 == 1 /\ P1:r1 == 0)
)";

}  // namespace litmus_expand_test
