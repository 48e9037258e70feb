#include "report/rubriclatex.h"

#include "model/coreerror.h"
#include "report/latex.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace tribunal {
namespace {

using RowKey = std::tuple<StrId, StrId, CondId>; ///< (judge, format, condition)

std::string captionStart(const RubricLatexOptions& options)
{
    return options.title.empty() ? std::string() : latexEscape(options.title) + " ";
}

void appendCaptionAndLabel(std::string& out, std::string caption, const std::string& label)
{
    while (!caption.empty() && caption.back() == ' ')
        caption.pop_back();
    out += "\\caption{" + caption + "}\n\\label{" + latexLabel(label) + "}\n";
}

std::string conditionText(const Audit& audit, CondId condition)
{
    std::string out;
    for (const auto& [key, value] : audit.conditions()[condition])
        out +=
            (out.empty() ? "" : ", ") + latexEscape(audit.str(key)) + " = " + latexEscape(audit.str(value));
    return out;
}

std::string roundingSentence(LabelRounding rounding)
{
    switch (rounding) {
    case LabelRounding::HalfDown:
        return "rounded half-down";
    case LabelRounding::Unrounded:
        return "rounded half-up (offsets against the unrounded mean)";
    case LabelRounding::HalfUp:
        break;
    }
    return "rounded half-up";
}

/// Exact accuracy and pooled QWK of one (row, panel): kinds' pooled rows weighted by their n.
struct Accuracy {
    double exactSum = 0;
    std::uint64_t n = 0;
    double qwk = kMissing;
    bool ordinal = false; ///< has ordinal predictions (only then is a QWK printed)

    void add(const RubricAgreementRow& row)
    {
        if (!row.pooled || row.all.n == 0)
            return;
        exactSum += row.all.exact * row.all.n;
        n += row.all.n;
        if (row.kind == TaskKind::Ordinal) {
            qwk = row.all.qwk;
            ordinal = true;
        }
    }
    double exact() const { return n == 0 ? kMissing : exactSum / static_cast<double>(n); }
};

std::string accuracyCell(const Accuracy& a, const RubricLatexOptions& options)
{
    std::string out = latexPercent(a.exact(), options.decimals, "--");
    if (options.qwk && a.ordinal)
        out += " (" + latexNumber(a.qwk, 2, "--") + ")";
    return out;
}

} // namespace

std::string rubricAccuracyLatex(const Audit& audit, const RubricReport& report,
                                const RubricLatexOptions& options)
{
    if (report.rows.empty())
        throw CoreError(ErrorCode::RubricAccuracyTableNoRows);
    std::vector<RowKey> keys;
    std::vector<StrId> panels;
    std::set<StrId> formats;
    std::set<CondId> conditions;
    std::map<std::pair<RowKey, StrId>, Accuracy> cells;
    for (const RubricAgreementRow& row : report.rows) {
        const RowKey key{row.judge, row.format, row.condition};
        if (std::find(keys.begin(), keys.end(), key) == keys.end())
            keys.push_back(key);
        if (std::find(panels.begin(), panels.end(), row.dataset) == panels.end())
            panels.push_back(row.dataset);
        formats.insert(row.format);
        conditions.insert(row.condition);
        cells[{key, row.dataset}].add(row);
    }
    std::map<StrId, Accuracy> baseline;
    for (const RubricAgreementRow& row : report.baselines)
        baseline[row.dataset].add(row);
    std::map<StrId, double> raters;
    for (const RaterReferencePanel& panel : report.reference)
        raters[panel.dataset] = panel.pooled.counts.exactAccuracy();
    const bool plainNames = formats.size() == 1 && conditions.size() == 1;

    std::string out = "\\begin{table}[htbp]\n\\centering\n\\small\n";
    std::string caption = captionStart(options);
    caption += "Exact accuracy (\\%) of the rubric judges against the R1 labels (the raters' mean " +
               roundingSentence(report.settings.rounding) +
               "; binary majority), every run one prediction, binary and ordinal pairs pooled per panel";
    caption += options.qwk ? "; in parentheses the quadratic-weighted kappa of the ordinal pairs. " : ". ";
    caption +=
        "Constant: the R6 baseline predicting each criterion's modal label. Raters: the R4 reference, each "
        "rating against the other raters of its pair. --: no prediction.";
    appendCaptionAndLabel(out, caption, options.label.empty() ? "tab:rubric-accuracy" : options.label);
    out += "\\begin{tabular}{l" + std::string(panels.size(), 'c') + "}\n\\toprule\nJudge";
    for (StrId panel : panels)
        out += " & " + latexEscape(audit.str(panel));
    out += " \\\\\n\\midrule\n";
    for (const RowKey& key : keys) {
        const auto& [judge, format, condition] = key;
        std::string name = latexEscape(audit.str(judge));
        if (!plainNames) {
            std::string detail = latexEscape(audit.str(format));
            const std::string cond = conditionText(audit, condition);
            if (!cond.empty())
                detail += "; " + cond;
            name += " (" + detail + ")";
        }
        out += name;
        for (StrId panel : panels) {
            const auto it = cells.find({key, panel});
            out += " & " + (it == cells.end() ? std::string("--") : accuracyCell(it->second, options));
        }
        out += " \\\\\n";
    }
    out += "\\midrule\nConstant";
    for (StrId panel : panels) {
        const auto it = baseline.find(panel);
        out += " & " + (it == baseline.end() ? std::string("--") : accuracyCell(it->second, options));
    }
    out += " \\\\\nRaters";
    for (StrId panel : panels) {
        const auto it = raters.find(panel);
        out += " & " + latexPercent(it == raters.end() ? kMissing : it->second, options.decimals, "--");
    }
    out += " \\\\\n\\bottomrule\n\\end{tabular}\n\\end{table}\n";
    return out;
}

