// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Keeping an API key out of every text Tribunal stores or prints (docs/judging.md, "Keys"). A hostile or
// careless endpoint may echo the Authorization header into an answer, an error message or a header, whole,
// encoded or cut off, so each text a server sent is passed through redactedText() before it is kept. The
// redaction comes first and the shortening second: shortening first would cut an echo at the limit and leave
// all of the key but its tail, which no longer matches the key.
//
// What is replaced by "[redacted]", for the key and each of its encodings (as sent, percent-encoded as a URL
// would carry it, with upper- or lower-case hex, every byte percent-encoded, and JSON-escaped): every
// occurrence, and every run of at least kRedactPrefixChars characters that starts like it (an echo cut off
// by the server, by a cap or by a line end). A key shorter than that is replaced where it appears whole.
//
// Also the checks that keep a key from corrupting a request: a key must be visible ASCII.
//
// Pure functions; thread-safe.

#include <QByteArray>
#include <QString>

namespace tribunal {

/// The shortest start of a key that is taken for the key when the rest of it is missing.
inline constexpr qsizetype kRedactPrefixChars = 8;

/// `text` with `key` removed as described above (`key` empty: unchanged), then, when `maxChars` >= 0 and the
/// result is longer, its first `maxChars` characters followed by "...".
QString redactedText(const QString& text, const QByteArray& key, qsizetype maxChars = -1);

/// Why `key` cannot be sent as a bearer token, as a predicate for "the key ..." ("holds a control
/// character"), or "" when it can: every byte must be visible ASCII (0x21 to 0x7E). A CR or LF would end the
/// Authorization header and start another one (header injection), a NUL or another control byte cuts or
/// corrupts it, and bytes outside ASCII are not a token. The reason never quotes the key.
QString apiKeyProblem(const QByteArray& key);

} // namespace tribunal
