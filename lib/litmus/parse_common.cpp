// Syntax the dialects share: thread references, placements, the init block
// (PTX and C), label bookkeeping.
#include "litmus/parse_common.hpp"

#include <algorithm>
#include <climits>

namespace mapsound::litmus::detail {

std::optional<int> thread_name_number(std::string_view word, char prefix) {
    if (word.size() < 2 || word[0] != prefix || word.size() > 10) return std::nullopt;
    long long n = 0;
    for (char c : word.substr(1)) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + (c - '0');
    }
    if (n > INT_MAX) return std::nullopt;
    return static_cast<int>(n);
}

std::string thread_range(int thread_count) {
    if (thread_count <= 0) return "no thread reference (the test has no threads)";
    return "a thread of this test (0 to " + std::to_string(thread_count - 1) + ")";
}

char thread_prefix(Dialect dialect) { return dialect == Dialect::audala ? 'I' : 'P'; }

bool at_register_ref(Lexer& lx) {
    const Token& t = lx.peek();
    const char prefix = thread_prefix(lx.dialect());
    const bool thread = (t.kind == TokenKind::identifier && thread_name_number(t.text, prefix)) ||
                        t.kind == TokenKind::number;
    return thread && lx.peek(1).is_punct(":");
}

RegisterRef parse_register_ref(Lexer& lx, int thread_count) {
    const Token t = lx.next();
    std::optional<int> n;
    const char prefix = thread_prefix(lx.dialect());
    if (t.kind == TokenKind::identifier) {
        n = thread_name_number(t.text, prefix);
    } else if (t.kind == TokenKind::number && t.number <= static_cast<std::uint64_t>(INT_MAX)) {
        n = static_cast<int>(t.number);
    }
    if (!n) {
        const std::string p(1, prefix);
        lx.fail(t, (prefix == 'I' ? "an instance (" : "a thread (") + p + "0, " + p + "1, ... or 0, 1, ...)");
    }
    if (thread_count >= 0 && *n >= thread_count) lx.fail(t, thread_range(thread_count));
    lx.expect_punct(":");
    const Token r = lx.expect_identifier("a register name");
    return RegisterRef{*n, r.text};
}

namespace {

int expect_id(Lexer& lx, std::string_view what) {
    const Token& at = lx.peek();
    const Token copy = at;
    const std::int64_t v = lx.expect_integer(what);
    if (v < 0 || v > INT_MAX) lx.fail(copy, what);
    return static_cast<int>(v);
}

}  // namespace

Placement parse_placement(Lexer& lx, const std::vector<PlacementLevel>& levels) {
    Placement p;
    std::vector<bool> have(levels.size(), false);
    auto missing_level = [&](const Token& key) {
        std::size_t i = 0;
        while (i < levels.size() && (have[i] || !key.is_ident(levels[i].key))) ++i;
        return i;
    };
    auto required_missing = [&] {
        for (std::size_t j = 0; j < levels.size(); ++j)
            if (!have[j] && !levels[j].optional) return true;
        return false;
    };
    for (;;) {
        const Token key = lx.peek();
        const std::size_t i = missing_level(key);
        if (i == levels.size()) {
            if (!required_missing()) return p;
            // "'cta', 'cluster' or 'gpu'", "'sg', 'wg' or 'qf'": the levels
            // still missing, optional ones included.
            std::vector<std::string_view> keys;
            for (std::size_t j = 0; j < levels.size(); ++j)
                if (!have[j]) keys.push_back(levels[j].key);
            std::string expected;
            for (std::size_t j = 0; j < keys.size(); ++j) {
                if (j > 0) expected += j + 1 == keys.size() ? " or " : ", ";
                expected += "'" + std::string(keys[j]) + "'";
            }
            lx.fail(key, expected);
        }
        lx.next();
        p.*levels[i].field = expect_id(lx, "a non-negative " + std::string(levels[i].key) + " id");
        have[i] = true;
        if (std::find(have.begin(), have.end(), false) == have.end()) return p;
        // Once only optional levels are missing, the placement may end here:
        // a comma belongs to it only if one of them follows ("cta 0,gpu 0,
        // cluster 1"), so a stray comma after the last pair is still an
        // error of what follows, as before clusters.
        if (!required_missing()) {
            if (lx.peek().is_punct(",") && missing_level(lx.peek(1)) != levels.size()) lx.next();
            continue;
        }
        lx.accept_punct(",");
    }
}
Placement parse_placement(Lexer& lx) {
    return parse_placement(lx, {{"cta", &Placement::cta},
                                {"cluster", &Placement::cluster, /*optional=*/true},
                                {"gpu", &Placement::gpu}});
}

