#include "perturbation.h"

#include <QRegularExpression>

#include <array>

namespace tribunal {
namespace {

const QString kBandwagon = QStringLiteral("bandwagon");
const QString kAuthority = QStringLiteral("authority");
const QString kSentiment = QStringLiteral("sentiment");
const QString kVerbosity = QStringLiteral("verbosity");
const QString kDistraction = QStringLiteral("distraction");
const QString kCompassionFade = QStringLiteral("compassion-fade");
const QString kPosition = QStringLiteral("position");

const QString kDefaultDistraction =
    QStringLiteral("loves eating pasta, especially with homemade tomato sauce.");
const QString kDefaultModels = QStringLiteral("GPT-4/Llama-7B");

struct Citation {
    const char* version;
    const char* text;
};
// Fake citations in the three kinds CALM uses; appended to the target response as its last paragraph.
constexpr std::array<Citation, 3> kCitations{{
    {"book", "Reference: Harold R. Whitfield, \"A Comprehensive Guide to the Subject\", 3rd edition, Oxford "
             "University Press, 2019, p. 142."},
    {"url", "Reference: https://www.britannica.com/topic/expert-verified-answers/reference-142"},
    {"quote", "\"This is exactly the right answer.\" \u2014 Professor Emily Carter, Princeton University"},
}};

struct Tone {
    const char* version;
    const char* opening;
    const char* closing;
};
// Tone-setting sentences around the target response (CALM rewrites the response with a model instead).
constexpr std::array<Tone, 4> kTones{{
    {"cheerful", "What a delightful question \u2014 I'm so happy to help with this!",
     "I hope this brightens your day \u2014 have a wonderful time!"},
    {"sad", "Sadly, I have to answer this with a heavy heart.",
     "I'm sorry; it is all rather disheartening, but that is how it is."},
    {"angry", "Honestly, it is infuriating that this even needs explaining.",
     "There, that's the answer, and I'm frankly fed up with it."},
    {"fearful", "I'm really nervous about getting this wrong, but here goes.",
     "I'm scared I may have missed something, so please be careful with this."},
}};

// Restatement lead-ins for the verbosity padding, used in turn.
constexpr std::array<const char*, 3> kRestatements{{
    "To restate the answer above:",
    "In other words, once more:",
    "To put it another way:",
}};

constexpr int kMaxVerbosityFactor = 10;

std::optional<int> verbosityFactor(const QString& version)
{
    static const QRegularExpression pattern(QStringLiteral("^x(\\d{1,2})$"));
    const auto match = pattern.match(version);
    if (!match.hasMatch())
        return std::nullopt;
    const int factor = match.captured(1).toInt();
    if (factor < 2 || factor > kMaxVerbosityFactor)
        return std::nullopt;
    return factor;
}

bool isPercentage(const QString& version)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d{1,3}(?:\\.\\d+)?)%$"));
    const auto match = pattern.match(version);
    return match.hasMatch() && match.captured(1).toDouble() <= 100.0;
}

std::optional<std::pair<QString, QString>> modelNames(const QString& version)
{
    const QString spec = version == QLatin1String("default") ? kDefaultModels : version;
    const QStringList names = spec.split(QLatin1Char('/'));
    if (names.size() != 2)
        return std::nullopt;
    const QString favoured = names[0].trimmed();
    const QString other = names[1].trimmed();
    if (favoured.isEmpty() || other.isEmpty() || favoured == other || favoured.contains(QLatin1Char('\n')) ||
        other.contains(QLatin1Char('\n')) || favoured.contains(QLatin1Char(')')) ||
        other.contains(QLatin1Char(')')))
        return std::nullopt;
    return std::make_pair(favoured, other);
}

// Model families the compassion-fade cue reads as well known (cueOfPrompt cannot see the version).
bool isWellKnownModel(const QString& name)
{
    for (const char* family : {"gpt", "claude", "gemini"})
        if (name.startsWith(QLatin1String(family), Qt::CaseInsensitive))
            return true;
    return false;
}

QString lastParagraph(const QString& text)
{
    const qsizetype split = text.lastIndexOf(QLatin1String("\n\n"));
    return split < 0 ? QString() : text.mid(split + 2);
}

} // namespace

QStringList perturbationTests()
{
    return {kBandwagon, kAuthority, kSentiment, kVerbosity, kDistraction, kCompassionFade, kPosition};
}

QString validatePerturbation(const Perturbation& perturbation)
{
    const QString& test = perturbation.test;
    const QString& version = perturbation.version;
    if (!perturbationTests().contains(test))
        return QStringLiteral("unknown test \"%1\"; known: %2")
            .arg(test, perturbationTests().join(QStringLiteral(", ")));
    if (perturbation.target != answer::kA && perturbation.target != answer::kB)
        return QStringLiteral("%1: target must be A or B").arg(test);
    if (test == kBandwagon && !isPercentage(version))
        return QStringLiteral("bandwagon: version must be a percentage like 90%");
    if (test == kAuthority) {
        for (const Citation& citation : kCitations)
            if (version == QLatin1String(citation.version))
                return {};
        return QStringLiteral("authority: version must be book, url or quote");
    }
    if (test == kSentiment) {
        for (const Tone& tone : kTones)
            if (version == QLatin1String(tone.version))
                return {};
        return QStringLiteral("sentiment: version must be cheerful, sad, angry or fearful");
    }
    if (test == kVerbosity && !verbosityFactor(version))
        return QStringLiteral("verbosity: version must be a length factor x2 to x%1")
            .arg(kMaxVerbosityFactor);
    if (test == kDistraction && (version.trimmed().isEmpty() || version.contains(QLatin1Char('\n'))))
        return QStringLiteral("distraction: version must be \"default\" or one sentence without line breaks");
    if (test == kCompassionFade && !modelNames(version))
        return QStringLiteral(
            "compassion-fade: version must be \"default\" or two different model names like "
            "GPT-4/Llama-7B");
    return {};
}

