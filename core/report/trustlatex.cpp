#include "report/trustlatex.h"

#include "analysis/celltrust.h"
#include "model/audit.h"
#include "model/coreerror.h"
#include "report/latex.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace tribunal {

namespace {

// Index of `name` in `names`, appending it when new (first-appearance order).
std::size_t indexOf(std::vector<std::string>& names, const std::string& name)
{
    const auto it = std::find(names.begin(), names.end(), name);
    if (it != names.end())
        return static_cast<std::size_t>(it - names.begin());
    names.push_back(name);
    return names.size() - 1;
}

// siunitx table-format ("-2.1") wide enough for every printed value.
std::string tableFormat(const std::vector<std::string>& printed, int decimals)
{
    std::size_t digits = 1;
    bool negative = false;
    for (const std::string& text : printed) {
        if (text.empty() || text.front() == '{')
            continue; // missing marker, not a number
        const bool minus = text.front() == '-';
        negative = negative || minus;
        const std::size_t point = text.find('.');
        const std::size_t end = point == std::string::npos ? text.size() : point;
        digits = std::max(digits, end - (minus ? 1u : 0u));
    }
    return std::string(negative ? "-" : "") + std::to_string(digits) + "." + std::to_string(decimals);
}

std::string variantsSentence(const TrustLatexVariants& variants)
{
    std::string out = "$T = C\\,(A - \\varphi q)$ with ";
    out += variants.qMode == QMode::Half ? "$q = 1/2$ (forced-binary verdicts). "
                                         : "$q$ the observed accuracy on order-flipping pairs of each cell. ";
    out += variants.consistencyUnit == ConsistencyUnit::Pair
               ? "$C$: share of pairs whose verdicts are reproducible in every order. "
               : "$C$: share of (pair, order) presentations whose runs all agree. ";
    out += variants.consistencyAssumed ? "$C = 1$ assumed where a cell has a single run. "
                                       : "$C$ not assumed: n/a (--) where a cell has a single run. ";
    if (variants.intervals) {
        const BootstrapSettings& b = *variants.intervals;
        out += "Intervals: " + latexNumber(100.0 * b.level, 0) + "\\% percentile bootstrap over pairs, " +
               std::to_string(b.resamples) + " resamples, seed " + std::to_string(b.seed) + ". ";
    }
    return out;
}

std::string captionStart(const TrustLatexOptions& options)
{
    if (options.title.empty())
        return {};
    return latexEscape(options.title) + " ";
}

void appendCaptionAndLabel(std::string& out, std::string caption, const std::string& label)
{
    while (!caption.empty() && caption.back() == ' ')
        caption.pop_back();
    out += "\\caption{" + caption + "}\n";
    out += "\\label{" + latexLabel(label) + "}\n";
}

std::string bandLegend()
{
    static const char* const ranges[5] = {"$\\geq 70$", "60--70", "50--60", "40--50", "$< 40$"};
    std::string out = "$T$ shaded by band:";
    for (int i = 0; i < 5; ++i) {
        out += i == 0 ? " " : ", ";
        out += "\\protect\\colorbox{" + std::string(kTrustBandColours[i]) + "}{" + ranges[i] + "}";
    }
    return out + ". ";
}

std::string capitalised(std::string_view name)
{
    std::string out(name);
    if (!out.empty() && out.front() >= 'a' && out.front() <= 'z')
        out.front() = static_cast<char>(out.front() - 'a' + 'A');
    return out;
}

} // namespace

int trustBand(double trust)
{
    if (!std::isfinite(trust))
        return -1;
    // Judge the band on the printed value so a cell reading 70.0 is in the top band.
    // from_chars, not std::stod: stod follows the C library's LC_NUMERIC (a German locale stops at the '.').
    const std::string text = latexPercent(trust, 1);
    double printed = 0.0;
    std::from_chars(text.data(), text.data() + text.size(), printed);
    if (printed >= 70.0)
        return 0;
    if (printed >= 60.0)
        return 1;
    if (printed >= 50.0)
        return 2;
    if (printed >= 40.0)
        return 3;
    return 4;
}

