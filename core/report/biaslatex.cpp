#include "report/biaslatex.h"

#include "model/coreerror.h"
#include "report/latex.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace tribunal {
namespace {

/// A (format, condition) panel: one table each.
using PanelKey = std::pair<std::string_view, CondId>;
/// A row of the excess and count tables: (test, version) in first-appearance order within a panel.
using TestKey = std::pair<StrId, StrId>;

std::string captionStart(const BiasLatexOptions& options)
{
    return options.title.empty() ? std::string() : latexEscape(options.title) + " ";
}

void appendCaptionAndLabel(std::string& out, std::string caption, const std::string& label)
{
    while (!caption.empty() && caption.back() == ' ')
        caption.pop_back();
    out += "\\caption{" + caption + "}\n\\label{" + latexLabel(label) + "}\n";
}

/// "Format calm" or "Format calm, temperature = 0" for a panel's caption.
std::string panelSentence(const Audit& audit, StrId format, CondId condition)
{
    std::string out = "Format " + latexEscape(audit.str(format));
    for (const auto& [key, value] : audit.conditions()[condition])
        out += ", " + latexEscape(audit.str(key)) + " = " + latexEscape(audit.str(value));
    return out + ". ";
}

std::string testName(const Audit& audit, const BiasRow& row)
{
    std::string out = latexEscape(audit.str(row.key.test));
    if (row.key.version != kEmptyStr)
        out += " (" + latexEscape(audit.str(row.key.version)) + ")";
    if (row.fallacy)
        out += "$^{*}$";
    return out;
}

std::string labelFor(const BiasLatexOptions& options, const char* fallback, std::size_t panel,
                     std::size_t panels)
{
    std::string label = options.label.empty() ? fallback : options.label;
    if (panels > 1)
        label += "-" + std::to_string(panel + 1);
    return label;
}

/// Rows of the design grouped by panel (format string order, then condition), then (test, version) in
/// first-appearance order, then judge.
struct Panel {
    StrId format = kEmptyStr;
    CondId condition = 0;
    std::vector<TestKey> tests;
    std::vector<StrId> judges;
    std::map<std::pair<std::size_t, std::size_t>, std::size_t> rowAt; ///< (test, judge) -> design row
};

std::vector<Panel> panelsOf(const Audit& audit, const BiasDesign& design)
{
    std::map<PanelKey, Panel> panels;
    for (std::size_t i = 0; i < design.rows.size(); ++i) {
        const BiasRowKey& key = design.rows[i].key;
        Panel& panel = panels[{audit.str(key.format), key.condition}];
        panel.format = key.format;
        panel.condition = key.condition;
        const TestKey test{key.test, key.version};
        auto t = std::find(panel.tests.begin(), panel.tests.end(), test);
        if (t == panel.tests.end())
            t = panel.tests.insert(t, test);
        auto j = std::find(panel.judges.begin(), panel.judges.end(), key.judge);
        if (j == panel.judges.end())
            j = panel.judges.insert(j, key.judge);
        panel.rowAt[{static_cast<std::size_t>(t - panel.tests.begin()),
                     static_cast<std::size_t>(j - panel.judges.begin())}] = i;
    }
    std::vector<Panel> out;
    out.reserve(panels.size());
    for (auto& [key, panel] : panels)
        out.push_back(std::move(panel));
    return out;
}

std::string excessCell(const BiasExcessResult& e, const BiasRow& row, int decimals)
{
    if (e.verdict == BiasVerdict::NoItems)
        return "--";
    if (e.verdict == BiasVerdict::CrUnavailable)
        return "n/a";
    const auto per100 = [decimals](double v) { return latexNumber(100.0 * v, decimals, "--"); };
    std::string text = per100(e.excess) + " [" + per100(e.excessLo) + ", " + per100(e.excessHi) + "]";
    if (e.verdict == BiasVerdict::Bias)
        text = "\\textbf{" + text + "}";
    if (!row.fallacy && !std::isnan(e.pBH) && !e.significant)
        text += "\\,$^{\\circ}$";
    return text;
}

std::string settingsSentence(const BiasSettings& s)
{
    return latexNumber(100.0 * s.level, 0) + "\\% percentile bootstrap interval over items (" +
           std::to_string(s.resamples) + " resamples); one-sided sign-flip permutation test (" +
           std::to_string(s.permutations) + " permutations) with the Benjamini--Hochberg correction at FDR " +
           latexNumber(s.fdrLevel, 2) + "; seed " + std::to_string(s.seed) + ". ";
}

} // namespace

