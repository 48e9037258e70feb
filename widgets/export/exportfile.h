#pragma once
// What the Export dialog (exportdialog.h) shares with tribunal-cli's output: writing a table's bytes with
// the CLI's output policy (io/outputfile.h), and quoting the arguments of the command its note names. Any
// thread (no GUI state).

#include <QString>

#include <string>

namespace tribunal {

/// Writes `bytes` to `path` as tribunal-cli -o does: complete or not at all, links followed, read-only files
/// refused, FIFOs and devices written in place. False with *error (when not null) set to "Cannot write PATH:
/// REASON" (the Export dialog's translation context) when it cannot.
bool writeExportFile(const QString& path, const std::string& bytes, QString* error);

/// `arg` as a POSIX shell reads it back as one word: unchanged when it holds only letters, digits and
/// -_./,=:+, else in single quotes ('' for an empty argument).
QString shellQuoted(const QString& arg);

} // namespace tribunal
