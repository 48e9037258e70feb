// trust, dispersion, anova and check-table: the pairwise trust analysis (metrics.md T1-T14) on the command
// line. Every number comes from tribunal_core; this file parses options, picks the input kind and writes.

#include "commands.h"
#include "common.h"

#include "analysis/celltablecsv.h"
#include "analysis/celltrust.h"
#include "analysis/dispersion.h"
#include "analysis/tablecheck.h"
#include "analysis/trustanalysis.h"
#include "analysis/trustbootstrap.h"
#include "report/latex.h"
#include "report/trustlatex.h"
#include "report/trusttable.h"
#include "stats/anova.h"

#include <QFileInfo>

#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace tribunal::cli {
namespace {

const QCommandLineOption kOut({"o", "output"}, "File to write (default: standard output).", "FILE");
const QCommandLineOption kTableFormat("format", "Output format: csv (default), md, json or latex.", "FORMAT",
                                      "csv");
const QCommandLineOption kStandalone("standalone",
                                     "With --format latex: wrap the table in a compilable document.");
const QCommandLineOption kInputFormat("input-format", "Judgment file format: auto, csv, jsonl, llmbar.",
                                      "FORMAT", "auto");
const QCommandLineOption kQ("q", "Accuracy on order-flipping pairs: half (q = 1/2, default) or observed.",
                            "Q", "half");
const QCommandLineOption kUnit("unit", "What C averages over: pair (default) or presentation.", "UNIT",
                               "pair");
const QCommandLineOption kAssume("assume-consistent",
                                 "With one run per presentation, assume C = 1 (otherwise C and T are n/a).");

std::optional<TableFormat> tableFormat(const QString& name)
{
    if (name == "csv")
        return TableFormat::Csv;
    if (name == "md" || name == "markdown")
        return TableFormat::Markdown;
    if (name == "json")
        return TableFormat::Json;
    return std::nullopt;
}

// --format latex is handled apart from the TableFormat writers: it goes through report/trustlatex.h.
bool isLatex(const QCommandLineParser& parser)
{
    return parser.value(kTableFormat) == "latex";
}

QString unknownFormat(const QCommandLineParser& parser)
{
    return QString("unknown --format '%1' (expected csv, md, json or latex)").arg(parser.value(kTableFormat));
}

// The LaTeX fragment, or a whole document with --standalone.
std::string finishLatex(const QCommandLineParser& parser, const std::string& fragment)
{
    return parser.isSet(kStandalone) ? latexStandaloneDocument(fragment) : fragment;
}

TrustLatexVariants latexVariants(const TrustSettings& settings, bool consistencyAssumed)
{
    TrustLatexVariants variants;
    variants.qMode = settings.qMode;
    variants.consistencyUnit = settings.consistencyUnit;
    variants.consistencyAssumed = consistencyAssumed;
    return variants;
}

std::optional<std::string> readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Writes to -o FILE or standard output. Returns the exit code.
int writeOutput(const QCommandLineParser& parser, const std::string& text)
{
    if (!parser.isSet(kOut)) {
        std::cout << text;
        return kOk;
    }
    const auto path = parser.value(kOut).toStdString();
    std::ofstream out(path, std::ios::binary);
    out << text;
    out.close();
    if (!out) {
        std::cerr << path << ": cannot write\n";
        return kUsage;
    }
    return kOk;
}

// A cell-level table (data-format.md, format 4) is recognised by its header naming the C, phi and A columns
// (judgment files never have them). With `acceptTOnly` (dispersion, anova: they read only T) a header with
// judge, dataset and T also counts.
bool isCellTable(const QStringList& inputs, bool acceptTOnly = false)
{
    if (inputs.size() != 1 || !QFileInfo(inputs.front()).isFile())
        return false;
    std::ifstream in(inputs.front().toStdString(), std::ios::binary);
    std::string line;
    while (std::getline(in, line)) {
        if (line.size() >= 3 && line.compare(0, 3, "\xEF\xBB\xBF") == 0)
            line.erase(0, 3);
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (!line.empty())
            break;
    }
    bool c = false, phi = false, a = false, t = false, judge = false, dataset = false;
    std::stringstream fields(line);
    std::string field;
    while (std::getline(fields, field, ',')) {
        if (field.size() >= 2 && field.front() == '"' && field.back() == '"')
            field = field.substr(1, field.size() - 2);
        c = c || field == "C";
        phi = phi || field == "phi";
        a = a || field == "A";
        t = t || field == "T";
        judge = judge || field == "judge";
        dataset = dataset || field == "dataset";
    }
    return (c && phi && a) || (acceptTOnly && judge && dataset && t);
}

void addTrustOptions(QCommandLineParser& parser)
{
    parser.addOptions({kOut, kTableFormat, kStandalone, kInputFormat, kSkipBad, kQ, kUnit, kAssume});
}

std::optional<TrustSettings> trustSettings(const QCommandLineParser& parser, QString* error)
{
    TrustSettings settings;
    const auto q = parser.value(kQ);
    if (q == "observed")
        settings.qMode = QMode::Observed;
    else if (q != "half") {
        *error = QString("unknown --q '%1' (expected half or observed)").arg(q);
        return std::nullopt;
    }
    const auto unit = parser.value(kUnit);
    if (unit == "presentation")
        settings.consistencyUnit = ConsistencyUnit::Presentation;
    else if (unit != "pair") {
        *error = QString("unknown --unit '%1' (expected pair or presentation)").arg(unit);
        return std::nullopt;
    }
    settings.assumeConsistentWhenSingleRun = parser.isSet(kAssume);
    return settings;
}

std::optional<ImportOptions> judgmentImportOptions(const QCommandLineParser& parser, QString* error)
{
    ImportOptions options;
    options.policy = parser.isSet(kSkipBad) ? BadRecordPolicy::SkipAndList : BadRecordPolicy::StopAtFirst;
    auto format = parseSourceFormat(parser.value(kInputFormat).toStdString());
    if (!format) {
        *error = QString("unknown --input-format '%1' (expected auto, csv, jsonl or llmbar)")
                     .arg(parser.value(kInputFormat));
        return std::nullopt;
    }
    options.format = *format;
    return options;
}

// Cells of an audit whose items are all non-pairwise (rubric, bias-free ratings ...) have no trust metrics.
bool isPairwiseCell(const TrustCellResult& r)
{
    return r.pairs > 0 || r.droppedMissingOrder > 0 || r.droppedMissingVerdicts > 0 ||
           r.notPairwiseItems == 0;
}

// The stderr notes every trust output carries about single-run cells (T2: C is n/a unless opted in).
// Returns the number of pairwise single-run cells.
std::size_t noteSingleRun(const std::vector<TrustCellResult>& results, bool assumed)
{
    std::size_t single = 0;
    for (const auto& r : results)
        single += r.singleRun && isPairwiseCell(r) ? 1 : 0;
    if (single == 0)
        return 0;
    if (assumed)
        std::cerr << "note: C = 1 was assumed for " << single
                  << " cell(s) with one run per presentation (--assume-consistent)\n";
    else
        std::cerr << "note: " << single
                  << " cell(s) have one run per presentation: C is n/a (1 run), so C and T are left empty; "
                     "C = 1 can be assumed with --assume-consistent\n";
    return single;
}

// T from the printed C, phi, A of a cell table (q = 1/2; the table has no per-pair data for observed q).
void fillTrustFromCells(CellTable& table)
{
    for (auto& row : table.rows) {
        if (isMissing(row.T)) {
            const double t = row.C * (row.A - row.phi / 2);
            row.T = std::isfinite(t) ? t : kMissing;
        }
    }
}

// The input as a cell table: a cell-level CSV as read, or an audit's per-cell trust results. Null with
// *exitCode set on failure. *consistencyAssumed tells whether C = 1 was assumed for some cell.
std::optional<CellTable> loadCellTable(const QCommandLineParser& parser, const QStringList& inputs,
                                       int* exitCode, bool* consistencyAssumed)
{
    *consistencyAssumed = false;
    QString error;
    auto settings = trustSettings(parser, &error);
    if (!settings) {
        *exitCode = usage(error);
        return std::nullopt;
    }
    if (isCellTable(inputs, true)) {
        if (settings->qMode == QMode::Observed) {
            *exitCode = usage("--q observed needs per-pair data; a cell-level table has only C, phi and A");
            return std::nullopt;
        }
        ImportIssue issue;
        auto csv = readCellTableCsv(inputs.front().toStdString(), {}, issue);
        if (!csv) {
            std::cerr << issue.text() << '\n';
            *exitCode = kBadInput;
            return std::nullopt;
        }
        fillTrustFromCells(csv->table);
        return std::move(csv->table);
    }
    auto options = judgmentImportOptions(parser, &error);
    if (!options) {
        *exitCode = usage(error);
        return std::nullopt;
    }
    auto audit = load(inputs, *options, nullptr, exitCode);
    if (!audit)
        return std::nullopt;
    auto results = analyseTrust(*audit, *settings);
    *consistencyAssumed = noteSingleRun(results, settings->assumeConsistentWhenSingleRun) > 0 &&
                          settings->assumeConsistentWhenSingleRun;
    std::vector<TrustCellResult> pairwise;
    for (const auto& r : results) {
        if (isPairwiseCell(r))
            pairwise.push_back(r);
    }
    return cellTableFromTrust(*audit, pairwise);
}

// T11 placement for a cell-table row (same thresholds and slack as analyseTrust).
std::string quadrantOf(double c, double phi, const TrustSettings& settings)
{
    if (isMissing(c) || isMissing(phi))
        return {};
    const bool goodC = c >= settings.goodConsistency - 1e-12;
    const bool goodPhi = phi <= settings.goodFlipRate + 1e-12;
    return std::string(
        quadrantName(goodC ? (goodPhi ? TrustQuadrant::Trustworthy : TrustQuadrant::ConfidentlyBiased)
                           : (goodPhi ? TrustQuadrant::NoisyButFair : TrustQuadrant::Chaos)));
}

bool parseInt(const QString& text, long long min, long long* value)
{
    bool ok = false;
    *value = text.toLongLong(&ok);
    return ok && *value >= min;
}

} // namespace

