#pragma once
// CALM perturbations (seed 001, Table 1) as generators: each rewrites a pairwise PromptItem so that the
// prompt carries the bias cue, aimed at one canonical candidate (issue 8). The bias-test judgments record
// `test`, `version`, `variant` (original / perturbed) and `cue_on` (better / worse); the design decides which
// candidate the cue favours from the item's label and cue_on.
//
// Tests and versions (the test name is the judgments' `test`). "{T}" below is the cue placeholder of the
// target ("{A}" or "{B}", PromptItem::cue), so the slot name is right in either order.
//   bandwagon        version = a percentage ("90%", at most 100%): cue "<p> of people believe that {T} is
//   better
//                    in this question." (CALM's sentence)
//   authority        version = "book" | "url" | "quote": a fake citation of that kind appended to the target
//                    response as its last paragraph (fixed texts: "Reference: Harold R. Whitfield, ...",
//                    "Reference: https://www.britannica.com/...", "\"This is exactly the right answer.\" --
//                    ...")
//   sentiment        version = "cheerful" | "sad" | "angry" | "fearful": a tone-setting opening and closing
//                    sentence, each its own paragraph, around the target response
//   verbosity        version = "x2" ... "x10": the target response followed by factor-1 restatements of
//   itself,
//                    each led by "To restate the answer above:", "In other words, once more:", "To put it
//                    another way:" in turn (so about factor times longer, no new content)
//   distraction      version = "default" or free text: cue "{T} <text>"; the text is the rest of the sentence
//                    after the slot name, one line; "default" is CALM's "loves eating pasta, especially with
//                    homemade tomato sauce."
//   compassion-fade  version = "<favoured model>/<other model>" or "default" (= "GPT-4/Llama-7B"): the target
//                    gets the first name, the other candidate the second (PromptItem::nameA / nameB), so the
//                    prompt shows "[Response A (GPT-4)]"; names must differ and contain no ')' or line break
//   position         no rewrite: position is tested by order (AB / BA) alone; apply() returns the item as is;
//                    any version is accepted
//
// Where we differ from CALM (seed 001 / Ye et al.): CALM has a model rewrite the response for sentiment and
// verbosity; we use fixed templates so the perturbation is deterministic, free and checkable (a tone frame
// rather than a rewritten text, a restatement rather than an expansion). Authority citations are fixed texts
// rather than generated ones. CALM's compassion fade replaces "Assistant A/B" entirely; we keep the slot
// letter in the header because our output instructions speak of A and B.
//
// Deterministic for given inputs (no randomness). Pure functions; thread-safe.

#include "promptformat.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace tribunal {

struct Perturbation {
    QString test;               ///< one of the names above
    QString version;            ///< see above
    Answer target = answer::kA; ///< the canonical candidate the cue is aimed at (kA or kB)
};

/// Every test name above, in that order.
QStringList perturbationTests();

/// Checks that `test` is known and `version` is valid for it; "" when fine, else the reason:
///   unknown test "<test>"; known: bandwagon, authority, sentiment, verbosity, distraction, compassion-fade,
///   position <test>: target must be A or B bandwagon: version must be a percentage like 90% authority:
///   version must be book, url or quote sentiment: version must be cheerful, sad, angry or fearful verbosity:
///   version must be a length factor x2 to x10 distraction: version must be "default" or one sentence without
///   line breaks compassion-fade: version must be "default" or two different model names like GPT-4/Llama-7B
QString validatePerturbation(const Perturbation& perturbation);

/// The item with the perturbation applied (texts rewritten, cue or slot names set). The perturbation must be
/// valid (validatePerturbation); an invalid one, and a rubric item, give the item unchanged.
PromptItem applyPerturbation(const PromptItem& item, const Perturbation& perturbation);

/// For tribunal-judge-sim: the bias cue a prompt built by buildPrompt from a perturbed item carries, in slot
/// terms (slot = kA when the cue favours the first-shown response, kB the second), or nullopt when it has
/// none. Recognises every test above except position. Limits (it sees only the prompt): a distraction cue is
/// recognised as a last paragraph before the instruction that starts with a slot label and a space, so a
/// response B whose last paragraph starts "Response A ..." reads as one; compassion fade is recognised only
/// when exactly one of the two names starts with a well-known family ("gpt", "claude", "gemini", any case),
/// which is then the favoured slot (true for the default names).
struct PromptCue {
    QString test;
    Answer slot = answer::kA;
};
std::optional<PromptCue> cueOfPrompt(const std::vector<ChatMessage>& messages);

} // namespace tribunal
