#pragma once
// What tribunal-judge-sim (judgesimserver.h) answers: the simulated judge's verdict for a matched item, the
// answer text in the prompt's format with a simulated rationale, optional log-probabilities, and the
// transport faults and latency of a request. Everything is a deterministic function of its inputs (draws
// from SimDraw, simdraw.h), so the same request gets the same answer in any order of arrival.
//
// Pairwise answers follow simJudgeAnswer (analysis/simjudgemodel.h) with
//   settled draw  = hash(seed, model, dataset, item id)
//   position draw = hash(seed, model, dataset, item id, order)
//   run draw      = hash(seed, SHA-256 of the exact body, k)   (FLASK: (model, dataset, item id, order, cue)
//                   instead of the body, so the four criterion calls of one judgment answer the same slot)
// and a bias cue wins with probability cue_effect. Rubric answers: the truth (the label, else drawn), kept
// with probability accuracy (else a neighbour / the flip), then kept per run with probability consistency.
//
// Pure functions: safe to call from any thread.

#include "judgesimconfig.h"
#include "perturbation.h"
#include "promptformat.h"
#include "simitemindex.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <optional>

namespace tribunal {

/// One answer to simulate. `judge` and `item` must be set and outlive the call.
struct SimAnswerRequest {
    std::uint64_t seed = 0; ///< the configuration's seed
    QString model;          ///< the request's model id
    const JudgeSimModel* judge = nullptr;
    const SimItem* item = nullptr;
    Order order = Order::None; ///< pairwise: which response the prompt shows first
    PromptFormat format = PromptFormat::Direct;
    std::optional<PromptCue> cue; ///< the prompt's bias cue (pairwise only), if any
    QByteArray bodyHash;          ///< raw SHA-256 of the exact request body
    std::uint64_t k = 0;          ///< answers this exact body has had before
    int maxTokens = 0;            ///< the request's max_tokens (0 = none): longer texts are cut, "length"
    bool logprobs = false;        ///< add OpenAI-style log-probabilities per token
};

struct SimAnswer {
    /// {index: 0, message: {role, content}, finish_reason, logprobs?}: one element of `choices`.
    QJsonObject choice;
    qsizetype completionChars = 0; ///< characters of the (possibly cut) answer text
};

SimAnswer simAnswer(const SimAnswerRequest& request);

/// The fault of the `number`-th accepted chat request (0-based): the first fail_first get fail_first_kind,
/// later ones are drawn from hash(seed, "fault", number) against the configured rates.
JudgeSimFault simFault(const JudgeSimConfig& config, qint64 number);

/// The answer delay in milliseconds of the `number`-th accepted request: exponential with mean `meanMs`
/// (> 0), capped at 600000, drawn from the fault stream so timing does not touch answers.
int simLatencyMs(std::uint64_t seed, double meanMs, qint64 number);

} // namespace tribunal
