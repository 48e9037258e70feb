#include "export/exportfile.h"

#include "framework/qstrings.h"

#include "io/outputfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

namespace tribunal {

bool writeExportFile(const QString& path, const std::string& bytes, QString* error)
{
    const std::string target = QFile::encodeName(path).toStdString();
    std::string err;
    if (writeOutputFile(target, bytes, &err))
        return true;
    if (error != nullptr) {
        // The policy's messages start with the path; the dialog names it once, as the user typed it.
        const std::string prefix = target + ": ";
        const std::string reason = err.rfind(prefix, 0) == 0 ? err.substr(prefix.size()) : err;
        *error = QCoreApplication::translate("tribunal::ExportDialog", "Cannot write %1: %2")
                     .arg(shownName(QDir::toNativeSeparators(path)), QString::fromStdString(reason));
    }
    return false;
}

QString shellQuoted(const QString& arg)
{
    static const QString plain =
        QStringLiteral("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./,=:+");
    for (const QChar c : arg) {
        if (!plain.contains(c))
            return QLatin1Char('\'') + QString(arg).replace(QLatin1String("'"), QLatin1String("'\\''")) +
                   QLatin1Char('\'');
    }
    return arg.isEmpty() ? QStringLiteral("''") : arg;
}

} // namespace tribunal
