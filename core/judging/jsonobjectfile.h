#pragma once
// Reading a file that must hold one JSON object (audit designs, judge-sim configurations), shared so the
// file and parser handling is written once while each caller keeps its own wording for the problems.
//
// Reentrant: safe to call from several threads on different files.

#include <QJsonObject>
#include <QString>

#include <optional>

namespace tribunal {

/// Why readJsonObjectFile failed, for callers that word the problem themselves.
struct JsonObjectFileProblem {
    enum class Kind { None, CannotRead, NotJson, NotObject };
    Kind kind = Kind::None;
    QString reason;     ///< CannotRead: the file's error string; NotJson: the parser's message
    qint64 offset = -1; ///< NotJson: byte offset of the parse error
};

/// The JSON object in the file at `path`, or nullopt with *error set to "<path>: cannot read: <why>",
/// "<path>: not JSON: <why> at offset <n>" or "<path>: must be a JSON object" (valid JSON, not an object).
/// When `problem` is given it is filled in too (Kind::None on success).
std::optional<QJsonObject> readJsonObjectFile(const QString& path, QString* error,
                                              JsonObjectFileProblem* problem = nullptr);

} // namespace tribunal
