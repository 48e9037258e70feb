#include "judgesimconfig.h"

#include "jsonobjectfile.h"

#include <QJsonValue>

#include <cmath>
#include <initializer_list>

namespace tribunal {
namespace {

// Refuses keys not in `allowed`, so a misspelt key is an error rather than a silently ignored setting.
bool checkKeys(const QJsonObject& json, const QString& prefix, std::initializer_list<const char*> allowed,
               QString* error)
{
    for (auto it = json.begin(); it != json.end(); ++it) {
        bool known = false;
        for (const char* key : allowed)
            known = known || it.key() == QLatin1String(key);
        if (!known) {
            *error = QStringLiteral("%1%2: unknown key").arg(prefix, it.key());
            return false;
        }
    }
    return true;
}

// A range bound as written in messages: whole numbers in full ("9007199254740992", not "9.007e+15").
QString boundText(double value)
{
    if (value == std::floor(value) && std::abs(value) < 1e18)
        return QString::number(static_cast<qint64>(value));
    return QString::number(value, 'g', 12);
}

// Reads an optional number in [lo, hi] into *out.
bool readNumber(const QJsonObject& json, const QString& prefix, const char* key, double lo, double hi,
                double* out, QString* error)
{
    const QJsonValue value = json.value(QLatin1String(key));
    if (value.isUndefined())
        return true;
    if (!value.isDouble() || !(value.toDouble() >= lo && value.toDouble() <= hi)) {
        *error = QStringLiteral("%1%2: must be a number in [%3, %4]")
                     .arg(prefix, QLatin1String(key), boundText(lo), boundText(hi));
        return false;
    }
    *out = value.toDouble();
    return true;
}

bool readWhole(const QJsonObject& json, const QString& prefix, const char* key, double lo, double hi,
               double* out, QString* error)
{
    double value = *out;
    if (!readNumber(json, prefix, key, lo, hi, &value, error))
        return false;
    if (value != std::floor(value)) {
        *error = QStringLiteral("%1%2: must be a whole number").arg(prefix, QLatin1String(key));
        return false;
    }
    *out = value;
    return true;
}

bool readModel(const QJsonObject& json, const QString& prefix, JudgeSimModel* model, QString* error)
{
    if (!checkKeys(json, prefix,
                   {"accuracy", "position_bias", "consistency", "cue_effect", "latency_ms",
                    "logprobs_sharpness", "rationale_tokens"},
                   error))
        return false;
    double tokens = model->rationaleTokens;
    if (!readNumber(json, prefix, "accuracy", 0.0, 1.0, &model->behaviour.accuracy, error) ||
        !readNumber(json, prefix, "position_bias", 0.0, 1.0, &model->behaviour.positionBias, error) ||
        !readNumber(json, prefix, "consistency", 0.5, 1.0, &model->behaviour.consistency, error) ||
        !readNumber(json, prefix, "cue_effect", 0.0, 1.0, &model->cueEffect, error) ||
        !readNumber(json, prefix, "latency_ms", 0.0, 600000.0, &model->latencyMs, error) ||
        !readNumber(json, prefix, "logprobs_sharpness", 0.5, 1.0, &model->logprobsSharpness, error) ||
        !readWhole(json, prefix, "rationale_tokens", 1.0, 4096.0, &tokens, error))
        return false;
    model->rationaleTokens = static_cast<int>(tokens);
    return true;
}

bool readFaults(const QJsonObject& json, JudgeSimFaults* faults, QString* error)
{
    const QString prefix = QStringLiteral("faults.");
    if (!checkKeys(json, prefix,
                   {"rate_429", "retry_after_s", "rate_500", "rate_timeout", "rate_malformed", "fail_first",
                    "fail_first_kind"},
                   error))
        return false;
    double failFirst = faults->failFirst;
    if (!readNumber(json, prefix, "rate_429", 0.0, 1.0, &faults->rate429, error) ||
        !readNumber(json, prefix, "retry_after_s", 0.0, 86400.0, &faults->retryAfterS, error) ||
        !readNumber(json, prefix, "rate_500", 0.0, 1.0, &faults->rate500, error) ||
        !readNumber(json, prefix, "rate_timeout", 0.0, 1.0, &faults->rateTimeout, error) ||
        !readNumber(json, prefix, "rate_malformed", 0.0, 1.0, &faults->rateMalformed, error) ||
        !readWhole(json, prefix, "fail_first", 0.0, 1e9, &failFirst, error))
        return false;
    faults->failFirst = static_cast<int>(failFirst);
    const QJsonValue kind = json.value(QLatin1String("fail_first_kind"));
    if (!kind.isUndefined()) {
        const auto parsed = kind.isString() ? judgeSimFaultFromName(kind.toString()) : std::nullopt;
        if (!parsed || *parsed == JudgeSimFault::None) {
            *error = prefix + QStringLiteral("fail_first_kind: must be one of 429, 500, timeout, malformed");
            return false;
        }
        faults->failFirstKind = *parsed;
    }
    const double sum = faults->rate429 + faults->rate500 + faults->rateTimeout + faults->rateMalformed;
    if (sum > 1.0 + 1e-12) {
        *error = QStringLiteral("faults: the four rates must sum to at most 1 (they sum to %1)").arg(sum);
        return false;
    }
    return true;
}

} // namespace

QString judgeSimFaultName(JudgeSimFault fault)
{
    switch (fault) {
    case JudgeSimFault::None:
        return {};
    case JudgeSimFault::RateLimited:
        return QStringLiteral("429");
    case JudgeSimFault::ServerError:
        return QStringLiteral("500");
    case JudgeSimFault::Timeout:
        return QStringLiteral("timeout");
    case JudgeSimFault::Malformed:
        return QStringLiteral("malformed");
    }
    return {};
}

std::optional<JudgeSimFault> judgeSimFaultFromName(const QString& name)
{
    for (JudgeSimFault fault : {JudgeSimFault::None, JudgeSimFault::RateLimited, JudgeSimFault::ServerError,
                                JudgeSimFault::Timeout, JudgeSimFault::Malformed})
        if (judgeSimFaultName(fault) == name)
            return fault;
    return std::nullopt;
}

std::optional<JudgeSimConfig> judgeSimConfigFromJson(const QJsonObject& json, QString* error)
{
    JudgeSimConfig config;
    if (!checkKeys(json, QString(), {"seed", "models", "faults", "max_body_bytes"}, error))
        return std::nullopt;
    // 2^53: the largest whole number a JSON double holds exactly.
    double seed = static_cast<double>(config.seed);
    double maxBody = static_cast<double>(config.maxBodyBytes);
    if (!readWhole(json, QString(), "seed", 0.0, 9007199254740992.0, &seed, error) ||
        !readWhole(json, QString(), "max_body_bytes", 1.0, 1073741824.0, &maxBody, error))
        return std::nullopt;
    config.seed = static_cast<quint64>(seed);
    config.maxBodyBytes = static_cast<qint64>(maxBody);

    const QJsonValue models = json.value(QLatin1String("models"));
    if (!models.isUndefined()) {
        if (!models.isObject()) {
            *error = QStringLiteral("models: must be an object of model id -> behaviour");
            return std::nullopt;
        }
        const QJsonObject object = models.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString prefix = QStringLiteral("models.%1.").arg(it.key());
            if (it.key().isEmpty()) {
                *error = QStringLiteral("models: a model id must not be empty");
                return std::nullopt;
            }
            if (!it.value().isObject()) {
                *error = QStringLiteral("models.%1: must be an object").arg(it.key());
                return std::nullopt;
            }
            JudgeSimModel model;
            if (!readModel(it.value().toObject(), prefix, &model, error))
                return std::nullopt;
            config.models[it.key()] = model;
        }
    }
    const QJsonValue faults = json.value(QLatin1String("faults"));
    if (!faults.isUndefined()) {
        if (!faults.isObject()) {
            *error = QStringLiteral("faults: must be an object");
            return std::nullopt;
        }
        if (!readFaults(faults.toObject(), &config.faults, error))
            return std::nullopt;
    }
    return config;
}

