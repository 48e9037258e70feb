// simulate: synthetic audits for benchmarks and scale tests.

#include "commands.h"
#include "common.h"

#include "analysis/auditsimulator.h"
#include "io/exporter.h"
#include "io/projectfile.h"

#include <iostream>

namespace tribunal::cli {

int runSimulate(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Write a synthetic (simulated) audit: simulate audit --judgments N -o FILE.");
    parser.addPositionalArgument("what", "What to simulate: audit.", "audit");
    QCommandLineOption judgments("judgments", "Number of judgments.", "N", "1000000");
    QCommandLineOption runs("runs", "Runs per (item, order).", "R", "10");
    QCommandLineOption seed("seed", "Random seed.", "S", "20261129");
    QCommandLineOption out({"o", "output"}, "File to write: .csv, .jsonl or .tribunal.", "FILE");
    parser.addOptions({judgments, runs, seed, out});
    QString error;
    if (!parse(parser, args, &error))
        return usage(error);
    if (parser.positionalArguments().mid(1) != QStringList{"audit"} || !parser.isSet(out))
        return usage("usage: simulate audit --judgments N [--runs R] [--seed S] -o FILE");
    bool okN = false, okR = false, okS = false;
    AuditSimulation settings;
    settings.judgments = parser.value(judgments).toULongLong(&okN);
    settings.runs = parser.value(runs).toInt(&okR);
    settings.seed = parser.value(seed).toULongLong(&okS);
    if (!okN || !okR || !okS || settings.runs < 1 || settings.runs > 1000)
        return usage("--judgments, --runs (1..1000) and --seed take non-negative integers");
    auto audit = simulateAudit(settings);
    const auto path = parser.value(out).toStdString();
    std::string writeError;
    bool ok = false;
    if (parser.value(out).endsWith(".csv"))
        ok = exportFlatCsv(*audit, path, &writeError);
    else if (parser.value(out).endsWith(".tribunal"))
        ok = ProjectFile::save(path, *audit, {}, &writeError);
    else
        ok = exportJsonl(*audit, path, &writeError);
    if (!ok) {
        std::cerr << writeError << '\n';
        return kUsage;
    }
    std::cout << "wrote a simulated audit of " << audit->judgmentCount() << " judgments to " << path << '\n';
    return kOk;
}

} // namespace tribunal::cli
