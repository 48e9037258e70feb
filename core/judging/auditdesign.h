#pragma once
// An audit design (issue 8; workbench.md "Judges panel"): items x judges x formats x orders x runs x
// conditions, plus bias versions, read from a JSON file and expanded into the judgments it asks for.
//
// Design file (paths relative to the file):
//   {
//     "items": ["items.jsonl"],          files Tribunal imports (JSONL items, CSV, LLMBar, a project)
//     "datasets": ["llmbar-natural"],    optional: only these datasets
//     "max_items_per_dataset": 100,      optional: the first N items of each dataset, in file order
//     "judges": [ {judge configuration, judgeconfig.h} ],
//     "formats": ["direct", "cot-json"], promptformat.h names; each applies to the items of its kind
//     "orders": ["AB", "BA"],            default both (pairwise only)
//     "runs": 3,                         runs per presentation, >= 1
//     "conditions": [{"temperature": 0}, {"temperature": 1}],  optional; `temperature` and
//                                        `reasoning_effort` override the judge's; every key is recorded
//                                        in the judgments' condition
//     "bias": [{"test": "bandwagon", "version": "90%", "cue_on": "worse"}],  optional CALM versions
//     "bias_runs": 1                     runs of each perturbed presentation, default 1
//   }
// With "bias", the plain judgments are recorded as variant `original` (shared by every test, biasdesign.h)
// and each perturbed one as variant `perturbed` with test, version and cue_on; the cue is aimed at the
// labelled better (cue_on better) or worse candidate, so unlabelled items get no perturbed prompts.
//
// Plain data and pure functions; thread-safe.

#include "judgeconfig.h"
#include "model/audit.h"
#include "perturbation.h"
#include "promptformat.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace tribunal {

struct DesignBias {
    QString test, version;
    Cue cueOn = Cue::Worse;
};

struct AuditDesign {
    QStringList itemSources;    ///< absolute paths
    QStringList datasets;       ///< empty = all
    int maxItemsPerDataset = 0; ///< 0 = all
    std::vector<JudgeConfig> judges;
    std::vector<PromptFormat> formats;
    std::vector<Order> orders{Order::AB, Order::BA};
    int runs = 1;
    std::vector<QJsonObject> conditions; ///< empty = one empty condition
    std::vector<DesignBias> bias;
    int biasRuns = 1;
};

/// Reads a design file. nullopt with *error = "<file>: <key path>: <reason>" on bad input.
std::optional<AuditDesign> readDesignFile(const QString& path, QString* error);
/// Parses a design object; relative item paths are resolved against `baseDir`.
std::optional<AuditDesign> designFromJson(const QJsonObject& json, const QString& baseDir, QString* error);
QJsonObject designToJson(const AuditDesign& design);

/// One judgment the design asks for. Indices point into the design's vectors and the items audit.
struct DesignTask {
    std::uint32_t item = 0; ///< row of the items audit
    std::uint16_t judge = 0;
    std::uint8_t format = 0; ///< index into design.formats
    Order order = Order::None;
    std::uint16_t rep = 1;
    std::uint16_t condition = 0; ///< index into the conditions (0 when there are none)
    std::int16_t bias = -1;      ///< index into design.bias, -1 = plain (original)
};

struct DesignExpansion {
    std::vector<std::uint32_t> items;        ///< the item rows the design uses, in file order
    std::vector<DesignTask> tasks;           ///< item-major: all of an item's judgments together
    std::uint64_t calls = 0;                 ///< requests: sum of callsPerJudgment over tasks
    std::uint64_t skippedUnlabelledBias = 0; ///< perturbed presentations not asked (item has no label)
};

/// The items the design selects (datasets, max per dataset, kinds some format applies to) and every judgment.
DesignExpansion expandDesign(const AuditDesign& design, const Audit& items);

/// Items of a design whose prompts would lack a text they are built from: pairwise items without a question,
/// response A or response B, rubric items without a submission or criterion (an empty text is sent as it is,
/// and the judge's answer means nothing). One entry per dataset with such items, in dataset name order.
struct MissingTexts {
    QString dataset;
    std::uint64_t items = 0;        ///< items of the expansion in this dataset
    std::uint64_t missing = 0;      ///< of those, items lacking one of their texts
    std::uint64_t noQuestion = 0;   ///< pairwise, by text (an item may lack several)
    std::uint64_t noResponses = 0;  ///< pairwise: response A or B (or both) empty
    std::uint64_t noSubmission = 0; ///< rubric
    std::uint64_t noCriterion = 0;  ///< rubric
};
std::vector<MissingTexts> itemsMissingTexts(const Audit& items, const DesignExpansion& expansion);

/// The condition of task `task` as recorded (JSON object of strings; empty object when none).
QJsonObject conditionOf(const AuditDesign& design, const DesignTask& task);

/// The request of call `call` of `task` (prompt, perturbation, the judge's parameters and the condition's
/// overrides; max_tokens = min(judge, format's suggestion)).
ChatRequest requestOf(const AuditDesign& design, const Audit& items, const DesignTask& task, int call);

/// requestHash() of that request for the task's judge and run.
QString taskCallHash(const AuditDesign& design, const ChatRequest& request, const DesignTask& task);

/// What a design will cost, before it runs. Tokens in are counted as characters / 4 of the built prompts;
/// tokens out and latency are assumptions per format (documented in docs/judging.md): Direct 2 tokens, the
/// others 250 (capped by max_tokens); latency 0.5 s + tokens out / 60 per second. Duration per judge =
/// calls / min(requests_per_second, requests_in_flight / latency); judges run side by side, so the design
/// takes the longest judge's time.
struct JudgeEstimate {
    QString judge;
    std::uint64_t calls = 0;
    double tokensIn = 0, tokensOut = 0, costUsd = 0, durationS = 0;
};
struct DesignEstimate {
    std::uint64_t items = 0, judgments = 0, calls = 0;
    double tokensIn = 0, tokensOut = 0, costUsd = 0, durationS = 0;
    std::vector<JudgeEstimate> judges;
};
DesignEstimate estimateDesign(const AuditDesign& design, const Audit& items,
                              const DesignExpansion& expansion);

} // namespace tribunal
