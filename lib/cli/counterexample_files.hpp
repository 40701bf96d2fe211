// The files of a counterexample: both litmus tests and both execution
// graphs, as Graphviz sources and, when Graphviz's `dot` is installed, SVG.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "mapsound/check.hpp"
#include "output/output_directory.hpp"

namespace mapsound::cli {

// Writes NAME-source.litmus, NAME-target.litmus, NAME-source.dot,
// NAME-target.dot (and NAME-source.svg, NAME-target.svg) and
// NAME-explanation.txt (Counterexample::explanation) into 'out', where
// NAME is output::safe_file_name(axiom).  Returns the paths written.
// Throws output::OutputError when a file cannot be written (the files
// written before stay, listed in the manifest).
// `dot -Tsvg` of 'graph' (Graphviz run as a child process, reading the graph
// on its standard input); nullopt when dot is not installed or fails.
std::optional<std::string> render_svg(const std::string& graph);

std::vector<std::filesystem::path> write_counterexample(output::OutputDirectory& out, const std::string& axiom,
                                                        const check::Counterexample& c);

}  // namespace mapsound::cli
