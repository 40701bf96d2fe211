// Counting a shape's programs (see space.hpp).
#include "check/space.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <stdexcept>
#include <utility>
#include <vector>

namespace mapsound::check {

namespace {

using Count = unsigned __int128;

std::string decimal(Count n) {
    if (n == 0) return "0";
    std::string out;
    while (n > 0) {
        out.push_back(static_cast<char>('0' + static_cast<int>(n % 10)));
        n /= 10;
    }
    std::reverse(out.begin(), out.end());
    return out;
}

Count parse(const std::string& s) {
    Count n = 0;
    for (char c : s) {
        if (c < '0' || c > '9') throw std::invalid_argument("not a count: '" + s + "'");
        n = n * 10 + static_cast<Count>(c - '0');
    }
    return n;
}

// Stirling numbers of the second kind S(n, k) and Bell numbers, small n.
Count stirling2(int n, int k) {
    std::vector<std::vector<Count>> s(static_cast<std::size_t>(n + 1), std::vector<Count>(static_cast<std::size_t>(n + 1), 0));
    s[0][0] = 1;
    for (int i = 1; i <= n; ++i)
        for (int j = 1; j <= i; ++j)
            s[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] =
                static_cast<Count>(j) * s[static_cast<std::size_t>(i - 1)][static_cast<std::size_t>(j)] +
                s[static_cast<std::size_t>(i - 1)][static_cast<std::size_t>(j - 1)];
    return k >= 0 && k <= n ? s[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)] : 0;
}

Count bell(int n) {
    Count b = 0;
    for (int k = 0; k <= n; ++k) b += stirling2(n, k);
    return b;
}

// Chains of 'levels' nested partitions of n labelled threads (finest
// first): a partition into k blocks, then chains of levels - 1 over the k
// blocks.
Count nested_partitions(int n, int levels) {
    if (levels == 1) return bell(n);
    Count total = 0;
    for (int k = 0; k <= n; ++k) total += stirling2(n, k) * nested_partitions(k, levels - 1);
    return total;
}

}  // namespace

// Set partitions of n elements as restricted growth strings: block[i] is
// element i's block, blocks numbered by first element.  Calls visit(block,
// number of blocks) for each.
template <typename Visit>
void for_each_partition(int n, Visit&& visit) {
    std::vector<int> block(static_cast<std::size_t>(n), 0);
    auto recurse = [&](auto& self, int i, int blocks) -> void {
        if (i == n) {
            visit(block, blocks);
            return;
        }
        for (int b = 0; b <= blocks; ++b) {
            block[static_cast<std::size_t>(i)] = b;
            self(self, i + 1, std::max(blocks, b + 1));
        }
    };
    recurse(recurse, 0, 0);
}