std::string trustTableLatex(const CellTable& table, const TrustLatexOptions& options)
{
    if (table.rows.empty())
        throw CoreError(ErrorCode::TrustTableNoCells);

    // Layout: judges -> row keys (conditions + format) -> one CellRow per dataset.
    std::vector<std::string> judges;
    std::vector<std::string> datasets;
    struct RowKey {
        std::size_t judge;
        std::vector<std::string> conditions;
        std::string format;
    };
    std::vector<RowKey> rowKeys;
    std::map<std::tuple<std::size_t, std::size_t>, const CellRow*> cells; // (rowKey, dataset)
    for (const CellRow& row : table.rows) {
        const std::size_t judge = indexOf(judges, row.judge);
        const std::size_t dataset = indexOf(datasets, row.dataset);
        std::size_t key = 0;
        while (key < rowKeys.size() && !(rowKeys[key].judge == judge && rowKeys[key].format == row.format &&
                                         rowKeys[key].conditions == row.conditions))
            ++key;
        if (key == rowKeys.size())
            rowKeys.push_back({judge, row.conditions, row.format});
        if (!cells.emplace(std::make_tuple(key, dataset), &row).second)
            throw CoreError(ErrorCode::TrustTableDuplicateCell, {row.judge, row.format, row.dataset});
    }
    std::stable_sort(rowKeys.begin(), rowKeys.end(),
                     [](const RowKey& a, const RowKey& b) { return a.judge < b.judge; });
    // The sort moved keys; rebuild the cell map against the new positions.
    std::map<std::tuple<std::size_t, std::size_t>, const CellRow*> sorted;
    for (const auto& [where, row] : cells) {
        const std::size_t judge = indexOf(judges, row->judge);
        std::size_t key = 0;
        while (!(rowKeys[key].judge == judge && rowKeys[key].format == row->format &&
                 rowKeys[key].conditions == row->conditions))
            ++key;
        sorted.emplace(std::make_tuple(key, std::get<1>(where)), row);
    }

    // Printed values per (row key, dataset, measure), and the column formats from them.
    constexpr CellMeasure measures[4] = {CellMeasure::C, CellMeasure::Phi, CellMeasure::A, CellMeasure::T};
    std::vector<std::string> printed[4];
    auto text = [&](std::size_t key, std::size_t dataset, int m) -> std::string {
        const auto it = sorted.find(std::make_tuple(key, dataset));
        return it == sorted.end() ? std::string("{--}") : latexPercent(cellValue(*it->second, measures[m]));
    };
    for (std::size_t key = 0; key < rowKeys.size(); ++key)
        for (std::size_t d = 0; d < datasets.size(); ++d)
            for (int m = 0; m < 4; ++m)
                printed[m].push_back(text(key, d, m));
    std::string formats[4];
    for (int m = 0; m < 4; ++m)
        formats[m] = tableFormat(printed[m], 1);

    const std::size_t lead = 2 + table.conditionNames.size();
    std::string out = "\\begin{table}[htbp]\n\\centering\n\\small\n";
    std::string caption = captionStart(options);
    caption +=
        "Stochastic consistency $C$, order flip rate $\\varphi$, accuracy $A$ and trustworthy verdict rate "
        "$T$, in percent. ";
    caption += variantsSentence(options.variants);
    if (options.colour)
        caption += bandLegend();
    appendCaptionAndLabel(out, caption, options.label.empty() ? "tab:trust-cells" : options.label);

    out += "\\begin{tabular}{" + std::string(lead, 'l');
    for (std::size_t d = 0; d < datasets.size(); ++d)
        for (int m = 0; m < 4; ++m)
            out += "S[table-format=" + formats[m] + "]";
    out += "}\n\\toprule\n";
    out += std::string(lead - 1, '&');
    for (const std::string& dataset : datasets)
        out += " & \\multicolumn{4}{c}{" + latexEscape(dataset) + "}";
    out += " \\\\\n";
    for (std::size_t d = 0; d < datasets.size(); ++d) {
        const std::size_t first = lead + 1 + 4 * d;
        out += "\\cmidrule(lr){" + std::to_string(first) + "-" + std::to_string(first + 3) + "}";
    }
    out += "\nJudge";
    for (const std::string& name : table.conditionNames)
        out += " & " + latexEscape(name);
    out += " & Format";
    for (std::size_t d = 0; d < datasets.size(); ++d)
        out += " & {$C$} & {$\\varphi$} & {$A$} & {$T$}";
    out += " \\\\\n\\midrule\n";

    for (std::size_t key = 0; key < rowKeys.size(); ++key) {
        const RowKey& rowKey = rowKeys[key];
        const bool firstOfJudge = key == 0 || rowKeys[key - 1].judge != rowKey.judge;
        if (firstOfJudge && key != 0)
            out += "\\midrule\n";
        out += firstOfJudge ? latexEscape(judges[rowKey.judge]) : std::string();
        for (const std::string& value : rowKey.conditions)
            out += " & " + latexEscape(value);
        out += " & " + latexEscape(rowKey.format);
        for (std::size_t d = 0; d < datasets.size(); ++d) {
            for (int m = 0; m < 4; ++m) {
                out += " & ";
                const auto it = sorted.find(std::make_tuple(key, d));
                if (options.colour && measures[m] == CellMeasure::T && it != sorted.end()) {
                    const int band = trustBand(it->second->T);
                    if (band >= 0)
                        out += "\\cellcolor{" + std::string(kTrustBandColours[band]) + "}";
                }
                out += printed[m][key * datasets.size() + d];
            }
        }
        out += " \\\\\n";
    }
    out += "\\bottomrule\n\\end{tabular}\n\\end{table}\n";
    return out;
}

