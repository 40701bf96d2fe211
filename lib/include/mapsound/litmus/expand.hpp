// From a litmus program to the pre-executions it can have.
//
// Each thread is run symbolically: every load may return any value its
// location can hold (the initial values, the constants stored, and the
// values computed from those, up to a fixpoint), so registers, computed
// values, compare-and-swap outcomes and branch directions all follow from
// the values read.  The threads' runs are then combined.  Which of the
// combinations are real executions is left to rf (a read must read a write
// of the same value) and to the memory model.  expand() only drops the
// combinations in which some read has no possible source: its value is not
// the initial one, no other thread writes it, and its own thread writes it
// only later in program order (reading a po-later write of one's own thread
// breaks coherence, SC per location, in every model mapsound targets: C11,
// RC11, PTX, and AuDaLa, whose axioms keep po-loc | rf acyclic; without
// this, every failed compare-and-swap would also appear "reading" its own
// write back).
//
// What the events are:
//   - PreExecution::events lists one initial write per cell first (thread
//     -1, Order::none, Scope::none, label "init x=0"), in cell order, then
//     each thread's events in program order, thread 0 first.
//   - Orders and scopes: C plain -> na, relaxed -> rlx, consume and acquire
//     -> acq, release -> rel, acq_rel, seq_cst -> sc, with the IR's scope
//     (sys unless the call names one), plain accesses Scope::none; PTX weak
//     -> weak (Scope::none), volatile -> rlx at sys, the others as named;
//     fences likewise (fence.sc and membar -> sc, fence.acq_rel -> acq_rel;
//     C signal fences exactly like thread fences, "(signal)" in the label).
//     AuDaLa accesses are all plain, hence na like C's (the AuDaLa models
//     read no orders).
//   - A read-modify-write (PTX atom/red, C fetch_op/exchange) is a read and
//     a write linked by rmw, both with the instruction's order and scope.
//     PTX atom.cas writes (old == expected) ? value : old, so a failed cas
//     writes back the value it read.  C compare_exchange is the same pair:
//     success writes 'desired' (success order), failure writes back the
//     value read (failure order) and stores it into 'expected'; a _weak one
//     may also fail when the values are equal.  When 'expected' is a memory
//     location, it is read by a plain load before the pair and, on failure,
//     written by a plain store after it.
//   - Barriers: Event::barrier is the id when the instruction has only one;
//     "bar.cta.sync a, b[, c]" (two barriers synchronize only when all
//     operands agree, as the suite's named-barrier tests require) gets a
//     number from compound_barrier_base up, one per distinct operand list;
//     bar.arrive is the same barrier as bar.sync with the same operands,
//     with Tag::bar_arrive (BAR_ARRIVE).  Instances (Event::barrier_instance)
//     are a fact of the pre-execution: without a thread count, all events
//     of one barrier in one CTA form instance 0 (every thread that reaches
//     it passes it with the others).  With a count K, the rule of
//     Dartagnan's NamedBarrier for every dialect: if fewer than K events
//     reach the barrier it never opens (every thread that reached it is
//     stuck, arrives included, so the combination has no pre-execution);
//     otherwise every event that reaches it passes (no reset), and a set S
//     of at least K of them synchronizes: one pre-execution per choice of
//     S, whose members form instance 0, each other event (a late arrival)
//     an instance of its own that receives the synchronization of every
//     member of S without giving any (Candidate::late_barrier_sync).
//   - Dependencies are pairs (read, event): data when the value written
//     depends on the read (for an rmw: on its operand registers, never on
//     its own read), addr when the address offset does, ctrl for every event
//     after a conditional branch whose condition does.  Dependencies flow
//     through registers and register arithmetic.
//   - Labels are short texts for pictures: "R.acq.gpu x=1", "W.na y[1]=2",
//     "R.rlx.gpu m=0 (cas)", "F.sc.gpu (membar)", "bar 1".
//
// Threads without a placement run in CTA 0 of GPU 0 (all C tests without
// placements share one CTA; only scoped models care).  Register arithmetic
// is on 64-bit two's complement integers that wrap; division and remainder
// by zero give 0; shift amounts outside 0..63 shift everything out (shr is
// arithmetic).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "mapsound/exec.hpp"
#include "mapsound/litmus/program.hpp"

