// The entry points: the header line and its metadata, then the parts every
// litmus test has in the same order (init block, threads, the clauses after
// them).
#include <cctype>
#include <exception>
#include <fstream>
#include <sstream>

#include "litmus/parse_common.hpp"
#include "mapsound/litmus/parse.hpp"

namespace mapsound::litmus {

namespace {

using detail::Lexer;
using detail::Token;

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

bool key_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool key_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
}

// The length of the key when a metadata line "Key=Value" (blanks allowed
// before '=') starts at 'pos', else 0.  A key is a word of letters, digits,
// '_', '-' and '.', starting with a letter or '_'.
std::size_t metadata_key_at(std::string_view text, std::size_t pos) {
    if (pos >= text.size() || !key_start(text[pos])) return 0;
    std::size_t end = pos;
    while (end < text.size() && key_char(text[end])) ++end;
    std::size_t eq = end;
    while (eq < text.size() && blank(text[eq])) ++eq;
    return eq < text.size() && text[eq] == '=' ? end - pos : 0;
}

// What closes the comment that 'opening' starts ("(*", "/*", "//"), or "".
std::string_view comment_close(std::string_view opening) {
    if (opening == "(*") return "*)";
    if (opening == "/*") return "*/";
    if (opening == "//") return "\n";
    return "";
}

std::string trim_blanks(std::string_view s) {
    std::size_t b = 0;
    std::size_t e = s.size();
    while (b < e && blank(s[b])) ++b;
    while (e > b && blank(s[e - 1])) --e;
    return std::string(s.substr(b, e - b));
}

// The raw text before the tokens start: the header line is read byte by
// byte because test names contain characters ("+", "-", ".") that are not
// tokens, and metadata values are free text ("Generator=diycross7 (version
// 7.57)").
struct RawCursor {
    std::string_view text;
    std::size_t pos = 0;
    std::size_t line = 1;
    std::size_t column = 1;

