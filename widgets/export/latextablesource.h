#pragma once
// One table the Export dialog offers besides the trust tables (bias tests, rubric judges, cascades): its
// title and file name, why it has no text now, its text and the tribunal-cli arguments that write the same
// bytes. The functions read a workspace's current view (they compute nothing); the workspace must outlive the
// dialog. GUI thread only.

#include <QString>
#include <QStringList>

#include <functional>
#include <string>

namespace tribunal {

/// The trust tables use TrustLatexTable's values, below this.
constexpr int kLatexSourceCodeBase = 100;

struct LatexTableSource {
    /// Stable identifier and the Table combo's data: the dialog lists the tables in code order. Each feature
    /// takes a block of ten at or above kLatexSourceCodeBase (bias 100, rubric 110, cascades 120);
    /// tst_analysispanels checks that the codes of all registered panels are distinct.
    int code = 0;
    QString title;    ///< the Table combo's entry
    QString fileName; ///< default file name when saving
    /// Why the table has no text now (no audit, still computing, nothing to show), or empty.
    std::function<QString()> problem;
    /// The tribunal-cli arguments after the program name, for `input` (project file or INPUT).
    std::function<QStringList(const QString& input, bool standalone)> cliArguments;
    /// The text (a standalone document when asked), or empty with *problem set.
    std::function<std::string(bool standalone, QString* problem)> latex;
    /// A note to show before the command while the workspace recomputes (empty when it does not).
    std::function<QString()> pendingNote;
};

} // namespace tribunal
