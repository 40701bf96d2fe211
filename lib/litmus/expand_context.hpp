// What the steps of expand() share: the memory layout, the value domains,
// each thread's labels and registers, barrier numbering and the budget; and
// the explorer that runs one thread.  Internal to the litmus front end.
//
//   expand.cpp          layout, value domains, combining the threads' runs
//   expand_thread.cpp   ThreadExplorer: the runs of one thread
//   expand_barriers.cpp barrier instances of a combination
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "litmus/expand_domain.hpp"
#include "mapsound/exec.hpp"
#include "mapsound/litmus/expand.hpp"

namespace mapsound::litmus::detail {

// Read events (thread-local indices) a value depends on, sorted, no repeats.
using DepSet = std::vector<int>;

DepSet unite(const DepSet& a, const DepSet& b);

// The registers that some instruction of 'th' reads: value operands,
// address offsets, a compare-exchange's expected register, barrier operands.
std::set<std::string> registers_read(const Thread& th);

// One cell per scalar location and per array element.
struct Memory {
    struct Span {
        int first = 0;
        int size = 0;
    };
    std::vector<std::string> names;   // per cell: "x", "y[1]"
    std::vector<std::int64_t> init;   // per cell
    std::map<std::string, Span, std::less<>> locations;
    // PTX 7.5 aliases (which 'locations' maps to their target's cells): the
    // exec::Event::virtual_location of accesses through each, -1 when that
    // is the target's own (a non-generic alias of a location).
    std::map<std::string, int, std::less<>> virtual_ids;
    // Per cell: the bytes of the accesses that name its location (one size:
    // the program is not mixed-size, or is torn); 0: none names it.  An
    // access through a computed address must agree.
    std::vector<int> bytes;
};

// A complete run of one thread: its events (location = cell index, event
// indices local to the run) and its final registers.
struct Run {
    std::vector<exec::Event> events;
    std::vector<std::pair<int, int>> rmw, addr, data, ctrl;
    std::map<std::string, std::int64_t> registers;
    std::map<std::string, int> read_registers;  // free reads (ExpandOptions::free_reads): register -> event
    ValueSet writes;  // (cell, value) of every write
    ValueSet needs;   // (cell, value) read, neither initial nor written earlier by this run
};

// An event's order, scope and further tags (exec::Tag bits).
struct Tag {
    exec::Order order;
    exec::Scope scope;
    exec::TagSet tags = 0;
    int piece_of = -1;  // Qualifiers::piece_of
    int bytes = 0;      // an access's bytes (access_bytes of its qualifiers); 0: not given
};

// The state of a run in progress.
struct RunState {
    std::size_t pc = 0;
    std::map<std::string, std::int64_t> regs;
    std::map<std::string, DepSet> deps;
    std::map<std::string, int> free_regs;  // registers holding a free read's value: register -> event
    DepSet ctrl;  // reads that some evaluated branch condition depended on
    std::map<std::size_t, int> back_jumps;  // per jump instruction
    std::vector<exec::Event> events;
    std::vector<std::pair<int, int>> rmw, addr, data, ctrl_pairs;
    int node = 0;  // where the run is in the run tree (domain phase only)
    // The open exclusive load (LDXR, lr.w, lwarx) of the run, if any: its
    // event, or the events of its pieces when tearing split it.
    std::vector<int> exclusive_loads;
    // A store exclusive torn into pieces (consecutive stores with one
    // piece_of): the first piece decides whether the instruction succeeds,
    // the later ones follow it; the open loads it pairs with; the cells
    // written so far (a cell met again is the instruction run again).
    struct TornStoreExclusive {
        int piece_of = -1;
        bool succeeded = false;
        std::vector<int> loads;
        std::vector<int> cells;
    };
    std::optional<TornStoreExclusive> torn_store_exclusive;
    // The run of a torn instruction in progress (Event::piece_of): its
    // Qualifiers::piece_of, the program counter of its last piece, and
    // the number its pieces' events carry (the first one's index).
    int piece_static = -1;
    std::size_t piece_pc = 0;
    int piece_run = -1;
};

class ExpansionContext {
public:
    ExpansionContext(const LitmusTest& test, const ExpandOptions& options);

    // Throws std::runtime_error "<source>: test '<name>': <what>".
    [[noreturn]] void fail(const std::string& what) const;
    // Throws BudgetExceeded for the execution limit: "... execution limit of
    // N exceeded (<what>)".
    [[noreturn]] void over_execution_limit(const std::string& what) const;
    // One step of work: every 4096 steps, checks the deadline and calls the
    // options' tick.
    void step();
    // A pre-execution produced: counts it against the execution limit.
    void count_candidate();

    // The number of a barrier from its operand values (see expand.hpp), and
    // its thread count K (0 when the instruction names none).  Fails on a
    // count below 1.
    int barrier_number(const std::vector<std::int64_t>& operands);
    std::int64_t barrier_count(int number) const;

