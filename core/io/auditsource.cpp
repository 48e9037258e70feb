#include "io/auditsource.h"

#include <filesystem>

namespace tribunal {

LoadedAudit loadAudit(const std::vector<std::string>& paths, const ImportOptions& options,
                      const Progress& progress)
{
    LoadedAudit loaded;
    if (paths.empty()) {
        loaded.issues.push_back({"", 0, "", "no input given"});
        return loaded;
    }
    // One project alone is opened, with its extras; a project among other inputs goes to importSources(),
    // which starts from it when it comes first and refuses it elsewhere. Only a regular file is looked at
    // here: a pipe read for its header would lose those bytes, and a FIFO without a writer would block.
    auto regularProject = [](const std::string& path) {
        std::error_code ec;
        return std::filesystem::is_regular_file(path, ec) && ProjectFile::looksLikeProject(path);
    };
    if (paths.size() == 1 && options.format == SourceFormat::Auto && regularProject(paths.front())) {
        std::string error;
        auto contents = ProjectFile::open(paths.front(), &error, progress);
        if (!contents) {
            loaded.cancelled = progress.cancelled();
            loaded.badInput = !loaded.cancelled;
            // ProjectFile messages already start with the path.
            loaded.issues.push_back({"", 0, "", error});
            return loaded;
        }
        loaded.audit = contents->audit;
        loaded.extras = std::move(contents->extras);
        return loaded;
    }
    auto outcome = importSources(paths, nullptr, options, progress);
    loaded.audit = outcome.audit;
    loaded.issues = std::move(outcome.log.issues);
    loaded.notes = std::move(outcome.log.notes);
    loaded.cancelled = outcome.cancelled;
    loaded.badInput = !outcome.audit && !outcome.cancelled;
    return loaded;
}

} // namespace tribunal
