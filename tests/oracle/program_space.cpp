// The source programs of a check (see program_space.hpp).
#include "oracle/program_space.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <stdexcept>
#include <tuple>

namespace mapsound::oracle {

namespace {

using exec::Scope;
using mapping::SourceKind;

// Restricted growth strings of length n (a set partition each, blocks
// numbered by first appearance).
std::vector<std::vector<int>> set_partitions(int n) {
    std::vector<std::vector<int>> out;
    std::vector<int> rgs(static_cast<std::size_t>(n), 0);
    auto go = [&](auto&& self, int i, int blocks) -> void {
        if (i == n) {
            out.push_back(rgs);
            return;
        }
        for (int b = 0; b <= blocks; ++b) {
            rgs[static_cast<std::size_t>(i)] = b;
            self(self, i + 1, std::max(blocks, b + 1));
        }
    };
    go(go, 0, 0);
    return out;
}

int blocks_of(const std::vector<int>& rgs) {
    int b = 0;
    for (int x : rgs) b = std::max(b, x + 1);
    return b;
}

// Every placement of 'threads' threads: CTAs (a partition of the
// threads), with a cluster level clusters (a partition of the CTAs), and
// GPUs (a partition of the clusters, or of the CTAs).  Instances are
// numbered globally, which ThreadPlacement::shares reads as intended.
// With 'one_gpu' the GPU partition is the one block (every thread in GPU 0).
std::vector<std::vector<exec::ThreadPlacement>> placements(int threads, bool scoped, bool cluster, bool one_gpu) {
    std::vector<std::vector<exec::ThreadPlacement>> out;
    if (!scoped) {
        out.emplace_back(static_cast<std::size_t>(threads));
        return out;
    }
    auto gpu_partitions = [one_gpu](int n) {
        return one_gpu ? std::vector<std::vector<int>>{std::vector<int>(static_cast<std::size_t>(n), 0)} : set_partitions(n);
    };
    for (const auto& cta : set_partitions(threads)) {
        const int ctas = blocks_of(cta);
        if (!cluster) {
            for (const auto& gpu : gpu_partitions(ctas)) {
                std::vector<exec::ThreadPlacement> p(static_cast<std::size_t>(threads));
                for (int t = 0; t < threads; ++t) {
                    p[static_cast<std::size_t>(t)].cta = cta[static_cast<std::size_t>(t)];
                    p[static_cast<std::size_t>(t)].gpu = gpu[static_cast<std::size_t>(cta[static_cast<std::size_t>(t)])];
                }
                out.push_back(std::move(p));
            }
            continue;
        }
        for (const auto& clu : set_partitions(ctas))
            for (const auto& gpu : gpu_partitions(blocks_of(clu))) {
                std::vector<exec::ThreadPlacement> p(static_cast<std::size_t>(threads));
                for (int t = 0; t < threads; ++t) {
                    const int c = cta[static_cast<std::size_t>(t)];
                    const int k = clu[static_cast<std::size_t>(c)];
                    p[static_cast<std::size_t>(t)].cta = c;
                    p[static_cast<std::size_t>(t)].cluster = k;
                    p[static_cast<std::size_t>(t)].gpu = gpu[static_cast<std::size_t>(k)];
                }
                out.push_back(std::move(p));
            }
    }
    return out;
}

// One operation of a program under construction.
struct Operation {
    int thread = 0;
    int position = 0;  // within its thread
    bool rmw = false;
    mapping::SourceClass cls;
    Scope scope = Scope::none;
    int location = -1;  // -1: a fence
};

// The OpenCL regions of a class as one small number for serialize (bit 0
// global, bit 1 local; 0 outside OpenCL).
int region_code(exec::TagSet regions) {
    return static_cast<int>(((regions >> static_cast<unsigned>(exec::Tag::global)) & 1U) |
                            (((regions >> static_cast<unsigned>(exec::Tag::local)) & 1U) << 1U));
}

bool is_local(exec::TagSet regions) { return ((regions >> static_cast<unsigned>(exec::Tag::local)) & 1U) != 0; }

bool reads(const Operation& op) { return op.cls.kind == SourceKind::read || op.cls.kind == SourceKind::rmw; }
bool memory(const Operation& op) { return op.cls.kind != SourceKind::fence; }

// A labelled program: operations in layout order, dependencies as pairs of
// operation indices, one placement per thread.
struct Labelled {
    std::vector<Operation> ops;
    std::vector<std::pair<int, int>> dependencies;
    const std::vector<exec::ThreadPlacement>* placement = nullptr;
};

// The program written with its threads in 'order' (order[p]: the thread at
// position p), every name relabelled by first appearance in that order.
// Injective on programs of one layout, and the same for two programs
// exactly when a renaming of locations, instances and (equal) threads
// maps one to the other.
std::string serialize(const Labelled& x, const std::vector<std::vector<int>>& ops_of, const std::vector<int>& order) {
    std::string out;
    std::map<int, int> gpu, location;
    std::map<std::pair<int, int>, int> cluster;
    std::map<std::tuple<int, int, int>, int> cta;
    for (int t : order) {
        const auto& p = (*x.placement)[static_cast<std::size_t>(t)];
        out += static_cast<char>('a' + gpu.try_emplace(p.gpu, static_cast<int>(gpu.size())).first->second);
        out += static_cast<char>(
            'a' + cluster.try_emplace({p.gpu, p.cluster}, static_cast<int>(cluster.size())).first->second);
        out += static_cast<char>(
            'a' + cta.try_emplace({p.gpu, p.cluster, p.cta}, static_cast<int>(cta.size())).first->second);
        for (int k : ops_of[static_cast<std::size_t>(t)]) {
            const Operation& op = x.ops[static_cast<std::size_t>(k)];
            out += static_cast<char>('A' + static_cast<int>(op.cls.kind));
            out += static_cast<char>('A' + static_cast<int>(op.cls.order));
            out += static_cast<char>('A' + static_cast<int>(op.scope));
            out += static_cast<char>('0' + region_code(op.cls.regions));
            out += op.location < 0 ? '-'
                                   : static_cast<char>('a' + location.try_emplace(op.location, static_cast<int>(location.size()))
                                                                 .first->second);
        }
        std::vector<std::pair<int, int>> local;
        for (auto [a, b] : x.dependencies)
            if (x.ops[static_cast<std::size_t>(a)].thread == t)
                local.emplace_back(x.ops[static_cast<std::size_t>(a)].position, x.ops[static_cast<std::size_t>(b)].position);
        std::sort(local.begin(), local.end());
        out += static_cast<char>('0' + local.size());
        for (auto [a, b] : local) {
            out += static_cast<char>('0' + a);
            out += static_cast<char>('0' + b);
        }
        out += '|';
    }
    return out;
}

exec::PreExecution build(const Labelled& x, std::size_t threads) {
    exec::PreExecution pre;
    int used = 0;
    for (const auto& op : x.ops) used = std::max(used, op.location + 1);
    for (int l = 0; l < used; ++l) {
        pre.locations.push_back("x" + std::to_string(l));
        exec::Event e;
        e.kind = exec::EventKind::write;
        e.location = l;
        e.label = "init x" + std::to_string(l);
        pre.events.push_back(e);
    }
    pre.threads = *x.placement;
    pre.threads.resize(threads);
    std::vector<int> head(x.ops.size(), -1);
    for (std::size_t k = 0; k < x.ops.size(); ++k) {
        const Operation& op = x.ops[k];
        exec::Event e;
        e.thread = op.thread;
        e.order = op.cls.order;
        e.scope = op.scope;
        e.location = op.location;
        e.tags = op.cls.regions;  // OpenCL: the access's region, or the fence's regions
        e.label = op.cls.to_string() + (op.scope == Scope::none ? "" : "." + mapping::scope_name(op.scope));
        e.kind = op.cls.kind == SourceKind::write   ? exec::EventKind::write
                 : op.cls.kind == SourceKind::fence ? exec::EventKind::fence
                                                    : exec::EventKind::read;
        head[k] = static_cast<int>(pre.events.size());
        pre.events.push_back(e);
        if (op.rmw) {
            e.kind = exec::EventKind::write;
            pre.events.push_back(e);
            pre.rmw.emplace_back(head[k], head[k] + 1);
        }
    }
    for (auto [a, b] : x.dependencies) {
        const int from = head[static_cast<std::size_t>(a)], to = head[static_cast<std::size_t>(b)];
        (pre.events[static_cast<std::size_t>(to)].kind == exec::EventKind::read ? pre.addr : pre.data).emplace_back(from, to);
    }
    return pre;
}

}  // namespace

bool is_atomic(exec::Order o) { return o != exec::Order::none && o != exec::Order::na && o != exec::Order::weak; }

int ProgramLayout::events() const {
    int n = 0;
    for (const auto& t : threads)
        for (char c : t) n += c - '0';
    return n;
}

std::string ProgramLayout::key() const {
    std::vector<std::string> sorted = threads;
    std::sort(sorted.begin(), sorted.end());
    std::string out;
    for (const auto& t : sorted) out += (out.empty() ? "" : ",") + t;
    return out;
}

std::string layout_key(const std::string& bracketed) {
    if (bracketed.size() < 2 || bracketed.front() != '[' || bracketed.back() != ']')
        throw std::invalid_argument("not a layout: '" + bracketed + "'");
    ProgramLayout l;
    std::string thread;
    for (char c : bracketed.substr(1, bracketed.size() - 2)) {
        if (c == ',') {
            l.threads.push_back(thread);
            thread.clear();
        } else {
            thread += c;
        }
    }
    l.threads.push_back(thread);
    return l.key();
}

std::vector<ProgramLayout> layouts(int events, bool rmw) {
    // Thread sequences of each size, then multisets of them as
    // non-increasing lists.
    std::vector<std::string> sequences;
    auto grow = [&](auto&& self, const std::string& s, int left) -> void {
        if (left == 0) {
            if (!s.empty()) sequences.push_back(s);
            return;
        }
        self(self, s + "1", left - 1);
        if (rmw && left >= 2) self(self, s + "2", left - 2);
    };
    for (int size = 1; size <= events; ++size) grow(grow, "", size);
    std::sort(sequences.begin(), sequences.end(), std::greater<>());
    auto size_of = [](const std::string& s) {
        int n = 0;
        for (char c : s) n += c - '0';
        return n;
    };
    std::vector<ProgramLayout> out;
    std::vector<std::string> chosen;
    auto pick = [&](auto&& self, std::size_t from, int left) -> void {
        if (left == 0) {
            out.push_back(ProgramLayout{chosen});
            return;
        }
        for (std::size_t i = from; i < sequences.size(); ++i) {
            if (size_of(sequences[i]) > left) continue;
            chosen.push_back(sequences[i]);
            self(self, i, left - size_of(sequences[i]));
            chosen.pop_back();
        }
    };
    pick(pick, 0, events);
    return out;
}

std::vector<mapping::SourceClass> classes_of(const exec::PreExecution& program) {
    std::vector<bool> rmw_write(program.events.size(), false), rmw_read(program.events.size(), false);
    for (auto [r, w] : program.rmw) {
        rmw_read[static_cast<std::size_t>(r)] = true;
        rmw_write[static_cast<std::size_t>(w)] = true;
    }
    std::vector<mapping::SourceClass> out;
    for (std::size_t e = 0; e < program.events.size(); ++e) {
        const auto& ev = program.events[e];
        if (ev.thread < 0 || rmw_write[e]) continue;
        SourceKind kind = ev.kind == exec::EventKind::write   ? SourceKind::write
                          : ev.kind == exec::EventKind::fence ? SourceKind::fence
                          : rmw_read[e]                       ? SourceKind::rmw
                                                              : SourceKind::read;
        const exec::TagSet region_bits =
            (exec::tag_bit(exec::Tag::global)) | (exec::tag_bit(exec::Tag::local));
        out.push_back({kind, ev.order, ev.tags & region_bits});
    }
    return out;
}

LayoutCount for_each_program(const ProgramLayout& layout, const SpaceSettings& settings,
                             const std::function<bool(const exec::PreExecution&)>& visit, bool every_labelled) {
    LayoutCount count;
    const auto threads = static_cast<int>(layout.threads.size());
    std::vector<mapping::SourceClass> single, pair;
    for (const auto& c : settings.classes) (c.kind == SourceKind::rmw ? pair : single).push_back(c);
    std::vector<Scope> levels{Scope::sys};
    if (settings.scoped)
        levels = settings.cluster ? std::vector{Scope::cta, Scope::cluster, Scope::gpu, Scope::sys}
                                  : std::vector{Scope::cta, Scope::gpu, Scope::sys};

    Labelled x;
    std::vector<std::vector<int>> ops_of(static_cast<std::size_t>(threads));
    for (int t = 0; t < threads; ++t)
        for (std::size_t i = 0; i < layout.threads[static_cast<std::size_t>(t)].size(); ++i) {
            Operation op;
            op.thread = t;
            op.position = static_cast<int>(i);
            op.rmw = layout.threads[static_cast<std::size_t>(t)][i] == '2';
            ops_of[static_cast<std::size_t>(t)].push_back(static_cast<int>(x.ops.size()));
            x.ops.push_back(op);
        }
    const auto all_placements = placements(threads, settings.scoped, settings.cluster, settings.one_gpu);

    // The thread orders that keep every position's operation sequence
    // (permutations within runs of equal threads), identity excluded.
    std::vector<std::vector<int>> symmetries;
    {
        std::vector<int> order(static_cast<std::size_t>(threads));
        std::iota(order.begin(), order.end(), 0);
        std::vector<std::pair<int, int>> runs;  // [begin, end)
        for (int t = 0; t < threads;) {
            int u = t;
            while (u < threads && layout.threads[static_cast<std::size_t>(u)] == layout.threads[static_cast<std::size_t>(t)])
                ++u;
            if (u - t > 1) runs.emplace_back(t, u);
            t = u;
        }
        auto go = [&](auto&& self, std::size_t r) -> void {
            if (r == runs.size()) {
                if (!std::is_sorted(order.begin(), order.end())) symmetries.push_back(order);
                return;
            }
            auto first = order.begin() + runs[r].first, last = order.begin() + runs[r].second;
            std::sort(first, last);
            do self(self, r + 1);
            while (std::next_permutation(first, last));
        };
        go(go, 0);
    }
    std::vector<int> identity(static_cast<std::size_t>(threads));
    std::iota(identity.begin(), identity.end(), 0);

    bool stopped = false;
    // OpenCL: a local location's accesses all in one CTA (README, "What a
    // holds covers"); the region of each location is its first access's.
    std::vector<exec::TagSet> location_region;
    auto local_in_one_cta = [&](const std::vector<exec::ThreadPlacement>& p) {
        std::vector<int> first_thread(location_region.size(), -1);
        for (const auto& op : x.ops) {
            if (op.location < 0 || !is_local(op.cls.regions)) continue;
            int& f = first_thread[static_cast<std::size_t>(op.location)];
            if (f < 0) f = op.thread;
            else if (!p[static_cast<std::size_t>(f)].shares(p[static_cast<std::size_t>(op.thread)], Scope::cta)) return false;
        }
        return true;
    };
    auto finish = [&]() {
        for (const auto& p : all_placements) {
            if (stopped) return;
            if (!local_in_one_cta(p)) continue;
            x.placement = &p;
            ++count.labelled;
            if (!symmetries.empty() && !every_labelled) {
                const std::string mine = serialize(x, ops_of, identity);
                bool least = true;
                for (const auto& s : symmetries)
                    if (serialize(x, ops_of, s) < mine) {
                        least = false;
                        break;
                    }
                if (!least) continue;
            }
            ++count.visited;
            if (!visit(build(x, static_cast<std::size_t>(threads)))) stopped = true;
        }
    };
    auto with_dependencies = [&]() {
        std::vector<std::pair<int, int>> possible;
        if (settings.dependencies)
            for (std::size_t a = 0; a < x.ops.size(); ++a)
                if (reads(x.ops[a]))
                    for (std::size_t b = a + 1; b < x.ops.size(); ++b)
                        if (x.ops[b].thread == x.ops[a].thread && !x.ops[b].rmw && memory(x.ops[b]))
                            possible.emplace_back(static_cast<int>(a), static_cast<int>(b));
        for (std::uint64_t subset = 0; subset < (std::uint64_t{1} << possible.size()) && !stopped; ++subset) {
            x.dependencies.clear();
            for (std::size_t i = 0; i < possible.size(); ++i)
                if ((subset >> i) & 1U) x.dependencies.push_back(possible[i]);
            finish();
        }
    };
    auto choose = [&](auto&& self, std::size_t k, int used) -> void {
        if (stopped) return;
        if (k == x.ops.size()) {
            with_dependencies();
            return;
        }
        Operation& op = x.ops[k];
        for (const auto& c : op.rmw ? pair : single) {
            op.cls = c;
            const std::vector<Scope> scopes = is_atomic(c.order) ? levels : std::vector{Scope::none};
            for (Scope s : scopes) {
                op.scope = s;
                if (c.kind == SourceKind::fence) {
                    op.location = -1;
                    self(self, k + 1, used);
                    continue;
                }
                // A location keeps the region of its first access (OpenCL;
                // elsewhere every class has regions 0).
                for (int l = 0; l < used; ++l) {
                    if (location_region[static_cast<std::size_t>(l)] != c.regions) continue;
                    op.location = l;
                    self(self, k + 1, used);
                }
                op.location = used;
                location_region.push_back(c.regions);
                self(self, k + 1, used + 1);
                location_region.pop_back();
            }
        }
    };
    choose(choose, 0, 0);
    return count;
}

}  // namespace mapsound::oracle