std::string count_programs(const Shape& shape, const Lowering& lowering, const EncodingSettings& settings) {
    const Count levels = settings.scoped ? (settings.cluster ? 4 : 3) : 1;
    // OpenCL: a memory class per region, every access of a location in the
    // location's region, and a local location's accesses in one CTA.  The
    // operations' classes are counted with one region (the first seen);
    // each block of the locations' partition then chooses its region.
    // Without local memory that is sum over k of S(m, k) r^k in place of
    // Bell(m); with it, the partitions and placements are enumerated.
    std::vector<exec::TagSet> memory_regions;
    for (const Row* row : {&lowering.single, &lowering.rmw})
        for (const auto& p : row->rules)
            if (p.kind != mapping::SourceKind::fence &&
                std::find(memory_regions.begin(), memory_regions.end(), p.regions) == memory_regions.end())
                memory_regions.push_back(p.regions);
    const exec::TagSet counted_region = memory_regions.empty() ? 0 : memory_regions.front();
    const Count region_choices = memory_regions.empty() ? 1 : static_cast<Count>(memory_regions.size());
    const exec::TagSet local_bit = exec::tag_bit(exec::Tag::local);
    const Count local_regions = static_cast<Count>(
        std::count_if(memory_regions.begin(), memory_regions.end(), [&](exec::TagSet r) { return (r & local_bit) != 0; }));
    // Dynamic programming over the operations in layout order: the state
    // is (which operations are memory operations, reads so far in the
    // current thread); its value the weighted number of ways to get there
    // (scope choices and dependency sets included).
    using State = std::pair<unsigned, int>;
    std::map<State, Count> states{{{0U, 0}, 1}};
    std::vector<int> thread_of;  // per operation
    for (std::size_t t = 0; t < shape.threads.size(); ++t) {
        std::map<State, Count> reset;
        for (const auto& [key, ways] : states) reset[{key.first, 0}] += ways;
        states = std::move(reset);
        for (std::size_t i = 0; i < shape.threads[t].size(); ++i) {
            const unsigned bit = 1U << thread_of.size();
            thread_of.push_back(static_cast<int>(t));
            const bool rmw = shape.threads[t][i];
            const Row& row = rmw ? lowering.rmw : lowering.single;
            std::map<State, Count> next;
            for (const auto& placed : row.rules) {
                if (!rmw && i == 0 && t < shape.cube.size()) {
                    const exec::EventKind k = shape.cube[t];
                    const bool same = (k == exec::EventKind::read && placed.kind == mapping::SourceKind::read) ||
                                      (k == exec::EventKind::write && placed.kind == mapping::SourceKind::write) ||
                                      (k == exec::EventKind::fence && placed.kind == mapping::SourceKind::fence);
                    if (!same) continue;
                }
                const Count weight = exec::has_scope(placed.order) ? levels : 1;
                const bool memory = placed.kind != mapping::SourceKind::fence;
                if (memory && placed.regions != counted_region) continue;  // counted per location below
                const bool read = placed.kind == mapping::SourceKind::read || placed.kind == mapping::SourceKind::rmw;
                for (const auto& [key, ways] : states) {
                    Count w = ways * weight;
                    // Dependencies into this operation: any subset of the
                    // earlier reads of its thread (none into an RMW).
                    if (settings.dependencies && memory && !rmw) w <<= key.second;
                    next[{key.first | (memory ? bit : 0U), key.second + (read ? 1 : 0)}] += w;
                }
            }
            states = std::move(next);
        }
    }
    const int threads = static_cast<int>(shape.threads.size());
    // The nestings of CTAs in (clusters in) GPUs that free placement ranges
    // over: chains of partitions, the CTAs' finest.
    const int levels_above_cta = (settings.cluster ? 2 : 1) - (settings.one_gpu ? 1 : 0);
    const bool free = settings.scoped && settings.free_placement;
    Count total = 0;
    if (local_regions == 0) {
        for (const auto& [key, ways] : states) {
            const int memory = std::popcount(key.first);
            Count partitions = 0, power = 1;
            for (int k = 0; k <= memory; ++k, power *= region_choices) partitions += stirling2(memory, k) * power;
            total += ways * partitions;
        }
        if (free) total *= nested_partitions(threads, levels_above_cta + 1);
        return decimal(total);
    }
    std::map<unsigned, Count> by_memory;
    for (const auto& [key, ways] : states) by_memory[key.first] += ways;
    // For one CTA partition of the threads (cta[t]): the location choices
    // of the memory operations in 'memory', a local region only for a
    // location whose operations are all in one CTA.
    auto locations = [&](unsigned memory, const std::vector<int>& cta) {
        std::vector<int> ops;
        for (std::size_t o = 0; o < thread_of.size(); ++o)
            if ((memory >> o) & 1U) ops.push_back(thread_of[o]);
        Count sum = 0;
        for_each_partition(static_cast<int>(ops.size()), [&](const std::vector<int>& block, int blocks) {
            std::vector<int> block_cta(static_cast<std::size_t>(blocks), -1);
            std::vector<bool> one_cta(static_cast<std::size_t>(blocks), true);
            for (std::size_t i = 0; i < ops.size(); ++i) {
                int& c = block_cta[static_cast<std::size_t>(block[i])];
                const int here = cta[static_cast<std::size_t>(ops[i])];
                if (c >= 0 && c != here) one_cta[static_cast<std::size_t>(block[i])] = false;
                c = here;
            }
            Count product = 1;
            for (bool one : one_cta) product *= one ? region_choices : region_choices - local_regions;
            sum += product;
        });
        return sum;
    };
    auto add_placement = [&](const std::vector<int>& cta, Count nestings) {
        for (const auto& [memory, ways] : by_memory) total += ways * locations(memory, cta) * nestings;
    };
    if (free) {
        for_each_partition(threads, [&](const std::vector<int>& cta, int ctas) {
            add_placement(cta, levels_above_cta == 0 ? 1 : nested_partitions(ctas, levels_above_cta));
        });
    } else {
        // The shape's own placement: threads sharing a CTA share its number.
        std::vector<int> cta(static_cast<std::size_t>(threads));
        for (int t = 0; t < threads; ++t) {
            cta[static_cast<std::size_t>(t)] = t;
            for (int u = 0; u < t; ++u)
                if (shape.placement[static_cast<std::size_t>(t)].shares(shape.placement[static_cast<std::size_t>(u)], exec::Scope::cta)) {
                    cta[static_cast<std::size_t>(t)] = cta[static_cast<std::size_t>(u)];
                    break;
                }
        }
        add_placement(cta, 1);
    }
    return decimal(total);
}

std::string add_counts(const std::string& a, const std::string& b) { return decimal(parse(a) + parse(b)); }

}  // namespace mapsound::check