std::string dispersionTableLatex(const FormatDispersion& dispersion, const TrustLatexOptions& options)
{
    if (dispersion.tables.empty())
        throw CoreError(ErrorCode::DispersionTableNoTables);
    std::string out;
    const std::string baseLabel = options.label.empty() ? "tab:format-dispersion" : options.label;
    for (std::size_t t = 0; t < dispersion.tables.size(); ++t) {
        const DispersionTable& table = dispersion.tables[t];
        std::vector<std::string> judges;
        std::vector<std::string> datasets;
        for (const DispersionMean& mean : table.judgeMeans)
            judges.push_back(mean.name);
        for (const DispersionMean& mean : table.datasetMeans)
            datasets.push_back(mean.name);
        std::map<std::pair<std::string, std::string>, const DispersionGroup*> groups;
        for (const DispersionGroup& group : table.groups)
            groups.emplace(std::make_pair(group.judge, group.dataset), &group);

        std::vector<std::string> numbers; // every dT and mean printed in an S column
        for (const DispersionGroup& group : table.groups)
            numbers.push_back(latexPercent(group.dT));
        for (const DispersionMean& mean : table.judgeMeans)
            numbers.push_back(latexPercent(mean.mean));
        for (const DispersionMean& mean : table.datasetMeans)
            numbers.push_back(latexPercent(mean.mean));
        numbers.push_back(latexPercent(table.grandMean));
        const std::string format = tableFormat(numbers, 1);

        out += "\\begin{table}[htbp]\n\\centering\n\\small\n";
        std::string caption = captionStart(options);
        caption +=
            "Format dispersion of the trustworthy rate, $\\Delta T_{\\mathrm{fmt}} = \\max_f T - \\min_f T$ "
            "(percentage points), with the worst-case rate $T_{\\min}$ (\\%) as a subscript; last column "
            "and row: means of $\\Delta T_{\\mathrm{fmt}}$ per judge and per dataset, corner: grand mean. ";
        if (!dispersion.conditionNames.empty()) {
            caption += "Conditions:";
            for (std::size_t c = 0; c < dispersion.conditionNames.size(); ++c) {
                caption += (c == 0 ? " " : ", ") + latexEscape(dispersion.conditionNames[c]) + " = " +
                           latexEscape(c < table.conditions.size() ? table.conditions[c] : std::string());
            }
            caption += ". ";
        }
        caption += variantsSentence(options.variants);
        appendCaptionAndLabel(out, caption,
                              dispersion.tables.size() == 1 ? baseLabel
                                                            : baseLabel + "-" + std::to_string(t + 1));

        out += "\\begin{tabular}{l";
        for (std::size_t d = 0; d < datasets.size(); ++d)
            out += "S[table-format=" + format + "]@{\\,}l";
        out += "S[table-format=" + format + "]}\n\\toprule\nJudge";
        for (const std::string& dataset : datasets)
            out += " & \\multicolumn{2}{c}{" + latexEscape(dataset) + "}";
        out += " & {Mean} \\\\\n\\midrule\n";
        for (std::size_t j = 0; j < judges.size(); ++j) {
            out += latexEscape(judges[j]);
            for (const std::string& dataset : datasets) {
                const auto it = groups.find(std::make_pair(judges[j], dataset));
                if (it == groups.end()) {
                    out += " & {--} & {}";
                    continue;
                }
                out += " & " + latexPercent(it->second->dT) + " & ";
                if (std::isfinite(it->second->tMin))
                    out += "$_{" + latexPercent(it->second->tMin) + "}$";
            }
            out += " & " + latexPercent(table.judgeMeans[j].mean) + " \\\\\n";
        }
        out += "\\midrule\nMean";
        for (const DispersionMean& mean : table.datasetMeans)
            out += " & " + latexPercent(mean.mean) + " & {}";
        out += " & " + latexPercent(table.grandMean) + " \\\\\n";
        out += "\\bottomrule\n\\end{tabular}\n\\end{table}\n";
    }
    return out;
}

