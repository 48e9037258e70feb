#pragma once
// A judge: a named OpenAI-compatible chat-completions endpoint and how to call it
// (../shared/spec/workbench.md, "Judges panel"; quality.md, "Network"). Saved in the project's judges table
// as JSON; the API key is NEVER part of it: only the name of the environment variable that holds the key is,
// and the key is read from the environment when a run starts and kept in memory only.
//
// Plain data; safe to copy and share between threads.

#include <QJsonObject>
#include <QString>
#include <QUrl>

#include <optional>

namespace tribunal {

struct JudgeConfig {
    QString name;  ///< unique within a design; becomes the judgments' `judge`
    QUrl baseUrl;  ///< e.g. https://api.openai.com/v1 ; requests go to <baseUrl>/chat/completions
    QString model; ///< the endpoint's model id
    double temperature = 0.0;
    int maxTokens = 1024;           ///< > 0
    QString reasoningEffort;        ///< "", "low", "medium", "high": sent as reasoning_effort when not empty
    double priceInPerMTok = 0.0;    ///< USD per million input tokens, >= 0
    double priceOutPerMTok = 0.0;   ///< USD per million output tokens, >= 0
    int requestsInFlight = 4;       ///< concurrent requests to this judge, 1..256
    double requestsPerSecond = 0.0; ///< rate limit, 0 = none
    double timeoutS = 120.0;        ///< per attempt: from sending to the last byte, > 0
    int maxRetries = 6;             ///< attempts after the first, on 429 / 5xx / timeouts / transport errors
    bool logprobs = false;          ///< ask for top log-probabilities of the answer tokens
    QString apiKeyEnv;              ///< name of the environment variable holding the key; "" = no key sent

    /// The chat-completions URL.
    QUrl completionsUrl() const;
    /// The key from the environment ("" when apiKeyEnv is empty or unset). Never log or store the result.
    QByteArray apiKey() const;
    /// Why the key in the environment cannot be sent, naming the judge and the variable but never quoting the
    /// key: "api_key_env: the key of judge \"<name>\" in <VAR> holds a control character" (redaction.h,
    /// apiKeyProblem). "" when it can, or when apiKeyEnv is empty or unset.
    QString apiKeyError() const;
    /// Estimated cost of one call in USD.
    double costUsd(qint64 tokensIn, qint64 tokensOut) const;
};

/// JSON object of a judge configuration (keys: name, base_url, model, temperature, max_tokens,
/// reasoning_effort, price_in_per_mtok, price_out_per_mtok, requests_in_flight, requests_per_second,
/// timeout_s, max_retries, logprobs, api_key_env). Has no key material by construction.
QJsonObject judgeConfigToJson(const JudgeConfig& config);

/// Reads a configuration; missing keys take the defaults above, `name`, `base_url` and `model` are required.
/// An object with a key named `api_key` (or any key containing "secret") is refused, so keys never end up in
/// design files that are shared. A base_url with user info, a query string or a fragment is refused (a key
/// there would be stored in the judges table), and so is a key in the named environment variable that is
/// not visible ASCII (apiKeyError()). On error returns nullopt with *error = "<field>: <reason>".
std::optional<JudgeConfig> judgeConfigFromJson(const QJsonObject& json, QString* error);

} // namespace tribunal
