#pragma once
// Limits every reader of user files shares (docs/robustness.md, "Limits"), in one place so that the
// importers (core/io) and the cell-table reader (core/analysis) refuse the same inputs with the same words.

#include <cstddef>
#include <string>

namespace tribunal {

/// The longest line (JSON formats) or record (CSV formats) read, in bytes: 64 MiB.
inline constexpr std::size_t kMaxLineBytes = std::size_t(64) << 20;

/// "record longer than 64 MiB": the reason for a CSV record over kMaxLineBytes.
inline std::string recordTooLongReason()
{
    return "record longer than " + std::to_string(kMaxLineBytes >> 20) + " MiB";
}

} // namespace tribunal
