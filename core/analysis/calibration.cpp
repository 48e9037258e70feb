#include "analysis/calibration.h"

#include "model/coreerror.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <string>
#include <string_view>
#include <tuple>

namespace tribunal {

namespace {

constexpr double kFiftyFiftyTolerance = 1e-5; // B11: |P(A) - 0.5| < 1e-5 is a 50/50 answer
constexpr double kClipLo = 1e-15, kClipHi = 1.0 - 1e-15;

bool isProbability(double p)
{
    return p >= 0.0 && p <= 1.0; // false for NaN too
}

/// Groups of B11 / B13: one per (judge, format, condition), in string order of judge and format, then
/// condition id. groupOfCell[c] is the group of audit cell c.
struct Groups {
    std::vector<std::tuple<StrId, StrId, CondId>> keys;
    std::vector<std::uint32_t> groupOfCell;
};

Groups groupCells(const Audit& audit)
{
    using SortKey = std::tuple<std::string_view, std::string_view, CondId>;
    std::map<SortKey, std::uint32_t> index;
    for (const Cell& cell : audit.cells())
        index.emplace(SortKey{audit.str(cell.judge), audit.str(cell.format), cell.condition}, 0);
    Groups groups;
    groups.keys.reserve(index.size());
    for (auto& [key, position] : index) {
        position = static_cast<std::uint32_t>(groups.keys.size());
        groups.keys.emplace_back(); // filled from a cell below (the map holds the strings, not the ids)
    }
    groups.groupOfCell.reserve(audit.cells().size());
    for (const Cell& cell : audit.cells()) {
        const std::uint32_t g =
            index.at(SortKey{audit.str(cell.judge), audit.str(cell.format), cell.condition});
        groups.keys[g] = {cell.judge, cell.format, cell.condition};
        groups.groupOfCell.push_back(g);
    }
    return groups;
}

/// Per group: does it read only its original prompts (it has a judgment of variant original)?
std::vector<char> groupsUsingOriginals(const Audit& audit, const Groups& groups)
{
    std::vector<char> uses(groups.keys.size(), 0);
    const std::vector<Variant>& variant = audit.judgments().variant;
    const std::span<const Cell> cells = audit.cells();
    for (std::size_t c = 0; c < cells.size(); ++c) {
        char& flag = uses[groups.groupOfCell[c]];
        if (!flag)
            flag = std::find(variant.begin() + cells[c].begin, variant.begin() + cells[c].end,
                             Variant::Original) != variant.begin() + cells[c].end;
    }
    return uses;
}

/// P(A) of row j when it enters B11, else kMissing.
double enteringProbabilityOfA(const Audit& audit, std::size_t j, bool originalsOnly)
{
    const JudgmentTable& jt = audit.judgments();
    if (originalsOnly && jt.variant[j] != Variant::Original)
        return kMissing;
    const std::uint32_t item = jt.item[j];
    if (audit.items().kind[item] != TaskKind::Pairwise)
        return kMissing;
    const Answer label = audit.items().label[item];
    if (label != answer::kA && label != answer::kB)
        return kMissing;
    return calibrationProbabilityOfA(audit, j);
}

/// Sum of ln p over factors p in [1e-15, 1], kept as a running product with its binary exponent split off
/// every kRenormaliseEvery factors, so one log per group replaces one per judgment (the log dominated the
/// pass). 16 factors of >= 1e-15 > 2^-50 stay above 2^-801, far from underflow. The product's relative
/// rounding error grows like n x 2^-53, i.e. an absolute error of n x 1.1e-16 in the sum - smaller than that
/// of adding n logs one by one.
class LogSum {
public:
    void add(double p)
    {
        m_product *= p;
        if (++m_pending == kRenormaliseEvery) {
            int exponent = 0;
            m_product = std::frexp(m_product, &exponent);
            m_exponent += exponent;
            m_pending = 0;
        }
    }
    double value() const { return std::log(m_product) + static_cast<double>(m_exponent) * std::numbers::ln2; }

private:
    static constexpr int kRenormaliseEvery = 16;
    double m_product = 1.0;
    std::int64_t m_exponent = 0;
    int m_pending = 0;
};

struct CalibrationSums {
    std::uint32_t n = 0, decided = 0, correct = 0;
    double confidence = 0, brier = 0;
    LogSum logPBetter;
};

struct BinSums {
    std::uint32_t count = 0;
    std::uint32_t halfCorrect = 0; // correct answers count 2, 50/50 answers 1
    double confidence = 0;
};

/// B11 bin of confidence c: the largest k with c >= edges[k] (edges[k] = k / b), so decimal edges are exact.
int binOf(double c, const std::vector<double>& edges)
{
    const int b = static_cast<int>(edges.size()) - 1;
    int k = std::clamp(static_cast<int>(c * b), 0, b - 1);
    if (k + 1 < b && c >= edges[static_cast<std::size_t>(k) + 1])
        ++k;
    else if (k > 0 && c < edges[static_cast<std::size_t>(k)])
        --k;
    return k;
}

double median(std::vector<double>& values)
{
    if (values.empty())
        return kMissing;
    const std::size_t mid = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid), values.end());
    const double upper = values[mid];
    if (values.size() % 2 == 1)
        return upper;
    const double lower = *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid));
    return (lower + upper) / 2.0; // numpy's median: the mean of the two middle values
}

} // namespace

