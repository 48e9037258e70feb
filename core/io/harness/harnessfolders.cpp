#include "io/harness/harnessfolders.h"

#include <algorithm>
#include <filesystem>

namespace tribunal {

std::vector<std::string> harnessJudgmentFiles(const std::string& dir)
{
    namespace fs = std::filesystem;
    std::vector<std::string> files;
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return files;
    const fs::path base = fs::path(dir).lexically_normal();
    const fs::path root = (base.has_filename() ? base : base.parent_path()).filename();
    fs::recursive_directory_iterator it(dir, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
        std::error_code e;
        if (!it->is_regular_file(e))
            continue;
        const fs::path& path = it->path();
        const auto name = path.filename();
        if (name == "dataset.json" || name == "annotations.json")
            return {};
        if (path.extension() != ".jsonl")
            continue;
        // Arena-Hard nests one folder per judge below model_judgment/; FastChat puts the files in it. The
        // folder given may be model_judgment itself.
        bool judgment = root == "model_judgment";
        for (const fs::path& part : path.parent_path().lexically_normal().lexically_relative(base))
            judgment = judgment || part == "model_judgment";
        if (judgment)
            files.push_back(path.string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

bool harnessFolderWithoutJudgments(const std::string& dir)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(dir, ec) || !harnessJudgmentFiles(dir).empty())
        return false;
    bool texts = false;
    fs::recursive_directory_iterator it(dir, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
        const auto name = it->path().filename();
        if (name == "dataset.json" || name == "annotations.json")
            return false;
        texts = texts || name == "question.jsonl" || name == "model_answer";
    }
    return texts;
}

} // namespace tribunal
