#include "rubriccli_common.h"

#include "analysis/rubricdefaults.h"

#include <algorithm>
#include <iostream>
#include <set>
#include <string>
#include <tuple>

namespace tribunal::cli {

// The descriptions are looked up in the catalogue by addOptions() (common.h).
const QCommandLineOption kRounding("rounding",
                                   QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                     "R1 rule for a raters' mean half-way between levels: "
                                                     "half-up (default), half-down, or unrounded (half-up "
                                                     "labels, offsets against the mean)."),
                                   "half-up|half-down|unrounded", "half-up");
const QCommandLineOption
    kThreads("threads", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Worker threads (default: all cores)."), "N",
             "0");

std::optional<LabelRounding> rounding(const QCommandLineParser& parser, QString* error)
{
    const QString name = parser.value(kRounding);
    if (name == "half-up")
        return LabelRounding::HalfUp;
    if (name == "half-down")
        return LabelRounding::HalfDown;
    if (name == "unrounded")
        return LabelRounding::Unrounded;
    *error = Msg::tr("unknown --rounding '%1' (expected half-up, half-down or unrounded)").arg(name);
    return std::nullopt;
}

bool hasRubricItems(const Audit& audit)
{
    for (TaskKind kind : audit.items().kind)
        if (kind != TaskKind::Pairwise)
            return true;
    return false;
}

int noRubricItems()
{
    std::cerr << Msg::tr("no rubric items in the input (no item of kind binary or ordinal)").toStdString()
              << '\n';
    return kBadInput;
}

std::optional<QStringList> commonChecks(const QCommandLineParser& parser, const char* command, int* exitCode)
{
    const auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty()) {
        *exitCode = usage(Msg::tr("%1 needs a project or judgment files").arg(QString::fromUtf8(command)));
        return std::nullopt;
    }
    if (!isLatex(parser) && !tableFormat(parser.value(kTableFormat))) {
        *exitCode = usage(unknownFormat(parser));
        return std::nullopt;
    }
    return inputs;
}

std::optional<QStringList> judgeListOption(const QCommandLineParser& parser, const QCommandLineOption& option,
                                           QString* error)
{
    QStringList names;
    for (const QString& part : parser.value(option).split(',', Qt::SkipEmptyParts)) {
        const QString name = part.trimmed();
        if (name.isEmpty())
            continue;
        if (names.contains(name)) {
            *error = Msg::tr("--%1: '%2' is listed twice").arg(option.names().constLast(), name);
            return std::nullopt;
        }
        names.push_back(name);
    }
    return names;
}

std::optional<CascadeJudgeTexts> cascadeJudgeTexts(const QCommandLineParser& parser,
                                                   const QCommandLineOption& fallbacks,
                                                   const QCommandLineOption& singles, QString* error)
{
    const auto fallbackTexts = judgeListOption(parser, fallbacks, error);
    const auto singleTexts = fallbackTexts ? judgeListOption(parser, singles, error) : std::nullopt;
    if (!singleTexts)
        return std::nullopt;
    if (fallbackTexts->isEmpty()) {
        *error = Msg::tr("--fallbacks: at least one judge needed");
        return std::nullopt;
    }
    CascadeJudgeTexts texts;
    texts.fallbacks = *fallbackTexts;
    texts.singles = *singleTexts;
    return texts;
}

namespace {

bool hasCell(const Audit& audit, StrId judge, const StrId* format)
{
    return std::any_of(audit.cells().begin(), audit.cells().end(),
                       [&](const Cell& c) { return c.judge == judge && (!format || c.format == *format); });
}

} // namespace

std::optional<JudgeName> findJudge(const Audit& audit, const QString& text, int* exitCode)
{
    JudgeName name;
    name.text = text;
    const auto whole = audit.strings().find(text.toStdString());
    if (whole && hasCell(audit, *whole, nullptr)) {
        name.judge = *whole;
        return name;
    }
    const auto at = text.lastIndexOf('@');
    if (at > 0) {
        const auto judge = audit.strings().find(text.left(at).toStdString());
        const auto format = audit.strings().find(text.mid(at + 1).toStdString());
        if (judge && format && hasCell(audit, *judge, &*format)) {
            name.judge = *judge;
            name.format = *format;
            name.hasFormat = true;
            return name;
        }
    }
    std::cerr << Msg::tr("unknown judge '%1' (no judgment of that judge)").arg(text).toStdString() << '\n';
    *exitCode = kBadInput;
    return std::nullopt;
}

