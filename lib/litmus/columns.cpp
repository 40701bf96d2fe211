// The column layout shared by the PTX, Vulkan and x86 bodies (columns.hpp).
#include "litmus/columns.hpp"

#include <algorithm>
#include <sstream>

#include "litmus/parse_common.hpp"

namespace mapsound::litmus::detail {

void parse_column_header(Lexer& lx, LitmusTest& test, const std::function<Placement(Lexer&)>& placement) {
    do {
        const Token name = lx.peek();
        const auto n = thread_name_number(name.text);
        const int expected = static_cast<int>(test.threads.size());
        if (name.kind != TokenKind::identifier || n != expected)
            lx.fail(name, "thread 'P" + std::to_string(expected) + "'");
        lx.next();
        Thread t;
        t.id = expected;
        if (placement && lx.accept_punct("@")) t.placement = placement(lx);
        test.threads.push_back(std::move(t));
    } while (lx.accept_punct("|"));
    if (!lx.peek().is_punct(";")) lx.fail(lx.peek(), "'|' or ';' in the thread header row");
    lx.next();
}

void parse_column_rows(Lexer& lx, LitmusTest& test, const std::function<void(std::size_t column)>& cell) {
    while (!at_final_clause(lx)) {
        std::size_t column = 0;
        for (;;) {
            if (!lx.peek().is_punct("|") && !lx.peek().is_punct(";")) cell(column);
            const Token sep = lx.peek();
            if (sep.is_punct(";")) {
                lx.next();
                break;
            }
            if (!sep.is_punct("|")) lx.fail(sep, "'|' or ';' after an instruction");
            if (column + 1 >= test.threads.size())
                lx.fail(sep, "';' ending the row (the test has " + std::to_string(test.threads.size()) + " thread" +
                                 (test.threads.size() == 1 ? "" : "s") + ")");
            lx.next();
            ++column;
        }
    }
}

std::string print_columns(const std::vector<std::vector<std::string>>& cells) {
    std::size_t rows = 0;
    for (const auto& column : cells) rows = std::max(rows, column.size());
    std::ostringstream out;
    for (std::size_t r = 0; r < rows; ++r) {
        for (std::size_t t = 0; t < cells.size(); ++t) {
            std::size_t width = 0;
            for (const std::string& c : cells[t]) width = std::max(width, c.size());
            const std::string cell = r < cells[t].size() ? cells[t][r] : "";
            out << (t == 0 ? " " : " | ") << cell << std::string(width - cell.size(), ' ');
        }
        out << " ;\n";
    }
    return out.str();
}

}  // namespace mapsound::litmus::detail
