#include "framework/kindtext.h"

#include <QCoreApplication>

namespace tribunal {

QString kindText(TaskKind kind)
{
    switch (kind) {
    case TaskKind::Pairwise:
        return QCoreApplication::translate("tribunal::TaskKind", "pairwise");
    case TaskKind::Binary:
        return QCoreApplication::translate("tribunal::TaskKind", "binary");
    case TaskKind::Ordinal:
        return QCoreApplication::translate("tribunal::TaskKind", "ordinal");
    }
    return {};
}

QString factorText(const QString& column)
{
    if (column == QLatin1String("judge"))
        return QCoreApplication::translate("tribunal::Factor", "judge");
    if (column == QLatin1String("format"))
        return QCoreApplication::translate("tribunal::Factor", "format");
    if (column == QLatin1String("dataset"))
        return QCoreApplication::translate("tribunal::Factor", "dataset");
    return column;
}

} // namespace tribunal
