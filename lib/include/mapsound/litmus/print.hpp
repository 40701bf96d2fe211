// Writing a LitmusTest back as litmus source in its own dialect.
//
//   std::string text = print_litmus(test);
//   assert(parse_litmus(text, test.source) == test);   // the round trip
//
// For every test the parser of test.dialect produces, parsing the printed
// text with the same source name gives back an equal LitmusTest.  Layout
// is normalized (aligned PTX columns, one C or AuDaLa statement per line;
// the doc string, then the other header metadata lines in order; then
// locations, regions, filter and condition); comments are not kept, C and
// AuDaLa `if` statements the parsers lowered to branches are printed as
// `if` again (C loops and short-circuit operators as the labels and jumps
// they were lowered to), and the temporaries the AuDaLa parser computes
// expressions into are printed as those expressions.
#pragma once

#include <string>

#include "mapsound/litmus/program.hpp"

namespace mapsound::litmus {

// Prints 'test' in test.dialect.  Throws std::invalid_argument, naming the
// instruction, when the test holds something that dialect cannot express
// (or metadata that does not read back: a key that is not a word, a value
// with a line break or surrounding blanks, a string with '"')
// (e.g. a Barrier or a PTX-style cas in a C test, a CompareExchange or a
// strong PTX access without a scope in a PTX test, an atomic or a register
// computation of its own in an AuDaLa test) or
// when the test is malformed (a register name that is not a PTX register,
// threads not numbered 0, 1, ...).
std::string print_litmus(const LitmusTest& test);

// The final condition on one line, quantifier first, as herd7's
// `Condition` output line shows it: "exists (0:r0=1 /\ 1:r1=0)".  Empty
// when the test states no condition.
std::string print_condition_line(const LitmusTest& test);

}  // namespace mapsound::litmus
