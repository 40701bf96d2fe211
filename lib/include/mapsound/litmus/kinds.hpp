// The closed sets a litmus program is written with: its dialect, and the
// scopes, memory orders, operations, comparisons, fence kinds and
// quantifiers its instructions and condition name (program.hpp uses them;
// every front end and printer reads them through it).  Each enumerator
// records what the source said; what it means is decided by the mapping
// step and the models, not here.
#pragma once

#include <cstdint>
#include <string_view>

namespace mapsound::litmus {

// The concrete syntax a test was written in.
enum class Dialect {
    ptx,  // Dartagnan's PTX litmus dialect ("PTX name" header)
    c,    // herd7's C litmus syntax ("C name" header), with scoped extensions
    audala,  // AuDaLa executions, seed 003 ("AuDaLa name" header; see parse.hpp):
             // instances are threads, every access is plain, no scopes
    opencl,  // OpenCL C as herd7 and Dartagnan write it ("OPENCL name"):
             // the C dialect with global/local parameters, "P0@wg 0, dev 0"
             // placements, memory_scope_* arguments, atomic_work_item_fence
             // and barrier
    vulkan,  // Dartagnan's Vulkan dialect ("Vulkan name"): PTX-like columns,
             // "P0@sg 0, wg 0, qf 0" placements, ld/st/rmw with storage
             // classes and availability/visibility, membar, cbar
    x86,     // herd7's x86 assembly ("X86 name"), as diy7 writes it: PTX-like
             // columns of MOV, MFENCE and XCHG; no memory orders, no scopes
    aarch64,  // herd7's AArch64 assembly ("AArch64 name"), as diy7 writes it:
              // columns of LDR/STR, LDAR/STLR/LDAPR, exclusives, DMB/DSB/ISB,
              // register arithmetic and branches; no scopes
    ppc,      // herd7's PPC (Power) assembly ("PPC name"), as diy7 writes it:
              // columns of lwz/stw, sync/lwsync/isync, register arithmetic,
              // compares and branches; no memory orders, no scopes
    riscv,    // herd7's RISC-V assembly ("RISCV name"), as diy7 writes it:
              // columns of lw/sw with .aq/.rl, lr.w/sc.w, AMOs, fences
              // (fence p,s, fence.tso, fence.i), register arithmetic and
              // compare-and-branch; no scopes
};

// Whether a dialect is written in C syntax (C and OpenCL share the parser
// and printer).
inline bool c_syntax(Dialect d) { return d == Dialect::c || d == Dialect::opencl; }

// Whether a dialect names memory through registers the init block points
// at locations ("0:X1=x", "0:r2=x", "0:x6=x"): AArch64, PPC and RISC-V.
inline bool assembly_syntax(Dialect d) {
    return d == Dialect::aarch64 || d == Dialect::ppc || d == Dialect::riscv;
}

// The scope qualifier of an access, fence, RMW or barrier: a level of the
// scope tree (exec::Scope has the same levels), spelled per dialect.
//   none     no scope applies: PTX .weak/.volatile accesses, C plain
//            accesses, every AuDaLa access, Vulkan non-atomic accesses.
//   sg       Vulkan .sg (subgroup)
//   cta      PTX .cta, C memory_scope_cta, Vulkan .wg, OpenCL
//            memory_scope_work_group
//   cluster  PTX .cluster, C memory_scope_cluster
//   qf       Vulkan .qf (queue family)
//   gpu      PTX .gpu (and membar.gl), C memory_scope_gpu, Vulkan .dv,
//            OpenCL memory_scope_device
//   sys      PTX .sys, C memory_scope_sys (also every C atomic written
//            without a scope argument: sys is the default of the scoped
//            extension), OpenCL memory_scope_all_svm_devices
enum class Scope { none, sg, cta, cluster, qf, gpu, sys };

// The memory order of a C access or fence, or the semantic qualifier of a PTX
// one.  Each dialect uses a subset:
//   C:   plain (a non-atomic access such as *x), relaxed, consume, acquire,
//        release, acq_rel, seq_cst.
//   PTX: weak, relaxed, acquire, release, acq_rel, seq_cst (fence.sc, membar),
//        volatile_ (ld.volatile / st.volatile).
//   AuDaLa: plain only (the language has no memory orders).
// plain and weak are kept apart, as are seq_cst-the-C-order and .sc-the-PTX-
// fence, only through the dialect: the enum value says which qualifier the
// source used, the mapping step decides what it means.
enum class MemoryOrder { plain, weak, relaxed, consume, acquire, release, acq_rel, seq_cst, volatile_ };

// The operation of a read-modify-write.
//   add, sub, and_, or_, xor_   new = old <op> value
//   exch                        new = value
//   cas                         PTX atom.cas only: new = (old == expected) ? value : old
enum class RmwOp { add, sub, and_, or_, xor_, exch, cas };

// A comparison, used by branches, condition atoms and comparison RegOps.
enum class CmpOp { eq, ne, lt, le, gt, ge };

// A register computation (see RegOp).
//   move                          dest = lhs
//   add sub mul div rem           arithmetic on 64-bit signed integers
//   and_ or_ xor_ shl shr         bitwise
//   eq ne lt le gt ge             comparisons: dest = 1 if true, else 0
enum class RegOpKind { move, add, sub, mul, div, rem, and_, or_, xor_, shl, shr, eq, ne, lt, le, gt, ge };

// What kind of fence instruction the source used.
//   fence    PTX fence.<sem>.<scope>, C atomic_thread_fence
//   membar   PTX membar.<scope>: the dialect treats it as fence.sc, but it is
//            recorded distinctly so that the two can be told apart
//   signal   C atomic_signal_fence
//   proxy    PTX 7.5 fence.proxy.<kind>: orders accesses through the
//            surface, texture or constant proxy (Fence::qualifiers.proxy)
//            with generic ones; it has no semantics and no scope
//   proxy_alias  PTX 7.5 fence.proxy.alias: orders accesses to one location
//            through different generic aliases (virtual addresses)
//   dmb, dsb AArch64 DMB / DSB <option> (Fence::option: SY, ISH, ISHLD, ...)
//   isb      AArch64 ISB (instruction synchronization)
//   sync, lwsync, isync   Power's barriers (heavyweight, lightweight,
//            instruction synchronization)
//   rv_fence RISC-V fence p,s (Fence::qualifiers.barrier_option: "p,s" as
//            written, each of r, w, rw)
//   fence_tso  RISC-V fence.tso
//   fence_i  RISC-V fence.i (instruction fetch; no memory effect in RVWMO)
enum class FenceKind { fence, membar, signal, proxy, proxy_alias, dmb, dsb, isb, sync, lwsync, isync, rv_fence,
                       fence_tso, fence_i };

// The quantifier of the final condition.
//   exists      some execution satisfies the expression
//   not_exists  (~exists) no execution satisfies it
//   forall      every execution satisfies it
enum class Quantifier { exists, not_exists, forall };

// Lower-case names for messages and the printer: "ptx", "audala", "cta", "acq_rel",
// "volatile", "xor", "ge", "membar", "not_exists", ...  Never empty.
std::string_view to_string(Dialect d);
std::string_view to_string(Scope s);
std::string_view to_string(MemoryOrder o);
std::string_view to_string(RmwOp op);
std::string_view to_string(CmpOp op);
std::string_view to_string(RegOpKind op);
std::string_view to_string(FenceKind k);
std::string_view to_string(Quantifier q);

// The comparison that holds exactly when 'op' does not (eq <-> ne, lt <-> ge,
// le <-> gt).
CmpOp negate(CmpOp op);

// Whether "a op b" holds.
bool compare_holds(CmpOp op, std::int64_t a, std::int64_t b);

}  // namespace mapsound::litmus
