// The part of a thread printer that the C and AuDaLa printers share: both
// parsers lower `if` statements to the same Branch/Goto/Label shapes, so
// turning exactly those shapes back into `if` is done once, here.
// Internal to the litmus front end.
#pragma once

#include <cstddef>
#include <sstream>
#include <string>

#include "mapsound/litmus/program.hpp"

namespace mapsound::litmus::detail {

class IfPrinter {
protected:
    explicit IfPrinter(const Thread& thread) : thread_(thread) {}
    ~IfPrinter() = default;

    // Appends 'text' to the body, indented two spaces per depth.
    void line(int depth, const std::string& text);

    // If the Branch 'b' at code[i] starts an `if` of the parsers' shape
    // within code[i, end), prints it (head, then-part, else-part if any) and
    // advances i past it; otherwise prints nothing and returns false.  The
    // shapes (see c_parser.cpp, audala_parser.cpp): a Branch to "__end<k>"
    // whose label follows, or a Branch to "__else<k>" whose label is
    // preceded by "goto __end<k>", with k the number of `if`s printed so far
    // in the thread.
    bool structured_if(const Branch& b, std::size_t& i, std::size_t end, int depth);

    // The "if (...) {" line for 'b', which jumps past the then-part.
    virtual std::string if_head(const Branch& b) = 0;
    // Prints code[begin, end) at 'depth'.
    virtual void block(std::size_t begin, std::size_t end, int depth) = 0;

    const Thread& thread_;
    std::ostringstream body_;

private:
    int ifs_ = 0;
};

}  // namespace mapsound::litmus::detail
