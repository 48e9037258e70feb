#include "export/biaslatexexport.h"

#include "bias/biascliarguments.h"
#include "bias/biasworkspace.h"
#include "framework/coreerrortext.h"

#include "report/biaslatex.h"
#include "report/latex.h"

#include <QCoreApplication>
#include <QLocale>

#include <exception>

namespace tribunal {
// Texts keep the Export dialog's translation context (QCoreApplication::translate with it spelled out, so
// lupdate files them there).

QString biasExportProblem(const BiasWorkspace* bias, BiasLatexTable table)
{
    if (bias == nullptr)
        return QCoreApplication::translate("tribunal::ExportDialog",
                                           "This dialog does not export the bias tests.");
    const auto& view = *bias->view();
    if (!view.audit)
        return QCoreApplication::translate("tribunal::ExportDialog", "Open an audit to export its tables.");
    if (!view.computed)
        return bias->isBusy()
                   ? QCoreApplication::translate(
                         "tribunal::ExportDialog",
                         "The bias tests are being computed; the table appears when they are done.")
                   : QCoreApplication::translate("tribunal::ExportDialog",
                                                 "The bias tests of this audit were not computed.");
    // The CLI's refusals (tribunal-cli bias / calibration exit with these reasons).
    if (table != BiasLatexTable::Calibration && !view.hasBiasRows())
        return QCoreApplication::translate(
            "tribunal::ExportDialog",
            "This audit has no bias-test judgments (no judgment has variant 'perturbed'): there is no "
            "bias table.");
    if (table == BiasLatexTable::Calibration && view.calibration.empty())
        return QCoreApplication::translate(
            "tribunal::ExportDialog",
            "This audit has no judgment with a probability on a pairwise item labelled A or B: there is "
            "no calibration table.");
    return {};
}

QStringList biasExportCliArguments(const BiasWorkspace* bias, BiasLatexTable table, const QString& input,
                                   bool standalone)
{
    QStringList args;
    args << (table == BiasLatexTable::Calibration ? QStringLiteral("calibration") : QStringLiteral("bias"));
    args << input;
    args << QStringLiteral("--format") << QStringLiteral("latex");
    if (table == BiasLatexTable::Counts)
        args << QStringLiteral("--table") << QStringLiteral("counts");
    if (standalone)
        args << QStringLiteral("--standalone");
    // The settings the shown numbers were computed with (the margin of the Bias panel included: the
    // workspace re-derives the verdicts and sets analysis.settings.margin), where they differ from the
    // CLI's defaults (which are BiasSettings' defaults).
    const BiasSettings defaults;
    const BiasSettings& s = bias != nullptr ? bias->view()->analysis.settings : defaults;
    // B11 is computed with the workspace's confidence bins (analyseCalibration).
    args << (table == BiasLatexTable::Calibration ? calibrationCliArguments(s) : biasCliArguments(s));
    return args;
}

std::string biasExportLatex(const BiasWorkspace* bias, BiasLatexTable table, bool standalone,
                            QString* problem)
{
    *problem = biasExportProblem(bias, table);
    if (!problem->isEmpty())
        return {};
    const auto& view = *bias->view();
    try {
        // As tribunal-cli bias / calibration --format latex: default BiasLatexOptions, the view's analysis
        // (its settings are the CLI options) and calibration results.
        std::string text = table == BiasLatexTable::Excess ? biasExcessLatex(*view.audit, view.analysis)
                           : table == BiasLatexTable::Counts
                               ? biasCountLatex(*view.audit, view.analysis)
                               : calibrationLatex(*view.audit, view.calibration);
        return standalone ? latexStandaloneDocument(text) : text;
    } catch (const std::exception& e) {
        *problem = QCoreApplication::translate("tribunal::ExportDialog", "This table cannot be written: %1")
                       .arg(coreErrorText(e));
    }
    return {};
}

std::vector<LatexTableSource> biasLatexSources(const BiasWorkspace* bias)
{
    const struct {
        BiasLatexTable table;
        QString title;
        const char* file;
    } tables[] = {
        {BiasLatexTable::Excess,
         QCoreApplication::translate("tribunal::ExportDialog", "Bias excess (seed 001 Table 10)"),
         "bias-excess.tex"},
        {BiasLatexTable::Counts,
         QCoreApplication::translate("tribunal::ExportDialog", "Judges with a bias per margin (Table 12)"),
         "bias-counts.tex"},
        {BiasLatexTable::Calibration,
         QCoreApplication::translate("tribunal::ExportDialog", "Calibration (Table 21)"), "calibration.tex"}};
    std::vector<LatexTableSource> out;
    for (const auto& t : tables) {
        const BiasLatexTable table = t.table;
        LatexTableSource s;
        s.code = kBiasLatexCode + static_cast<int>(table);
        s.title = t.title;
        s.fileName = QString::fromLatin1(t.file);
        s.problem = [bias, table] { return biasExportProblem(bias, table); };
        s.cliArguments = [bias, table](const QString& input, bool standalone) {
            return biasExportCliArguments(bias, table, input, standalone);
        };
        s.latex = [bias, table](bool standalone, QString* problem) {
            return biasExportLatex(bias, table, standalone, problem);
        };
        // The text is the shown view's (the command names its settings) until the new one arrives.
        s.pendingNote = [bias] {
            return bias != nullptr && bias->isBusy()
                       ? QCoreApplication::translate("tribunal::ExportDialog",
                                                     "The bias tests are being recomputed with new settings; "
                                                     "the text follows when they are done.")
                       : QString();
        };
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<LatexTableSource> biasLatexTables(Workspace* workspace, QObject* context,
                                              const std::function<void()>& changed)
{
    auto* bias = static_cast<BiasWorkspace*>(workspace);
    // A finished analysis (new rows or settings), another margin (verdicts and caption), a job starting or
    // failing (the note).
    QObject::connect(bias, &BiasWorkspace::viewChanged, context, changed);
    QObject::connect(bias, &BiasWorkspace::valuesChanged, context, changed);
    QObject::connect(bias, &BiasWorkspace::busyChanged, context, changed);
    QObject::connect(bias, &BiasWorkspace::statusMessage, context, changed);
    return biasLatexSources(bias);
}

} // namespace tribunal
