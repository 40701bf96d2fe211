// Which models can judge which dialects' programs (mapsound/litmus/dialects.hpp).
#include "mapsound/litmus/dialects.hpp"

#include <algorithm>
#include <set>


namespace mapsound::litmus {

namespace {

std::string joined(const std::vector<std::string>& names, const char* separator = ", ") {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : separator) + n;
    return out;
}

bool contains(const std::vector<std::string>& names, const std::string& n) {
    return std::find(names.begin(), names.end(), n) != names.end();
}

// The names the dialects set, once, beside the front ends that set them:
// expand_thread.cpp's tag_of (orders and scopes by instruction),
// qualifier_tags (tags) and the barrier instructions.  The tests check
// every event of the development suite against this table.
std::vector<std::string> vocabulary_table(Dialect d) {
    switch (d) {
        case Dialect::c:
            return {"NA", "RLX", "ACQ", "REL", "ACQ_REL", "SC", "CTA", "CLUSTER", "GPU", "SYS"};
        case Dialect::opencl:
            return {"NA", "RLX", "ACQ", "REL", "ACQ_REL", "SC", "CTA", "GPU", "SYS", "GLOBAL", "LOCAL", "BAR"};
        case Dialect::ptx:
            return {"WEAK", "RLX", "ACQ", "REL", "ACQ_REL", "SC", "CTA",   "CLUSTER",
                    "GPU",  "SYS", "SUR", "TEX", "CON",     "ALIAS", "BAR", "BAR_ARRIVE"};
        case Dialect::vulkan:
            return {"NA",     "RLX",    "ACQ",    "REL",    "ACQ_REL", "SG",    "CTA",    "QF",
                    "GPU",    "NONPRIV", "SC0",   "SC1",    "SC2",     "SC3",   "SEMSC0", "SEMSC1",
                    "SEMSC2", "SEMSC3", "AV",     "VIS",    "SEMAV",   "SEMVIS", "AVDEVICE", "VISDEVICE",
                    "BAR"};
        // x86 sets none: its accesses have no orders or scopes; what x86-TSO
        // reads (fences F, the events of an XCHG in RMW and rmw) every
        // dialect sets.
        case Dialect::audala:
        case Dialect::x86: return {};
        // AArch64: acquire (LDAR, A), release (STLR, L), both (LSE's AL
        // forms), and the tags of LDAPR, exclusives and barriers.
        case Dialect::aarch64: return {"ACQ", "REL", "ACQ_REL", "Q", "X", "dmb.full", "dmb.ld", "dmb.st", "ISB"};
        // PPC: its barriers; accesses carry no order.
        case Dialect::ppc: return {"SYNC", "LWSYNC", "ISYNC"};
        // RISC-V: .aq (ACQ), .rl (REL), .aq.rl (ACQ_REL), lr/sc (X), and
        // the fences by their sets (Fence.pr ... Fence.sw) or fence.tso.
        case Dialect::riscv:
            return {"ACQ", "REL", "ACQ_REL", "X", "Fence.pr", "Fence.pw", "Fence.sr", "Fence.sw", "Fence.tso"};
    }
    return {};
}

// The names dialect-specific at all: those some dialect sets and another
// does not.  A `needs` of any other primitive name (R, po, ...) holds for
// every dialect.
const std::set<std::string>& dialect_specific() {
    static const std::set<std::string> names = [] {
        std::set<std::string> out;
        for (Dialect d : all_dialects())
            for (const auto& n : dialect_vocabulary(d)) out.insert(n);
        return out;
    }();
    return names;
}

std::vector<std::string> dialects_setting(const std::string& name) {
    std::vector<std::string> out;
    for (Dialect d : all_dialects())
        if (contains(dialect_vocabulary(d), name)) out.emplace_back(to_string(d));
    return out;
}

}  // namespace

const std::vector<Dialect>& all_dialects() {
    // x86 last: a search for a dialect that a model judges prefers the
    // languages whose programs the checker and compare can also generate.
    static const std::vector<Dialect> all{Dialect::c, Dialect::opencl, Dialect::ptx, Dialect::vulkan,
                                          Dialect::audala, Dialect::x86, Dialect::aarch64,
                                          Dialect::ppc, Dialect::riscv};
    return all;
}

