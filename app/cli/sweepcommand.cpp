// sweep: T9 condition sweeps (metrics.md "Pairwise trust" T9; the paper's Figure 3 and Table 3) on the
// command line. Every number comes from tribunal_core; this file parses options and writes.

#include "registry.h"
#include "trustcli_common.h"

#include "analysis/conditionsweep.h"
#include "report/sweeptable.h"

#include <iostream>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tribunal::cli {
namespace {

// "judge, format, dataset, <conditions>": the columns --over and --pool can name.
QString availableColumns(const CellTable& table)
{
    QStringList names{"judge", "format", "dataset"};
    for (const auto& name : table.conditionNames)
        names << QString::fromStdString(name);
    return names.join(", ");
}

QString unknownColumn(const QString& option, const QString& column, const CellTable& table)
{
    return Msg::tr("%1: unknown column '%2' (available: %3)").arg(option, column, availableColumns(table));
}

} // namespace

const QCommandLineOption
    kOver("over",
          QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                            "The column to sweep over (judge, format, dataset or a condition)."),
          "COLUMN");
const QCommandLineOption kPool("pool",
                               QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                 "Pool cells over this column first (Table 3 aggregation)."),
                               "COLUMN");
const QCommandLineOption kPoolMap(
    "pool-map",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "With --pool: which values pool into which name, as "
                                            "FROM=TO,FROM=TO (values not listed stay apart). Default: every "
                                            "value pools into 'all'."),
    "MAP");

void defineSweep(CommandParser& parser)
{
    parser.setApplicationDescription(Msg::tr(
        "T9 condition sweep (metrics.md): for each value of a column, the mean and quartiles over cells "
        "of C, A - phi/2 and T (the paper's Figure 3). With --pool, cells are first pooled over a column "
        "as in the paper's Table 3 (mean C, phi and A; T recomputed from the means)."));
    parser.addPositionalArgument("input", Msg::tr("A project, judgment files, or a cell-level table."),
                                 "PROJECT_OR_FILE...");
    // The trust options that change C, phi, A or T (loadCellTable reads them); no LaTeX writer for T9 and no
    // failure map, so not addTrustOptions().
    addCellSummaryOptions(parser);
    addOptions(parser, {kOver, kPool, kPoolMap});
}

int runSweep(const QCommandLineParser& parser)
{
    QString error;
    auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty())
        return usage(Msg::tr("sweep needs a project, judgment files or a cell-level table"));
    if (!parser.isSet(kOver))
        return usage(Msg::tr("sweep needs --over COLUMN"));
    const auto format = tableFormat(parser.value(kFlatFormat));
    if (!format)
        return usage(
            Msg::tr("unknown --format '%1' (expected csv, md or json)").arg(parser.value(kFlatFormat)));
    if (parser.isSet(kPoolMap) && !parser.isSet(kPool))
        return usage(Msg::tr("--pool-map needs --pool COLUMN"));
    const auto settings = trustSettings(parser, &error);
    if (!settings)
        return usage(error);
    // poolCells recomputes T = C (A - phi q) from the means with one q for all cells; an observed q is per
    // cell.
    if (parser.isSet(kPool) && settings->qMode == QMode::Observed)
        return usage(Msg::tr("--pool recomputes T from the pooled means with q = 1/2; it cannot be combined "
                             "with --q observed"));
    std::vector<std::pair<std::string, std::string>> mapping;
    if (parser.isSet(kPoolMap)) {
        for (const auto& entry : parser.value(kPoolMap).split(',', Qt::SkipEmptyParts)) {
            const auto parts = entry.split('=');
            if (parts.size() != 2 || parts[0].trimmed().isEmpty() || parts[1].trimmed().isEmpty())
                return usage(Msg::tr("--pool-map: '%1' is not FROM=TO").arg(entry));
            mapping.emplace_back(parts[0].trimmed().toStdString(), parts[1].trimmed().toStdString());
        }
        if (mapping.empty())
            return usage(Msg::tr("--pool-map: no FROM=TO entry"));
    }

    int exitCode = kOk;
    bool assumed = false;
    auto cells = loadCellTable(parser, inputs, &exitCode, &assumed);
    if (!cells)
        return exitCode;

    const auto overColumn = parser.value(kOver);
    if (!cellFactorIndex(*cells, overColumn.toStdString()))
        return usage(unknownColumn("--over", overColumn, *cells));
    SweepTableNotes notes;
    notes.consistencyUnit =
        settings->consistencyUnit == ConsistencyUnit::Presentation ? "presentation" : "pair";
    notes.qMode = settings->qMode == QMode::Observed ? "observed" : "half";
    notes.consistencyAssumed = assumed;
    if (parser.isSet(kPool)) {
        const auto poolColumn = parser.value(kPool).toStdString();
        const auto index = cellFactorIndex(*cells, poolColumn);
        if (!index)
            return usage(unknownColumn("--pool", parser.value(kPool), *cells));
        if (mapping.empty()) {
            std::set<std::string> values;
            for (const auto& row : cells->rows) {
                if (values.insert(cellFactorValue(row, *index)).second)
                    mapping.emplace_back(cellFactorValue(row, *index), "all");
            }
        } else {
            // A FROM that names no value is almost certainly a typo; say so rather than silently not kPool.
            for (const auto& [from, to] : mapping) {
                bool found = false;
                for (const auto& row : cells->rows)
                    found = found || cellFactorValue(row, *index) == from;
                if (!found)
                    return usage(Msg::tr("--pool-map: no value '%1' in column '%2'")
                                     .arg(QString::fromStdString(from), parser.value(kPool)));
            }
        }
        *cells = poolCells(*cells, poolColumn, mapping);
        notes.pooledColumn = poolColumn;
    }
    ConditionSweep sweep;
    try {
        sweep = conditionSweep(*cells, overColumn.toStdString());
    } catch (const std::invalid_argument& e) {
        std::cerr << e.what() << '\n';
        return kBadInput;
    }
    return writeOutput(parser, writeSweepTable(sweep, *format, notes));
}

const Command& sweepCommand()
{
    static const Command command{"sweep", defineSweep, runSweep, {"over"}, {}};
    return command;
}

} // namespace tribunal::cli
