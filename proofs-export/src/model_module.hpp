// A .cat model as two Coq modules: the definitions (one Definition per
// `let`, a least fixpoint per `let rec`, one Definition per axiom, flag and
// requirement, the consistency predicate) and their decision procedures on
// finite executions with proved reflection lemmas (the *_dec module).  The
// execution vocabulary (lib/exec/vocabulary.cat) is translated the same way
// into MsVocabulary.v and MsVocabulary_dec.v; models read its names.
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
    std::string upper_id;  // the let holding its declared upper bound
    std::string bound_id;  // the requirement that it lies within the bound
};

// One generated definition, in file order.
struct ModelItem {
    enum class Kind { let, requirement, axiom, flag };
    Kind kind = Kind::let;
    std::string cat_name;  // as in the model (axioms: the `as` name or the engine's)
    std::string id;        // the Coq identifier
    int arity = 2;         // lets: 1 (set) or 2 (relation)
    bool recursive = false;
    // Whether the definition takes the model's witnesses: lets that read one
    // (directly or through another let), and every condition.
    bool reads_witness = true;
    // The ids of the lets and vocabulary names it reads directly, sorted.
    std::vector<std::string> deps;
};

struct ModelModule {
    std::string module;  // "Model_ptx_6_0" (files module.v, module_dec.v), or "MsVocabulary"
    bool vocabulary = false;  // the execution vocabulary itself
    std::string cat_path, title;
    std::vector<ModelWitness> witnesses;
    std::vector<ModelItem> items;
    std::vector<std::string> requirements;      // ids, in file order
    std::vector<std::string> consistent_parts;  // ids: requirements and axioms, in file order
    std::string definitions_text;  // module.v
    std::string decision_text;     // module_dec.v

    // The item for an axiom, flag or requirement named as the engine names
    // it; nullptr if none.
    const ModelItem* condition(const std::string& cat_name) const;
    // The item with this Coq identifier; nullptr if none.
    const ModelItem* item(const std::string& id) const;
    // The definition in force at the end of the model for a let's name;
    // nullptr if none.
    const ModelItem* final_let(const std::string& cat_name) const;
};

// "models/ptx-6.0.cat" from a full path: the file and the folder it is in.
// Generated files name their inputs so, never by an absolute path.
std::string display_path(const std::string& path);

// The module name for a model file: "Model_" + the identifier of its stem.
std::string model_module_name(const std::string& cat_path);

// The execution vocabulary (lib/exec/vocabulary.cat) as MsVocabulary.v and
// MsVocabulary_dec.v.
const ModelModule& vocabulary_module();

// Translates a parsed model, against the vocabulary.  Throws ExportError.
ModelModule translate_model(const model::CatModel& model, const std::string& generator_note);

}  // namespace mapsound::coq
