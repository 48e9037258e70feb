#pragma once
// One problem found in input data, reported as `file:line: field: reason` (../shared/spec/data-format.md).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tribunal {

/// How escapeForMessage() treats a backslash of `text`.
enum class Backslashes {
    /// Doubled where a reader could otherwise take it for the start of an escape (followed by `\`, `n`, `r`,
    /// `t`, `x`, `u` or an escaped character), so the original can always be recovered: for names (paths,
    /// columns, keys).
    WhereAmbiguous,
    /// Left alone: for text that quotes data through quoteForMessage() already (JSON escapes inside).
    Keep,
};

/// `text` safe to print as part of a one-line message (docs/data-formats.md, "Bad input"): nothing in it can
/// end the line, move the cursor or start a terminal escape sequence. LF, CR and TAB become `\n`, `\r`,
/// `\t`; the other C0 controls, DEL and bytes that are not UTF-8 become `\xNN` (two lower-case hex digits of
/// the byte, e.g. ESC `\x1b`); the C1 controls U+0080..U+009F become `\uNNNN` (e.g. `\u009b`). Everything
/// else is copied. Text needing none of this is returned unchanged. Pure; thread-safe.
std::string escapeForMessage(std::string_view text, Backslashes backslashes = Backslashes::WhereAmbiguous);

/// A bad record or a bad file. `line` is 1-based (0 when the problem concerns the whole file); `field` is a
/// column name or, for JSON, a key path such as `probs.A` or `results[0].swap = True.winner`.
struct ImportIssue {
    std::string file;
    std::uint64_t line = 0;
    std::string field;
    std::string reason;

    /// `file:line: field: reason` (each of `file`, `line` and `field` is left out when empty or 0), with
    /// `file` and `field` passed through escapeForMessage() and `reason` with Backslashes::Keep, so that one
    /// issue is always one line whatever the names hold.
    std::string text() const;
};

/// How an importer treats bad records.
enum class BadRecordPolicy {
    StopAtFirst, ///< default: the first bad record fails the whole import, nothing changes
    SkipAndList, ///< bad records are left out and listed; the rest is imported
};

/// The issues of one import, and whether it must be abandoned.
struct ImportLog {
    BadRecordPolicy policy = BadRecordPolicy::StopAtFirst;
    std::vector<ImportIssue> issues;
    bool failed = false; ///< the import must not be applied
    /// A fatal problem was recorded (fatal()): skipping bad records would not help.
    bool fatalSeen = false;
    std::uint64_t skippedRecords = 0;
    /// Judgments merged with an earlier one of the same key that they agree with (AuditBuilder::build).
    std::uint64_t mergedRecords = 0;
    /// What the user should know although nothing is wrong with the input (a sibling items file read, an
    /// answer file missing so an item has no texts, ...): printed as `note: file:line: field: reason` by the
    /// CLI and listed by the GUI's import report. Notes never fail an import.
    std::vector<ImportIssue> notes;

    /// Records a bad record. Returns true when reading may go on (skip policy), false when it must stop.
    bool badRecord(ImportIssue issue);
    /// Records a problem that fails the import whatever the policy (unreadable file, broken encoding, ...).
    void fatal(ImportIssue issue);
    /// Records a note (see `notes`).
    void note(ImportIssue issue) { notes.push_back(std::move(issue)); }
};

} // namespace tribunal
