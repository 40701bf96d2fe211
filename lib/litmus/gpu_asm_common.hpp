// What the PTX and Vulkan bodies (Dartagnan's two GPU dialects) share beyond
// the column layout of columns.hpp, for parsing and for printing: mnemonics
// as one dotted token ("ld.acquire.gpu"), registers r<digits>, plain
// location names, labels, and the register and control-flow instructions
// both write alike (mov, add ..., beq ..., goto).  What a dialect's memory
// instructions and qualifiers mean stays in its own parser and printer;
// where the two differ in a detail (PTX's "bra", its data types on
// arithmetic, its "ld r1, 1" move), the dialect says so here through a
// parameter or an override.  Internal to the litmus front end.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "litmus/lexer.hpp"
#include "litmus/parse_common.hpp"
#include "mapsound/litmus/program.hpp"

namespace mapsound::litmus::detail {

// The registers of both dialects: the words r<digits>, as in Dartagnan's
// grammar; every other word in an address position is a memory location.
bool gpu_register_name(std::string_view w);

// The operation qualifiers of a read-modify-write: .add, .sub, .and, .or,
// .xor, .exch, and .cas where 'cas' (PTX; Vulkan has no compare-and-swap).
std::optional<RmwOp> gpu_rmw_word(std::string_view w, bool cas);

// One dotted part of a mnemonic and where it starts within the token.
struct MnemonicPart {
    std::string_view text;
    std::size_t offset;
};

// The reading of a PTX or Vulkan body's instruction rows (after its header
// row has filled test.threads): each cell an optional label "LC00:" and an
// instruction, whose mnemonic the dialect reads (instruction()) with the
// operand readers and the shared register and control-flow instructions
// below; then every jump's label is checked to be defined in its thread.
class GpuColumnParser {
public:
    virtual ~GpuColumnParser() = default;

protected:
    using Part = MnemonicPart;

    // 'bra': whether "bra" is another spelling of "goto" (PTX).
    GpuColumnParser(Lexer& lx, LitmusTest& test, bool bra) : lx_(lx), test_(test), bra_(bra) {}

    // The instruction rows, up to the clauses after the threads.
    void parse_rows();

    // The instruction of a cell of thread 'column' whose mnemonic token 't'
    // (consumed) splits at its dots into 'parts' (parts[0] the mnemonic).
    virtual Instruction instruction(const Token& t, const std::vector<Part>& parts, std::size_t column) = 0;
    // Checks the qualifiers of an arithmetic mnemonic: none (Vulkan) unless
    // the dialect takes some (PTX's data types, "add.u32").
    virtual void arith_qualifiers(const Token& t, const std::vector<Part>& parts) { no_qualifiers(t, parts); }

    // "mov d, v", arithmetic "add d, a, b" (sub, mul, div, rem, and, or,
    // xor, shl, shr), compare-and-branch "beq a, b, label" (bne, blt, ble,
    // bgt, bge) and "goto label"; nullopt for any other mnemonic.
    std::optional<Instruction> register_instruction(const Token& t, const std::vector<Part>& parts,
                                                    std::size_t column);

    // ---- operands
    Register reg();
    // Whether a register or an integer constant starts here.
    bool at_value();
    Operand value();
    // "a, b": two values, as arithmetic and compare-and-branch take them.
    std::pair<Operand, Operand> two_values();
    // A location's name (not a register, no dots); an offset after it is
    // the dialect's.
    Address location();
    void comma();
    // A jump's target label, recorded for the check after the rows.
    std::string label_use(std::size_t column);
    // Fails at the first qualifier of a mnemonic that takes none.
    void no_qualifiers(const Token& t, const std::vector<Part>& parts);

    Lexer& lx_;
    LitmusTest& test_;

private:
    void cell(std::size_t column);

    bool bra_;
    std::vector<LabelTable> labels_;
};

// The printing counterpart, a visitor over Instruction: the cells both
// dialects print alike and the operand checks behind them.  A dialect
// derives from it, adds its memory instructions and brings these in with
// "using GpuCellPrinter::operator();".
class GpuCellPrinter {
public:
    std::string operator()(const CompareExchange&) const;
    std::string operator()(const RegOp& i) const;
    std::string operator()(const Label& i) const;
    std::string operator()(const Goto& i) const;
    std::string operator()(const Branch& i) const;

protected:
    // 'dialect' names the dialect in unprintable()'s messages ("PTX");
    // 'move' is its register move's mnemonic: "mov" in Vulkan, "ld" in PTX
    // (whose parser reads "ld r1, 1" as a move).  Both are string literals.
    GpuCellPrinter(const LitmusTest& test, std::string_view dialect, std::string_view move)
        : test_(test), dialect_(dialect), move_(move) {}

    // unprintable(): "<what> has no <dialect> form".
    [[noreturn]] void fail(const std::string& what) const;
    std::string reg(const Register& r) const;
    std::string value(const Operand& o) const;
    // A location's name, checked to read back as one; its offset is the
    // dialect's.
    std::string location_name(const Address& a) const;
    std::string label(const std::string& name) const;

    const LitmusTest& test_;

private:
    std::string_view dialect_;
    std::string_view move_;
};

// The thread columns of a PTX or Vulkan test: per thread 'header(t)', then
// 'cell(i)' per instruction (print_columns).  A thread with parameters is
// unprintable in 'dialect' ("PTX").
std::string print_gpu_columns(const LitmusTest& test, std::string_view dialect,
                              const std::function<std::string(const Thread&)>& header,
                              const std::function<std::string(const Instruction&)>& cell);

}  // namespace mapsound::litmus::detail