namespace mapsound::litmus {

// A pointer value ("&y" as an initial value) is the integer
// address_base + (index of y's first cell), so that loading a pointer and
// comparing pointers work like integers.  An access through a computed
// address (Address::pointer) goes to the cell whose address its register
// holds, with an address dependency on what the register came from; a
// register holding anything else there fails the expansion.
inline constexpr std::int64_t address_base = std::int64_t{1} << 32;

// Event::barrier of a barrier with more than one operand (see above).
inline constexpr int compound_barrier_base = 1 << 30;

// A limit on the work spent on one test.  Expansion and run_litmus check it
// as they go and throw BudgetExceeded when it runs out.
struct Budget {
    // The time after which work stops; none by default.
    std::optional<std::chrono::steady_clock::time_point> deadline;
    // The seconds the deadline stands for, for messages (0: none given).
    double seconds = 0;
    // At most this many pre-executions, distinct runs of one thread (paths
    // through its code for one set of value domains) and, in run_litmus,
    // consistent executions; 0: no limit.
    std::uint64_t max_executions = 0;
    // At most this many undetermined tuples in one pre-execution's question
    // to the solver (the solver's primary variables: the rf pairs, the
    // witnesses' pairs such as coherence, the final writes), checked in
    // run_litmus before translating; 0: no limit.  Translating a
    // pre-execution cannot be interrupted, and its transitivity and closure
    // constraints grow with the cube of the writes to one location: with
    // every transitivity clause up front (rel::Transitivity::eager) two
    // threads of 40 stores to one location (6,562 tuples) took about
    // 0.9 GB, 90 writes to one location (8,100) about 1.5 GB; lazily (the
    // default) 86 writes to one location (7,396) take about 0.34 GB.
    std::uint64_t max_undetermined_tuples = 8192;
};

// Thrown when a Budget runs out.  what() names the test and the limit:
//   "<source>: test '<name>': time limit of 5 s exceeded (120 pre-executions so far)"
//   "<source>: test '<name>': execution limit of 1000 exceeded (more than 1000 runs of P1)"
//   "<source>: test '<name>': size limit of 8192 undetermined tuples exceeded (a pre-execution with 90601)"
class BudgetExceeded : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct ExpandOptions {
    // How often a loop body may run: each backward jump (to a label at or
    // before it) may be taken at most unroll - 1 times per run; runs that
    // need more are dropped, not cut short (only executions in which every
    // thread finishes count).  Values below 1 act as 1.
    int unroll = 1;
    // Safety valve against value-domain blow-up: at most this many distinct
    // values per memory cell (an error, not a silent cut, when exceeded).
    int max_values_per_cell = 64;
    // The work limit (see Budget); expansion checks it every few thousand
    // steps.
    Budget budget{};
    // Called every few thousand steps of expansion, e.g. to show progress;
    // it may throw to stop the expansion.
    std::function<void()> tick;
    // Free reads: a load into a register that no instruction of its thread
    // reads (its value can reach only the final condition) takes no value
    // during expansion: its event has Event::any_value, it may read from
    // any write of its location, and Candidate::read_registers says which
    // event the register's final value comes from.  The same executions
    // with the same final states, in one pre-execution instead of one per
    // combination of such values (2^36 for VULKAN/Manual/xf-barrier).
    bool free_reads = false;
};

// One pre-execution with what the final condition needs.
struct Candidate {
    exec::PreExecution pre;
    // registers[t] maps each register of thread t (every register its code
    // names, and every initialized one) to its final value.  Registers start
    // at 0 unless the init block says otherwise.
    std::vector<std::map<std::string, std::int64_t>> registers;
    // With ExpandOptions::free_reads: per thread, each register whose final
    // value is the value its free read reads (an index into pre.events);
    // 'registers' holds 0 for it.
    std::vector<std::map<std::string, int>> read_registers;
    // Barriers with a thread count (see above): pairs (s, l) of event
    // indices, s a member of the set that passed a barrier together and l
    // a late arrival at it.  same-barrier relates s to l (l receives s's
    // synchronization) but not l to s; litmus mode adds these pairs to the
    // vocabulary's same-barrier, which Event::barrier_instance alone makes
    // symmetric.  Empty without counted barriers.
    std::vector<std::pair<int, int>> late_barrier_sync;
};

// Whether some thread of 'test' loads into a register that none of its
// instructions reads (ExpandOptions::free_reads would leave such a load's
// value open).
bool has_free_reads(const LitmusTest& test);

// Memory cells are named like the condition names them: "x" for a scalar
// (and for a one-element array), "y[1]" for element 1 of a longer array;
// PreExecution::locations lists them, locations in test.locations order,
// and every cell gets one initial write.
//
// Value domains: a cell's domain starts as its initial value plus the
// constants stored to it, and grows by the values that runs write, until
// nothing changes.  A value counts only when one run prefix per thread can
// write it with every value read written by another of them (see
// lib/litmus/expand_domain.hpp for why and what that keeps): adding every
// value that any run writes would mix runs no execution combines and can
// grow forever (C11/manual/imm-E3.7).  Then every cell may also hold the
// values that only the condition or filter names, and, when a write
// stores a register's value and the condition could tell them apart,
// representatives of the values nothing names
// (lib/litmus/expand_thin_air.hpp): values a cycle of reads and writes
// could pass along out of thin air, which the model accepts or not.  Two
// runs of a thread with the same events, dependencies and final registers
// are one run.
//
// Throws std::runtime_error (naming the test's source and name) for
// programs it cannot run: an access out of bounds (for any value the
// offset may take), a jump to nowhere, a duplicate label, a value domain
// over the limit, a barrier thread count below 1; BudgetExceeded when
// options.budget runs out.  Threads of any length are run without
// recursion (no stack overflow).
//
// A mixed-size program (mixed_size_access) is expanded torn into pieces
// (lib/litmus/tear.hpp): its cells are the pieces ("x+0", "x+4"), and an
// access split into pieces is one event per piece, each with
// Event::piece_of set.  Tearing's refusals are thrown as errors here.
std::vector<Candidate> expand(const LitmusTest& test, const ExpandOptions& options = {});

// The same candidates in the same order, one at a time, without holding
// them all: 'visit' is called with each and may return false to stop.
// Throws like expand(), and BudgetExceeded when options.budget runs out.
void expand_each(const LitmusTest& test, const ExpandOptions& options,
                 const std::function<bool(const Candidate&)>& visit);

// The index in 'locations' of the cell a condition's memory reference names
// ("x" and "x[0]" name the same cell), or -1.
int cell_index(const exec::PreExecution& pre, const MemoryRef& ref);

// The value of a location's address in a condition ("1:X0=x" in the
// assembly dialects): address_base + its first cell's index.  Throws
// std::runtime_error, naming 'source', when the location is not one of the
// test's.
std::int64_t address_of(const exec::PreExecution& pre, const AddressOf& location, const std::string& source);

}  // namespace mapsound::litmus
