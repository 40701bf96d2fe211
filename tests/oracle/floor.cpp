// mapsound-floor CHECK --events N [--from M] [--layouts KEY;...] [--sample K]
//
// The floor of a search by enumeration (issue 28, "the physical floor"):
// what a checker that lists every program and every target execution, and
// judges each with the plain evaluator, would have to do.  Per bound up to
// N, every program of the check's source space (one per orbit of the
// README's symmetries, as the oracle visits them; program_space.hpp) is
// compiled with the check's mapping, and every candidate target execution
// is listed: each read reads any write of its location, each witness of
// the target model (PTX's co and Fence-SC order) any candidate the oracle
// lists (witness_orders.hpp), kept when the model's requirements hold (a
// well-formed execution).  Each candidate is judged: consistent when every
// axiom holds too.  Printed, one CSV line per bound: the programs
// (labelled and visited), the candidates and the consistent ones, and the
// CPU seconds of the whole enumeration and judging, so that seconds per
// candidate is the evaluator's cost of one candidate.  Nothing here
// prunes by the source side or the lift, which the oracle does: this is
// the cost of the target's executions alone, a lower bound on a brute
// force answer.  With --from M only the bounds M..N; with --layouts only
// those layouts of the last bound; with --sample K only the first K
// programs visited of each layout of the last bound (the enumeration's
// order, not a random sample: for the seconds per candidate at bounds
// whose space does not fit; the counts of such a line are partial, and
// its last column says so).
#include <time.h>

#include <cstdint>
#include <filesystem>
#include <iostream>
#include <set>
#include <sstream>
#include <string>

#include "mapsound/check.hpp"
#include "oracle/bound_model.hpp"
#include "oracle/compare.hpp"
#include "oracle/program_space.hpp"
#include "oracle/reads_from.hpp"

namespace {

using namespace mapsound;

double cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

struct Tally {
    std::uint64_t labelled = 0, visited = 0, candidates = 0, consistent = 0;
};

// Every well-formed target execution of 'target_program', judged.
void judge_every_execution(const oracle::BoundModel& m, const exec::PreExecution& target_program, Tally& tally) {
    const auto& wf = m.requirements_by_stage();
    const auto& consistent = m.consistency_by_stage();
    rel::Instance inst = m.instance_for(target_program);
    if (!oracle::all_hold(wf[0], inst)) return;
    const bool axioms_hold_0 = oracle::all_hold(consistent[0], inst);
    const auto reads = oracle::writers_of_reads(target_program);
    const std::size_t n = target_program.events.size();
    // Witness k on, given whether every axiom read so far holds.
    const auto witnesses = [&](auto&& self, std::size_t k, bool ok) -> void {
        if (k == m.witnesses()) {
            ++tally.candidates;
            if (ok) ++tally.consistent;
            return;
        }
        for (auto& candidate : m.witness_candidates(k, inst)) {
            m.set_witness(inst, k, std::move(candidate));
            if (oracle::all_hold(wf[2 + k], inst)) self(self, k + 1, ok && oracle::all_hold(consistent[2 + k], inst));
        }
    };
    oracle::for_each_rf(reads, [&](const std::vector<std::size_t>& pick) {
        m.set_rf(inst, oracle::rf_of(reads, pick, n));
        if (oracle::all_hold(wf[1], inst)) witnesses(witnesses, 0, axioms_hold_0 && oracle::all_hold(consistent[1], inst));
        return true;
    });
}

}  // namespace

int main(int argc, char** argv) {
    const std::string usage = "usage: mapsound-floor CHECK --events N [--from M] [--layouts KEY;...] [--sample K]\n";
    std::string check_path;
    int events = 0, first = 1;
    std::set<std::string> last_layouts;
    std::uint64_t sample = 0;  // --sample K: at most K programs per layout of the last bound
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--events" && i + 1 < argc) {
            events = std::atoi(argv[++i]);
        } else if (a == "--layouts" && i + 1 < argc) {
            std::stringstream keys(argv[++i]);
            for (std::string key; std::getline(keys, key, ';');)
                if (!key.empty()) last_layouts.insert(key);
        } else if (a == "--from" && i + 1 < argc) {
            first = std::atoi(argv[++i]);
        } else if (a == "--sample" && i + 1 < argc) {
            sample = std::strtoull(argv[++i], nullptr, 10);
        } else if (check_path.empty() && !a.empty() && a[0] != '-') {
            check_path = a;
        } else {
            std::cerr << usage;
            return 2;
        }
    }
    if (check_path.empty() || events < 1 || first < 1 || first > events) {
        std::cerr << usage;
        return 2;
    }
    try {
        const mapping::CheckDefinition check = mapping::load_check(check_path);
        const check::Checker checker(check);
        const oracle::Problem problem = oracle::problem_of(check, checker);
        const mapping::Mapping mapping = mapping::load_mapping(check.mapping);
        const model::Model target = model::Model::load(check.target_model);
        const oracle::BoundModel bound_target(target, {});
        bool rmw = false;
        for (const auto& c : problem.space.classes) rmw = rmw || c.kind == mapping::SourceKind::rmw;
        std::cout << "check,events,layouts,programs_labelled,programs_visited,target_candidates,target_consistent,"
                     "cpu_seconds,microseconds_per_candidate,sampled\n";
        for (int n = first; n <= events; ++n) {
            Tally tally;
            std::size_t layouts = 0;
            const double start = cpu_seconds();
            for (const auto& layout : oracle::layouts(n, rmw)) {
                if (n == events && !last_layouts.empty() && !last_layouts.count(layout.key())) continue;
                ++layouts;
                std::uint64_t judged = 0;
                const bool sampled = n == events && sample > 0;
                const auto count = oracle::for_each_program(layout, problem.space, [&](const exec::PreExecution& program) {
                    judge_every_execution(bound_target, mapping::compile(program, mapping).target, tally);
                    return !sampled || ++judged < sample;
                });
                tally.labelled += count.labelled;
                tally.visited += count.visited;
            }
            const double seconds = cpu_seconds() - start;
            std::cout << check.name << "," << n << "," << layouts << "," << tally.labelled << "," << tally.visited << ","
                      << tally.candidates << "," << tally.consistent << "," << seconds << ","
                      << (tally.candidates ? seconds * 1e6 / static_cast<double>(tally.candidates) : 0.0) << ","
                      << (n == events && sample > 0) << std::endl;
        }
    } catch (const std::exception& e) {
        std::cerr << "mapsound-floor: " << e.what() << "\n";
        return 2;
    }
    return 0;
}
