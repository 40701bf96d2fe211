// Litmus files in bulk (see corpus.hpp).
#include "mapsound/litmus/corpus.hpp"

#include <algorithm>
#include <fstream>
#include <stdexcept>
#include <system_error>

namespace mapsound::litmus {

namespace fs = std::filesystem;

namespace {

// One spelling per file, so that a table's "PTX/x.litmus" and a folder
// walk's "suite/PTX/./x.litmus" meet.
std::string normalized(const fs::path& p) {
    std::error_code ec;
    fs::path full = fs::weakly_canonical(fs::absolute(p, ec), ec);
    if (ec) full = fs::absolute(p).lexically_normal();
    return full.string();
}

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    const auto e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

}  // namespace

std::vector<fs::path> litmus_files(const std::vector<fs::path>& inputs) {
    std::vector<fs::path> out;
    for (const fs::path& input : inputs) {
        std::error_code ec;
        if (fs::is_directory(input, ec)) {
            std::vector<fs::path> found;
            fs::recursive_directory_iterator it(input, fs::directory_options::skip_permission_denied, ec);
            if (ec) throw std::runtime_error("cannot read folder '" + input.string() + "': " + ec.message());
            for (const auto end = fs::recursive_directory_iterator(); it != end; it.increment(ec)) {
                if (ec) throw std::runtime_error("cannot read folder '" + input.string() + "': " + ec.message());
                if (it->is_regular_file(ec) && it->path().extension() == ".litmus") found.push_back(it->path());
            }
            std::sort(found.begin(), found.end());
            out.insert(out.end(), found.begin(), found.end());
        } else if (fs::exists(input, ec)) {
            out.push_back(input);
        } else {
            throw std::runtime_error("cannot open litmus file '" + input.string() + "'");
        }
    }
    return out;
}

void ExpectedVerdicts::read(const fs::path& csv) {
    std::ifstream in(csv);
    if (!in) throw std::runtime_error("cannot read expected verdicts '" + csv.string() + "'");
    const fs::path folder = csv.parent_path();
    std::string line;
    std::size_t number = 0;
    bool header = true;
    while (std::getline(in, line)) {
        ++number;
        const std::string where = csv.string() + ":" + std::to_string(number) + ": ";
        line = trim(line);
        if (line.empty()) continue;
        if (header) {
            header = false;
            if (line != "test,model,expected")
                throw std::runtime_error(where + "expected the header 'test,model,expected', found '" + line + "'");
            continue;
        }
        std::vector<std::string> fields;
        std::size_t start = 0;
        for (;;) {
            const std::size_t comma = line.find(',', start);
            fields.push_back(trim(line.substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
        if (fields.size() != 3 || fields[0].empty() || fields[1].empty() || (fields[2] != "0" && fields[2] != "1"))
            throw std::runtime_error(where + "expected 'test,model,0' or 'test,model,1', found '" + line + "'");
        const bool expected = fields[2] == "1";
        auto [it, fresh] = rows_.emplace(std::pair{normalized(folder / fields[0]), fields[1]}, expected);
        if (!fresh && it->second != expected)
            throw std::runtime_error(where + fields[0] + " under " + fields[1] + " is listed with both verdicts");
    }
    if (header) throw std::runtime_error(csv.string() + ":1: expected the header 'test,model,expected', found nothing");
}

std::optional<bool> ExpectedVerdicts::find(const fs::path& file, const std::string& model) const {
    auto it = rows_.find({normalized(file), model});
    if (it == rows_.end()) return std::nullopt;
    return it->second;
}

std::string model_name(const fs::path& model_file) { return model_file.stem().string(); }

}  // namespace mapsound::litmus
