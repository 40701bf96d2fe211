// Pieces of the printer shared by the dialects, and the dialect-specific
// thread printers.  Internal to the litmus front end.
#pragma once

#include <string>

#include "mapsound/litmus/program.hpp"

namespace mapsound::litmus::detail {

// Throws std::invalid_argument "cannot print <test name> as <dialect>: <why>".
[[noreturn]] void unprintable(const LitmusTest& test, const std::string& why);

// An integer constant or a register name.
std::string print_operand(const Operand& o);

// Comparison operators as final conditions write them: '==' for equality in
// PTX ("x == 1"), '=' in C and AuDaLa ("x=1", "x = 1"); the others alike.
std::string print_cmp(CmpOp op, Dialect dialect);

// Thread headers and bodies, each ending in a newline.
std::string print_ptx_threads(const LitmusTest& test);
std::string print_c_threads(const LitmusTest& test);
// Vulkan's ssw block (if any) and its threads (print_vulkan.cpp).
std::string print_vulkan_threads(const LitmusTest& test);
// x86's columns of MOV, XCHG and MFENCE (print_x86.cpp).
std::string print_x86_threads(const LitmusTest& test);
// AArch64's columns (print_aarch64.cpp).
std::string print_aarch64_threads(const LitmusTest& test);
// PPC's columns (print_ppc.cpp).
std::string print_ppc_threads(const LitmusTest& test);
// RISC-V's columns (print_riscv.cpp).
std::string print_riscv_threads(const LitmusTest& test);
// AuDaLa's init block of globals and its instances.
std::string print_audala_body(const LitmusTest& test);

}  // namespace mapsound::litmus::detail
