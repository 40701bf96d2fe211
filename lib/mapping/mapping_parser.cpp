// The mapping-file parser (format: mapsound/mapping.hpp).  Recursive
// descent over mapping/lexer.hpp's tokens with one token of lookahead; every
// rule is validated as it is read (orders per class, qualifiers per
// instruction, the instruction counts per class), so that each error points
// at the token that breaks it.
#include <algorithm>
#include <array>
#include <optional>
#include <utility>

#include "mapping/lexer.hpp"
#include "mapping/target_instruction.hpp"
#include "mapsound/litmus/dialects.hpp"
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

// A scope level as `scope` lines name it: the exec names, and Vulkan's and
// OpenCL's names for the CTA and GPU levels.
std::optional<Scope> scope_level_of(std::string_view word) {
    if (word == "sg") return Scope::sg;
    if (word == "cta" || word == "wg") return Scope::cta;
    if (word == "cluster") return Scope::cluster;
    if (word == "qf") return Scope::qf;
    if (word == "gpu" || word == "dv") return Scope::gpu;
    if (word == "sys") return Scope::sys;
    return std::nullopt;
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
        target_ = &mapping;
        for (;;) {
            skip_newlines();
            if (token_.kind == TokenKind::end) break;
            if (is_word("target")) {
                parse_target_line(mapping);
                continue;
            }
            if (is_word("scope")) {
                parse_scope_line(mapping);
                continue;
            }
            const Position start = token_.pos;
            Rule rule = parse_rule();
            reject_overlap(mapping.rules, rule, start);
            mapping.rules.push_back(std::move(rule));
        }
        if (mapping.rules.empty()) fail(token_, "a rule such as 'R.sc -> fence.sc.$sco ; ld.acquire.$sco'");
        return mapping;
    }

