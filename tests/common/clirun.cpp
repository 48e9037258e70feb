#include "clirun.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtGlobal>

namespace tribunal::testing {

CliRun runCli(const QStringList& args, const QStringList& environment)
{
    QProcess p;
    if (!environment.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const auto& entry : environment) {
            const auto eq = entry.indexOf(QLatin1Char('='));
            env.insert(entry.left(eq), entry.mid(eq + 1));
        }
        p.setProcessEnvironment(env);
    }
    p.start(QStringLiteral(TRIBUNAL_CLI_PATH), args);
    if (!p.waitForFinished(300000))
        qFatal("tribunal-cli did not finish");
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

QString writeFixture(const QTemporaryDir& dir, const QString& name, const QByteArray& content)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(content) != content.size())
        qFatal("cannot write fixture %s", qPrintable(path));
    return path;
}

QByteArray readFileBytes(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

QList<QStringList> csvRows(const QString& text)
{
    QList<QStringList> rows;
    for (const auto& line : text.split('\n', Qt::SkipEmptyParts))
        rows.append(line.split(','));
    return rows;
}

double num(const QString& text)
{
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok)
        qFatal("not a number: %s", qPrintable(text));
    return value;
}

} // namespace tribunal::testing
