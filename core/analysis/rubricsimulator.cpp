// The simulated rubric audit (analysis/rubricsimulator.h, docs/rubric-simulation.md): the draws and the
// audit.

#include "analysis/rubricsimulator.h"

#include "model/auditbuilder.h"
#include "stats/randomstreams.h"

#include <boost/math/special_functions/erf.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace tribunal {
namespace {

constexpr std::array<std::string_view, 5> kAccuracyLevels{"mostly wrong", "several errors", "some errors",
                                                          "minor slips", "fully accurate"};
constexpr std::array<std::string_view, 4> kClarityLevels{"hard to follow", "partly clear", "clear",
                                                         "very clear"};
constexpr std::array<std::string_view, 5> kCompletenessLevels{
    "misses the question", "covers little", "covers about half", "covers most", "covers everything"};
const std::array<SimulatedRubricCriterion, 5> kCriteria{{
    {"accuracy", TaskKind::Ordinal, kAccuracyLevels},
    {"clarity", TaskKind::Ordinal, kClarityLevels},
    {"completeness", TaskKind::Ordinal, kCompletenessLevels},
    {"cites a source", TaskKind::Binary, {}},
    {"stays on topic", TaskKind::Binary, {}},
}};

constexpr std::array<std::string_view, 12> kTopics{"how vaccines train the immune system",
                                                   "why the sky is blue",
                                                   "how a bill becomes law",
                                                   "what causes inflation",
                                                   "how bees communicate",
                                                   "why leaves change colour",
                                                   "how compound interest works",
                                                   "what a black hole is",
                                                   "how rainbows form",
                                                   "why bread rises",
                                                   "how GPS finds a position",
                                                   "what causes tides"};
constexpr std::array<std::string_view, 5> kOpenings{
    "A thorough answer that walks through the main idea step by step.",
    "A short answer that states the main idea and one example.",
    "An answer that starts well but drifts into a side topic.",
    "A confident answer with a questionable claim in the middle.",
    "A list of loosely connected facts about the topic."};

// Model constants (documented in the header and docs/rubric-simulation.md).
constexpr std::uint64_t kGroupStream = 1, kUnitStream = 2, kJudgeStreamBase = 10;
constexpr double kUnitQualitySd = 0.7, kGroupQualitySd = 0.5, kPairQualitySd = 0.6;
constexpr double kBinaryThreshold = -0.3; // MET when q + g + N(0, 1) > -0.3
// The cheap judge's ordinal kernel: its sd grows with how wrong the judge senses itself to be, |e + i| with e
// its total error (shared + own, in levels) and i ~ N(0, kInsightSd^2) its imperfect insight, so its stated
// confidence is informative about correctness but not perfectly so (as seed 002 finds: AUROC 0.57-0.70).
constexpr double kCheapSpreadBase = 0.3, kCheapSpreadSlope = 0.5, kInsightSd = 0.5;
constexpr double kCheapBinarySpread = 0.5;
constexpr double kLatencyLogSd = 0.3;
constexpr int kProbUnits = 10000; // probabilities in steps of 1e-4

double uniform(RandomStream& rs)
{
    return static_cast<double>(rs.next() >> 11) * 0x1.0p-53; // [0, 1), 53 bits
}

double standardNormal(RandomStream& rs) // Box-Muller: always two draws
{
    const double u1 = uniform(rs), u2 = uniform(rs);
    return std::sqrt(-2.0 * std::log(1.0 - u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

double normalCdf(double x)
{
    return 0.5 * std::erfc(-x / std::numbers::sqrt2);
}

double normalQuantile(double p)
{
    return -std::numbers::sqrt2 * boost::math::erfc_inv(2 * p);
}

double roundTo(double x, double scale)
{
    return std::round(x * scale) / scale;
}

std::string numbered(std::string_view prefix, std::uint32_t n, int width)
{
    std::string digits = std::to_string(n);
    if (static_cast<int>(digits.size()) < width)
        digits.insert(0, static_cast<std::size_t>(width) - digits.size(), '0');
    return std::string(prefix) + digits;
}

// Mid-tier judges sim-mid-2 .. sim-mid-15 (row n - 2): leniency, noise sd, fpr, fnr, price per request.
struct MidRow {
    double leniency, noiseSd, fpr, fnr, priceUsd;
};
constexpr std::array<MidRow, 14> kMid{{
    {-0.30, 0.45, 0.06, 0.16, 0.0020},
    {0.15, 0.45, 0.12, 0.09, 0.0025},
    {0.00, 0.50, 0.10, 0.10, 0.0015},
    {0.25, 0.40, 0.14, 0.07, 0.0030},
    {-0.15, 0.55, 0.08, 0.12, 0.0020},
    {0.05, 0.45, 0.11, 0.11, 0.0025},
    {-0.05, 0.50, 0.09, 0.13, 0.0015},
    {0.30, 0.40, 0.16, 0.06, 0.0030},
    {-0.20, 0.55, 0.07, 0.14, 0.0020},
    {0.10, 0.45, 0.12, 0.10, 0.0025},
    {-0.10, 0.50, 0.08, 0.11, 0.0015},
    {0.20, 0.40, 0.13, 0.08, 0.0030},
    {-0.25, 0.55, 0.06, 0.15, 0.0020},
    {0.35, 0.45, 0.15, 0.07, 0.0025},
}};

struct GroupDraws {
    double quality = 0, tilt = 0;
    std::uint32_t topic = 0;
};

GroupDraws drawGroup(std::uint64_t seed, std::uint32_t g)
{
    RandomStream rs(seed, kGroupStream, g);
    GroupDraws d;
    d.quality = kGroupQualitySd * standardNormal(rs);
    d.tilt = kRubricGroupTiltSd * standardNormal(rs);
    d.topic = rs.uniformIndex(kTopics.size());
    return d;
}

/// One judge's run on one pair: the same number of draws every time so the streams stay aligned.
struct RunDraws {
    double noise = 0, fail = 0, latency = 0, insight = 0;
};

RunDraws drawRun(RandomStream& rs)
{
    RunDraws d;
    d.noise = standardNormal(rs);
    d.fail = uniform(rs);
    d.latency = standardNormal(rs);
    d.insight = standardNormal(rs);
    return d;
}

/// The cheap judge's probabilities of levels 1..K around its score z, in steps of 1e-4: every level but the
/// answer gets floor(1e4 p), the answer the rest, so the answer keeps the largest probability and the sum is
/// exactly 10,000 steps.
void ordinalProbs(double z, double spread, int levels, Answer answer, std::vector<ProbEntry>& out)
{
    std::array<double, 8> w{};
    double total = 0;
    for (int l = 1; l <= levels; ++l) {
        w[l - 1] = std::exp(-(l - z) * (l - z) / (2 * spread * spread));
        total += w[l - 1];
    }
    int rest = kProbUnits;
    out.clear();
    for (int l = 1; l <= levels; ++l) {
        if (l == answer)
            continue;
        const int units = static_cast<int>(std::floor(kProbUnits * w[l - 1] / total));
        rest -= units;
        out.push_back({static_cast<Answer>(l), units / double(kProbUnits)});
    }
    out.insert(out.begin() + (answer - 1), {answer, rest / double(kProbUnits)});
}

} // namespace

std::span<const SimulatedRubricCriterion> simulatedRubricCriteria()
{
    return kCriteria;
}

SimulatedRubricJudge simulatedRubricJudge(int index, int judges)
{
    SimulatedRubricJudge j;
    if (index == 0) {
        j = {"sim-cheap", 0, 0.20, 0.60, 0.22, 0.08, 0.0002, 0.4, true};
    } else if (index == judges - 1) {
        j = {"sim-expensive", 1, 0.05, 0.25, 0.04, 0.05, 0.02, 0, false};
    } else {
        const MidRow& row = kMid[static_cast<std::size_t>(index - 1) % kMid.size()];
        j = {"sim-mid-" + std::to_string(index + 1),
             static_cast<std::uint32_t>(index + 1),
             row.leniency,
             row.noiseSd,
             row.fpr,
             row.fnr,
             row.priceUsd,
             0,
             false};
    }
    return j;
}

RubricSimulationResult simulateRubricAudit(const RubricSimulation& settings)
{
    const int judges = std::clamp(settings.judges, kMinRubricJudges, kMaxRubricJudges);
    const auto units = static_cast<std::uint32_t>(std::clamp(settings.units, 1, kMaxRubricUnits));
    RubricSimulationResult result;
    RubricSimulationTruth& truth = result.truth;
    truth.failureRate = settings.failureRate;
    for (int i = 0; i < judges; ++i)
        truth.judges.push_back(simulatedRubricJudge(i, judges));

    AuditBuilder b;
    b.reserveJudgments(std::size_t{units} * kCriteria.size() * truth.judges.size() * kRubricRuns);
    const StrId dataset = b.intern("sim-rubric");
    const StrId format = b.intern("rubric");
    const StrId failed = b.intern("simulated failure");
    std::vector<StrId> judgeName;
    for (const SimulatedRubricJudge& judge : truth.judges)
        judgeName.push_back(b.intern(judge.name));
    std::array<StrId, kRubricRaters> raterName{};
    for (int r = 0; r < kRubricRaters; ++r)
        raterName[r] = b.intern("rater-" + std::to_string(r + 1));
    std::array<StrId, kCriteria.size()> criterionName{};
    std::array<std::vector<StrId>, kCriteria.size()> levelText;
    for (std::size_t c = 0; c < kCriteria.size(); ++c) {
        criterionName[c] = b.intern(kCriteria[c].name);
        for (std::string_view level : kCriteria[c].levels)
            levelText[c].push_back(b.intern(level));
    }
    // S_j and the binary score means mu_j(UNMET), mu_j(MET) (header: fpr and fnr hold exactly).
    const double shared = rubricSharedErrorSd();
    std::vector<std::array<double, 2>> binaryMean;
    for (const SimulatedRubricJudge& judge : truth.judges) {
        const double total = std::sqrt(shared * shared + judge.noiseSd * judge.noiseSd);
        binaryMean.push_back({total * normalQuantile(judge.fpr), total * normalQuantile(1 - judge.fnr)});
    }

    std::vector<ProbEntry> probs;
    GroupDraws group;
    for (std::uint32_t u = 0; u < units; ++u) {
        const std::uint32_t g = u / kRubricUnitsPerGroup;
        if (u % kRubricUnitsPerGroup == 0)
            group = drawGroup(settings.seed, g);
        RandomStream rs(settings.seed, kUnitStream, u);
        const double quality = kUnitQualitySd * standardNormal(rs);
        const std::uint32_t opening = rs.uniformIndex(kOpenings.size());
        const std::string unitId = numbered("u", u + 1, 4);
        const StrId unitText = b.intern(unitId);
        const StrId groupText = b.intern(numbered("prompt-", g + 1, 3));
        const StrId question =
            b.intern("[Simulated] Prompt " + std::to_string(g + 1) + ": in a short paragraph, explain " +
                     std::string(kTopics[group.topic]) + ".");
        const StrId submission =
            b.intern("[Simulated] Submission " + unitId + ": " + std::string(kOpenings[opening]));

        for (std::uint32_t c = 0; c < kCriteria.size(); ++c) {
            const SimulatedRubricCriterion& criterion = kCriteria[c];
            const bool ordinal = criterion.kind == TaskKind::Ordinal;
            const int levels = ordinal ? static_cast<int>(criterion.levels.size()) : 2;
            // The true value and the raters (a fixed number of draws per criterion).
            const double pairNoise = standardNormal(rs);
            std::array<double, kRubricRaters> raterDraw{};
            for (double& d : raterDraw)
                d = uniform(rs);
            const double hardCase = kRubricHardCaseSd * standardNormal(rs);
            Answer value = answer::kNone;
            std::vector<Rating> ratings;
            if (ordinal) {
                const double mid = (levels + 1) / 2.0;
                value = static_cast<Answer>(
                    std::clamp(std::lround(mid + quality + group.quality + kPairQualitySd * pairNoise), 1L,
                               long(levels)));
                for (int r = 0; r < kRubricRaters; ++r) {
                    const int slip = raterDraw[r] < kRubricRaterSlip       ? -1
                                     : raterDraw[r] < 2 * kRubricRaterSlip ? 1
                                                                           : 0;
                    ratings.push_back(
                        {raterName[r], static_cast<Answer>(std::clamp(value + slip, 1, levels))});
                }
            } else {
                value =
                    quality + group.quality + pairNoise > kBinaryThreshold ? answer::kMet : answer::kUnmet;
                for (int r = 0; r < kRubricRaters; ++r) {
                    const bool flip = raterDraw[r] < kRubricRaterSlip;
                    ratings.push_back({raterName[r], flip ? static_cast<Answer>(1 - value) : value});
                }
            }
            truth.pairs.push_back({u, c, value, levels});

            const std::uint32_t item =
                b.addItem(dataset, b.intern(unitId + "/" + std::string(criterion.name)), criterion.kind);
            b.setText(item, ItemText::UnitId, unitText);
            b.setText(item, ItemText::Group, groupText);
            b.setText(item, ItemText::Question, question);
            b.setText(item, ItemText::Submission, submission);
            b.setText(item, ItemText::Criterion, criterionName[c]);
            if (ordinal)
                b.setLevels(item, levelText[c]);
            b.setRatings(item, std::move(ratings));

            const double sharedError = group.tilt + hardCase;
            for (std::size_t j = 0; j < truth.judges.size(); ++j) {
                const SimulatedRubricJudge& judge = truth.judges[j];
                // One stream per (judge, pair): the loops can run in any order.
                RandomStream js(settings.seed, kJudgeStreamBase + judge.key, std::uint64_t{u} * 8 + c);
                for (std::uint16_t rep = 1; rep <= kRubricRuns; ++rep) {
                    const RunDraws d = drawRun(js);
                    JudgmentInput in;
                    in.item = item;
                    in.judge = judgeName[j];
                    in.format = format;
                    in.rep = rep;
                    in.costUsd = judge.priceUsd;
                    if (judge.latencyMedianS > 0)
                        in.latencyS = std::max(
                            0.001, roundTo(judge.latencyMedianS * std::exp(kLatencyLogSd * d.latency), 1e3));
                    if (d.fail < settings.failureRate) {
                        in.answer = answer::kNone;
                        in.error = failed;
                        b.addJudgment(in);
                        continue;
                    }
                    const double own = judge.noiseSd * d.noise;
                    if (ordinal) {
                        const double z = value + judge.leniency + sharedError + own;
                        in.answer = static_cast<Answer>(std::clamp(std::lround(z), 1L, long(levels)));
                        if (judge.probabilities) {
                            const double sensed = std::fabs(sharedError + own + kInsightSd * d.insight);
                            ordinalProbs(z, kCheapSpreadBase + kCheapSpreadSlope * sensed, levels, in.answer,
                                         probs);
                        }
                    } else {
                        const double score = binaryMean[j][value == answer::kMet ? 1 : 0] + sharedError + own;
                        in.answer = score > 0 ? answer::kMet : answer::kUnmet;
                        if (judge.probabilities) {
                            const int met = static_cast<int>(
                                std::lround(kProbUnits * normalCdf(score / kCheapBinarySpread)));
                            probs = {{answer::kMet, met / double(kProbUnits)},
                                     {answer::kUnmet, (kProbUnits - met) / double(kProbUnits)}};
                        }
                    }
                    if (judge.probabilities) {
                        double top = 0;
                        for (const ProbEntry& e : probs)
                            top = std::max(top, e.p);
                        in.probs = probs;
                        in.confidence = top;
                    }
                    b.addJudgment(in);
                }
            }
        }
    }
    ImportLog log;
    result.audit = b.build(log);
    return result;
}

} // namespace tribunal
