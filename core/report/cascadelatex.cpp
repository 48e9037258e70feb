#include "report/cascadelatex.h"

#include "model/coreerror.h"
#include "report/latex.h"

#include <algorithm>

namespace tribunal {
namespace {

std::string captionStart(const CascadeLatexOptions& options)
{
    return options.title.empty() ? std::string() : latexEscape(options.title) + " ";
}

void appendHead(std::string& out, const std::string& caption, const CascadeLatexOptions& options,
                const char* defaultLabel)
{
    out += "\\begin{table}[htbp]\n\\centering\n\\small\n\\caption{" + caption + "}\n\\label{" +
           latexLabel(options.label.empty() ? defaultLabel : options.label) + "}\n";
}

const char* kTail = "\\bottomrule\n\\end{tabular}\n\\end{table}\n";

std::string judge(const Audit& audit, const RubricVerdictTable& table, long index)
{
    return index < 0 ? std::string("--")
                     : latexEscape(judgeLabel(audit, table, static_cast<std::size_t>(index)));
}

std::string panelKind(const Audit& audit, const RubricVerdictTable& table, TaskKind kind)
{
    return latexEscape(audit.str(table.dataset)) + " & " + std::string(kindName(kind));
}

} // namespace

std::string cascadeSummaryLatex(const Audit& audit, const std::vector<CascadePanel>& panels,
                                const CascadeSettings& settings, const CascadeLatexOptions& options)
{
    if (std::none_of(panels.begin(), panels.end(), [](const CascadePanel& p) { return !p.replays.empty(); }))
        throw CoreError(ErrorCode::CascadeTableNoPanel);
    const int d = options.decimals;
    const auto pct = [d](double v) { return latexPercent(v, d); };
    std::string out;
    const std::string caption =
        captionStart(options) +
        "Cascades (K7--K10): the first judge answers every pair and defers to the fallback when its "
        "confidence is below $\\tau$ (binary criteria: $|P(\\mathrm{MET}) - 0.5|$). Accuracies in \\%; "
        "best single: the most accurate of the first judge, the fallbacks and the extra single judges alone. "
        "Oracle: the fallback and $\\tau^{*}$ with the highest in-sample accuracy (ties to the lower "
        "deferred "
        "share), with its deferred share (\\%) and cost (USD). K9: mean held-out gain of the cascade over "
        "the "
        "best single judge in points over " +
        std::to_string(settings.halvings) + " halvings of the units (seed " + std::to_string(settings.seed) +
        "), the share of halvings with a gain (\\%), and the mean cost of the cascade matching the best "
        "fallback's accuracy as a share of that judge's cost (\\%). --: undefined.";
    appendHead(out, caption, options, "tab:cascade-summary");
    out += "\\begin{tabular}{llS[table-format=5.0]lS[table-format=3.1]lS[table-format=3.1]l"
           "S[table-format=1.2]S[table-format=3.1]S[table-format=3.1]S[table-format=3.4]"
           "S[table-format=-3.1]S[table-format=3.1]S[table-format=3.1]}\n\\toprule\n"
           "Panel & Kind & {$n$} & First & {Acc.} & Best single & {Acc.} & Fallback & {$\\tau^{*}$} & "
           "{Acc.} & {Deferred} & {Cost} & {K9 gain} & {Gain share} & {Cost share} \\\\\n\\midrule\n";
    for (const CascadePanel& panel : panels)
        for (const CascadeReplay& rp : panel.replays) {
            out += panelKind(audit, panel.table, rp.kind) + " & " + std::to_string(rp.pairs) + " & " +
                   judge(audit, panel.table, static_cast<long>(rp.first)) + " & " + pct(rp.firstAccuracy) +
                   " & " + judge(audit, panel.table, rp.bestSingle) + " & " + pct(rp.bestSingleAccuracy);
            CascadePoint oracle;
            long fallback = -1;
            if (rp.bestCascade >= 0) {
                const CascadeFallbackCurve& best = rp.fallbacks[static_cast<std::size_t>(rp.bestCascade)];
                fallback = static_cast<long>(best.judge);
                if (best.oracle < best.curve.size())
                    oracle = best.curve[best.oracle];
                else
                    oracle.tau = oracle.cost = kMissing;
            } else {
                oracle.tau = oracle.cost = kMissing;
            }
            const CrossFitResult& cf = rp.crossFit;
            const bool scored = std::any_of(cf.halvings.begin(), cf.halvings.end(),
                                            [](const CrossFitHalving& h) { return h.pairs > 0; });
            out += " & " + judge(audit, panel.table, fallback) + " & " + latexNumber(oracle.tau, 2) + " & " +
                   pct(oracle.accuracy) + " & " + pct(oracle.deferredShare) + " & " +
                   latexNumber(oracle.cost, 4) + " & " + (scored ? pct(cf.meanGain) : "{--}") + " & " +
                   (scored ? pct(cf.shareWithGain) : "{--}") + " & " +
                   (scored ? pct(cf.meanCostShare) : "{--}") + " \\\\\n";
        }
    out += kTail;
    return out;
}

std::string confidentErrorLatex(const Audit& audit, const std::vector<ConfidentErrorPanel>& panels,
                                const CascadeLatexOptions& options)
{
    if (std::none_of(panels.begin(), panels.end(),
                     [](const ConfidentErrorPanel& p) { return !p.kinds.empty(); }))
        throw CoreError(ErrorCode::ConfidentErrorTableNoPanel);
    const int d = options.decimals;
    std::string out;
    const std::string caption =
        captionStart(options) +
        "Confident errors (K3) and repeated errors (K4). Each row is a wrong answer of the first judge: "
        "ordinal criteria the most confident ones, binary criteria the false positives with the highest and "
        "the false negatives with the lowest $P(\\mathrm{MET})$. Conf.: K1 confidence. Repeated by: the "
        "other "
        "judges giving the same wrong answer, of those with an answer on the pair and a baseline. Below: "
        "repeats against the expected repeats (each judge's share of that answer on the other pairs of the "
        "criterion with the same label), for the sample and for every error of the first judge.";
    appendHead(out, caption, options, "tab:confident-errors");
    out += "\\begin{tabular}{llllllS[table-format=1.2]S[table-format=1.2]l}\n\\toprule\n"
           "Panel & Judge & Criterion & Unit & Label & Answer & {Conf.} & {$P(\\mathrm{MET})$} & "
           "Repeated by \\\\\n\\midrule\n";
    std::string summary;
    for (const ConfidentErrorPanel& panel : panels) {
        const RubricVerdictTable& t = panel.table;
        const std::string first = latexEscape(judgeLabel(audit, t, panel.first));
        for (const ConfidentErrorPanel::Kind& kind : panel.kinds) {
            for (const ConfidentError& e : kind.sample) {
                const std::uint32_t item = t.items[e.pair];
                std::string repeatedBy;
                int eligible = 0;
                for (std::size_t o : panel.others) {
                    const RepeatCheck check = checkRepeat(audit, t, e, o);
                    eligible += check.eligible ? 1 : 0;
                    if (check.eligible && check.repeated)
                        repeatedBy += (repeatedBy.empty() ? "" : ", ") + latexEscape(judgeLabel(audit, t, o));
                }
                out += latexEscape(audit.str(t.dataset)) + " & " + first + " & " +
                       latexEscape(audit.str(audit.items().field(ItemText::Criterion, item))) + " & " +
                       latexEscape(audit.str(audit.items().field(ItemText::UnitId, item))) + " & " +
                       latexEscape(answerText(kind.kind, t.labels[e.pair].label)) + " & " +
                       latexEscape(answerText(kind.kind, e.answer)) + " & " + latexNumber(e.confidence, 2) +
                       " & " + latexNumber(e.pMet, 2) + " & " + (repeatedBy.empty() ? "none" : repeatedBy) +
                       " (of " + std::to_string(eligible) + ") \\\\\n";
            }
            std::string line = latexEscape(audit.str(t.dataset)) + ", " + std::string(kindName(kind.kind)) +
                               ", " + first + ":";
            for (const bool sample : {true, false}) {
                const RepeatSummary s =
                    summariseRepeats(audit, t, sample ? kind.sample : kind.all, panel.others);
                line += std::string(sample ? " sample of " : "; all ") +
                        std::to_string(sample ? kind.sample.size() : kind.all.size()) + " errors, " +
                        std::to_string(s.repeats) + " repeats in " + std::to_string(s.checks) + " checks (" +
                        latexPercent(s.share(), d, "--") + "\\%), expected " +
                        latexNumber(s.expectedRepeats, 1) + " (" + latexPercent(s.baselineShare(), d, "--") +
                        "\\%)";
            }
            summary += "\\multicolumn{9}{l}{" + line + "} \\\\\n";
        }
    }
    out += "\\midrule\n" + summary + kTail;
    return out;
}

std::string juryLatex(const Audit& audit, const std::vector<JuryPanel>& panels, const PairedSettings& paired,
                      const CascadeLatexOptions& options)
{
    if (std::none_of(panels.begin(), panels.end(), [](const JuryPanel& p) { return !p.kinds.empty(); }))
        throw CoreError(ErrorCode::JuryTableNoPanel);
    const int d = options.decimals;
    const auto pct = [d](double v) { return latexPercent(v, d); };
    std::string out;
    const std::string caption =
        captionStart(options) +
        "Juries (K6): the median of the jurors' answers, with four or another even number of votes both the "
        "lower and the upper median; even: pairs where they differ. Accuracies in \\% on the labelled pairs "
        "with a jury verdict; best single: the most accurate candidate on the pairs it shares with the jury. "
        "$\\Delta$: jury minus best single judge in points with its 95\\% percentile bootstrap interval over "
        "units (" +
        std::to_string(paired.resamples) + " resamples, seed " + std::to_string(paired.seed) +
        "); $p$ Holm-adjusted over the two medians. \\textbf{Bold}: separated; $^{\\dagger}$: parity within "
        "$\\pm" +
        latexNumber(100.0 * paired.margin, d) +
        "$ points. K5: share of the pairs all jurors scored on which all are wrong, and the accuracy of an "
        "oracle right wherever one juror is (\\%).";
    appendHead(out, caption, options, "tab:jury");
    out +=
        "\\begin{tabular}{llllS[table-format=5.0]S[table-format=5.0]S[table-format=3.1]lS[table-format=3.1]"
        "cS[table-format=1.3]S[table-format=3.1]S[table-format=3.1]}\n\\toprule\n"
        "Panel & Kind & Jurors & Median & {$n$} & {Even} & {Acc.} & Best single & {Acc.} & "
        "$\\Delta$ [95\\% CI] & {$p_{\\mathrm{Holm}}$} & {All wrong} & {Oracle} \\\\\n\\midrule\n";
    for (const JuryPanel& panel : panels)
        for (const JuryPanel::Kind& kind : panel.kinds) {
            const JuryResult& j = kind.jury;
            std::string jurors;
            for (std::size_t juror : j.jurors)
                jurors += (jurors.empty() ? "" : ", ") + latexEscape(judgeLabel(audit, panel.table, juror));
            for (const bool lower : {true, false}) {
                const PairedComparison& p = lower ? j.lowerVsBest : j.upperVsBest;
                const auto points = [&](double v) { return latexNumber(100.0 * v, d, "--"); };
                std::string diff = "--";
                if (j.bestSingle >= 0 && j.comparedPairs > 0) {
                    diff = points(p.difference) + " [" + points(p.unitBootstrap.ci95.lo) + ", " +
                           points(p.unitBootstrap.ci95.hi) + "]";
                    if (p.unitBootstrap.outcome == PairedOutcome::Separated)
                        diff = "\\textbf{" + diff + "}";
                    else if (p.unitBootstrap.outcome == PairedOutcome::Parity)
                        diff += "$^{\\dagger}$";
                }
                out += panelKind(audit, panel.table, kind.kind) + " & " + jurors + " & " +
                       (lower ? "lower" : "upper") + " & " + std::to_string(j.pairs) + " & " +
                       std::to_string(j.evenSplits) + " & " + pct(lower ? j.accuracyLower : j.accuracyUpper) +
                       " & " + judge(audit, panel.table, j.bestSingle) + " & " + pct(j.bestSingleAccuracy) +
                       " & " + diff + " & " + latexNumber(p.unitBootstrap.pHolm, 3) + " & " +
                       pct(kind.allWrong.share) + " & " + pct(kind.allWrong.oracleAccuracy) + " \\\\\n";
            }
        }
    out += kTail;
    return out;
}

} // namespace tribunal
