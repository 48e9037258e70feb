#pragma once
// The work of AuditSession's jobs as plain functions that run on a worker thread: they read only their
// arguments (snapshots are immutable) and return everything the GUI thread applies.

#include "framework/jobresult.h"
#include "items/itemindex.h"

#include "analysis/auditsummary.h"
#include "io/importer.h"
#include "io/project/projectfile.h"
#include "model/progress.h"

#include <memory>
#include <string>
#include <vector>

namespace tribunal {

/// A job's outcome. When result.ok and audit is set, the session replaces its snapshot by audit (with the
/// summary and item index computed here, off the GUI thread).
struct JobOutput {
    JobResult result;
    AuditPtr audit;
    bool replacesProject = false; ///< Open: the project path, extras and dirty flag are replaced too
    QString projectPath; ///< with replacesProject: the project file read (empty: a new, unsaved audit)
    ProjectExtras extras;
    AuditSummary summary;
    std::shared_ptr<const ItemIndex> index;
};

namespace sessionjobs {

/// Opens a `.tribunal` project.
JobOutput openProject(const QString& path, const Progress& progress);
/// Imports `paths` on top of `base` (may be null). `kind` Open: the result replaces the project (a new,
/// unsaved audit); Import: it extends the open one.
/// `texts`: where the texts of Arena-Hard / MT-Bench judgments come from (empty: their harness layout).
JobOutput importFiles(JobResult::Kind kind, const QStringList& paths, const AuditPtr& base,
                      BadRecordPolicy policy, const Progress& progress, const HarnessTextPaths& texts = {});
/// Writes `audit` and `extras` to `path`.
JobOutput saveProject(const QString& path, const AuditPtr& audit, const ProjectExtras& extras,
                      const Progress& progress);

/// A file name for the core (local 8-bit encoding of the file system).
std::string nativePath(const QString& path);

} // namespace sessionjobs
} // namespace tribunal
