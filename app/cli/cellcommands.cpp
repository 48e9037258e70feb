// dispersion, anova and check-table: the analyses of a cell-level trust table (metrics.md T8, T14) on the
// command line. Every number comes from tribunal_core; this file parses options and writes.

#include "registry.h"
#include "trustcli_common.h"

#include "analysis/celltablecsv.h"
#include "analysis/dispersion.h"
#include "analysis/tablecheck.h"
#include "report/trustexport.h"
#include "stats/anova.h"

#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace tribunal::cli {
namespace {

std::optional<std::string> readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

void defineDispersion(CommandParser& parser)
{
    parser.setApplicationDescription(
        Msg::tr("Format dispersion of T per judge and dataset (metrics.md T8; the paper's Table 4)."));
    parser.addPositionalArgument("input", Msg::tr("A project, judgment files, or a cell-level table."),
                                 "PROJECT_OR_FILE...");
    addTrustOptions(parser);
}

int runDispersion(const QCommandLineParser& parser)
{
    QString error;
    auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty())
        return usage(Msg::tr("dispersion needs a project, judgment files or a cell-level table"));
    const auto format = tableFormat(parser.value(kTableFormat));
    if (!format && !isLatex(parser))
        return usage(unknownFormat(parser));
    int exitCode = kOk;
    bool assumed = false;
    auto cells = loadCellTable(parser, inputs, &exitCode, &assumed);
    if (!cells)
        return exitCode;
    // LaTeX through the function the workbench's export dialog calls (report/trustexport.h): same bytes.
    TrustLatexExport latex;
    latex.standalone = parser.isSet(kStandalone);
    FormatDispersion dispersion;
    std::string text;
    try {
        if (format)
            dispersion = formatDispersion(*cells);
        else
            text = dispersionLatex(*cells, *trustSettings(parser, &error), assumed, latex, &dispersion);
    } catch (const std::invalid_argument& e) {
        std::cerr << e.what() << '\n';
        return kBadInput;
    }
    if (dispersion.undefinedCells > 0)
        std::cerr << Msg::tr("note: %n cell(s) with undefined T left out", nullptr,
                             static_cast<int>(dispersion.undefinedCells))
                         .toStdString()
                  << '\n';
    return writeOutput(parser, format ? writeDispersionTable(dispersion, *format) : text);
}

const QCommandLineOption kFactors(
    "factors",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Comma-separated factor columns (default judge,format,dataset)."),
    "LIST", "judge,format,dataset");

void defineAnova(CommandParser& parser)
{
    parser.setApplicationDescription(Msg::tr(
        "Variance decomposition of T over cells (metrics.md T10; main effects and two-way interactions)."));
    parser.addPositionalArgument("input", Msg::tr("A project, judgment files, or a cell-level table."),
                                 "PROJECT_OR_FILE...");
    addTrustOptions(parser);
    addOptions(parser, {kFactors});
}

int runAnova(const QCommandLineParser& parser)
{
    QString error;
    auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty())
        return usage(Msg::tr("anova needs a project, judgment files or a cell-level table"));
    const auto format = tableFormat(parser.value(kTableFormat));
    if (!format && !isLatex(parser))
        return usage(unknownFormat(parser));
    AnovaOptions options;
    options.factors = toStd(parser.value(kFactors).split(',', Qt::SkipEmptyParts));
    if (options.factors.empty())
        return usage(Msg::tr("--factors needs at least one factor"));
    int exitCode = kOk;
    bool assumed = false;
    auto cells = loadCellTable(parser, inputs, &exitCode, &assumed);
    if (!cells)
        return exitCode;
    for (const auto& name : options.factors) {
        if (!cellFactorIndex(*cells, name))
            return usage(Msg::tr("unknown factor '%1'").arg(QString::fromStdString(name)));
    }
    // LaTeX through the function the workbench's export dialog calls (report/trustexport.h): same bytes.
    TrustLatexExport latex;
    latex.standalone = parser.isSet(kStandalone);
    latex.anovaFactors = options.factors;
    AnovaResult result;
    std::string text;
    try {
        if (format)
            result = anova(*cells, options);
        else
            text = anovaLatex(*cells, *trustSettings(parser, &error), assumed, latex, &result);
    } catch (const std::invalid_argument& e) {
        std::cerr << e.what() << '\n';
        return kBadInput;
    }
    // The type's name ("sequential", "type II") is a keyword of the tables, not translated.
    const QString ssName = QString::fromStdString(sumOfSquaresName(result.type));
    std::cerr << (result.balanced ? Msg::tr("sum of squares: %1 (balanced design)").arg(ssName)
                                  : Msg::tr("sum of squares: %1 (unbalanced design)").arg(ssName))
                     .toStdString()
              << '\n';
    if (result.droppedMissing > 0)
        std::cerr << Msg::tr("note: %n cell(s) with undefined T left out", nullptr,
                             static_cast<int>(result.droppedMissing))
                         .toStdString()
                  << '\n';
    return writeOutput(parser, format ? writeAnovaTable(result, *format) : text);
}

const QCommandLineOption
    kTable4("table4",
            QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                              "A printed Table 4 (judge,dataset,dT_fmt[,T_min][,T_max]) to check."),
            "FILE");

void defineCheckTable(CommandParser& parser)
{
    parser.setApplicationDescription(Msg::tr(
        "Check a published cell-level table (metrics.md T14): recompute T = C (A - phi/2), A_max, the "
        "Table-4 dispersion and the ANOVA, and list every printed value that disagrees beyond its "
        "rounding."));
    parser.addPositionalArgument(
        "file", Msg::tr("Cell-level table: judge,format,dataset[,condition...],C,phi,A[,T]."), "FILE");
    addOptions(parser, {kTable4, kOut});
}

int runCheckTable(const QCommandLineParser& parser)
{
    QString error;
    auto inputs = parser.positionalArguments().mid(1);
    if (inputs.size() != 1)
        return usage(Msg::tr("check-table needs exactly one cell-level table"));
    const auto cellsPath = inputs.front().toStdString();
    auto cellsText = readFile(cellsPath);
    if (!cellsText) {
        std::cerr << Msg::tr("%1: cannot read").arg(inputs.front()).toStdString() << '\n';
        return kUsage;
    }
    std::optional<std::string> table4Text;
    std::string table4Path;
    if (parser.isSet(kTable4)) {
        table4Path = parser.value(kTable4).toStdString();
        table4Text = readFile(table4Path);
        if (!table4Text) {
            std::cerr << Msg::tr("%1: cannot read").arg(parser.value(kTable4)).toStdString() << '\n';
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
const Command& dispersionCommand()
{
    static const Command command{"dispersion", defineDispersion, runDispersion, {}, {""}};
    return command;
}

const Command& anovaCommand()
{
    static const Command command{"anova", defineAnova, runAnova, {}, {""}};
    return command;
}

const Command& checkTableCommand()
{
    static const Command command{"check-table", defineCheckTable, runCheckTable, {}, {}};
    return command;
}

} // namespace tribunal::cli
