#pragma once
// Prompt formats: the chat messages sent to a judge for one presentation of an item (issue 8).
//
// Pairwise (seed 000, Appendix D): the five formats of D.2 share the system prompt and the user message
// template of D.1 and differ only in the output instruction; G-Eval (D.3) is one call with a rubric, scores
// 1-5 per response and a winner; FLASK (D.4) is four calls, one per criterion, each answered like G-Eval, and
// the judgment is their majority. When the order is BA the two responses trade places and nothing else
// changes. Rubric items (binary or ordinal criterion) have one format that asks for MET/UNMET or a level.
// A CALM perturbation (perturbation.h) may rewrite the item's texts and add a cue before the prompt is built.
//
// Pure functions; thread-safe.

#include "chatrequest.h"
#include "model/types.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <string_view>
#include <vector>

namespace tribunal {

enum class PromptFormat {
    Direct,           ///< "direct": one word, A or B
    VerdictFirstJson, ///< "vf-json": {"winner": ..., "rationale": ...}
    CotJson,          ///< "cot-json": {"rationale": ..., "winner": ...}
    VerdictFirstXml,  ///< "vf-xml": <judgment><winner/><rationale/></judgment>
    CotXml,           ///< "cot-xml": <judgment><rationale/><winner/></judgment>
    GEval,            ///< "g-eval": rubric, score_a, score_b, winner; one call
    Flask,            ///< "flask": four criterion calls, majority of their winners
    RubricCriterion,  ///< "rubric": binary (MET / UNMET / NA) or ordinal (a level) for one criterion
};

/// Names as above ("direct", "vf-json", ...); they are the judgments' `format`.
std::string_view promptFormatName(PromptFormat format);
std::optional<PromptFormat> promptFormatFromName(std::string_view name);
/// Every format, in the enum's order.
std::vector<PromptFormat> allPromptFormats();
/// True for the pairwise formats (all but RubricCriterion).
bool isPairwiseFormat(PromptFormat format);
/// Calls one judgment takes: 4 for FLASK, else 1.
int callsPerJudgment(PromptFormat format);
/// The max_tokens the paper used (Direct 32, others 4096); a judge's own max_tokens caps it.
int suggestedMaxTokens(PromptFormat format);

/// The texts a prompt is built from, in canonical identities (response A = the item's first candidate).
struct PromptItem {
    TaskKind kind = TaskKind::Pairwise;
    QString dataset; ///< picks the G-Eval / FLASK rubric variant: names containing "judgebench" (any case)
                     ///< get the JudgeBench rubric, all others the LLMBar one
    QString question, responseA, responseB; ///< pairwise
    QString input, submission, criterion;   ///< rubric
    QStringList levels;                     ///< ordinal level descriptions, level 1 first
    /// Optional: how each slot is named ("Response A" / "Response B" when empty); the compassion-fade
    /// perturbation sets model names here, in canonical identities.
    QString nameA, nameB;
    /// Optional cue sentence (a perturbation's): added to the user message after the responses and before
    /// the output instruction. "{A}" and "{B}" in it are replaced by the name of the slot where canonical
    /// candidate A or B is shown in this order ("Response B" for A when the order is BA).
    QString cue;
};

/// The messages of call `call` (0-based, < callsPerJudgment) of one judgment: system + user. `order` is AB
/// or BA for pairwise formats (the responses, and the slot names, trade places for BA) and ignored for
/// rubric.
///
/// Pairwise user message (D.1):
///   "[Question]\n<question>\n\n[Response A]\n<first>\n\n[Response B]\n<second>"
///   + "\n\n<cue>" when the item has a cue
///   + "\n\n<output instruction>"
/// A named slot's header is "[Response A (<name>)]": the letter stays because the instructions speak of A and
/// B. G-Eval and FLASK put their output instruction (D.3) first instead; FLASK then appends
/// "\n\n[Criterion: <name>]\n<definition>" after the responses (and the cue). Rubric: "[Input]",
/// "[Submission]", "[Criterion]" and, for ordinal items, "[Levels]" ("1. <description>" per line) blocks,
/// then the JSON instruction.
std::vector<ChatMessage> buildPrompt(PromptFormat format, const PromptItem& item, Order order, int call);

/// A well-formed answer in the shape `format` asks for, naming `slot` (kA = the first-shown response, kB the
/// second; kMet / kUnmet / kNA / a level for RubricCriterion) with `rationale`. For tribunal-judge-sim and
/// tests. Pairwise: kTie is written "tie"; G-Eval / FLASK scores are 4-2 (A), 2-4 (B) or 3-3 (tie). kNone
/// gives a reply without a verdict (Direct: ""). RubricCriterion: kMet (== level 1) and levels are written as
/// numbers (`"answer": 1`) because kMet and level 1 are the same value; the binary parser reads 1 / 0 as MET
/// / UNMET. The overload with the item's kind writes "MET" for binary items.
QString exampleAnswer(PromptFormat format, Answer slot, const QString& rationale);
QString exampleAnswer(PromptFormat format, TaskKind kind, Answer slot, const QString& rationale);

/// Which format built these messages (by the output instruction it contains), or nullopt. For
/// tribunal-judge-sim, which must answer each request in the shape it asks for.
std::optional<PromptFormat> formatOfPrompt(const std::vector<ChatMessage>& messages);

/// The parts of a pairwise user message built by buildPrompt, in SLOT terms (first = shown first). For
/// cueOfPrompt (perturbation.h). `second` runs to the output instruction (or FLASK's criterion block), so it
/// includes the cue paragraph when the item had one. Names are the ones in the headers ("" when the slot
/// is unnamed); labels are what "{A}" / "{B}" became ("Response A" when unnamed, else the name).
struct PairwisePromptParts {
    PromptFormat format = PromptFormat::Direct;
    QString question;
    QString firstName, secondName;
    QString firstLabel, secondLabel;
    QString first, second;
};
/// nullopt when the messages are not a pairwise prompt built by buildPrompt.
std::optional<PairwisePromptParts> splitPairwisePrompt(const std::vector<ChatMessage>& messages);

} // namespace tribunal
