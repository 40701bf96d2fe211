// Concrete finite executions as Coq terms (see concrete.hpp).
#include "concrete.hpp"

#include <stdexcept>

#include "identifier.hpp"

namespace mapsound::coq {

namespace {

std::string atom(const std::string& prefix, std::size_t i) { return prefix + std::to_string(i); }

}  // namespace

std::vector<std::pair<std::string, std::string>> bexecution_fields() {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& name : exec::primitive_names())
        if (name != "_") out.emplace_back(name, "b" + vocabulary_identifier(name));
    return out;
}

std::map<std::string, rel::TupleSet> primitive_facts(const exec::PreExecution& x, const rel::TupleSet& rf) {
    const rel::Relation rf_relation = rel::Relation::binary("rf");
    const model::Vocabulary v = exec::vocabulary_of(x, rf_relation);
    rel::Instance instance(exec::universe_of(x));
    instance.set(rf_relation, rf);
    std::map<std::string, rel::TupleSet> out;
    for (const auto& name : exec::primitive_names())
        if (name != "_") out.emplace(name, rel::evaluate(v.at(name), instance));
    return out;
}

std::string event_type_text(const std::string& type, const std::string& prefix, std::size_t n,
                            const std::string& fin) {
    if (n == 0) throw std::invalid_argument("an event type needs at least one event");
    std::string o = "Inductive " + type + " := ";
    for (std::size_t i = 0; i < n; ++i) o += (i ? " | " : "") + atom(prefix, i);
    o += ".\nDefinition " + type + "_index (x : " + type + ") : nat :=\n  match x with";
    for (std::size_t i = 0; i < n; ++i) o += (i ? " | " : " ") + atom(prefix, i) + " => " + std::to_string(i);
    o += " end.\nDefinition " + type + "_of (k : nat) : " + type + " :=\n  match k with";
    for (std::size_t i = 0; i < n; ++i) o += (i ? " | " : " ") + std::to_string(i) + " => " + atom(prefix, i);
    o += " | _ => " + atom(prefix, 0) + " end.\n";
    o += "Lemma " + type + "_of_index : forall x, " + type + "_of (" + type + "_index x) = x.\n"
         "Proof. destruct x; reflexivity. Qed.\n";
    o += "Lemma " + type + "_index_bound : forall x, Nat.ltb (" + type + "_index x) " + std::to_string(n) +
         " = true.\nProof. destruct x; reflexivity. Qed.\n";
    o += "Definition " + fin + " : finite " + type + " :=\n  finite_of_index " + type + "_index " + type + "_of " +
         std::to_string(n) + " " + type + "_of_index " + type + "_index_bound.\n\n";
    return o;
}

std::string tuples_text(const rel::TupleSet& t, const std::string& prefix) {
    if (t.arity() == 1) {
        if (t.empty()) return "(fun _ => false)";
        if (t.size() == t.capacity()) return "(fun _ => true)";
        std::string s = "(fun x => match x with";
        bool first = true;
        for (std::size_t i : t.indices()) {
            s += (first ? " " : " | ") + atom(prefix, i);
            first = false;
        }
        return s + " => true | _ => false end)";
    }
    if (t.empty()) return "(fun _ _ => false)";
    if (t.size() == t.capacity()) return "(fun _ _ => true)";
    const std::size_t n = t.universe_size();
    std::string s = "(fun x y => match x, y with";
    bool first = true;
    for (std::size_t i : t.indices()) {
        s += (first ? " " : " | ") + atom(prefix, i / n) + ", " + atom(prefix, i % n);
        first = false;
    }
    return s + " => true | _, _ => false end)";
}

std::string bexecution_text(const std::string& name, const std::string& type, const std::string& prefix,
                            const std::map<std::string, rel::TupleSet>& facts) {
    std::string o = "Definition " + name + " : BExecution " + type + " := {|";
    bool first = true;
    for (const auto& [primitive, field] : bexecution_fields()) {
        auto it = facts.find(primitive);
        if (it == facts.end()) throw std::invalid_argument("no value for the primitive '" + primitive + "'");
        o += (first ? "\n  " : ";\n  ") + field + " := " + tuples_text(it->second, prefix);
        first = false;
    }
    return o + " |}.\n";
}

std::string map_text(const std::vector<std::pair<int, int>>& pairs, const std::string& source_prefix,
                     const std::string& target_prefix) {
    if (pairs.empty()) return "(fun _ _ => false)";
    std::string s = "(fun x y => match x, y with";
    bool first = true;
    for (auto [a, b] : pairs) {
        s += (first ? " " : " | ") + atom(source_prefix, static_cast<std::size_t>(a)) + ", " +
             atom(target_prefix, static_cast<std::size_t>(b));
        first = false;
    }
    return s + " => true | _, _ => false end)";
}

}  // namespace mapsound::coq