    bool done() const { return pos >= text.size(); }
    char peek() const { return done() ? '\0' : text[pos]; }
    bool at(std::string_view s) const { return text.substr(pos, s.size()) == s; }
    void advance() {
        if (done()) return;
        if (text[pos] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
        ++pos;
    }
    void skip_blank_lines() {
        while (!done() && (blank(peek()) || peek() == '\n')) advance();
    }
};

// "PTX name" / "C name" / "AuDaLa name" / "OPENCL name" / "Vulkan name" / "X86 name" /
// "AArch64 name" / "PPC name" / "RISCV name": the
// dialect and the test name.
void read_name_line(RawCursor& at, LitmusTest& test) {
    const std::string& source = test.source;
    at.skip_blank_lines();
    const RawCursor word_at = at;
    while (!at.done() && (std::isalnum(static_cast<unsigned char>(at.peek())) || at.peek() == '_')) at.advance();
    const std::string word(at.text.substr(word_at.pos, at.pos - word_at.pos));
    if (word == "PTX") {
        test.dialect = Dialect::ptx;
    } else if (word == "C") {
        test.dialect = Dialect::c;
    } else if (word == "AuDaLa") {
        test.dialect = Dialect::audala;
    } else if (word == "OPENCL" || word == "OpenCL") {
        test.dialect = Dialect::opencl;
    } else if (word == "Vulkan" || word == "VULKAN") {
        test.dialect = Dialect::vulkan;
    } else if (word == "X86") {
        test.dialect = Dialect::x86;
    } else if (word == "AArch64" || word == "AARCH64") {
        test.dialect = Dialect::aarch64;
    } else if (word == "PPC") {
        test.dialect = Dialect::ppc;
    } else if (word == "RISCV") {
        test.dialect = Dialect::riscv;
    } else {
        // The message predates AuDaLa and is kept as the PTX/C tests pin it.
        if (word.empty()) {
            Lexer probe(at.text, source, Dialect::c, at.pos, at.line, at.column);
            probe.fail(probe.peek(), "'PTX', 'C', 'AuDaLa', 'OPENCL', 'Vulkan', 'X86', 'AArch64', 'PPC' or 'RISCV' starting the test");
        }
        throw ParseError(source, word_at.line, word_at.column, "'PTX', 'C', 'AuDaLa', 'OPENCL', 'Vulkan', 'X86', 'AArch64', 'PPC' or 'RISCV' starting the test", word);
    }
    while (!at.done() && blank(at.peek())) at.advance();
    const std::size_t name_start = at.pos;
    while (!at.done() && !blank(at.peek()) && at.peek() != '\n') at.advance();
    test.name = std::string(at.text.substr(name_start, at.pos - name_start));
    if (test.name.empty()) {
        Lexer probe(at.text, source, test.dialect, at.pos, at.line, at.column);
        probe.fail(probe.peek(), "a test name after '" + word + "' on the same line");
    }
}

// The header's metadata up to the first token of the body: quoted strings
// (the first is the doc string), "Key=Value" lines and comments.
void read_metadata(RawCursor& at, LitmusTest& test) {
    for (;;) {
        at.skip_blank_lines();
        if (at.done()) return;
        if (const std::string_view close = comment_close(at.text.substr(at.pos, 2)); !close.empty()) {
            at.advance();
            at.advance();
            while (!at.done() && !at.at(close)) at.advance();
            if (at.done() && close != "\n")
                throw ParseError(test.source, at.line, at.column, "'" + std::string(close) + "' closing the comment",
                                 "<end of input>");
            for (std::size_t i = 0; i < close.size(); ++i) at.advance();
            continue;
        }
        if (at.peek() == '"') {
            at.advance();
            const std::size_t start = at.pos;
            while (!at.done() && at.peek() != '"') at.advance();
            if (at.done()) throw ParseError(test.source, at.line, at.column, "'\"' closing the string", "<end of input>");
            std::string value(at.text.substr(start, at.pos - start));
            at.advance();
            if (!test.doc) {
                test.doc = std::move(value);
            } else {
                test.metadata.push_back(Metadata{"", std::move(value)});
            }
            continue;
        }
        const std::size_t key_length = metadata_key_at(at.text, at.pos);
        if (key_length == 0) return;
        std::string key(at.text.substr(at.pos, key_length));
        while (at.peek() != '=') at.advance();
        at.advance();
        const std::size_t start = at.pos;
        while (!at.done() && at.peek() != '\n') at.advance();
        test.metadata.push_back(Metadata{std::move(key), trim_blanks(at.text.substr(start, at.pos - start))});
    }
}

// Where the initial state's '{' starts at or after 'from', skipping
// comments: the end of a header that Dartagnan's grammars read as any
// tokens but '{' ("LitmusLanguage ~(LBrace)*").  npos if there is none.
std::size_t initial_state_at(std::string_view text, std::size_t from) {
    for (std::size_t i = from; i < text.size(); ++i) {
        if (text[i] == '{') return i;
        if (const std::string_view close = comment_close(text.substr(i, 2)); !close.empty()) {
            const std::size_t end = text.find(close, i + 2);
            if (end == std::string_view::npos) return std::string_view::npos;
            i = end + close.size() - 1;
        }
    }
    return std::string_view::npos;
}

// Whether all of 'header' (the text between the name line and the initial
// state) reads as metadata; if so, 'test' gets it.
bool read_all_metadata(std::string_view header, LitmusTest& test) {
    LitmusTest probe;
    probe.source = test.source;
    RawCursor at{header};
    try {
        read_metadata(at, probe);
    } catch (const ParseError&) {
        return false;
    }
    at.skip_blank_lines();
    if (!at.done()) return false;
    test.doc = std::move(probe.doc);
    test.metadata = std::move(probe.metadata);
    return true;
}

// The header as Dartagnan's grammars read it ("LitmusLanguage ~(LBrace)*"):
// any text up to the initial state's '{'.  The text is metadata if all of
// it reads so (a "Key=Value" line swallows a '{' on its own line: "Cycle={
// x=0; }"), else a free header kept verbatim for the printer
// (LitmusTest::header_text; a quoted description with inner quotes is the
// case in the wild).  Returns false, leaving the cursor, when there is no
// '{' to skip to.
bool skip_free_header(RawCursor& at, LitmusTest& test) {
    const std::size_t brace = initial_state_at(at.text, at.pos);
    if (brace == std::string_view::npos) return false;
    test.doc.reset();
    test.metadata.clear();
    std::string_view raw = at.text.substr(at.pos, brace - at.pos);
    const auto space = [](char c) { return blank(c) || c == '\n'; };
    while (!raw.empty() && space(raw.front())) raw.remove_prefix(1);
    while (!raw.empty() && space(raw.back())) raw.remove_suffix(1);
    if (!read_all_metadata(raw, test)) test.header_text = std::string(raw);
    while (at.pos < brace) at.advance();
    return true;
}

// Adds the locations named by accesses, parameters and the condition that
// the init block did not declare, in order of first mention.
void collect_locations(LitmusTest& test) {
    auto note = [&](const std::string& name) {
        if (!test.find_alias(name)) detail::note_location(test.locations, name);
    };
    // A PTX 7.5 alias of a name that nothing declares aliases a location.
    for (const ProxyAlias& a : test.aliases) note(a.target);
    // AArch64, PPC and RISC-V name their locations through registers ("0:X1=x").
    if (assembly_syntax(test.dialect))
        for (const RegisterInit& r : test.register_inits)
            if (const auto* a = std::get_if<AddressOf>(&r.value)) note(a->location);
    for (const Thread& t : test.threads) {
        for (const Parameter& p : t.params) note(p.name);
        for (const Instruction& i : t.code)
            for (const std::string& name : accessed_locations(i)) note(name);
    }
    if (test.observed)
        for (const ObservedItem& item : *test.observed)
            if (const auto* m = std::get_if<MemoryRef>(&item)) note(m->location);
    std::vector<const CondExpr*> stack;
    if (test.condition) stack.push_back(&test.condition->expr);
    if (test.filter) stack.push_back(&*test.filter);
    // Iterative, so the traversal order is left to right: push children
    // reversed.  (Depth is bounded by the parser anyway.)
    std::vector<const CondExpr*> order;
    while (!stack.empty()) {
        const CondExpr* e = stack.back();
        stack.pop_back();
        order.push_back(e);
        for (auto it = e->operands.rbegin(); it != e->operands.rend(); ++it) stack.push_back(&*it);
    }
    for (const CondExpr* e : order) {
        if (e->kind != CondExpr::Kind::compare) continue;
        for (const Term* side : {&e->lhs, &e->rhs}) {
            if (const auto* m = std::get_if<MemoryRef>(side)) note(m->location);
            if (const auto* a = std::get_if<AddressOf>(side)) note(a->location);
        }
    }
}

}  // namespace

namespace detail {

bool reads_as_metadata(std::string_view header) {
    LitmusTest scratch;
    return read_all_metadata(header, scratch);
}

}  // namespace detail

LitmusTest parse_litmus(std::string_view text, std::string source) {
    LitmusTest test;
    test.source = source;
    RawCursor at{text};
    if (text.substr(0, 3) == "\xEF\xBB\xBF") at.pos = 3;  // a UTF-8 byte order mark
    read_name_line(at, test);
    if (test.dialect == Dialect::audala) {
        read_metadata(at, test);  // mapsound's own dialect: metadata only
    } else {
        // Metadata if it is well formed up to the initial state, else the
        // header as Dartagnan reads it.
        const RawCursor after_name = at;
        std::exception_ptr error;
        try {
            read_metadata(at, test);
        } catch (const ParseError&) {
            error = std::current_exception();
        }
        if (error || at.peek() != '{') {
            RawCursor retry = after_name;
            if (skip_free_header(retry, test)) {
                at = retry;
            } else if (error) {
                std::rethrow_exception(error);  // no initial state: the header's own error
            }
        }
    }

    Lexer lx(text, source, test.dialect, at.pos, at.line, at.column);
    if (test.dialect == Dialect::audala) {
        detail::parse_audala_body(lx, test);
    } else {
        std::vector<Token> register_tokens;
        detail::parse_init_block(lx, test, register_tokens);
        // herd7's older x86 tests end the init block with "};".
        if (test.dialect == Dialect::x86) lx.accept_punct(";");
        if (test.dialect == Dialect::ptx) {
            detail::parse_ptx_threads(lx, test);
        } else if (test.dialect == Dialect::x86) {
            detail::parse_x86_threads(lx, test);
        } else if (test.dialect == Dialect::aarch64) {
            detail::parse_aarch64_threads(lx, test);
        } else if (test.dialect == Dialect::ppc) {
            detail::parse_ppc_threads(lx, test);
        } else if (test.dialect == Dialect::riscv) {
            detail::parse_riscv_threads(lx, test);
        } else if (test.dialect == Dialect::vulkan) {
            detail::parse_vulkan_threads(lx, test);
        } else {
            detail::parse_c_threads(lx, test);
        }
        const int threads = static_cast<int>(test.threads.size());
        for (std::size_t i = 0; i < test.register_inits.size(); ++i)
            if (test.register_inits[i].thread >= threads)
                lx.fail(register_tokens[i], detail::thread_range(threads));
    }
    detail::parse_final_condition(lx, test);
    collect_locations(test);
    return test;
}

LitmusTest parse_litmus_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot open litmus file '" + path.string() + "'");
    std::ostringstream buf;
    buf << in.rdbuf();
    if (in.bad()) throw std::runtime_error("cannot read litmus file '" + path.string() + "'");
    return parse_litmus(buf.str(), path.string());
}

}  // namespace mapsound::litmus