private:
    void advance() {
        if (peeked_) {
            token_ = std::move(*peeked_);
            peeked_.reset();
        } else {
            token_ = lexer_.next();
        }
    }
    // Whether the token after the current one is the word 'w' (one token of
    // lookahead, for `.global` after an order).
    bool lexer_peek_is(std::string_view w) {
        if (!peeked_) peeked_ = lexer_.next();
        return peeked_->kind == TokenKind::word && peeked_->text == w;
    }

    // `target DIALECT`, before the rules.
    void parse_target_line(Mapping& mapping) {
        const Token keyword = token_;
        if (!mapping.rules.empty() || target_seen_)
            throw MappingError(keyword.pos, "a 'target' line comes once, before the rules");
        target_seen_ = true;
        advance();
        const auto d = token_.kind == TokenKind::word ? litmus::dialect_named(token_.text) : std::nullopt;
        if (!d || !detail::target_dialect(*d))
            fail(token_, "a target dialect (ptx, vulkan, x86, aarch64, ppc, riscv) after 'target'");
        mapping.target = *d;
        advance();
        expect_line_end("end of line after the target dialect");
    }

    // `scope SRC -> TGT`: where `$sco` sends a source level.
    void parse_scope_line(Mapping& mapping) {
        advance();
        const std::string levels = "a scope level (sg, cta, wg, cluster, qf, gpu, dv, sys)";
        const auto from = token_.kind == TokenKind::word ? scope_level_of(token_.text) : std::nullopt;
        if (!from) fail(token_, levels + " after 'scope'");
        if (mapping.scopes.count(*from))
            throw MappingError(token_.pos, "a second 'scope' line for " + token_.text);
        advance();
        if (token_.kind != TokenKind::arrow) fail(token_, "'->'");
        advance();
        const auto to = token_.kind == TokenKind::word ? scope_level_of(token_.text) : std::nullopt;
        if (!to) fail(token_, levels + " after '->'");
        if (detail::scope_word(mapping.target, *to).empty())
            fail(token_, "a scope level " + litmus::dialect_title(mapping.target) + " has");
        mapping.scopes[*from] = *to;
        advance();
        expect_line_end("end of line after the scope line");
    }
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
        // OpenCL regions: `.global`, `.local` or both, in that order.
        for (const auto& [word, tag] : {std::pair{"global", exec::Tag::global}, std::pair{"local", exec::Tag::local}}) {
            if (token_.kind != TokenKind::dot || !rule.order) break;
            if (lexer_peek_is(word)) {
                advance();
                advance();
                rule.regions |= exec::tag_bit(tag);
            }
        }
        if (token_.kind == TokenKind::dot && rule.order) {
            advance();
            fail(token_, "a memory region (global, local) after " + rule.source_text());
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
            if (target_->target == litmus::Dialect::ppc && is_word("cmpw")) {
                parse_branch_on_load(rule, have_required);
                if (token_.kind == TokenKind::semicolon) {
                    advance();
                    continue;
                }
                if (!at_line_end()) fail(token_, "';' or end of line after 'bne'");
                expect_line_end("end of line");
                return;
            }
            TargetOp op = at_exclusive_pair() ? parse_exclusive_pair(rule) : parse_op(rule);
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

    // Power's `cmpw ; bne` (Rule::branch_on_load): a comparison of the
    // value the rule's lwz just loaded and a branch on it, which no model
    // sees as an event but which makes every later event of the thread
    // control-dependent on the load.
    void parse_branch_on_load(Rule& rule, bool have_load) {
        const Token cmpw = token_;
        if (rule.source != SourceKind::read || !have_load || rule.branch_on_load ||
            rule.targets.back().instruction != Instruction::ld)
            throw MappingError(cmpw.pos, "'cmpw ; bne' compares the value a rule's load just read: it comes right "
                                         "after the lwz of an R rule, once");
        advance();
        if (token_.kind != TokenKind::semicolon) fail(token_, "';' and 'bne' after 'cmpw'");
        advance();
        if (!is_word("bne")) fail(token_, "'bne' after 'cmpw ;' (the branch on the loaded value)");
        advance();
        rule.branch_on_load = true;
    }

    // A read-modify-write as the exclusive pair of the loop LLVM emits
    // (retried until the exclusive store succeeds): Power's
    // `lwarx ; stwcx.`, AArch64's `LD[A]XR ; ST[L]XR` (without LSE).  One
    // read-modify-write of the rule, read by the dialect's front end as the
    // pair that stores.
    bool at_exclusive_pair() const {
        return (target_->target == litmus::Dialect::ppc && is_word("lwarx")) ||
               (target_->target == litmus::Dialect::aarch64 && (is_word("LDXR") || is_word("LDAXR")));
    }

    TargetOp parse_exclusive_pair(const Rule& rule) {
        const Token load = token_;
        advance();
        const bool ppc = target_->target == litmus::Dialect::ppc;
        const std::string store = ppc ? "'stwcx.'" : "'STXR' or 'STLXR'";
        if (token_.kind != TokenKind::semicolon) fail(token_, "';' and " + store + " after '" + load.text + "'");
        advance();
        std::string text;
        if (ppc) {
            if (!is_word("stwcx")) fail(token_, "'stwcx.' after 'lwarx ;' (the reservation's store)");
            advance();
            if (token_.kind != TokenKind::dot) fail(token_, "'.' after 'stwcx'");
            text = detail::ppc_reservation;
        } else {
            if (!is_word("STXR") && !is_word("STLXR"))
                fail(token_, store + " after '" + load.text + " ;' (the exclusive store)");
            text = load.text + " ; " + token_.text;
        }
        const std::string last = ppc ? "stwcx." : token_.text;
        advance();
        if (token_.kind != TokenKind::semicolon && !at_line_end()) fail(token_, "';' or end of line after '" + last + "'");
        return detail::read_target_instruction(target_->target, text, load.pos, required_access(rule.source));
    }

    // One instruction: the tokens up to ';' or the line end, read by the
    // target dialect's litmus front end (mapping/target_instruction.hpp).
    TargetOp parse_op(const Rule& rule) {
        const Token first = token_;
        if (token_.kind != TokenKind::word)
            fail(token_, rule.targets.empty() ? "an instruction or nop" : "an instruction");
        // The instruction is one dotted word (words, dots, $sco), no blanks
        // inside; anything else ends it and must be ';' or the line end.
        std::string text;
        Position end = token_.pos;
        auto part = [&] {
            return token_.kind == TokenKind::word || token_.kind == TokenKind::dot ||
                   token_.kind == TokenKind::source_scope ||
                   (token_.kind == TokenKind::invalid && !token_.text.empty() && token_.text[0] == '$');
        };
        while (part() && (text.empty() || token_.pos.column == end.column)) {
            text += token_.text;
            end = token_.pos;
            end.column += static_cast<int>(token_.text.size());
            advance();
        }
        if (token_.kind != TokenKind::semicolon && !at_line_end())
            fail(token_, "';' or end of line after '" + text + "'");
        TargetOp op = detail::read_target_instruction(target_->target, text, first.pos, required_access(rule.source));
        if (op.scope_from_source && rule.order == Order::na)
            throw MappingError(first.pos, "'" + text + "' passes the source event's scope ($sco), but " +
                                              rule.source_text() + " events have none: give it a fixed scope");
        return op;
    }

    // Two rules of one class overlap when they name the same order or either
    // names none; rule_for must never have to choose.
    static void reject_overlap(const std::vector<Rule>& earlier, const Rule& rule, const Position& where) {
        for (const Rule& other : earlier) {
            if (other.source != rule.source) continue;
            if (other.order && rule.order && *other.order != *rule.order) continue;
            if (other.regions && rule.regions && other.regions != rule.regions) continue;
            const std::string why =
                other.order == rule.order && other.regions == rule.regions
                    ? "duplicate rule"
                    : other.order == rule.order
                          ? "overlapping rules (a class without regions covers every region)"
                          : "overlapping rules (a class without an order covers every order)";
            throw MappingError(where, "rule " + rule.source_text() + " (line " + std::to_string(rule.line) +
                                          ") and rule " + other.source_text() + " (line " +
                                          std::to_string(other.line) + ") both match: " + why);
        }
    }

    Lexer lexer_;
    Token token_;
    std::optional<Token> peeked_;
    const Mapping* target_ = nullptr;  // the mapping being read (its target dialect)
    bool target_seen_ = false;
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
    if (!text.empty()) return text;
    std::string out = mapping::to_string(instruction);
    out += '.';
    out += ptx_semantics_name(order);
    if (order == Order::weak) return out;
    out += '.';
    out += scope_from_source ? std::string("$sco") : scope_name(scope);
    return out;
}

