// The builder behind execution_litmus (see execution_litmus.hpp), declared
// for the two files that define it: execution_litmus_checks.cpp (what an
// execution must be for its dialect to write it; anything else is refused,
// naming the event) and execution_litmus.cpp (registers, code, placements
// and the condition: the test itself).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "check/execution_instructions.hpp"
#include "mapsound/exec.hpp"
#include "mapsound/litmus/program.hpp"

namespace mapsound::check::litmus_builder {

using namespace detail;

using exec::EventKind;
using exec::Order;
using litmus::Dialect;
using litmus::MemoryOrder;
using litmus::Operand;
using litmus::Register;

// Throws std::invalid_argument: x cannot be written as a test.
[[noreturn]] void refuse(const std::string& why);

// An identifier: a letter or '_', then letters, digits and '_'.
bool is_word(const std::string& w);

// Whether 'name' is 'prefix' followed by one or more digits.
bool prefix_digits(const std::string& name, const std::string& prefix);

// A location of x: a scalar, or element 'index' of array 'base' ("a[1]").
struct Cell {
    std::string base;
    std::optional<int> index;
};

// "a[12]" -> {"a", 12}; anything else is a scalar of that name.
Cell split_cell(const std::string& name);

class Builder {
public:
    Builder(const exec::PreExecution& x, Dialect dialect) : x_(x), d_(dialect) {}

    litmus::LitmusTest build(const std::vector<std::pair<int, int>>& rf, const std::vector<std::pair<int, int>>& co,
                             const std::string& name, const std::string& doc);

private:
    // ---- names for messages

    std::string event(int e) const;

    [[noreturn]] void cannot(int e, const std::string& what) const;

    // ---- checks of x

    bool is_read(int e) const { return x_.events[static_cast<std::size_t>(e)].kind == EventKind::read; }
    bool is_write(int e) const { return x_.events[static_cast<std::size_t>(e)].kind == EventKind::write; }
    bool in_range(int e) const { return e >= 0 && static_cast<std::size_t>(e) < x_.events.size(); }
    const exec::Event& ev(int e) const { return x_.events[static_cast<std::size_t>(e)]; }

    void check_events();

    // Scalars and arrays of the test, from the cell names of x.
    void layout();

    void check_name(const std::string& n, const std::string& what) const;

    bool atomic_base(const std::string& base) const;

    void check_rmw();

    bool rmw_read(int e) const { return is_read(e) && partner_[static_cast<std::size_t>(e)] >= 0; }
    bool rmw_write(int e) const { return is_write(e) && partner_[static_cast<std::size_t>(e)] >= 0; }

    // Each pair: a read before an event of the same thread.
    void check_pairs(const std::vector<std::pair<int, int>>& pairs, const char* kind,
                     std::vector<std::vector<int>>& sources);

    void check_dependencies();

    void check_reads_from(const std::vector<std::pair<int, int>>& rf) const;

    // Order, scope and tags of every thread event against what the dialect
    // can write (execution_instructions.hpp).
    void check_tags(int e) const;

    // ---- registers

    // Read registers r0, r1, ... across the test in event order; C and
    // AuDaLa computations t0, ... / __t0, ..., PTX ones r<reads>, ...  The
    // prefixes avoid location names.
    void name_registers();

    // A fresh computation register of thread 'th'.
    Register temporary(int th);

    // The CPUs have named registers: the k-th of the test (every thread
    // counts from the same list, so a name is one register of each
    // thread).  AArch64, PPC and RISC-V keep register 20 and up for
    // pointers (and PPC's r0 and RISC-V's x0..x4, zero and the ABI's
    // special registers, for nothing).
    bool cpu_registers() const { return d_ == Dialect::x86 || pointer_dialect(); }
    bool pointer_dialect() const { return d_ == Dialect::aarch64 || d_ == Dialect::ppc || d_ == Dialect::riscv; }
    std::string cpu_register(int k) const;
    Register pointer_register(const std::string& location) const;
    bool accesses(int th, const std::string& base) const;

    // A value an AArch64 store or an RMW of either CPU writes: a register
    // (x86's XCHG exchanges the register it returns the old value into).
    Operand in_register(int th, Operand value, std::vector<litmus::Instruction>& out,
                        const std::optional<Register>& into = std::nullopt);

    // ---- code

    // sources' registers: s - s [+ s' - s' ...] [+ constant], computed into
    // fresh registers; or the constant alone when there are no sources.
    Operand chain(int th, const std::vector<int>& sources, std::int64_t constant, std::vector<litmus::Instruction>& out);

    litmus::Address address(int th, int e, std::vector<litmus::Instruction>& out);

    // A read-modify-write of exclusive accesses as LLVM writes it: retry
    // the pair until the store succeeds.  Power: lwarx/stwcx., testing
    // CR0 (the IR's "cr0"); AArch64 without LSE: LD[A]XR/ST[L]XR, testing
    // a status register with CBNZ, the acquire on the load and the release
    // on the store (the expansion gives both events the pair's order).
    void exclusive_loop(int th, const exec::Event& read, const exec::Event& write, const Register& dest,
                        litmus::Address a, Operand value, int k, std::vector<litmus::Instruction>& out);

    std::vector<litmus::Instruction> code(int th);

    // C parameters: the locations the thread accesses, in location order,
    // "atomic_int*" where some access anywhere is atomic, else "int*".
    std::vector<litmus::Parameter> parameters(int th) const;

    // OpenCL: the address space of a location's parameter, from its
    // accesses' region ("global ", "local "); C: none.
    std::string region_prefix(const std::string& base) const;

    bool needs_placements() const;

    // ---- the condition

    litmus::Condition condition(const std::vector<std::pair<int, int>>& co) const;

    const exec::PreExecution& x_;
    Dialect d_;
    std::vector<std::vector<int>> thread_events_;  // per thread, in program order
    std::vector<int> position_;                    // index within its thread (-1: initial write)
    std::vector<int> initial_;                     // per location, its initial write
    std::vector<Cell> cells_;                      // per location
    std::vector<litmus::Location> locations_;
    std::vector<int> partner_;                     // the other event of an rmw pair, or -1
    std::vector<std::vector<int>> data_, addr_;    // per event, its dependency sources
    std::vector<int> ctrl_start_;                  // per read, where its control dependency starts
    std::vector<std::string> register_;            // per read
    int reads_ = 0;
    std::string temp_prefix_;
    int temps_ = 0;
    std::vector<int> thread_temps_;                // AuDaLa temporaries per instance
};

}  // namespace mapsound::check::litmus_builder
