// Loading a check and validating it against its models and mapping before
// any search (see checker_impl.hpp).
#include <algorithm>
#include <set>
#include <stdexcept>

#include "check/checker_impl.hpp"
#include "mapsound/litmus/dialects.hpp"

namespace mapsound::check {

namespace {

// The dialects the checker can generate source programs of, for checks
// whose file names none, in the order it tries them.
const std::vector<litmus::Dialect> kCheckSourceDialects = {litmus::Dialect::c, litmus::Dialect::opencl,
                                                           litmus::Dialect::audala};

}  // namespace

Checker::Impl::Impl(mapping::CheckDefinition d, mapping::Mapping m, litmus::Dialect target_language,
                    bool generated_target)
    : definition(std::move(d)),
      source(model::Model::load(definition.source_model)),
      target(model::Model::load(definition.target_model)),
      mapping(std::move(m)),
      target_dialect(target_language),
      generated_target_(generated_target) {
    source_dialect = resolve_dialects();
    classes = searched_classes();
    lowering = lay_out(mapping, classes);
    // What the source model reads decides what the programs vary in.  A
    // source that reads no scopes runs every thread in one CTA of one
    // GPU (one device: the AuDaLa and de-scoped C++ settings), even if
    // the mapping gives instructions a narrower scope than .sys.
    exec::PreExecution empty;
    const auto probe = source.instantiate(exec::vocabulary_of(empty, rel::Relation::binary("rf")));
    settings.scoped = uses_any(probe, exec::scope_names());
    settings.cluster = settings.scoped && definition.cluster_level;
    settings.one_gpu = settings.scoped && definition.one_gpu;
    settings.dependencies = uses_any(probe, kDependencyNames);
    for (const auto& f : probe.flags) source_flags.insert(f.name);
    settings.lift = definition.lift;
    // No axiom line: every axiom and flag of the source model (but the
    // race-free flag), with no expectation.
    if (definition.axioms.empty()) {
        for (const auto* list : {&probe.axioms, &probe.flags})
            for (const auto& a : *list)
                if (a.name != definition.race_free_flag.value_or(""))
                    definition.axioms.push_back(
                        mapping::AxiomExpectation{a.name, mapping::Expectation::holds, false, std::nullopt, 0, {}});
        if (definition.axioms.empty())
            throw mapping::MappingError(at(definition.source_at), "the source model " + definition.source_model +
                                                                      " has no axiom to check");
    }
    validate(probe);
}

mapping::Position Checker::Impl::at(const mapping::Position& p) const {
    return p.file.empty() ? mapping::Position{definition.path, 0, 0} : p;
}

litmus::Dialect Checker::Impl::resolve_dialects() const {
    const auto& d = definition;
    auto refusal_of = [](const model::Model& m, litmus::Dialect x) { return Checker::refusal(m, x); };
    // The compiled programs are the dialect's, whatever tags the rules
    // choose; generated ones are the search's.
    const auto target_refusal =
        generated_target_ ? refusal_of(target, target_dialect) : litmus::refusal(target, target_dialect);
    if (auto why = target_refusal)
        throw mapping::MappingError(at(d.target_at), "the target model cannot judge the compiled programs: " +
                                                         *why + " (the mapping's rules write " +
                                                         litmus::dialect_title(target_dialect) +
                                                         " instructions: its `target` line says which dialect)");
    litmus::Dialect chosen = litmus::Dialect::c;
    if (d.dialect) {
        chosen = *d.dialect;
        if (mapping::dialect_classes(chosen).empty())
            throw mapping::MappingError(at(d.dialect_at), "the checker does not generate " +
                                                              litmus::dialect_title(chosen) + " programs yet");
        if (auto why = refusal_of(source, chosen))
            throw mapping::MappingError(at(d.dialect_at), "the source model cannot judge " +
                                                              litmus::dialect_title(chosen) + " programs: " + *why);
    } else {
        std::string reasons;
        bool found = false;
        for (litmus::Dialect x : kCheckSourceDialects) {
            const auto why = refusal_of(source, x);
            if (!why) {
                chosen = x;
                found = true;
                break;
            }
            reasons += (reasons.empty() ? "" : "; ") + *why;
        }
        if (!found)
            throw mapping::MappingError(at(d.source_at),
                                        "the source model judges none of the dialects the checker generates "
                                        "programs of (c, opencl, audala): " + reasons);
    }
    return chosen;
}

std::vector<mapping::SourceClass> Checker::Impl::searched_classes() const {
    const auto& d = definition;
    const std::string title = litmus::dialect_title(source_dialect);
    const std::vector<mapping::SourceClass> all = mapping::dialect_classes(source_dialect);
    auto in = [](const std::vector<mapping::SourceClass>& list, const mapping::SourceClass& c) {
        return std::find(list.begin(), list.end(), c) != list.end();
    };
    std::vector<mapping::SourceClass> excluded;
    for (const auto& e : d.exclusions) {
        bool any = false;
        for (const auto& c : all)
            if (e.covers(c)) {
                any = true;
                if (!in(excluded, c)) excluded.push_back(c);
            }
        if (!any)
            throw mapping::MappingError(e.where, "'exclude " + e.text + "': " + title +
                                                     " programs have no class it covers (their classes: " +
                                                     mapping::to_string(all) + ")");
    }
    const bool ordered = std::any_of(all.begin(), all.end(),
                                     [](const mapping::SourceClass& c) { return c.order != exec::Order::none; });
    for (const auto& rule : mapping.rules) {
        const bool applies = std::any_of(all.begin(), all.end(),
                                         [&](const mapping::SourceClass& c) { return rule.matches(c.kind, c.order, c.regions); });
        if (applies) continue;
        const mapping::Position where{mapping.path, rule.line, 1};
        if (!ordered && rule.order)
            throw mapping::MappingError(where, "rule " + rule.source_text() + ": " + title +
                                                   " events carry no memory order, so the rule never applies "
                                                   "(write '" + mapping::to_string(rule.source) + " -> ...')");
        throw mapping::MappingError(where, "rule " + rule.source_text() + ": " + title +
                                               " programs have no such events (their classes: " +
                                               mapping::to_string(all) + ")");
    }
    std::vector<mapping::SourceClass> searched, missing;
    for (const auto& c : all) {
        if (in(excluded, c)) continue;
        const mapping::Rule* rule = mapping.rule_for(c.kind, c.order, c.regions);
        if (!rule) {
            missing.push_back(c);
            continue;
        }
        for (const auto& op : rule->targets)
            if (op.scope_from_source && !exec::has_scope(c.order))
                throw mapping::MappingError(
                    op.where, "'" + op.to_string() + "' passes the source event's scope ($sco) on, but the rule " +
                                  rule->source_text() + " also covers " + c.to_string() +
                                  ", whose events have no scope: give the instruction a fixed scope, or write a "
                                  "rule of its own for " + c.to_string());
        searched.push_back(c);
    }
    if (!missing.empty()) {
        const std::string first = missing.front().to_string();
        throw mapping::MappingError(
            at(d.mapping_at),
            "the mapping " + d.mapping + " has no rule for " + title + " events of class " + mapping::to_string(missing) +
                ", so the search would leave every program with one out: add a rule for each (" + first +
                " -> ...) or exclude the class in the check file ('exclude " + first + "  # why')");
    }
    return searched;
}

void Checker::Impl::validate(const model::ModelInstance& probe) const {
    const auto& d = definition;
    std::string names;
    for (const auto* list : {&probe.axioms, &probe.flags})
        for (const auto& a : *list) names += (names.empty() ? "" : ", ") + a.name;
    for (const auto& a : d.axioms) {
        const bool found = a.name == kWholeModel || source_flags.count(a.name) ||
                           std::any_of(probe.axioms.begin(), probe.axioms.end(),
                                       [&](const model::Axiom& x) { return x.name == a.name; });
        if (!found)
            throw mapping::MappingError(at(a.where), "the source model " + d.source_model +
                                                         " has no axiom or flag '" + a.name + "'; it has " + names);
    }
    if (d.race_free_flag && !source_flags.count(*d.race_free_flag)) {
        std::string flags;
        for (const auto& f : probe.flags) flags += (flags.empty() ? "" : ", ") + f.name;
        throw mapping::MappingError(at(d.race_free_at), "the source model " + d.source_model + " has no flag '" +
                                                            *d.race_free_flag + "' (its flags: " +
                                                            (flags.empty() ? "none" : flags) + ")");
    }
    // The lift reads both models' coherence, and with `extends` their fr.
    exec::PreExecution empty;
    const auto target_probe = target.instantiate(exec::vocabulary_of(empty, rel::Relation::binary("rf")));
    for (const auto& [model, side, where, path] :
         {std::tuple{&probe, "source", d.source_at, d.source_model},
          std::tuple{&target_probe, "target", d.target_at, d.target_model}}) {
        const bool co = std::any_of(model->witnesses.begin(), model->witnesses.end(),
                                    [](const model::Witness& w) { return w.name == "co"; });
        if (!co)
            throw mapping::MappingError(at(where), std::string("the ") + side + " model " + path +
                                                       " has no 'witness co', which the lift of the check needs");
        if (d.lift == mapping::Lift::extends && !model->definitions.count("fr"))
            throw mapping::MappingError(at(where), std::string("the ") + side + " model " + path +
                                                       " defines no 'fr', which the lift 'extends' needs");
    }
}

}  // namespace mapsound::check
