#include "io/harness/llmbarlayout.h"

#include <algorithm>
#include <system_error>

namespace tribunal {

namespace fs = std::filesystem;

namespace {

void fatal(ImportLog& log, const std::string& path, std::string reason)
{
    log.fatal({path, 0, "", std::move(reason)});
}

bool collectResults(LlmBarSubset& subset, ImportLog& log)
{
    const fs::path evaluators = subset.dir / "evaluators";
    std::error_code ec;
    if (!fs::is_directory(evaluators, ec))
        return true;
    auto sortedDirs = [&log](const fs::path& dir, std::vector<fs::path>& out) {
        std::error_code e;
        out.clear();
        for (fs::directory_iterator it(dir, e), end; !e && it != end; it.increment(e)) {
            std::error_code e2;
            if (it->is_directory(e2))
                out.push_back(it->path());
        }
        if (e) {
            fatal(log, dir.string(), "cannot read directory (" + e.message() + ")");
            return false;
        }
        std::sort(out.begin(), out.end());
        return true;
    };
    std::vector<fs::path> judges, formats;
    if (!sortedDirs(evaluators, judges))
        return false;
    for (const auto& judge : judges) {
        if (!sortedDirs(judge, formats))
            return false;
        for (const auto& format : formats) {
            auto file = format / "result.json";
            std::error_code e;
            if (fs::is_regular_file(file, e))
                subset.results.push_back(
                    {file.string(), judge.filename().string(), format.filename().string()});
        }
    }
    return true;
}

bool isSegmentRoot(const std::string& segment)
{
    return segment == "LLMBar" || segment == "CaseStudy" || segment == "Processed";
}

} // namespace

std::string llmBarDatasetName(const fs::path& dir)
{
    std::error_code ec;
    fs::path absolute = fs::absolute(dir, ec);
    if (ec)
        absolute = dir;
    std::vector<std::string> segments;
    for (const auto& part : absolute.lexically_normal()) {
        auto s = part.string();
        if (!s.empty() && s != "/")
            segments.push_back(std::move(s));
    }
    if (segments.empty())
        return "llmbar-" + dir.filename().string();
    std::size_t first = segments.size() - 1;
    bool found = false;
    for (std::size_t k = segments.size(); k-- > 0;)
        if (isSegmentRoot(segments[k])) {
            first = k;
            found = true;
            break;
        }
    std::string name = "llmbar";
    for (std::size_t k = found ? first : segments.size() - 1; k < segments.size(); ++k)
        name.append("-").append(segments[k]);
    return name;
}

bool findLlmBarLayout(const std::string& path, std::vector<LlmBarSubset>& subsets, ImportLog& log)
{
    std::error_code ec;
    const fs::path root(path);
    const auto status = fs::status(root, ec);
    if (ec || !fs::exists(status)) {
        fatal(log, path, "no such file or directory");
        return false;
    }
    std::vector<fs::path> dirs;
    auto isSubset = [](const fs::path& dir) {
        std::error_code e;
        return fs::is_regular_file(dir / "dataset.json", e) || fs::is_directory(dir / "evaluators", e);
    };
    if (fs::is_regular_file(status) && root.filename() == "dataset.json") {
        dirs.push_back(root.parent_path().empty() ? fs::path(".") : root.parent_path());
    } else if (!fs::is_directory(status)) {
        fatal(log, path, "not a directory (an LLMBar layout is a directory holding dataset.json)");
        return false;
    } else {
        if (isSubset(root))
            dirs.push_back(root);
        fs::recursive_directory_iterator it(root, ec), end;
        for (; !ec && it != end; it.increment(ec)) {
            const auto& entry = *it;
            std::error_code e;
            if (!entry.is_directory(e))
                continue;
            if (entry.path().filename() == "evaluators") {
                it.disable_recursion_pending(); // judges' outputs, never subsets
                continue;
            }
            if (isSubset(entry.path()))
                dirs.push_back(entry.path());
        }
        if (ec) {
            fatal(log, path, "cannot read directory (" + ec.message() + ")");
            return false;
        }
    }
    if (dirs.empty()) {
        fatal(log, path, "no dataset.json found in this directory or below");
        return false;
    }
    std::sort(dirs.begin(), dirs.end(),
              [](const fs::path& a, const fs::path& b) { return a.generic_string() < b.generic_string(); });
    for (auto& dir : dirs) {
        LlmBarSubset subset;
        subset.dataset = llmBarDatasetName(dir);
        subset.dir = std::move(dir);
        if (!collectResults(subset, log))
            return false;
        subsets.push_back(std::move(subset));
    }
    return true;
}

} // namespace tribunal