std::string pairedComparisonLatex(const Audit& audit, const std::vector<JudgeComparison>& comparisons,
                                  const PairedSettings& paired, const JudgeComparisonSettings& settings,
                                  const RubricLatexOptions& options)
{
    if (comparisons.empty())
        throw CoreError(ErrorCode::PairedComparisonTableEmpty);
    std::size_t family = 0;
    for (const JudgeComparison& c : comparisons)
        family += c.pairs.pairs.empty() ? 0 : 1;
    std::string out = "\\begin{table}[htbp]\n\\centering\n\\small\n";
    std::string caption = captionStart(options);
    caption +=
        "Paired comparison of rubric judges (R7) on the pairs both scored; a judge's correctness on a pair "
        "is its share of runs equal to the R1 label (raters' mean " +
        roundingSentence(settings.rounding) +
        "). $\\Delta$: accuracy of judge 1 minus judge 2 in percentage points, with its 95\\% percentile "
        "bootstrap interval over units (" +
        std::to_string(paired.resamples) + " resamples, seed " + std::to_string(paired.seed) +
        "). $p$-values Holm-adjusted over the " + std::to_string(family) +
        " comparison(s) of the table: unit bootstrap and exact McNemar. \\textbf{Bold}: separated (the 95\\% "
        "interval excludes 0). $^{\\dagger}$: parity (the 90\\% interval within $\\pm" +
        latexNumber(100.0 * paired.margin, options.decimals) + "$ points). --: no common pair.";
    appendCaptionAndLabel(out, caption, options.label.empty() ? "tab:paired-comparison" : options.label);
    out +=
        "\\begin{tabular}{llllrccc}\n\\toprule\nPanel & Judge 1 & Judge 2 & Format & $n$ & $\\Delta$ [95\\% "
        "CI] & $p_{\\mathrm{boot}}$ & $p_{\\mathrm{McNemar}}$ \\\\\n\\midrule\n";
    for (const JudgeComparison& c : comparisons) {
        const PairedComparison& p = c.result;
        std::string format = latexEscape(audit.str(c.first.format));
        const std::string cond = conditionText(audit, c.first.condition);
        if (!cond.empty())
            format += " (" + cond + ")";
        out += latexEscape(audit.str(c.dataset)) + " & " + latexEscape(audit.str(c.first.judge)) + " & " +
               latexEscape(audit.str(c.second.judge)) + " & " + format + " & " +
               std::to_string(c.pairs.pairs.size()) + " & ";
        if (c.pairs.pairs.empty()) {
            out += "-- & -- & -- \\\\\n";
            continue;
        }
        const auto points = [&](double v) { return latexNumber(100.0 * v, options.decimals, "--"); };
        std::string diff = points(p.difference) + " [" + points(p.unitBootstrap.ci95.lo) + ", " +
                           points(p.unitBootstrap.ci95.hi) + "]";
        if (p.unitBootstrap.outcome == PairedOutcome::Separated)
            diff = "\\textbf{" + diff + "}";
        else if (p.unitBootstrap.outcome == PairedOutcome::Parity)
            diff += "$^{\\dagger}$";
        out += diff + " & " + latexNumber(p.unitBootstrap.pHolm, 3, "--") + " & " +
               latexNumber(p.mcnemarPHolm, 3, "--") + " \\\\\n";
    }
    out += "\\bottomrule\n\\end{tabular}\n\\end{table}\n";
    return out;
}

} // namespace tribunal
