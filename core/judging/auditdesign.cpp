#include "auditdesign.h"

#include "jsonobjectfile.h"
#include "promptitems.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>

#include <algorithm>
#include <map>

namespace tribunal {
namespace {

bool fail(QString* error, const QString& key, const QString& reason)
{
    *error = key + QStringLiteral(": ") + reason;
    return false;
}

bool readStringList(const QJsonObject& json, const char* key, QStringList* out, QString* error)
{
    const QJsonValue value = json.value(QLatin1String(key));
    if (value.isUndefined())
        return true;
    if (!value.isArray())
        return fail(error, QLatin1String(key), QStringLiteral("must be a list of strings"));
    const QJsonArray list = value.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (!list[i].isString() || list[i].toString().isEmpty())
            return fail(error, QStringLiteral("%1[%2]").arg(QLatin1String(key)).arg(i),
                        QStringLiteral("must be a non-empty string"));
        out->append(list[i].toString());
    }
    return true;
}

bool readCount(const QJsonObject& json, const char* key, int lo, int hi, int* out, QString* error)
{
    const QJsonValue value = json.value(QLatin1String(key));
    if (value.isUndefined())
        return true;
    const double number = value.toDouble(-1.0);
    if (!value.isDouble() || number != static_cast<double>(static_cast<int>(number)) || number < lo ||
        number > hi)
        return fail(error, QLatin1String(key),
                    QStringLiteral("must be a whole number in [%1, %2]").arg(lo).arg(hi));
    *out = static_cast<int>(number);
    return true;
}

QString conditionText(const QJsonValue& value)
{
    if (value.isString())
        return value.toString();
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    return QString::number(value.toDouble(), 'g', 12);
}

// Average characters per token of English prose for the estimate (OpenAI's rule of thumb).
constexpr double kCharsPerToken = 4.0;

double assumedTokensOut(PromptFormat format, int maxTokens)
{
    return std::min(format == PromptFormat::Direct ? 2.0 : 250.0, static_cast<double>(maxTokens));
}

} // namespace

