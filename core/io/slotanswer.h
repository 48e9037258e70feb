#pragma once
// Answers as importers read them: the allowed values of each item kind (for messages) and the conversion of a
// pairwise judge's literal slot into canonical identities (../shared/spec/data-format.md, "The model": `A` is
// the item's first candidate, whichever slot it was shown in). Pure functions; thread-safe.

#include "model/types.h"

#include <optional>
#include <string>
#include <string_view>

namespace tribunal {

/// The allowed answers of `kind` as messages list them: "A, B, tie, NA or none", "MET, UNMET, NA or none",
/// "a level number (1..1000), NA or none"; without NA when `withNA` is false (the flat CSV has no NA).
std::string_view allowedAnswers(TaskKind kind, bool withNA = true);

/// The canonical answer a literal slot names under `order`: `first` / `1` / the letter shown first (`A`) is
/// the candidate shown first (A under AB, B under BA), `second` / `2` / `B` the other; `tie`, `NA` and `none`
/// (or
/// "") stand for themselves. Case-insensitive. nullopt when `text` is none of these. Precondition: order is
/// AB or BA.
std::optional<Answer> answerOfSlot(std::string_view text, Order order);

/// The allowed slots as messages list them: "first, second, 1, 2, A, B, tie, NA or none" (without NA when
/// `withNA` is false).
std::string_view allowedSlots(bool withNA = true);

/// The reason for a slot that disagrees with the canonical answer given with it (a record that gives both
/// must be consistent): `"first" with order BA means "B", but verdict is "A"`. `answerKey` names the
/// canonical field.
std::string slotMismatch(std::string_view slotText, Order order, Answer fromSlot, std::string_view answerKey,
                         Answer answer);

} // namespace tribunal