    struct ThreadInfo {
        std::map<std::string, std::size_t, std::less<>> labels;
        std::set<std::string> registers;  // named in the code or initialized
        std::set<std::string> read;       // read by some instruction (an operand)
        std::map<std::string, std::int64_t> initial;
    };

    const LitmusTest& test;
    const ExpandOptions& options;
    std::string where;  // "<source>: test '<name>'"
    Memory memory;
    std::vector<std::vector<std::int64_t>> domains;  // per cell, sorted
    // The values only a cycle of reads and writes could pass along (the
    // condition's constants no cell holds otherwise, the representatives
    // of unnamed values, and what the code computes from them): in no
    // cell's domain before compute_domains added them.
    std::set<std::int64_t> thin_air_values;
    std::vector<ThreadInfo> threads;
    std::uint64_t candidates = 0;

private:
    [[noreturn]] void over_time() const;

    std::map<std::vector<std::int64_t>, int> compound_barriers_;
    std::vector<std::vector<std::int64_t>> compound_operands_;  // by number - compound_barrier_base
    std::uint64_t steps_ = 0;
};

// Runs one thread along every path, for the current value domains: with a
// RunTree, records the tree of run prefixes (value domain phase); with a run
// list, collects the complete runs, deduplicated.  Iterative: a thread of
// any length uses no more stack than a short one.
class ThreadExplorer {
public:
    ThreadExplorer(ExpansionContext& x, int thread, RunTree* tree, std::vector<Run>* runs)
        : x_(x), t_(thread), tree_(tree), runs_(runs) {}

    void explore(RunState start);

private:
    // Runs s until it ends (then finishes it) or forks at a load-like
    // instruction (then appends the children to 'forked', in order).
    void run(RunState s, std::vector<RunState>& forked);
    void run_until_fork(RunState s, std::vector<RunState>& forked);

    const Thread& thread() const;
    std::int64_t value(const RunState& s, const Operand& o) const;
    DepSet deps(const RunState& s, const Operand& o) const;
    void set_reg(RunState& s, const Register& r, std::int64_t v, DepSet d) const;
    // The cell an access reaches.  Fails on an address that names no
    // cell; throws ThinAirAddress when that address comes from a value out
    // of thin air (the run ends there).
    int cell_of(const RunState& s, const Address& a, DepSet& addr_deps) const;
    struct ThinAirAddress {};
    // Whether one of the reads 'd' holds returned a value out of thin air.
    bool from_thin_air(const RunState& s, const DepSet& d) const;
    int add_event(RunState& s, exec::EventKind kind, int cell, std::int64_t value, Tag tag, const DepSet& addr_deps,
                  const std::string& what);
    // Sets a memory event's virtual location when 'a' names a PTX 7.5 alias.
    void name_virtual(RunState& s, int event, const Address& a) const;
    void add_data(RunState& s, const DepSet& from, int write) const;
    bool jump(RunState& s, const std::string& label) const;
    void barrier(RunState& s, const Barrier& b);
    void finish(const RunState& s);
    void count_path();

    void load(RunState& s, const Load& l, std::vector<RunState>& forked);
    void rmw(const RunState& s, const Rmw& r, std::vector<RunState>& forked);
    void store_exclusive(RunState& s, const Store& st, std::vector<RunState>& forked);
    // A store exclusive's write that succeeded, paired (rmw) with the open
    // load of its cell, if any; returns the write's event.
    int write_exclusive(RunState& s, const Store& st, int cell, const DepSet& addr_deps, const std::vector<int>& loads);
    // 'e', an exclusive load (or a piece of one), opens the run's exclusive
    // access.
    static void open_exclusive(RunState& s, int e);
    void compare_exchange(const RunState& s, const CompareExchange& c, std::vector<RunState>& forked);
    void cas_core(const RunState& s, const CompareExchange& c, std::int64_t expected, const DepSet& expected_deps,
                  std::vector<RunState>& forked);

    ExpansionContext& x_;
    int t_;
    RunTree* tree_;
    std::vector<Run>* runs_;
    std::set<std::string> seen_;  // keys of the runs in *runs_
    std::uint64_t paths_ = 0;     // paths ended (finished or dropped)
};

// The barrier instances of one pre-execution (see expand.hpp and
// expand_barriers.cpp): calls 'visit' with each grouping of its barrier
// events applied (every barrier event's barrier_instance set) and the
// grouping's late arrivals (Candidate::late_barrier_sync), in a fixed
// order, until it returns false.  Calls visit once, unchanged, when no
// barrier has a thread count; never when a counted barrier is reached by
// fewer events than its count.  Implemented in expand_barriers.cpp.
using BarrierGroupingVisitor =
    std::function<bool(const exec::PreExecution&, const std::vector<std::pair<int, int>>& late)>;
bool for_each_barrier_grouping(ExpansionContext& x, exec::PreExecution& pre, const BarrierGroupingVisitor& visit);

}  // namespace mapsound::litmus::detail