std::int64_t parse_array_size(Lexer& lx) {
    const Token size_token = lx.peek();
    const std::int64_t size = lx.expect_integer("an array size");
    if (size < 1 || size > kMaxArraySize)
        lx.fail(size_token, "an array size from 1 to " + std::to_string(kMaxArraySize));
    lx.expect_punct("]");
    return size;
}

bool proxy_word(std::string_view w, Qualifiers::Proxy& proxy) {
    if (w == "generic") proxy = Qualifiers::Proxy::generic;
    else if (w == "surface") proxy = Qualifiers::Proxy::surface;
    else if (w == "texture") proxy = Qualifiers::Proxy::texture;
    else if (w == "constant") proxy = Qualifiers::Proxy::constant;
    else return false;
    return true;
}

std::string_view proxy_name(Qualifiers::Proxy p) {
    switch (p) {
        case Qualifiers::Proxy::generic: return "generic";
        case Qualifiers::Proxy::surface: return "surface";
        case Qualifiers::Proxy::texture: return "texture";
        case Qualifiers::Proxy::constant: return "constant";
    }
    return "?";
}

void note_location(std::vector<Location>& locations, const std::string& name) {
    const bool known = std::any_of(locations.begin(), locations.end(),
                                   [&](const Location& l) { return l.name == name; });
    if (!known) locations.push_back(Location{name, "", {std::int64_t{0}}});
}

namespace {

InitValue parse_init_value(Lexer& lx) {
    if (lx.accept_punct("&")) return AddressOf{lx.expect_identifier("a location name after '&'").text};
    // AArch64, PPC and RISC-V write an address without '&': "0:X1=x", "y=z".
    if (assembly_syntax(lx.dialect()) && lx.peek().kind == TokenKind::identifier) return AddressOf{lx.next().text};
    return lx.expect_integer("an initial value (an integer or &location)");
}

void add_location(Lexer& lx, LitmusTest& test, const Token& name_token, Location loc) {
    if (test.find_location(loc.name) || test.find_alias(loc.name))
        lx.fail(name_token, "a location not initialized before");
    test.locations.push_back(std::move(loc));
}

// "volatile int *" -> "volatile int*": words separated by one space, stars
// attached to what precedes them.
std::string join_type(const std::vector<Token>& words) {
    std::string out;
    for (const Token& w : words) {
        if (!out.empty() && w.text != "*") out += ' ';
        out += w.text;
    }
    return out;
}

// An alias 'name' of 'target' (the tokens, for error positions).
void add_alias(Lexer& lx, LitmusTest& test, const Token& name, Qualifiers::Proxy proxy, const Token& target) {
    ProxyAlias alias{name.text, proxy, ""};
    if (test.find_location(name.text) || test.find_alias(name.text))
        lx.fail(name, "a name not declared before");
    if (const Location* l = test.find_location(target.text); l && l->values.size() != 1)
        lx.fail(target, "a scalar location (aliases of arrays are not supported)");
    for (std::string at = target.text; const ProxyAlias* a = test.find_alias(at); at = a->target)
        if (a->target == name.text) lx.fail(target, "a location or an alias that does not alias '" + name.text + "'");
    if (target.text == name.text) lx.fail(target, "a location or an alias other than '" + name.text + "' itself");
    alias.target = target.text;
    test.aliases.push_back(std::move(alias));
}

// PTX 7.5 "s @ surface aliases x": the proxy word, "aliases", and a
// location or another alias, declared before or after (a target never
// declared is a location starting at 0); aliases must not form a cycle.
void parse_proxy_alias(Lexer& lx, LitmusTest& test, const Token& name) {
    if (test.dialect != Dialect::ptx) lx.fail(lx.peek(), "'=' or ';' (proxy aliases are PTX 7.5)");
    lx.expect_punct("@");
    const Token proxy = lx.peek();
    Qualifiers::Proxy p = Qualifiers::Proxy::generic;
    if (proxy.kind != TokenKind::identifier || !proxy_word(proxy.text, p))
        lx.fail(proxy, "a proxy (generic, surface, texture, constant)");
    lx.next();
    const Token word = lx.peek();
    if (word.kind != TokenKind::identifier || word.text != "aliases") lx.fail(word, "'aliases'");
    lx.next();
    add_alias(lx, test, name, p, lx.expect_identifier("the location it aliases"));
}

namespace {

// "0:X1=x", or with a type "uint64_t 1:X3" (the value then optional).
void parse_register_init(Lexer& lx, LitmusTest& test, std::vector<Token>& register_tokens, std::string type) {
    const Token first = lx.peek();
    RegisterRef ref = parse_register_ref(lx, -1);
    for (const RegisterInit& r : test.register_inits)
        if (r.thread == ref.thread && r.reg.name == ref.reg) lx.fail(first, "a register not initialized before");
    InitValue value = std::int64_t{0};
    if (type.empty() || lx.peek().is_punct("=")) {
        lx.expect_punct("=");
        value = parse_init_value(lx);
    }
    test.register_inits.push_back(RegisterInit{ref.thread, Register{ref.reg}, value, std::move(type)});
    register_tokens.push_back(first);
}

}  // namespace

void parse_init_item(Lexer& lx, LitmusTest& test, std::vector<Token>& register_tokens) {
    if (at_register_ref(lx)) return parse_register_init(lx, test, register_tokens, "");
    if (lx.accept_punct("[")) {
        const Token name = lx.expect_identifier("a location name");
        lx.expect_punct("]");
        lx.expect_punct("=");
        add_location(lx, test, name, Location{name.text, "", {parse_init_value(lx)}});
        return;
    }
    if (lx.peek().kind != TokenKind::identifier)
        lx.fail(lx.peek(), "an initialization (P0:r0 = 0, x = 0, [x] = 0, int x = 0, ...)");
    // A declaration: type words and stars, then the name.
    std::vector<Token> words;
    while ((lx.peek().kind == TokenKind::identifier || lx.peek().is_punct("*")) && !at_register_ref(lx))
        words.push_back(lx.next());
    // A typed register, as AArch64's mixed-size tests declare them.
    if (at_register_ref(lx)) return parse_register_init(lx, test, register_tokens, join_type(words));
    if (words.back().kind != TokenKind::identifier) lx.fail(lx.peek(), "a location name");
    const Token name = words.back();
    words.pop_back();
    if (words.empty() && lx.peek().is_punct("@")) return parse_proxy_alias(lx, test, name);
    // Vulkan "z aliases x": another virtual address of x's memory.
    if (words.size() == 2 && words[1].text == "aliases" && test.dialect == Dialect::vulkan)
        return add_alias(lx, test, words[0], Qualifiers::Proxy::generic, name);
    Location loc{name.text, join_type(words), {std::int64_t{0}}};
    if (lx.accept_punct("[")) {
        const std::int64_t size = parse_array_size(lx);
        loc.values.assign(static_cast<std::size_t>(size), std::int64_t{0});
        if (lx.accept_punct("=")) {
            lx.expect_punct("{");
            std::size_t i = 0;
            if (!lx.peek().is_punct("}")) {
                for (;;) {
                    const Token at = lx.peek();
                    if (i == loc.values.size())
                        lx.fail(at, "at most " + std::to_string(size) + " initial values");
                    loc.values[i++] = parse_init_value(lx);
                    if (!lx.accept_punct(",")) break;
                }
            }
            lx.expect_punct("}");
        }
    } else if (lx.accept_punct("=")) {
        loc.values[0] = parse_init_value(lx);
    }
    add_location(lx, test, name, std::move(loc));
}

}  // namespace

