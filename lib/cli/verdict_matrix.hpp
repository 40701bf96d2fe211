// The summary of a report: one row per check, one column per axiom (the
// union over the checks, in the order first met), each cell the verdict in
// short ("holds 6", "fails 5", "VACUOUS 6", "unknown"; "-" where the
// check has no such axiom), marked "!" where it differs from what the
// check file expects.  Printed on the terminal and placed on the page.
#pragma once

#include <string>
#include <vector>

#include "mapsound/check.hpp"

namespace mapsound::cli {

class VerdictMatrix {
public:
    // One verdict of check 'check' (its anchor on the page: 'anchor').
    void add(const std::string& check, const std::string& anchor, const check::AxiomResult& result, bool different);

    // An aligned text table (empty when nothing was added).
    std::string text() const;
    // An HTML table whose check names link to their sections.
    std::string html() const;

private:
    struct Cell {
        std::string check, axiom, verdict, css;
        bool different = false;
    };
    std::vector<std::string> checks_, anchors_, axioms_;
    std::vector<Cell> cells_;
    const Cell* find(const std::string& check, const std::string& axiom) const;
};

}  // namespace mapsound::cli
