// One event of an execution as an instruction of a litmus dialect: what
// each dialect can write (orders, scopes, tags), and the instruction that
// writes it.  The seam of execution_litmus.cpp that knows the dialects'
// instruction forms; the rest of it (registers, dependencies, branches,
// the condition) is the same for all.
#pragma once

#include <string>

#include "mapsound/exec.hpp"
#include "mapsound/litmus/program.hpp"

namespace mapsound::check::detail {

// "C", "PTX", "AuDaLa", "OPENCL", "Vulkan": the dialect in messages.
std::string dialect_name(litmus::Dialect d);

// Dialects whose registers are r<digits> and whose code is columns (PTX,
// Vulkan), as against C-like ones.
bool column_dialect(litmus::Dialect d);

// Why dialect 'd' cannot write thread event 'v' ('rmw': it is the read of
// a read-modify-write), or empty when it can.
std::string inexpressible(litmus::Dialect d, const exec::Event& v, bool rmw);

litmus::Scope litmus_scope(exec::Scope s);
litmus::MemoryOrder memory_order(exec::Order o);

// The instructions of read, write, read-modify-write and fence events.
litmus::Instruction load_instruction(litmus::Dialect d, const exec::Event& v, litmus::Register dest, litmus::Address a);
litmus::Instruction store_instruction(litmus::Dialect d, const exec::Event& v, litmus::Address a, litmus::Operand value);
litmus::Instruction rmw_instruction(litmus::Dialect d, const exec::Event& v, litmus::Register dest, litmus::Address a,
                                    litmus::Operand value);
litmus::Instruction fence_instruction(litmus::Dialect d, const exec::Event& v);

}  // namespace mapsound::check::detail
