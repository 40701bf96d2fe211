// Justified combinations of run prefixes (see expand_domain.hpp).
//
// A prefix is summed up by what it needs (values it reads that are neither
// initial nor written earlier by itself) and what it writes.  A combination
// (one prefix per thread, or none) is justified when every need of each
// prefix is written by a prefix of another thread.  Finding one is a small
// search: litmus tests have a handful of threads, and for each (thread,
// needed value) only the Pareto-best prefixes (fewest needs, most writes)
// are worth trying, since a prefix that needs no more and writes no less
// can replace another in any justified combination.
#include "litmus/expand_domain.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace mapsound::litmus::detail {

namespace {

struct Prefix {
    ValueSet needs;
    ValueSet writes;
    bool operator<(const Prefix& o) const { return std::tie(needs, writes) < std::tie(o.needs, o.writes); }
};

bool contains(const ValueSet& s, const CellValue& v) { return std::binary_search(s.begin(), s.end(), v); }

void insert(ValueSet& s, const CellValue& v) {
    auto it = std::lower_bound(s.begin(), s.end(), v);
    if (it == s.end() || *it != v) s.insert(it, v);
}

// The distinct prefixes of a tree that end in a write (a prefix ending in a
// read writes no more than its parent and needs no less, so it never helps).
std::vector<Prefix> prefixes_of(const RunTree& tree) {
    std::vector<Prefix> at(tree.nodes.size());
    std::set<Prefix> distinct;
    for (std::size_t i = 1; i < tree.nodes.size(); ++i) {
        const RunTree::Node& n = tree.nodes[i];
        at[i] = at[static_cast<std::size_t>(n.parent)];
        const CellValue cv{n.cell, n.value};
        if (n.write) {
            insert(at[i].writes, cv);
            distinct.insert(at[i]);
        } else if (n.value != (*tree.init)[static_cast<std::size_t>(n.cell)] && !contains(at[i].writes, cv)) {
            insert(at[i].needs, cv);
        }
    }
    return {distinct.begin(), distinct.end()};
}

class Search {
public:
    explicit Search(std::vector<std::vector<Prefix>> prefixes) : prefixes_(std::move(prefixes)) {}

    std::size_t threads() const { return prefixes_.size(); }
    const std::vector<Prefix>& of(std::size_t t) const { return prefixes_[t]; }

    // The Pareto-best prefixes of thread t that write cv.
    const std::vector<int>& helpers(std::size_t t, const CellValue& cv) {
        auto [it, fresh] = helpers_.try_emplace({t, cv});
        if (!fresh) return it->second;
        const std::vector<Prefix>& ps = prefixes_[t];
        std::vector<int> writers;
        for (std::size_t i = 0; i < ps.size(); ++i)
            if (contains(ps[i].writes, cv)) writers.push_back(static_cast<int>(i));
        auto dominates = [&](int a, int b) {
            const Prefix& p = ps[static_cast<std::size_t>(a)];
            const Prefix& q = ps[static_cast<std::size_t>(b)];
            return std::includes(q.needs.begin(), q.needs.end(), p.needs.begin(), p.needs.end()) &&
                   std::includes(p.writes.begin(), p.writes.end(), q.writes.begin(), q.writes.end());
        };
        for (int b : writers) {
            bool dominated = false;
            // Prefixes are distinct, so mutual domination cannot happen.
            for (int a : writers)
                if (a != b && dominates(a, b)) {
                    dominated = true;
                    break;
                }
            if (!dominated) it->second.push_back(b);
        }
        return it->second;
    }

    // Completes 'chosen' (a prefix index per thread, -1 for none yet) to a
    // justified combination if possible.
    bool justify(std::vector<int>& chosen) {
        const CellValue* unmet = nullptr;
        for (std::size_t t = 0; t < chosen.size() && !unmet; ++t) {
            if (chosen[t] < 0) continue;
            for (const CellValue& need : prefixes_[t][static_cast<std::size_t>(chosen[t])].needs) {
                bool met = false;
                for (std::size_t u = 0; u < chosen.size() && !met; ++u)
                    met = u != t && chosen[u] >= 0 && contains(prefixes_[u][static_cast<std::size_t>(chosen[u])].writes, need);
                if (!met) {
                    unmet = &need;
                    break;
                }
            }
        }
        if (!unmet) return true;
        const CellValue need = *unmet;
        for (std::size_t u = 0; u < chosen.size(); ++u) {
            if (chosen[u] >= 0) continue;
            // A reference stays valid: helpers_ is a std::map, which never
            // moves its elements when the recursion below adds entries.
            const std::vector<int>& options = helpers(u, need);
            for (int q : options) {
                chosen[u] = q;
                if (justify(chosen)) return true;
            }
            chosen[u] = -1;
        }
        return false;
    }

private:
    std::vector<std::vector<Prefix>> prefixes_;
    std::map<std::pair<std::size_t, CellValue>, std::vector<int>> helpers_;
};

}  // namespace

ValueSet justified_new_values(const std::vector<RunTree>& trees, const std::vector<std::vector<std::int64_t>>& domains) {
    std::vector<std::vector<Prefix>> prefixes;
    for (const RunTree& tree : trees) prefixes.push_back(prefixes_of(tree));
    Search search(std::move(prefixes));
    auto known = [&](const CellValue& cv) {
        const auto& d = domains[static_cast<std::size_t>(cv.first)];
        return std::binary_search(d.begin(), d.end(), cv.second);
    };
    ValueSet found;
    for (std::size_t t = 0; t < search.threads(); ++t) {
        for (const Prefix& p : search.of(t)) {
            for (const CellValue& cv : p.writes) {
                if (known(cv) || contains(found, cv)) continue;
                const std::vector<int>& options = search.helpers(t, cv);
                for (int q : options) {
                    std::vector<int> chosen(search.threads(), -1);
                    chosen[t] = q;
                    if (!search.justify(chosen)) continue;
                    // Everything a justified combination writes is possible.
                    for (std::size_t u = 0; u < chosen.size(); ++u)
                        if (chosen[u] >= 0)
                            for (const CellValue& w : search.of(u)[static_cast<std::size_t>(chosen[u])].writes)
                                if (!known(w)) insert(found, w);
                    break;
                }
            }
        }
    }
    return found;
}

}  // namespace mapsound::litmus::detail
