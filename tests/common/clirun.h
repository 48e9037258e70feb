#pragma once
// Running the built tribunal-cli from a test (TRIBUNAL_CLI_PATH) and writing small fixture files.

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

class QTemporaryDir;

namespace tribunal::testing {

struct CliRun {
    int exitCode = -1; ///< -1 when the process crashed
    QString out;
    QString err;
};

/// Runs tribunal-cli with `args` and waits (up to 5 minutes; a hang aborts the test). `environment` entries
/// ("NAME=VALUE") are set on top of the test's own environment.
CliRun runCli(const QStringList& args, const QStringList& environment = {});

/// The lines of CLI output split on commas (no quoting: for the tests' own simple tables).
QList<QStringList> csvRows(const QString& text);

/// A number field of CLI output; aborts the test when it is not one.
double num(const QString& text);

/// Writes `content` to `name` inside `dir` and returns the path (aborts the test when it cannot).
QString writeFixture(const QTemporaryDir& dir, const QString& name, const QByteArray& content);
/// The bytes of the file at `path`; empty when it cannot be read (a missing output compares unequal).
QByteArray readFileBytes(const QString& path);

} // namespace tribunal::testing
