#include "export/rubriclatexexport.h"

#include "framework/cliarguments.h"
#include "framework/coreerrortext.h"
#include "rubric/rubricworkspace.h"

#include "report/latex.h"
#include "report/rubriclatex.h"

#include <QCoreApplication>
#include <QLocale>

#include <exception>

namespace tribunal {

QString rubricExportProblem(const RubricWorkspace* rubric, RubricLatexTable table)
{
    if (rubric == nullptr)
        return QCoreApplication::translate("tribunal::ExportDialog",
                                           "This dialog does not export the rubric judges.");
    const RubricView& view = *rubric->view();
    const ComparisonView& comparisons = *rubric->comparisonView();
    if (!view.audit)
        return QCoreApplication::translate("tribunal::ExportDialog", "Open an audit to export its tables.");
    const bool computed = table == RubricLatexTable::Accuracy ? view.computed : comparisons.computed;
    if (!computed)
        return rubric->isBusy()
                   ? QCoreApplication::translate(
                         "tribunal::ExportDialog",
                         "The rubric judges are being computed; the table appears when they are done.")
                   : QCoreApplication::translate("tribunal::ExportDialog",
                                                 "The rubric judges of this audit were not computed.");
    // The CLI's refusals (tribunal-cli rubric / compare exit with these reasons).
    if (table == RubricLatexTable::Accuracy && view.report.rows.empty())
        return QCoreApplication::translate(
            "tribunal::ExportDialog",
            "This audit has no rubric judgments (no judgment of a binary or ordinal item): there is no "
            "accuracy table.");
    if (table == RubricLatexTable::PairedComparison && comparisons.comparisons.empty())
        return comparisons.error.isEmpty()
                   ? QCoreApplication::translate("tribunal::ExportDialog",
                                                 "No panel and format in which two of the chosen judges both "
                                                 "judged rubric items: there "
                                                 "is no comparison table.")
                   : comparisons.error;
    return {};
}

QStringList rubricExportCliArguments(const RubricWorkspace* rubric, RubricLatexTable table,
                                     const QString& input, bool standalone)
{
    QStringList args;
    args << (table == RubricLatexTable::Accuracy ? QStringLiteral("rubric") : QStringLiteral("compare"));
    args << input << QStringLiteral("--format") << QStringLiteral("latex");
    if (standalone)
        args << QStringLiteral("--standalone");
    const RubricPanelSettings defaults;
    if (rubric == nullptr)
        return args;
    // The rule the shown numbers were computed with (core's name: the CLI's spelling, never translated).
    const LabelRounding rounding = table == RubricLatexTable::Accuracy
                                       ? rubric->view()->settings.rounding
                                       : rubric->comparisonView()->settings.rounding;
    if (rounding != defaults.rounding) {
        const std::string_view name = labelRoundingName(rounding);
        args << QStringLiteral("--rounding")
             << QString::fromLatin1(name.data(), static_cast<qsizetype>(name.size()));
    }
    if (table == RubricLatexTable::Accuracy)
        return args;
    const ComparisonView& view = *rubric->comparisonView();
    if (view.audit) {
        QStringList judges;
        for (const StrId judge : view.judges)
            judges << QString::fromUtf8(view.audit->str(judge));
        args << QStringLiteral("--judges") << judges.join(QLatin1Char(','));
    }
    const PairedSettings& p = view.paired;
    if (p.resamples != defaults.paired.resamples)
        args << QStringLiteral("--resamples") << QString::number(p.resamples);
    if (p.seed != defaults.paired.seed)
        args << QStringLiteral("--seed") << QString::number(p.seed);
    if (p.margin != defaults.paired.margin)
        args << QStringLiteral("--margin") << cliNumber(p.margin);
    if (p.clusterBootstrap)
        args << QStringLiteral("--cluster") << QStringLiteral("group");
    return args;
}

std::string rubricExportLatex(const RubricWorkspace* rubric, RubricLatexTable table, bool standalone,
                              QString* problem)
{
    *problem = rubricExportProblem(rubric, table);
    if (!problem->isEmpty())
        return {};
    try {
        // As tribunal-cli rubric / compare --format latex: default RubricLatexOptions on the workspace's
        // views.
        std::string text;
        if (table == RubricLatexTable::Accuracy) {
            const RubricView& view = *rubric->view();
            text = rubricAccuracyLatex(*view.audit, view.report);
        } else {
            const ComparisonView& view = *rubric->comparisonView();
            text = pairedComparisonLatex(*view.audit, view.comparisons, view.paired, view.settings);
        }
        return standalone ? latexStandaloneDocument(text) : text;
    } catch (const std::exception& e) {
        *problem = QCoreApplication::translate("tribunal::ExportDialog", "This table cannot be written: %1")
                       .arg(coreErrorText(e));
    }
    return {};
}

std::vector<LatexTableSource> rubricLatexSources(const RubricWorkspace* rubric)
{
    const struct {
        RubricLatexTable table;
        QString title;
        const char* file;
    } tables[] = {{RubricLatexTable::Accuracy,
                   QCoreApplication::translate("tribunal::ExportDialog", "Rubric judges: accuracy per panel"),
                   "rubric-accuracy.tex"},
                  {RubricLatexTable::PairedComparison,
                   QCoreApplication::translate("tribunal::ExportDialog", "Rubric judges: paired comparisons"),
                   "paired-comparison.tex"}};
    std::vector<LatexTableSource> out;
    for (const auto& t : tables) {
        const RubricLatexTable table = t.table;
        LatexTableSource s;
        s.code = kRubricLatexCode + static_cast<int>(table);
        s.title = t.title;
        s.fileName = QString::fromLatin1(t.file);
        s.problem = [rubric, table] { return rubricExportProblem(rubric, table); };
        s.cliArguments = [rubric, table](const QString& input, bool standalone) {
            return rubricExportCliArguments(rubric, table, input, standalone);
        };
        s.latex = [rubric, table](bool standalone, QString* problem) {
            return rubricExportLatex(rubric, table, standalone, problem);
        };
        s.pendingNote = [rubric] {
            return rubric != nullptr && rubric->isBusy()
                       ? QCoreApplication::translate("tribunal::ExportDialog",
                                                     "The rubric judges are being recomputed with new "
                                                     "settings; the text follows when "
                                                     "they are done.")
                       : QString();
        };
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<LatexTableSource> rubricLatexTables(Workspace* workspace, QObject* context,
                                                const std::function<void()>& changed)
{
    auto* rubric = static_cast<RubricWorkspace*>(workspace);
    QObject::connect(rubric, &RubricWorkspace::viewChanged, context, changed);
    QObject::connect(rubric, &RubricWorkspace::comparisonsChanged, context, changed);
    QObject::connect(rubric, &RubricWorkspace::busyChanged, context, changed);
    QObject::connect(rubric, &RubricWorkspace::statusMessage, context, changed);
    return rubricLatexSources(rubric);
}

} // namespace tribunal
