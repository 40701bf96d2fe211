#include "cli/model_path.hpp"

#include "cli/args.hpp"

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <stdexcept>

namespace mapsound::cli {

std::vector<std::string> model_search_path() {
    std::vector<std::string> path;
    if (const char* env = std::getenv("MAPSOUND_MODEL_PATH")) {
        std::stringstream in(env);
        for (std::string dir; std::getline(in, dir, ':');)
            if (!dir.empty()) path.push_back(dir);
    }
    // The installed models beside the running tool (<prefix>/bin/mapsound:
    // <prefix>/share/mapsound/models), wherever the prefix was moved.
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) path.push_back((self.parent_path().parent_path() / "share" / "mapsound" / "models").string());
    path.emplace_back(MAPSOUND_INSTALLED_MODELS);
    path.emplace_back(MAPSOUND_SOURCE_MODELS);
    return path;
}

std::string resolve_model(const std::string& given) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (given.empty() || given.find('/') != std::string::npos || fs::is_regular_file(given, ec)) return given;
    const bool has_extension = given.size() > 4 && given.compare(given.size() - 4, 4, ".cat") == 0;
    const std::string file = has_extension ? given : given + ".cat";
    const auto path = model_search_path();
    for (const auto& dir : path)
        if (fs::is_regular_file(fs::path(dir) / file, ec)) return display_path((fs::path(dir) / file).string());
    std::string searched;
    for (const auto& dir : path) searched += (searched.empty() ? "" : ", ") + dir;
    throw std::runtime_error(given + ": no such model file, and no " + file + " in the model search path (" + searched +
                             "; set MAPSOUND_MODEL_PATH to add folders)");
}

}  // namespace mapsound::cli
