#include "cli/verdict_matrix.hpp"

#include <algorithm>
#include <sstream>

#include "cli/html.hpp"

namespace mapsound::cli {

void VerdictMatrix::add(const std::string& check, const std::string& anchor, const check::AxiomResult& r,
                        bool different) {
    if (std::find(checks_.begin(), checks_.end(), check) == checks_.end()) {
        checks_.push_back(check);
        anchors_.push_back(anchor);
    }
    if (std::find(axioms_.begin(), axioms_.end(), r.axiom) == axioms_.end()) axioms_.push_back(r.axiom);
    std::string verdict = r.verdict == check::Verdict::fails     ? "fails " + std::to_string(r.events)
                          : r.verdict == check::Verdict::holds   ? "holds " + std::to_string(r.events)
                          : r.verdict == check::Verdict::vacuous ? "VACUOUS " + std::to_string(r.events)
                                                                 : std::string("unknown");
    cells_.push_back(Cell{check, r.axiom, verdict + (different ? " !" : ""), check::to_string(r.verdict), different});
}

const VerdictMatrix::Cell* VerdictMatrix::find(const std::string& check, const std::string& axiom) const {
    for (const auto& c : cells_)
        if (c.check == check && c.axiom == axiom) return &c;
    return nullptr;
}

std::string VerdictMatrix::text() const {
    if (checks_.empty()) return {};
    std::vector<std::vector<std::string>> rows{{"check"}};
    for (const auto& a : axioms_) rows[0].push_back(a);
    for (const auto& check : checks_) {
        rows.push_back({check});
        for (const auto& a : axioms_) {
            const Cell* c = find(check, a);
            rows.back().push_back(c ? c->verdict : "-");
        }
    }
    std::vector<std::size_t> width(rows[0].size(), 0);
    for (const auto& row : rows)
        for (std::size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], row[i].size());
    std::ostringstream out;
    out << "verdicts (events; ! differs from the check file's expectation):\n";
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t i = 0; i < row.size(); ++i)
            line += row[i] + (i + 1 < row.size() ? std::string(width[i] - row[i].size() + 2, ' ') : "");
        out << "  " << line << "\n";
    }
    return out.str();
}

std::string VerdictMatrix::html() const {
    if (checks_.empty()) return {};
    std::ostringstream out;
    out << "<table class=\"matrix\">\n<caption>Verdicts per check and axiom (events; ! differs from the check "
           "file's expectation)</caption>\n<tr><th>check</th>";
    for (const auto& a : axioms_) out << "<th>" << cli::html(a) << "</th>";
    out << "</tr>\n";
    for (std::size_t i = 0; i < checks_.size(); ++i) {
        out << "<tr><td><a href=\"#" << cli::html(anchors_[i]) << "\">" << cli::html(checks_[i]) << "</a></td>";
        for (const auto& a : axioms_) {
            const Cell* c = find(checks_[i], a);
            if (!c) {
                out << "<td>-</td>";
                continue;
            }
            out << "<td class=\"" << c->css << (c->different ? " different" : "") << "\">" << cli::html(c->verdict)
                << "</td>";
        }
        out << "</tr>\n";
    }
    out << "</table>\n";
    return out.str();
}

}  // namespace mapsound::cli