std::string TargetOp::instance_text(litmus::Dialect dialect, exec::Scope target) const {
    std::string written = to_string();
    const std::string word = detail::scope_word(dialect, target);
    const auto at = written.find("$sco");
    if (at != std::string::npos && !word.empty()) written.replace(at, 4, word);
    return written;
}

std::optional<exec::Scope> Mapping::target_scope(exec::Scope source) const {
    if (source == Scope::none) return std::nullopt;
    const auto it = scopes.find(source);
    return it == scopes.end() ? source : it->second;
}

std::optional<exec::Scope> Mapping::scope_of(const TargetOp& op, exec::Scope source) const {
    if (!op.scope_from_source) return op.scope;
    return target_scope(source);
}

bool Rule::matches(SourceKind kind, exec::Order event_order, exec::TagSet event_regions) const {
    return source == kind && (!order || *order == event_order) && (regions == 0 || regions == event_regions);
}

std::string Rule::source_text() const {
    std::string out = mapping::to_string(source);
    if (order) {
        out += '.';
        out += source_order_name(*order);
    }
    return out + region_suffix(regions);
}

std::string Rule::target_text() const {
    if (targets.empty()) return "nop";
    std::string out;
    for (const TargetOp& op : targets) {
        out += (out.empty() ? "" : " ; ") + op.to_string();
        if (branch_on_load && op.instruction == Instruction::ld) out += " ; cmpw ; bne";
    }
    return out;
}

const Rule* Mapping::rule_for(SourceKind kind, exec::Order order, exec::TagSet regions) const {
    for (const Rule& rule : rules)
        if (rule.matches(kind, order, regions)) return &rule;
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
