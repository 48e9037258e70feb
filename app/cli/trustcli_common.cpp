// Shared option parsing, input loading and output writing of the trust commands (see trustcli_common.h).

#include "trustcli_common.h"

#include "labelnotes.h"

#include "analysis/celltrust.h"
#include "io/outputfile.h"
#include "report/latex.h"
#include "report/trustexport.h"
#include "report/trusttableinput.h"

#include <QFileInfo>

#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string_view>

namespace tribunal::cli {
namespace {

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

QString qString(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

// The note of noteSingleRun(). A function of its own: lupdate takes a function returning std::size_t for one
// in namespace std and would file its Msg::tr messages under the context "Msg".
QString singleRunNote(std::size_t single, bool assumed)
{
    if (assumed)
        return Msg::tr("note: C = 1 was assumed for %n cell(s) with one run per presentation "
                       "(--assume-consistent)",
                       nullptr, static_cast<int>(single));
    return Msg::tr("note: %n cell(s) have one run per presentation: C is n/a (1 run), so C and T are left "
                   "empty; C = 1 can be assumed with --assume-consistent",
                   nullptr, static_cast<int>(single));
}

} // namespace

// The descriptions are looked up in the catalogue by addOptions() (common.h).
const QCommandLineOption
    kOut({"o", "output"},
         QT_TRANSLATE_NOOP("tribunal::cli::Msg", "File to write (default: standard output)."), "FILE");
const QCommandLineOption kTableFormat("format",
                                      QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                        "Output format: csv (default), md, json or latex."),
                                      "csv|md|json|latex", "csv");
const QCommandLineOption kFlatFormat("format",
                                     QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                       "Output format: csv (default), md or json."),
                                     "csv|md|json", "csv");
const QCommandLineOption kStandalone("standalone",
                                     QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                       "With --format latex: wrap the table in a compilable "
                                                       "document."));
// The list is kInputFormatNames (common.h) written out, so that the description can be looked up.
const QCommandLineOption kInputFormat("input-format",
                                      QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                        "Judgment file format: auto, csv, jsonl, llmbar, "
                                                        "rubric-csv, arena-hard, mt-bench, judgebench, "
                                                        "alpaca-eval, inspect."),
                                      "FORMAT", "auto");
const QCommandLineOption kQ("q",
                            QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                              "Accuracy on order-flipping pairs: half (q = 1/2, default) or "
                                              "observed."),
                            "half|observed", "half");
const QCommandLineOption kUnit("unit",
                               QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                 "What C averages over: pair (default) or presentation."),
                               "pair|presentation", "pair");
const QCommandLineOption kAssume("assume-consistent",
                                 QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                   "With one run per presentation, assume C = 1 (otherwise C "
                                                   "and T are n/a)."));
const QCommandLineOption kGoodC("good-c",
                                QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                  "Failure map (T11): C counts as good from this value "
                                                  "(default 0.9)."),
                                "C", "0.9");
const QCommandLineOption kGoodPhi("good-phi",
                                  QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                    "Failure map (T11): phi counts as good up to this value "
                                                    "(default 0.2)."),
                                  "PHI", "0.2");

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

bool isLatex(const QCommandLineParser& parser)
{
    return parser.value(kTableFormat) == "latex";
}

std::optional<TableFormat> flatFormat(const QCommandLineParser& parser)
{
    return tableFormat(parser.value(kFlatFormat));
}

QString unknownFlatFormat(const QCommandLineParser& parser)
{
    return Msg::tr("unknown --format '%1' (expected csv, md or json)").arg(parser.value(kFlatFormat));
}

QString unknownFormat(const QCommandLineParser& parser)
{
    return Msg::tr("unknown --format '%1' (expected csv, md, json or latex)").arg(parser.value(kTableFormat));
}

int writeOutput(const QCommandLineParser& parser, const std::string& text)
{
    if (!parser.isSet(kOut)) {
        std::cout << text;
        return kOk;
    }
    // The output policy of io/outputfile.h: a FIFO or device written into, a link followed, a read-only
    // file refused.
    std::string error;
    if (!writeOutputFile(parser.value(kOut).toStdString(), text, &error)) {
        printError(error);
        return kUsage;
    }
    return kOk;
}

bool isCellTable(const QStringList& inputs, bool acceptTOnly)
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

void addTrustOptions(CommandParser& parser)
{
    addOptions(parser, {kOut, kTableFormat, kStandalone, kInputFormat, kSkipBad, kQ, kUnit, kAssume, kGoodC,
                        kGoodPhi});
}

void addCellSummaryOptions(CommandParser& parser)
{
    addOptions(parser, {kOut, kFlatFormat, kInputFormat, kSkipBad, kQ, kUnit, kAssume});
    QCommandLineOption goodC = kGoodC;
    QCommandLineOption goodPhi = kGoodPhi;
    goodC.setFlags(QCommandLineOption::HiddenFromHelp);
    goodPhi.setFlags(QCommandLineOption::HiddenFromHelp);
    addOptions(parser, {goodC, goodPhi});
}

