#include "trustsimulator.h"

#include "model/auditbuilder.h"
#include "report/tablecells.h"
#include "stats/randomstreams.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace tribunal {
namespace {

// The judges' own numbers (e_j, p_j, w_j, price of a verdict-first call in USD). They are chosen so that
// the failure map (T11, default thresholds C >= 0.9, phi <= 0.2) has a judge in each quadrant on most
// datasets, and one judge is perfectly reproducible but barely better than chance (seed 000, section 1).
struct JudgeProfile {
    std::string_view name;
    double noise, position, wrong, priceUsd;
};
constexpr std::array<JudgeProfile, kTrustSimJudges> kJudges{{
    {"sim-steady", 0.004, 0.07, 0.14, 0.0030},
    {"sim-strong", 0.010, 0.10, 0.08, 0.0100},
    {"sim-noisy", 0.060, 0.07, 0.14, 0.0008},
    {"sim-biased", 0.005, 0.36, 0.12, 0.0025},
    {"sim-chaotic", 0.080, 0.32, 0.22, 0.0004},
    {"sim-stubborn", 0.000, 0.05, 0.40, 0.0006},
}};

// Formats: multipliers of the noise (m_f), of the position share (m'_f) and of the price. Rationale-first
// formats are noisier and a little less position-driven; the direct format is cheapest.
struct FormatProfile {
    std::string_view name;
    double noise, position, price;
};
constexpr std::array<FormatProfile, kTrustSimFormats> kFormats{{
    {"Direct", 0.8, 1.10, 0.3},
    {"JSON-VF", 1.0, 1.00, 1.0},
    {"JSON-CoT", 1.3, 0.90, 1.6},
    {"XML-VF", 1.0, 1.00, 1.0},
    {"XML-CoT", 1.3, 0.90, 1.6},
}};

// Datasets: multipliers of the position share (m_d) and of the wrong share (n_d); the objective, adversarial
// sets are the hard ones, as in seed 000's Table 1.
struct DatasetProfile {
    std::string_view name;
    double position, wrong;
};
constexpr std::array<DatasetProfile, kTrustSimDatasets> kDatasets{{
    {"sim-mtbench", 1.0, 1.2},
    {"sim-alpacafarm", 1.3, 1.4},
    {"sim-judgebench", 1.6, 1.5},
    {"sim-llmbar", 1.2, 1.3},
}};

constexpr double kInteractionLow = 0.75, kInteractionWidth = 0.5; // g_jd, h_jd ~ U(0.75, 1.25)
constexpr double kMaxNoise = 0.5, kMaxPosition = 0.9, kMaxWrong = 0.55;

constexpr std::array<std::string_view, 4> kDomains{"math", "coding", "knowledge", "reasoning"};
constexpr std::array<std::string_view, 6> kTasks{"summarise the passage in two sentences",
                                                 "explain the result to a newcomer",
                                                 "list the steps in order",
                                                 "answer with a single number and a reason",
                                                 "rewrite the paragraph formally",
                                                 "compare the two options briefly"};

double unit(RandomStream& rs)
{
    return static_cast<double>(rs.next() >> 11) * 0x1.0p-53; // [0, 1), 53 bits
}

std::string numbered(std::string_view prefix, int n, int width)
{
    std::string digits = std::to_string(n);
    if (static_cast<int>(digits.size()) < width)
        digits.insert(0, static_cast<std::size_t>(width) - digits.size(), '0');
    return std::string(prefix) + digits;
}

/// The raw output of `format` naming the slot `slot` ('A' or 'B'), in one of two wordings.
std::string rawOutput(std::size_t format, char slot, int wording)
{
    const std::string s(1, slot);
    const std::string why = wording == 0
                                ? "[Simulated] Response " + s + " follows the instruction more closely."
                                : "[Simulated] Response " + s + " is more accurate and complete.";
    switch (format) {
    case 0:
        return s;
    case 1:
        return "{\"winner\": \"" + s + "\", \"rationale\": \"" + why + "\"}";
    case 2:
        return "{\"rationale\": \"" + why + "\", \"winner\": \"" + s + "\"}";
    case 3:
        return "<judgment><winner>" + s + "</winner><rationale>" + why + "</rationale></judgment>";
    default:
        return "<judgment><rationale>" + why + "</rationale><winner>" + s + "</winner></judgment>";
    }
}

} // namespace

