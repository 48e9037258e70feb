#pragma once
// The values of Inspect AI scores (inspect_ai.scorer Score.value; docs/harness-formats.md, "Inspect AI
// evaluation logs") and how they map to Tribunal answers. A scorer's kind is decided over one log: binary
// when any of its values is a letter (C, I, P, N) or a boolean, or when all its numbers are 0 or 1; ordinal
// otherwise, the integer value being the level. Pure functions; thread-safe.

#include "model/types.h"

#include <simdjson.h>

#include <optional>
#include <string>

namespace tribunal {

/// One score value as written.
struct InspectValue {
    enum class Type : std::uint8_t {
        Letter,    ///< "C", "I", "P" or "N" (CORRECT, INCORRECT, PARTIAL, NOANSWER)
        Boolean,   ///< true / false
        Number,    ///< a finite number
        NotFinite, ///< NaN or an infinity (read as null): Score.unscored(), the grader gave no grade
    };
    Type type = Type::NotFinite;
    char letter = 0;
    bool flag = false;
    double number = 0.0;
};

/// Reads `value` into `out`; the reason when it is no verdict: `"X" is not C, I, P or N`, `expected a
/// string, a number or a boolean, got an object` (dict and list values: several metrics in one score).
std::optional<std::string> readInspectValue(simdjson::dom::element value, InspectValue& out);

/// What one scorer's values in a log say about its kind.
struct InspectScale {
    bool categorical = false; ///< a letter or a boolean was seen
    bool zeroOne = true;      ///< every number seen was 0 or 1
    Answer maxLevel = 0;      ///< the largest integer in 1..kMaxLevel seen

    void observe(const InspectValue& value);
    TaskKind kind() const { return categorical || zeroOne ? TaskKind::Binary : TaskKind::Ordinal; }
};

/// The answer of `value` for a scorer of `kind`, or the reason it has none. Binary: C, true, 1 -> MET; I, N,
/// false, 0 -> UNMET; P -> NA. Ordinal: an integer 1..1000 is the level. NotFinite -> none (the caller
/// gives the error).
std::optional<std::string> inspectAnswer(TaskKind kind, const InspectValue& value, Answer& out);

} // namespace tribunal