std::optional<AuditDesign> designFromJson(const QJsonObject& json, const QString& baseDir, QString* error)
{
    static const QStringList known{
        QStringLiteral("items"),    QStringLiteral("datasets"),   QStringLiteral("max_items_per_dataset"),
        QStringLiteral("judges"),   QStringLiteral("formats"),    QStringLiteral("orders"),
        QStringLiteral("runs"),     QStringLiteral("conditions"), QStringLiteral("bias"),
        QStringLiteral("bias_runs")};
    for (auto it = json.begin(); it != json.end(); ++it)
        if (!known.contains(it.key())) {
            fail(error, it.key(),
                 QStringLiteral("unknown key (known: %1)").arg(known.join(QStringLiteral(", "))));
            return std::nullopt;
        }
    AuditDesign design;
    QStringList items, formats, orders;
    if (!readStringList(json, "items", &items, error) ||
        !readStringList(json, "datasets", &design.datasets, error) ||
        !readStringList(json, "formats", &formats, error) ||
        !readStringList(json, "orders", &orders, error) ||
        !readCount(json, "max_items_per_dataset", 0, 1 << 30, &design.maxItemsPerDataset, error) ||
        !readCount(json, "runs", 1, 1000, &design.runs, error) ||
        !readCount(json, "bias_runs", 1, 1000, &design.biasRuns, error))
        return std::nullopt;
    if (items.isEmpty()) {
        fail(error, QStringLiteral("items"), QStringLiteral("missing: name at least one file of items"));
        return std::nullopt;
    }
    for (const auto& path : items)
        design.itemSources.append(QDir::cleanPath(QDir(baseDir).absoluteFilePath(path)));
    if (formats.isEmpty()) {
        fail(error, QStringLiteral("formats"), QStringLiteral("missing: name at least one prompt format"));
        return std::nullopt;
    }
    for (qsizetype i = 0; i < formats.size(); ++i) {
        const auto format = promptFormatFromName(formats[i].toStdString());
        if (!format) {
            QStringList names;
            for (auto f : allPromptFormats())
                names.append(QString::fromUtf8(promptFormatName(f).data()));
            fail(error, QStringLiteral("formats[%1]").arg(i),
                 QStringLiteral("unknown format \"%1\" (known: %2)")
                     .arg(formats[i], names.join(QStringLiteral(", "))));
            return std::nullopt;
        }
        // Once each: a task names its format by a one-byte index.
        if (std::find(design.formats.begin(), design.formats.end(), *format) != design.formats.end()) {
            fail(error, QStringLiteral("formats[%1]").arg(i),
                 QStringLiteral("\"%1\" is listed twice").arg(formats[i]));
            return std::nullopt;
        }
        design.formats.push_back(*format);
    }
    if (!orders.isEmpty()) {
        design.orders.clear();
        for (qsizetype i = 0; i < orders.size(); ++i) {
            const auto order = parseOrder(orders[i].toStdString());
            if (!order || *order == Order::None ||
                std::find(design.orders.begin(), design.orders.end(), *order) != design.orders.end()) {
                fail(error, QStringLiteral("orders[%1]").arg(i),
                     QStringLiteral("must be AB or BA, each once"));
                return std::nullopt;
            }
            design.orders.push_back(*order);
        }
    }
    const QJsonValue judges = json.value(QStringLiteral("judges"));
    if (!judges.isArray() || judges.toArray().isEmpty()) {
        fail(error, QStringLiteral("judges"),
             QStringLiteral("must be a non-empty list of judge configurations"));
        return std::nullopt;
    }
    // A task names its judge by a two-byte index.
    if (constexpr qsizetype kMaxJudges = 65535; judges.toArray().size() > kMaxJudges) {
        fail(error, QStringLiteral("judges"), QStringLiteral("more than %1 judges").arg(kMaxJudges));
        return std::nullopt;
    }
    for (qsizetype i = 0; i < judges.toArray().size(); ++i) {
        const QJsonValue judge = judges.toArray()[i];
        if (!judge.isObject()) {
            fail(error, QStringLiteral("judges[%1]").arg(i), QStringLiteral("must be an object"));
            return std::nullopt;
        }
        QString why;
        const auto config = judgeConfigFromJson(judge.toObject(), &why);
        if (!config) {
            *error = QStringLiteral("judges[%1].%2").arg(i).arg(why); // why = "<field>: <reason>"
            return std::nullopt;
        }
        for (const auto& other : design.judges)
            if (other.name == config->name) {
                fail(error, QStringLiteral("judges[%1].name").arg(i),
                     QStringLiteral("\"%1\" is used twice").arg(config->name));
                return std::nullopt;
            }
        design.judges.push_back(*config);
    }
    const QJsonValue conditions = json.value(QStringLiteral("conditions"));
    if (!conditions.isUndefined()) {
        if (!conditions.isArray()) {
            fail(error, QStringLiteral("conditions"), QStringLiteral("must be a list of objects"));
            return std::nullopt;
        }
        for (qsizetype i = 0; i < conditions.toArray().size(); ++i) {
            const QJsonValue condition = conditions.toArray()[i];
            if (!condition.isObject()) {
                fail(error, QStringLiteral("conditions[%1]").arg(i), QStringLiteral("must be an object"));
                return std::nullopt;
            }
            const QJsonObject object = condition.toObject();
            for (auto it = object.begin(); it != object.end(); ++it)
                if (it->isObject() || it->isArray() || it->isNull()) {
                    fail(error, QStringLiteral("conditions[%1].%2").arg(i).arg(it.key()),
                         QStringLiteral("must be a string, number or true/false"));
                    return std::nullopt;
                }
            const QJsonValue temperature = object.value(QStringLiteral("temperature"));
            if (!temperature.isUndefined() &&
                (!temperature.isDouble() || temperature.toDouble() < 0 || temperature.toDouble() > 2)) {
                fail(error, QStringLiteral("conditions[%1].temperature").arg(i),
                     QStringLiteral("must be a number in [0, 2]"));
                return std::nullopt;
            }
            design.conditions.push_back(object);
        }
    }
    const QJsonValue bias = json.value(QStringLiteral("bias"));
    if (!bias.isUndefined()) {
        if (!bias.isArray()) {
            fail(error, QStringLiteral("bias"), QStringLiteral("must be a list of objects"));
            return std::nullopt;
        }
        for (qsizetype i = 0; i < bias.toArray().size(); ++i) {
            const QJsonObject entry = bias.toArray()[i].toObject();
            DesignBias b;
            b.test = entry.value(QStringLiteral("test")).toString();
            b.version = entry.value(QStringLiteral("version")).toString();
            const auto cue = parseCue(
                entry.value(QStringLiteral("cue_on")).toString(QStringLiteral("worse")).toStdString());
            if (!cue || *cue == Cue::None) {
                fail(error, QStringLiteral("bias[%1].cue_on").arg(i),
                     QStringLiteral("must be better or worse"));
                return std::nullopt;
            }
            b.cueOn = *cue;
            Perturbation probe;
            probe.test = b.test;
            probe.version = b.version;
            const QString why = validatePerturbation(probe);
            if (!why.isEmpty()) {
                fail(error, QStringLiteral("bias[%1]").arg(i), why);
                return std::nullopt;
            }
            design.bias.push_back(b);
        }
    }
    return design;
}

