// Confident-error (K3, K4) and jury (K5, K6) tables of report/cascadetables.h.
#include "report/cascadetables.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

namespace tribunal {
namespace {

FlatCell text(std::string_view value)
{
    return FlatCell{std::string(value)};
}

FlatCell itemText(const Audit& audit, ItemText field, std::uint32_t item)
{
    const StrId id = audit.items().field(field, item);
    return id == kEmptyStr ? FlatCell{} : text(audit.str(id));
}

double ratio(double count, std::uint32_t of)
{
    return of == 0 ? kMissing : count / static_cast<double>(of);
}

void addRepeatRow(FlatTable& table, const Audit& audit, StrId panel, TaskKind kind, const char* scope,
                  const char* band, std::uint32_t checks, std::uint32_t repeats, double expected,
                  FlatCell noBaseline)
{
    const std::size_t r = table.addRow();
    table.set(r, "panel", text(audit.str(panel)));
    table.set(r, "kind", text(kindName(kind)));
    table.set(r, "scope", text(scope));
    table.set(r, "band", text(band));
    table.set(r, "checks", countCell(checks));
    table.set(r, "repeats", countCell(repeats));
    table.set(r, "expected_repeats", expected);
    table.set(r, "share", ratio(repeats, checks));
    table.set(r, "baseline_share", ratio(expected, checks));
    table.set(r, "no_baseline", std::move(noBaseline));
}

} // namespace

ConfidentErrorPanel confidentErrorPanel(const Audit& audit, RubricVerdictTable table, std::size_t first,
                                        std::vector<std::size_t> others, int n)
{
    ConfidentErrorPanel panel;
    panel.table = std::move(table);
    panel.first = first;
    panel.others = std::move(others);
    for (TaskKind kind : verdictKinds(panel.table))
        panel.kinds.push_back(
            {kind, confidentErrors(audit, panel.table, first, kind, n), allErrors(panel.table, first, kind)});
    return panel;
}

FlatTable confidentErrorTable(const Audit& audit, const std::vector<ConfidentErrorPanel>& panels)
{
    FlatTable table;
    table.columns = {"panel", "kind",   "judge",      "unit",  "criterion",     "item",
                     "label", "answer", "confidence", "p_met", "false_positive"};
    std::vector<std::string> others; // the other judges' labels over every panel, first appearance first
    for (const ConfidentErrorPanel& panel : panels)
        for (std::size_t o : panel.others) {
            const std::string label = judgeLabel(audit, panel.table, o);
            if (std::find(others.begin(), others.end(), label) == others.end())
                others.push_back(label);
        }
    for (const std::string& label : others)
        for (const char* prefix : {"answer_", "repeat_", "baseline_"})
            table.columns.push_back(prefix + label);
    for (const ConfidentErrorPanel& panel : panels) {
        const RubricVerdictTable& t = panel.table;
        for (const ConfidentErrorPanel::Kind& kind : panel.kinds)
            for (const ConfidentError& e : kind.sample) {
                const std::uint32_t item = t.items[e.pair];
                const std::size_t r = table.addRow();
                table.set(r, "panel", text(audit.str(t.dataset)));
                table.set(r, "kind", text(kindName(kind.kind)));
                table.set(r, "judge", text(judgeLabel(audit, t, panel.first)));
                table.set(r, "unit", itemText(audit, ItemText::UnitId, item));
                table.set(r, "criterion", itemText(audit, ItemText::Criterion, item));
                table.set(r, "item", text(audit.str(audit.items().itemId[item])));
                table.set(r, "label", text(answerText(kind.kind, t.labels[e.pair].label)));
                table.set(r, "answer", text(answerText(kind.kind, e.answer)));
                table.set(r, "confidence", e.confidence);
                table.set(r, "p_met", e.pMet);
                table.set(r, "false_positive",
                          kind.kind == TaskKind::Binary ? FlatCell{e.falsePositive} : FlatCell{});
                for (std::size_t o : panel.others) {
                    const std::string label = judgeLabel(audit, t, o);
                    const RubricVerdict& v = t.at(o, e.pair);
                    if (v.status != VerdictStatus::Missing)
                        table.set(r, "answer_" + label, text(answerText(kind.kind, v.answer)));
                    const RepeatCheck check = checkRepeat(audit, t, e, o);
                    if (check.eligible) {
                        table.set(r, "repeat_" + label, check.repeated);
                        table.set(r, "baseline_" + label, check.baseline);
                    }
                }
            }
    }
    return table;
}

FlatTable repeatSummaryTable(const Audit& audit, const std::vector<ConfidentErrorPanel>& panels)
{
    FlatTable table;
    table.columns = {"panel", "kind",           "scope",      "band", "checks", "repeats", "expected_repeats",
                     "share", "baseline_share", "no_baseline"};
    static constexpr std::array<const char*, 4> kBands = {"0", "1", "2", "3"};
    for (const ConfidentErrorPanel& panel : panels)
        for (const ConfidentErrorPanel::Kind& kind : panel.kinds)
            for (const bool sample : {true, false}) {
                const RepeatSummary s =
                    summariseRepeats(audit, panel.table, sample ? kind.sample : kind.all, panel.others);
                const char* scope = sample ? "sample" : "all";
                addRepeatRow(table, audit, panel.table.dataset, kind.kind, scope, "all", s.checks, s.repeats,
                             s.expectedRepeats, countCell(s.noBaseline));
                for (std::size_t b = 0; b < kBands.size(); ++b)
                    addRepeatRow(table, audit, panel.table.dataset, kind.kind, scope, kBands[b],
                                 s.bandChecks[b], s.bandRepeats[b], s.bandExpected[b], FlatCell{});
            }
    return table;
}

FlatTable discriminationTable(const Audit& audit, const std::vector<ConfidentErrorPanel>& panels)
{
    FlatTable table;
    for (const char* name : {"panel", "kind", "judge", "answers", "right", "accuracy", "auroc"})
        table.columns.emplace_back(name);
    for (int b = 0; b < 4; ++b) {
        table.columns.push_back("answers_b" + std::to_string(b));
        table.columns.push_back("error_rate_b" + std::to_string(b));
    }
    for (const double f : kSelectiveFractions) {
        const std::string percent = std::to_string(std::lround(f * 100));
        table.columns.push_back("kept_" + percent);
        table.columns.push_back("selective_accuracy_" + percent);
    }
    for (const ConfidentErrorPanel& panel : panels)
        for (const ConfidentErrorPanel::Kind& kind : panel.kinds) {
            // K2 over the first judge's answers on this kind, as the Confident errors dock shows it.
            const Discrimination d =
                discrimination(judgeConfidentAnswers(audit, panel.table, panel.first, kind.kind));
            const std::size_t r = table.addRow();
            table.set(r, "panel", text(audit.str(panel.table.dataset)));
            table.set(r, "kind", text(kindName(kind.kind)));
            table.set(r, "judge", text(judgeLabel(audit, panel.table, panel.first)));
            table.set(r, "answers", countCell(d.answers));
            table.set(r, "right", countCell(d.right));
            table.set(r, "accuracy", d.accuracy);
            table.set(r, "auroc", d.auroc);
            for (std::size_t b = 0; b < d.bands.size(); ++b) {
                table.set(r, "answers_b" + std::to_string(b), countCell(d.bands[b].answers));
                table.set(r, "error_rate_b" + std::to_string(b), d.bands[b].errorRate);
            }
            for (std::size_t f = 0; f < kSelectiveFractions.size(); ++f) {
                const std::string percent = std::to_string(std::lround(kSelectiveFractions[f] * 100));
                table.set(r, "kept_" + percent, countCell(d.selectiveKept[f]));
                table.set(r, "selective_accuracy_" + percent, d.selectiveAccuracy[f]);
            }
        }
    return table;
}

JuryPanel juryPanel(RubricVerdictTable table, std::span<const std::size_t> jurors,
                    std::span<const std::size_t> candidates, const PairedSettings& paired,
                    const Progress& progress)
{
    JuryPanel panel;
    panel.table = std::move(table);
    const std::vector<TaskKind> kinds = verdictKinds(panel.table);
    const auto resamples = static_cast<std::uint64_t>(std::max(paired.resamples, 0));
    const std::uint64_t total = kinds.size() * resamples;
    for (std::size_t k = 0; k < kinds.size(); ++k) {
        // K6 takes the median of one scale: each kind is its own jury.
        const RubricVerdictTable sub = verdictTableOfKind(panel.table, kinds[k]);
        panel.kinds.push_back(
            {kinds[k],
             analyseJury(sub, jurors, candidates, paired, progress.part(k * resamples, resamples, total)),
             allWrongShare(sub, jurors)});
    }
    if (kinds.empty())
        progress.step(0, 0); // nothing to compare; otherwise the last kind's final step is (total, total)
    return panel;
}

FlatTable juryTable(const Audit& audit, const std::vector<JuryPanel>& panels)
{
    FlatTable table;
    for (const char* name : {"panel",
                             "kind",
                             "jurors",
                             "median",
                             "pairs",
                             "even_splits",
                             "accuracy",
                             "best_single",
                             "best_single_accuracy",
                             "compared_pairs",
                             "diff",
                             "ci95_lo",
                             "ci95_hi",
                             "p_boot",
                             "p_holm",
                             "outcome",
                             "all_wrong_pairs",
                             "all_wrong",
                             "all_wrong_share",
                             "oracle_accuracy"})
        table.columns.emplace_back(name);
    for (const JuryPanel& panel : panels) {
        const RubricVerdictTable& t = panel.table;
        for (const JuryPanel::Kind& kind : panel.kinds) {
            const JuryResult& j = kind.jury;
            std::string jurors;
            for (std::size_t juror : j.jurors)
                jurors += (jurors.empty() ? "" : ";") + judgeLabel(audit, t, juror);
            for (const bool lower : {true, false}) {
                const PairedComparison& p = lower ? j.lowerVsBest : j.upperVsBest;
                const bool compared = j.bestSingle >= 0 && j.comparedPairs > 0;
                const std::size_t r = table.addRow();
                table.set(r, "panel", text(audit.str(t.dataset)));
                table.set(r, "kind", text(kindName(kind.kind)));
                table.set(r, "jurors", text(jurors));
                table.set(r, "median", text(lower ? "lower" : "upper"));
                table.set(r, "pairs", countCell(j.pairs));
                table.set(r, "even_splits", countCell(j.evenSplits));
                table.set(r, "accuracy", lower ? j.accuracyLower : j.accuracyUpper);
                if (j.bestSingle >= 0)
                    table.set(r, "best_single",
                              text(judgeLabel(audit, t, static_cast<std::size_t>(j.bestSingle))));
                table.set(r, "best_single_accuracy", j.bestSingleAccuracy);
                table.set(r, "compared_pairs", countCell(j.comparedPairs));
                if (compared) {
                    table.set(r, "diff", p.difference);
                    table.set(r, "ci95_lo", p.unitBootstrap.ci95.lo);
                    table.set(r, "ci95_hi", p.unitBootstrap.ci95.hi);
                    table.set(r, "p_boot", p.unitBootstrap.p);
                    table.set(r, "p_holm", p.unitBootstrap.pHolm);
                    table.set(r, "outcome", text(pairedOutcomeName(p.unitBootstrap.outcome)));
                }
                table.set(r, "all_wrong_pairs", countCell(kind.allWrong.pairs));
                table.set(r, "all_wrong", countCell(kind.allWrong.allWrong));
                table.set(r, "all_wrong_share", kind.allWrong.share);
                table.set(r, "oracle_accuracy", kind.allWrong.oracleAccuracy);
            }
        }
    }
    return table;
}

} // namespace tribunal