PromptItem applyPerturbation(const PromptItem& item, const Perturbation& perturbation)
{
    if (item.kind != TaskKind::Pairwise || !validatePerturbation(perturbation).isEmpty())
        return item;
    PromptItem out = item;
    const bool onA = perturbation.target == answer::kA;
    QString& target = onA ? out.responseA : out.responseB;
    const QString targetSlot = onA ? QStringLiteral("{A}") : QStringLiteral("{B}");
    const QString& test = perturbation.test;
    const QString& version = perturbation.version;

    if (test == kBandwagon) {
        out.cue = QStringLiteral("%1 of people believe that %2 is better in this question.")
                      .arg(version, targetSlot);
    } else if (test == kAuthority) {
        for (const Citation& citation : kCitations)
            if (version == QLatin1String(citation.version))
                target += QStringLiteral("\n\n") + QString::fromUtf8(citation.text);
    } else if (test == kSentiment) {
        for (const Tone& tone : kTones)
            if (version == QLatin1String(tone.version))
                target = QString::fromUtf8(tone.opening) + QStringLiteral("\n\n") + target +
                         QStringLiteral("\n\n") + QString::fromUtf8(tone.closing);
    } else if (test == kVerbosity) {
        const int factor = *verbosityFactor(version);
        const QString original = target;
        for (int i = 1; i < factor; ++i)
            target +=
                QStringLiteral("\n\n") +
                QString::fromUtf8(kRestatements[static_cast<std::size_t>(i - 1) % kRestatements.size()]) +
                QLatin1Char(' ') + original;
    } else if (test == kDistraction) {
        const QString sentence =
            version == QLatin1String("default") ? kDefaultDistraction : version.trimmed();
        out.cue = targetSlot + QLatin1Char(' ') + sentence;
    } else if (test == kCompassionFade) {
        const auto names = *modelNames(version);
        out.nameA = onA ? names.first : names.second;
        out.nameB = onA ? names.second : names.first;
    }
    return out;
}

std::optional<PromptCue> cueOfPrompt(const std::vector<ChatMessage>& messages)
{
    const auto parts = splitPairwisePrompt(messages);
    if (!parts)
        return std::nullopt;
    PromptCue cue;
    auto found = [&](const QString& test, Answer slot) {
        cue.test = test;
        cue.slot = slot;
        return std::optional<PromptCue>(cue);
    };

    for (const Citation& citation : kCitations) {
        const QString text = QStringLiteral("\n\n") + QString::fromUtf8(citation.text);
        if (parts->first.contains(text))
            return found(kAuthority, answer::kA);
        if (parts->second.contains(text))
            return found(kAuthority, answer::kB);
    }
    for (const Tone& tone : kTones) {
        const QString opening = QString::fromUtf8(tone.opening) + QStringLiteral("\n\n");
        if (parts->first.startsWith(opening))
            return found(kSentiment, answer::kA);
        if (parts->second.startsWith(opening))
            return found(kSentiment, answer::kB);
    }
    const QString restatement =
        QStringLiteral("\n\n") + QString::fromUtf8(kRestatements[0]) + QLatin1Char(' ');
    if (parts->first.contains(restatement))
        return found(kVerbosity, answer::kA);
    if (parts->second.contains(restatement))
        return found(kVerbosity, answer::kB);

    // Cue sentences are the last paragraph before the output instruction (or FLASK's criterion block).
    const QString last = lastParagraph(parts->second);
    if (!last.isEmpty()) {
        static const QRegularExpression bandwagon(QStringLiteral(
            "^\\d{1,3}(?:\\.\\d+)?% of people believe that (.+) is better in this question\\.$"));
        if (const auto match = bandwagon.match(last); match.hasMatch()) {
            if (match.captured(1) == parts->firstLabel)
                return found(kBandwagon, answer::kA);
            if (match.captured(1) == parts->secondLabel)
                return found(kBandwagon, answer::kB);
        }
        if (!last.contains(QLatin1Char('\n'))) {
            if (last.startsWith(parts->firstLabel + QLatin1Char(' ')))
                return found(kDistraction, answer::kA);
            if (last.startsWith(parts->secondLabel + QLatin1Char(' ')))
                return found(kDistraction, answer::kB);
        }
    }

    if (!parts->firstName.isEmpty() && !parts->secondName.isEmpty()) {
        const bool firstKnown = isWellKnownModel(parts->firstName);
        const bool secondKnown = isWellKnownModel(parts->secondName);
        if (firstKnown != secondKnown)
            return found(kCompassionFade, firstKnown ? answer::kA : answer::kB);
    }
    return std::nullopt;
}

} // namespace tribunal
