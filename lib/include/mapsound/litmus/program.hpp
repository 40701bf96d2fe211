// The program IR of a litmus test: what the PTX, C and AuDaLa front ends
// produce and what later steps turn into events and executions.
//
// One IR serves every dialect.  A LitmusTest holds the initial state (memory
// locations and register values), one instruction list per thread, and the
// final condition.  Instructions are a small closed set (std::variant):
//
//   Load, Store            one memory access
//   Rmw                    PTX atom/red, C atomic_fetch_<op>/atomic_exchange
//   CompareExchange        C atomic_compare_exchange_{strong,weak}
//   Fence                  PTX fence/membar, C atomic_{thread,signal}_fence
//   Barrier                PTX bar.cta.sync, bar.cta.arrive
//   RegOp                  register arithmetic, comparisons, moves
//   Label, Goto, Branch    control flow (C `if`, loops, `&&` and `||` are
//                          lowered onto these)
//
// The IR records what the source says and nothing more: no defaults from a
// memory model are applied beyond those the source language itself defines
// (documented per field).  All types are plain values with defaulted
// equality, so two tests compare equal exactly when every field does; source
// positions are deliberately not part of the IR, so that a printed and
// re-parsed test equals the original.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "mapsound/litmus/kinds.hpp"

namespace mapsound::litmus {

// ---------------------------------------------------------------------------
// Operands and addresses

// A thread-local register, by name ("r0" in PTX; any local variable in C).
// Names starting with "__" are reserved for temporaries the C and AuDaLa
// front ends introduce ("__t0", ...).
struct Register {
    std::string name;
    bool operator==(const Register&) const = default;
};

// A value operand: an integer constant or a register.
using Operand = std::variant<std::int64_t, Register>;

// A memory address: a location, optionally displaced by an element offset
// (C "y+r0" on an array location, AuDaLa "y[r0 + 1]"; absent in PTX and for
// plain "x").
// offset == 0 and no offset are different IR, though they denote the same
// address: the IR keeps what was written.
struct Address {
    std::string location;
    std::optional<Operand> offset;
    // AArch64 "[Xn,#4]" (or a base register an "ADD Xd,Xn,#4" displaced):
    // a displacement in bytes, which addresses part of a location (a
    // mixed-size program; see mixed_size_access).  0 in every other dialect.
    std::int64_t byte_offset = 0;
    // AArch64, RISC-V: an address computed at run time, through a register
    // that holds a pointer loaded from memory or computed from values
    // ("LDR X0,[X3]; LDR W9,[X0]"): the access goes to the location whose
    // address (expand.hpp, address_base) the register holds there.
    // location is then empty and offset absent.
    std::optional<Register> pointer{};
    bool operator==(const Address&) const = default;
};

// ---------------------------------------------------------------------------
// Instructions

// PPC: the IR's name for CR0 as stwcx. sets it, the status register of
// the exclusive store (0 when it stored), which a beq/bne after it tests.
// No PPC register is named so, and conditions cannot name it.
inline constexpr std::string_view ppc_cr0 = "cr0";

// What an access, fence or barrier says beyond its order and scope, in
// the dialects that have more (PTX 7.5 proxies, Vulkan storage classes and
// availability/visibility, OpenCL memory regions).  Every field's default
// means "not written", so PTX 6.0, C and AuDaLa tests leave it alone.
struct Qualifiers {
    // PTX 7.5: the proxy an access goes through (sust/suld: surface, tld:
    // texture, ld.const/cold: constant), or that a fence.proxy.<kind> orders.
    enum class Proxy { generic, surface, texture, constant };
    Proxy proxy = Proxy::generic;
    // Vulkan: the storage class of an access (.sc0 = 0, ...), -1: none.
    int storage_class = -1;
    // Vulkan: the storage-class semantics (.semsc<k>: bit k).
    unsigned semantics = 0;
    // Vulkan: .av, .vis, .semav, .semvis, .nonpriv as written (atomics are
    // non-private without saying so; the expansion adds that).
    bool av = false, vis = false, semav = false, semvis = false, nonpriv = false;
    // Vulkan's avdevice / visdevice instructions (a Fence with order plain
    // and no scope): availability / visibility operations to the device
    // domain.
    bool avdevice = false, visdevice = false;
    // OpenCL: the memory region of an access, or the regions a fence or
    // barrier applies to (CLK_GLOBAL_MEM_FENCE, CLK_LOCAL_MEM_FENCE).
    bool global = false, local = false;
    // AArch64: an exclusive access (LDXR/LDAXR, STXR/STLXR), and a load
    // acquire with processor consistency (LDAPR: order acquire, and this).
    bool exclusive = false, acquire_pc = false;
    // AArch64: the bytes an access reads or writes when that is not a
    // word: 1 (LDRB, STRB, ...), 2 (LDRH, STRH, ...), 8 (an X register);
    // 0 for a word (a W register) and in every other dialect.  A test whose
    // accesses to a location differ in size is a mixed-size program (see
    // mixed_size_access).
    int access_size = 0;
    // Set only by tearing (lib/litmus/tear.hpp), never by a parser: the
    // index in its thread of the instruction whose access this one is a
    // piece of, when that access covered several pieces of a mixed-size
    // location; -1: a whole instruction.
    int piece_of = -1;
    // AArch64 STXR/STLXR, RISC-V sc.w, PPC stwcx. (ppc_cr0): the status
    // register, 0 when the store succeeds (paired with the thread's latest
    // exclusive load: an rmw pair), 1 when it fails and writes nothing.
    // Set exactly for exclusive stores.  (RISC-V's exclusives are
    // lr.w/sc.w, PPC's lwarx/stwcx.: exclusive is set on both.)
    std::optional<Register> status;
    // AArch64 DMB/DSB: the barrier option as written ("SY", "ISH",
    // "ISHLD", "OSHST", ...); RISC-V fence: its predecessor and successor
    // sets, "p,s" ("rw,rw", "r,w", ...); empty for every other fence.
    // Which options order what is the model's reading (aarch64.cat,
    // riscv.cat).
    std::string barrier_option;
    bool operator==(const Qualifiers&) const = default;
};

// dest = *addr.  order is plain for C "*x" and x86 "MOV EAX,[x]", weak for
// PTX ld.weak (and for a PTX ld with no qualifier and a memory operand).
struct Load {
    Register dest;
    Address addr;
    MemoryOrder order = MemoryOrder::plain;
    Scope scope = Scope::none;
    Qualifiers qualifiers;
    bool operator==(const Load&) const = default;
};

// *addr = value.  AArch64 STXR/STLXR also write a status register
// (qualifiers.status).
struct Store {
    Address addr;
    Operand value;
    MemoryOrder order = MemoryOrder::plain;
    Scope scope = Scope::none;
    Qualifiers qualifiers;
    bool operator==(const Store&) const = default;
};

// An atomic read-modify-write that returns the old value:
//   PTX atom.<sem>.<scope>.<op> dest, addr, value       (dest present)
//   PTX atom.<sem>.<scope>.cas dest, addr, expected, value
//   PTX red.<sem>.<scope>.<op> addr, value              (no dest)
//   C   [dest =] atomic_fetch_<op>_explicit(addr, value, order[, scope])
//   C   [dest =] atomic_exchange_explicit(addr, value, order[, scope])
//   x86 XCHG [x],EAX (or XCHG EAX,[x]): op exch, dest and value both EAX,
//       order plain and scope none (x86 has neither; the instruction is
//       locked, which the x86 model reads off the RMW events themselves)
// expected is set exactly when op == cas.  PTX defaults, applied by the
// parser because PTX itself defines them: order relaxed and scope gpu when
// the instruction omits them.
struct Rmw {
    std::optional<Register> dest;
    Address addr;
    RmwOp op = RmwOp::add;
    Operand value;
    std::optional<Operand> expected;
    MemoryOrder order = MemoryOrder::relaxed;
    Scope scope = Scope::sys;
    Qualifiers qualifiers;
    bool operator==(const Rmw&) const = default;
};

// C's compare-exchange, whose semantics differ from PTX cas: it compares
// *addr with the value held by 'expected' (a register written "&r", or a
// memory location passed as a pointer parameter); on success it writes
// 'desired' to *addr, on failure it writes the value read back into
// 'expected'.  dest, if present, receives 1 on success and 0 on failure.
struct CompareExchange {
    std::optional<Register> dest;
    Address addr;
    std::variant<Register, Address> expected;
    Operand desired;
    MemoryOrder success_order = MemoryOrder::seq_cst;
    MemoryOrder failure_order = MemoryOrder::seq_cst;
    Scope scope = Scope::sys;
    bool weak = false;  // atomic_compare_exchange_weak*: may fail spuriously
    Qualifiers qualifiers;
    bool operator==(const CompareExchange&) const = default;
};

// A fence.  PTX fence.sc -> order seq_cst; fence.acq_rel (or fence.<scope>,
// whose default semantics is acq_rel) -> acq_rel; membar -> seq_cst with
// kind membar.  C fences carry their memory_order.  x86 MFENCE -> kind
// fence, order plain, scope none: a full fence with no order to name.  Proxy fences (kinds
// proxy and proxy_alias) have neither: the parser leaves order and scope at
// their defaults and nothing reads them.
//
// AArch64 DMB/DSB <option> -> kind dmb/dsb, the option in
// qualifiers.barrier_option, order plain, scope none; ISB -> kind isb.
// Power sync, lwsync, isync -> kinds of their names, order plain, scope none.
// RISC-V fence p,s -> kind rv_fence, "p,s" in qualifiers.barrier_option;
// fence.tso, fence.i -> kinds fence_tso, fence_i; order plain, scope none.
struct Fence {
    FenceKind kind = FenceKind::fence;
    MemoryOrder order = MemoryOrder::seq_cst;
    Scope scope = Scope::sys;
    Qualifiers qualifiers;
    bool operator==(const Fence&) const = default;
};

// PTX bar.cta.sync id[, resource[, thread_count]] (bar.sync and
// bar.cta.sync are the same instruction) and bar.cta.arrive (bar.arrive)
// with the same operands.  Per the dialect, barriers with the same operand
// values in the same CTA are one barrier; the optional second and third
// operands name the barrier resource and the thread count K.  Without a
// count, every thread of the CTA that reaches the barrier passes it
// together with the others; with one, the barrier opens once K threads have
// reached it, every thread that reaches it passes, and a set of at least K
// of them synchronizes (expand.hpp).  An arrive counts towards the barrier
// and receives no synchronization (producer/consumer barriers).  Operands
// may be registers.
struct Barrier {
    Operand id;
    std::optional<Operand> resource;
    std::optional<Operand> thread_count;  // only set when resource is
    bool arrive = false;                  // bar.cta.arrive: does not wait
    Qualifiers qualifiers;
    // Vulkan cbar: its memory semantics (plain: none, a pure control
    // barrier) and scope (cbar.acq_rel.wg).  With a thread count (the
    // quorum, "cbar.wg 1, 1, 2"), Vulkan's barrier follows PTX's rule for a
    // count (see expand.hpp).  PTX and OpenCL leave both at their defaults.
    MemoryOrder order = MemoryOrder::plain;
    Scope scope = Scope::none;
    bool operator==(const Barrier&) const = default;
};

// dest = lhs <op> rhs; for move, dest = lhs and rhs is absent (it is present
// for every other kind).
struct RegOp {
    Register dest;
    RegOpKind op = RegOpKind::move;
    Operand lhs;
    std::optional<Operand> rhs;
    bool operator==(const RegOp&) const = default;
};

// A jump target.  Names are unique within a thread.  The C and AuDaLa front
// ends name the labels they introduce for `if` "__else<k>" and "__end<k>" (k
// counts the thread's `if` statements in source order).
struct Label {
    std::string name;
    bool operator==(const Label&) const = default;
};

// Unconditional jump to a label of the same thread.
struct Goto {
    std::string target;
    bool operator==(const Goto&) const = default;
};

// Jump to 'target' (a label of the same thread) if "lhs cmp rhs" holds, else
// fall through.  PTX beq/bne/blt/bgt/ble/bge; C `if` lowers onto it.
struct Branch {
    CmpOp cmp = CmpOp::eq;
    Operand lhs;
    Operand rhs;
    std::string target;
    bool operator==(const Branch&) const = default;
};

using Instruction =
    std::variant<Load, Store, Rmw, CompareExchange, Fence, Barrier, RegOp, Label, Goto, Branch>;

// The names of the locations an instruction accesses, in order: its
// address's location and, for a compare-exchange whose expected value is
// an address, that address's location.  Empty for instructions that access
// no memory.
std::vector<std::string> accessed_locations(const Instruction& i);

// ---------------------------------------------------------------------------
// Threads and initial state

// Where a thread runs in the scope tree (PTX "P0@cta 0,gpu 0", Vulkan
// "P0@sg 0, wg 0, qf 0", OpenCL "P0@wg 0, dev 0"; C accepts the PTX
// suffix).  Each number counts instances within the enclosing one, as
// exec::ThreadPlacement does: two threads share a CTA when their CTA,
// cluster, queue-family and GPU numbers agree.  Levels a test does not
// write are 0.
struct Placement {
    int cta = 0;
    int gpu = 0;
    int sg = 0;
    int cluster = 0;
    int qf = 0;
    bool operator==(const Placement&) const = default;
};

// A C thread parameter "atomic_int* x": the type as written, normalized to
// single spaces with '*' attached ("atomic_int*", "volatile int*"), and the
// name, which is the memory location the thread accesses through it.
struct Parameter {
    std::string type;
    std::string name;
    bool operator==(const Parameter&) const = default;
};

// One thread.  id is its number (P<id>; AuDaLa instance I<id>); threads are numbered 0, 1, ... in
// the order LitmusTest::threads lists them.  params is empty for PTX.  Every
// Goto/Branch target names a Label of this thread's code.
struct Thread {
    int id = 0;
    std::optional<Placement> placement;
    std::vector<Parameter> params;
    std::vector<Instruction> code;
    bool operator==(const Thread&) const = default;
};

// "&x": an initial value that is the address of a location (C pointers).
struct AddressOf {
    std::string location;
    bool operator==(const AddressOf&) const = default;
};

// An initial value of a memory cell or register.
using InitValue = std::variant<std::int64_t, AddressOf>;

// A memory location.  values has one entry per element: size 1 for a
// scalar, N for an array "atomic_int y[N] = {...}".  Locations the source
// does not initialize start at 0.  type is the declared C type of the
// location ("atomic_int"), empty when the declaration has none ("[x] = 0",
// "x=0", or no declaration at all).
struct Location {
    std::string name;
    std::string type;
    std::vector<InitValue> values{std::int64_t{0}};
    bool operator==(const Location&) const = default;
};

// PTX 7.5: "s @ surface aliases x" in the init block.  'name' is another
// name for the memory of 'target' (a location, or an alias declared
// before), used through 'proxy'.  A generic alias is a virtual address of
// its own (accesses through it and through 'target' are ordered only by
// fence.proxy.alias); a surface, texture or constant alias names the same
// virtual address as 'target' through another proxy.  An alias is not a
// Location: it has no memory of its own and no initial value.
struct ProxyAlias {
    std::string name;
    Qualifiers::Proxy proxy = Qualifiers::Proxy::generic;
    std::string target;
    bool operator==(const ProxyAlias&) const = default;
};

// An initial register value "P0:r0=0" (or "0:r0=0").
// AArch64's mixed-size tests declare registers with a type, with or
// without a value ("uint64_t 1:X3;", "uint32_t 0:X1 = 0x1;"): type keeps
// it (empty when none is written) and value is then 0 when none is.
struct RegisterInit {
    int thread = 0;
    Register reg;
    InitValue value = std::int64_t{0};
    std::string type{};
    bool operator==(const RegisterInit&) const = default;
};

// ---------------------------------------------------------------------------
// The final condition

// A register at the end of a thread's execution: "P1:r0" or "1:r0" (AuDaLa
// "I1:r0" or "1:r0").
struct RegisterRef {
    int thread = 0;
    std::string reg;
    bool operator==(const RegisterRef&) const = default;
};

// A memory cell in the final state: "x" (element 0) or "y[1]".
struct MemoryRef {
    std::string location;
    std::optional<std::int64_t> index;  // absent for "x"; "x[0]" keeps 0
    bool operator==(const MemoryRef&) const = default;
};

// One side of a comparison in a condition.  AddressOf: in the assembly
// dialects, a location's name compared with a register ("1:X0=x") is its
// address, as herd7 reads it.
using Term = std::variant<std::int64_t, RegisterRef, MemoryRef, AddressOf>;

// A boolean expression over the final state.
//   truth    'value' ("true" / "false")
//   compare  lhs cmp rhs
//   not_     ~ operands[0]
//   and_     operands[0] /\ operands[1]
//   or_      operands[0] \/ operands[1]
// Binary nodes have exactly two operands (a chain a /\ b /\ c is left-nested:
// (a /\ b) /\ c); fields a kind does not use keep their defaults.
struct CondExpr {
    enum class Kind { truth, compare, not_, and_, or_ };
    Kind kind = Kind::truth;
    bool value = true;
    CmpOp cmp = CmpOp::eq;
    Term lhs = std::int64_t{0};
    Term rhs = std::int64_t{0};
    std::vector<CondExpr> operands;