std::optional<Dialect> dialect_named(std::string_view name) {
    for (Dialect d : all_dialects())
        if (to_string(d) == name) return d;
    return std::nullopt;
}

const std::vector<std::string>& dialect_vocabulary(Dialect d) {
    static const std::vector<std::vector<std::string>> tables = [] {
        std::vector<std::vector<std::string>> out;
        for (Dialect x : {Dialect::ptx, Dialect::c, Dialect::audala, Dialect::opencl, Dialect::vulkan, Dialect::x86,
                          Dialect::aarch64, Dialect::ppc, Dialect::riscv})
            out.push_back(vocabulary_table(x));
        return out;
    }();
    return tables[static_cast<std::size_t>(d)];
}

const std::vector<std::string>& order_names() {
    static const std::vector<std::string> names{"NA", "WEAK", "RLX", "ACQ", "REL", "ACQ_REL", "SC"};
    return names;
}

std::string dialect_title(Dialect d) {
    switch (d) {
        case Dialect::c: return "C";
        case Dialect::opencl: return "OpenCL";
        case Dialect::ptx: return "PTX";
        case Dialect::vulkan: return "Vulkan";
        case Dialect::audala: return "AuDaLa";
        case Dialect::x86: return "x86";
        case Dialect::aarch64: return "AArch64";
        case Dialect::ppc: return "Power";
        case Dialect::riscv: return "RISC-V";
    }
    return "?";
}

std::optional<std::string> refusal(const model::Model& model, Dialect d) {
    return refusal(model, d, dialect_vocabulary(d), dialect_title(d) + " programs");
}

std::optional<std::string> refusal(const model::Model& model, Dialect d, const std::vector<std::string>& sets,
                                   const std::string& programs) {
    (void)d;
    std::vector<std::string> missing, descriptions, setters;
    for (const auto& need : model.needs()) {
        if (!dialect_specific().count(need.name) || contains(sets, need.name) || contains(missing, need.name))
            continue;
        missing.push_back(need.name);
        if (!need.description.empty() && !contains(descriptions, need.description))
            descriptions.push_back(need.description);
        for (const auto& s : dialects_setting(need.name))
            if (!contains(setters, s)) setters.push_back(s);
    }
    if (!missing.empty())
        return model.path() + " needs " + joined(missing) +
               (descriptions.empty() ? std::string() : " (" + joined(descriptions, "; ") + ")") + ", which " + programs +
               " never set" + (setters.empty() ? "" : " (the dialects that set them: " + joined(setters) + ")");

    std::vector<std::string> carried;
    for (const auto& o : order_names())
        if (contains(sets, o)) carried.push_back(o);
    const bool reads_orders = std::any_of(order_names().begin(), order_names().end(),
                                          [&](const std::string& o) { return model.names_mentioned().count(o) > 0; });
    if (!carried.empty() && !reads_orders) {
        const auto ignored = model.ignores();
        std::vector<std::string> unmentioned;
        for (const auto& o : carried)
            if (std::none_of(ignored.begin(), ignored.end(), [&](const model::DeclaredName& n) { return n.name == o; }))
                unmentioned.push_back(o);
        if (!unmentioned.empty()) {
            std::vector<std::string> judged;
            for (Dialect x : all_dialects()) {
                const auto& xs = dialect_vocabulary(x);
                if (std::none_of(order_names().begin(), order_names().end(),
                                 [&](const std::string& o) { return contains(xs, o); }))
                    judged.emplace_back(to_string(x));
            }
            return model.path() + " reads no memory order, so the orders of " + programs + " (" +
                   joined(carried) + ") would mean nothing to it; it judges programs without orders (" +
                   (judged.empty() ? std::string("none") : joined(judged)) +
                   "), or, if the orders are meant to be ignored, say so in the model: ignores " +
                   joined(unmentioned);
        }
    }
    return std::nullopt;
}

std::vector<Dialect> dialects_of(const model::Model& model) {
    std::vector<Dialect> out;
    for (Dialect d : all_dialects())
        if (!refusal(model, d)) out.push_back(d);
    return out;
}

}  // namespace mapsound::litmus
