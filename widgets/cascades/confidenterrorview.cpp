#include "cascades/confidenterrorview.h"

#include "framework/coreerrortext.h"
#include "framework/qstrings.h"
#include "rubric/rubricpairview.h"
#include "rubric/rubricworkspace.h"

#include "analysis/rubricdefaults.h"
#include "analysis/rubriclabels.h"

#include <QStringList>

#include <algorithm>
#include <stdexcept>

namespace tribunal {

namespace {

/// Every rubric panel (core's rubricPanels: in order of first item) with its kinds (binary before ordinal).
std::vector<std::pair<StrId, TaskKind>> rubricPanelKinds(const Audit& audit)
{
    const ItemTable& items = audit.items();
    std::vector<std::pair<StrId, TaskKind>> seen;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const std::pair<StrId, TaskKind> key{items.dataset[i], items.kind[i]};
        if (isRubricKind(items.kind[i]) && std::find(seen.begin(), seen.end(), key) == seen.end())
            seen.push_back(key);
    }
    std::vector<std::pair<StrId, TaskKind>> out;
    for (StrId panel : rubricPanels(audit))
        for (TaskKind kind : {TaskKind::Binary, TaskKind::Ordinal})
            if (std::find(seen.begin(), seen.end(), std::pair{panel, kind}) != seen.end())
                out.emplace_back(panel, kind);
    return out;
}

} // namespace

std::shared_ptr<ConfidentErrorView> computeConfidentErrorView(const AuditPtr& audit,
                                                              const ConfidentErrorSettings& s)
{
    auto view = std::make_shared<ConfidentErrorView>();
    view->audit = audit;
    view->settings = s;
    view->computed = true;
    try {
        view->panelKinds = rubricPanelKinds(*audit);
        if (view->panelKinds.empty())
            return view; // nothing to compute: the dock says so
        const bool known = std::any_of(view->panelKinds.begin(), view->panelKinds.end(),
                                       [&s](const auto& pk) { return pk.first == s.panel; });
        view->panel = known ? s.panel : view->panelKinds.front().first;
        view->judges = panelJudges(*audit, view->panel);
        if (view->judges.empty()) {
            view->error =
                ConfidentErrorWorkspace::tr("No judge judged panel %1.").arg(qs(audit->str(view->panel)));
            return view;
        }
        // K1: which judges have a confidence somewhere on the panel (the default first judge is one).
        const RubricVerdictTable everyone = rubricVerdictTable(*audit, view->panel, view->judges, s.rounding);
        for (std::size_t j = 0; j < view->judges.size(); ++j)
            view->hasConfidence.push_back(hasConfidence(everyone, j) ? 1 : 0);
        const auto& judges = view->judges;
        const auto chosen = s.first ? std::find(judges.begin(), judges.end(), *s.first) : judges.end();
        view->first =
            static_cast<int>(chosen != judges.end() ? static_cast<std::size_t>(chosen - judges.begin())
                                                    : defaultConfidentErrorFirst(everyone));
        std::vector<JudgeKey> keys{judges[static_cast<std::size_t>(view->first)]};
        std::vector<std::size_t> otherIndices;
        for (std::size_t j = 0; j < judges.size(); ++j) {
            if (static_cast<int>(j) == view->first ||
                std::find(s.excluded.begin(), s.excluded.end(), judges[j]) != s.excluded.end())
                continue;
            view->others.push_back(j);
            otherIndices.push_back(keys.size());
            keys.push_back(judges[j]);
        }
        // Exactly what `tribunal-cli confident-errors --panel P --first J` computes (cascadecommands.cpp).
        view->results.push_back(confidentErrorPanel(*audit,
                                                    rubricVerdictTable(*audit, view->panel, keys, s.rounding),
                                                    0, otherIndices, std::max(s.n, 0)));
        view->sampleTable = confidentErrorTable(*audit, view->results);
        view->repeatsTable = repeatSummaryTable(*audit, view->results);
        const ConfidentErrorPanel& panel = view->results.front();
        for (std::size_t k = 0; k < panel.kinds.size(); ++k) {
            const ConfidentErrorPanel::Kind& kind = panel.kinds[k];
            // confidentErrorTable writes kinds in this order, then each sample in order.
            for (std::size_t e = 0; e < kind.sample.size(); ++e) {
                const std::size_t pair = kind.sample[e].pair;
                view->rows.push_back(
                    {kind.kind, k, e, panel.table.items[pair], panel.table.labels[pair].unanimous});
            }
            // K2 as `tribunal-cli confident-errors --table discrimination` computes it (discriminationTable).
            const auto answers = judgeConfidentAnswers(*audit, panel.table, panel.first, kind.kind);
            view->kinds.push_back(
                {kind.kind, summariseRepeats(*audit, panel.table, kind.sample, panel.others),
                 summariseRepeats(*audit, panel.table, kind.all, panel.others), discrimination(answers)});
        }
        if (view->rows.size() != view->sampleTable.rows.size())
            throw std::logic_error("confident-error rows out of step with the sample table");
    } catch (const std::exception& e) {
        view->error = coreErrorText(e);
        view->results.clear();
        view->sampleTable = {};
        view->repeatsTable = {};
        view->rows.clear();
        view->kinds.clear();
    }
    return view;
}