std::optional<AuditDesign> readDesignFile(const QString& path, QString* error)
{
    JsonObjectFileProblem problem;
    const auto json = readJsonObjectFile(path, error, &problem);
    if (!json) {
        // This file's own wording for a file that is not a JSON object (the parser's message when it is not
        // JSON at all); "cannot read" is the shared text.
        if (problem.kind == JsonObjectFileProblem::Kind::NotJson)
            *error = path + QStringLiteral(": not a JSON object") +
                     QStringLiteral(" (%1 at byte %2)").arg(problem.reason).arg(problem.offset);
        else if (problem.kind == JsonObjectFileProblem::Kind::NotObject)
            *error = path + QStringLiteral(": not a JSON object");
        return std::nullopt;
    }
    QString why;
    auto design = designFromJson(*json, QFileInfo(path).absolutePath(), &why);
    if (!design)
        *error = path + QStringLiteral(": ") + why;
    return design;
}

QJsonObject designToJson(const AuditDesign& design)
{
    QJsonObject json;
    json.insert(QStringLiteral("items"), QJsonArray::fromStringList(design.itemSources));
    if (!design.datasets.isEmpty())
        json.insert(QStringLiteral("datasets"), QJsonArray::fromStringList(design.datasets));
    if (design.maxItemsPerDataset > 0)
        json.insert(QStringLiteral("max_items_per_dataset"), design.maxItemsPerDataset);
    QJsonArray judges, formats, orders, conditions, bias;
    for (const auto& judge : design.judges)
        judges.append(judgeConfigToJson(judge));
    for (auto format : design.formats)
        formats.append(QString::fromUtf8(promptFormatName(format).data()));
    for (auto order : design.orders)
        orders.append(QString::fromUtf8(orderName(order).data()));
    for (const auto& condition : design.conditions)
        conditions.append(condition);
    for (const auto& b : design.bias)
        bias.append(QJsonObject{{QStringLiteral("test"), b.test},
                                {QStringLiteral("version"), b.version},
                                {QStringLiteral("cue_on"), QString::fromUtf8(cueName(b.cueOn).data())}});
    json.insert(QStringLiteral("judges"), judges);
    json.insert(QStringLiteral("formats"), formats);
    json.insert(QStringLiteral("orders"), orders);
    json.insert(QStringLiteral("runs"), design.runs);
    if (!conditions.isEmpty())
        json.insert(QStringLiteral("conditions"), conditions);
    if (!bias.isEmpty()) {
        json.insert(QStringLiteral("bias"), bias);
        json.insert(QStringLiteral("bias_runs"), design.biasRuns);
    }
    return json;
}

