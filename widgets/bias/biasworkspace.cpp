#include "bias/biasworkspace.h"

#include "framework/auditsession.h"
#include "framework/coreerrortext.h"
#include "framework/qstrings.h"

#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace tribunal {

namespace {

/// Everything but the margin: a change of any of these needs a new analysis.
bool sameAnalysis(const BiasSettings& a, const BiasSettings& b)
{
    return a.countMargins == b.countMargins && a.resamples == b.resamples &&
           a.permutations == b.permutations && a.seed == b.seed && a.level == b.level &&
           a.fdrLevel == b.fdrLevel && a.probabilityShift == b.probabilityShift &&
           a.confidenceBins == b.confidenceBins;
}

// B4: the verdict is a function of the interval and the margin only, so another margin needs no bootstrap.
void deriveVerdicts(BiasView& view, double margin)
{
    view.analysis.settings.margin = margin;
    for (auto& result : view.analysis.excess)
        result.verdict = verdictAtMargin(result, margin);
}

void collectFamilies(BiasView& view)
{
    auto add = [&view](StrId format, CondId condition) {
        const BiasFamily family{format, condition};
        if (std::find(view.families.begin(), view.families.end(), family) == view.families.end())
            view.families.push_back(family);
    };
    for (const auto& row : view.analysis.design.rows)
        add(row.key.format, row.key.condition);
    for (const auto& result : view.calibration)
        add(result.format, result.condition);
}

// Worker thread.
std::shared_ptr<BiasView> computeView(const AuditPtr& audit, const BiasSettings& settings, QString* error,
                                      const Progress& progress, bool* cancelled)
{
    auto view = std::make_shared<BiasView>();
    view->audit = audit;
    try {
        view->analysis = analyseBias(*audit, settings, 0, progress);
        view->calibration = analyseCalibration(*audit, settings.confidenceBins);
    } catch (const Cancelled&) {
        *cancelled = true; // superseded (B4 / B5 stopped between rows): the workspace drops it
        return nullptr;
    } catch (const std::invalid_argument& e) {
        *error = coreErrorText(e);
        return nullptr;
    }
    collectFamilies(*view);
    view->computed = true;
    return view;
}

} // namespace

int BiasView::familyOf(int row) const
{
    if (row < 0 || row >= rowCount())
        return -1;
    const auto& key = analysis.design.rows[static_cast<std::size_t>(row)].key;
    const auto it = std::find(families.begin(), families.end(), BiasFamily{key.format, key.condition});
    return it == families.end() ? -1 : static_cast<int>(it - families.begin());
}

BiasWorkspace::BiasWorkspace(AuditSession* session, QObject* parent)
    : Workspace(session, parent), m_session(session), m_view(std::make_shared<BiasView>())
{
    connect(m_session, &AuditSession::auditChanged, this, &BiasWorkspace::onAuditChanged);
    if (m_session->audit())
        onAuditChanged();
}

BiasWorkspace::~BiasWorkspace()
{
    m_cancelAnalysis.cancel(); // a closing window stops the work instead of waiting for it
    m_jobs.waitForWork();
}

void BiasWorkspace::setSettings(const BiasSettings& settings)
{
    const auto old = m_settings;
    m_settings = settings;
    if (!sameAnalysis(old, settings)) {
        startAnalysis();
        return;
    }
    if (old.margin != settings.margin)
        applyMargin();
}

void BiasWorkspace::setMargin(double margin)
{
    auto settings = m_settings;
    settings.margin = margin;
    setSettings(settings);
}

void BiasWorkspace::setCurrentFamily(int family)
{
    if (family < 0 || family >= static_cast<int>(m_view->families.size()))
        family = m_view->families.empty() ? -1 : 0;
    if (family == m_family)
        return;
    m_family = family;
    emit currentFamilyChanged(family);
    if (m_selectedRow >= 0 && !isRowVisible(m_selectedRow)) {
        m_selectedRow = -1;
        emit selectedRowChanged(-1);
    }
}

std::vector<int> BiasWorkspace::visibleRows() const
{
    std::vector<int> rows;
    for (int row = 0; row < m_view->rowCount(); ++row) {
        if (isRowVisible(row))
            rows.push_back(row);
    }
    return rows;
}

bool BiasWorkspace::isRowVisible(int row) const
{
    return m_family >= 0 && m_view->familyOf(row) == m_family;
}

void BiasWorkspace::selectRow(int row)
{
    if (!isRowVisible(row))
        row = -1;
    if (row == m_selectedRow)
        return;
    m_selectedRow = row;
    emit selectedRowChanged(row);
}

void BiasWorkspace::waitForIdle()
{
    m_jobs.waitForIdle();
}

void BiasWorkspace::onAuditChanged()
{
    // Rows of the previous audit must not stay clickable while the new one is analysed.
    auto empty = std::make_shared<BiasView>();
    empty->audit = m_session->audit();
    empty->analysis.settings = m_settings;
    m_view = std::move(empty);
    m_family = -1;
    const bool hadSelection = m_selectedRow >= 0;
    m_selectedRow = -1;
    emit viewChanged();
    emit currentFamilyChanged(-1);
    if (hadSelection)
        emit selectedRowChanged(-1);
    startAnalysis();
}

