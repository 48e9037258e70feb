#include "analysis/trustpair.h"

#include <algorithm>

namespace tribunal {

namespace {

bool isVerdict(Answer a)
{
    return a == answer::kA || a == answer::kB || a == answer::kTie;
}

/// Verdict counts of one (pair, order) presentation.
struct Presentation {
    std::uint32_t rows = 0;       // judgment rows, answered or not
    std::uint32_t counts[3] = {}; // A, B, tie (index = answer - kA)

    std::uint32_t answered() const { return counts[0] + counts[1] + counts[2]; }
    int distinct() const { return (counts[0] > 0) + (counts[1] > 0) + (counts[2] > 0); }
    /// T1: the most frequent verdict; kNone when no run answered or two verdicts share the top count.
    Answer mode() const
    {
        const std::uint32_t top = std::max({counts[0], counts[1], counts[2]});
        if (top == 0)
            return answer::kNone;
        int atTop = 0;
        Answer modal = answer::kNone;
        for (int k = 0; k < 3; ++k)
            if (counts[k] == top) {
                ++atTop;
                modal = static_cast<Answer>(answer::kA + k);
            }
        return atTop == 1 ? modal : answer::kNone;
    }
};

struct RunVerdict {
    std::uint16_t rep;
    Answer verdict;
};

} // namespace

TrustPairs summarizeTrustPairs(const Audit& audit, std::span<const ItemRun> runs)
{
    const auto& items = audit.items();
    const auto& judgments = audit.judgments();
    TrustPairs out;
    out.pairs.reserve(runs.size());
    // Reused across pairs: the answered runs of each order, for the run-by-run both-order replay (T12b).
    std::vector<RunVerdict> byOrder[2];

    for (const ItemRun& run : runs) {
        if (items.kind[run.item] != TaskKind::Pairwise) {
            ++out.notPairwiseItems;
            continue;
        }
        const Answer label = items.label[run.item];
        const bool labelled = isVerdict(label);
        Presentation pres[2];
        byOrder[0].clear();
        byOrder[1].clear();
        std::uint32_t correct = 0, slotVerdicts = 0, firstSlot = 0;

        for (std::uint32_t r = run.begin; r < run.end; ++r) {
            const Order order = judgments.order[r];
            if (order == Order::None) {
                ++out.unorderedRuns;
                continue;
            }
            const int o = order == Order::AB ? 0 : 1;
            ++pres[o].rows;
            const Answer a = judgments.answer[r];
            if (a == answer::kNone) {
                ++out.noneRuns;
                continue;
            }
            if (!isVerdict(a)) {
                // NA (abstention) or an answer that is not pairwise: leaves every denominator, like 'none'.
                ++out.abstainedRuns;
                continue;
            }
            ++pres[o].counts[a - answer::kA];
            byOrder[o].push_back({judgments.rep[r], a});
            if (labelled && a == label)
                ++correct;
            if (a != answer::kTie) {
                ++slotVerdicts;
                // The first-shown slot is the canonical A in order AB and the canonical B in order BA.
                if ((o == 0) == (a == answer::kA))
                    ++firstSlot;
            }
        }

        if (pres[0].rows == 0 || pres[1].rows == 0) {
            ++out.droppedMissingOrder;
            continue;
        }
        if (pres[0].answered() == 0 || pres[1].answered() == 0) {
            ++out.droppedMissingVerdicts;
            continue;
        }

        TrustPair p;
        p.item = run.item;
        p.labelled = labelled;
        p.answered[0] = pres[0].answered();
        p.answered[1] = pres[1].answered();
        p.correct = correct;
        p.slotVerdicts = slotVerdicts;
        p.firstSlotVerdicts = firstSlot;
        const Answer mode[2] = {pres[0].mode(), pres[1].mode()};
        for (int o = 0; o < 2; ++o) {
            if (pres[o].distinct() == 1)
                ++p.agreeingPresentations;
            if (pres[o].answered() == 1)
                ++p.singleRunPresentations;
            if (mode[o] != answer::kNone) {
                ++p.modalPresentations;
                if (labelled && mode[o] == label)
                    ++p.modalCorrectPresentations;
            }
        }
        p.reproducible = p.agreeingPresentations == 2;
        p.orderInvariant = mode[0] != answer::kNone && mode[0] == mode[1];
        p.modalCorrect = p.orderInvariant && labelled && mode[0] == label;
        p.hardReversal = (mode[0] == answer::kA && mode[1] == answer::kB) ||
                         (mode[0] == answer::kB && mode[1] == answer::kA);

        // T12b: pair the AB and BA calls of the same run number; a run number answered in one order only
        // has no both-order verdict and leaves the denominator.
        for (auto& v : byOrder)
            std::stable_sort(v.begin(), v.end(),
                             [](const RunVerdict& x, const RunVerdict& y) { return x.rep < y.rep; });
        std::size_t i = 0, j = 0;
        while (i < byOrder[0].size() && j < byOrder[1].size()) {
            const RunVerdict& ab = byOrder[0][i];
            const RunVerdict& ba = byOrder[1][j];
            if (ab.rep < ba.rep) {
                ++i;
            } else if (ba.rep < ab.rep) {
                ++j;
            } else {
                ++p.matchedRuns;
                if (ab.verdict == ba.verdict) {
                    ++p.agreeingRuns;
                    if (labelled && ab.verdict == label)
                        ++p.agreeingCorrectRuns;
                }
                ++i;
                ++j;
            }
        }
        out.pairs.push_back(p);
    }
    return out;
}

} // namespace tribunal
