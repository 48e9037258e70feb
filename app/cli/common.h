#pragma once
// What every tribunal-cli command shares: exit codes, option parsing, loading the input audit, printing
// issues.

#include "analysis/calibration.h"
#include "io/auditsource.h"
#include "io/project/projectlock.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QList>
#include <QStringList>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tribunal::cli {

/// The CLI's words for people, in the interface language (the system locale: LANGUAGE, LC_ALL, LC_MESSAGES,
/// LANG): help, option descriptions and everything written to stderr (errors, notes, progress), from
/// translations/tribunal-cli_<lang>.ts under the context "tribunal::cli::Msg". What a command writes to
/// stdout as its result (tables, CSV, JSON, LaTeX, reports) stays the same in every language, and so do the
/// importers' and the statistics' own located messages (tribunal_core has no Qt; docs/translations.md). Use
/// Msg::tr("...") in functions; Msg::tr("%n pair(s)", nullptr, n) for counted nouns.
struct Msg {
    Q_DECLARE_TR_FUNCTIONS(tribunal::cli::Msg)
};

/// Loads Qt's and Tribunal's CLI catalogues for the system locale (none for English). Call once in main(),
/// before any message is made.
void installCliTranslations(QCoreApplication& app);

/// A command's parser that remembers what its command defined (QCommandLineParser keeps its options and
/// positional arguments to itself): the registry makes the synopsis, `help --options` and the help tests
/// from these. Add options and positional arguments only through this type (the names hide the base
/// class's).
class CommandParser : public QCommandLineParser {
public:
    struct Positional {
        QString name, syntax;
    };
    bool addOption(const QCommandLineOption& option)
    {
        defined_.push_back(option);
        return QCommandLineParser::addOption(option);
    }
    void addPositionalArgument(const QString& name, const QString& description, const QString& syntax = {})
    {
        positional_.push_back({name, syntax.isEmpty() ? name : syntax});
        QCommandLineParser::addPositionalArgument(name, description, syntax);
    }
    const QList<QCommandLineOption>& definedOptions() const { return defined_; }
    const QList<Positional>& definedPositionals() const { return positional_; }

private:
    QList<QCommandLineOption> defined_;
    QList<Positional> positional_;
};

/// Adds `options` to `parser` with their descriptions looked up in the catalogue. Mark each description where
/// the option is defined with QT_TRANSLATE_NOOP("tribunal::cli::Msg", "...") (namespace-scope options are
/// made before the catalogue is loaded, so they keep the English text and are translated here).
void addOptions(CommandParser& parser, const QList<QCommandLineOption>& options);

/// Exit codes: 0 success; 1 usage or I/O error (a project that cannot be written, also because another
/// writer holds it: lockProject); 2 bad input (the error lines go to stderr).
/// kRunFailures: `run` finished, but some requests failed (recorded; the next run sends them again).
enum Exit { kOk = 0, kUsage = 1, kBadInput = 2, kRunFailures = 3 };

/// Takes the write lock of the project `path` for `command` (as the refusal names it: "run",
/// "import --append"; io/project/projectlock.h) and keeps it for the lock's life: from before the command
/// reads the project until its last write. Null, after printing "<path>: the project is being written by
/// <program> <command> (pid <pid> on <host> since <time>); wait until it finishes, or stop it" to stderr,
/// when another writer holds it; the command then returns kUsage at once and writes nothing.
std::unique_ptr<ProjectLock> lockProject(const QString& path, const char* command);
/// The refusal lockProject() prints, translated.
QString lockRefusal(const QString& path, const ProjectLockHolder& holder);

std::vector<std::string> toStd(const QStringList& list);
/// Prints `message` and the usage hint to stderr; returns kUsage. A path in `message` goes through
/// shownPath() (a usage text itself may span lines).
int usage(const QString& message);
/// `path` as every message prints it: escapeForMessage() (model/importissue.h), so that a name holding a
/// newline or a terminal escape can neither split the message nor drive the terminal.
std::string shownPath(const std::string& path);
QString shownPath(const QString& path);
/// Prints an error message made by the library (a ProjectFile or export error, which starts with the raw
/// path) to stderr as one line: control characters escaped, backslashes kept.
void printError(const std::string& message);
void printIssues(const std::vector<ImportIssue>& issues);
/// Prints import notes to stderr as `note: file:line: field: reason` (the prefix translated; the located
/// text English, like the issues).
void printNotes(const std::vector<ImportIssue>& notes);

extern const QCommandLineOption kSkipBad; ///< --skip-bad
/// The input format names (parseSourceFormat), for option help and messages.
inline constexpr const char* kInputFormatNames =
    "auto, csv, jsonl, llmbar, rubric-csv, arena-hard, mt-bench, judgebench, alpaca-eval, inspect";
extern const QCommandLineOption kFormat; ///< --format (input format, kInputFormatNames)
/// --questions FILE, --answers DIR, --baseline MODEL: where the texts of harness judgments come from
/// (HarnessTextPaths). addOptions() adds them to every command that takes kSkipBad.
extern const QCommandLineOption kQuestions, kAnswers, kBaseline;
/// The HarnessTextPaths the text options give; nullopt with *error set for a missing file or folder.
std::optional<HarnessTextPaths> harnessTextPaths(const QCommandLineParser& parser, QString* error);
extern const QCommandLineOption kPrices; ///< --prices JUDGE=IN/OUT,... (K11, USD per million tokens)

/// The value of `option` as a whole number in [lo, hi]; null with *error set to
/// "--NAME: 'TEXT' is not a whole number in [lo, hi]" otherwise.
std::optional<long long> wholeNumberOption(const QCommandLineParser& parser, const QCommandLineOption& option,
                                           long long lo, long long hi, QString* error);
/// The value of `option` as a finite number between lo and hi (each end open or closed); null with *error set
/// to
/// "--NAME: 'TEXT' is not a number in [lo, hi)" (brackets as the ends) otherwise.
std::optional<double> realOption(const QCommandLineParser& parser, const QCommandLineOption& option,
                                 double lo, double hi, bool openLo, bool openHi, QString* error);

/// The value of `option` as a comma-separated, strictly ascending list of finite numbers in [lo, hi]; null
/// with *error set to "--NAME: 'TEXT' is not an ascending list of numbers in [lo, hi]" otherwise.
std::optional<std::vector<double>> numberListOption(const QCommandLineParser& parser,
                                                    const QCommandLineOption& option, double lo, double hi,
                                                    QString* error);
/// K11 prices "JUDGE=INPUT/OUTPUT,..." (USD per million tokens, >= 0) of `option`; null with *error set on a
/// malformed entry ("--NAME: 'ENTRY' is not JUDGE=INPUT/OUTPUT with prices >= 0 in USD per million tokens")
/// or a judge priced twice ("--NAME: judge 'J' is priced twice").
std::optional<JudgePrices> pricesOption(const QCommandLineParser& parser, const QCommandLineOption& option,
                                        QString* error);

/// The import options given by kSkipBad and kFormat (both must have been added to `parser`).
std::optional<ImportOptions> importOptions(const QCommandLineParser& parser, QString* error);
/// Loads the inputs (a project, or files to import); prints the issues. Returns null on failure with
/// *exitCode set.
AuditPtr load(const QStringList& inputs, const ImportOptions& options, ProjectExtras* extras, int* exitCode);

} // namespace tribunal::cli