DesignExpansion expandDesign(const AuditDesign& design, const Audit& items)
{
    DesignExpansion out;
    const auto& table = items.items();
    std::map<StrId, int> perDataset;
    const std::size_t conditions = std::max<std::size_t>(1, design.conditions.size());
    for (std::uint32_t row = 0; row < table.size(); ++row) {
        const auto dataset = items.str(table.dataset[row]);
        if (!design.datasets.isEmpty() && !design.datasets.contains(QString::fromUtf8(
                                              dataset.data(), static_cast<qsizetype>(dataset.size()))))
            continue;
        const TaskKind kind = table.kind[row];
        const bool pairwise = kind == TaskKind::Pairwise;
        const bool used = std::any_of(design.formats.begin(), design.formats.end(),
                                      [&](PromptFormat f) { return isPairwiseFormat(f) == pairwise; });
        if (!used)
            continue;
        if (design.maxItemsPerDataset > 0 && perDataset[table.dataset[row]]++ >= design.maxItemsPerDataset)
            continue;
        out.items.push_back(row);
        const Answer label = table.label[row];
        const bool labelled = label == answer::kA || label == answer::kB;
        // Parsing keeps judges within uint16 and formats (each once) within uint8: the task's fields.
        for (std::size_t j = 0; j < design.judges.size(); ++j)
            for (std::size_t f = 0; f < design.formats.size(); ++f) {
                const PromptFormat format = design.formats[f];
                if (isPairwiseFormat(format) != pairwise)
                    continue;
                for (std::uint16_t c = 0; c < conditions; ++c) {
                    auto add = [&](Order order, int rep, int bias) {
                        DesignTask task;
                        task.item = row;
                        task.judge = static_cast<std::uint16_t>(j);
                        task.format = static_cast<std::uint8_t>(f);
                        task.order = order;
                        task.rep = static_cast<std::uint16_t>(rep);
                        task.condition = c;
                        task.bias = static_cast<std::int16_t>(bias);
                        out.tasks.push_back(task);
                        out.calls += static_cast<std::uint64_t>(callsPerJudgment(format));
                    };
                    const std::vector<Order> orders =
                        pairwise ? design.orders : std::vector<Order>{Order::None};
                    for (Order order : orders)
                        for (int rep = 1; rep <= design.runs; ++rep)
                            add(order, rep, -1);
                    if (!pairwise)
                        continue;
                    for (std::size_t b = 0; b < design.bias.size(); ++b)
                        for (Order order : orders)
                            for (int rep = 1; rep <= design.biasRuns; ++rep) {
                                if (!labelled) {
                                    ++out.skippedUnlabelledBias;
                                    continue;
                                }
                                add(order, rep, static_cast<int>(b));
                            }
                }
            }
    }
    return out;
}

QJsonObject conditionOf(const AuditDesign& design, const DesignTask& task)
{
    QJsonObject recorded;
    if (design.conditions.empty())
        return recorded;
    const QJsonObject& condition = design.conditions[task.condition];
    for (auto it = condition.begin(); it != condition.end(); ++it)
        recorded.insert(it.key(), conditionText(it.value()));
    return recorded;
}

ChatRequest requestOf(const AuditDesign& design, const Audit& items, const DesignTask& task, int call)
{
    const JudgeConfig& judge = design.judges[task.judge];
    const PromptFormat format = design.formats[task.format];
    PromptItem item = promptItemOf(items, task.item);
    if (task.bias >= 0) {
        const DesignBias& bias = design.bias[static_cast<std::size_t>(task.bias)];
        const Answer label = items.items().label[task.item];
        const Answer other = label == answer::kA ? answer::kB : answer::kA;
        Perturbation perturbation;
        perturbation.test = bias.test;
        perturbation.version = bias.version;
        perturbation.target = bias.cueOn == Cue::Better ? label : other;
        item = applyPerturbation(item, perturbation);
    }
    ChatRequest request;
    request.model = judge.model;
    request.messages = buildPrompt(format, item, task.order, call);
    request.temperature = judge.temperature;
    request.maxTokens = std::min(judge.maxTokens, suggestedMaxTokens(format));
    request.reasoningEffort = judge.reasoningEffort;
    request.logprobs = judge.logprobs;
    if (!design.conditions.empty()) {
        const QJsonObject& condition = design.conditions[task.condition];
        if (condition.contains(QStringLiteral("temperature")))
            request.temperature = condition.value(QStringLiteral("temperature")).toDouble();
        if (condition.contains(QStringLiteral("reasoning_effort")))
            request.reasoningEffort = conditionText(condition.value(QStringLiteral("reasoning_effort")));
    }
    return request;
}

