#include "analysis/flipinspection.h"

#include "analysis/trustpair.h"

#include <algorithm>

namespace tribunal {

namespace {

bool isVerdict(Answer a)
{
    return a == answer::kA || a == answer::kB || a == answer::kTie;
}

/// T1: the most frequent answered verdict; kNone when nothing answered or two verdicts share the top count
/// (the rule of trustpair.cpp's Presentation::mode).
Answer modalVerdict(const std::vector<FlipRun>& runs)
{
    std::uint32_t counts[3] = {};
    for (const FlipRun& run : runs)
        if (isVerdict(run.verdict))
            ++counts[run.verdict - answer::kA];
    const std::uint32_t top = std::max({counts[0], counts[1], counts[2]});
    if (top == 0)
        return answer::kNone;
    const auto atTop = std::count(std::begin(counts), std::end(counts), top);
    if (atTop != 1)
        return answer::kNone;
    return static_cast<Answer>(answer::kA + (std::find(std::begin(counts), std::end(counts), top) - counts));
}

} // namespace

std::vector<FlipItem> inspectFlips(const Audit& audit, std::span<const std::uint32_t> cells)
{
    const auto& items = audit.items();
    const auto& judgments = audit.judgments();
    std::vector<FlipItem> out;
    for (const std::uint32_t c : cells) {
        for (const ItemRun& run : audit.itemRunsOf(audit.cells()[c])) {
            if (items.kind[run.item] != TaskKind::Pairwise)
                continue;
            FlipItem f;
            f.item = run.item;
            f.cell = c;
            f.label = items.label[run.item];
            for (std::uint32_t r = run.begin; r < run.end; ++r) {
                const Order order = judgments.order[r];
                if (order == Order::None)
                    continue; // T0: ignored by the metrics too
                f.runs[order == Order::AB ? 0 : 1].push_back({r, judgments.rep[r], judgments.answer[r]});
            }
            for (int o = 0; o < 2; ++o) {
                std::stable_sort(f.runs[o].begin(), f.runs[o].end(),
                                 [](const FlipRun& x, const FlipRun& y) { return x.rep < y.rep; });
                f.modal[o] = modalVerdict(f.runs[o]);
                if (isVerdict(f.label))
                    f.wrong =
                        f.wrong || std::any_of(f.runs[o].begin(), f.runs[o].end(), [&](const FlipRun& x) {
                            return isVerdict(x.verdict) && x.verdict != f.label;
                        });
            }
            // The flags of the metrics themselves: the same reduction analyseTrustCell sums (T0, T2, T3).
            const TrustPairs summary = summarizeTrustPairs(audit, std::span<const ItemRun>(&run, 1));
            if (summary.pairs.empty()) {
                f.dropped =
                    summary.droppedMissingOrder > 0 ? FlipDrop::MissingOrder : FlipDrop::MissingVerdicts;
            } else {
                f.flipped = !summary.pairs.front().orderInvariant;
                f.unstable = !summary.pairs.front().reproducible;
            }
            out.push_back(std::move(f));
        }
    }
    return out;
}

FlipCounts countFlips(std::span<const FlipItem> items)
{
    FlipCounts counts;
    counts.items = items.size();
    for (const FlipItem& f : items) {
        counts.retained += f.retained();
        counts.dropped += !f.retained();
        counts.flipped += f.flipped;
        counts.unstable += f.unstable;
        counts.wrong += f.wrong;
    }
    return counts;
}

LabelAgreement labelAgreement(Answer verdict, Answer label)
{
    if (!isVerdict(verdict) || !isVerdict(label))
        return LabelAgreement::Unknown;
    return verdict == label ? LabelAgreement::Agrees : LabelAgreement::Disagrees;
}

LabelAgreement labelAgreement(std::span<const FlipRun> runs, Answer label)
{
    bool agrees = false;
    for (const FlipRun& run : runs) {
        switch (labelAgreement(run.verdict, label)) {
        case LabelAgreement::Disagrees:
            return LabelAgreement::Disagrees;
        case LabelAgreement::Agrees:
            agrees = true;
            break;
        case LabelAgreement::Unknown:
            break;
        }
    }
    return agrees ? LabelAgreement::Agrees : LabelAgreement::Unknown;
}

} // namespace tribunal
