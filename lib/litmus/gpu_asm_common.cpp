// The syntax the PTX and Vulkan bodies share, read and printed (see
// gpu_asm_common.hpp).
#include "litmus/gpu_asm_common.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

#include "litmus/columns.hpp"
#include "litmus/printer_common.hpp"

namespace mapsound::litmus::detail {

bool gpu_register_name(std::string_view w) {
    if (w.size() < 2 || w[0] != 'r') return false;
    for (char c : w.substr(1))
        if (c < '0' || c > '9') return false;
    return true;
}

std::optional<RmwOp> gpu_rmw_word(std::string_view w, bool cas) {
    static const std::pair<std::string_view, RmwOp> table[] = {{"add", RmwOp::add}, {"sub", RmwOp::sub},
                                                               {"and", RmwOp::and_}, {"or", RmwOp::or_},
                                                               {"xor", RmwOp::xor_}, {"exch", RmwOp::exch},
                                                               {"cas", RmwOp::cas}};
    for (const auto& [text, op] : table)
        if (w == text && (cas || op != RmwOp::cas)) return op;
    return std::nullopt;
}

namespace {

std::vector<MnemonicPart> split_mnemonic(const std::string& word) {
    std::vector<MnemonicPart> parts;
    std::size_t start = 0;
    for (;;) {
        const std::size_t dot = word.find('.', start);
        parts.push_back(MnemonicPart{std::string_view(word).substr(start, dot - start), start});
        if (dot == std::string::npos) return parts;
        start = dot + 1;
    }
}

// The arithmetic mnemonics, which the printers write as to_string(kind).
constexpr std::pair<std::string_view, RegOpKind> kArithmetic[] = {
    {"add", RegOpKind::add}, {"sub", RegOpKind::sub}, {"mul", RegOpKind::mul}, {"div", RegOpKind::div},
    {"rem", RegOpKind::rem}, {"and", RegOpKind::and_}, {"or", RegOpKind::or_}, {"xor", RegOpKind::xor_},
    {"shl", RegOpKind::shl}, {"shr", RegOpKind::shr}};

std::optional<RegOpKind> arith_word(std::string_view w) {
    for (const auto& [text, kind] : kArithmetic)
        if (w == text) return kind;
    return std::nullopt;
}

bool arithmetic(RegOpKind k) {
    return std::any_of(std::begin(kArithmetic), std::end(kArithmetic), [&](const auto& a) { return a.second == k; });
}

std::optional<CmpOp> branch_word(std::string_view w) {
    static const std::pair<std::string_view, CmpOp> table[] = {{"beq", CmpOp::eq}, {"bne", CmpOp::ne},
                                                               {"blt", CmpOp::lt}, {"ble", CmpOp::le},
                                                               {"bgt", CmpOp::gt}, {"bge", CmpOp::ge}};
    for (const auto& [text, kind] : table)
        if (w == text) return kind;
    return std::nullopt;
}

// A name that reads back as one identifier token.
bool word(const std::string& w) {
    return !w.empty() && (std::isalpha(static_cast<unsigned char>(w[0])) || w[0] == '_') &&
           std::all_of(w.begin(), w.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

}  // namespace

// ---- parsing

void GpuColumnParser::parse_rows() {
    labels_.resize(test_.threads.size());
    parse_column_rows(lx_, test_, [this](std::size_t column) { cell(column); });
    for (const LabelTable& t : labels_) t.check(lx_);
}

void GpuColumnParser::cell(std::size_t column) {
    std::vector<Instruction>& code = test_.threads[column].code;
    const Token first = lx_.peek();
    if (first.kind == TokenKind::identifier && lx_.peek(1).is_punct(":")) {
        if (first.text.find('.') != std::string::npos) lx_.fail(first, "a label name");
        lx_.next();
        lx_.next();
        labels_[column].define(lx_, first, first.text);
        code.push_back(Label{first.text});
        if (lx_.peek().is_punct("|") || lx_.peek().is_punct(";")) return;
    }
    const Token t = lx_.peek();
    if (t.kind != TokenKind::identifier) lx_.fail(t, "an instruction, a label or '|'");
    lx_.next();
    code.push_back(instruction(t, split_mnemonic(t.text), column));
}

std::optional<Instruction> GpuColumnParser::register_instruction(const Token& t, const std::vector<Part>& parts,
                                                                 std::size_t column) {
    const std::string_view m = parts[0].text;
    if (m == "mov") {
        no_qualifiers(t, parts);
        Register d = reg();
        comma();
        return RegOp{d, RegOpKind::move, value(), std::nullopt};
    }
    if (auto k = arith_word(m)) {
        arith_qualifiers(t, parts);
        Register d = reg();
        comma();
        auto [a, b] = two_values();
        return RegOp{d, *k, a, b};
    }
    if (auto c = branch_word(m)) {
        no_qualifiers(t, parts);
        auto [a, b] = two_values();
        comma();
        return Branch{*c, a, b, label_use(column)};
    }
    if (m == "goto" || (bra_ && m == "bra")) {
        no_qualifiers(t, parts);
        return Goto{label_use(column)};
    }
    return std::nullopt;
}

Register GpuColumnParser::reg() {
    const Token t = lx_.peek();
    if (t.kind != TokenKind::identifier || !gpu_register_name(t.text)) lx_.fail(t, "a register (r0, r1, ...)");
    lx_.next();
    return Register{t.text};
}

bool GpuColumnParser::at_value() {
    const Token& t = lx_.peek();
    return lx_.at_integer() || (t.kind == TokenKind::identifier && gpu_register_name(t.text));
}

Operand GpuColumnParser::value() {
    if (lx_.at_integer()) return lx_.expect_integer("a register or constant");
    if (!at_value()) lx_.fail(lx_.peek(), "a register or constant");
    return reg();
}

std::pair<Operand, Operand> GpuColumnParser::two_values() {
    Operand a = value();
    comma();
    return {a, value()};
}

Address GpuColumnParser::location() {
    const Token t = lx_.peek();
    if (t.kind != TokenKind::identifier || gpu_register_name(t.text) || t.text.find('.') != std::string::npos)
        lx_.fail(t, "a memory location");
    lx_.next();
    return Address{t.text, std::nullopt};
}

void GpuColumnParser::comma() { lx_.expect_punct(","); }

std::string GpuColumnParser::label_use(std::size_t column) {
    const Token t = lx_.peek();
    if (t.kind != TokenKind::identifier || t.text.find('.') != std::string::npos) lx_.fail(t, "a label name");
    lx_.next();
    labels_[column].use(t, t.text);
    return t.text;
}

void GpuColumnParser::no_qualifiers(const Token& t, const std::vector<Part>& parts) {
    if (parts.size() > 1)
        lx_.fail_within(t, parts[1].offset - 1, "." + std::string(parts[1].text),
                        "no qualifier on '" + std::string(parts[0].text) + "'");
}

// ---- printing

std::string GpuCellPrinter::operator()(const CompareExchange&) const { fail("a C compare-exchange"); }

std::string GpuCellPrinter::operator()(const RegOp& i) const {
    if (i.op == RegOpKind::move) {
        if (i.rhs) fail("a move with two operands");
        return std::string(move_) + " " + reg(i.dest) + ", " + value(i.lhs);
    }
    if (!arithmetic(i.op)) fail("a register comparison (" + std::string(to_string(i.op)) + ")");
    if (!i.rhs) fail("a register operation without a second operand");
    return std::string(to_string(i.op)) + " " + reg(i.dest) + ", " + value(i.lhs) + ", " + value(*i.rhs);
}

std::string GpuCellPrinter::operator()(const Label& i) const { return label(i.name) + ":"; }

std::string GpuCellPrinter::operator()(const Goto& i) const { return "goto " + label(i.target); }

std::string GpuCellPrinter::operator()(const Branch& i) const {
    return "b" + std::string(to_string(i.cmp)) + " " + value(i.lhs) + ", " + value(i.rhs) + ", " + label(i.target);
}

void GpuCellPrinter::fail(const std::string& what) const {
    unprintable(test_, what + " has no " + std::string(dialect_) + " form");
}

std::string GpuCellPrinter::reg(const Register& r) const {
    if (!gpu_register_name(r.name))
        fail("register '" + r.name + "' (" + std::string(dialect_) + " registers are r<digits>)");
    return r.name;
}

std::string GpuCellPrinter::value(const Operand& o) const {
    if (const auto* r = std::get_if<Register>(&o)) return reg(*r);
    return print_operand(o);
}

std::string GpuCellPrinter::location_name(const Address& a) const {
    if (!word(a.location) || gpu_register_name(a.location)) fail("location name '" + a.location + "'");
    return a.location;
}

std::string GpuCellPrinter::label(const std::string& name) const {
    if (!word(name)) fail("label name '" + name + "'");
    return name;
}

std::string print_gpu_columns(const LitmusTest& test, std::string_view dialect,
                              const std::function<std::string(const Thread&)>& header,
                              const std::function<std::string(const Instruction&)>& cell) {
    // cells[t][0] is thread t's header, cells[t][k+1] its k-th instruction.
    std::vector<std::vector<std::string>> cells;
    for (const Thread& t : test.threads) {
        if (!t.params.empty()) unprintable(test, std::string(dialect) + " threads have no parameters");
        std::vector<std::string> column{header(t)};
        for (const Instruction& i : t.code) column.push_back(cell(i));
        cells.push_back(std::move(column));
    }
    return print_columns(cells);
}

}  // namespace mapsound::litmus::detail
