#include "framework/sessionjobs.h"

#include "io/project/projectlock.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

namespace tribunal::sessionjobs {
namespace {

void finishSnapshot(JobOutput& out)
{
    // Computed here so the GUI thread only swaps pointers (never blocks on a large audit).
    out.summary = summarize(*out.audit);
    out.index = ItemIndex::build(*out.audit);
}

} // namespace

std::string nativePath(const QString& path)
{
    return QFile::encodeName(path).toStdString();
}

JobOutput openProject(const QString& path, const Progress& progress)
{
    JobOutput out;
    out.result.kind = JobResult::Kind::Open;
    out.result.paths = {path};
    std::string error;
    auto contents = ProjectFile::open(nativePath(path), &error, progress);
    if (progress.cancelled()) {
        out.result.cancelled = true;
        return out;
    }
    if (!contents || !contents->audit) {
        out.result.message = QString::fromStdString(error);
        return out;
    }
    out.audit = std::move(contents->audit);
    out.extras = std::move(contents->extras);
    out.replacesProject = true;
    out.projectPath = path;
    finishSnapshot(out);
    out.result.ok = true;
    return out;
}

JobOutput importFiles(JobResult::Kind kind, const QStringList& paths, const AuditPtr& base,
                      BadRecordPolicy policy, const Progress& progress, const HarnessTextPaths& texts)
{
    JobOutput out;
    out.result.kind = kind;
    out.result.paths = paths;
    std::vector<std::string> files;
    for (const auto& path : paths)
        files.push_back(nativePath(path));
    ImportOptions options;
    options.policy = policy;
    options.texts = texts;
    auto outcome = importSources(files, base.get(), options, progress);
    for (const auto& issue : outcome.log.issues)
        out.result.issues << QString::fromStdString(issue.text());
    for (const auto& note : outcome.log.notes)
        out.result.notes << QString::fromStdString(note.text());
    out.result.skippedRecords = outcome.log.skippedRecords;
    out.result.mergedRecords = outcome.log.mergedRecords;
    out.result.stoppedAtBadRecord = outcome.log.failed && !outcome.log.fatalSeen &&
                                    policy == BadRecordPolicy::StopAtFirst && !outcome.log.issues.empty();
    for (const auto& file : outcome.files) {
        const QString name = QFileInfo(QString::fromStdString(file.path)).fileName();
        const QString format = QString::fromStdString(file.format);
        const char* text =
            file.detected
                ? (file.judgments == 1
                       ? QT_TRANSLATE_NOOP("tribunal::AuditSession", "%1: %2 (detected), %L3 judgment")
                       : QT_TRANSLATE_NOOP("tribunal::AuditSession", "%1: %2 (detected), %L3 judgments"))
            : file.judgments == 1 ? QT_TRANSLATE_NOOP("tribunal::AuditSession", "%1: %2, %L3 judgment")
                                  : QT_TRANSLATE_NOOP("tribunal::AuditSession", "%1: %2, %L3 judgments");
        out.result.files << QCoreApplication::translate("tribunal::AuditSession", text)
                                .arg(name, format)
                                .arg(static_cast<qulonglong>(file.judgments));
    }
    if (outcome.cancelled || progress.cancelled()) {
        out.result.cancelled = true;
        return out;
    }
    if (!outcome.audit || outcome.log.failed)
        return out;
    out.result.judgmentsAdded = outcome.judgmentsAdded;
    out.result.itemsAdded = outcome.itemsAdded;
    out.audit = std::move(outcome.audit);
    out.replacesProject = kind == JobResult::Kind::Open;
    finishSnapshot(out);
    out.result.ok = true;
    return out;
}

JobOutput saveProject(const QString& path, const AuditPtr& audit, const ProjectExtras& extras,
                      const Progress& progress)
{
    JobOutput out;
    out.result.kind = JobResult::Kind::Save;
    out.result.paths = {path};
    // Another writer of the file (a run, an import --append, another window's save) would lose its writes
    // to this save, or this save to it: refused at once, the file untouched.
    std::optional<ProjectLockHolder> holder;
    const auto lock = ProjectLock::acquire(nativePath(path), "save", &holder);
    if (!lock) {
        const QString who =
            (holder->program.empty()
                 ? QCoreApplication::translate("tribunal::AuditSession", "another program")
                 : QString::fromStdString(holder->program)) +
            (holder->command.empty() ? QString()
                                     : QLatin1Char(' ') + QString::fromStdString(holder->command));
        out.result.message =
            QCoreApplication::translate("tribunal::AuditSession",
                                        "%1: the project is being written by %2 (pid %3 on %4 "
                                        "since %5); wait until it finishes, or stop it")
                .arg(path, who, QString::number(holder->pid), QString::fromStdString(holder->host),
                     QString::fromStdString(holder->since));
        return out;
    }
    std::string error;
    const bool ok = audit && ProjectFile::save(nativePath(path), *audit, extras, &error, progress);
    if (!ok && progress.cancelled()) {
        out.result.cancelled = true;
        return out;
    }
    out.result.ok = ok;
    if (!ok)
        out.result.message = QString::fromStdString(error);
    return out;
}

} // namespace tribunal::sessionjobs
