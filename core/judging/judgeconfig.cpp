#include "judgeconfig.h"

#include "redaction.h"

#include <QJsonValue>
#include <QtGlobal>

namespace tribunal {

QUrl JudgeConfig::completionsUrl() const
{
    QUrl url = baseUrl;
    QString path = url.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    url.setPath(path + QStringLiteral("/chat/completions"));
    return url;
}

QByteArray JudgeConfig::apiKey() const
{
    if (apiKeyEnv.isEmpty())
        return {};
    return qgetenv(apiKeyEnv.toLocal8Bit().constData());
}

QString JudgeConfig::apiKeyError() const
{
    if (apiKeyEnv.isEmpty() || !qEnvironmentVariableIsSet(apiKeyEnv.toLocal8Bit().constData()))
        return {};
    const QString problem = apiKeyProblem(apiKey());
    if (problem.isEmpty())
        return {};
    return QStringLiteral("api_key_env: the key of judge \"%1\" in %2 %3").arg(name, apiKeyEnv, problem);
}

double JudgeConfig::costUsd(qint64 tokensIn, qint64 tokensOut) const
{
    return (static_cast<double>(tokensIn) * priceInPerMTok +
            static_cast<double>(tokensOut) * priceOutPerMTok) /
           1e6;
}

QJsonObject judgeConfigToJson(const JudgeConfig& config)
{
    QJsonObject json{{QStringLiteral("name"), config.name},
                     {QStringLiteral("base_url"), config.baseUrl.toString()},
                     {QStringLiteral("model"), config.model},
                     {QStringLiteral("temperature"), config.temperature},
                     {QStringLiteral("max_tokens"), config.maxTokens},
                     {QStringLiteral("price_in_per_mtok"), config.priceInPerMTok},
                     {QStringLiteral("price_out_per_mtok"), config.priceOutPerMTok},
                     {QStringLiteral("requests_in_flight"), config.requestsInFlight},
                     {QStringLiteral("requests_per_second"), config.requestsPerSecond},
                     {QStringLiteral("timeout_s"), config.timeoutS},
                     {QStringLiteral("max_retries"), config.maxRetries},
                     {QStringLiteral("logprobs"), config.logprobs},
                     {QStringLiteral("api_key_env"), config.apiKeyEnv}};
    if (!config.reasoningEffort.isEmpty())
        json.insert(QStringLiteral("reasoning_effort"), config.reasoningEffort);
    return json;
}

namespace {

// Reads an optional number into *out; false with *error set when present but not a number in [lo, hi].
bool readNumber(const QJsonObject& json, const char* key, double lo, double hi, double* out, QString* error)
{
    const QJsonValue value = json.value(QLatin1String(key));
    if (value.isUndefined())
        return true;
    if (!value.isDouble() || !(value.toDouble() >= lo && value.toDouble() <= hi)) {
        *error = QStringLiteral("%1: must be a number in [%2, %3]").arg(QLatin1String(key)).arg(lo).arg(hi);
        return false;
    }
    *out = value.toDouble();
    return true;
}

bool readInt(const QJsonObject& json, const char* key, int lo, int hi, int* out, QString* error)
{
    double value = *out;
    if (!readNumber(json, key, lo, hi, &value, error))
        return false;
    if (value != static_cast<double>(static_cast<int>(value))) {
        *error = QStringLiteral("%1: must be a whole number").arg(QLatin1String(key));
        return false;
    }
    *out = static_cast<int>(value);
    return true;
}

bool readText(const QJsonObject& json, const char* key, bool required, QString* out, QString* error)
{
    const QJsonValue value = json.value(QLatin1String(key));
    if (value.isUndefined() && !required)
        return true;
    if (!value.isString() || (required && value.toString().trimmed().isEmpty())) {
        *error = QStringLiteral("%1: %2").arg(
            QLatin1String(key),
            value.isUndefined() ? QStringLiteral("missing") : QStringLiteral("must be a non-empty string"));
        return false;
    }
    *out = value.toString();
    return true;
}

} // namespace

std::optional<JudgeConfig> judgeConfigFromJson(const QJsonObject& json, QString* error)
{
    for (auto it = json.begin(); it != json.end(); ++it) {
        const QString key = it.key().toLower();
        if (key == QLatin1String("api_key") || key == QLatin1String("apikey") ||
            key.contains(QLatin1String("secret"))) {
            *error = QStringLiteral("%1: keys are not stored in configurations; name an environment variable "
                                    "in api_key_env instead")
                         .arg(it.key());
            return std::nullopt;
        }
    }
    JudgeConfig config;
    QString url;
    if (!readText(json, "name", true, &config.name, error) ||
        !readText(json, "base_url", true, &url, error) ||
        !readText(json, "model", true, &config.model, error) ||
        !readText(json, "reasoning_effort", false, &config.reasoningEffort, error) ||
        !readText(json, "api_key_env", false, &config.apiKeyEnv, error))
        return std::nullopt;
    config.baseUrl = QUrl(url, QUrl::StrictMode);
    if (!config.baseUrl.isValid() ||
        (config.baseUrl.scheme() != QLatin1String("http") &&
         config.baseUrl.scheme() != QLatin1String("https")) ||
        config.baseUrl.host().isEmpty()) {
        *error = QStringLiteral("base_url: must be an http or https URL");
        return std::nullopt;
    }
    // The URL is stored in the project's judges table and sent in clear to proxies' logs: a key in it (user
    // info, a query string) would end up on disk. The message does not quote the URL, which may hold one.
    const qsizetype authorityStart = url.indexOf(QLatin1String("://")) + 3;
    const QString authority =
        url.mid(authorityStart, url.indexOf(QLatin1Char('/'), authorityStart) - authorityStart);
    if (!config.baseUrl.userInfo().isEmpty() || authority.contains(QLatin1Char('@')) ||
        config.baseUrl.hasQuery() || config.baseUrl.hasFragment()) {
        *error = QStringLiteral("base_url: must not hold user info (user:password@), a query string or a "
                                "fragment; put the key in api_key_env, not in base_url");
        return std::nullopt;
    }
    if (!config.reasoningEffort.isEmpty() && config.reasoningEffort != QLatin1String("low") &&
        config.reasoningEffort != QLatin1String("medium") &&
        config.reasoningEffort != QLatin1String("high")) {
        *error = QStringLiteral("reasoning_effort: must be low, medium or high");
        return std::nullopt;
    }
    if (!readNumber(json, "temperature", 0.0, 2.0, &config.temperature, error) ||
        !readInt(json, "max_tokens", 1, 1'000'000, &config.maxTokens, error) ||
        !readNumber(json, "price_in_per_mtok", 0.0, 1e6, &config.priceInPerMTok, error) ||
        !readNumber(json, "price_out_per_mtok", 0.0, 1e6, &config.priceOutPerMTok, error) ||
        !readInt(json, "requests_in_flight", 1, 256, &config.requestsInFlight, error) ||
        !readNumber(json, "requests_per_second", 0.0, 1e6, &config.requestsPerSecond, error) ||
        !readNumber(json, "timeout_s", 0.001, 86400.0, &config.timeoutS, error) ||
        !readInt(json, "max_retries", 0, 100, &config.maxRetries, error))
        return std::nullopt;
    const QJsonValue logprobs = json.value(QLatin1String("logprobs"));
    if (!logprobs.isUndefined()) {
        if (!logprobs.isBool()) {
            *error = QStringLiteral("logprobs: must be true or false");
            return std::nullopt;
        }
        config.logprobs = logprobs.toBool();
    }
    // Checked here, where a design is loaded, so a bad key stops the design before anything runs; the run
    // checks again when it reads the key (the environment may have changed).
    if (const QString keyError = config.apiKeyError(); !keyError.isEmpty()) {
        *error = keyError;
        return std::nullopt;
    }
    return config;
}

} // namespace tribunal
