#pragma once
// Numbers as tribunal-cli options take them, for the command lines the workbench shows beside a result (the
// Export dialog, the plot registry). Header-only; any thread.

#include <QLocale>
#include <QString>

namespace tribunal {

/// The shortest text that reads back as `value` ("0.05", "1e-06"): the CLI parses it to the same double.
inline QString cliNumber(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

} // namespace tribunal
