// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// File names made from data (judge, dataset, cell or condition names) for exports that write one file per
// name. Such names come from imported files, i.e. from anyone: used as a path unchanged, "../../x" writes
// outside the chosen folder, "CON" opens a device on Windows and "-rf" reads as an option in a shell.
// Pure function; thread-safe; no Qt.

#include <string>
#include <string_view>

namespace tribunal {

/// Longest stem safeFileStem returns, in bytes (leaves room for a directory and an extension under the
/// 255-byte name limit of common file systems).
inline constexpr std::size_t kMaxFileStemBytes = 100;

/// Maps `name` (any bytes) to a portable file-name stem (no extension is added):
///  - `/`, `\`, control bytes (0x00-0x1F, 0x7F), the Windows-forbidden `< > : " | ? *`, bytes that are not
///    valid UTF-8 and the bidirectional controls U+200E, U+200F, U+202A-U+202E, U+2066-U+2069 (which make a
///    name display reversed, e.g. "exe.txt" shown for "txt.exe") each become `_`;
///  - a leading `.` or `-` becomes `_` (no hidden files, no `.`/`..`, nothing a shell reads as an option);
///  - trailing `.` and spaces become `_` (Windows drops them, so two names would collide);
///  - a Windows device name (CON, PRN, AUX, NUL, COM1-COM9, LPT1-LPT9, any case, with or without an
///    extension, e.g. "con.txt") gets a leading `_`;
///  - other valid UTF-8 (letters, emoji, spaces inside) is kept.
/// When anything was changed, or the stem would exceed kMaxFileStemBytes, `-` and 8 hex digits of a 64-bit
/// FNV-1a hash of the original `name` are appended after cutting the stem (never inside a UTF-8 sequence) so
/// the whole is at most kMaxFileStemBytes: "a/b" gives "a_b-<hash>" and does not collide with "a_b", which
/// is returned unchanged. An empty `name` gives safeFileStem(fallback, "file") (the fallback itself is made
/// safe too; an empty fallback gives "file"). Deterministic across runs and platforms.
std::string safeFileStem(std::string_view name, std::string_view fallback);

} // namespace tribunal