std::string anovaTableLatex(const AnovaResult& anova, CellMeasure response, const TrustLatexOptions& options)
{
    static const char* const responseNames[4] = {"$C$", "$\\varphi$", "$A$", "$T$"};
    const char* responseName = responseNames[static_cast<int>(response)];

    std::vector<std::string> dfs, sss, etas;
    for (const AnovaRow& row : anova.rows) {
        dfs.push_back(latexNumber(row.df, 0));
        sss.push_back(latexNumber(row.ss, 4));
        etas.push_back(latexPercent(row.eta2));
    }
    const double totalDf = anova.observations > 0 ? static_cast<double>(anova.observations - 1) : 0.0;
    dfs.push_back(latexNumber(totalDf, 0));
    sss.push_back(latexNumber(anova.ssTotal, 4));
    const std::string totalEta = anova.ssTotal > 0 ? std::string("100.0") : std::string("{--}");
    etas.push_back(totalEta);

    std::string out = "\\begin{table}[htbp]\n\\centering\n\\small\n";
    std::string caption = captionStart(options);
    caption += std::string("Variance decomposition of ") + responseName + " over " +
               std::to_string(anova.observations) + " cells";
    if (anova.droppedMissing > 0)
        caption += " (" + std::to_string(anova.droppedMissing) +
                   (anova.droppedMissing == 1 ? " cell" : " cells") + " with an undefined value left out)";
    caption += anova.type == SumOfSquaresType::Sequential ? ": sequential (Type I) sums of squares"
                                                          : ": Type II sums of squares";
    caption += anova.balanced ? " (balanced design). " : " (unbalanced design). ";
    caption +=
        "SS in squared proportions; $\\eta^2 = \\mathrm{SS}/\\mathrm{SS}_{\\mathrm{total}}$ in percent. ";
    if (response == CellMeasure::T)
        caption += variantsSentence(options.variants);
    appendCaptionAndLabel(out, caption, options.label.empty() ? "tab:anova" : options.label);

    out += "\\begin{tabular}{lS[table-format=" + tableFormat(dfs, 0) +
           "]S[table-format=" + tableFormat(sss, 4) + "]S[table-format=" + tableFormat(etas, 1) +
           "]}\n\\toprule\n";
    out += "Source & {df} & {SS} & {$\\eta^2$ (\\%)} \\\\\n\\midrule\n";
    for (std::size_t i = 0; i < anova.rows.size(); ++i) {
        std::string source;
        std::string_view name = anova.rows[i].source;
        while (true) {
            const std::size_t colon = name.find(':');
            source += latexEscape(capitalised(name.substr(0, colon)));
            if (colon == std::string_view::npos)
                break;
            source += " $\\times$ ";
            name.remove_prefix(colon + 1);
        }
        out += source + " & " + dfs[i] + " & " + sss[i] + " & " + etas[i] + " \\\\\n";
    }
    out += "\\midrule\nTotal & " + dfs.back() + " & " + sss.back() + " & " + etas.back() + " \\\\\n";
    out += "\\bottomrule\n\\end{tabular}\n\\end{table}\n";
    return out;
}

