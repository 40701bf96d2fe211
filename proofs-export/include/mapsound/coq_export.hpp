// Exporting a mapping check to Coq (proofs-export/README.md): the support
// library, the execution vocabulary, a module per model and per mapping, a
// module per check with one lemma statement per axiom the bounded search
// found counterexample-free, a refutation of the statement of every axiom
// it found a counterexample to, and a proof skeleton that is the user's
// (written once, never overwritten).
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
    std::vector<std::string> refuted;     // axioms whose statement a refutation file disproves
};

// Writes the Coq project for 'check' into 'dir' (created if needed) from the
// checker's results at bound 'events': an axiom whose verdict is holds gets
// a statement with its bounded evidence; fails gets none but a file that
// refutes the statement by the counterexample; unknown gets none.  The
// whole model (check::kWholeModel, `axiom *`) gets the mapping theorem
// (mapping_statement: one lift satisfies every axiom) or its refutation.
// The results must come from a search without --target-events; after one
// with --race-free-programs (their space.race_free is "program") every
// statement assumes the source program race-free.  Each
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
