#pragma once
// Configuration of tribunal-judge-sim (docs/judge-simulator.md): the simulated judges (one behaviour per
// model id), the seed of every draw and the transport faults it injects.
//
// JSON shape:
//   {"seed": 1,
//    "models": {"<model id>": {"accuracy": 0.8, "position_bias": 0.1, "consistency": 0.95, "cue_effect": 0.3,
//                              "latency_ms": 0, "logprobs_sharpness": 0.9, "rationale_tokens": 24}},
//    "faults": {"rate_429": 0, "retry_after_s": 1, "rate_500": 0, "rate_timeout": 0, "rate_malformed": 0,
//               "fail_first": 0, "fail_first_kind": "500"},
//    "max_body_bytes": 4194304}
// Every key is optional; a model's missing keys take the defaults below. Unknown keys are refused (a typo
// would otherwise silently simulate a different judge).
//
// Plain data and pure functions; thread-safe.

#include "analysis/simjudgemodel.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <map>
#include <optional>

namespace tribunal {

/// One simulated judge.
struct JudgeSimModel {
    SimJudgeBehaviour behaviour; ///< accuracy a, position_bias b, consistency k (simjudgemodel.h)
    double cueEffect = 0.0;      ///< [0, 1]: P(a prompt carrying a bias cue is answered with the cued slot)
    double latencyMs = 0.0;      ///< >= 0: mean of the exponential delay before an answer, milliseconds
    double logprobsSharpness = 0.9; ///< [0.5, 1]: mean P(chosen letter) in the top log-probabilities
    int rationaleTokens = 24;       ///< [1, 4096]: approximate length of the simulated rationale, in tokens
};

/// Which fault the deterministic "fail the first N requests" mode injects.
enum class JudgeSimFault { None, RateLimited, ServerError, Timeout, Malformed };

/// "429", "500", "timeout", "malformed" ("" for None).
QString judgeSimFaultName(JudgeSimFault fault);
std::optional<JudgeSimFault> judgeSimFaultFromName(const QString& name);

/// Transport faults. The four rates are probabilities per chat-completions request (each in [0, 1], sum <=
/// 1), drawn from a stream of their own so they do not disturb the judge's answers.
struct JudgeSimFaults {
    double rate429 = 0.0;
    double retryAfterS = 1.0; ///< [0, 86400]: the Retry-After header of a 429, whole seconds (rounded up)
    double rate500 = 0.0;
    double rateTimeout = 0.0;   ///< the request is accepted and never answered
    double rateMalformed = 0.0; ///< 200 with a truncated, non-JSON body
    int failFirst = 0;          ///< >= 0: the first N chat-completions requests fail with failFirstKind
    JudgeSimFault failFirstKind = JudgeSimFault::ServerError;
};

struct JudgeSimConfig {
    quint64 seed = 1;
    std::map<QString, JudgeSimModel> models; ///< by model id (the requests' `model`)
    JudgeSimFaults faults;
    qint64 maxBodyBytes = qint64{4} << 20; ///< [1, 1 GiB]: larger request bodies get 413
};

/// Reads a configuration from a JSON object. On error returns nullopt with *error = "<key>: <reason>", the
/// key as a path ("models.judge-1.accuracy: must be a number in [0, 1]").
std::optional<JudgeSimConfig> judgeSimConfigFromJson(const QJsonObject& json, QString* error);

/// Reads a configuration file; errors are "<file>: <key>: <reason>" (or "<file>: <reason>" when the file
/// cannot be read or is not a JSON object).
std::optional<JudgeSimConfig> readJudgeSimConfig(const QString& path, QString* error);

/// The configuration as JSON (the inverse of judgeSimConfigFromJson).
QJsonObject judgeSimConfigToJson(const JudgeSimConfig& config);

} // namespace tribunal
