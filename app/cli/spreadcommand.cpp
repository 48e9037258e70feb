// spread: the per-judge spread of the cell metrics (analysis/judgespread.h: mean, minimum and maximum of C,
// A - phi/2 and T over a judge's cells; seed 000 Figure 5) on the command line, as the Plots dock's judge
// whiskers draw it. Every number comes from tribunal_core; this file parses options and writes.

#include "registry.h"
#include "trustcli_common.h"

#include "analysis/judgespread.h"
#include "report/judgespreadtable.h"

namespace tribunal::cli {
namespace {

void defineSpread(CommandParser& parser)
{
    parser.setApplicationDescription(
        Msg::tr("Per-judge spread of the cell metrics (metrics.md T2, T6; the paper's Figure 5): for each "
                "judge, the number of cells and the mean, minimum and maximum over its cells of C, A - phi/2 "
                "and T. Undefined values are left out and counted."));
    parser.addPositionalArgument("input", Msg::tr("A project, judgment files, or a cell-level table."),
                                 "PROJECT_OR_FILE...");
    addCellSummaryOptions(parser);
}

int runSpread(const QCommandLineParser& parser)
{
    const auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty())
        return usage(Msg::tr("spread needs a project, judgment files or a cell-level table"));
    const auto format = flatFormat(parser);
    if (!format)
        return usage(unknownFlatFormat(parser));
    int exitCode = kOk;
    bool assumed = false;
    auto cells = loadCellTable(parser, inputs, &exitCode, &assumed);
    if (!cells)
        return exitCode;
    return writeOutput(parser, writeFlatTable(judgeSpreadTable(judgeSpread(*cells)), *format));
}

} // namespace

const Command& spreadCommand()
{
    static const Command command{"spread", defineSpread, runSpread, {}, {}};
    return command;
}

} // namespace tribunal::cli