std::optional<TrustSettings> trustSettings(const QCommandLineParser& parser, QString* error)
{
    TrustSettings settings;
    const auto q = parser.value(kQ);
    if (q == "observed")
        settings.qMode = QMode::Observed;
    else if (q != "half") {
        *error = Msg::tr("unknown --q '%1' (expected half or observed)").arg(q);
        return std::nullopt;
    }
    const auto unit = parser.value(kUnit);
    if (unit == "presentation")
        settings.consistencyUnit = ConsistencyUnit::Presentation;
    else if (unit != "pair") {
        *error = Msg::tr("unknown --unit '%1' (expected pair or presentation)").arg(unit);
        return std::nullopt;
    }
    settings.assumeConsistentWhenSingleRun = parser.isSet(kAssume);
    bool okC = false, okPhi = false;
    settings.goodConsistency = parser.value(kGoodC).toDouble(&okC);
    settings.goodFlipRate = parser.value(kGoodPhi).toDouble(&okPhi);
    if (!okC || !okPhi || !(settings.goodConsistency >= 0 && settings.goodConsistency <= 1) ||
        !(settings.goodFlipRate >= 0 && settings.goodFlipRate <= 1)) {
        *error = Msg::tr("--good-c and --good-phi take proportions in [0, 1]");
        return std::nullopt;
    }
    return settings;
}

std::optional<ImportOptions> judgmentImportOptions(const QCommandLineParser& parser, QString* error)
{
    ImportOptions options;
    options.policy = parser.isSet(kSkipBad) ? BadRecordPolicy::SkipAndList : BadRecordPolicy::StopAtFirst;
    auto format = parseSourceFormat(parser.value(kInputFormat).toStdString());
    if (!format) {
        *error = Msg::tr("unknown --input-format '%1' (expected one of %2)")
                     .arg(parser.value(kInputFormat), kInputFormatNames);
        return std::nullopt;
    }
    options.format = *format;
    auto texts = harnessTextPaths(parser, error);
    if (!texts)
        return std::nullopt;
    options.texts = std::move(*texts);
    return options;
}

AuditPtr loadJudgmentAudit(const QCommandLineParser& parser, const QStringList& inputs, int* exitCode)
{
    QString error;
    auto options = judgmentImportOptions(parser, &error);
    if (!options) {
        *exitCode = usage(error);
        return nullptr;
    }
    return load(inputs, *options, nullptr, exitCode);
}

bool isPairwiseCell(const TrustCellResult& r)
{
    return hasPairwiseData(r);
}

void noteTrustGaps(const Audit& audit, const std::vector<TrustCellResult>& results)
{
    for (const auto& r : results) {
        const TrustGap gap = trustGap(r);
        if (gap != TrustGap::OrderNotRecorded || r.cell >= audit.cells().size())
            continue;
        const auto& cell = audit.cells()[r.cell];
        std::cerr << Msg::tr("note: %1 / %2 / %3: %n judgment(s) without an order: %4", nullptr,
                             static_cast<int>(r.unorderedRuns))
                         .arg(qString(audit.str(cell.judge)), qString(audit.str(cell.format)),
                              qString(audit.str(cell.dataset)), qString(trustGapText(gap)))
                         .toStdString()
                  << '\n';
    }
}

std::size_t noteSingleRun(const std::vector<TrustCellResult>& results, bool assumed)
{
    std::size_t single = 0;
    for (const auto& r : results)
        single += r.singleRun && isPairwiseCell(r) ? 1 : 0;
    if (single == 0)
        return 0;
    std::cerr << singleRunNote(single, assumed).toStdString() << '\n';
    return single;
}

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
            *exitCode =
                usage(Msg::tr("--q observed needs per-pair data; a cell-level table has only C, phi and A"));
            return std::nullopt;
        }
        ImportIssue issue;
        auto csv = readCellTableCsv(inputs.front().toStdString(), {}, issue);
        if (!csv) {
            std::cerr << issue.text() << '\n';
            *exitCode = kBadInput;
            return std::nullopt;
        }
        // A table written by `trust --format csv` reads back with its own columns as conditions: drop them.
        dropTrustTableOutputColumns(csv->table);
        fillTrustFromCells(csv->table);
        return std::move(csv->table);
    }
    auto audit = loadJudgmentAudit(parser, inputs, exitCode);
    if (!audit)
        return std::nullopt;
    noteMissingLabels(*audit, LabelScope::PairwiseItems, "A, T", inputs);
    auto results = analyseTrust(*audit, *settings);
    *consistencyAssumed = noteSingleRun(results, settings->assumeConsistentWhenSingleRun) > 0 &&
                          settings->assumeConsistentWhenSingleRun;
    return pairwiseCellTable(*audit, results);
}

} // namespace tribunal::cli
