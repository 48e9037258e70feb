#include "analysis/rubricagreement.h"

#include "analysis/rubricpredictions.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace tribunal {
namespace {

/// Binary answers as categories 1 (UNMET) and 2 (MET) for cohenKappa.
int category(Answer value, TaskKind kind)
{
    return kind == TaskKind::Binary ? (value == answer::kMet ? 2 : 1) : value;
}

double ratio(double num, std::uint32_t den)
{
    return den == 0 ? kMissing : num / den;
}

/// R2 / R3: QWK (ordinal) or kappa (binary) per criterion, then the mean over the criteria where it is
/// defined (a single-criterion set gives that criterion's value).
double meanKappaOverCriteria(std::span<const RubricPrediction> scored, TaskKind kind)
{
    std::map<StrId, std::pair<std::vector<int>, std::vector<int>>> byCriterion;
    std::map<StrId, int> levels;
    for (const RubricPrediction& p : scored) {
        auto& [labels, predicted] = byCriterion[p.criterion];
        labels.push_back(category(p.label, kind));
        predicted.push_back(category(p.predicted, kind));
        levels[p.criterion] = std::max(levels[p.criterion], kind == TaskKind::Binary ? 2 : p.levels);
    }
    double sum = 0;
    int count = 0;
    for (const auto& [criterion, vectors] : byCriterion) {
        const double k =
            cohenKappa(vectors.first, vectors.second, levels[criterion], kind == TaskKind::Ordinal);
        if (!isMissing(k)) {
            sum += k;
            ++count;
        }
    }
    return count == 0 ? kMissing : sum / count;
}

} // namespace

double cohenKappa(std::span<const int> labels, std::span<const int> predicted, int levels, bool quadratic)
{
    const std::size_t n = std::min(labels.size(), predicted.size());
    if (n == 0 || levels < 1)
        return kMissing;
    const auto k = static_cast<std::size_t>(levels);
    std::vector<std::int64_t> observed(k * k, 0), rows(k, 0), cols(k, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const auto a = static_cast<std::size_t>(labels[i] - 1),
                   b = static_cast<std::size_t>(predicted[i] - 1);
        ++observed[a * k + b];
        ++rows[a];
        ++cols[b];
    }
    // kappa = 1 - sum w O / sum w E with E = rows x cols / n; in integers: 1 - n sum w O / sum w rows cols,
    // so the only rounding is the final division.
    std::int64_t wObserved = 0, wExpected = 0;
    for (std::size_t i = 0; i < k; ++i)
        for (std::size_t j = 0; j < k; ++j) {
            const auto d = static_cast<std::int64_t>(i) - static_cast<std::int64_t>(j);
            const std::int64_t w = quadratic ? d * d : (i == j ? 0 : 1);
            wObserved += w * observed[i * k + j];
            wExpected += w * rows[i] * cols[j];
        }
    if (wExpected == 0) // edge case R2: no expected disagreement
        return kMissing;
    return 1.0 - static_cast<double>(wObserved) * static_cast<double>(n) / static_cast<double>(wExpected);
}

