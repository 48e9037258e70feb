#include "framework/labelnote.h"

#include "framework/qstrings.h"

#include <QStringList>

namespace tribunal {

MissingLabels missingLabels(const Audit& audit, LabelScope scope, const QString& columns)
{
    constexpr std::size_t kNamedCells = 4;
    const auto datasets = unlabelledDatasets(audit, scope);
    if (datasets.empty())
        return {};
    QStringList lines, names;
    for (const UnlabelledDataset& dataset : datasets) {
        QStringList cellNames;
        for (std::size_t i = 0; i < dataset.cells.size() && i < kNamedCells; ++i)
            cellNames.push_back(qs(labelCellName(audit, dataset.cells[i])));
        QString cells = cellNames.join(QStringLiteral(", "));
        if (dataset.cells.size() > kNamedCells)
            cells =
                LabelNote::tr("%1 and %n more", nullptr, static_cast<int>(dataset.cells.size() - kNamedCells))
                    .arg(cells);
        names.push_back(qs(audit.str(dataset.dataset)));
        lines.push_back(LabelNote::tr("No labels for dataset %1 (cells: %2).").arg(names.back(), cells));
    }
    lines.push_back(
        LabelNote::tr("The accuracy columns (%1) are empty there: import the items with their labels "
                      "(the .items.jsonl file beside a Tribunal JSONL file) or a labelled file.")
            .arg(columns));
    MissingLabels out;
    out.note = lines.join(QLatin1Char('\n'));
    out.status = LabelNote::tr("No labels for dataset(s) %1: their accuracy columns are empty.")
                     .arg(names.join(QStringLiteral(", ")));
    return out;
}

} // namespace tribunal