    static CondExpr truth(bool v);
    static CondExpr compare(Term lhs, CmpOp cmp, Term rhs);
    static CondExpr negation(CondExpr e);
    static CondExpr conjunction(CondExpr a, CondExpr b);
    static CondExpr disjunction(CondExpr a, CondExpr b);

    bool operator==(const CondExpr&) const = default;
};

// "exists (...)", "~exists (...)" or "forall (...)".
struct Condition {
    Quantifier quantifier = Quantifier::exists;
    CondExpr expr;
    bool operator==(const Condition&) const = default;
};

// An item of herd7's "locations [x; 1:r0; y[1];]" clause: a register at the
// end of a thread, or a memory cell.
using ObservedItem = std::variant<RegisterRef, MemoryRef>;

// An item of a "regions [x: global; y: shared]" clause: a location and the
// name of the memory region it lives in.  mapsound keeps regions for the
// round trip; no model reads them.
struct RegionItem {
    std::string location;
    std::string region;
    bool operator==(const RegionItem&) const = default;
};

// One line of a test's header metadata, between the name line and the
// initial state: diy7/herd7 "Key=Value" lines ("Cycle=Rfe PodRR Fre PodWW",
// "Relax=", "Generator=diycross7 (version 7.57)", ...; key non-empty, value
// the rest of the line without trailing blanks), or a quoted string after
// the first one (key empty, value the text between the quotes).  Metadata
// never changes a verdict.
struct Metadata {
    std::string key;
    std::string value;
    bool operator==(const Metadata&) const = default;
};

// ---------------------------------------------------------------------------
// The test

// A parsed litmus test.
//   name            the word after the dialect keyword ("MP-cta",
//                   "SB+rlx+rlx", "2+2W.c"): any characters but blanks
//   doc             the first quoted string of the header, without quotes
//   metadata        the header's other lines, in order (see Metadata)
//   header_text     a header that is not such metadata (a description
//                   with inner quotes: "a "quoted" word"), read as
//                   Dartagnan's grammars read every header: any text up to
//                   the initial state's '{'.  Kept verbatim (without the
//                   blank lines around it) and printed back; doc and
//                   metadata are then empty.  Never changes a verdict.
//   source          where it came from (a path, or the name passed to
//                   parse_litmus)
//   locations       every memory location the test mentions, in order of
//                   first mention (init block, then thread parameters and
//                   accesses in thread order, then the clauses after the
//                   threads: observed, filter, condition)
//   register_inits  initial register values, in source order
//   aliases         PTX 7.5 proxy aliases, in source order; accesses may
//                   name them like locations
//   threads         threads[i].id == i
//   system_synchronizes_with  Vulkan's second init block "{ ssw 0 1; }":
//                   pairs of threads (from, to) marked as
//                   system-synchronizes-with, in source order
//   observed        herd7's "locations [...]" clause: what the states show
//                   besides what the condition names
//   regions         a "regions [...]" clause, kept for the round trip
//   filter          herd7's "filter" clause: only executions satisfying it
//                   are considered
//   condition       the final condition; absent when the test states none
//                   (herd7 then lists the states; the verdict is Ok, as for
//                   "forall (true)")
struct LitmusTest {
    std::string name;
    Dialect dialect = Dialect::ptx;
    std::string source;
    std::optional<std::string> doc;
    std::vector<Metadata> metadata;
    std::optional<std::string> header_text;
    std::vector<Location> locations;
    std::vector<RegisterInit> register_inits;
    std::vector<ProxyAlias> aliases;
    std::vector<Thread> threads;
    std::vector<std::pair<int, int>> system_synchronizes_with;
    std::optional<std::vector<ObservedItem>> observed;
    std::optional<std::vector<RegionItem>> regions;
    std::optional<Condition> condition;
    std::optional<CondExpr> filter;

    // The location called 'location_name', or nullptr.
    const Location* find_location(std::string_view location_name) const;
    // The alias called 'alias_name', or nullptr.
    const ProxyAlias* find_alias(std::string_view alias_name) const;

    bool operator==(const LitmusTest&) const = default;
};

// Whether 'test' is a mixed-size program: one with an access at a byte
// displacement (AArch64 "[X1,#4]"), an access whose size differs from
// another's to the same location, or an AArch64 access whose size differs
// from its location's declared width (uint8_t ... uint64_t, int8_t ...;
// an untyped location takes its accesses' size).  Then the description of
// the first such access ("P1's 4-byte access to x at byte 4"); nullopt
// when every location is accessed whole, at one size.  Litmus mode decides
// a mixed-size program by tearing its locations into pieces
// (lib/litmus/tear.hpp: byte-granular coherence and the same-instruction
// relation si, as Dartagnan reads herd7's mixed-size semantics).
std::optional<std::string> mixed_size_access(const LitmusTest& test);

}  // namespace mapsound::litmus
