// What the assembly dialects (AArch64, PPC) share beyond the column layout:
// registers that point at locations, the operands of the last compare, and
// the labels of one thread.  herd7's assembly tests name memory through
// registers that the init block points at locations ("0:X1=x", "0:r2=x");
// the front ends resolve each memory operand to its location statically.
// Internal to the litmus front end.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "litmus/parse_common.hpp"

namespace mapsound::litmus::detail {

// Upper case, for mnemonics written in any case.
std::string upper(std::string_view w);

// One thread's parse state.
struct AssemblyThread {
    // Registers holding a location's address (with an offset register when
    // an ADD displaced it), from the init block and register moves.
    std::map<std::string, Address> pointers;
    // The operands of the last compare (CMP, cmpw), which a conditional
    // branch tests.
    std::optional<std::pair<Operand, Operand>> flags;
    LabelTable labels;
    // Registers an earlier instruction wrote (a load, a register
    // operation): a memory operand through one that does not point at a
    // location is an address computed at run time (Address::pointer).
    std::set<std::string> computed;
    // A register written by anything but a pointer move no longer points.
    void written(const Register& r) {
        pointers.erase(r.name);
        computed.insert(r.name);
    }
    // The address of a memory operand through 'base': where it points, or
    // computed at run time when an earlier instruction wrote it; else
    // fails at 'at' (a register that holds no address).
    Address through(Lexer& lx, const Token& at, const Register& base) const;
    // A label "LC00:" starting a cell, appended to 'code'; true when the
    // cell ends there (no instruction after the label).
    bool label_cell(Lexer& lx, std::vector<Instruction>& code);
    // A jump's target label, recorded for LabelTable::check.
    std::string jump_target(Lexer& lx);
};

// One state per thread of 'test', its pointers seeded from the register
// inits that hold addresses.
std::vector<AssemblyThread> assembly_threads(const LitmusTest& test);

// The thread columns of an assembly test ("P0 | P1 ;" and the rows), each
// cell an optional label and an instruction, which 'instruction' reads
// into the thread's code with that thread's state; then every jump's label
// is checked to be defined.  The parse shared by the AArch64, PPC and
// RISC-V front ends.
void parse_assembly_columns(Lexer& lx, LitmusTest& test,
                            const std::function<void(AssemblyThread&, std::vector<Instruction>&)>& instruction);

// How an AArch64 register operation moves pointers, for the parser and the
// printer alike: MOV Xd,Xn makes Xd point where Xn does; ADD Xd,Xn,#imm
// displaces that by imm bytes and ADD Xd,Xn,Wm by the offset register Wm
// (when Xn has none yet); anything else that writes Xd makes it a value.
void follow_aarch64_pointers(std::map<std::string, Address>& pointers, const RegOp& op);

// RISC-V's rule: mv/li copy a pointer; add rd,rs,rt with one of rs, rt
// pointing at a location (with no offset yet) makes rd point there,
// displaced by the other, unless rd is that other register (a computed
// address then); anything else makes rd a value.
void follow_riscv_pointers(std::map<std::string, Address>& pointers, const RegOp& op);

// The location register 'reg' of a thread points at, per the init block,
// for the printers: location -> the first register pointing at it.
std::map<std::string, std::string> pointer_registers(const LitmusTest& test, int thread);

// An instruction's cells in one thread's column (one, or two for a
// compare-and-branch).
using CellPrinter = std::function<std::vector<std::string>(const Instruction&)>;

// The thread columns of an assembly test ("P0 | P1 ;" and the rows):
// 'printer_for(k)' prints thread k's instructions.  Threads with
// parameters or placements are unprintable in 'dialect' ("AArch64").
std::string print_assembly_columns(const LitmusTest& test, const std::string& dialect,
                                   const std::function<CellPrinter(int thread)>& printer_for);

}  // namespace mapsound::litmus::detail
