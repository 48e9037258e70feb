#include "common.h"

#include <QFile>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <string_view>

namespace tribunal::cli {

void installCliTranslations(QCoreApplication& app)
{
    const QLocale locale = QLocale::system();
    // QCommandLineParser's own messages ("Unknown option ...", "Displays help ...") are Qt's.
    for (const auto& [name, dir] :
         {std::pair{QStringLiteral("qtbase"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)},
          std::pair{QStringLiteral("tribunal-cli"), QStringLiteral(":/i18n")}}) {
        auto* translator = new QTranslator(&app);
        if (translator->load(locale, name, QStringLiteral("_"), dir))
            QCoreApplication::installTranslator(translator);
        else
            delete translator;
    }
}

void addOptions(CommandParser& parser, const QList<QCommandLineOption>& options)
{
    bool readsInputs = false;
    for (auto option : options) {
        readsInputs = readsInputs || option.names() == kSkipBad.names();
        option.setDescription(Msg::tr(option.description().toUtf8().constData()));
        parser.addOption(option);
    }
    // Every command that reads input files (they all take --skip-bad) can find the texts of harness
    // judgments.
    if (readsInputs)
        for (auto option : {kQuestions, kAnswers, kBaseline}) {
            option.setDescription(Msg::tr(option.description().toUtf8().constData()));
            parser.addOption(option);
        }
}

std::vector<std::string> toStd(const QStringList& list)
{
    std::vector<std::string> out;
    for (const auto& s : list)
        out.push_back(s.toStdString());
    return out;
}

int usage(const QString& message)
{
    std::cerr << "tribunal-cli: " << message.toStdString() << '\n'
              << Msg::tr("Run 'tribunal-cli --help' for usage.").toStdString() << '\n';
    return kUsage;
}

QString lockRefusal(const QString& path, const ProjectLockHolder& holder)
{
    QString who =
        holder.program.empty() ? Msg::tr("another program") : QString::fromStdString(holder.program);
    if (!holder.command.empty())
        who += QLatin1Char(' ') + QString::fromStdString(holder.command);
    return Msg::tr("%1: the project is being written by %2 (pid %3 on %4 since %5); wait until it finishes, "
                   "or stop it")
        .arg(path, who, QString::number(holder.pid), QString::fromStdString(holder.host),
             QString::fromStdString(holder.since));
}

std::unique_ptr<ProjectLock> lockProject(const QString& path, const char* command)
{
    std::optional<ProjectLockHolder> holder;
    auto lock = ProjectLock::acquire(QFile::encodeName(path).toStdString(), command, &holder);
    if (!lock)
        std::cerr << lockRefusal(path, *holder).toStdString() << '\n';
    return lock;
}

std::string shownPath(const std::string& path)
{
    return escapeForMessage(path);
}

QString shownPath(const QString& path)
{
    return QString::fromStdString(escapeForMessage(path.toStdString()));
}

void printError(const std::string& message)
{
    std::cerr << escapeForMessage(message, Backslashes::Keep) << '\n';
}

void printIssues(const std::vector<ImportIssue>& issues)
{
    for (const auto& issue : issues)
        std::cerr << issue.text() << '\n';
}

void printNotes(const std::vector<ImportIssue>& notes)
{
    for (const auto& note : notes)
        std::cerr << Msg::tr("note: %1").arg(QString::fromStdString(note.text())).toStdString() << '\n';
}

namespace {
// The list of kInputFormatNames written out, so that the catalogue can look the description up.
constexpr const char* kFormatHelp = QT_TRANSLATE_NOOP(
    "tribunal::cli::Msg",
    "Input format: auto, csv, jsonl, llmbar, rubric-csv, arena-hard, mt-bench, judgebench, alpaca-eval, "
    "inspect.");
constexpr std::string_view kFormatHelpView = kFormatHelp, kFormatHelpPrefix = "Input format: ";
static_assert(kFormatHelpView.starts_with(kFormatHelpPrefix) && kFormatHelpView.ends_with('.') &&
                  kFormatHelpView.substr(kFormatHelpPrefix.size(),
                                         kFormatHelpView.size() - kFormatHelpPrefix.size() - 1) ==
                      std::string_view(kInputFormatNames),
              "kFormatHelp must list kInputFormatNames");
} // namespace

const QCommandLineOption kSkipBad("skip-bad",
                                  QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                    "Skip bad records and list them (default: stop "
                                                    "at the first)."));
const QCommandLineOption kFormat("format", kFormatHelp, "FORMAT", "auto");
const QCommandLineOption kQuestions(
    "questions",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Arena-Hard / MT-Bench judgments: the question.jsonl of "
                                            "their questions (default: beside model_judgment/)."),
    "FILE");
const QCommandLineOption kAnswers(
    "answers",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Arena-Hard / MT-Bench judgments: the folder of the judged "
                                            "answers, <model>.jsonl (default: model_answer/ beside "
                                            "model_judgment/)."),
    "DIR");
const QCommandLineOption kBaseline("baseline",
                                   QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                     "Arena-Hard judgments that name no baseline (v0.1): its "
                                                     "model, whose answers are response A (default: "
                                                     "gpt-4-0314)."),
                                   "MODEL");

