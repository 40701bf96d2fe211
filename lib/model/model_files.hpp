// Reading model files for the parser: whole files, one identity per file
// (so that an include cycle is seen whatever the spelling), and where an
// included file is found: beside the including file, else in the include
// library (herd7's libdir, set_include_library in mapsound/model.hpp).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mapsound::model {

// The whole file in 'out'; false when it cannot be read (or is a folder).
bool read_model_file(const std::filesystem::path& path, std::string& out);

// The file's identity: canonical where possible, else absolute and normal.
std::filesystem::path file_identity(const std::filesystem::path& path);

// The folders set by set_include_library, in order.
const std::vector<std::string>& include_library();

struct IncludedFile {
    std::filesystem::path path;  // where it was read
    std::string text;
};

// `include "name"` from a file in 'dir': dir/name, else (for a relative
// name) the first library folder that has it; nullopt when none.
std::optional<IncludedFile> find_included_file(const std::filesystem::path& dir, const std::string& name);

}  // namespace mapsound::model
