#include "auditsource.h"

#include <algorithm>

namespace tribunal {

LoadedAudit loadAudit(const std::vector<std::string>& paths, const ImportOptions& options,
                      const Progress& progress)
{
    LoadedAudit loaded;
    if (paths.empty()) {
        loaded.issues.push_back({"", 0, "", "no input given"});
        return loaded;
    }
    const bool anyProject = options.format == SourceFormat::Auto &&
                            std::any_of(paths.begin(), paths.end(), ProjectFile::looksLikeProject);
    if (anyProject) {
        if (paths.size() != 1) {
            loaded.issues.push_back(
                {paths.front(), 0, "", "a project cannot be opened together with other files"});
            return loaded;
        }
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