RubricMetrics scoreRubricPredictions(std::span<const RubricPrediction> predictions, TaskKind kind,
                                     bool offsetToMean)
{
    RubricMetrics m;
    std::vector<RubricPrediction> scored;
    scored.reserve(predictions.size());
    for (const RubricPrediction& p : predictions) {
        if (p.predicted == answer::kNA)
            ++m.abstained;
        else if (!isScoredPrediction(p.predicted, kind, p.levels))
            ++m.failed;
        else
            scored.push_back(p);
    }
    m.n = static_cast<std::uint32_t>(scored.size());

    // Consistency: per pair, do all scored runs agree?
    struct PairRuns {
        Answer first = answer::kNone;
        int runs = 0;
        bool agree = true;
    };
    std::unordered_map<std::uint32_t, PairRuns> pairs;
    for (const RubricPrediction& p : scored) {
        PairRuns& r = pairs[p.pair];
        if (r.runs == 0)
            r.first = p.predicted;
        else if (p.predicted != r.first)
            r.agree = false;
        ++r.runs;
    }
    m.pairs = static_cast<std::uint32_t>(pairs.size());
    std::uint32_t agreeing = 0;
    bool multiRun = false;
    for (const auto& [pair, r] : pairs) {
        agreeing += r.agree ? 1 : 0;
        multiRun = multiRun || r.runs >= 2;
    }
    if (multiRun)
        m.consistency = ratio(agreeing, m.pairs);
    if (m.n == 0)
        return m;

    std::uint32_t exact = 0;
    for (const RubricPrediction& p : scored)
        exact += p.predicted == p.label ? 1 : 0;
    m.exact = ratio(exact, m.n);

    if (kind == TaskKind::Ordinal) {
        std::uint32_t within = 0;
        std::int64_t diff = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
        double diffToMean = 0;
        bool labelsEqual = true;
        for (const RubricPrediction& p : scored) {
            const std::int64_t x = p.label, y = p.predicted;
            within += std::abs(y - x) <= 1 ? 1 : 0;
            diff += y - x;
            diffToMean += static_cast<double>(y) - p.mean;
            sx += x;
            sy += y;
            sxx += x * x;
            sxy += x * y;
            labelsEqual = labelsEqual && p.label == scored.front().label;
        }
        const auto n = static_cast<std::int64_t>(m.n);
        m.withinOne = ratio(within, m.n);
        m.offsetToMean = diffToMean / static_cast<double>(n);
        m.offset = offsetToMean ? m.offsetToMean : static_cast<double>(diff) / static_cast<double>(n);
        // Least squares: slope = (n Sxy - Sx Sy) / (n Sxx - Sx^2), exact in integers up to the division.
        if (!labelsEqual)
            m.slope = static_cast<double>(n * sxy - sx * sy) / static_cast<double>(n * sxx - sx * sx);
        m.qwk = meanKappaOverCriteria(scored, kind);
        return m;
    }

    std::uint32_t predictedMet = 0, labelMet = 0, falsePos = 0, falseNeg = 0;
    for (const RubricPrediction& p : scored) {
        predictedMet += p.predicted == answer::kMet ? 1 : 0;
        labelMet += p.label == answer::kMet ? 1 : 0;
        falsePos += p.label == answer::kUnmet && p.predicted == answer::kMet ? 1 : 0;
        falseNeg += p.label == answer::kMet && p.predicted == answer::kUnmet ? 1 : 0;
    }
    m.metRateOffset = (static_cast<double>(predictedMet) - static_cast<double>(labelMet)) / m.n;
    m.fpr = ratio(falsePos, m.n - labelMet);
    m.fnr = ratio(falseNeg, labelMet);
    m.kappa = meanKappaOverCriteria(scored, kind);
    return m;
}

Answer modalLabel(std::span<const Answer> labels)
{
    std::map<Answer, std::uint32_t> counts; // ascending, so the first maximum is the lower value
    for (Answer a : labels)
        if (a != answer::kNone && a != answer::kNA)
            ++counts[a];
    Answer best = answer::kNone;
    std::uint32_t bestCount = 0;
    for (const auto& [value, count] : counts)
        if (count > bestCount) {
            best = value;
            bestCount = count;
        }
    return best;
}

namespace {

/// Predictions and unlabelled pairs of one kind in one group (a cell or a panel).
struct KindGroup {
    bool present = false;
    std::vector<RubricPrediction> predictions;
    std::map<StrId, std::uint32_t> unlabelled; ///< per criterion
};

RubricAgreementRow scoreRow(RubricAgreementRow row, std::span<const RubricPrediction> predictions,
                            bool toMean)
{
    std::vector<RubricPrediction> unanimous, split;
    for (const RubricPrediction& p : predictions)
        (p.unanimous ? unanimous : split).push_back(p);
    row.all = scoreRubricPredictions(predictions, row.kind, toMean);
    row.unanimous = scoreRubricPredictions(unanimous, row.kind, toMean);
    row.split = scoreRubricPredictions(split, row.kind, toMean);
    return row;
}

void appendRows(const Audit& audit, const RubricAgreementRow& base, const KindGroup& group, bool toMean,
                std::vector<RubricAgreementRow>& out)
{
    std::vector<StrId> criteria;
    for (const RubricPrediction& p : group.predictions)
        criteria.push_back(p.criterion);
    for (const auto& [criterion, count] : group.unlabelled)
        criteria.push_back(criterion);
    std::sort(criteria.begin(), criteria.end(),
              [&](StrId a, StrId b) { return audit.str(a) < audit.str(b); });
    criteria.erase(std::unique(criteria.begin(), criteria.end()), criteria.end());
    std::uint32_t unlabelledTotal = 0;
    for (StrId criterion : criteria) {
        std::vector<RubricPrediction> of;
        for (const RubricPrediction& p : group.predictions)
            if (p.criterion == criterion)
                of.push_back(p);
        RubricAgreementRow row = base;
        row.criterion = criterion;
        const auto it = group.unlabelled.find(criterion);
        row.unlabelledPairs = it == group.unlabelled.end() ? 0 : it->second;
        unlabelledTotal += row.unlabelledPairs;
        out.push_back(scoreRow(std::move(row), of, toMean));
    }
    RubricAgreementRow pooled = base;
    pooled.pooled = true;
    pooled.unlabelledPairs = unlabelledTotal;
    out.push_back(scoreRow(std::move(pooled), group.predictions, toMean));
}

int kindIndex(TaskKind kind)
{
    return kind == TaskKind::Binary ? 0 : 1;
}

constexpr TaskKind kKinds[2] = {TaskKind::Binary, TaskKind::Ordinal};

} // namespace

