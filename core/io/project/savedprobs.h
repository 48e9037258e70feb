#pragma once
// Internal to the project reader: the probabilities column as a save writes it, read without a JSON parser.

#include "model/audit.h"
#include "model/types.h"

#include <string_view>
#include <vector>

namespace tribunal::projectread {

/// Parses `{"A":0.7,"B":0.3}` exactly as ProjectFile::save writes probabilities (no blanks, no escapes, JSON
/// numbers or null, keys the answers of `kind`) and appends one entry per key to `out`. Every judgment of a
/// simulated audit has such a text, so this skips simdjson for them. Returns false (with `out` possibly
/// partly filled: the caller truncates) for any other text, which then goes through simdjson and its error
/// messages. Numbers are parsed to the double simdjson gives for them. Thread-safe (no state).
bool parseSavedProbs(std::string_view text, TaskKind kind, std::vector<ProbEntry>& out);

} // namespace tribunal::projectread
