#include "cascades/confidenterrorview.h"

#include "framework/auditsession.h"

#include <algorithm>
#include <string>

namespace tribunal {

ConfidentErrorWorkspace::ConfidentErrorWorkspace(AuditSession* session, QObject* parent)
    : Workspace(session, parent), m_session(session), m_view(std::make_shared<ConfidentErrorView>())
{
    connect(m_session, &AuditSession::auditChanged, this, &ConfidentErrorWorkspace::onAuditChanged);
    if (m_session->audit())
        onAuditChanged();
}

ConfidentErrorWorkspace::~ConfidentErrorWorkspace()
{
    m_jobs.waitForWork();
}

void ConfidentErrorWorkspace::setSettings(const ConfidentErrorSettings& settings)
{
    const auto old = m_settings;
    m_settings = settings;
    m_settings.n = std::max(settings.n, 0);
    const bool recompute = old.panel != m_settings.panel || old.first != m_settings.first ||
                           old.excluded != m_settings.excluded || old.n != m_settings.n ||
                           old.rounding != m_settings.rounding; // R1: labels, so errors, follow the rule
    if (recompute)
        start();
    else if (old.kind != m_settings.kind || old.filter != m_settings.filter)
        updateRows();
}

void ConfidentErrorWorkspace::setPanelKind(StrId panel, TaskKind kind)
{
    auto settings = m_settings;
    const StrId current = m_view->computed ? m_view->panel : m_settings.panel;
    if (panel != current) {
        settings.panel = panel;
        settings.first.reset();
        settings.excluded.clear(); // keys of the old panel
    }
    settings.kind = kind;
    setSettings(settings);
}

void ConfidentErrorWorkspace::setFirst(const JudgeKey& first)
{
    auto settings = m_settings;
    settings.first = first;
    setSettings(settings);
}

void ConfidentErrorWorkspace::setOtherIncluded(const JudgeKey& judge, bool included)
{
    auto settings = m_settings;
    auto& excluded = settings.excluded;
    const auto it = std::find(excluded.begin(), excluded.end(), judge);
    if (included && it != excluded.end())
        excluded.erase(it);
    else if (!included && it == excluded.end())
        excluded.push_back(judge);
    setSettings(settings);
}

void ConfidentErrorWorkspace::setSampleSize(int n)
{
    auto settings = m_settings;
    settings.n = n;
    setSettings(settings);
}

void ConfidentErrorWorkspace::setRounding(LabelRounding rounding)
{
    auto settings = m_settings;
    settings.rounding = rounding;
    setSettings(settings);
}

void ConfidentErrorWorkspace::setFilter(RaterFilter filter)
{
    auto settings = m_settings;
    settings.filter = filter;
    setSettings(settings);
}

std::optional<TaskKind> ConfidentErrorWorkspace::shownKind() const
{
    const auto kinds = m_view->panelKindsOf(m_view->panel);
    if (kinds.empty())
        return std::nullopt;
    if (m_settings.kind && std::find(kinds.begin(), kinds.end(), *m_settings.kind) != kinds.end())
        return m_settings.kind;
    return kinds.front();
}

void ConfidentErrorWorkspace::selectRow(int row)
{
    if (std::find(m_shown.begin(), m_shown.end(), row) == m_shown.end())
        row = -1;
    if (row == m_selected)
        return;
    m_selected = row;
    m_selectedItem = row < 0 ? 0 : m_view->rows[static_cast<std::size_t>(row)].item;
    emit selectedRowChanged(row);
}

void ConfidentErrorWorkspace::waitForIdle()
{
    m_jobs.waitForIdle();
}

QString ConfidentErrorWorkspace::filterTitle(RaterFilter filter)
{
    switch (filter) {
    case RaterFilter::Unanimous:
        return tr("unanimous");
    case RaterFilter::Split:
        return tr("split");
    case RaterFilter::All:
        break;
    }
    return tr("all");
}

void ConfidentErrorWorkspace::onAuditChanged()
{
    // Rows of the previous audit must not stay clickable while the new one is analysed.
    auto empty = std::make_shared<ConfidentErrorView>();
    empty->audit = m_session->audit();
    m_view = std::move(empty);
    // Panels and judges are ids of the old audit.
    m_settings.panel = kEmptyStr;
    m_settings.first.reset();
    m_settings.excluded.clear();
    emit viewChanged();
    updateRows();
    start();
}

void ConfidentErrorWorkspace::start()
{
    const auto generation = ++m_generation; // supersedes a running job
    const auto audit = m_session->audit();
    if (!audit)
        return;
    const auto settings = m_settings;
    ++m_runs;
    m_jobs.run(
        [audit, settings] { return computeConfidentErrorView(audit, settings); },
        [this, generation](std::shared_ptr<ConfidentErrorView> view) { apply(generation, std::move(view)); });
}

void ConfidentErrorWorkspace::apply(std::uint64_t generation, std::shared_ptr<ConfidentErrorView> view)
{
    if (generation != m_generation)
        return;
    if (!view->error.isEmpty())
        emit statusMessage(tr("Confident errors not computed: %1").arg(view->error));
    m_view = std::move(view);
    emit viewChanged();
    updateRows();
}

void ConfidentErrorWorkspace::updateRows()
{
    // The pair selected before (by item, as the rows of a new view may differ).
    const bool hadSelection = m_selected >= 0;
    const std::uint32_t oldItem = m_selectedItem;
    std::vector<int> shown;
    const auto kind = shownKind();
    for (std::size_t r = 0; r < m_view->rows.size(); ++r) {
        const ConfidentErrorRow& row = m_view->rows[r];
        if (!kind || row.kind != *kind)
            continue;
        if ((m_settings.filter == RaterFilter::Unanimous && !row.unanimous) ||
            (m_settings.filter == RaterFilter::Split && row.unanimous))
            continue;
        shown.push_back(static_cast<int>(r));
    }
    m_shown = std::move(shown);
    int selected = m_shown.empty() ? -1 : m_shown.front();
    if (hadSelection)
        for (int r : m_shown)
            if (m_view->rows[static_cast<std::size_t>(r)].item == oldItem) {
                selected = r;
                break;
            }
    m_selected = selected;
    m_selectedItem = selected < 0 ? 0 : m_view->rows[static_cast<std::size_t>(selected)].item;
    emit rowsChanged();
    emit selectedRowChanged(m_selected);
}

} // namespace tribunal