std::string biasExcessLatex(const Audit& audit, const BiasAnalysis& analysis, const BiasLatexOptions& options)
{
    if (analysis.design.rows.empty())
        throw CoreError(ErrorCode::BiasExcessTableNoRows);
    const std::vector<Panel> panels = panelsOf(audit, analysis.design);
    std::string out;
    for (std::size_t p = 0; p < panels.size(); ++p) {
        const Panel& panel = panels[p];
        out += "\\begin{table}[htbp]\n\\centering\n\\small\n";
        std::string caption = captionStart(options);
        caption +=
            "Excess in changed verdicts per 100 beyond chance, $E = \\mathrm{CR} - \\mathrm{RR}$, with its " +
            settingsSentence(analysis.settings);
        caption += "\\textbf{Bold}: a bias at $\\delta = " + latexNumber(analysis.settings.margin, 2) +
                   "$ (the whole interval above $\\delta$). $^{\\circ}$: not significant after the "
                   "correction. $^{*}$: fallacy oversight, $E = \\mathrm{RR} + \\mathrm{CR} - 1$ (no "
                   "permutation test). n/a: one original run, CR unavailable. ";
        caption += panelSentence(audit, panel.format, panel.condition);
        appendCaptionAndLabel(out, caption, labelFor(options, "tab:bias-excess", p, panels.size()));
        out += "\\begin{tabular}{l" + std::string(panel.judges.size(), 'c') + "}\n\\toprule\nTest";
        for (StrId judge : panel.judges)
            out += " & " + latexEscape(audit.str(judge));
        out += " \\\\\n\\midrule\n";
        for (std::size_t t = 0; t < panel.tests.size(); ++t) {
            bool named = false;
            std::string cells;
            for (std::size_t j = 0; j < panel.judges.size(); ++j) {
                cells += " & ";
                const auto it = panel.rowAt.find({t, j});
                if (it == panel.rowAt.end()) {
                    cells += "--";
                    continue;
                }
                const BiasRow& row = analysis.design.rows[it->second];
                if (!named) {
                    out += testName(audit, row);
                    named = true;
                }
                cells += excessCell(analysis.excess.at(it->second), row, options.decimals);
            }
            out += cells + " \\\\\n";
        }
        out += "\\bottomrule\n\\end{tabular}\n\\end{table}\n";
    }
    return out;
}