int runTrust(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Pairwise trust per cell (C, phi, A, A_max, T, T_joint, failure-map quadrant; metrics.md T1-T13).");
    parser.addPositionalArgument("input",
                                 "A project, judgment files, or a cell-level table (C, phi, A columns).",
                                 "PROJECT_OR_FILE...");
    addTrustOptions(parser);
    QCommandLineOption ci("ci", "Bootstrap resamples for the intervals (default 2000; 0 = no intervals).",
                          "N", "2000");
    QCommandLineOption seed("seed", "Bootstrap seed (default 20261129).", "S", "20261129");
    QCommandLineOption level("level", "Interval level in (0, 1) (default 0.95).", "L", "0.95");
    QCommandLineOption threads("threads", "Bootstrap threads (0 = all cores; results do not depend on it).",
                               "N", "0");
    QCommandLineOption colour("colour", "With --format latex: shade the T cells in bands.");
    QCommandLineOption tableKind("table",
                                 "With --format latex: cells (Table 1 layout, default) or gap (Table 10: T, "
                                 "T_joint, their gap and its interval; needs judgment data).",
                                 "KIND", "cells");
    parser.addOptions({ci, seed, level, threads, colour, tableKind});
    QString error;
    if (!parse(parser, args, &error))
        return usage(error);
    auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty())
        return usage("trust needs a project, judgment files or a cell-level table");
    const auto format = tableFormat(parser.value(kTableFormat));
    if (!format && !isLatex(parser))
        return usage(unknownFormat(parser));
    const auto kind = parser.value(tableKind);
    if (kind != "cells" && kind != "gap")
        return usage(QString("unknown --table '%1' (expected cells or gap)").arg(kind));
    const bool gapTable = kind == "gap";
    if (gapTable && !isLatex(parser))
        return usage("--table gap needs --format latex");
    auto settings = trustSettings(parser, &error);
    if (!settings)
        return usage(error);
    BootstrapSettings boot;
    long long number = 0;
    if (!parseInt(parser.value(ci), 0, &number) || number > 1000000)
        return usage("--ci needs a number of resamples from 0 to 1000000");
    boot.resamples = static_cast<int>(number);
    bool ok = false;
    boot.seed = parser.value(seed).toULongLong(&ok);
    if (!ok)
        return usage("--seed needs a non-negative integer");
    boot.level = parser.value(level).toDouble(&ok);
    if (!ok || !(boot.level > 0 && boot.level < 1))
        return usage("--level needs a number in (0, 1)");
    if (!parseInt(parser.value(threads), 0, &number) || number > 1024)
        return usage("--threads needs a number from 0 to 1024");
    boot.threads = static_cast<int>(number);

    TrustLatexOptions latex;
    latex.colour = parser.isSet(colour);
    // The LaTeX table (Table 1 layout) reads C, phi, A and T from the rows written so far.
    const auto writeLatex = [&](const TrustTable& written, bool assumed) -> int {
        CellTable cells;
        cells.conditionNames = written.conditionNames;
        for (const auto& row : written.rows)
            cells.rows.push_back(
                {row.judge, row.format, row.dataset, row.conditions, row.C, row.phi, row.A, row.T});
        const auto intervalSettings = latex.variants.intervals; // set once the bootstrap has run
        latex.variants = latexVariants(*settings, assumed);
        latex.variants.intervals = intervalSettings;
        std::string text;
        try {
            text = trustTableLatex(cells, latex);
        } catch (const std::invalid_argument& e) {
            std::cerr << e.what() << '\n';
            return kBadInput;
        }
        return writeOutput(parser, finishLatex(parser, text));
    };

    TrustTable table;
    table.consistencyUnit = settings->consistencyUnit == ConsistencyUnit::Pair ? "pair" : "presentation";
    table.qMode = settings->qMode == QMode::Half ? "half" : "observed";
    table.consistencyAssumed = settings->assumeConsistentWhenSingleRun;

    if (isCellTable(inputs)) {
        if (gapTable)
            return usage("--table gap needs judgment data; a cell-level table has no T_joint");
        if (settings->qMode == QMode::Observed)
            return usage("--q observed needs per-pair data; a cell-level table has only C, phi and A");
        ImportIssue issue;
        auto csv = readCellTableCsv(inputs.front().toStdString(), {}, issue);
        if (!csv) {
            std::cerr << issue.text() << '\n';
            return kBadInput;
        }
        std::cerr
            << "note: cell-level table: T and A_max recomputed from the given C, phi, A with q = 1/2; no "
               "intervals, no pair counts\n";
        table.conditionNames = csv->table.conditionNames;
        table.consistencyAssumed = false;
        std::size_t assumed = 0;
        for (const auto& cell : csv->table.rows) {
            TrustTableRow row;
            row.judge = cell.judge;
            row.format = cell.format;
            row.dataset = cell.dataset;
            row.conditions = cell.conditions;
            row.C = cell.C;
            if (isMissing(row.C) && settings->assumeConsistentWhenSingleRun) {
                row.C = 1;
                ++assumed;
            }
            row.phi = cell.phi;
            row.A = cell.A;
            row.q = 0.5;
            const double aMax = 1 - row.phi / 2;
            row.A_max = std::isfinite(aMax) ? aMax : kMissing;
            const double t = row.C * (row.A - row.phi / 2);
            row.T = std::isfinite(t) ? t : kMissing;
            row.quadrant = quadrantOf(row.C, row.phi, *settings);
            table.rows.push_back(std::move(row));
        }
        if (assumed > 0) {
            table.consistencyAssumed = true;
            std::cerr << "note: C = 1 was assumed for " << assumed
                      << " cell(s) without C (--assume-consistent)\n";
        }
        if (!format)
            return writeLatex(table, assumed > 0);
        return writeOutput(parser, writeTrustTable(table, *format));
    }

    auto options = judgmentImportOptions(parser, &error);
    if (!options)
        return usage(error);
    int exitCode = kOk;
    auto audit = load(inputs, *options, nullptr, &exitCode);
    if (!audit)
        return exitCode;
    const auto results = analyseTrust(*audit, *settings);
    const bool assumed = noteSingleRun(results, settings->assumeConsistentWhenSingleRun) > 0 &&
                         settings->assumeConsistentWhenSingleRun;
    std::vector<TrustCellIntervals> intervals;
    if (boot.resamples > 0) {
        intervals = bootstrapTrust(*audit, *settings, boot);
        latex.variants.intervals = boot;
        table.resamples = boot.resamples;
        table.seed = boot.seed;
        table.level = boot.level;
    }
    std::vector<TrustCellResult> pairwise;
    std::vector<const TrustCellIntervals*> pairwiseIntervals;
    std::size_t skipped = 0;
    for (std::size_t i = 0; i < results.size(); ++i) {
        if (!isPairwiseCell(results[i])) {
            ++skipped;
            continue;
        }
        pairwise.push_back(results[i]);
        pairwiseIntervals.push_back(i < intervals.size() ? &intervals[i] : nullptr);
    }
    if (skipped > 0)
        std::cerr << "note: " << skipped << " cell(s) without pairwise items left out\n";
    if (gapTable) {
        if (pairwise.empty()) {
            std::cerr << "no pairwise cells\n";
            return kBadInput;
        }
        std::vector<TrustCellIntervals> gapIntervals;
        for (const auto* iv : pairwiseIntervals) {
            if (iv != nullptr)
                gapIntervals.push_back(*iv);
        }
        latex.variants = latexVariants(*settings, assumed);
        if (boot.resamples > 0)
            latex.variants.intervals = boot;
        return writeOutput(parser,
                           finishLatex(parser, trustGapTableLatex(*audit, pairwise, gapIntervals, latex)));
    }
    const auto labels = cellTableFromTrust(*audit, pairwise);
    table.conditionNames = labels.conditionNames;
    for (std::size_t i = 0; i < pairwise.size(); ++i) {
        const auto& r = pairwise[i];
        const auto& cell = labels.rows[i];
        TrustTableRow row;
        row.judge = cell.judge;
        row.format = cell.format;
        row.dataset = cell.dataset;
        row.conditions = cell.conditions;
        row.pairs = r.pairs;
        row.C = r.consistency;
        row.phi = r.flipRate;
        row.A = r.accuracy;
        row.A_dec = r.accuracyDecisive;
        row.q = r.qUsed;
        row.A_max = r.accuracyMax;
        row.T = r.trust;
        row.T_joint = r.trustJoint;
        row.quadrant = std::string(quadrantName(r.quadrant));
        if (const auto* iv = pairwiseIntervals[i]) {
            row.C_lo = iv->consistency.lo;
            row.C_hi = iv->consistency.hi;
            row.phi_lo = iv->flipRate.lo;
            row.phi_hi = iv->flipRate.hi;
            row.A_lo = iv->accuracy.lo;
            row.A_hi = iv->accuracy.hi;
            row.T_lo = iv->trust.lo;
            row.T_hi = iv->trust.hi;
        }
        table.rows.push_back(std::move(row));
    }
    if (!format)
        return writeLatex(table, assumed);
    return writeOutput(parser, writeTrustTable(table, *format));
}

