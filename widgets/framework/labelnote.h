#pragma once
// The workbench's form of `tribunal-cli`'s missing-label note (app/cli/labelnotes.h): the datasets whose
// cells have items but not one label, so that the accuracy columns of a panel are empty for them. Which
// cells those are is core/analysis/labelcoverage.h's decision; this only words it. Any thread (the
// workspaces call it in their jobs).

#include "analysis/labelcoverage.h"

#include <QCoreApplication>
#include <QString>

namespace tribunal {

struct LabelNote {
    Q_DECLARE_TR_FUNCTIONS(tribunal::LabelNote)
};

/// What a panel shows about cells without labels. Both empty when no cell in the scope lacks them.
struct MissingLabels {
    /// One line per dataset of unlabelledDatasets() ("No labels for dataset D (cells: J/F, ...)."; at most
    /// four cells named, then "and N more"), then one line saying that the accuracy columns are empty there
    /// and how to get labels: for the panel's note.
    QString note;
    /// One line for the status bar: "No labels for dataset(s) D, E: their accuracy columns are empty."
    QString status;
};

/// The note of the datasets whose cells in `scope` have no label; `columns` names the panel's accuracy
/// columns (column names, not translated).
MissingLabels missingLabels(const Audit& audit, LabelScope scope, const QString& columns);

} // namespace tribunal
