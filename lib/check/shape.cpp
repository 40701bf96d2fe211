// Enumerating program shapes (see shape.hpp).
#include "check/shape.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <tuple>

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

std::string Shape::layout() const {
    std::string out = "[";
    for (std::size_t t = 0; t < threads.size(); ++t) {
        if (t) out += ",";
        for (bool rmw : threads[t]) out += rmw ? '2' : '1';
    }
    return out + "]";
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
    bool one_place = true, clustered = false;
    for (const auto& p : placement) {
        one_place = one_place && p.cta == 0 && p.gpu == 0 && p.cluster == 0;
        clustered = clustered || p.cluster != 0;
    }
    if (!one_place) {
        out += " cta(";
        for (std::size_t t = 0; t < placement.size(); ++t) out += (t ? "," : "") + std::to_string(placement[t].cta);
        if (clustered) {
            out += ") cluster(";
            for (std::size_t t = 0; t < placement.size(); ++t) out += (t ? "," : "") + std::to_string(placement[t].cluster);
        }
        out += ") gpu(";
        for (std::size_t t = 0; t < placement.size(); ++t) out += (t ? "," : "") + std::to_string(placement[t].gpu);
        out += ")";
    }
    if (!cube.empty()) {
        out += " cube(";
        for (std::size_t t = 0; t < cube.size(); ++t)
            out += std::string(t ? "," : "") + (cube[t] == exec::EventKind::read    ? "R"
                                                : cube[t] == exec::EventKind::write ? "W"
                                                                                    : "F");
        out += ")";
    }
    return out;
}

std::vector<Shape> split_into_cubes(const std::vector<Shape>& shapes, int threads,
                                    const std::vector<exec::EventKind>& kinds) {
    if (threads <= 0 || kinds.empty()) return shapes;
    const auto k = static_cast<std::size_t>(threads);
    std::vector<Shape> out;
    for (const auto& shape : shapes) {
        // The first k threads, or every thread of a shape with fewer: a
        // shape with k threads or fewer can be among the largest too.
        const std::size_t split_threads = std::min(k, shape.threads.size());
        bool split = true;
        for (std::size_t t = 0; split && t < split_threads; ++t) split = !shape.threads[t].front();
        if (!split) {
            out.push_back(shape);
            continue;
        }
        // Every choice of kinds, as a number in base kinds.size() with
        // thread 0's kind as its most significant digit.
        std::size_t cubes = 1;
        for (std::size_t t = 0; t < split_threads; ++t) cubes *= kinds.size();
        for (std::size_t c = 0; c < cubes; ++c) {
            Shape cube = shape;
            cube.cube.assign(split_threads, kinds.front());
            std::size_t rest = c;
            for (std::size_t t = split_threads; t-- > 0;) {
                cube.cube[t] = kinds[rest % kinds.size()];
                rest /= kinds.size();
            }
            out.push_back(std::move(cube));
        }
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

using Placement = std::vector<exec::ThreadPlacement>;

// Relabels CTAs, clusters and GPUs by first appearance, so that placements
// that differ only in the names of CTAs, clusters or GPUs compare equal.
Placement normalised(const Placement& p) {
    std::map<int, int> cta, cluster, gpu;
    Placement out;
    for (const auto& t : p) {
        exec::ThreadPlacement q;
        q.gpu = gpu.try_emplace(t.gpu, static_cast<int>(gpu.size())).first->second;
        q.cluster = cluster.try_emplace(t.cluster, static_cast<int>(cluster.size())).first->second;
        q.cta = cta.try_emplace(t.cta, static_cast<int>(cta.size())).first->second;
        out.push_back(q);
    }
    return out;
}

bool less(const Placement& a, const Placement& b) {
    return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), [](const auto& x, const auto& y) {
        return std::tuple(x.cta, x.cluster, x.gpu) < std::tuple(y.cta, y.cluster, y.gpu);
    });
}

// Runs of equal threads [first, last): renaming threads within a run gives
// the same program shape, so only one placement per orbit is kept.
std::vector<std::pair<std::size_t, std::size_t>> interchangeable(const std::vector<std::vector<bool>>& threads) {
    std::vector<std::pair<std::size_t, std::size_t>> runs;
    for (std::size_t i = 0; i < threads.size();) {
        std::size_t j = i + 1;
        while (j < threads.size() && threads[j] == threads[i]) ++j;
        if (j - i > 1) runs.emplace_back(i, j);
        i = j;
    }
    return runs;
}

// Whether no renaming of threads within the runs gives a (normalised)
// placement smaller than 'p': 'p' is its orbit's representative.
bool least_in_orbit(const Placement& p, const std::vector<std::pair<std::size_t, std::size_t>>& runs) {
    std::vector<std::size_t> order(p.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    // Every combination of permutations of the runs, odometer style.
    for (;;) {
        std::size_t r = 0;
        for (; r < runs.size(); ++r) {
            auto first = order.begin() + static_cast<std::ptrdiff_t>(runs[r].first);
            auto last = order.begin() + static_cast<std::ptrdiff_t>(runs[r].second);
            if (std::next_permutation(first, last)) break;  // wrapped runs are sorted again
        }
        if (r == runs.size()) return true;
        Placement q;
        for (std::size_t i : order) q.push_back(p[i]);
        if (less(normalised(q), p)) return false;
    }
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

std::vector<std::size_t> swappable_neighbours(const Shape& shape) {
    std::vector<std::size_t> out;
    const Placement original = normalised(shape.placement);
    for (std::size_t t = 0; t + 1 < shape.threads.size(); ++t) {
        if (shape.threads[t] != shape.threads[t + 1]) continue;
        Placement swapped = shape.placement;
        std::swap(swapped[t], swapped[t + 1]);
        if (normalised(swapped) == original) out.push_back(t);
    }
    return out;
}

std::vector<Shape> enumerate_shapes(int events, bool allow_rmw, bool scoped, bool cluster) {
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
            const auto swaps = interchangeable(base.threads);
            auto count = [](const std::vector<int>& labels) {
                int k = 0;
                for (int l : labels) k = std::max(k, l + 1);
                return k;
            };
            // Threads into CTAs, CTAs into clusters (each CTA its own
            // cluster level's instance, all of a GPU's in cluster 0, when
            // the tree has no cluster level), clusters into GPUs.
            for (const auto& ctas : restricted_growth(n)) {
                const int cta_count = count(ctas);
                std::vector<std::vector<int>> cluster_choices;
                if (cluster)
                    cluster_choices = restricted_growth(cta_count);
                else
                    cluster_choices.push_back({});
                for (const auto& clusters : cluster_choices) {
                    const int cluster_count = cluster ? count(clusters) : cta_count;
                    for (const auto& gpus : restricted_growth(cluster_count)) {
                        Placement p;
                        for (int t = 0; t < n; ++t) {
                            const int c = ctas[static_cast<std::size_t>(t)];
                            exec::ThreadPlacement q;
                            q.cta = c;
                            if (cluster) {
                                q.cluster = clusters[static_cast<std::size_t>(c)];
                                q.gpu = gpus[static_cast<std::size_t>(q.cluster)];
                            } else {
                                q.gpu = gpus[static_cast<std::size_t>(c)];
                            }
                            p.push_back(q);
                        }
                        if (!least_in_orbit(p, swaps)) continue;
                        Shape s = base;
                        s.placement = std::move(p);
                        out.push_back(std::move(s));
                    }
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
