#include "analysis/jury.h"

#include <algorithm>

namespace tribunal {

namespace {

double share(std::uint32_t count, std::uint32_t of)
{
    return of == 0 ? kMissing : static_cast<double>(count) / static_cast<double>(of);
}

bool labelled(const RubricVerdictTable& t, std::size_t p)
{
    return t.labels[p].label != answer::kNone;
}

} // namespace

JuryVerdict juryVerdict(std::span<const Answer> votes)
{
    JuryVerdict v;
    v.votes = static_cast<std::uint32_t>(votes.size());
    if (votes.empty())
        return v;
    std::vector<Answer> sorted(votes.begin(), votes.end());
    std::sort(sorted.begin(), sorted.end()); // UNMET (0) < MET (1); levels ascending
    v.lower = sorted[(sorted.size() - 1) / 2];
    v.upper = sorted[sorted.size() / 2];
    return v;
}

JuryResult analyseJury(const RubricVerdictTable& t, std::span<const std::size_t> jurors,
                       std::span<const std::size_t> candidates, const PairedSettings& paired,
                       const Progress& progress)
{
    JuryResult r;
    r.jurors.assign(jurors.begin(), jurors.end());
    const std::size_t n = t.pairCount();
    std::vector<JuryVerdict> jury(n);
    std::uint32_t rightLower = 0, rightUpper = 0;
    std::vector<Answer> votes;
    for (std::size_t p = 0; p < n; ++p) {
        votes.clear();
        for (std::size_t j : jurors)
            if (isScoredVerdict(t.at(j, p).status))
                votes.push_back(t.at(j, p).answer);
        jury[p] = juryVerdict(votes);
        if (jury[p].votes == 0 || !labelled(t, p))
            continue;
        ++r.pairs;
        r.evenSplits += jury[p].lower != jury[p].upper ? 1u : 0u;
        rightLower += jury[p].lower == t.labels[p].label ? 1u : 0u;
        rightUpper += jury[p].upper == t.labels[p].label ? 1u : 0u;
    }
    r.accuracyLower = share(rightLower, r.pairs);
    r.accuracyUpper = share(rightUpper, r.pairs);

    // The best single judge on the pairs it shares with the jury.
    for (std::size_t c : candidates) {
        std::uint32_t shared = 0, right = 0;
        for (std::size_t p = 0; p < n; ++p) {
            const RubricVerdict& v = t.at(c, p);
            if (jury[p].votes == 0 || !labelled(t, p) || !isScoredVerdict(v.status))
                continue;
            ++shared;
            right += v.status == VerdictStatus::Right ? 1u : 0u;
        }
        const double accuracy = share(right, shared);
        if (shared > 0 && (r.bestSingle < 0 || accuracy > r.bestSingleAccuracy)) {
            r.bestSingle = static_cast<int>(c);
            r.bestSingleAccuracy = accuracy;
            r.comparedPairs = shared;
        }
    }
    if (r.bestSingle < 0) {
        progress.step(0, 0); // no R7 to run: done
        return r;
    }
    std::vector<std::vector<PairedObservation>> family(2);
    for (std::size_t p = 0; p < n; ++p) {
        const RubricVerdict& v = t.at(static_cast<std::size_t>(r.bestSingle), p);
        if (jury[p].votes == 0 || !labelled(t, p) || !isScoredVerdict(v.status))
            continue;
        const double single = v.status == VerdictStatus::Right ? 1.0 : 0.0;
        const Answer label = t.labels[p].label;
        family[0].push_back({t.unit[p], t.cluster[p], jury[p].lower == label ? 1.0 : 0.0, single});
        family[1].push_back({t.unit[p], t.cluster[p], jury[p].upper == label ? 1.0 : 0.0, single});
    }
    const std::vector<PairedComparison> results = comparePairedFamily(family, paired, progress);
    r.lowerVsBest = results[0];
    r.upperVsBest = results[1];
    return r;
}

AllWrongShare allWrongShare(const RubricVerdictTable& t, std::span<const std::size_t> judges)
{
    AllWrongShare s;
    for (std::size_t p = 0; p < t.pairCount(); ++p) {
        if (!labelled(t, p) || judges.empty())
            continue;
        bool all = true, anyRight = false;
        for (std::size_t j : judges) {
            const VerdictStatus st = t.at(j, p).status;
            all = all && (st == VerdictStatus::Right || st == VerdictStatus::Wrong);
            anyRight = anyRight || st == VerdictStatus::Right;
        }
        if (!all)
            continue;
        ++s.pairs;
        s.allWrong += anyRight ? 0u : 1u;
    }
    s.share = share(s.allWrong, s.pairs);
    s.oracleAccuracy = s.pairs == 0 ? kMissing : 1.0 - s.share;
    return s;
}

} // namespace tribunal