QString taskCallHash(const AuditDesign& design, const ChatRequest& request, const DesignTask& task)
{
    const JudgeConfig& judge = design.judges[task.judge];
    return requestHash(judge.name, judge.completionsUrl(), chatRequestBody(request), task.rep);
}

std::vector<MissingTexts> itemsMissingTexts(const Audit& items, const DesignExpansion& expansion)
{
    const auto& table = items.items();
    std::map<std::string_view, MissingTexts> byDataset;
    for (std::uint32_t row : expansion.items) {
        const auto empty = [&](ItemText field) { return items.str(table.field(field, row)).empty(); };
        MissingTexts& entry = byDataset[items.str(table.dataset[row])];
        ++entry.items;
        bool lacks = false;
        if (table.kind[row] == TaskKind::Pairwise) {
            const bool question = empty(ItemText::Question);
            const bool responses = empty(ItemText::ResponseA) || empty(ItemText::ResponseB);
            entry.noQuestion += question ? 1 : 0;
            entry.noResponses += responses ? 1 : 0;
            lacks = question || responses;
        } else {
            const bool submission = empty(ItemText::Submission);
            const bool criterion = empty(ItemText::Criterion);
            entry.noSubmission += submission ? 1 : 0;
            entry.noCriterion += criterion ? 1 : 0;
            lacks = submission || criterion;
        }
        entry.missing += lacks ? 1 : 0;
    }
    std::vector<MissingTexts> out;
    for (auto& [dataset, entry] : byDataset)
        if (entry.missing > 0) {
            entry.dataset = QString::fromUtf8(dataset.data(), static_cast<qsizetype>(dataset.size()));
            out.push_back(entry);
        }
    return out;
}

DesignEstimate estimateDesign(const AuditDesign& design, const Audit& items, const DesignExpansion& expansion)
{
    DesignEstimate estimate;
    estimate.items = expansion.items.size();
    estimate.judgments = expansion.tasks.size();
    estimate.calls = expansion.calls;
    estimate.judges.resize(design.judges.size());
    std::vector<double> busyS(design.judges.size(), 0.0);
    for (std::size_t j = 0; j < design.judges.size(); ++j)
        estimate.judges[j].judge = design.judges[j].name;
    for (const DesignTask& task : expansion.tasks) {
        const PromptFormat format = design.formats[task.format];
        const JudgeConfig& judge = design.judges[task.judge];
        JudgeEstimate& row = estimate.judges[task.judge];
        for (int call = 0; call < callsPerJudgment(format); ++call) {
            const ChatRequest request = requestOf(design, items, task, call);
            qsizetype chars = 0;
            for (const auto& message : request.messages)
                chars += message.content.size();
            const double in = static_cast<double>(chars) / kCharsPerToken;
            const double out = assumedTokensOut(format, request.maxTokens);
            row.calls += 1;
            row.tokensIn += in;
            row.tokensOut += out;
            row.costUsd += (in * judge.priceInPerMTok + out * judge.priceOutPerMTok) / 1e6;
            busyS[task.judge] += 0.5 + out / 60.0;
        }
    }
    for (std::size_t j = 0; j < design.judges.size(); ++j) {
        JudgeEstimate& row = estimate.judges[j];
        const JudgeConfig& judge = design.judges[j];
        if (row.calls > 0) {
            const double latency = busyS[j] / static_cast<double>(row.calls);
            double rate = judge.requestsInFlight / latency;
            if (judge.requestsPerSecond > 0)
                rate = std::min(rate, judge.requestsPerSecond);
            row.durationS = static_cast<double>(row.calls) / rate;
        }
        estimate.tokensIn += row.tokensIn;
        estimate.tokensOut += row.tokensOut;
        estimate.costUsd += row.costUsd;
        estimate.durationS = std::max(estimate.durationS, row.durationS);
    }
    return estimate;
}

} // namespace tribunal