int runDispersion(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Format dispersion of T per judge and dataset (metrics.md T8; the paper's Table 4).");
    parser.addPositionalArgument("input", "A project, judgment files, or a cell-level table.",
                                 "PROJECT_OR_FILE...");
    addTrustOptions(parser);
    QString error;
    if (!parse(parser, args, &error))
        return usage(error);
    auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty())
        return usage("dispersion needs a project, judgment files or a cell-level table");
    const auto format = tableFormat(parser.value(kTableFormat));
    if (!format && !isLatex(parser))
        return usage(unknownFormat(parser));
    int exitCode = kOk;
    bool assumed = false;
    auto cells = loadCellTable(parser, inputs, &exitCode, &assumed);
    if (!cells)
        return exitCode;
    FormatDispersion dispersion;
    try {
        dispersion = formatDispersion(*cells);
    } catch (const std::invalid_argument& e) {
        std::cerr << e.what() << '\n';
        return kBadInput;
    }
    if (dispersion.undefinedCells > 0)
        std::cerr << "note: " << dispersion.undefinedCells << " cell(s) with undefined T left out\n";
    if (!format) {
        TrustLatexOptions latex;
        latex.variants = latexVariants(*trustSettings(parser, &error), assumed);
        return writeOutput(parser, finishLatex(parser, dispersionTableLatex(dispersion, latex)));
    }
    return writeOutput(parser, writeDispersionTable(dispersion, *format));
}

