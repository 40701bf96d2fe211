// What mapping and check files share: positions, the error type, reading
// files, and the names of kinds, orders and scopes as the files spell them.
#include <fstream>
#include <sstream>
#include <utility>

#include "mapping/lexer.hpp"
#include "mapsound/mapping.hpp"

namespace mapsound::mapping {

std::string Position::to_string() const {
    if (line <= 0) return file;
    return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

MappingError::MappingError(Position where, const std::string& message)
    : std::runtime_error(where.to_string() + ": " + message),
      where_(std::move(where)),
      message_(message) {}

std::string to_string(SourceKind kind) {
    switch (kind) {
    case SourceKind::read: return "R";
    case SourceKind::write: return "W";
    case SourceKind::rmw: return "RMW";
    case SourceKind::fence: return "F";
    }
    return "?";
}

std::string to_string(Instruction op) {
    switch (op) {
    case Instruction::ld: return "ld";
    case Instruction::st: return "st";
    case Instruction::atom: return "atom";
    case Instruction::fence: return "fence";
    }
    return "?";
}

std::string to_string(Expectation e) { return e == Expectation::holds ? "holds" : "fails"; }

std::string source_order_name(exec::Order order) {
    switch (order) {
    case exec::Order::none: return "none";
    case exec::Order::na: return "na";
    case exec::Order::weak: return "weak";
    case exec::Order::rlx: return "rlx";
    case exec::Order::acq: return "acq";
    case exec::Order::rel: return "rel";
    case exec::Order::acq_rel: return "acq_rel";
    case exec::Order::sc: return "sc";
    }
    return "?";
}

std::string ptx_semantics_name(exec::Order order) {
    switch (order) {
    case exec::Order::none: return "none";
    case exec::Order::na: return "na";
    case exec::Order::weak: return "weak";
    case exec::Order::rlx: return "relaxed";
    case exec::Order::acq: return "acquire";
    case exec::Order::rel: return "release";
    case exec::Order::acq_rel: return "acq_rel";
    case exec::Order::sc: return "sc";
    }
    return "?";
}

std::string scope_name(exec::Scope scope) {
    switch (scope) {
    case exec::Scope::none: return "none";
    case exec::Scope::sg: return "sg";
    case exec::Scope::cta: return "cta";
    case exec::Scope::cluster: return "cluster";
    case exec::Scope::qf: return "qf";
    case exec::Scope::gpu: return "gpu";
    case exec::Scope::sys: return "sys";
    }
    return "?";
}

exec::TagSet region_tags(exec::TagSet tags) {
    return tags & ((exec::tag_bit(exec::Tag::global)) | (exec::tag_bit(exec::Tag::local)));
}

std::string region_suffix(exec::TagSet regions) {
    std::string out;
    if ((regions >> static_cast<unsigned>(exec::Tag::global)) & 1U) out += ".global";
    if ((regions >> static_cast<unsigned>(exec::Tag::local)) & 1U) out += ".local";
    return out;
}

std::string SourceClass::to_string() const {
    std::string out = mapping::to_string(kind);
    if (order != exec::Order::none) out += "." + source_order_name(order);
    return out + region_suffix(regions);
}

std::string to_string(const std::vector<SourceClass>& classes) {
    std::string out;
    for (const auto& c : classes) out += (out.empty() ? "" : ", ") + c.to_string();
    return out;
}

std::vector<SourceClass> dialect_classes(litmus::Dialect dialect) {
    using exec::Order;
    std::vector<SourceClass> out;
    auto add = [&](SourceKind kind, std::initializer_list<Order> orders) {
        for (Order o : orders) out.push_back(SourceClass{kind, o});
    };
    switch (dialect) {
        case litmus::Dialect::c:
            add(SourceKind::read, {Order::na, Order::rlx, Order::acq, Order::sc});
            add(SourceKind::write, {Order::na, Order::rlx, Order::rel, Order::sc});
            add(SourceKind::rmw, {Order::rlx, Order::acq, Order::rel, Order::acq_rel, Order::sc});
            add(SourceKind::fence, {Order::acq, Order::rel, Order::acq_rel, Order::sc});
            break;
        case litmus::Dialect::opencl: {
            // C's classes, each access in one region, each fence for one or
            // both (atomic_work_item_fence's flags).
            const exec::TagSet global = exec::tag_bit(exec::Tag::global);
            const exec::TagSet local = exec::tag_bit(exec::Tag::local);
            for (const SourceClass& c : dialect_classes(litmus::Dialect::c)) {
                const std::vector<exec::TagSet> regions =
                    c.kind == SourceKind::fence ? std::vector<exec::TagSet>{global, local, global | local}
                                                : std::vector<exec::TagSet>{global, local};
                for (exec::TagSet r : regions) out.push_back(SourceClass{c.kind, c.order, r});
            }
            break;
        }
        case litmus::Dialect::ptx:
            add(SourceKind::read, {Order::weak, Order::rlx, Order::acq});
            add(SourceKind::write, {Order::weak, Order::rlx, Order::rel});
            add(SourceKind::rmw, {Order::rlx, Order::acq, Order::rel, Order::acq_rel});
            add(SourceKind::fence, {Order::acq, Order::rel, Order::acq_rel, Order::sc});
            break;
        case litmus::Dialect::audala:
            add(SourceKind::read, {Order::none});
            add(SourceKind::write, {Order::none});
            break;
        case litmus::Dialect::vulkan: break;
        case litmus::Dialect::x86:  // litmus dialects only: no source classes
        case litmus::Dialect::aarch64:
        case litmus::Dialect::ppc:
        case litmus::Dialect::riscv: break;
    }
    return out;
}

std::optional<SourceClass> parse_source_class(std::string_view text) {
    const auto dot = text.find('.');
    const std::string_view kind = text.substr(0, dot);
    SourceClass c;
    if (kind == "R") c.kind = SourceKind::read;
    else if (kind == "W") c.kind = SourceKind::write;
    else if (kind == "RMW") c.kind = SourceKind::rmw;
    else if (kind == "F") c.kind = SourceKind::fence;
    else return std::nullopt;
    if (dot == std::string_view::npos) return c;
    std::string_view rest = text.substr(dot + 1);
    auto next_part = [&] {
        const auto d = rest.find('.');
        const std::string_view part = rest.substr(0, d);
        rest = d == std::string_view::npos ? std::string_view() : rest.substr(d + 1);
        return part;
    };
    std::string_view part = next_part();
    for (exec::Order o : {exec::Order::na, exec::Order::weak, exec::Order::rlx, exec::Order::acq, exec::Order::rel,
                          exec::Order::acq_rel, exec::Order::sc})
        if (part == source_order_name(o)) {
            c.order = o;
            part = rest.empty() ? std::string_view() : next_part();
            break;
        }
    // Regions: global, then local, each at most once.
    for (const auto& [word, tag] : {std::pair{std::string_view("global"), exec::Tag::global},
                                    std::pair{std::string_view("local"), exec::Tag::local}}) {
        if (part != word) continue;
        c.regions |= exec::tag_bit(tag);
        part = rest.empty() ? std::string_view() : next_part();
    }
    if (!part.empty() || !rest.empty()) return std::nullopt;
    return c;
}

bool Exclusion::covers(const SourceClass& c) const {
    return (!kind || *kind == c.kind) && (!order || *order == c.order) && (c.regions & regions) == regions;
}

Exclusion Exclusion::of(const SourceClass& c, std::string reason) {
    Exclusion e;
    e.kind = c.kind;
    e.order = c.order == exec::Order::none ? std::nullopt : std::optional<exec::Order>(c.order);
    e.regions = c.regions;
    e.text = c.to_string();
    e.reason = std::move(reason);
    return e;
}

std::optional<Exclusion> parse_exclusion(std::string_view text) {
    Exclusion e;
    e.text = std::string(text);
    const auto dot = text.find('.');
    const std::string_view head = text.substr(0, dot);
    if (head != "*") {
        const auto c = parse_source_class(head);
        if (!c) return std::nullopt;
        e.kind = c->kind;
    }
    if (dot == std::string_view::npos) return e;
    // The rest is a class's order and regions (parse_source_class's).
    const auto rest = parse_source_class("R." + std::string(text.substr(dot + 1)));
    if (!rest) return std::nullopt;
    if (rest->order != exec::Order::none) e.order = rest->order;
    e.regions = rest->regions;
    return e;
}

namespace detail {

std::string read_file(const std::filesystem::path& path) {
    // A directory opens as a stream on Linux but cannot be read: say so.
    if (std::filesystem::is_directory(path))
        throw MappingError(Position{path.string(), 0, 0}, "is a directory, not a file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw MappingError(Position{path.string(), 0, 0}, "cannot open the file");
    std::ostringstream contents;
    contents << in.rdbuf();
    if (in.bad()) throw MappingError(Position{path.string(), 0, 0}, "cannot read the file");
    return contents.str();
}

std::filesystem::path normalized_absolute(const std::filesystem::path& path) {
    return std::filesystem::absolute(path).lexically_normal();
}

}  // namespace detail

}  // namespace mapsound::mapping