std::array<std::string_view, kTrustSimJudges> trustSimJudges()
{
    std::array<std::string_view, kTrustSimJudges> out{};
    std::transform(kJudges.begin(), kJudges.end(), out.begin(), [](const auto& j) { return j.name; });
    return out;
}

std::array<std::string_view, kTrustSimFormats> trustSimFormats()
{
    std::array<std::string_view, kTrustSimFormats> out{};
    std::transform(kFormats.begin(), kFormats.end(), out.begin(), [](const auto& f) { return f.name; });
    return out;
}

std::array<std::string_view, kTrustSimDatasets> trustSimDatasets()
{
    std::array<std::string_view, kTrustSimDatasets> out{};
    std::transform(kDatasets.begin(), kDatasets.end(), out.begin(), [](const auto& d) { return d.name; });
    return out;
}

void expectedTrustCell(TrustSimCell& cell, int runs)
{
    const int r = std::max(runs, 1);
    const double e = cell.noise;
    std::vector<double> pmf(static_cast<std::size_t>(r) + 1);
    for (int k = 0; k <= r; ++k)
        pmf[static_cast<std::size_t>(k)] =
            std::exp(std::lgamma(r + 1.0) - std::lgamma(k + 1.0) - std::lgamma(r - k + 1.0)) *
            std::pow(e, k) * std::pow(1 - e, r - k);
    // Pair types as (settled on the label in AB, settled on the label in BA) with their shares; a
    // position-driven pair is settled on the label in exactly one order (which one does not matter).
    struct Type {
        bool labelAB, labelBA;
        double share;
    };
    const double p = cell.positionShare, w = cell.wrongShare;
    const std::array<Type, 3> types{
        {{true, true, (1 - p) * (1 - w)}, {false, false, (1 - p) * w}, {true, false, p}}};
    double eN = 0, eP = 0, eAcc = 0, eAccP = 0, eNPR = 0;
    for (const Type& t : types) {
        for (int k1 = 0; k1 <= r; ++k1) {
            for (int k2 = 0; k2 <= r; ++k2) {
                const double pr =
                    t.share * pmf[static_cast<std::size_t>(k1)] * pmf[static_cast<std::size_t>(k2)];
                // The modal verdict's correctness per order: +1 right, -1 wrong, 0 none (a tie).
                auto modal = [r](int k, bool settledOnLabel) {
                    if (2 * k == r)
                        return 0;
                    const bool settledWins = 2 * k < r;
                    return settledWins == settledOnLabel ? 1 : -1;
                };
                const int m1 = modal(k1, t.labelAB), m2 = modal(k2, t.labelBA);
                const bool invariant = m1 != 0 && m1 == m2;
                const bool reproducible = (k1 == 0 || k1 == r) && (k2 == 0 || k2 == r);
                const double acc = ((t.labelAB ? r - k1 : k1) + (t.labelBA ? r - k2 : k2)) / (2.0 * r);
                eN += pr * reproducible;
                eP += pr * invariant;
                eAcc += pr * acc;
                eAccP += pr * acc * invariant;
                eNPR += pr * (reproducible && invariant && m1 == 1);
            }
        }
    }
    cell.consistency = eN;
    cell.flipRate = 1 - eP;
    cell.accuracy = eAcc;
    cell.accuracyDecisive = eP > 0 ? eAccP / eP : kMissing;
    cell.accuracyMax = 1 - cell.flipRate / 2;
    cell.trust = cell.consistency * (cell.accuracy - cell.flipRate / 2);
    cell.trustJoint = eNPR;
    cell.firstSlotShare = (1 - p) * 0.5 + p * (1 - e);
}

