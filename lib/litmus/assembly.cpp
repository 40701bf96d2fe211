// What the assembly dialects share (assembly.hpp).
#include "litmus/assembly.hpp"

#include <cctype>

#include "litmus/columns.hpp"
#include "litmus/printer_common.hpp"

namespace mapsound::litmus::detail {

std::string upper(std::string_view w) {
    std::string s(w);
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

bool AssemblyThread::label_cell(Lexer& lx, std::vector<Instruction>& code) {
    if (lx.peek().kind != TokenKind::identifier || !lx.peek(1).is_punct(":")) return false;
    const Token name = lx.next();
    lx.next();
    labels.define(lx, name, name.text);
    code.push_back(Label{name.text});
    return lx.peek().is_punct("|") || lx.peek().is_punct(";");
}

std::string AssemblyThread::jump_target(Lexer& lx) {
    const Token name = lx.expect_identifier("a label");
    labels.use(name, name.text);
    return name.text;
}

Address AssemblyThread::through(Lexer& lx, const Token& at, const Register& base) const {
    if (auto it = pointers.find(base.name); it != pointers.end()) return it->second;
    if (!computed.count(base.name))
        lx.fail(at, "a register holding a location's address (\"0:" + base.name +
                        "=x\" in the initial state, or loaded or computed before)");
    Address a;
    a.pointer = base;
    return a;
}

std::vector<AssemblyThread> assembly_threads(const LitmusTest& test) {
    std::vector<AssemblyThread> threads(test.threads.size());
    for (const RegisterInit& r : test.register_inits)
        if (const auto* a = std::get_if<AddressOf>(&r.value);
            a && r.thread >= 0 && static_cast<std::size_t>(r.thread) < threads.size())
            threads[static_cast<std::size_t>(r.thread)].pointers[r.reg.name] = Address{a->location, std::nullopt};
    return threads;
}

void parse_assembly_columns(Lexer& lx, LitmusTest& test,
                            const std::function<void(AssemblyThread&, std::vector<Instruction>&)>& instruction) {
    parse_column_header(lx, test);
    std::vector<AssemblyThread> threads = assembly_threads(test);
    parse_column_rows(lx, test, [&](std::size_t column) {
        AssemblyThread& t = threads[column];
        std::vector<Instruction>& code = test.threads[column].code;
        if (!t.label_cell(lx, code)) instruction(t, code);
    });
    for (const AssemblyThread& t : threads) t.labels.check(lx);
}

std::map<std::string, std::string> pointer_registers(const LitmusTest& test, int thread) {
    std::map<std::string, std::string> out;
    for (const RegisterInit& r : test.register_inits)
        if (const auto* a = std::get_if<AddressOf>(&r.value); a && r.thread == thread) out.emplace(a->location, r.reg.name);
    return out;
}

std::string print_assembly_columns(const LitmusTest& test, const std::string& dialect,
                                   const std::function<CellPrinter(int thread)>& printer_for) {
    if (test.threads.empty()) unprintable(test, "a test in " + dialect + " needs at least one thread");
    std::vector<std::vector<std::string>> cells;
    for (const Thread& t : test.threads) {
        if (!t.params.empty()) unprintable(test, dialect + " threads have no parameters");
        if (t.placement) unprintable(test, dialect + " threads have no placement");
        std::vector<std::string> column{"P" + std::to_string(t.id)};
        const CellPrinter printer = printer_for(t.id);
        for (const Instruction& i : t.code)
            for (std::string& c : printer(i)) column.push_back(std::move(c));
        cells.push_back(std::move(column));
    }
    return print_columns(cells);
}

}  // namespace mapsound::litmus::detail
