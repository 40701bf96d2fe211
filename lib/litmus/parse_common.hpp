// Pieces of litmus syntax the dialects share (thread references, placements,
// the init block, the final condition) and the entry points of the
// dialect-specific parsers.  Internal to the litmus front end.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "litmus/lexer.hpp"
#include "mapsound/litmus/program.hpp"

namespace mapsound::litmus::detail {

// "P3" -> 3 (with prefix 'I', "I3" -> 3); nullopt for anything else
// (including numbers too large for int).
std::optional<int> thread_name_number(std::string_view word, char prefix = 'P');

// The letter that names threads in 'dialect': 'I' (instance) in AuDaLa, else
// 'P'.
char thread_prefix(Dialect dialect);

// "a thread of this test (0 to N-1)" for error messages about thread
// numbers out of range (or a note that there are no threads).
std::string thread_range(int thread_count);

// Whether a thread-qualified register ("P1:r0" or "1:r0"; AuDaLa "I1:r0")
// starts here.
bool at_register_ref(Lexer& lx);
// Parses "P1:r0" / "1:r0" (AuDaLa "I1:r0" / "1:r0") and checks the thread
// number is below 'thread_count' (pass a negative count to skip the check).
RegisterRef parse_register_ref(Lexer& lx, int thread_count);

// A level a thread placement names: its key ("cta", "wg") and the
// Placement field its number sets.  An optional level may be left out (its
// number stays 0): PTX's cluster, which tests written before clusters
// existed do not name.
struct PlacementLevel {
    std::string_view key;
    int Placement::*field;
    bool optional = false;
};

// After '@': one "<key> <number>" pair per level of 'levels' (optional
// levels at most once), in any order, commas optional between pairs;
// numbers are non-negative ints.
Placement parse_placement(Lexer& lx, const std::vector<PlacementLevel>& levels);
// PTX's (and C's) "cta 0, cluster 0, gpu 1", the cluster optional.
Placement parse_placement(Lexer& lx);

// After '[': an array size from 1 to kMaxArraySize, then ']'.
std::int64_t parse_array_size(Lexer& lx);

// The init block "{ ... }" of either dialect, appending to test.locations
// and test.register_inits.  Items, separated by ';' (the last one optional):
//   P0:r0 = v    0:r0 = v     [x] = v     x = v     type x = v
//   type y[N] = {v, ...}      type y[N]   type* p = &x
// where v is an integer or &location.  Register initializations name
// threads that are checked against 'thread_count' later, so their first
// tokens are returned through 'register_tokens' (parallel to
// test.register_inits).
void parse_init_block(Lexer& lx, LitmusTest& test, std::vector<Token>& register_tokens);

// Whether the clauses after the threads (or the end of the input) start
// here: "exists", "~exists", "forall", "filter", "locations", "regions".
bool at_final_clause(Lexer& lx);

// The clauses after the threads, in any order, each at most once: the
// final condition ("exists", "~exists" or "forall" and a boolean
// expression), "filter" and an expression, "locations [...]", "regions
// [...]"; then the end of the input.  Every clause is optional.  Register
// references are checked against the number of threads; in AuDaLa, where
// every name is declared, also the register names and the memory cells.
// Implemented in condition_parser.cpp.
void parse_final_condition(Lexer& lx, LitmusTest& test);

// The dialect bodies, after the init block: the threads, up to the final
// condition.  They fill test.threads (ids 0, 1, ... in order).
void parse_ptx_threads(Lexer& lx, LitmusTest& test);
void parse_c_threads(Lexer& lx, LitmusTest& test);
// Vulkan: an optional second block "{ ssw 0 1; ... }", then PTX-like rows.
// Implemented in vulkan_parser.cpp.
void parse_vulkan_threads(Lexer& lx, LitmusTest& test);
// x86: herd7's columns of MOV, XCHG and MFENCE.  Implemented in
// x86_parser.cpp.
void parse_x86_threads(Lexer& lx, LitmusTest& test);
// AArch64: herd7's columns of loads, stores, exclusives, barriers,
// arithmetic and branches.  Implemented in aarch64_parser.cpp.
void parse_aarch64_threads(Lexer& lx, LitmusTest& test);
// PPC: herd7's columns of lwz/stw, barriers, arithmetic, compares and
// branches.  Implemented in ppc_parser.cpp.
void parse_ppc_threads(Lexer& lx, LitmusTest& test);
// The PPC register names (r0 ... r31).
bool ppc_register_name(std::string_view w);
// RISC-V: herd7's columns of lw/sw, lr.w/sc.w, AMOs, fences, arithmetic
// and branches.  Implemented in riscv_parser.cpp.
void parse_riscv_threads(Lexer& lx, LitmusTest& test);
// The RISC-V register names: x0 ... x31 and the ABI names (zero, ra, sp,
// gp, tp, t0-t6, s0-s11, fp, a0-a7).
bool riscv_register_name(std::string_view w);
// Whether a RISC-V register name is the zero register (x0, zero).
bool riscv_zero_register(std::string_view w);

// Operands that herd7's PPC and RISC-V syntax write alike.
// A register operand that 'register_name' accepts, kept as written; else
// fails with "expected <what>".
Register assembly_register(Lexer& lx, bool (*register_name)(std::string_view), const char* what);
// An immediate without a prefix: "1", "-1".
std::int64_t assembly_immediate(Lexer& lx);
// The displacement before "(rA)", which must be 0: a displacement
// addresses part of a location, and mixed-size accesses are not supported.
void expect_zero_displacement(Lexer& lx);

// The x86 register names the dialect reads (EAX, EBX, ..., ESP).
bool x86_register_name(std::string_view w);
// AuDaLa has its own optional init block (globals only), so this parses
// everything after the doc string up to the final condition.  Implemented in
// audala_parser.cpp.
void parse_audala_body(Lexer& lx, LitmusTest& test);

// Whether all of 'header' (text between a test's name line and its initial
// state) reads as metadata (quoted strings, Key=Value lines, comments), so
// that a free header (LitmusTest::header_text) must not be it to be read
// back as one.  Implemented in parse.cpp.
bool reads_as_metadata(std::string_view header);

// Whether 'name' is a register of thread 'thread' of an AuDaLa test (the
// destination of one of its reads), for the final condition's checks.
bool audala_register(const LitmusTest& test, int thread, std::string_view name);

// The words a C thread body reserves: statement keywords, type words, the
// atomic functions and the memory_order_/memory_scope_ constants.  They are
// never register, label or parameter names, so the printer can rely on
// writing any other identifier.  Implemented in c_parser.cpp.
bool c_reserved_word(std::string_view word);

// PTX 7.5 proxy names: "surface" -> surface, ...; false for other words.
bool proxy_word(std::string_view w, Qualifiers::Proxy& proxy);
// The inverse of proxy_word.
std::string_view proxy_name(Qualifiers::Proxy p);

// Adds 'name' to 'locations' unless a location of that name exists.
void note_location(std::vector<Location>& locations, const std::string& name);

// The labels of one thread and the jumps to them: labels must be unique,
// and every jump must name a label of the same thread.
class LabelTable {
public:
    // Records a label definition; fails at 'at' if the thread already has it.
    void define(Lexer& lx, const Token& at, const std::string& name);
    // Records a jump to 'name' named by token 'at'.
    void use(const Token& at, const std::string& name);
    // Fails at the first recorded jump whose label was never defined.
    void check(Lexer& lx) const;

private:
    std::vector<std::string> defined_;
    std::vector<std::pair<Token, std::string>> uses_;
};

}  // namespace mapsound::litmus::detail
