// Parsing litmus tests (PTX in Dartagnan's dialect, C in herd7's syntax,
// AuDaLa executions in mapsound's own syntax below) into the program IR of
// program.hpp.
//
//   LitmusTest t = parse_litmus_file("tests/MP.litmus");
//   LitmusTest u = parse_litmus(text, "inline");   // dialect from the header
//
// The header's first word picks the dialect: "PTX name", "C name",
// "OPENCL name", "Vulkan name" (or "VULKAN name"), "X86 name" or "AuDaLa
// name"; the name is the rest of the word ("SB+rlx+rlx", "2+2W.c").  The
// Vulkan dialect (Dartagnan's, seed 001 Fig. 9) is described in
// lib/litmus/vulkan_parser.cpp, the x86 one (herd7's) in
// lib/litmus/x86_parser.cpp, both also in README ("Formats").
// Between the name line and the initial state, every dialect takes herd7
// and diy7 metadata: quoted strings (possibly spanning lines; the first is
// LitmusTest::doc), "Key=Value" lines (the value is the rest of the line)
// and comments.  After the threads: the final condition, "filter",
// "locations [...]" and "regions [...]" clauses, in any order, each
// optional.  Malformed input of any kind throws ParseError; the parsers
// never crash, loop forever or recurse without bound on any input.
//
// The AuDaLa dialect writes the executions of the AuDaLa language (seed 003,
// section 4: instances running commands that read and write global memory),
// for models/audala.cat and models/audala-star.cat:
//
//   AuDaLa Fig11c
//   "seed 003 Fig. 11(c)"              optional doc string
//   { x = 0; y = 0; a[2] = {1, 2}; }   optional: the globals and their values
//   instance I0 {                      instances I0, I1, ... in this order
//     r1 := x;                         a read of global x into register r1
//     y := r1 + 1;                     a write of an expression
//     r2 := a[r1 - r1];                an indexed access (an address dependency)
//     if (r1 == 1) { x := 42; } else { x := 0; }     else part optional
//   }
//   exists (I0:r1 = 42 /\ 0:r2 = 1 /\ x = 42)  also ~exists, forall, filter
//
// Names.  Globals are exactly the names the init block declares ("x = v", or
// "a[N] = {v, ...}" for an array of N elements; values are integers, missing
// array elements 0); using any other name as a global is an error ("expected
// a global declared in the init block").  A register is a name assigned by
// a read, "r := x", and may be used in expressions after that read (it holds
// 0 if the read's branch did not run); registers are per instance.  Names
// starting with "__" and the words instance, if, else, exists, forall,
// filter, true and false are reserved.
//
// Statements, each ending in ';' except `if`:
//   r := g;  r := g[e];       a read (a Load, plain, no scope)
//   g := e;  g[e] := e;       a write (a Store, plain, no scope)
//   if (e cmp e) { ... } [else { ... }]    cmp: == != < <= > >=
// Expressions: integers (a leading '-' is part of a literal), registers,
// '+', '-', '*' (the usual precedence, left-associative) and parentheses.
// There are no register assignments of their own: a composite expression is
// computed into temporaries __t0, __t1, ... (RegOps, numbered per instance in
// program order) just before the access or branch that uses it, and `if`
// lowers onto Branch/Goto/Label exactly as in the C dialect (labels
// __else<k>, __end<k>).  An index is an element offset (Address::offset);
// on a scalar it must be 0 at run time, which makes "g[r - r]" a plain
// access with an address dependency on r.
//
// The final condition is the other dialects' (the same grammar), with
// registers written I<k>:r or <k>:r; it may name only declared globals and,
// in a register reference, only registers of that instance.  Memory
// references say little under the AuDaLa models: run_litmus takes as a
// cell's final value a write with no co-successor, and AuDaLa's co orders
// only the writes of one instance and never the initial write, so the
// initial value is always among the final ones.  Comments are (* ... *),
// /* ... */ and // to the end of the line.
#pragma once

#include <cstddef>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

#include "mapsound/litmus/program.hpp"

namespace mapsound::litmus {

// PTX addresses are location names, as in Dartagnan; mapsound also reads
// "x[r1]" (an element offset held in a register or a constant, 0 at run
// time on a scalar), the PTX form of the address dependencies that the
// mapping checker prints: "ld.relaxed.gpu r2, x[r1]" after "sub r1, r0, r0".
// Fences: besides fence.sc and fence.acq_rel, mapsound reads
// "fence.acquire.<scope>" and "fence.release.<scope>", the lowering of C++
// acquire and release fences in seed 000 Figure 11.
//
// A syntax (or static) error in a litmus test.  what() is exactly
//   "<source>:<line>:<column>: expected <expected>, found '<found>'"
// where line and column are 1-based (columns count bytes, a tab is one
// column) and point at the offending token; at the end of the input, found
// is "<end of input>".
class ParseError : public std::runtime_error {
public:
    ParseError(std::string source, std::size_t line, std::size_t column, std::string expected,
               std::string found);

    const std::string& source() const { return source_; }
    std::size_t line() const { return line_; }
    std::size_t column() const { return column_; }
    // The "<what>" of the message, e.g. "';'" or "a memory order".
    const std::string& expected() const { return expected_; }
    // The offending token's text (shortened if long), or "<end of input>".
    const std::string& found() const { return found_; }

private:
    std::string source_;
    std::size_t line_;
    std::size_t column_;
    std::string expected_;
    std::string found_;
};

// Parses a whole litmus test.  'source' names the text in error messages
// and becomes LitmusTest::source.  Throws ParseError on malformed input.
LitmusTest parse_litmus(std::string_view text, std::string source);

// Reads and parses a file; LitmusTest::source is the path as given.  Throws
// ParseError on malformed input and std::runtime_error if the file cannot
// be read.
LitmusTest parse_litmus_file(const std::filesystem::path& path);

}  // namespace mapsound::litmus