TrustSimulationResult simulateTrustAudit(const TrustSimulation& settings)
{
    const int pairs = std::clamp(settings.pairs, 1, kMaxTrustSimPairs);
    const int runs = std::clamp(settings.runs, 1, kMaxTrustSimRuns);
    TrustSimulationResult result;
    result.runs = runs;

    // Cells, judge-major (TrustSimulationResult::cells), with the interaction drawn per (judge, dataset).
    result.cells.reserve(kJudges.size() * kFormats.size() * kDatasets.size());
    std::array<std::array<double, 2>, kTrustSimJudges * kTrustSimDatasets> interaction{};
    for (std::size_t j = 0; j < kJudges.size(); ++j)
        for (std::size_t d = 0; d < kDatasets.size(); ++d) {
            RandomStream rs(settings.seed, 1, 4 * j + d);
            const double g = kInteractionLow + kInteractionWidth * unit(rs);
            interaction[4 * j + d] = {g, kInteractionLow + kInteractionWidth * unit(rs)};
        }
    for (std::size_t j = 0; j < kJudges.size(); ++j)
        for (std::size_t f = 0; f < kFormats.size(); ++f)
            for (std::size_t d = 0; d < kDatasets.size(); ++d) {
                TrustSimCell cell;
                cell.judge = kJudges[j].name;
                cell.format = kFormats[f].name;
                cell.dataset = kDatasets[d].name;
                const auto [g, h] = interaction[4 * j + d];
                cell.noise = std::min(kMaxNoise, kJudges[j].noise * kFormats[f].noise);
                cell.positionShare = std::min(kMaxPosition, kJudges[j].position * kDatasets[d].position *
                                                                kFormats[f].position * g);
                cell.wrongShare = std::min(kMaxWrong, kJudges[j].wrong * kDatasets[d].wrong * h);
                cell.priceUsd = std::round(kJudges[j].priceUsd * kFormats[f].price * 1e6) / 1e6;
                expectedTrustCell(cell, runs);
                result.cells.push_back(std::move(cell));
            }

    AuditBuilder b;
    b.reserveJudgments(result.cells.size() * static_cast<std::size_t>(pairs) * 2 *
                       static_cast<std::size_t>(runs));
    std::array<StrId, kTrustSimJudges> judge{};
    std::array<StrId, kTrustSimFormats> format{};
    std::array<StrId, kTrustSimDatasets> dataset{};
    for (std::size_t i = 0; i < kJudges.size(); ++i)
        judge[i] = b.intern(kJudges[i].name);
    for (std::size_t i = 0; i < kFormats.size(); ++i)
        format[i] = b.intern(kFormats[i].name);
    for (std::size_t i = 0; i < kDatasets.size(); ++i)
        dataset[i] = b.intern(kDatasets[i].name);
    // raw[format][slot B?][wording]
    std::array<std::array<std::array<StrId, 2>, 2>, kTrustSimFormats> raw{};
    for (std::size_t f = 0; f < kFormats.size(); ++f)
        for (int s = 0; s < 2; ++s)
            for (int v = 0; v < 2; ++v)
                raw[f][static_cast<std::size_t>(s)][static_cast<std::size_t>(v)] =
                    b.intern(rawOutput(f, s == 0 ? 'A' : 'B', f == 0 ? 0 : v));

    for (std::size_t d = 0; d < kDatasets.size(); ++d) {
        for (int i = 0; i < pairs; ++i) {
            RandomStream pairStream(settings.seed, 2, 1000000 * d + static_cast<std::uint64_t>(i));
            const Answer label = unit(pairStream) < 0.5 ? answer::kA : answer::kB;
            const double hardness = unit(pairStream);
            const auto task = kTasks[pairStream.uniformIndex(static_cast<std::uint32_t>(kTasks.size()))];
            const auto domain =
                kDomains[pairStream.uniformIndex(static_cast<std::uint32_t>(kDomains.size()))];
            const std::string id = numbered("pair-", i + 1, 3);
            const std::string subject = std::string(kDatasets[d].name) + " " + id;
            const auto item = b.addItem(dataset[d], b.intern(id), TaskKind::Pairwise);
            b.setLabel(item, label);
            b.setText(item, ItemText::Question,
                      b.intern("[Simulated] Question of " + subject + ": " + std::string(task) + "."));
            b.setText(item, ItemText::ResponseA, b.intern("[Simulated] Response A to " + subject + "."));
            b.setText(item, ItemText::ResponseB, b.intern("[Simulated] Response B to " + subject + "."));
            if (kDatasets[d].name == "sim-judgebench")
                b.setText(item, ItemText::Domain, b.intern(std::string(domain)));

            const Answer wrong = label == answer::kA ? answer::kB : answer::kA;
            for (std::size_t j = 0; j < kJudges.size(); ++j) {
                for (std::size_t f = 0; f < kFormats.size(); ++f) {
                    const TrustSimCell& cell = result.cells[(j * kFormats.size() + f) * kDatasets.size() + d];
                    RandomStream rs(settings.seed, 3 + 30 * d + 5 * j + f, static_cast<std::uint64_t>(i));
                    const bool shared = unit(rs) < 0.5;
                    const double fresh = unit(rs);
                    const double v = shared ? hardness : fresh;
                    const bool position = v < cell.positionShare;
                    const bool wrongPair =
                        !position && v < cell.positionShare + (1 - cell.positionShare) * cell.wrongShare;
                    for (const Order order : {Order::AB, Order::BA}) {
                        const Answer firstSlot = order == Order::AB ? answer::kA : answer::kB;
                        const Answer settled = position ? firstSlot : wrongPair ? wrong : label;
                        const Answer other = settled == answer::kA ? answer::kB : answer::kA;
                        for (int run = 1; run <= runs; ++run) {
                            JudgmentInput in;
                            in.item = item;
                            in.judge = judge[j];
                            in.format = format[f];
                            in.order = order;
                            in.rep = static_cast<std::uint16_t>(run);
                            in.answer = unit(rs) < cell.noise ? other : settled;
                            // The raw output names the slot as shown: in BA the canonical A is slot B.
                            const bool slotB = (in.answer == answer::kB) == (order == Order::AB);
                            in.raw = raw[f][slotB ? 1 : 0][static_cast<std::size_t>((i + run) % 2)];
                            in.costUsd = cell.priceUsd;
                            b.addJudgment(in);
                        }
                    }
                }
            }
        }
    }
    ImportLog log;
    result.audit = b.build(log);
    return result;
}

std::string trustTruthCsv(const TrustSimulationResult& result)
{
    std::string out = "source,dataset,judge,format,runs,noise,position_share,wrong_share,price_usd,C,phi,"
                      "first_slot_share,A,A_dec,A_max,T,T_joint\n";
    for (const TrustSimCell& c : result.cells) {
        out += "simulated," + c.dataset + "," + c.judge + "," + c.format + "," + std::to_string(result.runs) +
               ",";
        for (double v : {c.noise, c.positionShare, c.wrongShare}) {
            appendFixed(out, v, 6);
            out += ',';
        }
        appendFixed(out, c.priceUsd, 6);
        for (double v : {c.consistency, c.flipRate, c.firstSlotShare, c.accuracy, c.accuracyDecisive,
                         c.accuracyMax, c.trust, c.trustJoint}) {
            out += ',';
            if (!std::isnan(v))
                appendFixed(out, v, 6);
        }
        out += '\n';
    }
    return out;
}

} // namespace tribunal