void parse_init_block(Lexer& lx, LitmusTest& test, std::vector<Token>& register_tokens) {
    lx.expect_punct("{");
    while (!lx.peek().is_punct("}")) {
        parse_init_item(lx, test, register_tokens);
        if (lx.accept_punct(";")) continue;
        if (!lx.peek().is_punct("}")) lx.fail(lx.peek(), "';' or '}'");
    }
    lx.expect_punct("}");
}

Register assembly_register(Lexer& lx, bool (*register_name)(std::string_view), const char* what) {
    const Token t = lx.peek();
    if (t.kind != TokenKind::identifier || !register_name(t.text)) lx.fail(t, what);
    lx.next();
    return Register{t.text};
}

std::int64_t assembly_immediate(Lexer& lx) {
    const bool negative = lx.accept_punct("-");
    const std::int64_t v = lx.expect_integer("an immediate");
    return negative ? -v : v;
}

void expect_zero_displacement(Lexer& lx) {
    const Token d = lx.peek();
    if (assembly_immediate(lx) != 0)
        lx.fail(d, "displacement 0 (a displacement addresses part of a location: mixed-size accesses are "
                   "not supported)");
}

void LabelTable::define(Lexer& lx, const Token& at, const std::string& name) {
    if (std::find(defined_.begin(), defined_.end(), name) != defined_.end())
        lx.fail(at, "a label not defined before in this thread");
    defined_.push_back(name);
}

void LabelTable::use(const Token& at, const std::string& name) { uses_.emplace_back(at, name); }

void LabelTable::check(Lexer& lx) const {
    for (const auto& [at, name] : uses_)
        if (std::find(defined_.begin(), defined_.end(), name) == defined_.end())
            lx.fail(at, "a label defined in this thread");
}

}  // namespace mapsound::litmus::detail
