// JudgeBench's headline score on an audit (see judgebenchscore.h).

#include "analysis/judgebenchscore.h"

namespace tribunal {
namespace {

/// +1 for the label, -1 for the other candidate, 0 otherwise (flip() in metrics.py swaps only A>B / B>A, so
/// under a tie label only a tie answer counts, +1).
int signedVote(Answer answer, Answer label)
{
    if (answer == label)
        return 1;
    const bool decisive = label == answer::kA || label == answer::kB;
    const Answer other = label == answer::kA ? answer::kB : answer::kA;
    return decisive && answer == other ? -1 : 0;
}

bool isLabelled(Answer label)
{
    return label != answer::kNone && label != answer::kNA;
}

bool hasBaJudgment(const Audit& audit, const ItemRun& run)
{
    const auto& j = audit.judgments();
    for (std::uint32_t r = run.begin; r < run.end; ++r)
        if (j.order[r] == Order::BA && j.rep[r] == 1)
            return true;
    return false;
}

} // namespace

bool judgeBenchItemCorrect(const Audit& audit, const ItemRun& run, Answer label)
{
    // JudgeBench asks each game once: run 1 of each order. Orderless rows are no game of upstream's.
    const auto& j = audit.judgments();
    int sum = 0;
    for (std::uint32_t r = run.begin; r < run.end; ++r)
        if (j.rep[r] == 1 && (j.order[r] == Order::AB || j.order[r] == Order::BA))
            sum += signedVote(j.answer[r], label);
    return sum > 0;
}

std::vector<JudgeBenchCellScore> judgeBenchScores(const Audit& audit)
{
    std::vector<JudgeBenchCellScore> out;
    const auto& items = audit.items();
    const auto cells = audit.cells();
    for (std::uint32_t c = 0; c < cells.size(); ++c) {
        const Cell& cell = cells[c];
        if (cell.test != kEmptyStr)
            continue;
        JudgeBenchCellScore result;
        result.cell = c;
        result.doubleGame = false;
        for (std::size_t d = 0; d < kJudgeBenchDomainPrefixes.size(); ++d)
            result.domains[d].domain = kJudgeBenchDomainPrefixes[d].empty() ? std::string_view("Overall")
                                                                            : kJudgeBenchDomainPrefixes[d];
        for (const ItemRun& run : audit.itemRunsOf(cell)) {
            const Answer label = items.label[run.item];
            if (items.kind[run.item] != TaskKind::Pairwise || !isLabelled(label))
                continue;
            result.doubleGame = result.doubleGame || hasBaJudgment(audit, run);
            const bool correct = judgeBenchItemCorrect(audit, run, label);
            const std::string_view domain = audit.str(items.field(ItemText::Domain, run.item));
            for (std::size_t d = 0; d < kJudgeBenchDomainPrefixes.size(); ++d) {
                if (!domain.starts_with(kJudgeBenchDomainPrefixes[d]))
                    continue;
                ++result.domains[d].pairs;
                result.domains[d].correct += correct ? 1 : 0;
            }
        }
        if (result.domains.back().pairs == 0)
            continue; // no labelled pairwise item
        for (auto& domain : result.domains)
            if (domain.pairs > 0)
                domain.score =
                    100.0 * static_cast<double>(domain.correct) / static_cast<double>(domain.pairs);
        out.push_back(result);
    }
    return out;
}

} // namespace tribunal