std::optional<JudgeSimConfig> readJudgeSimConfig(const QString& path, QString* error)
{
    // readJsonObjectFile's texts are this file's ("cannot read", "not JSON: ... at offset", "must be a JSON
    // object").
    const auto json = readJsonObjectFile(path, error);
    if (!json)
        return std::nullopt;
    QString reason;
    auto config = judgeSimConfigFromJson(*json, &reason);
    if (!config)
        *error = path + QStringLiteral(": ") + reason;
    return config;
}

QJsonObject judgeSimConfigToJson(const JudgeSimConfig& config)
{
    QJsonObject models;
    for (const auto& [id, model] : config.models)
        models.insert(id, QJsonObject{{QStringLiteral("accuracy"), model.behaviour.accuracy},
                                      {QStringLiteral("position_bias"), model.behaviour.positionBias},
                                      {QStringLiteral("consistency"), model.behaviour.consistency},
                                      {QStringLiteral("cue_effect"), model.cueEffect},
                                      {QStringLiteral("latency_ms"), model.latencyMs},
                                      {QStringLiteral("logprobs_sharpness"), model.logprobsSharpness},
                                      {QStringLiteral("rationale_tokens"), model.rationaleTokens}});
    const JudgeSimFaults& f = config.faults;
    QJsonObject faults{{QStringLiteral("rate_429"), f.rate429},
                       {QStringLiteral("retry_after_s"), f.retryAfterS},
                       {QStringLiteral("rate_500"), f.rate500},
                       {QStringLiteral("rate_timeout"), f.rateTimeout},
                       {QStringLiteral("rate_malformed"), f.rateMalformed},
                       {QStringLiteral("fail_first"), f.failFirst}};
    if (f.failFirstKind != JudgeSimFault::None)
        faults.insert(QStringLiteral("fail_first_kind"), judgeSimFaultName(f.failFirstKind));
    return QJsonObject{{QStringLiteral("seed"), static_cast<double>(config.seed)},
                       {QStringLiteral("models"), models},
                       {QStringLiteral("faults"), faults},
                       {QStringLiteral("max_body_bytes"), static_cast<double>(config.maxBodyBytes)}};
}

} // namespace tribunal
