// Mixed-size programs (AArch64): a location accessed in parts is torn into
// pieces, as Dartagnan reads herd7's mixed-size semantics.  Internal to the
// litmus front end.
//
// Every location is split at every byte boundary of an access to it (an
// access starting or ending there); each piece is a location of its own,
// "x+4" for the bytes of x from 4 on.  An access that covers several
// pieces becomes one access per piece, each with the instruction's order
// and tags and Qualifiers::piece_of set to the instruction's index in its
// thread: litmus mode then leaves the pieces of one instruction out of po
// and relates them by the vocabulary's si (same instruction), the two
// facts aarch64.cat reads about them.  A load's register is the pieces'
// values put together (little-endian), a store writes each piece its
// slice of the value, by register arithmetic, so dependencies flow as they
// do through the whole register (a register that only the final condition
// reads is not put together: the condition compares each piece's register
// with its slice, which keeps the pieces' loads free reads).  Initial
// values are sliced the same way.  A read-modify-write over several pieces
// is one per piece, rmw pairing the i-th piece read with the i-th piece
// written: an exclusive pair's load and store are torn like a load and a
// store, and its store succeeds or fails as a whole (litmus expansion: the
// first piece decides, the later ones follow); an LSE swap or bitwise
// atomic is one atomic per piece, its operand sliced, its old value put
// together.
// The condition's, filter's and locations clause's memory terms name the
// pieces: "x = v" is every piece equal to its slice of v.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mapsound/litmus/program.hpp"

namespace mapsound::litmus::detail {

// The bytes an access covers: its written size (Qualifiers::access_size),
// a word (4) when it has none.
int access_bytes(const Qualifiers& q);

// The width in bytes of a fixed-width integer type (uint8_t ... uint64_t,
// int8_t ...); nullopt for any other type and for none (an untyped
// location takes the size its accesses give it).
std::optional<int> declared_bytes(const std::string& type);

// 'test' with its mixed-size locations torn into pieces (above); a copy of
// 'test' when mixed_size_access(test) is nullopt.  A mixed-size program of
// another dialect than AArch64 is refused (std::runtime_error).  The result is never a
// mixed-size program.  Throws std::runtime_error "<source>: test '<name>':
// a mixed-size program (...): <what>" for what tearing does not cover: an
// access through a computed address, an LSE atomic that does not act on
// each byte alone (an addition, a maximum: the carry crosses the pieces) or
// a compare-and-swap over more than one piece, an array location,
// a location whose initial value is an address, an access past the end of
// its location's declared type, and a condition that compares a torn
// location other than with = or != against a constant.
LitmusTest tear_mixed_size(const LitmusTest& test);

// How the final state of a torn program is shown whole, as herd7 shows
// it: each torn location (each element of a torn array) and each register
// the condition compares piece by piece is its parts put together, every
// part shifted to the byte it starts at; a part is a piece's cell or
// register, or, for a piece no access covers, its initial bytes.
struct Reassembly {
    struct Part {
        std::string name;  // a piece's location or register; empty: 'constant'
        int from = 0;      // the byte of the whole it starts at
        std::int64_t constant = 0;
    };
    struct Whole {
        int thread = -1;   // a register's thread; -1: a location
        std::string name;  // "x", "x[2]", "X6"
        std::vector<Part> parts;
    };
    std::vector<Whole> wholes;  // none when nothing is torn (or a whole is wider than 8 bytes)
};

// tear_mixed_size's result and how its final states are shown whole.
struct TornTest {
    LitmusTest test;
    Reassembly reassembly;
};
TornTest tear_for_run(const LitmusTest& test);

}  // namespace mapsound::litmus::detail
