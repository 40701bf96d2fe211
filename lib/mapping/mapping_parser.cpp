// The mapping-file parser (format: mapsound/mapping.hpp).  Recursive
// descent over mapping/lexer.hpp's tokens with one token of lookahead; every
// rule is validated as it is read (orders per class, qualifiers per
// instruction, the instruction counts per class), so that each error points
// at the token that breaks it.
#include <algorithm>
#include <array>
#include <utility>

#include "mapping/lexer.hpp"
#include "mapsound/mapping.hpp"

namespace mapsound::mapping {

namespace {

using detail::describe;
using detail::Lexer;
using detail::Token;
using detail::TokenKind;
using exec::Order;
using exec::Scope;

struct Named {
    std::string_view name;
    Order order;
};

// Source orders, C++ names.
constexpr std::array<Named, 6> kSourceOrders{{
    {"na", Order::na},
    {"rlx", Order::rlx},
    {"acq", Order::acq},
    {"rel", Order::rel},
    {"acq_rel", Order::acq_rel},
    {"sc", Order::sc},
}};

// Target semantic qualifiers, PTX names.
constexpr std::array<Named, 6> kPtxSemantics{{
    {"weak", Order::weak},
    {"relaxed", Order::rlx},
    {"acquire", Order::acq},
    {"release", Order::rel},
    {"acq_rel", Order::acq_rel},
    {"sc", Order::sc},
}};

// The orders a source class admits: those RC11 gives its events (reads are
// never release, writes never acquire, fences never non-atomic), so that a
// typo such as `R.rel` is caught rather than silently never matching.
// F.rlx is admitted so that a mapping can say `F.rlx -> nop`.
std::vector<Order> orders_of(SourceKind kind) {
    switch (kind) {
    case SourceKind::read: return {Order::na, Order::rlx, Order::acq, Order::sc};
    case SourceKind::write: return {Order::na, Order::rlx, Order::rel, Order::sc};
    case SourceKind::rmw: return {Order::rlx, Order::acq, Order::rel, Order::acq_rel, Order::sc};
    case SourceKind::fence: return {Order::rlx, Order::acq, Order::rel, Order::acq_rel, Order::sc};
    }
    return {};
}

// The semantic qualifiers PTX 6.0 gives each instruction (fence.acquire and
// fence.release are in seed 000 Fig. 11 and in models/ptx-6.0.cat's F-acq /
// F-rel, though PTX 6.0 itself spells them fence.acq_rel).
std::vector<Order> semantics_of(Instruction op) {
    switch (op) {
    case Instruction::ld: return {Order::weak, Order::rlx, Order::acq};
    case Instruction::st: return {Order::weak, Order::rlx, Order::rel};
    case Instruction::atom: return {Order::rlx, Order::acq, Order::rel, Order::acq_rel};
    case Instruction::fence: return {Order::sc, Order::acq_rel, Order::acq, Order::rel};
    }
    return {};
}

std::string join(const std::vector<Order>& orders, std::string (*name)(Order)) {
    std::string out;
    for (std::size_t i = 0; i < orders.size(); ++i) {
        if (i) out += ", ";
        out += name(orders[i]);
    }
    return out;
}

std::optional<Order> lookup(const std::array<Named, 6>& table, std::string_view word) {
    for (const auto& entry : table)
        if (entry.name == word) return entry.order;
    return std::nullopt;
}

std::optional<SourceKind> source_kind_of(std::string_view word) {
    if (word == "R") return SourceKind::read;
    if (word == "W") return SourceKind::write;
    if (word == "RMW") return SourceKind::rmw;
    if (word == "F") return SourceKind::fence;
    return std::nullopt;
}

std::optional<Instruction> instruction_of(std::string_view word) {
    if (word == "ld") return Instruction::ld;
    if (word == "st") return Instruction::st;
    if (word == "atom") return Instruction::atom;
    if (word == "fence") return Instruction::fence;
    return std::nullopt;
}

std::optional<Scope> fixed_scope_of(std::string_view word) {
    if (word == "cta") return Scope::cta;
    if (word == "cluster") return Scope::cluster;
    if (word == "gpu") return Scope::gpu;
    if (word == "sys") return Scope::sys;
    return std::nullopt;
}

bool is_scope_token(const Token& t) {
    return t.kind == TokenKind::source_scope || (t.kind == TokenKind::word && fixed_scope_of(t.text));
}

// The memory instruction a source class needs exactly one of (none for F).
std::optional<Instruction> required_access(SourceKind kind) {
    switch (kind) {
    case SourceKind::read: return Instruction::ld;
    case SourceKind::write: return Instruction::st;
    case SourceKind::rmw: return Instruction::atom;
    case SourceKind::fence: return std::nullopt;
    }
    return std::nullopt;
}

std::string class_description(SourceKind kind) {
    switch (kind) {
    case SourceKind::read: return "a read";
    case SourceKind::write: return "a write";
    case SourceKind::rmw: return "a read-modify-write";
    case SourceKind::fence: return "a fence";
    }
    return "?";
}

class Parser {
public:
    Parser(std::string_view text, const std::string& file) : lexer_(text, file) { advance(); }

