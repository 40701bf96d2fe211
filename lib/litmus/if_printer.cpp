#include "litmus/if_printer.hpp"

#include <optional>
#include <utility>
#include <vector>

namespace mapsound::litmus::detail {

namespace {

// The index of label 'name' in code[from, end), or nullopt.
std::optional<std::size_t> find_label(const std::vector<Instruction>& code, const std::string& name,
                                      std::size_t from, std::size_t end) {
    for (std::size_t j = from; j < end; ++j)
        if (const auto* l = std::get_if<Label>(&code[j]); l && l->name == name) return j;
    return std::nullopt;
}

// Where the parts of a lowered `if` lie: the then-part is
// code[branch + 1, then_end); the else-part, if any, is code[else_part);
// the statement ends before 'next'.
struct IfShape {
    std::size_t then_end;
    std::optional<std::pair<std::size_t, std::size_t>> else_part;
    std::size_t next;
};

std::optional<IfShape> match_if(const std::vector<Instruction>& code, const Branch& b, std::size_t i,
                                std::size_t end, int ifs) {
    const std::string k = std::to_string(ifs);
    const std::string end_label = "__end" + k;
    const std::string else_label = "__else" + k;
    if (b.target == end_label) {
        const auto j = find_label(code, end_label, i + 1, end);
        if (!j) return std::nullopt;
        return IfShape{*j, std::nullopt, *j + 1};
    }
    if (b.target == else_label) {
        const auto j = find_label(code, else_label, i + 1, end);
        if (!j || *j < i + 2) return std::nullopt;
        const auto* g = std::get_if<Goto>(&code[*j - 1]);
        if (!g || g->target != end_label) return std::nullopt;
        const auto m = find_label(code, end_label, *j + 1, end);
        if (!m) return std::nullopt;
        return IfShape{*j - 1, std::pair{*j + 1, *m}, *m + 1};
    }
    return std::nullopt;
}

}  // namespace

void IfPrinter::line(int depth, const std::string& text) {
    body_ << std::string(2 * static_cast<std::size_t>(depth), ' ') << text << "\n";
}

bool IfPrinter::structured_if(const Branch& b, std::size_t& i, std::size_t end, int depth) {
    const std::optional<IfShape> shape = match_if(thread_.code, b, i, end, ifs_);
    if (!shape) return false;
    ++ifs_;
    line(depth, if_head(b));
    block(i + 1, shape->then_end, depth + 1);
    if (shape->else_part) {
        line(depth, "} else {");
        block(shape->else_part->first, shape->else_part->second, depth + 1);
    }
    line(depth, "}");
    i = shape->next;
    return true;
}

}  // namespace mapsound::litmus::detail
