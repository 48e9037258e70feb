#pragma once
// What the rubric-judge commands share (rubriccommands.cpp: rubric, compare; cascadecommands.cpp: cascade,
// confident-errors, jury): the --rounding and --threads options, the rubric-item check, the input and
// format checks, and naming judges and panels on the command line.
//
// Judges are named `judge` or `judge@format`. A text that is itself the name of a judge with judgments is
// that judge (so names containing '@' work); otherwise the text is split at its last '@'. On a panel a name
// resolves to the judgments of one cell without a bias test (judge, format, condition): a bare name of a
// judge with several formats there is a usage error naming the formats.

#include "common.h"
#include "trustcli_common.h"

#include "analysis/judgecomparison.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace tribunal::cli {

extern const QCommandLineOption kRounding; ///< --rounding half-up|half-down|unrounded
extern const QCommandLineOption kThreads;  ///< --threads N (0 = all cores)

/// The rule given by --rounding; null with *error set on an unknown name.
std::optional<LabelRounding> rounding(const QCommandLineParser& parser, QString* error);
/// True when the audit has a binary or ordinal item.
bool hasRubricItems(const Audit& audit);
/// Prints "no rubric items in the input ..." and returns kBadInput.
int noRubricItems();
/// The positional inputs after the command, with --format checked. Null with the exit code set on failure.
std::optional<QStringList> commonChecks(const QCommandLineParser& parser, const char* command, int* exitCode);

/// A comma-separated judge list option: names trimmed, empty entries dropped. Null with *error set to
/// "--NAME: 'J' is listed twice" on a repeat.
std::optional<QStringList> judgeListOption(const QCommandLineParser& parser, const QCommandLineOption& option,
                                           QString* error);

/// A cascade's candidate judges as written: --fallbacks (at least one) and --singles.
struct CascadeJudgeTexts {
    QStringList fallbacks, singles;
};
/// Reads `fallbacks` and `singles` (judgeListOption each). Null with *error set on a repeat or with
/// "--fallbacks: at least one judge needed".
std::optional<CascadeJudgeTexts> cascadeJudgeTexts(const QCommandLineParser& parser,
                                                   const QCommandLineOption& fallbacks,
                                                   const QCommandLineOption& singles, QString* error);

/// A judge as named on the command line.
struct JudgeName {
    QString text;             ///< as written
    StrId judge = kEmptyStr;  ///< the judge name
    StrId format = kEmptyStr; ///< with `hasFormat`
    bool hasFormat = false;   ///< written judge@format
};

/// Looks `text` up in the audit. Null when no judgment has that judge (and format): prints
/// "unknown judge 'TEXT' (no judgment of that judge)" and sets *exitCode = kBadInput.
std::optional<JudgeName> findJudge(const Audit& audit, const QString& text, int* exitCode);

/// The rubric panels: every dataset with binary or ordinal items in order of its first item, or only the
/// one named by `panelOption` when set. Null with the message printed and *exitCode = kBadInput when the
/// named panel has no rubric item ("no rubric panel 'P' in the input").
std::optional<std::vector<StrId>> rubricPanels(const Audit& audit, const QCommandLineParser& parser,
                                               const QCommandLineOption& panelOption, int* exitCode);

/// The judge names of `compare` (bare names, no @format) as ids. Null when a name has no judgment: prints
/// "unknown judge 'J' (no judgment of that judge)" and sets *exitCode = kBadInput.
std::optional<std::vector<StrId>> judgeIds(const Audit& audit, const QStringList& names, int* exitCode);

/// The panel named by `panelOption`, or kEmptyStr (every panel) when it is not set. Null when the named
/// dataset has no rubric item: prints "no rubric panel 'P' in the input" and sets *exitCode = kBadInput.
std::optional<StrId> namedPanel(const Audit& audit, const QCommandLineParser& parser,
                                const QCommandLineOption& panelOption, int* exitCode);

/// Where a judge name resolves on a panel.
enum class JudgeLookup { Found, Absent, Ambiguous };

/// The cell key of `name` on `panel` (cells without a bias test). Ambiguous with *error set when a bare name
/// has several formats there ("OPTION: judge 'J' has several formats on panel 'P' (F1, F2): write J@FORMAT")
/// or one format several conditions ("OPTION: judge 'J@F' has several conditions on panel 'P'").
JudgeLookup lookupJudge(const Audit& audit, StrId panel, const JudgeName& name, const QString& option,
                        JudgeKey* key, QString* error);

} // namespace tribunal::cli