std::string trustGapTableLatex(const Audit& audit, std::span<const TrustCellResult> results,
                               std::span<const TrustCellIntervals> intervals,
                               const TrustLatexOptions& options)
{
    if (results.empty())
        throw CoreError(ErrorCode::TrustGapTableNoCells);
    if (!intervals.empty() && intervals.size() != results.size())
        throw CoreError(ErrorCode::TrustGapTableSizeMismatch,
                        {std::to_string(intervals.size()), std::to_string(results.size())});
    const CellTable labels = cellTableFromTrust(audit, results);
    const bool withIntervals = !intervals.empty();

    std::vector<std::string> printed[3];
    for (const TrustCellResult& r : results) {
        printed[0].push_back(latexPercent(r.trust));
        printed[1].push_back(latexPercent(r.trustJoint));
        printed[2].push_back(latexPercent(r.trustGap));
    }
    const std::size_t lead = 3 + labels.conditionNames.size();
    std::string out = "\\begin{table}[htbp]\n\\centering\n\\small\n";
    std::string caption = captionStart(options);
    caption += "Closed-form trustworthy verdict rate $T$, joint rate $T_{\\mathrm{joint}}$ (share of "
               "labelled pairs that are "
               "reproducible, order-consistent and correct: mean $N_i P_i R_i$) and the gap "
               "$T - T_{\\mathrm{joint}}$, in percent";
    caption += withIntervals ? ", with the gap's bootstrap interval. " : ". ";
    caption += variantsSentence(options.variants);
    appendCaptionAndLabel(out, caption, options.label.empty() ? "tab:trust-gap" : options.label);

    out += "\\begin{tabular}{" + std::string(lead, 'l');
    for (int m = 0; m < 3; ++m)
        out += "S[table-format=" + tableFormat(printed[m], 1) + "]";
    out += withIntervals ? "c}\n" : "}\n";
    out += "\\toprule\nJudge";
    for (const std::string& name : labels.conditionNames)
        out += " & " + latexEscape(name);
    out += " & Format & Dataset & {$T$} & {$T_{\\mathrm{joint}}$} & {$T - T_{\\mathrm{joint}}$}";
    if (withIntervals)
        out += " & {Interval}";
    out += " \\\\\n\\midrule\n";
    for (std::size_t i = 0; i < results.size(); ++i) {
        const CellRow& row = labels.rows[i];
        const bool firstOfJudge = i == 0 || labels.rows[i - 1].judge != row.judge;
        if (firstOfJudge && i != 0)
            out += "\\midrule\n";
        out += firstOfJudge ? latexEscape(row.judge) : std::string();
        for (const std::string& value : row.conditions)
            out += " & " + latexEscape(value);
        out += " & " + latexEscape(row.format) + " & " + latexEscape(row.dataset);
        for (int m = 0; m < 3; ++m)
            out += " & " + printed[m][i];
        if (withIntervals) {
            const Interval& gap = intervals[i].trustGap;
            out += " & ";
            // In math mode so a negative end gets a proper minus sign.
            out += std::isfinite(gap.lo) && std::isfinite(gap.hi)
                       ? "$[" + latexPercent(gap.lo) + ", " + latexPercent(gap.hi) + "]$"
                       : std::string("--");
        }
        out += " \\\\\n";
    }
    out += "\\bottomrule\n\\end{tabular}\n\\end{table}\n";
    return out;
}

} // namespace tribunal
