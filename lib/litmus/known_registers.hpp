// What tearing (tear.hpp) needs to know of a thread's registers: which
// register an instruction writes, and the values its code fixes.  Internal
// to the litmus front end.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "mapsound/litmus/program.hpp"

namespace mapsound::litmus::detail {

// The register instruction 'i' writes: a load's, read-modify-write's,
// compare-exchange's or register operation's destination, an exclusive
// store's status register; nullopt for every other instruction.
std::optional<std::string> register_written(const Instruction& i);

// The value a register certainly holds before each instruction of a
// thread, where the code fixes it: initial values, constants moved in,
// arithmetic on known values (move, add, sub, and, or, xor), and "EOR
// Xd,Xn,Xn" (0 whatever Xn holds), which is how diy writes address
// dependencies.  Knowledge is dropped at every label (a jump may arrive
// with other values; registers no instruction writes keep their initial
// value), and a register an instruction loads into becomes unknown.
class KnownRegisters {
public:
    KnownRegisters(const LitmusTest& test, const Thread& thread);

    // The value 'o' certainly has before instruction 'pc' of the thread,
    // if its code fixes it.
    std::optional<std::int64_t> before(std::size_t pc, const Operand& o) const;

private:
    std::vector<std::map<std::string, std::int64_t>> before_;
};

}  // namespace mapsound::litmus::detail