void BiasWorkspace::startAnalysis()
{
    const auto generation = ++m_generation; // supersedes a running job
    const auto audit = m_session->audit();
    if (!audit)
        return;
    const auto settings = m_settings;
    ++m_analysisRuns;
    struct Analysis {
        std::shared_ptr<BiasView> view;
        QString error;
        bool cancelled = false;
    };
    const JobCancel::Flag flag = m_cancelAnalysis.next(); // stops the job this one supersedes
    // The dock's bar: B4 / B5 resampling steps, one per design row (jobProgress).
    const Progress progress = jobProgressFor(flag);
    m_jobs.run(
        [audit, settings, progress] {
            Analysis result;
            result.view = computeView(audit, settings, &result.error, progress, &result.cancelled);
            return result;
        },
        [this, generation](Analysis result) {
            if (result.cancelled && generation != m_generation)
                countCancelled();
            applyAnalysis(generation, std::move(result.view), result.error);
        });
}

void BiasWorkspace::applyAnalysis(std::uint64_t generation, std::shared_ptr<BiasView> view,
                                  const QString& error)
{
    if (generation != m_generation)
        return;
    if (!view) {
        emit statusMessage(tr("Bias tests not computed: %1").arg(error));
        return;
    }
    // The margin may have changed while the job ran; it needs no new job.
    deriveVerdicts(*view, m_settings.margin);
    // The design depends on the audit only, so rows of the same audit keep their meaning.
    const bool rowsKept = m_view->computed && m_view->audit == view->audit &&
                          m_view->rowCount() == view->rowCount() && m_view->families == view->families;
    const BiasFamily oldFamily =
        m_family >= 0 ? m_view->families[static_cast<std::size_t>(m_family)] : BiasFamily{};
    const int oldFamilyIndex = m_family;
    m_view = std::move(view);
    const auto& families = m_view->families;
    const auto kept = std::find(families.begin(), families.end(), oldFamily);
    m_family = families.empty()                                ? -1
               : oldFamilyIndex >= 0 && kept != families.end() ? static_cast<int>(kept - families.begin())
                                                               : 0;
    emit viewChanged();
    if (m_family != oldFamilyIndex)
        emit currentFamilyChanged(m_family);
    if (m_selectedRow >= 0 && (!rowsKept || !isRowVisible(m_selectedRow))) {
        m_selectedRow = -1;
        emit selectedRowChanged(-1);
    }
}

void BiasWorkspace::applyMargin()
{
    ++m_marginUpdates;
    auto next = std::make_shared<BiasView>(*m_view);
    deriveVerdicts(*next, m_settings.margin);
    m_view = std::move(next);
    emit valuesChanged();
}

QString BiasWorkspace::verdictTitle(BiasVerdict verdict)
{
    switch (verdict) {
    case BiasVerdict::Bias:
        return tr("bias");
    case BiasVerdict::Unclear:
        return tr("unclear");
    case BiasVerdict::NoBias:
        return tr("no bias");
    case BiasVerdict::CrUnavailable:
        return tr("CR unavailable");
    case BiasVerdict::NoItems:
        break;
    }
    return tr("no items");
}

QColor BiasWorkspace::verdictColor(BiasVerdict verdict)
{
    // Mid-tone colours that read on light and dark palettes; red = bias, as in seed 001's tables.
    switch (verdict) {
    case BiasVerdict::Bias:
        return {214, 39, 40};
    case BiasVerdict::Unclear:
        return {230, 145, 30};
    case BiasVerdict::NoBias:
        return {33, 102, 172};
    case BiasVerdict::CrUnavailable:
    case BiasVerdict::NoItems:
        break;
    }
    return {128, 128, 128};
}

QString BiasWorkspace::familyLabel(const Audit& audit, const BiasFamily& family)
{
    QString label = qs(audit.str(family.format));
    if (label.isEmpty())
        label = tr("(no format)");
    if (family.condition != 0 && family.condition < audit.conditions().size()) {
        QStringList parts;
        for (const auto& [key, value] : audit.conditions()[family.condition])
            parts << qs(audit.str(key)) + QLatin1Char('=') + qs(audit.str(value));
        label += QStringLiteral(" / ") + parts.join(QStringLiteral(", "));
    }
    return label;
}

QString BiasWorkspace::testLabel(const Audit& audit, const BiasRow& row)
{
    const QString test = qs(audit.str(row.key.test));
    const QString version = qs(audit.str(row.key.version));
    return version.isEmpty() ? test : QStringLiteral("%1 (%2)").arg(test, version);
}

QString BiasWorkspace::rowLabel(const Audit& audit, const BiasRow& row)
{
    return qs(audit.str(row.key.judge)) + QStringLiteral(" · ") + testLabel(audit, row);
}

QString BiasWorkspace::number(double value)
{
    return std::isnan(value) ? tr("n/a") : QLocale().toString(value, 'f', 3);
}

} // namespace tribunal