int runAnova(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Variance decomposition of T over cells (metrics.md T10; main effects and two-way interactions).");
    parser.addPositionalArgument("input", "A project, judgment files, or a cell-level table.",
                                 "PROJECT_OR_FILE...");
    addTrustOptions(parser);
    QCommandLineOption factors("factors", "Comma-separated factor columns (default judge,format,dataset).",
                               "LIST", "judge,format,dataset");
    parser.addOption(factors);
    QString error;
    if (!parse(parser, args, &error))
        return usage(error);
    auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty())
        return usage("anova needs a project, judgment files or a cell-level table");
    const auto format = tableFormat(parser.value(kTableFormat));
    if (!format && !isLatex(parser))
        return usage(unknownFormat(parser));
    AnovaOptions options;
    options.factors = toStd(parser.value(factors).split(',', Qt::SkipEmptyParts));
    if (options.factors.empty())
        return usage("--factors needs at least one factor");
    int exitCode = kOk;
    bool assumed = false;
    auto cells = loadCellTable(parser, inputs, &exitCode, &assumed);
    if (!cells)
        return exitCode;
    for (const auto& name : options.factors) {
        if (!cellFactorIndex(*cells, name))
            return usage(QString("unknown factor '%1'").arg(QString::fromStdString(name)));
    }
    AnovaResult result;
    try {
        result = anova(*cells, options);
    } catch (const std::invalid_argument& e) {
        std::cerr << e.what() << '\n';
        return kBadInput;
    }
    std::cerr << "sum of squares: " << sumOfSquaresName(result.type)
              << (result.balanced ? " (balanced design)" : " (unbalanced design)") << '\n';
    if (result.droppedMissing > 0)
        std::cerr << "note: " << result.droppedMissing << " cell(s) with undefined T left out\n";
    if (!format) {
        TrustLatexOptions latex;
        latex.variants = latexVariants(*trustSettings(parser, &error), assumed);
        return writeOutput(parser, finishLatex(parser, anovaTableLatex(result, CellMeasure::T, latex)));
    }
    return writeOutput(parser, writeAnovaTable(result, *format));
}

