#include "designcli_common.h"

#include "common.h"

#include <algorithm>
#include <iostream>

namespace tribunal::cli {

QString usdText(double usd)
{
    return QStringLiteral("$%1").arg(usd, 0, 'f', usd < 1 ? 4 : 2);
}

std::optional<LoadedDesign> loadDesign(const QString& path, int* exitCode)
{
    QString error;
    auto design = readDesignFile(path, &error);
    if (!design) {
        printError(error.toStdString());
        *exitCode = kBadInput;
        return std::nullopt;
    }
    AuditPtr items = load(design->itemSources, ImportOptions{}, nullptr, exitCode);
    if (!items)
        return std::nullopt;
    LoadedDesign loaded;
    loaded.design = std::move(*design);
    loaded.items = std::move(items);
    return loaded;
}

void printDesignEstimate(const AuditDesign& design, const DesignEstimate& estimate, std::ostream& out)
{
    out << "design: " << estimate.items << " items x " << design.judges.size() << " judges x "
        << design.formats.size() << " formats -> " << estimate.judgments << " judgments, " << estimate.calls
        << " requests\n";
    out << "estimate: " << qRound64(estimate.tokensIn) << " tokens in, " << qRound64(estimate.tokensOut)
        << " tokens out, " << usdText(estimate.costUsd).toStdString() << ", about "
        << QString::number(estimate.durationS / 60.0, 'f', 1).toStdString() << " min\n";
    for (const auto& judge : estimate.judges)
        out << "  " << judge.judge.toStdString() << ": " << judge.calls << " requests, "
            << usdText(judge.costUsd).toStdString() << ", about "
            << QString::number(judge.durationS / 60.0, 'f', 1).toStdString() << " min\n";
}

void printRerunHint()
{
    std::cerr << Msg::tr(
                     "note: to keep both, record the change as a condition of the design (\"conditions\"); "
                     "to buy these judgments again and replace the recorded ones, run the same command "
                     "with --rerun")
                     .toStdString()
              << '\n';
}

void printUnverifiedNote(std::uint64_t judgments)
{
    std::cerr << Msg::tr("note: %n recorded judgment(s) carry no record of how they were asked (imported, or "
                         "written by an older version): kept as they are, not sent again",
                         nullptr, static_cast<int>(std::min<std::uint64_t>(judgments, 1u << 30)))
                     .toStdString()
              << '\n';
}

} // namespace tribunal::cli