    Mapping parse() {
        Mapping mapping;
        skip_newlines();
        if (!is_word("mapping")) fail(token_, "the header 'mapping NAME'");
        advance();
        if (token_.kind != TokenKind::word) fail(token_, "a mapping name");
        mapping.name = token_.text;
        advance();
        expect_line_end("end of line after the mapping name");
        for (;;) {
            skip_newlines();
            if (token_.kind == TokenKind::end) break;
            const Position start = token_.pos;
            Rule rule = parse_rule();
            reject_overlap(mapping.rules, rule, start);
            mapping.rules.push_back(std::move(rule));
        }
        if (mapping.rules.empty()) fail(token_, "a rule such as 'R.sc -> fence.sc.$sco ; ld.acquire.$sco'");
        return mapping;
    }

private:
    void advance() { token_ = lexer_.next(); }
    bool is_word(std::string_view w) const { return token_.kind == TokenKind::word && token_.text == w; }
    bool at_line_end() const { return token_.kind == TokenKind::newline || token_.kind == TokenKind::end; }
    void skip_newlines() {
        while (token_.kind == TokenKind::newline) advance();
    }

    [[noreturn]] static void fail(const Token& at, const std::string& expected) {
        throw MappingError(at.pos, "expected " + expected + ", found " + describe(at));
    }

    void expect_line_end(const std::string& expected) {
        if (!at_line_end()) fail(token_, expected);
        if (token_.kind == TokenKind::newline) advance();
    }

    Rule parse_rule() {
        Rule rule;
        rule.line = token_.pos.line;
        const auto kind = token_.kind == TokenKind::word ? source_kind_of(token_.text) : std::nullopt;
        if (!kind) fail(token_, "a source class (R, W, RMW, F)");
        rule.source = *kind;
        advance();
        if (token_.kind == TokenKind::dot) {
            advance();
            const auto order = token_.kind == TokenKind::word ? lookup(kSourceOrders, token_.text) : std::nullopt;
            if (!order) fail(token_, "a memory order (na, rlx, acq, rel, acq_rel, sc)");
            const auto allowed = orders_of(rule.source);
            if (std::find(allowed.begin(), allowed.end(), *order) == allowed.end())
                fail(token_, "an order " + class_description(rule.source) + " can have (" +
                                 join(allowed, source_order_name) + ")");
            rule.order = *order;
            advance();
        }
        if (token_.kind != TokenKind::arrow) fail(token_, rule.order ? "'->'" : "'.' and an order, or '->'");
        advance();
        parse_targets(rule);
        return rule;
    }

    // The right-hand side up to and including its line end; checks the
    // instruction counts of the rule's class as it goes.
    void parse_targets(Rule& rule) {
        const auto required = required_access(rule.source);
        const std::string what = class_description(rule.source);
        if (is_word("nop")) {
            if (required)
                fail(token_, "an instruction (" + what + " maps to exactly one " + to_string(*required) + ")");
            advance();
            expect_line_end("end of line after 'nop'");
            return;
        }
        bool have_required = false;
        for (;;) {
            const Token op_token = token_;
            TargetOp op = parse_op(rule);
            if (op.instruction != Instruction::fence) {
                // A memory instruction: only the class's own, and only once.
                if (!required)
                    fail(op_token, "fence (" + what + " maps to fences only, or nop)");
                if (op.instruction != *required || have_required)
                    fail(op_token, have_required
                                       ? "fence (" + rule.source_text() + " already has its " + to_string(*required) + ")"
                                       : to_string(*required) + " or fence (" + what + " maps to exactly one " +
                                             to_string(*required) + " and fences)");
                have_required = true;
            }
            rule.targets.push_back(std::move(op));
            if (token_.kind == TokenKind::semicolon) {
                advance();
                continue;
            }
            if (!at_line_end()) fail(token_, "';' or end of line");
            if (required && !have_required)
                fail(token_, "'" + to_string(*required) + "' (" + what + " maps to exactly one " +
                                 to_string(*required) + ")");
            expect_line_end("end of line");
            return;
        }
    }