bool calibrationUsesOriginals(const Audit& audit, StrId judge, StrId format, CondId condition)
{
    const JudgmentTable& jt = audit.judgments();
    for (const Cell& cell : audit.cells()) {
        if (cell.judge != judge || cell.format != format || cell.condition != condition)
            continue;
        if (std::find(jt.variant.begin() + cell.begin, jt.variant.begin() + cell.end, Variant::Original) !=
            jt.variant.begin() + cell.end)
            return true;
    }
    return false;
}

double calibrationProbabilityOfA(const Audit& audit, std::size_t j)
{
    double pA = kMissing, pB = kMissing;
    for (const ProbEntry& e : audit.judgments().probsOf(j)) {
        if (e.option == answer::kA)
            pA = e.p;
        else if (e.option == answer::kB)
            pB = e.p;
    }
    const bool hasA = !std::isnan(pA), hasB = !std::isnan(pB);
    if ((hasA && !isProbability(pA)) || (hasB && !isProbability(pB)))
        return kMissing;
    if (hasA && hasB) {
        const double sum = pA + pB;
        return sum > 0.0 ? pA / sum : kMissing; // B11 edge case: renormalise when they do not sum to 1
    }
    if (hasA)
        return pA;
    return hasB ? 1.0 - pB : kMissing;
}

std::vector<std::uint32_t> calibrationJudgments(const Audit& audit)
{
    std::vector<std::uint32_t> rows;
    if (audit.judgments().probBegin.empty())
        return rows;
    const Groups groups = groupCells(audit);
    const std::vector<char> originalsOnly = groupsUsingOriginals(audit, groups);
    const std::span<const Cell> cells = audit.cells();
    for (std::size_t c = 0; c < cells.size(); ++c)
        for (std::uint32_t j = cells[c].begin; j < cells[c].end; ++j)
            if (!std::isnan(enteringProbabilityOfA(audit, j, originalsOnly[groups.groupOfCell[c]])))
                rows.push_back(j);
    std::sort(rows.begin(), rows.end());
    return rows;
}

std::vector<CalibrationResult> analyseCalibration(const Audit& audit, int bins)
{
    if (bins < 1 || bins > kMaxCalibrationBins)
        throw CoreError(ErrorCode::CalibrationBinsOutOfRange,
                        {std::to_string(kMaxCalibrationBins), std::to_string(bins)});
    std::vector<CalibrationResult> out;
    if (audit.judgments().probBegin.empty())
        return out; // no judgment has probabilities
    const Groups groups = groupCells(audit);
    const std::vector<char> originalsOnly = groupsUsingOriginals(audit, groups);
    const std::size_t b = static_cast<std::size_t>(bins);
    std::vector<double> edges(b + 1);
    for (std::size_t k = 0; k <= b; ++k)
        edges[k] = static_cast<double>(k) / static_cast<double>(b);
    std::vector<CalibrationSums> sums(groups.keys.size());
    std::vector<BinSums> binSums(groups.keys.size() * b);

    const std::span<const Cell> cells = audit.cells();
    const ItemTable& items = audit.items();
    for (std::size_t c = 0; c < cells.size(); ++c) {
        const std::uint32_t g = groups.groupOfCell[c];
        CalibrationSums& s = sums[g];
        BinSums* gBins = binSums.data() + g * b;
        for (std::uint32_t j = cells[c].begin; j < cells[c].end; ++j) {
            const double pA = enteringProbabilityOfA(audit, j, originalsOnly[g]);
            if (std::isnan(pA))
                continue;
            const bool aBetter = items.label[audit.judgments().item[j]] == answer::kA;
            const bool fifty = std::abs(pA - 0.5) < kFiftyFiftyTolerance;
            // B11: a 50/50 answer has confidence 0.5 and counts as half right; otherwise the verdict is A
            // when P(A) > 0.5.
            const double confidence = fifty ? 0.5 : std::max(pA, 1.0 - pA);
            const bool correct = !fifty && ((pA > 0.5) == aBetter);
            const double miss = aBetter ? 1.0 - pA : pA; // 1 - P(better), as scikit-learn's y - p
            const double pBetter = aBetter ? pA : 1.0 - pA;
            ++s.n;
            s.decided += fifty ? 0u : 1u;
            s.correct += correct ? 1u : 0u;
            s.confidence += confidence;
            s.brier += miss * miss;
            s.logPBetter.add(std::clamp(pBetter, kClipLo, kClipHi));
            BinSums& bin = gBins[binOf(confidence, edges)];
            ++bin.count;
            bin.halfCorrect += fifty ? 1u : (correct ? 2u : 0u);
            bin.confidence += confidence;
        }
    }

    for (std::size_t g = 0; g < groups.keys.size(); ++g) {
        const CalibrationSums& s = sums[g];
        if (s.n == 0)
            continue; // B11: a judge with no answer gives no row
        CalibrationResult r;
        std::tie(r.judge, r.format, r.condition) = groups.keys[g];
        const double n = static_cast<double>(s.n);
        r.n = s.n;
        r.decided = s.decided;
        r.bins = bins;
        if (s.decided > 0)
            r.accuracy = static_cast<double>(s.correct) / static_cast<double>(s.decided);
        r.confidence = s.confidence / n;
        r.brier = s.brier / n;
        r.logLoss = -s.logPBetter.value() / n;
        double ece = 0;
        for (std::size_t k = 0; k < b; ++k) {
            const BinSums& bin = binSums[g * b + k];
            if (bin.count == 0)
                continue;
            ReliabilityPoint p;
            p.lo = edges[k];
            p.hi = edges[k + 1];
            p.count = bin.count;
            p.meanConfidence = bin.confidence / static_cast<double>(bin.count);
            p.accuracy = static_cast<double>(bin.halfCorrect) / (2.0 * static_cast<double>(bin.count));
            ece += static_cast<double>(bin.count) / n * std::abs(p.accuracy - p.meanConfidence);
            r.points.push_back(p);
        }
        r.ece = ece;
        out.push_back(std::move(r));
    }
    return out;
}

