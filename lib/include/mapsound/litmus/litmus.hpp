// mapsound's litmus-test front end: PTX (Dartagnan dialect), C (herd7
// syntax, with scoped extensions) and AuDaLa (seed 003's executions, see
// parse.hpp) litmus tests parsed into one program IR.
//
//   using namespace mapsound::litmus;
//   LitmusTest t = parse_litmus_file("MP.litmus");
//   t.threads[1].code;                 // std::vector<Instruction>
//   print_litmus(t);                   // back to source, same dialect
//
// program.hpp  the IR: tests, threads, instructions, conditions
// parse.hpp    parse_litmus, parse_litmus_file, ParseError
// print.hpp    print_litmus
// (expand.hpp, run.hpp: pre-executions and litmus mode; corpus.hpp: folders
// of litmus files and tables of expected verdicts)
#pragma once

#include "mapsound/litmus/parse.hpp"
#include "mapsound/litmus/print.hpp"
#include "mapsound/litmus/program.hpp"
