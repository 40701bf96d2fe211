#include "model/model_files.hpp"

#include <fstream>
#include <sstream>
#include <system_error>
#include <utility>

#include "mapsound/model.hpp"

namespace mapsound::model {

namespace fs = std::filesystem;

namespace {

std::vector<std::string>& library_folders() {
    static std::vector<std::string> folders;
    return folders;
}

}  // namespace

void set_include_library(std::vector<std::string> folders) { library_folders() = std::move(folders); }

const std::vector<std::string>& include_library() { return library_folders(); }

bool read_model_file(const fs::path& path, std::string& out) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) return false;  // ifstream would open it
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) return false;
    out = std::move(buffer).str();
    return true;
}

// The same file reached along two spellings (a/../b.cat, ./b.cat, links)
// must be recognised as one, or a cycle would go unnoticed.
fs::path file_identity(const fs::path& path) {
    std::error_code ec;
    fs::path canonical = fs::weakly_canonical(path, ec);
    if (!ec) return canonical;
    fs::path absolute = fs::absolute(path, ec);
    return ec ? path.lexically_normal() : absolute.lexically_normal();
}

std::optional<IncludedFile> find_included_file(const fs::path& dir, const std::string& name) {
    IncludedFile file{(dir / name).lexically_normal(), {}};
    if (read_model_file(file.path, file.text)) return file;
    // `/` keeps an absolute name as it is: found only where it says.
    if (!fs::path(name).is_relative()) return std::nullopt;
    for (const auto& folder : include_library()) {
        file.path = (fs::path(folder) / name).lexically_normal();
        if (read_model_file(file.path, file.text)) return file;
    }
    return std::nullopt;
}

}  // namespace mapsound::model