std::optional<std::vector<StrId>> rubricPanels(const Audit& audit, const QCommandLineParser& parser,
                                               const QCommandLineOption& panelOption, int* exitCode)
{
    // The rule is core's (the docks' panel lists use it too); --panel narrows it to one of them.
    std::vector<StrId> panels = tribunal::rubricPanels(audit);
    if (!parser.isSet(panelOption))
        return panels;
    const std::string name = parser.value(panelOption).toStdString();
    const auto id = audit.strings().find(name);
    if (!id || std::find(panels.begin(), panels.end(), *id) == panels.end()) {
        std::cerr << Msg::tr("no rubric panel '%1' in the input").arg(parser.value(panelOption)).toStdString()
                  << '\n';
        *exitCode = kBadInput;
        return std::nullopt;
    }
    return std::vector<StrId>{*id};
}

std::optional<std::vector<StrId>> judgeIds(const Audit& audit, const QStringList& names, int* exitCode)
{
    std::vector<StrId> judges;
    for (const QString& name : names) {
        const auto id = audit.strings().find(name.toStdString());
        bool judged = false;
        for (const Cell& cell : audit.cells())
            judged = judged || (id && cell.judge == *id);
        if (!judged) {
            std::cerr << Msg::tr("unknown judge '%1' (no judgment of that judge)").arg(name).toStdString()
                      << '\n';
            *exitCode = kBadInput;
            return std::nullopt;
        }
        judges.push_back(*id);
    }
    return judges;
}

std::optional<StrId> namedPanel(const Audit& audit, const QCommandLineParser& parser,
                                const QCommandLineOption& panelOption, int* exitCode)
{
    if (!parser.isSet(panelOption))
        return kEmptyStr;
    const std::string name = parser.value(panelOption).toStdString();
    const auto id = audit.strings().find(name);
    bool found = false;
    for (std::size_t i = 0; i < audit.itemCount() && id; ++i)
        found = found || (audit.items().dataset[i] == *id && audit.items().kind[i] != TaskKind::Pairwise);
    if (!found) {
        std::cerr << Msg::tr("no rubric panel '%1' in the input").arg(parser.value(panelOption)).toStdString()
                  << '\n';
        *exitCode = kBadInput;
        return std::nullopt;
    }
    return *id;
}

JudgeLookup lookupJudge(const Audit& audit, StrId panel, const JudgeName& name, const QString& option,
                        JudgeKey* key, QString* error)
{
    std::set<std::tuple<std::string, StrId, CondId>> found; // (format text, format, condition)
    for (const Cell& c : audit.cells())
        if (c.test == kEmptyStr && c.dataset == panel && c.judge == name.judge &&
            (!name.hasFormat || c.format == name.format))
            found.insert({std::string(audit.str(c.format)), c.format, c.condition});
    if (found.empty())
        return JudgeLookup::Absent;
    std::set<std::string> formats;
    for (const auto& f : found)
        formats.insert(std::get<0>(f));
    if (formats.size() > 1) {
        QStringList list;
        for (const std::string& f : formats)
            list.push_back(QString::fromStdString(f));
        *error = Msg::tr("%1: judge '%2' has several formats on panel '%3' (%4): write %2@FORMAT")
                     .arg(option, name.text, QString::fromStdString(std::string(audit.str(panel))),
                          list.join(", "));
        return JudgeLookup::Ambiguous;
    }
    if (found.size() > 1) {
        *error = Msg::tr("%1: judge '%2@%3' has several conditions on panel '%4'")
                     .arg(option, QString::fromStdString(std::string(audit.str(name.judge))),
                          QString::fromStdString(*formats.begin()),
                          QString::fromStdString(std::string(audit.str(panel))));
        return JudgeLookup::Ambiguous;
    }
    const auto& [text, format, condition] = *found.begin();
    *key = JudgeKey{name.judge, format, condition};
    return JudgeLookup::Found;
}

} // namespace tribunal::cli
