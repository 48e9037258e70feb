// tribunal-cli: the command-line face of the workbench. Dispatches to the subcommands in app/cli/; every
// number comes from tribunal_core, every file from tribunal_io.

#include "cli/commands.h"
#include "cli/common.h"
#include "model/largeblocks.h"

#include <QCoreApplication>

#include <clocale>
#include <iostream>

using namespace tribunal::cli;

int main(int argc, char** argv)
{
    tribunal::mapLargeBlocks(); // freed columns go back to the system at once
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName("tribunal-cli");
    QCoreApplication::setApplicationVersion(TRIBUNAL_VERSION);
    installCliTranslations(app);
    // Qt set the C library's locale from the environment; numbers printed or read with printf / strtod must
    // keep the decimal point in every locale (QCoreApplication's documentation recommends this reset).
    static_cast<void>(std::setlocale(LC_NUMERIC, "C")); // "C" always exists
    const auto args = app.arguments();
    const QString command = args.size() > 1 ? args[1] : QString();
    if (command == "--version" || command == "-v") {
        std::cout << "tribunal-cli " << TRIBUNAL_VERSION << '\n';
        return kOk;
    }
    if (command.isEmpty() || command == "--help" || command == "-h" || command == "help") {
        // The command synopsis lines are syntax and stay as they are; the prose around them is translated.
        std::cout
            << Msg::tr("Usage: tribunal-cli COMMAND [options]").toStdString() << "\n\n"
            << Msg::tr("Commands:").toStdString() << '\n'
            << "  import FILE_OR_DIR... -o PROJECT [--skip-bad] [--format F] [--append|--force]\n"
               "  info PROJECT_OR_FILE... [--json]\n"
               "  export PROJECT_OR_FILE... --format jsonl|csv -o FILE\n"
               "  simulate audit --judgments N [--runs R] [--seed S] -o FILE.{csv,jsonl,tribunal}\n"
               "  simulate bias [--judges J] [--items N] [--seed S] [--s S] [--truth FILE.csv]\n"
               "        -o FILE.{csv,jsonl,tribunal}\n"
               "  bench import FILE [--repeat N] | bench bias|trust PROJECT_OR_FILE [--repeat N]\n"
               "  bench compare PROJECT_OR_FILE... --judges J1,J2,... [--panel NAME] [--resamples N]\n"
               "        [--threads N] [--repeat N]\n"
               "  bench cascade PROJECT_OR_FILE... --first J --fallbacks J1,J2,... [--singles J3,...]\n"
               "        [--panel NAME] [--halvings N] [--seed S] [--threads N] [--repeat N]\n"
               "  trust PROJECT_OR_FILE... [--q half|observed] [--unit pair|presentation]\n"
               "        [--assume-consistent] [--ci N] [--seed S] [--level L] [--threads N]\n"
               "        [--by COLS] [--format csv|md|json] [-o FILE]\n"
               "  dispersion PROJECT_OR_FILE... [--format csv|md|json] [-o FILE]\n"
               "  anova PROJECT_OR_FILE... [--factors judge,format,dataset] [--format csv|md|json]\n"
               "  check-table CELLS.csv [--table4 FILE]\n"
               "  judgebench-score PROJECT_OR_FILE... [--json] [--input-format F] [--skip-bad] [-o FILE]\n"
               "  mitigate PROJECT_OR_FILE... [--good-c C] [--good-phi PHI] [--format csv|md|json]\n"
               "        [-o FILE]\n"
               "  sweep PROJECT_OR_FILE... --over COLUMN [--pool COLUMN [--pool-map FROM=TO,...]]\n"
               "        [--format csv|md|json] [-o FILE]\n"
               "  bias PROJECT_OR_FILE... [--table excess|counts|confidence|agreement|cost]\n"
               "        [--margin D] [--margins LIST] [--resamples N] [--permutations N] [--seed S]\n"
               "        [--level L] [--fdr Q] [--format csv|md|json|latex] [-o FILE]\n"
               "  calibration PROJECT_OR_FILE... [--reliability] [--bins N] [--format csv|md|json|latex]\n"
               "        [-o FILE]\n"
               "  rubric PROJECT_OR_FILE... [--rounding half-up|half-down|unrounded]\n"
               "        [--table agreement|confusion|shifts] [--format csv|md|json|latex] [--qwk] [-o FILE]\n"
               "  compare PROJECT_OR_FILE... --judges J1,J2,... [--panel NAME] [--resamples N] [--seed S]\n"
               "        [--margin M] [--cluster group] [--rounding R] [--format csv|md|json|latex]\n"
               "        [-o FILE]\n"
               "  cost PROJECT_OR_FILE... [--prices JUDGE=IN/OUT,...] [--format csv|md|json] [-o FILE]\n"
               "  cascade PROJECT_OR_FILE... --first J --fallbacks J1,J2,... [--singles J3,...] [--panel P]\n"
               "        [--halvings N] [--seed S] [--threads N] [--rounding R] [--table summary|curve]\n"
               "        [--format csv|md|json|latex] [-o FILE]\n"
               "  confident-errors PROJECT_OR_FILE... --first J [--others J2,J3,...] [--panel P] [--n N]\n"
               "        [--table sample|repeats] [--rounding R] [--format csv|md|json|latex] [-o FILE]\n"
               "  jury PROJECT_OR_FILE... --jurors J1,J2,J3[,...] [--candidates J,...] [--panel P]\n"
               "        [--resamples N] [--seed S] [--margin M] [--threads N] [--rounding R]\n"
               "        [--format csv|md|json|latex] [-o FILE]\n"
               "  run DESIGN.json -o PROJECT [--no-retry-failed] [--rerun] [--backoff S]\n"
               "        [--max-response-bytes N] [--quiet]\n"
               "  plan DESIGN.json [--rates C,PHI,A] [--items N,...] [--runs R,...] [--simulations S]\n"
               "        [--seed S] [--threads N] [--target-width W] [--format csv|md|json] [-o FILE]\n"
               "  batch write DESIGN.json -o FILE.jsonl [--project PROJECT] [--max-requests N]\n"
               "        [--max-bytes N] [--judge NAME] [--no-retry-failed] [--rerun]\n"
               "  batch import DESIGN.json OUTPUT.jsonl... -o PROJECT [--skip-bad]\n"
               "  "
            << Msg::tr("(judges: NAME or NAME@FORMAT)").toStdString() << "\n\n"
            << Msg::tr("Run 'tribunal-cli COMMAND --help' for a command's options.").toStdString() << '\n'
            << Msg::tr("Exit codes: 0 success, 1 usage or I/O error, 2 bad input (errors on stderr).")
                   .toStdString()
            << '\n';
        return command.isEmpty() ? kUsage : kOk;
    }
    if (command == "import")
        return runImport(args);
    if (command == "run")
        return runRun(args);
    if (command == "plan")
        return runPlan(args);
    if (command == "batch")
        return runBatch(args);
    if (command == "info")
        return runInfo(args);
    if (command == "export")
        return runExport(args);
    if (command == "simulate")
        return runSimulate(args);
    if (command == "bench")
        return runBench(args);
    if (command == "trust")
        return runTrust(args);
    if (command == "dispersion")
        return runDispersion(args);
    if (command == "anova")
        return runAnova(args);
    if (command == "check-table")
        return runCheckTable(args);
    if (command == "judgebench-score")
        return runJudgeBenchScore(args);
    if (command == "mitigate")
        return runMitigate(args);
    if (command == "sweep")
        return runSweep(args);
    if (command == "bias")
        return runBias(args);
    if (command == "calibration")
        return runCalibration(args);
    if (command == "rubric")
        return runRubric(args);
    if (command == "compare")
        return runCompare(args);
    if (command == "cost")
        return runCost(args);
    if (command == "cascade")
        return runCascade(args);
    if (command == "confident-errors")
        return runConfidentErrors(args);
    if (command == "jury")
        return runJury(args);
    return usage(Msg::tr("unknown command '%1'").arg(command));
}
