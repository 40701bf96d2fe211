// A .cat model as two Coq modules: the definitions (one Definition per
// `let`, a least fixpoint per `let rec`, one Definition per axiom, flag and
// requirement, the consistency predicate) and their decision procedures on
// finite executions with proved reflection lemmas (the *_dec module).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "model/cat_ast.hpp"

namespace mapsound::coq {

// A model construct the exporter cannot translate (a function, a mutually
// recursive let rec, ...).  what() is "file:line:col: message".
class ExportError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct ModelWitness {
    std::string cat_name, id;
    int arity = 2;
};

// One generated definition, in file order.
struct ModelItem {
    enum class Kind { let, requirement, axiom, flag };
    Kind kind = Kind::let;
    std::string cat_name;  // as in the model (axioms: the `as` name or the engine's)
    std::string id;        // the Coq identifier
    int arity = 2;         // lets: 1 (set) or 2 (relation)
    bool recursive = false;
    std::vector<std::string> deps;  // ids of the lets it reads directly, sorted
};

struct ModelModule {
    std::string module;  // "Model_ptx_6_0": file module.v and module_dec.v
    std::string cat_path, title;
    std::vector<ModelWitness> witnesses;
    std::vector<ModelItem> items;
    std::vector<std::string> consistent_parts;  // ids: requirements, then axioms
    std::string definitions_text;  // module.v
    std::string decision_text;     // module_dec.v

    // The item for an axiom, flag or requirement named as the engine names
    // it; nullptr if none.
    const ModelItem* condition(const std::string& cat_name) const;
};

// The module name for a model file: "Model_" + the identifier of its stem.
std::string model_module_name(const std::string& cat_path);

// Translates a parsed model.  Throws ExportError.
ModelModule translate_model(const model::CatModel& model, const std::string& generator_note);

}  // namespace mapsound::coq
