#include "auditsimulator.h"

#include "model/auditbuilder.h"

#include <array>
#include <cmath>
#include <random>
#include <string>

namespace tribunal {
namespace {

constexpr std::array<const char*, 6> kJudges{"sim-gpt",   "sim-claude", "sim-gemini",
                                             "sim-llama", "sim-qwen",   "sim-mistral"};
constexpr std::array<const char*, 5> kFormats{"Direct", "VF-JSON", "VF-XML", "CoT-JSON", "CoT-XML"};
constexpr std::array<const char*, 4> kDatasets{"sim-judgebench", "sim-llmbar", "sim-mtbench",
                                               "sim-rewardbench"};

struct CellParams {
    double accuracy, firstSlotBias, runNoise, costPerCall, latencyMean;
};

} // namespace

AuditPtr simulateAudit(const AuditSimulation& settings)
{
    const int runs = settings.runs < 1 ? 1 : settings.runs;
    const std::uint64_t perItem = 2ull * static_cast<std::uint64_t>(runs) * kJudges.size() * kFormats.size();
    const std::uint64_t itemsTotal = (settings.judgments + perItem - 1) / perItem;

    std::mt19937_64 rng(settings.seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::array<CellParams, kJudges.size() * kFormats.size() * kDatasets.size()> cells{};
    for (auto& c : cells)
        c = {0.60 + 0.32 * unit(rng), 0.30 * unit(rng), 0.15 * unit(rng), 0.0002 + 0.002 * unit(rng),
             0.5 + 3.0 * unit(rng)};

    AuditBuilder b;
    b.reserveJudgments(settings.judgments);
    std::array<StrId, kJudges.size()> judge{};
    std::array<StrId, kFormats.size()> format{};
    std::array<StrId, kDatasets.size()> dataset{};
    for (std::size_t i = 0; i < kJudges.size(); ++i)
        judge[i] = b.intern(kJudges[i]);
    for (std::size_t i = 0; i < kFormats.size(); ++i)
        format[i] = b.intern(kFormats[i]);
    for (std::size_t i = 0; i < kDatasets.size(); ++i)
        dataset[i] = b.intern(kDatasets[i]);
    const StrId failed = b.intern("simulated failed call");
    std::array<StrId, 4> rationale{
        b.intern("Response (a) follows the instruction more closely. [[A]]"),
        b.intern("Response (b) is more accurate and complete. [[B]]"),
        b.intern("Both are acceptable, but the first is clearer.\nVerdict: [[A]]"),
        b.intern("The second response answers the question asked.\nVerdict: [[B]]")};

    std::uint64_t produced = 0;
    ProbEntry prob[1];
    for (std::uint64_t n = 0; n < itemsTotal && produced < settings.judgments; ++n) {
        const auto ds = n % kDatasets.size();
        const auto item =
            b.addItem(dataset[ds], b.intern(std::to_string(n / kDatasets.size())), TaskKind::Pairwise);
        const Answer label = unit(rng) < 0.5 ? answer::kA : answer::kB;
        const Answer wrong = label == answer::kA ? answer::kB : answer::kA;
        b.setLabel(item, label);
        for (std::size_t j = 0; j < kJudges.size(); ++j) {
            for (std::size_t f = 0; f < kFormats.size(); ++f) {
                const auto& cell = cells[(j * kFormats.size() + f) * kDatasets.size() + ds];
                const Answer settled = unit(rng) < cell.accuracy ? label : wrong;
                for (auto order : {Order::AB, Order::BA}) {
                    const Answer firstSlot = order == Order::AB ? answer::kA : answer::kB;
                    const Answer presented = unit(rng) < cell.firstSlotBias ? firstSlot : settled;
                    for (int r = 1; r <= runs && produced < settings.judgments; ++r, ++produced) {
                        JudgmentInput in;
                        in.item = item;
                        in.judge = judge[j];
                        in.format = format[f];
                        in.order = order;
                        in.rep = static_cast<std::uint16_t>(r);
                        in.answer = unit(rng) < cell.runNoise ? (unit(rng) < 0.5 ? answer::kA : answer::kB)
                                                              : presented;
                        if (unit(rng) < 0.005) {
                            in.answer = answer::kNone;
                            in.error = failed;
                        } else {
                            const double p =
                                in.answer == answer::kA ? 0.5 + 0.5 * unit(rng) : 0.5 * unit(rng);
                            prob[0] = {answer::kA, std::round(p * 1000) / 1000};
                            in.probs = prob;
                        }
                        in.costUsd = std::round(cell.costPerCall * (0.8 + 0.4 * unit(rng)) * 1e6) / 1e6;
                        in.latencyS = std::round(cell.latencyMean * (0.5 + unit(rng)) * 1000) / 1000;
                        if (unit(rng) < 0.1)
                            in.raw = rationale[(in.answer == answer::kB ? 1 : 0) + 2 * (r % 2)];
                        b.addJudgment(in);
                        in.probs = {};
                    }
                }
            }
        }
    }
    ImportLog log;
    return b.build(log);
}

} // namespace tribunal
