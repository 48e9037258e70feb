#include "bias/biascliarguments.h"

#include "framework/cliarguments.h"

namespace tribunal {

QStringList biasCliArguments(const BiasSettings& s)
{
    const BiasSettings defaults;
    QStringList args;
    if (s.margin != defaults.margin)
        args << QStringLiteral("--margin") << cliNumber(s.margin);
    if (s.countMargins != defaults.countMargins) {
        QStringList margins;
        for (const double margin : s.countMargins)
            margins << cliNumber(margin);
        args << QStringLiteral("--margins") << margins.join(QLatin1Char(','));
    }
    if (s.resamples != defaults.resamples)
        args << QStringLiteral("--resamples") << QString::number(s.resamples);
    if (s.permutations != defaults.permutations)
        args << QStringLiteral("--permutations") << QString::number(s.permutations);
    if (s.seed != defaults.seed)
        args << QStringLiteral("--seed") << QString::number(s.seed);
    if (s.level != defaults.level)
        args << QStringLiteral("--level") << cliNumber(s.level);
    if (s.fdrLevel != defaults.fdrLevel)
        args << QStringLiteral("--fdr") << cliNumber(s.fdrLevel);
    if (s.probabilityShift != defaults.probabilityShift)
        args << QStringLiteral("--shift-threshold") << cliNumber(s.probabilityShift);
    return args;
}

QStringList calibrationCliArguments(const BiasSettings& s)
{
    const BiasSettings defaults;
    QStringList args;
    if (s.confidenceBins != defaults.confidenceBins)
        args << QStringLiteral("--bins") << QString::number(s.confidenceBins);
    return args;
}

} // namespace tribunal
