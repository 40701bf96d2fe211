// Counting a shape's programs (see space.hpp).
#include "check/space.hpp"

#include <algorithm>
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

bool atomic(exec::Order o) { return o != exec::Order::none && o != exec::Order::na && o != exec::Order::weak; }

}  // namespace

std::string count_programs(const Shape& shape, const Lowering& lowering, const EncodingSettings& settings) {
    const Count levels = settings.scoped ? (settings.cluster ? 4 : 3) : 1;
    // OpenCL: a memory class per region, every access of a location in the
    // location's region.  The operations' classes are counted with one
    // region (the first seen), and each block of the locations' partition
    // then chooses its region: sum over k of S(m, k) r^k in place of Bell(m).
    std::vector<unsigned> memory_regions;
    for (const Row* row : {&lowering.single, &lowering.rmw})
        for (const auto& p : row->rules)
            if (p.kind != mapping::SourceKind::fence &&
                std::find(memory_regions.begin(), memory_regions.end(), p.regions) == memory_regions.end())
                memory_regions.push_back(p.regions);
    const unsigned counted_region = memory_regions.empty() ? 0 : memory_regions.front();
    const Count region_choices = memory_regions.empty() ? 1 : static_cast<Count>(memory_regions.size());
    // Dynamic programming over the operations in layout order: the state
    // is (memory operations so far, reads so far in the current thread);
    // its value the weighted number of ways to get there (scope choices
    // and dependency sets included).
    std::map<std::pair<int, int>, Count> states{{{0, 0}, 1}};
    for (std::size_t t = 0; t < shape.threads.size(); ++t) {
        std::map<std::pair<int, int>, Count> reset;
        for (const auto& [key, ways] : states) reset[{key.first, 0}] += ways;
        states = std::move(reset);
        for (std::size_t i = 0; i < shape.threads[t].size(); ++i) {
            const bool rmw = shape.threads[t][i];
            const Row& row = rmw ? lowering.rmw : lowering.single;
            std::map<std::pair<int, int>, Count> next;
            for (const auto& placed : row.rules) {
                if (!rmw && i == 0 && t < shape.cube.size()) {
                    const exec::EventKind k = shape.cube[t];
                    const bool same = (k == exec::EventKind::read && placed.kind == mapping::SourceKind::read) ||
                                      (k == exec::EventKind::write && placed.kind == mapping::SourceKind::write) ||
                                      (k == exec::EventKind::fence && placed.kind == mapping::SourceKind::fence);
                    if (!same) continue;
                }
                const Count weight = atomic(placed.order) ? levels : 1;
                const bool memory = placed.kind != mapping::SourceKind::fence;
                if (memory && placed.regions != counted_region) continue;  // counted per location below
                const bool read = placed.kind == mapping::SourceKind::read || placed.kind == mapping::SourceKind::rmw;
                for (const auto& [key, ways] : states) {
                    Count w = ways * weight;
                    // Dependencies into this operation: any subset of the
                    // earlier reads of its thread (none into an RMW).
                    if (settings.dependencies && memory && !rmw) w <<= key.second;
                    next[{key.first + (memory ? 1 : 0), key.second + (read ? 1 : 0)}] += w;
                }
            }
            states = std::move(next);
        }
    }
    Count total = 0;
    for (const auto& [key, ways] : states) {
        Count partitions = 0, power = 1;
        for (int k = 0; k <= key.first; ++k, power *= region_choices) partitions += stirling2(key.first, k) * power;
        total += ways * partitions;
    }
    if (settings.scoped && settings.free_placement)
        total *= nested_partitions(static_cast<int>(shape.threads.size()),
                                   (settings.cluster ? 3 : 2) - (settings.one_gpu ? 1 : 0));
    return decimal(total);
}

std::string add_counts(const std::string& a, const std::string& b) { return decimal(parse(a) + parse(b)); }

}  // namespace mapsound::check
