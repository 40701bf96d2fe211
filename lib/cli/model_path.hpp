// Finding a model by name, as herd7 finds its .cat files: `--model rc11`
// as well as `--model models/rc11.cat`.
#pragma once

#include <string>
#include <vector>

namespace mapsound::cli {

// The folders a model name is looked up in, in order: each entry of
// $MAPSOUND_MODEL_PATH (colon-separated), the installed models beside the
// running tool (<bin>/../share/mapsound/models), those of the configured
// install prefix, the source tree's models/.
std::vector<std::string> model_search_path();

// 'given' itself when it names an existing file or contains a '/'; else
// the first NAME.cat (NAME.cat as given when it ends in .cat) in
// model_search_path().  Throws std::runtime_error naming 'given' and every
// folder searched when none has it.
std::string resolve_model(const std::string& given);

}  // namespace mapsound::cli
