// The commands of the mapsound tool (their options: cli/usage.cpp).  Each
// returns the process exit code: 0 on success, 1 when an input could not be
// processed or a file could not be written, 2 on usage errors, and
// 128 + the signal (130 SIGINT, 143 SIGTERM) when a signal stopped it.
#pragma once

#include <string>
#include <vector>

namespace mapsound::cli {

inline constexpr const char* version = "0.1.0";

// mapsound litmus --model MODEL [--states] [--json] [--unroll N] [--forbid FLAG]... TEST...
int litmus_command(const std::vector<std::string>& args);

// mapsound check CHECK [--events N] [--axiom NAME]... [--jobs K] [--json]
//                [--output DIR] ...
// Exit code 0 when no verdict contradicts the check file's expectations
// (cli/expectation.hpp), 1 when one does, 2 for bad input or a file that
// could not be written, 3 for a vacuous or unknown verdict
// (cli/exit_status.hpp).
int check_command(const std::vector<std::string>& args);

// mapsound compare MODEL-A MODEL-B [--events N] [--dialect D] [--jobs K] [--json]
// [--output DIR]: smallest litmus tests one model allows and the other
// forbids, both ways.  Exit code 0 when the models agree up to N events, 1
// when a difference was found, 2 for bad input or a file that could not be
// written (cli/exit_status.hpp).
int compare_command(const std::vector<std::string>& args);

// mapsound export-coq CHECK -o DIR [--events N] [--jobs K]
// Runs the check at N events (default: the check's bound) and writes the
// Coq project of proofs-export/ into DIR.  Exit code 0 when DIR was
// written, 2 on bad input or a write failure (cli/exit_status.hpp); an
// interrupted run writes nothing.
int export_coq_command(const std::vector<std::string>& args);

// mapsound report CHECK... -o DIR [--events N] [--jobs K]
// Runs each check and writes DIR/index.html (no JavaScript), with each
// counterexample's litmus tests and pictures (inline SVG when Graphviz's
// dot runs) and their files under DIR/<check>/.  Exit code 0 when every
// check ran and agrees with its file, else as check (cli/exit_status.hpp).
int report_command(const std::vector<std::string>& args);

}  // namespace mapsound::cli
