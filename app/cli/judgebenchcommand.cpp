// judgebench-score: JudgeBench's own headline score (ScalerLab/JudgeBench utils/metrics.py, printed per
// source prefix and overall by run_judge.py @e2c52c28 as "{score:.2f}%") recomputed on imported judgments, so
// that an import can be checked against the number the harness printed. Every number comes from tribunal_core
// (analysis/judgebenchscore.h); this file loads the input and writes.

#include "labelnotes.h"
#include "registry.h"
#include "trustcli_common.h"

#include "analysis/judgebenchscore.h"
#include "report/jsonwriter.h"

#include <algorithm>
#include <charconv>
#include <iostream>
#include <string>
#include <system_error>
#include <vector>

namespace tribunal::cli {
namespace {

/// One printed row: a cell and one of its domains.
struct ScoreRow {
    std::string judge, format, dataset, condition;
    int games = 2;
    const JudgeBenchDomainScore* domain = nullptr;
};

/// `key=value;...` of a condition ("" for none).
std::string conditionText(const Audit& audit, CondId id)
{
    std::string out;
    for (const auto& [key, value] : audit.conditions()[id]) {
        if (!out.empty())
            out += ';';
        out.append(audit.str(key)).append("=").append(audit.str(value));
    }
    return out;
}

/// Rows in cell order, each cell's domains in upstream's order; a prefix without pairs is left out (upstream
/// would divide by zero there), Overall never.
std::vector<ScoreRow> scoreRows(const Audit& audit, const std::vector<JudgeBenchCellScore>& scores)
{
    std::vector<ScoreRow> rows;
    for (const auto& score : scores) {
        const Cell& cell = audit.cells()[score.cell];
        for (const auto& domain : score.domains) {
            if (domain.pairs == 0 && &domain != &score.domains.back())
                continue;
            ScoreRow row;
            row.judge = audit.str(cell.judge);
            row.format = audit.str(cell.format);
            row.dataset = audit.str(cell.dataset);
            row.condition = conditionText(audit, cell.condition);
            row.games = score.doubleGame ? 2 : 1;
            row.domain = &domain;
            rows.push_back(std::move(row));
        }
    }
    return rows;
}

std::string scoreText(double score)
{
    if (isMissing(score))
        return "n/a";
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, score, std::chars_format::fixed, 2);
    return ec == std::errc() ? std::string(buffer, end) : std::string("n/a"); // |score| <= 100 always fits
}

/// A plain table, columns padded to their widest cell and separated by two spaces.
std::string writeText(const std::vector<ScoreRow>& rows)
{
    const bool conditions =
        std::any_of(rows.begin(), rows.end(), [](const ScoreRow& r) { return !r.condition.empty(); });
    std::vector<std::vector<std::string>> table;
    table.push_back({"judge", "format", "dataset"});
    if (conditions)
        table.back().push_back("condition");
    table.back().insert(table.back().end(), {"games", "domain", "pairs", "correct", "score"});
    for (const auto& r : rows) {
        table.push_back({r.judge, r.format, r.dataset});
        if (conditions)
            table.back().push_back(r.condition);
        table.back().insert(table.back().end(),
                            {std::to_string(r.games), std::string(r.domain->domain),
                             std::to_string(r.domain->pairs), std::to_string(r.domain->correct),
                             scoreText(r.domain->score)});
    }
    std::vector<std::size_t> width(table.front().size(), 0);
    for (const auto& line : table)
        for (std::size_t c = 0; c < line.size(); ++c)
            width[c] = std::max(width[c], line[c].size());
    std::string out;
    for (const auto& line : table) {
        std::string text;
        for (std::size_t c = 0; c < line.size(); ++c) {
            text += line[c];
            if (c + 1 < line.size())
                text.append(width[c] - line[c].size() + 2, ' ');
        }
        out += text + '\n';
    }
    return out;
}

/// An array of flat objects; `score` in percent, unrounded (null when the domain has no pair).
std::string writeJson(const std::vector<ScoreRow>& rows)
{
    std::string out;
    JsonWriter json(out);
    json.beginArray();
    for (const auto& r : rows) {
        json.beginObject();
        json.key("judge").value(r.judge);
        json.key("format").value(r.format);
        json.key("dataset").value(r.dataset);
        json.key("condition").value(r.condition);
        json.key("games").value(r.games);
        json.key("domain").value(r.domain->domain);
        json.key("pairs").value(r.domain->pairs);
        json.key("correct").value(r.domain->correct);
        json.key("score").value(r.domain->score);
        json.endObject();
    }
    json.endArray();
    out += '\n';
    return out;
}

} // namespace

const QCommandLineOption kJson("json", QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                         "Write a JSON array instead of the text table."));

void defineJudgeBenchScore(CommandParser& parser)
{
    parser.setApplicationDescription(Msg::tr(
        "JudgeBench's own score (utils/metrics.py): per cell and source prefix (mmlu-pro, "
        "livebench-reasoning, livebench-math, livecodebench, Overall) the labelled pairs, the pairs "
        "judged correct (both games: +1 for the label, -1 for the other response, correct when the sum "
        "> 0) and 100 * correct / pairs."));
    parser.addPositionalArgument("input", Msg::tr("A project or judgment files (JudgeBench outputs .jsonl)."),
                                 "AUDIT_FILES...");
    addOptions(parser, {kOut, kInputFormat, kSkipBad, kJson});
}

int runJudgeBenchScore(const QCommandLineParser& parser)
{
    QString error;
    const auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty())
        return usage(Msg::tr("judgebench-score needs a project or judgment files"));
    int exitCode = kOk;
    const AuditPtr audit = loadJudgmentAudit(parser, inputs, &exitCode);
    if (!audit)
        return exitCode;
    noteMissingLabels(*audit, LabelScope::PairwiseItems, "score", inputs);
    const auto scores = judgeBenchScores(*audit);
    if (scores.empty()) {
        std::cerr << Msg::tr("no cell has a labelled pairwise item: nothing to score").toStdString() << '\n';
        return kBadInput;
    }
    const auto rows = scoreRows(*audit, scores);
    return writeOutput(parser, parser.isSet(kJson) ? writeJson(rows) : writeText(rows));
}

const Command& judgeBenchScoreCommand()
{
    static const Command command{"judgebench-score", defineJudgeBenchScore, runJudgeBenchScore, {}, {}};
    return command;
}

} // namespace tribunal::cli