double requestCostUsd(const Audit& audit, std::size_t j, const TokenPrices* prices)
{
    const JudgmentTable& jt = audit.judgments();
    const double recorded = jt.costUsd(j);
    if (!isMissing(recorded) || prices == nullptr)
        return recorded;
    const std::int64_t in = jt.tokensIn(j), out = jt.tokensOut(j);
    if (in == kMissingCount || out == kMissingCount)
        return kMissing;
    // K11: prices are per million tokens.
    return (static_cast<double>(in) * prices->inputPerMillion +
            static_cast<double>(out) * prices->outputPerMillion) /
           1e6;
}

std::vector<JudgeCostResult> analyseJudgeCost(const Audit& audit, const JudgePrices* prices)
{
    const Groups groups = groupCells(audit);
    const JudgmentTable& jt = audit.judgments();
    std::vector<JudgeCostResult> out(groups.keys.size());
    std::vector<double> costSums(groups.keys.size(), 0.0);
    std::vector<std::uint64_t> verdicts(groups.keys.size(), 0);
    std::vector<std::vector<double>> latencies(groups.keys.size());

    const std::span<const Cell> cells = audit.cells();
    for (std::size_t c = 0; c < cells.size(); ++c)
        out[groups.groupOfCell[c]].requests += cells[c].end - cells[c].begin;
    if (!jt.latencySCol.empty())
        for (std::size_t g = 0; g < out.size(); ++g)
            latencies[g].reserve(out[g].requests);
    for (std::size_t c = 0; c < cells.size(); ++c) {
        const std::uint32_t g = groups.groupOfCell[c];
        JudgeCostResult& r = out[g];
        const TokenPrices* judgePrices = nullptr;
        if (prices != nullptr) {
            const auto it = prices->find(audit.str(cells[c].judge));
            judgePrices = it == prices->end() ? nullptr : &it->second;
        }
        for (std::uint32_t j = cells[c].begin; j < cells[c].end; ++j) {
            const double cost = requestCostUsd(audit, j, judgePrices);
            if (!isMissing(cost)) {
                ++r.costed;
                r.priced += isMissing(jt.costUsd(j)) ? 1u : 0u;
                costSums[g] += cost;
            }
            const double latency = jt.latencyS(j);
            if (!isMissing(latency))
                latencies[g].push_back(latency);
            const Answer a = jt.answer[j];
            verdicts[g] += (a != answer::kNone && a != answer::kNA) ? 1u : 0u; // B13: none / NA = no verdict
        }
    }

    for (std::size_t g = 0; g < out.size(); ++g) {
        JudgeCostResult& r = out[g];
        std::tie(r.judge, r.format, r.condition) = groups.keys[g];
        if (r.costed > 0) {
            r.totalCostUsd = costSums[g];
            r.costPer1000 = 1000.0 * costSums[g] / static_cast<double>(r.costed);
        }
        r.timed = latencies[g].size();
        r.medianLatencyS = median(latencies[g]);
        if (r.requests > 0)
            r.verdictShare = static_cast<double>(verdicts[g]) / static_cast<double>(r.requests);
    }
    // A group exists only for a cell, and a cell has at least one judgment, but an empty cell would give a
    // row with no request: drop it so every row has requests > 0.
    std::erase_if(out, [](const JudgeCostResult& r) { return r.requests == 0; });
    // K11: cost ratios against the cheapest row.
    double cheapest = kMissing;
    for (const JudgeCostResult& r : out)
        if (!isMissing(r.costPer1000) && (isMissing(cheapest) || r.costPer1000 < cheapest))
            cheapest = r.costPer1000;
    if (!isMissing(cheapest) && cheapest > 0)
        for (JudgeCostResult& r : out)
            r.costRatio = isMissing(r.costPer1000) ? kMissing : r.costPer1000 / cheapest;
    return out;
}

} // namespace tribunal
