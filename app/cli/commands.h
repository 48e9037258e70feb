#pragma once
// The tribunal-cli subcommands. Each takes the full argument list (program name, command, options) and
// returns the exit code (see common.h).

#include <QStringList>

namespace tribunal::cli {

int runImport(const QStringList& args);
int runInfo(const QStringList& args);
int runExport(const QStringList& args);
int runSimulate(const QStringList& args);
int runBench(const QStringList& args);
// Pairwise trust (trustcommand.cpp; cellcommands.cpp: dispersion, anova, check-table).
int runTrust(const QStringList& args);
int runDispersion(const QStringList& args);
int runAnova(const QStringList& args);
int runCheckTable(const QStringList& args);
// JudgeBench's own headline score on imported judgments (judgebenchcommand.cpp).
int runJudgeBenchScore(const QStringList& args);
// T12 mitigation replays with the T11 advice (mitigatecommand.cpp).
int runMitigate(const QStringList& args);
// T9 condition sweeps (sweepcommand.cpp).
int runSweep(const QStringList& args);
// Bias tests B1-B13 and calibration B11 (biascommands.cpp).
int runBias(const QStringList& args);
int runCalibration(const QStringList& args);
// Rubric judges R1-R6 and paired comparisons R7 (rubriccommands.cpp).
int runRubric(const QStringList& args);
int runCompare(const QStringList& args);
// Cost per judge B13 / K11 (costcommand.cpp).
int runCost(const QStringList& args);
// Cascades K7-K10, confident and repeated errors K3 / K4, juries K5 / K6 (cascadecommands.cpp).
int runCascade(const QStringList& args);
int runConfidentErrors(const QStringList& args);
int runJury(const QStringList& args);
// Judge runs over the network (runcommand.cpp): run a design, resumably; plan its cost and precision.
int runRun(const QStringList& args);
int runPlan(const QStringList& args);
// Batch engines (batchcommand.cpp): a design's requests as a Batch API input file; its output imported.
int runBatch(const QStringList& args);

} // namespace tribunal::cli