int runCheckTable(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Check a published cell-level table (metrics.md T14): recompute T = C (A - phi/2), A_max, the "
        "Table-4 "
        "dispersion and the ANOVA, and list every printed value that disagrees beyond its rounding.");
    parser.addPositionalArgument("file", "Cell-level table: judge,format,dataset[,condition...],C,phi,A[,T].",
                                 "FILE");
    QCommandLineOption table4("table4", "A printed Table 4 (judge,dataset,dT_fmt[,T_min][,T_max]) to check.",
                              "FILE");
    parser.addOptions({table4, kOut});
    QString error;
    if (!parse(parser, args, &error))
        return usage(error);
    auto inputs = parser.positionalArguments().mid(1);
    if (inputs.size() != 1)
        return usage("check-table needs exactly one cell-level table");
    const auto cellsPath = inputs.front().toStdString();
    auto cellsText = readFile(cellsPath);
    if (!cellsText) {
        std::cerr << cellsPath << ": cannot read\n";
        return kUsage;
    }
    std::optional<std::string> table4Text;
    std::string table4Path;
    if (parser.isSet(table4)) {
        table4Path = parser.value(table4).toStdString();
        table4Text = readFile(table4Path);
        if (!table4Text) {
            std::cerr << table4Path << ": cannot read\n";
            return kUsage;
        }
    }
    ImportIssue issue;
    auto check = checkCellTable(*cellsText, cellsPath,
                                table4Text ? std::optional<std::string_view>(*table4Text) : std::nullopt,
                                table4Path, issue);
    if (!check) {
        std::cerr << issue.text() << '\n';
        return kBadInput;
    }
    std::string out;
    for (const auto& d : check->discrepancies)
        out += d.text() + '\n';
    out += std::to_string(check->discrepancies.size()) + " discrepanc" +
           (check->discrepancies.size() == 1 ? "y" : "ies") + " in " + std::to_string(check->checkedValues) +
           " printed value(s) checked (" + (check->units == CellUnits::Percent ? "percent" : "proportions") +
           ")\n";
    if (check->anova) {
        out += "\nRecomputed ANOVA of T (" + sumOfSquaresName(check->anova->type) + " SS, proportions):\n";
        out += writeAnovaTable(*check->anova, TableFormat::Csv);
    } else {
        out += "\nANOVA not computed: " + check->anovaError + '\n';
    }
    return writeOutput(parser, out);
}

} // namespace tribunal::cli
