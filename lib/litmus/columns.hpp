// The column layout that the PTX, Vulkan and x86 bodies share: a header row
// naming the threads, then rows whose '|'-separated cells are the threads'
// instructions, each row ending in ';'.
//
//    P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;      P0          | P1          ;
//    st.weak x, 1   | ld.acquire r1, y ;    MOV [x],$1  | MOV EAX,[y] ;
//
// A cell may be empty (a thread with fewer instructions).  What a cell holds
// and what may follow '@' in the header are the dialect's; the layout is
// defined once here, for parsing and for printing.  Internal to the litmus
// front end.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "litmus/lexer.hpp"
#include "mapsound/litmus/program.hpp"

namespace mapsound::litmus::detail {

// "P0 | P1 ... ;": appends one Thread per name, numbered 0, 1, ... in
// order.  After "Pk@" calls 'placement' for the placement; without one,
// '@' is not accepted.
void parse_column_header(Lexer& lx, LitmusTest& test, const std::function<Placement(Lexer&)>& placement = {});

// The rows after the header, up to the clauses after the threads
// (at_final_clause): 'cell' parses the instruction(s) of one non-empty cell
// of thread 'column' (0-based), leaving the '|' or ';' that ends it.
void parse_column_rows(Lexer& lx, LitmusTest& test, const std::function<void(std::size_t column)>& cell);

// cells[t][0] is thread t's header, cells[t][k+1] its k-th instruction:
// one line per row, cells padded so that the separators line up.
std::string print_columns(const std::vector<std::vector<std::string>>& cells);

}  // namespace mapsound::litmus::detail
