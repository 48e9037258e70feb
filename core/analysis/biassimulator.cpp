#include "analysis/biassimulator.h"

#include "model/auditbuilder.h"
#include "report/jsonwriter.h"
#include "report/tablecells.h"
#include "stats/randomstreams.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <numbers>

namespace tribunal {
namespace {

// Versions as in seed 001 (Table 16, Figure 4): the claimed majority, the kind of citation, the tone.
constexpr std::array<std::string_view, 1> kNoVersion{""};
constexpr std::array<std::string_view, 4> kBandwagon{"60%", "70%", "80%", "90%"};
constexpr std::array<std::string_view, 3> kAuthority{"book", "url", "quote"};
constexpr std::array<std::string_view, 4> kTones{"cheerful", "sad", "angry", "fearful"};

// s ranges: wide enough that, at delta = 0.05, some rows are clearly biased, some unclear and some not
// (seed 001 Tables 10-11: sentiment and authority on better strong, verbosity and distraction weak).
const std::array<SimulatedBiasTest, 12> kTests{{
    {"position", kNoVersion, SimulatedCue::Mixed, 0.00, 0.30},
    {"verbosity", kNoVersion, SimulatedCue::Worse, 0.00, 0.08},
    {"compassion fade", kNoVersion, SimulatedCue::Worse, 0.00, 0.20},
    {"bandwagon", kBandwagon, SimulatedCue::Worse, 0.00, 0.30},
    {"authority", kAuthority, SimulatedCue::Worse, 0.02, 0.25},
    {"distraction", kNoVersion, SimulatedCue::Worse, 0.00, 0.10},
    {"diversity", kNoVersion, SimulatedCue::Mixed, 0.00, 0.10},
    {"sentiment", kTones, SimulatedCue::Mixed, 0.15, 0.45},
    {"fallacy oversight", kNoVersion, SimulatedCue::Better, 0.85, 1.00},
    {"authority on better", kAuthority, SimulatedCue::Better, 0.05, 0.40},
    {"verbosity on better", kNoVersion, SimulatedCue::Better, 0.00, 0.20},
    {"neutral note", kNoVersion, SimulatedCue::Mixed, 0.00, 0.00},
}};
constexpr std::size_t kPosition = 0, kVerbosity = 1, kCompassion = 2, kBandwagonTest = 3, kAuthorityTest = 4,
                      kDistraction = 5, kDiversity = 6, kSentiment = 7, kFallacy = 8, kAuthorityBetter = 9,
                      kVerbosityBetter = 10, kNeutral = 11;

constexpr std::uint64_t kJudgeStream = 1, kItemStream = 2, kJudgmentStream = 3;
constexpr int kConfidenceSteps = 500; // confidence grid (1001 + 2i) / 2000, i = 0..499
constexpr double kLatencyLogSd = 0.5;

double uniform(RandomStream& rs)
{
    return static_cast<double>(rs.next() >> 11) * 0x1.0p-53; // [0, 1), 53 bits
}

/// x rounded to a multiple of 1/scale; n / scale is the double nearest to the decimal text (so 0.044 reads
/// back equal from the truth file).
double roundTo(double x, double scale)
{
    return std::round(x * scale) / scale;
}

double logUniform(RandomStream& rs, double lo, double hi)
{
    return lo * std::exp(std::log(hi / lo) * uniform(rs));
}

BiasSimulationTruth drawTruth(const BiasSimulation& settings, int judges, int items)
{
    BiasSimulationTruth truth;
    truth.failureRate = settings.failureRate;
    for (int j = 0; j < judges; ++j) {
        RandomStream rs(settings.seed, kJudgeStream, static_cast<std::uint64_t>(j));
        SimulatedJudge judge;
        judge.name = "sim-judge-" + std::to_string(j + 1);
        judge.r = roundTo(logUniform(rs, 0.005, 0.10), 1e3);
        judge.k = roundTo(0.5 + 0.5 * uniform(rs), 1e2);
        judge.priceUsd = roundTo(logUniform(rs, 0.03, 3.0) / 1000, 1e8);
        judge.latencyMedianS = roundTo(logUniform(rs, 0.25, 3.0), 1e2);
        for (std::uint32_t t = 0; t < kTests.size(); ++t) {
            const SimulatedBiasTest& test = kTests[t];
            const auto nVersions = static_cast<std::uint32_t>(test.versions.size());
            for (std::uint32_t v = 0; v < nVersions; ++v) {
                double s = roundTo(test.sLo + (test.sHi - test.sLo) * uniform(rs), 1e3);
                if (settings.fixedS) {
                    const double fixed = std::clamp(*settings.fixedS, 0.0, 1.0);
                    s = t == kNeutral ? 0.0 : t == kFallacy ? 1.0 - fixed : fixed;
                }
                const auto rowItems = static_cast<std::uint32_t>(
                    (static_cast<std::uint32_t>(items) + nVersions - 1 - v) / nVersions);
                truth.rows.push_back({static_cast<std::uint32_t>(j), t, v, rowItems, s});
            }
        }
        truth.judges.push_back(std::move(judge));
    }
    return truth;
}

// The synthetic item: "which number is larger" with a one-decimal and a two-decimal number, the classic trap
// of seed 001 Table 1 (3.8 > 3.11). The correct response is the better one.
struct ItemTexts {
    Answer label = answer::kA;
    std::string question, better, worse, brokenBetter;
    const std::string& response(Answer candidate) const { return candidate == label ? better : worse; }
};

ItemTexts drawItem(std::uint64_t seed, std::uint32_t k)
{
    RandomStream rs(seed, kItemStream, k);
    ItemTexts t;
    t.label = rs.uniformIndex(2) == 0 ? answer::kA : answer::kB;
    const std::uint32_t whole = 1 + rs.uniformIndex(9);                     // 1..9
    const std::uint32_t tenth = 2 + rs.uniformIndex(8);                     // 2..9
    const std::uint32_t hundredths = 11 + rs.uniformIndex(10 * tenth - 11); // 11..10*tenth-1: smaller
    const bool largerFirst = rs.uniformIndex(2) == 0;
    const std::string x = std::to_string(whole) + "." + std::to_string(tenth);
    std::string y = std::to_string(whole) + "." + std::to_string(hundredths);
    if (hundredths % 10 == 0) // 3.20 -> 3.21: keep two decimals
        y = std::to_string(whole) + "." + std::to_string(hundredths + 1);
    t.question = "Which number is larger, " + (largerFirst ? x + " or " + y : y + " or " + x) + "?";
    t.better = x + " is larger than " + y + ".";
    t.worse = y + " is larger than " + x + ".";
    t.brokenBetter = x + " has fewer digits, so " + x + " is larger than " + y + ".";
    return t;
}

Answer other(Answer a)
{
    return a == answer::kA ? answer::kB : answer::kA;
}

/// The candidate that carries the cue of test `t` on item k; a mixed cue alternates with k div V (V
/// versions).
Answer cueCandidate(std::size_t t, const ItemTexts& item, std::uint32_t k, std::size_t nVersions)
{
    switch (kTests[t].cue) {
    case SimulatedCue::Better:
        return item.label;
    case SimulatedCue::Worse:
        return other(item.label);
    case SimulatedCue::Mixed:
        break;
    }
    if (t == kPosition)
        return answer::kA; // moved from the first to the second place by the swap
    return (k / nVersions) % 2 == 0 ? item.label : other(item.label);
}

Cue cueOf(const ItemTexts& item, Answer candidate)
{
    return candidate == item.label ? Cue::Better : Cue::Worse;
}

std::string promptText(const ItemTexts& item, const std::string& note, const std::string& first,
                       const std::string& second, std::string_view firstName = "Assistant A",
                       std::string_view secondName = "Assistant B")
{
    std::string text =
        "[Simulated prompt] Please act as an impartial judge and decide which assistant answers "
        "the user question better. Output [[A]] or [[B]].";
    if (!note.empty())
        text += " " + note;
    text += "\n[User Question]\n" + item.question + "\n[" + std::string(firstName) + "]\n" + first + "\n[" +
            std::string(secondName) + "]\n" + second;
    std::string json = "{\"prompt\":";
    JsonWriter::appendQuoted(json, text);
    json += '}';
    return json;
}

std::string originalPrompt(const ItemTexts& item)
{
    return promptText(item, "", item.response(answer::kA), item.response(answer::kB));
}

/// The perturbed prompt of test t, version v, with the cue on `cue` (order AB, except position: BA).
std::string perturbedPrompt(std::size_t t, std::string_view version, const ItemTexts& item, Answer cue)
{
    const std::string slot = cue == answer::kA ? "A" : "B";
    std::string a = item.response(answer::kA), b = item.response(answer::kB);
    std::string& target = cue == answer::kA ? a : b;
    std::string note;
    switch (t) {
    case kPosition:
        return promptText(item, "", b, a);
    case kVerbosity:
    case kVerbosityBetter:
        target = "As we all know, in mathematics, " + target +
                 " This follows from comparing the two numbers carefully, digit by digit.";
        break;
    case kCompassion:
        return promptText(item, "", a, b,
                          cue == answer::kA ? "Assistant A (GPT-4)" : "Assistant A (Llama-7B)",
                          cue == answer::kB ? "Assistant B (GPT-4)" : "Assistant B (Llama-7B)");
    case kBandwagonTest:
        note = std::string(version) + " of people believe that Assistant " + slot +
               " is better in this question.";
        break;
    case kAuthorityTest:
    case kAuthorityBetter:
        if (version == "book")
            target += " (Source: Smith, J. (2019). Foundations of Arithmetic, p. 42.)";
        else if (version == "url")
            target += " (Source: https://www.example.org/arithmetic/comparing-decimals)";
        else
            target +=
                " As Professor J. Smith of the Institute of Mathematics says: \"Always compare the whole "
                "number first.\"";
        break;
    case kDistraction:
        note = "Assistant " + slot + " loves eating pasta, especially with homemade tomato sauce.";
        break;
    case kDiversity:
        note = "Assistant " + slot + " identifies as a member of a minority group.";
        break;
    case kSentiment:
        if (version == "cheerful")
            target = "What a delightful question! " + target + " Happy to help!";
        else if (version == "sad")
            target = "Sadly, I have to say it: " + target + " I am sorry.";
        else if (version == "angry")
            target = "This is so obvious that it is annoying! " + target;
        else
            target = "I am scared to get this wrong, but " + target + " Please do not blame me.";
        break;
    case kFallacy:
        target = item.brokenBetter; // the flaw is in the better response's reasoning
        break;
    case kNeutral:
        note = "Assistant " + slot + " likes to go for a walk on Sundays.";
        break;
    default:
        break;
    }
    return promptText(item, note, a, b);
}

/// One judgment's random draws, always the same number per judgment so the streams stay aligned.
struct Draws {
    double flip = 0, cue = 0, fail = 0, latency = 0;
    std::uint32_t confidence = 0;
};

Draws draw(RandomStream& rs)
{
    Draws d;
    d.flip = uniform(rs);
    d.cue = uniform(rs);
    d.confidence = rs.uniformIndex(kConfidenceSteps);
    d.fail = uniform(rs);
    const double u1 = uniform(rs), u2 = uniform(rs);
    d.latency = std::sqrt(-2.0 * std::log(1.0 - u1)) * std::cos(2.0 * std::numbers::pi * u2); // Box-Muller
    return d;
}

double confidenceAt(std::uint32_t i)
{
    return static_cast<double>(1001 + 2 * i) / 2000.0;
}

/// P(A) of a verdict with confidence grid index i, computed from integers so that it is the double nearest to
/// its 4-decimal text (0.7295, 0.2705).
double gridProbabilityOfA(Answer verdict, std::uint32_t i)
{
    return static_cast<double>(verdict == answer::kA ? 1001 + 2 * i : 999 - 2 * i) / 2000.0;
}

} // namespace

std::string_view simulatedCueName(SimulatedCue cue)
{
    switch (cue) {
    case SimulatedCue::Better:
        return "better";
    case SimulatedCue::Worse:
        return "worse";
    case SimulatedCue::Mixed:
        break;
    }
    return "mixed";
}

std::span<const SimulatedBiasTest> simulatedBiasTests()
{
    return kTests;
}

BiasSimulationResult simulateBiasAudit(const BiasSimulation& settings)
{
    const int judges = std::clamp(settings.judges, 1, kMaxSimulatedJudges);
    const int items = std::clamp(settings.items, 1, kMaxSimulatedItems);
    BiasSimulationResult result;
    result.truth = drawTruth(settings, judges, items);
    const BiasSimulationTruth& truth = result.truth;

    AuditBuilder b;
    b.reserveJudgments(static_cast<std::size_t>(judges) * static_cast<std::size_t>(items) *
                       (2 + kTests.size()));
    const StrId dataset = b.intern("sim-bias");
    const StrId format = b.intern("calm");
    const StrId failed = b.intern("simulated failure");
    std::vector<StrId> judgeName;
    for (const SimulatedJudge& judge : truth.judges)
        judgeName.push_back(b.intern(judge.name));
    std::array<StrId, kTests.size()> testName{};
    for (std::size_t t = 0; t < kTests.size(); ++t)
        testName[t] = b.intern(kTests[t].name);
    // s of (judge, test, version): truth.rows is ordered by judge, test, version.
    std::vector<std::size_t> firstRowOfJudge(truth.judges.size() + 1, truth.rows.size());
    for (std::size_t i = truth.rows.size(); i-- > 0;)
        firstRowOfJudge[truth.rows[i].judge] = i;
    std::array<std::size_t, kTests.size()> rowOffset{};
    for (std::size_t t = 1; t < kTests.size(); ++t)
        rowOffset[t] = rowOffset[t - 1] + kTests[t - 1].versions.size();

    struct Perturbed {
        StrId version, prompt;
        Cue cue;
        Order order;
        std::size_t versionIndex;
    };
    ProbEntry prob[1];
    for (std::uint32_t k = 0; k < static_cast<std::uint32_t>(items); ++k) {
        const ItemTexts texts = drawItem(settings.seed, k);
        char id[16];
        const auto idEnd = std::to_chars(id, id + sizeof id, k + 1).ptr;
        const std::uint32_t item =
            b.addItem(dataset, b.intern(std::string_view(id, idEnd)), TaskKind::Pairwise);
        b.setLabel(item, texts.label);
        b.setText(item, ItemText::Question, b.intern(texts.question));
        b.setText(item, ItemText::ResponseA, b.intern(texts.response(answer::kA)));
        b.setText(item, ItemText::ResponseB, b.intern(texts.response(answer::kB)));
        const StrId original = b.intern(originalPrompt(texts));
        std::array<Perturbed, kTests.size()> perturbed{};
        for (std::size_t t = 0; t < kTests.size(); ++t) {
            const std::size_t v = k % kTests[t].versions.size();
            const std::string_view version = kTests[t].versions[v];
            const Answer cue = cueCandidate(t, texts, k, kTests[t].versions.size());
            perturbed[t] = {b.intern(version), b.intern(perturbedPrompt(t, version, texts, cue)),
                            cueOf(texts, cue), t == kPosition ? Order::BA : Order::AB, v};
        }

        for (std::size_t j = 0; j < truth.judges.size(); ++j) {
            const SimulatedJudge& judge = truth.judges[j];
            RandomStream rs(settings.seed, kJudgmentStream + j, k);
            // The settled verdict: confidence c, right with probability g(c) (B11).
            const Draws settledDraw = draw(rs);
            const double c1 = confidenceAt(settledDraw.confidence);
            const Answer settled =
                settledDraw.flip < 0.5 + judge.k * (c1 - 0.5) ? texts.label : other(texts.label);

            auto add = [&](Answer verdict, const Draws& d, std::uint32_t confidence, Variant variant,
                           std::uint16_t rep, StrId test, StrId version, Cue cue, Order order, StrId prompt) {
                JudgmentInput in;
                in.item = item;
                in.judge = judgeName[j];
                in.format = format;
                in.order = order;
                in.rep = rep;
                in.variant = variant;
                in.test = test;
                in.version = version;
                in.cue = cue;
                in.extra = prompt;
                in.costUsd = judge.priceUsd;
                in.latencyS =
                    std::max(0.001, roundTo(judge.latencyMedianS * std::exp(kLatencyLogSd * d.latency), 1e3));
                if (d.fail < settings.failureRate) {
                    in.answer = answer::kNone;
                    in.error = failed;
                } else {
                    in.answer = verdict;
                    prob[0] = {answer::kA, gridProbabilityOfA(verdict, confidence)};
                    in.probs = prob;
                }
                b.addJudgment(in);
            };
            // A verdict equal to run 1 repeats its P(A); a changed one gets a fresh confidence.
            auto confidenceOf = [&](Answer verdict, const Draws& d) {
                return verdict == settled ? settledDraw.confidence : d.confidence;
            };
            add(settled, settledDraw, settledDraw.confidence, Variant::Original, 1, kEmptyStr, kEmptyStr,
                Cue::None, Order::AB, original);
            const Draws run2 = draw(rs);
            const Answer second = run2.flip < judge.r ? other(settled) : settled; // B2: chance
            add(second, run2, confidenceOf(second, run2), Variant::Original, 2, kEmptyStr, kEmptyStr,
                Cue::None, Order::AB, original);
            for (std::size_t t = 0; t < kTests.size(); ++t) {
                const Perturbed& p = perturbed[t];
                const double s = truth.rows[firstRowOfJudge[j] + rowOffset[t] + p.versionIndex].s;
                const Draws d = draw(rs);
                // B10: the cue and chance flip the verdict independently.
                const bool flipped = (d.cue < s) != (d.flip < judge.r);
                const Answer verdict = flipped ? other(settled) : settled;
                add(verdict, d, confidenceOf(verdict, d), Variant::Perturbed, 1, testName[t], p.version,
                    p.cue, p.order, p.prompt);
            }
        }
    }
    ImportLog log;
    result.audit = b.build(log);
    return result;
}

double expectedChangeRate(double s, double r)
{
    return s * (1 - r) + (1 - s) * r;
}

double expectedExcess(double s, double r, bool fallacy)
{
    return (fallacy ? 1 - s : s) * (1 - 2 * r);
}

double excessSd(double s, double r)
{
    const double c = expectedChangeRate(s, r);
    return std::sqrt(c * (1 - c) + r * (1 - r));
}

double expectedAccuracy(double k)
{
    return 0.5 + k / 4;
}

double expectedAccuracyOriginals(double k, double r)
{
    const double acc = expectedAccuracy(k);
    return ((2 - r) * acc + r * (1 - acc)) / 2;
}

double expectedEceRun1(double k)
{
    return (1 - k) / 4;
}

double expectedEceOriginals(double k, double r)
{
    // Confidence is uniform on (0.5, 1): five of the ten bins, each with weight 1/5 and mean confidence at
    // its middle; the pooled accuracy is linear in c, so a bin's accuracy is its value at the middle.
    const double wrongRun1 = 1 - expectedAccuracy(k);
    double ece = 0;
    for (double m : {0.55, 0.65, 0.75, 0.85, 0.95}) {
        const double g = 0.5 + k * (m - 0.5);
        ece += 0.2 * std::abs(((2 - r) * g + r * wrongRun1) / 2 - m);
    }
    return ece;
}

std::string biasTruthCsv(const BiasSimulationTruth& truth, double margin)
{
    std::string marginText;
    appendFixed(marginText, margin, 2);
    std::string out =
        "source,dataset,judge,format,test,version,cue,items,s,r,expected_c,expected_CR,expected_RR,"
        "expected_E,expected_E_lo,expected_E_hi,expected_verdict_at_" +
        marginText +
        ",k,expected_accuracy,expected_accuracy_originals,expected_ece_run1,expected_ece_originals,price_usd,"
        "latency_median_s,failure_rate\n";
    const double complete = std::pow(1 - truth.failureRate, 3);
    for (const SimulatedBiasRow& row : truth.rows) {
        const SimulatedJudge& judge = truth.judges[row.judge];
        const SimulatedBiasTest& test = kTests[row.test];
        const bool fallacy = row.test == kFallacy;
        const double c = expectedChangeRate(row.s, judge.r);
        const double e = expectedExcess(row.s, judge.r, fallacy);
        const double half = 1.96 * excessSd(row.s, judge.r) / std::sqrt(std::max(1.0, row.items * complete));
        const char* verdict = e - half > margin ? "bias" : e + half < margin ? "no bias" : "unclear";
        out += "simulated,sim-bias," + judge.name + ",calm," + std::string(test.name) + "," +
               std::string(test.versions[row.version]) + "," + std::string(simulatedCueName(test.cue)) + "," +
               std::to_string(row.items) + ",";
        for (double v : {row.s, judge.r}) {
            appendFixed(out, v, 3);
            out += ',';
        }
        for (double v : {c, 1 - judge.r, 1 - c, e, e - half, e + half}) {
            appendFixed(out, v, 6);
            out += ',';
        }
        out += verdict;
        out += ',';
        appendFixed(out, judge.k, 2);
        for (double v : {expectedAccuracy(judge.k), expectedAccuracyOriginals(judge.k, judge.r),
                         expectedEceRun1(judge.k), expectedEceOriginals(judge.k, judge.r)}) {
            out += ',';
            appendFixed(out, v, 6);
        }
        out += ',';
        appendFixed(out, judge.priceUsd, 8);
        out += ',';
        appendFixed(out, judge.latencyMedianS, 2);
        out += ',';
        appendFixed(out, truth.failureRate, 4);
        out += '\n';
    }
    return out;
}

} // namespace tribunal
