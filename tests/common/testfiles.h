#pragma once
// File and import-log helpers shared by the importer tests (Qt Core): reading, writing and editing test
// files and fixture trees, and the text of an import log.

#include "model/importissue.h"

#include <QByteArray>
#include <QString>

namespace tribunal::test {

/// The whole file, or an empty array when it cannot be read.
QByteArray readFile(const QString& path);
/// Writes (replaces) the file; false when it cannot be written completely.
bool writeFile(const QString& path, const QByteArray& bytes);
/// Copies the directory tree `from` to `to` (created as needed; copies are owner-writable). False on failure.
bool copyTree(const QString& from, const QString& to);
/// Replaces `from` by `to` on 1-based line `line` of the file at `path`; false when that line lacks `from`.
bool editLine(const QString& path, int line, const QByteArray& from, const QByteArray& to);
/// The log's issues as `file:line: field: reason` lines, joined by '\n' (no final newline).
QString issuesText(const ImportLog& log);

} // namespace tribunal::test
