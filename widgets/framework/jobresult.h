#pragma once
// What a finished AuditSession job reports to the GUI.

#include <QMetaType>
#include <QString>
#include <QStringList>

namespace tribunal {

struct JobResult {
    enum class Kind { Open, Import, Save };
    Kind kind = Kind::Open;
    bool ok = false;        ///< the job's result was applied (audit replaced / extended, or file written)
    bool cancelled = false; ///< the user cancelled; nothing was changed
    QStringList paths;      ///< what was opened, imported or written
    QString message;        ///< why it failed (open / save), empty on success
    QStringList issues;     ///< `file:line: field: reason` lines: the error(s), or the skipped records
    QStringList notes; ///< `file:line: field: reason` notes of an import (nothing failed because of them)
    /// How each input was read: "file: format (detected), N judgments" (import and open of files).
    QStringList files;
    qulonglong skippedRecords = 0;
    /// The import stopped at a bad record (not a fatal problem): "Skip bad records" would import the rest.
    bool stoppedAtBadRecord = false;
    qulonglong mergedRecords = 0; ///< judgments that agreed with one already read or in the audit (kept once)
    qulonglong judgmentsAdded = 0;
    qulonglong itemsAdded = 0;
};

} // namespace tribunal

Q_DECLARE_METATYPE(tribunal::JobResult)
