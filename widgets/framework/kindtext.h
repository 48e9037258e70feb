#pragma once
// Names of the data's own terms as the interface shows them, translated: task kinds ("pairwise" /
// "paarweise") and the cell factors judge, format and dataset. tribunal-cli, the copied tables and the
// settings keep the untranslated names. GUI thread (the installed translators).

#include "model/types.h"

#include <QString>

namespace tribunal {

QString kindText(TaskKind kind);

/// "judge", "format" and "dataset" translated; any other column (a condition key) as it is.
QString factorText(const QString& column);

} // namespace tribunal