    TargetOp parse_op(const Rule& rule) {
        TargetOp op;
        op.where = token_.pos;
        const auto instruction = token_.kind == TokenKind::word ? instruction_of(token_.text) : std::nullopt;
        if (!instruction) {
            fail(token_, rule.targets.empty() ? "an instruction (ld, st, atom, fence) or nop"
                                              : "an instruction (ld, st, atom, fence)");
        }
        op.instruction = *instruction;
        const std::string op_name = token_.text;
        advance();
        if (token_.kind != TokenKind::dot) fail(token_, "'.' and a qualifier after '" + op_name + "'");
        advance();

        // The semantic qualifier; atom alone may leave it out (PTX: .relaxed
        // by default), as seed 000 Fig. 11 writes `atom.<sco>` for RMW^RLX.
        const auto allowed = semantics_of(op.instruction);
        const auto sem = token_.kind == TokenKind::word ? lookup(kPtxSemantics, token_.text) : std::nullopt;
        const bool known = sem && std::find(allowed.begin(), allowed.end(), *sem) != allowed.end();
        if (known) {
            op.order = *sem;
            advance();
        } else if (op.instruction == Instruction::atom && is_scope_token(token_)) {
            op.order = Order::rlx;
        } else {
            fail(token_, "a semantic qualifier of " + op_name + " (" + join(allowed, ptx_semantics_name) + ")" +
                             (op.instruction == Instruction::atom ? " or a scope" : ""));
        }

        if (op.order == Order::weak) {
            // Weak accesses are thread-scoped: a scope would mean nothing.
            if (token_.kind == TokenKind::dot) fail(token_, "';' or end of line (" + op_name + ".weak takes no scope)");
            op.scope = Scope::none;
            return op;
        }
        if (known) {  // otherwise the scope token is already current
            if (token_.kind != TokenKind::dot)
                fail(token_, "'.' and a scope (cta, cluster, gpu, sys, $sco) after '" + op_name + "." +
                                 ptx_semantics_name(op.order) + "'");
            advance();
        }
        if (token_.kind == TokenKind::source_scope) {
            if (rule.order == Order::na)
                fail(token_, "a fixed scope (cta, gpu, sys): " + rule.source_text() +
                                 " events have no scope to pass through");
            op.scope_from_source = true;
        } else {
            const auto scope = token_.kind == TokenKind::word ? fixed_scope_of(token_.text) : std::nullopt;
            if (!scope) fail(token_, "a scope (cta, cluster, gpu, sys, $sco)");
            op.scope = *scope;
        }
        advance();
        return op;
    }

    // Two rules of one class overlap when they name the same order or either
    // names none; rule_for must never have to choose.
    static void reject_overlap(const std::vector<Rule>& earlier, const Rule& rule, const Position& where) {
        for (const Rule& other : earlier) {
            if (other.source != rule.source) continue;
            if (other.order && rule.order && *other.order != *rule.order) continue;
            const std::string why = other.order == rule.order
                                        ? "duplicate rule"
                                        : "overlapping rules (a class without an order covers every order)";
            throw MappingError(where, "rule " + rule.source_text() + " (line " + std::to_string(rule.line) +
                                          ") and rule " + other.source_text() + " (line " +
                                          std::to_string(other.line) + ") both match: " + why);
        }
    }

    Lexer lexer_;
    Token token_;
};

}  // namespace

std::vector<exec::EventKind> TargetOp::events() const {
    switch (instruction) {
    case Instruction::ld: return {exec::EventKind::read};
    case Instruction::st: return {exec::EventKind::write};
    case Instruction::atom: return {exec::EventKind::read, exec::EventKind::write};
    case Instruction::fence: return {exec::EventKind::fence};
    }
    return {};
}

std::optional<exec::Scope> TargetOp::scope_for(exec::Scope source) const {
    if (!scope_from_source) return scope;
    if (source == Scope::none) return std::nullopt;
    return source;
}

std::string TargetOp::to_string() const {
    std::string out = mapping::to_string(instruction);
    out += '.';
    out += ptx_semantics_name(order);
    if (order == Order::weak) return out;
    out += '.';
    out += scope_from_source ? std::string("$sco") : scope_name(scope);
    return out;
}

std::string TargetOp::instance_text(exec::Scope source) const {
    std::string out = mapping::to_string(instruction);
    out += '.';
    out += ptx_semantics_name(order);
    if (order == Order::weak) return out;
    const auto s = scope_for(source);
    out += '.';
    out += s ? scope_name(*s) : std::string("$sco");
    return out;
}

bool Rule::matches(SourceKind kind, exec::Order event_order) const {
    return source == kind && (!order || *order == event_order);
}

std::string Rule::source_text() const {
    std::string out = mapping::to_string(source);
    if (order) {
        out += '.';
        out += source_order_name(*order);
    }
    return out;
}

const Rule* Mapping::rule_for(SourceKind kind, exec::Order order) const {
    for (const Rule& rule : rules)
        if (rule.matches(kind, order)) return &rule;
    return nullptr;
}

Mapping parse_mapping(std::string_view text, const std::string& file) {
    Mapping mapping = Parser(text, file).parse();
    mapping.path = file;
    return mapping;
}

Mapping load_mapping(const std::filesystem::path& path) {
    const std::string text = detail::read_file(path);
    Mapping mapping = parse_mapping(text, path.string());
    mapping.path = detail::normalized_absolute(path).string();
    return mapping;
}

}  // namespace mapsound::mapping