const ConfidentErrorKindSummary* ConfidentErrorView::summaryOf(TaskKind kind) const
{
    for (const auto& summary : kinds)
        if (summary.kind == kind)
            return &summary;
    return nullptr;
}

std::vector<TaskKind> ConfidentErrorView::panelKindsOf(StrId p) const
{
    std::vector<TaskKind> out;
    for (const auto& [panelId, kind] : panelKinds)
        if (panelId == p)
            out.push_back(kind);
    return out;
}

const ConfidentError* ConfidentErrorView::errorOf(int row) const
{
    if (row < 0 || static_cast<std::size_t>(row) >= rows.size() || results.empty())
        return nullptr;
    const ConfidentErrorRow& r = rows[static_cast<std::size_t>(row)];
    return &results.front().kinds[r.kindIndex].sample[r.error];
}

namespace {

QString number(double value)
{
    return RubricPairView::numberText(value);
}

/// K4 of one population: "5 of 24 checks (0.2083), expected 3.1 (0.1292)".
QString repeatsOf(const RepeatSummary& s)
{
    return ConfidentErrorView::tr("%1 of %2 (%3), expected %4 (%5)")
        .arg(QString::number(s.repeats),
             counted(static_cast<qint64>(s.checks), ConfidentErrorView::tr("%1 check"),
                     ConfidentErrorView::tr("%1 checks")),
             number(s.share()), number(s.expectedRepeats), number(s.baselineShare()));
}

} // namespace

QString ConfidentErrorView::firstText() const
{
    if (!audit || first < 0)
        return {};
    const JudgeKey& key = judges[static_cast<std::size_t>(first)];
    return RubricWorkspace::cellLabel(*audit, key.judge, key.format, key.condition);
}

QString ConfidentErrorView::repeatsText(TaskKind kind) const
{
    const ConfidentErrorKindSummary* summary = summaryOf(kind);
    if (!summary || first < 0)
        return {};
    QString line = tr("Repeats (K4) in the sample: %1; in every error of %2: %3")
                       .arg(repeatsOf(summary->sample), firstText(), repeatsOf(summary->all));
    if (summary->sample.noBaseline > 0)
        line += tr(" · %n sampled check(s) without a baseline left out", nullptr,
                   static_cast<int>(summary->sample.noBaseline));
    return line;
}

QString ConfidentErrorView::discriminationText(TaskKind kind) const
{
    const ConfidentErrorKindSummary* summary = summaryOf(kind);
    if (!summary || first < 0)
        return {};
    const Discrimination& d = summary->discrimination;
    QStringList bands;
    for (std::size_t b = 0; b < d.bands.size(); ++b) {
        // K2 bands [0, .25) [.25, .5) [.5, .75) [.75, 1].
        const QString range = QStringLiteral("[%1, %2%3")
                                  .arg(number(kConfidenceBandEdges[b]), number(kConfidenceBandEdges[b + 1]),
                                       b + 1 == d.bands.size() ? QStringLiteral("]") : QStringLiteral(")"));
        QString band =
            d.bands[b].answers == 0
                ? tr("%1 no answers").arg(range)
                : tr("%1 %2 (%3)").arg(range, number(d.bands[b].errorRate)).arg(d.bands[b].answers);
        // One band never wraps: Qt 6.4 would break a line inside a number ("0." | "3571"), not only at
        // spaces.
        bands << band.replace(QLatin1Char(' '), QChar(0x00A0));
    }
    return tr("Discrimination (K2) of %1: AUROC %2 over %3 with a confidence; error rate by confidence band: "
              "%4")
        .arg(firstText(), number(d.auroc),
             counted(static_cast<qint64>(d.answers), tr("%1 answer"), tr("%1 answers")),
             bands.join(QStringLiteral(" · ")));
}

} // namespace tribunal