std::vector<RubricAgreementRow> analyseRubricAgreement(const Audit& audit,
                                                       const RubricAgreementSettings& settings)
{
    const RubricPairScales labels = labelRubricPairs(audit, settings.rounding);
    const bool toMean = settings.rounding == LabelRounding::Unrounded;
    const ItemTable& items = audit.items();
    const JudgmentTable& jt = audit.judgments();
    std::vector<RubricAgreementRow> out;
    for (const Cell& cell : audit.cells()) {
        if (cell.test != kEmptyStr)
            continue; // bias-test judgments are not rubric agreement
        KindGroup groups[2];
        for (const ItemRun& run : audit.itemRunsOf(cell)) {
            const TaskKind kind = items.kind[run.item];
            if (kind == TaskKind::Pairwise)
                continue;
            KindGroup& g = groups[kindIndex(kind)];
            g.present = true;
            const StrId criterion = items.field(ItemText::Criterion, run.item);
            const RubricLabel& label = labels.label[run.item];
            if (label.label == answer::kNone) {
                ++g.unlabelled[criterion];
                continue;
            }
            for (std::uint32_t j = run.begin; j < run.end; ++j)
                g.predictions.push_back({run.item, criterion, labels.levels[run.item], jt.answer[j],
                                         label.label, label.mean, label.unanimous});
        }
        for (TaskKind kind : kKinds) {
            const KindGroup& g = groups[kindIndex(kind)];
            if (!g.present)
                continue;
            RubricAgreementRow base;
            base.dataset = cell.dataset;
            base.judge = cell.judge;
            base.format = cell.format;
            base.condition = cell.condition;
            base.kind = kind;
            appendRows(audit, base, g, toMean, out);
        }
    }
    return out;
}

std::vector<RubricAgreementRow> constantBaselines(const Audit& audit, const RubricAgreementSettings& settings)
{
    const RubricPairScales labels = labelRubricPairs(audit, settings.rounding);
    const bool toMean = settings.rounding == LabelRounding::Unrounded;
    const ItemTable& items = audit.items();
    std::vector<StrId> panels;
    std::map<StrId, std::vector<std::uint32_t>> itemsOf;
    for (std::uint32_t i = 0; i < audit.itemCount(); ++i) {
        if (items.kind[i] == TaskKind::Pairwise)
            continue;
        auto& list = itemsOf[items.dataset[i]];
        if (list.empty())
            panels.push_back(items.dataset[i]);
        list.push_back(i);
    }
    std::vector<RubricAgreementRow> out;
    for (StrId panel : panels) {
        for (TaskKind kind : kKinds) {
            KindGroup g;
            std::map<StrId, std::vector<Answer>> criterionLabels;
            for (std::uint32_t i : itemsOf[panel]) {
                if (items.kind[i] != kind)
                    continue;
                g.present = true;
                const StrId criterion = items.field(ItemText::Criterion, i);
                if (labels.label[i].label == answer::kNone)
                    ++g.unlabelled[criterion];
                else
                    criterionLabels[criterion].push_back(labels.label[i].label);
            }
            if (!g.present)
                continue;
            std::map<StrId, Answer> mode;
            for (const auto& [criterion, list] : criterionLabels)
                mode[criterion] = modalLabel(list);
            for (std::uint32_t i : itemsOf[panel]) {
                const RubricLabel& label = labels.label[i];
                if (items.kind[i] != kind || label.label == answer::kNone)
                    continue;
                const StrId criterion = items.field(ItemText::Criterion, i);
                g.predictions.push_back({i, criterion, labels.levels[i], mode[criterion], label.label,
                                         label.mean, label.unanimous});
            }
            RubricAgreementRow base;
            base.dataset = panel;
            base.predictor = "constant";
            base.kind = kind;
            appendRows(audit, base, g, toMean, out);
        }
    }
    return out;
}

} // namespace tribunal
