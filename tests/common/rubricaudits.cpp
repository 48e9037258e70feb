#include "rubricaudits.h"

#include "model/auditbuilder.h"

#include <stdexcept>

namespace tribunal::testing {

AuditPtr buildRubricAudit(const std::vector<RubricPairSpec>& pairs, const std::string& panel,
                          const std::vector<std::pair<std::string, std::string>>& condition)
{
    AuditBuilder b;
    const StrId panelId = b.intern(panel), judge = b.intern("j"), format = b.intern("f"),
                test = b.intern("verbosity");
    Condition pairsOfCondition;
    for (const auto& [key, value] : condition)
        pairsOfCondition.emplace_back(b.intern(key), b.intern(value));
    const CondId cond = condition.empty() ? 0 : b.internCondition(pairsOfCondition);
    for (const RubricPairSpec& p : pairs) {
        const auto item = b.addItem(panelId, b.intern(p.unit + "/" + p.criterion), p.kind);
        b.setText(item, ItemText::UnitId, b.intern(p.unit));
        b.setText(item, ItemText::Criterion, b.intern(p.criterion));
        b.setLabel(item, p.label);
        if (p.levels > 0) {
            std::vector<StrId> levels;
            for (int k = 1; k <= p.levels; ++k)
                levels.push_back(b.intern("level " + std::to_string(k)));
            b.setLevels(item, levels);
        }
        std::vector<Rating> ratings;
        for (std::size_t r = 0; r < p.ratings.size(); ++r)
            if (p.ratings[r] != answer::kNone)
                ratings.push_back({b.intern("r" + std::to_string(r + 1)), p.ratings[r]});
        b.setRatings(item, ratings);
        const auto addRuns = [&](const std::vector<Answer>& runs, bool perturbed) {
            for (std::size_t r = 0; r < runs.size(); ++r) {
                JudgmentInput j;
                j.item = item;
                j.judge = judge;
                j.format = format;
                j.condition = cond;
                j.rep = static_cast<std::uint16_t>(r + 1);
                j.answer = runs[r];
                if (perturbed) {
                    j.test = test;
                    j.variant = Variant::Perturbed;
                }
                b.addJudgment(j);
            }
        };
        addRuns(p.runs, false);
        addRuns(p.testRuns, true);
    }
    ImportLog log;
    auto audit = b.build(log);
    if (!audit)
        throw std::runtime_error("test audit did not build");
    return audit;
}

std::uint32_t rubricItem(const Audit& audit, const std::string& unit, const std::string& criterion,
                         const std::string& panel)
{
    const auto item = audit.findItem(panel, unit + "/" + criterion);
    if (!item)
        throw std::runtime_error("no item " + unit + "/" + criterion);
    return *item;
}

} // namespace tribunal::testing
