// Exporting a mapping check to Coq (proofs-export/README.md): the support
// library, a module per model, a module per check with one lemma statement
// per axiom the bounded search found counterexample-free, and a proof
// skeleton that is the user's (written once, never overwritten).
//
//   auto results = check::Checker(def).run(options);
//   coq::export_check(def, results, events, "out");   // then: make -C out
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "mapsound/check.hpp"
#include "mapsound/mapping.hpp"

namespace mapsound::output {
class OutputDirectory;  // lib/output/output_directory.hpp
}

namespace mapsound::coq {

struct ExportReport {
    std::vector<std::string> written;     // files (re)generated, relative to the directory
    std::vector<std::string> kept;        // user files left as they were
    std::vector<std::string> statements;  // axioms that got a lemma statement
    std::vector<std::string> omitted;     // "axiom: why" for those that did not
};

// Writes the Coq project for 'check' into 'dir' (created if needed) from the
// checker's results at bound 'events': an axiom whose verdict is holds gets
// a statement with its bounded evidence; fails and unknown get none.  Each
// file is written whole (temporary name, then rename) and listed in the
// directory's MANIFEST, except the proof skeleton, which is the user's.
// Throws model::ModelError, mapping::MappingError, std::runtime_error (a
// model construct that cannot be exported, "file:line:col: ..."; a file or
// directory that cannot be written).
ExportReport export_check(const mapping::CheckDefinition& check, const std::vector<check::AxiomResult>& results,
                          int events, const std::filesystem::path& dir);

// The same into an output directory opened (and tried) before the search;
// the caller finishes it (OutputDirectory::finish).
ExportReport export_check(const mapping::CheckDefinition& check, const std::vector<check::AxiomResult>& results,
                          int events, output::OutputDirectory& dir);

}  // namespace mapsound::coq