std::string biasCountLatex(const Audit& audit, const BiasAnalysis& analysis, const BiasLatexOptions& options)
{
    if (analysis.design.rows.empty())
        throw CoreError(ErrorCode::BiasCountTableNoRows);
    const std::vector<double>& margins = analysis.settings.countMargins;
    // Counts by (format, condition) panel, then (test, version) in the order countBiasedJudges gives.
    std::map<PanelKey, std::vector<const BiasedJudgeCount*>> panels;
    for (const BiasedJudgeCount& c : analysis.counts)
        panels[{audit.str(c.format), c.condition}].push_back(&c);
    std::string out;
    std::size_t p = 0;
    for (const auto& [key, counts] : panels) {
        const BiasedJudgeCount& first = *counts.front();
        out += "\\begin{table}[htbp]\n\\centering\n\\small\n";
        std::string caption = captionStart(options);
        caption +=
            "Number of judges with a bias (the whole " + latexNumber(100.0 * analysis.settings.level, 0) +
            "\\% interval of the excess above the margin $\\delta$), of the judges tested, per test and "
            "margin. ";
        caption += panelSentence(audit, first.format, first.condition);
        appendCaptionAndLabel(out, caption, labelFor(options, "tab:bias-count", p++, panels.size()));
        out += "\\begin{tabular}{l" + std::string(margins.size(), 'c') + "c}\n\\toprule\n";
        out += "& \\multicolumn{" + std::to_string(margins.size()) + "}{c}{$\\delta$} & \\\\\n";
        out += "\\cmidrule(lr){2-" + std::to_string(margins.size() + 1) + "}\nTest";
        for (double margin : margins)
            out += " & " + latexNumber(margin, 2);
        out += " & Judges \\\\\n\\midrule\n";
        for (const BiasedJudgeCount* c : counts) {
            out += latexEscape(audit.str(c->test));
            if (c->version != kEmptyStr)
                out += " (" + latexEscape(audit.str(c->version)) + ")";
            if (isFallacyTest(audit.str(c->test)))
                out += "$^{*}$";
            for (std::size_t m = 0; m < margins.size(); ++m)
                out += " & " + (m < c->biased.size() ? std::to_string(c->biased[m]) : std::string("--"));
            out += " & " + std::to_string(c->judges) + " \\\\\n";
        }
        out += "\\bottomrule\n\\end{tabular}\n\\end{table}\n";
    }
    return out;
}

std::string calibrationLatex(const Audit& audit, const std::vector<CalibrationResult>& results,
                             const BiasLatexOptions& options)
{
    if (results.empty())
        throw CoreError(ErrorCode::CalibrationTableNoResults);
    std::vector<StrId> keys;
    {
        std::map<StrId, bool> used;
        for (const CalibrationResult& c : results)
            for (const auto& [key, value] : audit.conditions()[c.condition])
                used[key] = true;
        for (StrId key : audit.conditionKeys())
            if (used.count(key))
                keys.push_back(key);
    }
    std::string out = "\\begin{table}[htbp]\n\\centering\n\\small\n";
    std::string caption = captionStart(options);
    caption +=
        "Calibration of the probability of the better response on the original prompts. Accuracy: share "
        "of verdicts for the better response (50/50 answers left out); confidence: mean probability of "
        "the chosen response; ECE with " +
        std::to_string(results.front().bins) +
        " equal-width confidence bins (a 50/50 answer counts as half right); Brier score and log loss of "
        "the probability of the better response. Accuracy, confidence and ECE in percent. ";
    appendCaptionAndLabel(out, caption, options.label.empty() ? "tab:calibration" : options.label);
    out += "\\begin{tabular}{" + std::string(2 + keys.size(), 'l') +
           "S[table-format=6.0]S[table-format=3.1]S[table-format=3.1]S[table-format=2.1]"
           "S[table-format=1.3]S[table-format=2.3]}\n\\toprule\nJudge";
    for (StrId key : keys)
        out += " & " + latexEscape(audit.str(key));
    out += " & Format & {$n$} & {Accuracy} & {Confidence} & {ECE} & {Brier} & {Log loss} \\\\\n\\midrule\n";
    StrId previousJudge = kEmptyStr;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const CalibrationResult& c = results[i];
        const bool firstOfJudge = i == 0 || c.judge != previousJudge;
        if (firstOfJudge && i != 0)
            out += "\\midrule\n";
        previousJudge = c.judge;
        out += firstOfJudge ? latexEscape(audit.str(c.judge)) : std::string();
        for (StrId key : keys)
            out += " & " + latexEscape(audit.str(audit.conditionValue(c.condition, key)));
        out += " & " + latexEscape(audit.str(c.format)) + " & " + std::to_string(c.n) + " & " +
               latexPercent(c.accuracy) + " & " + latexPercent(c.confidence) + " & " + latexPercent(c.ece) +
               " & " + latexNumber(c.brier, 3) + " & " + latexNumber(c.logLoss, 3) + " \\\\\n";
    }
    out += "\\bottomrule\n\\end{tabular}\n\\end{table}\n";
    return out;
}

} // namespace tribunal
