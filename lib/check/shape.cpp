// Enumerating program shapes (see shape.hpp).
#include "check/shape.hpp"

#include <functional>

namespace mapsound::check {

int Shape::events() const {
    int n = 0;
    for (const auto& t : threads)
        for (bool rmw : t) n += rmw ? 2 : 1;
    return n;
}

int Shape::operations() const {
    int n = 0;
    for (const auto& t : threads) n += static_cast<int>(t.size());
    return n;
}

std::string Shape::to_string() const {
    std::string out = "[";
    for (std::size_t t = 0; t < threads.size(); ++t) {
        if (t) out += ",";
        out += std::to_string(threads[t].size());
        for (bool rmw : threads[t])
            if (rmw) {
                out += "*";
                break;
            }
    }
    out += "]";
    bool one_place = true;
    for (const auto& p : placement) one_place = one_place && p.cta == 0 && p.gpu == 0;
    if (!one_place) {
        out += " cta(";
        for (std::size_t t = 0; t < placement.size(); ++t) out += (t ? "," : "") + std::to_string(placement[t].cta);
        out += ") gpu(";
        for (std::size_t t = 0; t < placement.size(); ++t) out += (t ? "," : "") + std::to_string(placement[t].gpu);
        out += ")";
    }
    return out;
}

namespace {

// Operation sequences of a thread with exactly 'events' events.
std::vector<std::vector<bool>> thread_sequences(int events, bool allow_rmw) {
    std::vector<std::vector<bool>> out;
    std::vector<bool> current;
    std::function<void(int)> extend = [&](int left) {
        if (left == 0) {
            out.push_back(current);
            return;
        }
        current.push_back(false);
        extend(left - 1);
        current.pop_back();
        if (allow_rmw && left >= 2) {
            current.push_back(true);
            extend(left - 2);
            current.pop_back();
        }
    };
    extend(events);
    return out;
}

// Ordering of threads for the canonical (non-increasing) listing: longer
// event counts first, then by the operation sequence.
bool thread_before(const std::vector<bool>& a, int events_a, const std::vector<bool>& b, int events_b) {
    if (events_a != events_b) return events_a > events_b;
    return a > b;
}

// Restricted-growth strings of length n: labels 0.. with each new label one
// more than the largest before it.
std::vector<std::vector<int>> restricted_growth(int n) {
    std::vector<std::vector<int>> out;
    std::vector<int> s;
    std::function<void(int)> go = [&](int largest) {
        if (static_cast<int>(s.size()) == n) {
            out.push_back(s);
            return;
        }
        for (int v = 0; v <= largest + 1; ++v) {
            s.push_back(v);
            go(std::max(largest, v));
            s.pop_back();
        }
    };
    go(-1);
    return out;
}

}  // namespace

std::vector<Shape> enumerate_shapes(int events, bool allow_rmw, bool scoped) {
    std::vector<Shape> out;
    if (events <= 0) return out;
    // Threads as (sequence, events) in canonical order.
    struct Piece {
        std::vector<bool> ops;
        int events;
    };
    std::vector<Piece> threads;
    std::function<void(int)> partition = [&](int left) {
        if (left == 0) {
            const int n = static_cast<int>(threads.size());
            Shape base;
            for (const auto& p : threads) base.threads.push_back(p.ops);
            if (!scoped) {
                base.placement.assign(static_cast<std::size_t>(n), exec::ThreadPlacement{0, 0});
                out.push_back(base);
                return;
            }
            for (const auto& ctas : restricted_growth(n)) {
                int cta_count = 0;
                for (int c : ctas) cta_count = std::max(cta_count, c + 1);
                for (const auto& gpus : restricted_growth(cta_count)) {
                    Shape s = base;
                    for (int t = 0; t < n; ++t)
                        s.placement.push_back(exec::ThreadPlacement{ctas[static_cast<std::size_t>(t)],
                                                                    gpus[static_cast<std::size_t>(ctas[static_cast<std::size_t>(t)])]});
                    out.push_back(std::move(s));
                }
            }
            return;
        }
        for (int size = left; size >= 1; --size) {
            for (const auto& seq : thread_sequences(size, allow_rmw)) {
                if (!threads.empty() && thread_before(seq, size, threads.back().ops, threads.back().events)) continue;
                threads.push_back(Piece{seq, size});
                partition(left - size);
                threads.pop_back();
            }
        }
    };
    partition(events);
    return out;
}

}  // namespace mapsound::check
