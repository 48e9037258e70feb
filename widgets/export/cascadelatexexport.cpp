#include "export/cascadelatexexport.h"

#include "cascades/cascadeview.h"
#include "cascades/confidenterrorview.h"
#include "framework/cliarguments.h"
#include "framework/coreerrortext.h"
#include "framework/qstrings.h"

#include "report/cascadelatex.h"
#include "report/latex.h"

#include <QCoreApplication>
#include <QLocale>
#include <QObject>

#include <algorithm>
#include <exception>
#include <set>

namespace tribunal {
namespace {

// Texts keep the Export dialog's translation context (QCoreApplication::translate with it spelled out, so
// lupdate files them there).

/// The name tribunal-cli resolves to `key` on `panel` (see the header). Sets *problem (when still empty) if
/// the CLI would refuse it or read another judge; the name is returned anyway, for the note.
QString cliJudgeName(const Audit& audit, StrId panel, const JudgeKey& key, QString* problem)
{
    // As the CLI's lookup: the cells of the panel without a bias test; a bare name must have one format
    // there, and a format one condition.
    std::set<StrId> formats;
    std::set<CondId> conditions;
    for (const Cell& c : audit.cells())
        if (c.test == kEmptyStr && c.dataset == panel && c.judge == key.judge) {
            formats.insert(c.format);
            if (c.format == key.format)
                conditions.insert(c.condition);
        }
    const QString judge = qs(audit.str(key.judge));
    const QString format = qs(audit.str(key.format));
    const bool bare = formats.size() <= 1;
    const QString name = bare ? judge : judge + QLatin1Char('@') + format;
    // Judge lists are split at commas and trimmed.
    bool named = conditions.size() <= 1 && !name.isEmpty() && name == name.trimmed() &&
                 !name.contains(QLatin1Char(','));
    if (named && !bare) {
        // The CLI reads a text that is a judge's own name as that judge, else splits it at its last '@'.
        const auto whole = audit.strings().find(name.toStdString());
        const auto cells = audit.cells();
        named = !format.contains(QLatin1Char('@')) &&
                !(whole && std::any_of(cells.begin(), cells.end(),
                                       [&whole](const Cell& c) { return c.judge == *whole; }));
    }
    if (!named && problem->isEmpty())
        *problem =
            QCoreApplication::translate(
                "tribunal::ExportDialog",
                "tribunal-cli cannot name judge '%1' on panel '%2' (several conditions in one format, a "
                "comma or spaces around the name, or a name it reads as another judge): there is no "
                "command for this table.")
                .arg(shownName(name), shownName(qs(audit.str(panel))));
    return name;
}

/// The judges of a CascadeKey as the CLI options name them (--first and --fallbacks, or --jurors together).
struct KeyNames {
    QString first;
    QStringList fallbacks;
};

KeyNames namesOf(const Audit& audit, const CascadeKey& key, QString* problem)
{
    KeyNames names;
    names.first = cliJudgeName(audit, key.dataset, key.first, problem);
    for (const JudgeKey& k : key.fallbacks)
        names.fallbacks << cliJudgeName(audit, key.dataset, k, problem);
    return names;
}

void addRounding(QStringList& args, LabelRounding rounding)
{
    // Core's name: the CLI's spelling, never translated.
    if (rounding == LabelRounding::HalfUp)
        return;
    const std::string_view name = labelRoundingName(rounding);
    args << QStringLiteral("--rounding")
         << QString::fromLatin1(name.data(), static_cast<qsizetype>(name.size()));
}

/// What the summary or the jury table is written from: its view's audit, judges and state.
struct CascadeShown {
    AuditPtr audit;
    CascadeKey key;
    bool computed = false;
    QString error;
    bool empty = true; ///< no kind to write (the writer's "no panel")
};

CascadeShown shownOf(const CascadeWorkspace& cascades, CascadeLatexTable table)
{
    if (table == CascadeLatexTable::Summary) {
        const CascadeSummaryView& v = *cascades.summaryView();
        return {v.audit, v.key, v.computed, v.error, v.replays.empty()};
    }
    const CascadeJuryView& v = *cascades.juryView();
    return {v.audit, v.key, v.computed, v.error, v.results.empty() || v.results.front().kinds.empty()};
}

QString cascadesProblem(const CascadeWorkspace* cascades, CascadeLatexTable table)
{
    if (cascades == nullptr)
        return QCoreApplication::translate("tribunal::ExportDialog",
                                           "This dialog does not export the cascades.");
    const bool summary = table == CascadeLatexTable::Summary;
    const CascadeShown shown = shownOf(*cascades, table);
    if (!shown.audit)
        return QCoreApplication::translate("tribunal::ExportDialog", "Open an audit to export its tables.");
    if (!shown.computed && cascades->isBusy())
        return summary ? QCoreApplication::translate(
                             "tribunal::ExportDialog",
                             "The cascades are being computed; the table appears when they are done.")
                       : QCoreApplication::translate(
                             "tribunal::ExportDialog",
                             "The jury is being computed; the table appears when it is done.");
    if (!shown.computed)
        return summary ? QCoreApplication::translate("tribunal::ExportDialog",
                                                     "The cascades of this audit were not computed.")
                       : QCoreApplication::translate("tribunal::ExportDialog",
                                                     "The jury of this audit was not computed.");
    // The CLI's refusals: no rubric items, fewer than two judges on the panel, nothing for the writer.
    if (!shown.error.isEmpty())
        return shown.error;
    const QString panel = shownName(qs(shown.audit->str(shown.key.dataset)));
    if (shown.empty)
        return summary ? QCoreApplication::translate(
                             "tribunal::ExportDialog",
                             "No pair of panel '%1' can be replayed: there is no cascade table.")
                             .arg(panel)
                       : QCoreApplication::translate(
                             "tribunal::ExportDialog",
                             "No pair of panel '%1' has a jury verdict: there is no jury table.")
                             .arg(panel);
    QString problem;
    namesOf(*shown.audit, shown.key, &problem);
    return problem;
}

QString confidentErrorsProblem(const ConfidentErrorWorkspace* errors)
{
    if (errors == nullptr)
        return QCoreApplication::translate("tribunal::ExportDialog",
                                           "This dialog does not export the confident errors.");
    const ConfidentErrorView& view = *errors->view();
    if (!view.audit)
        return QCoreApplication::translate("tribunal::ExportDialog", "Open an audit to export its tables.");
    if (!view.computed)
        return errors->isBusy()
                   ? QCoreApplication::translate(
                         "tribunal::ExportDialog",
                         "The confident errors are being computed; the table appears when they are done.")
                   : QCoreApplication::translate("tribunal::ExportDialog",
                                                 "The confident errors of this audit were not computed.");
    // The CLI's refusals (tribunal-cli confident-errors exits with these reasons).
    if (view.panelKinds.empty())
        return QCoreApplication::translate(
            "tribunal::ExportDialog",
            "This audit has no rubric judgments (no judgment of a binary or ordinal item): there is no "
            "confident-error table.");
    if (!view.error.isEmpty())
        return view.error;
    const ConfidentErrorPanel* result = view.panelResult();
    if (result == nullptr || result->kinds.empty() || view.first < 0)
        return QCoreApplication::translate(
                   "tribunal::ExportDialog",
                   "No pair of panel '%1' has a label and an answer of the first judge: there is no "
                   "confident-error table.")
            .arg(shownName(qs(view.audit->str(view.panel))));
    QString problem;
    cliJudgeName(*view.audit, view.panel, view.judges[static_cast<std::size_t>(view.first)], &problem);
    for (const std::size_t o : view.others)
        cliJudgeName(*view.audit, view.panel, view.judges[o], &problem);
    return problem;
}

QStringList cascadeArgs(const CascadeWorkspace* cascades, CascadeLatexTable table, QStringList args)
{
    const CascadeShown shown = shownOf(*cascades, table);
    if (!shown.audit || !shown.computed || shown.key.fallbacks.empty())
        return args;
    QString ignored;
    const KeyNames names = namesOf(*shown.audit, shown.key, &ignored);
    args << QStringLiteral("--panel") << qs(shown.audit->str(shown.key.dataset));
    if (table == CascadeLatexTable::Summary) {
        const CascadeSummaryView& view = *cascades->summaryView();
        const CascadeSettings defaults;
        args << QStringLiteral("--first") << names.first << QStringLiteral("--fallbacks")
             << names.fallbacks.join(QLatin1Char(','));
        if (view.halvings != defaults.halvings)
            args << QStringLiteral("--halvings") << QString::number(view.halvings);
        if (view.seed != defaults.seed)
            args << QStringLiteral("--seed") << QString::number(view.seed);
    } else {
        const PairedSettings& p = cascades->juryView()->paired;
        const PairedSettings defaults;
        args << QStringLiteral("--jurors")
             << (QStringList{names.first} + names.fallbacks).join(QLatin1Char(','));
        if (p.resamples != defaults.resamples)
            args << QStringLiteral("--resamples") << QString::number(p.resamples);
        if (p.seed != defaults.seed)
            args << QStringLiteral("--seed") << QString::number(p.seed);
        if (p.margin != defaults.margin)
            args << QStringLiteral("--margin") << cliNumber(p.margin);
    }
    addRounding(args, shown.key.rounding);
    return args;
}

QStringList confidentErrorArgs(const ConfidentErrorWorkspace* errors, QStringList args)
{
    const ConfidentErrorView& view = *errors->view();
    if (!view.audit || !view.computed || view.first < 0 || !view.error.isEmpty())
        return args;
    QString ignored;
    args << QStringLiteral("--panel") << qs(view.audit->str(view.panel)) << QStringLiteral("--first")
         << cliJudgeName(*view.audit, view.panel, view.judges[static_cast<std::size_t>(view.first)],
                         &ignored);
    // The CLI's default --others is every other judge of the panel in name order: the view's order.
    if (view.others.size() + 1 != view.judges.size()) {
        QStringList others;
        for (const std::size_t o : view.others)
            others << cliJudgeName(*view.audit, view.panel, view.judges[o], &ignored);
        args << QStringLiteral("--others") << others.join(QLatin1Char(','));
    }
    if (view.settings.n != kDefaultConfidentErrors)
        args << QStringLiteral("--n") << QString::number(view.settings.n);
    addRounding(args, view.settings.rounding);
    return args;
}

} // namespace

QString cascadeExportProblem(const CascadeWorkspace* cascades, const ConfidentErrorWorkspace* errors,
                             CascadeLatexTable table)
{
    return table == CascadeLatexTable::ConfidentErrors ? confidentErrorsProblem(errors)
                                                       : cascadesProblem(cascades, table);
}

QStringList cascadeExportCliArguments(const CascadeWorkspace* cascades, const ConfidentErrorWorkspace* errors,
                                      CascadeLatexTable table, const QString& input, bool standalone)
{
    QStringList args;
    args << (table == CascadeLatexTable::Summary           ? QStringLiteral("cascade")
             : table == CascadeLatexTable::ConfidentErrors ? QStringLiteral("confident-errors")
                                                           : QStringLiteral("jury"));
    args << input << QStringLiteral("--format") << QStringLiteral("latex");
    if (standalone)
        args << QStringLiteral("--standalone");
    if (table == CascadeLatexTable::ConfidentErrors)
        return errors == nullptr ? args : confidentErrorArgs(errors, std::move(args));
    return cascades == nullptr ? args : cascadeArgs(cascades, table, std::move(args));
}

std::string cascadeExportLatex(const CascadeWorkspace* cascades, const ConfidentErrorWorkspace* errors,
                               CascadeLatexTable table, bool standalone, QString* problem)
{
    *problem = cascadeExportProblem(cascades, errors, table);
    if (!problem->isEmpty())
        return {};
    try {
        // As tribunal-cli cascade / confident-errors / jury --format latex: default CascadeLatexOptions.
        std::string text;
        if (table == CascadeLatexTable::Summary) {
            const CascadeSummaryView& view = *cascades->summaryView();
            // The caption states the halvings and seed; the taus are the K7 grids, as without --*-taus.
            CascadeSettings settings;
            settings.halvings = view.halvings;
            settings.seed = view.seed;
            const std::vector<CascadePanel> panels{CascadePanel{view.verdicts, view.replays}};
            text = cascadeSummaryLatex(*view.audit, panels, settings);
        } else if (table == CascadeLatexTable::ConfidentErrors) {
            const ConfidentErrorView& view = *errors->view();
            text = confidentErrorLatex(*view.audit, view.results);
        } else {
            const CascadeJuryView& view = *cascades->juryView();
            text = juryLatex(*view.audit, view.results, view.paired);
        }
        return standalone ? latexStandaloneDocument(text) : text;
    } catch (const std::exception& e) {
        *problem = QCoreApplication::translate("tribunal::ExportDialog", "This table cannot be written: %1")
                       .arg(coreErrorText(e));
    }
    return {};
}

std::vector<LatexTableSource> cascadeLatexSources(const CascadeWorkspace* cascades,
                                                  const ConfidentErrorWorkspace* errors,
                                                  const std::vector<CascadeLatexTable>& tables)
{
    const struct {
        CascadeLatexTable table;
        QString title;
        const char* file;
    } known[] = {
        {CascadeLatexTable::Summary,
         QCoreApplication::translate("tribunal::ExportDialog", "Cascades: summary with K9 cross-fitting"),
         "cascade-summary.tex"},
        {CascadeLatexTable::ConfidentErrors,
         QCoreApplication::translate("tribunal::ExportDialog", "Confident errors (K3) and repeats (K4)"),
         "confident-errors.tex"},
        {CascadeLatexTable::Jury,
         QCoreApplication::translate("tribunal::ExportDialog", "Jury of the cascade's judges (K5, K6)"),
         "jury.tex"}};
    std::vector<LatexTableSource> out;
    for (const CascadeLatexTable table : tables) {
        const auto& t = known[static_cast<int>(table)];
        LatexTableSource s;
        s.code = kCascadeLatexCode + static_cast<int>(table);
        s.title = t.title;
        s.fileName = QString::fromLatin1(t.file);
        s.problem = [cascades, errors, table] { return cascadeExportProblem(cascades, errors, table); };
        s.cliArguments = [cascades, errors, table](const QString& input, bool standalone) {
            return cascadeExportCliArguments(cascades, errors, table, input, standalone);
        };
        s.latex = [cascades, errors, table](bool standalone, QString* problem) {
            return cascadeExportLatex(cascades, errors, table, standalone, problem);
        };
        s.pendingNote = [cascades, errors, table]() -> QString {
            if (table == CascadeLatexTable::ConfidentErrors)
                return errors != nullptr && errors->isBusy()
                           ? QCoreApplication::translate(
                                 "tribunal::ExportDialog",
                                 "The confident errors are being recomputed with new settings; the text "
                                 "follows when they are done.")
                           : QString();
            return cascades != nullptr && cascades->isBusy()
                       ? QCoreApplication::translate(
                             "tribunal::ExportDialog",
                             "The cascades are being recomputed with new settings; the text follows when "
                             "they are done.")
                       : QString();
        };
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<LatexTableSource> cascadeLatexTables(Workspace* workspace, QObject* context,
                                                 const std::function<void()>& changed)
{
    auto* cascades = static_cast<CascadeWorkspace*>(workspace);
    // New curves may make a summary or jury current or not; the busy state and status change the note.
    QObject::connect(cascades, &CascadeWorkspace::curvesChanged, context, changed);
    QObject::connect(cascades, &CascadeWorkspace::summaryChanged, context, changed);
    QObject::connect(cascades, &CascadeWorkspace::juryChanged, context, changed);
    QObject::connect(cascades, &CascadeWorkspace::busyChanged, context, changed);
    QObject::connect(cascades, &CascadeWorkspace::statusMessage, context, changed);
    cascades->requestJury();
    return cascadeLatexSources(cascades, nullptr, {CascadeLatexTable::Summary, CascadeLatexTable::Jury});
}

std::vector<LatexTableSource> confidentErrorLatexTables(Workspace* workspace, QObject* context,
                                                        const std::function<void()>& changed)
{
    auto* errors = static_cast<ConfidentErrorWorkspace*>(workspace);
    QObject::connect(errors, &ConfidentErrorWorkspace::viewChanged, context, changed);
    QObject::connect(errors, &ConfidentErrorWorkspace::busyChanged, context, changed);
    QObject::connect(errors, &ConfidentErrorWorkspace::statusMessage, context, changed);
    return cascadeLatexSources(nullptr, errors, {CascadeLatexTable::ConfidentErrors});
}

} // namespace tribunal
