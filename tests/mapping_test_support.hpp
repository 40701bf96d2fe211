// What both halves of the mapping_tests parser cases need: where the
// shipped files are, and the files of one kind in a directory, sorted (so
// that a file that goes missing or appears shows in a count).
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace mappingtest {

inline const std::filesystem::path source_dir = MAPSOUND_SOURCE_DIR;

inline std::vector<std::filesystem::path> files_with_extension(const std::filesystem::path& dir,
                                                               const std::string& extension) {
    std::vector<std::filesystem::path> out;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.path().extension() == extension) out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace mappingtest