std::optional<HarnessTextPaths> harnessTextPaths(const QCommandLineParser& parser, QString* error)
{
    HarnessTextPaths paths;
    if (parser.isSet(kQuestions)) {
        const QString file = parser.value(kQuestions);
        if (!QFileInfo(file).isFile()) {
            *error = Msg::tr("--questions: no such file '%1'").arg(file);
            return std::nullopt;
        }
        paths.questions = file.toStdString();
    }
    if (parser.isSet(kAnswers)) {
        const QString dir = parser.value(kAnswers);
        if (!QFileInfo(dir).isDir()) {
            *error = Msg::tr("--answers: no such folder '%1'").arg(dir);
            return std::nullopt;
        }
        paths.answersDir = dir.toStdString();
    }
    paths.baseline = parser.value(kBaseline).toStdString();
    return paths;
}
const QCommandLineOption kPrices(
    "prices",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Prices per million tokens for requests without a recorded "
                                            "cost: JUDGE=INPUT/OUTPUT,... (K11)."),
    "PRICES");

std::optional<ImportOptions> importOptions(const QCommandLineParser& parser, QString* error)
{
    ImportOptions options;
    options.policy = parser.isSet(kSkipBad) ? BadRecordPolicy::SkipAndList : BadRecordPolicy::StopAtFirst;
    auto format = parseSourceFormat(parser.value(kFormat).toStdString());
    if (!format) {
        *error = Msg::tr("unknown input format '%1' (expected one of %2)")
                     .arg(parser.value(kFormat), kInputFormatNames);
        return std::nullopt;
    }
    options.format = *format;
    auto texts = harnessTextPaths(parser, error);
    if (!texts)
        return std::nullopt;
    options.texts = std::move(*texts);
    return options;
}

// Loads the inputs named by the positional arguments; prints the issues. Returns null on failure.
AuditPtr load(const QStringList& inputs, const ImportOptions& options, ProjectExtras* extras, int* exitCode)
{
    auto loaded = loadAudit(toStd(inputs), options);
    printIssues(loaded.issues);
    printNotes(loaded.notes);
    if (!loaded.audit) {
        *exitCode = loaded.badInput ? kBadInput : kUsage;
        return nullptr;
    }
    if (!loaded.issues.empty())
        std::cerr << Msg::tr("%n bad record(s) skipped", nullptr, static_cast<int>(loaded.issues.size()))
                         .toStdString()
                  << '\n';
    if (extras)
        *extras = std::move(loaded.extras);
    return loaded.audit;
}

std::optional<long long> wholeNumberOption(const QCommandLineParser& parser, const QCommandLineOption& option,
                                           long long lo, long long hi, QString* error)
{
    bool ok = false;
    const QString text = parser.value(option);
    const long long value = text.toLongLong(&ok);
    if (!ok || value < lo || value > hi) {
        *error = Msg::tr("--%1: '%2' is not a whole number in [%3, %4]")
                     .arg(option.names().constLast(), text, QString::number(lo), QString::number(hi));
        return std::nullopt;
    }
    return value;
}

std::optional<double> realOption(const QCommandLineParser& parser, const QCommandLineOption& option,
                                 double lo, double hi, bool openLo, bool openHi, QString* error)
{
    bool ok = false;
    const QString text = parser.value(option);
    const double value = text.toDouble(&ok);
    const bool inRange = ok && std::isfinite(value) && (openLo ? value > lo : value >= lo) &&
                         (openHi ? value < hi : value <= hi);
    if (!inRange) {
        *error = Msg::tr("--%1: '%2' is not a number in %3%4, %5%6")
                     .arg(option.names().constLast(), text, openLo ? "(" : "[", QString::number(lo),
                          QString::number(hi), openHi ? ")" : "]");
        return std::nullopt;
    }
    return value;
}

std::optional<std::vector<double>> numberListOption(const QCommandLineParser& parser,
                                                    const QCommandLineOption& option, double lo, double hi,
                                                    QString* error)
{
    std::vector<double> values;
    const QString text = parser.value(option);
    bool good = !text.trimmed().isEmpty();
    for (const QString& part : text.split(',')) {
        bool ok = false;
        const double value = part.trimmed().toDouble(&ok);
        good = good && ok && std::isfinite(value) && value >= lo && value <= hi &&
               (values.empty() || value > values.back());
        values.push_back(value);
    }
    if (!good) {
        *error = Msg::tr("--%1: '%2' is not an ascending list of numbers in [%3, %4]")
                     .arg(option.names().constLast(), text, QString::number(lo), QString::number(hi));
        return std::nullopt;
    }
    return values;
}

std::optional<JudgePrices> pricesOption(const QCommandLineParser& parser, const QCommandLineOption& option,
                                        QString* error)
{
    const QString name = option.names().constLast();
    JudgePrices prices;
    for (const QString& part : parser.value(option).split(',', Qt::SkipEmptyParts)) {
        const qsizetype eq = part.lastIndexOf('=');
        const QString judge = eq > 0 ? part.left(eq).trimmed() : QString();
        const QStringList io = eq > 0 ? part.mid(eq + 1).split('/') : QStringList();
        bool okIn = false, okOut = false;
        const double in = io.size() == 2 ? io[0].toDouble(&okIn) : 0.0;
        const double out = io.size() == 2 ? io[1].toDouble(&okOut) : 0.0;
        if (judge.isEmpty() || !okIn || !okOut || !std::isfinite(in) || !std::isfinite(out) || in < 0 ||
            out < 0) {
            *error =
                Msg::tr("--%1: '%2' is not JUDGE=INPUT/OUTPUT with prices >= 0 in USD per million tokens")
                    .arg(name, part);
            return std::nullopt;
        }
        if (prices.count(judge.toStdString())) {
            *error = Msg::tr("--%1: judge '%2' is priced twice").arg(name, judge);
            return std::nullopt;
        }
        prices[judge.toStdString()] = {in, out};
    }
    return prices;
}

} // namespace tribunal::cli
