#include "testfiles.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

namespace tribunal::test {

QByteArray readFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return f.write(bytes) == bytes.size();
}

bool copyTree(const QString& from, const QString& to)
{
    QDir().mkpath(to);
    QDirIterator it(from, QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString src = it.next();
        const QString dst = to + "/" + QDir(from).relativeFilePath(src);
        if (it.fileInfo().isDir()) {
            QDir().mkpath(dst);
        } else {
            QDir().mkpath(QFileInfo(dst).path());
            if (!QFile::copy(src, dst))
                return false;
            QFile::setPermissions(dst, QFile::ReadOwner | QFile::WriteOwner);
        }
    }
    return true;
}

bool editLine(const QString& path, int line, const QByteArray& from, const QByteArray& to)
{
    auto lines = readFile(path).split('\n');
    if (line < 1 || line > lines.size() || !lines[line - 1].contains(from))
        return false;
    lines[line - 1].replace(from, to);
    return writeFile(path, lines.join('\n'));
}

QString issuesText(const ImportLog& log)
{
    QStringList lines;
    for (const auto& issue : log.issues)
        lines << QString::fromStdString(issue.text());
    return lines.join('\n');
}

} // namespace tribunal::test
