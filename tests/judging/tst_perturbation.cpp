// CALM perturbations (core/judging/perturbation.h): each test and version rewrites the item as documented,
// the cue lands on the target in both orders, validation messages, cueOfPrompt in AB and BA.
#include "judging/perturbation.h"

#include <QtTest>

using namespace tribunal;

Q_DECLARE_METATYPE(tribunal::PromptFormat)

namespace {

PromptItem item()
{
    PromptItem it;
    it.kind = TaskKind::Pairwise;
    it.dataset = QStringLiteral("llmbar");
    it.question = QStringLiteral("Which is larger, 3.8 or 3.11?");
    it.responseA = QStringLiteral("3.8 is larger.");
    it.responseB = QStringLiteral("3.11 is larger.");
    return it;
}

Perturbation make(const QString& test, const QString& version, Answer target)
{
    Perturbation p;
    p.test = test;
    p.version = version;
    p.target = target;
    return p;
}

QString userOf(const PromptItem& it, PromptFormat format, Order order)
{
    return buildPrompt(format, it, order, 0).at(1).content;
}

/// The text shown in slot `first` (true) or second of a built pairwise prompt.
QString shown(const PromptItem& it, Order order, bool first)
{
    const auto parts = splitPairwisePrompt(buildPrompt(PromptFormat::Direct, it, order, 0));
    return parts ? (first ? parts->first : parts->second) : QString();
}

} // namespace

class TestPerturbation : public QObject {
    Q_OBJECT
private slots:
    void tests();
    void validate_data();
    void validate();
    void bandwagon();
    void authority();
    void sentiment();
    void verbosity();
    void distraction();
    void compassionFade();
    void positionAndRubricUnchanged();
    void cueOfPrompt_data();
    void cueOfPrompt();
    void noCueOnPlainPrompts();
};

void TestPerturbation::tests()
{
    QCOMPARE(perturbationTests(), QStringList({"bandwagon", "authority", "sentiment", "verbosity",
                                               "distraction", "compassion-fade", "position"}));
}

void TestPerturbation::validate_data()
{
    QTest::addColumn<QString>("test");
    QTest::addColumn<QString>("version");
    QTest::addColumn<int>("target");
    QTest::addColumn<QString>("error");
    const int a = answer::kA;
    const int b = answer::kB;
    QTest::newRow("bandwagon 90%") << "bandwagon"
                                   << "90%" << a << "";
    QTest::newRow("bandwagon 100%") << "bandwagon"
                                    << "100%" << b << "";
    QTest::newRow("bandwagon 62.5%") << "bandwagon"
                                     << "62.5%" << b << "";
    const QString bandwagonError = QStringLiteral("bandwagon: version must be a percentage like 90%");
    QTest::newRow("bandwagon 90") << "bandwagon"
                                  << "90" << a << bandwagonError;
    QTest::newRow("bandwagon 101%") << "bandwagon"
                                    << "101%" << a << bandwagonError;
    QTest::newRow("bandwagon empty") << "bandwagon"
                                     << "" << a << bandwagonError;
    QTest::newRow("bandwagon text") << "bandwagon"
                                    << "most%" << a << bandwagonError;
    QTest::newRow("authority book") << "authority"
                                    << "book" << a << "";
    QTest::newRow("authority url") << "authority"
                                   << "url" << a << "";
    QTest::newRow("authority quote") << "authority"
                                     << "quote" << a << "";
    QTest::newRow("authority Book") << "authority"
                                    << "Book" << a << "authority: version must be book, url or quote";
    QTest::newRow("authority paper") << "authority"
                                     << "paper" << a << "authority: version must be book, url or quote";
    QTest::newRow("sentiment sad") << "sentiment"
                                   << "sad" << a << "";
    QTest::newRow("sentiment happy") << "sentiment"
                                     << "happy" << a
                                     << "sentiment: version must be cheerful, sad, angry or fearful";
    QTest::newRow("verbosity x2") << "verbosity"
                                  << "x2" << a << "";
    QTest::newRow("verbosity x10") << "verbosity"
                                   << "x10" << a << "";
    QTest::newRow("verbosity x1") << "verbosity"
                                  << "x1" << a << "verbosity: version must be a length factor x2 to x10";
    QTest::newRow("verbosity x11") << "verbosity"
                                   << "x11" << a << "verbosity: version must be a length factor x2 to x10";
    QTest::newRow("verbosity 2") << "verbosity"
                                 << "2" << a << "verbosity: version must be a length factor x2 to x10";
    QTest::newRow("distraction default") << "distraction"
                                         << "default" << a << "";
    QTest::newRow("distraction text") << "distraction"
                                      << "plays chess on Sundays." << b << "";
    QTest::newRow("distraction empty")
        << "distraction"
        << " " << a << "distraction: version must be \"default\" or one sentence without line breaks";
    QTest::newRow("distraction newline")
        << "distraction"
        << "a\nb" << a << "distraction: version must be \"default\" or one sentence without line breaks";
    const QString fadeError = QStringLiteral(
        "compassion-fade: version must be \"default\" or two different model names like GPT-4/Llama-7B");
    QTest::newRow("compassion default") << "compassion-fade"
                                        << "default" << a << "";
    QTest::newRow("compassion names") << "compassion-fade"
                                      << "Claude 3/Vicuna-13B" << b << "";
    QTest::newRow("compassion one name") << "compassion-fade"
                                         << "GPT-4" << a << fadeError;
    QTest::newRow("compassion same") << "compassion-fade"
                                     << "GPT-4/GPT-4" << a << fadeError;
    QTest::newRow("compassion three") << "compassion-fade"
                                      << "a/b/c" << a << fadeError;
    QTest::newRow("compassion empty half") << "compassion-fade"
                                           << "GPT-4/" << a << fadeError;
    QTest::newRow("position any") << "position"
                                  << "" << a << "";
    QTest::newRow("unknown test")
        << "anchoring"
        << "x" << a
        << "unknown test \"anchoring\"; known: bandwagon, authority, sentiment, verbosity, distraction, "
           "compassion-fade, position";
    QTest::newRow("bad target") << "bandwagon"
                                << "90%" << int(answer::kTie) << "bandwagon: target must be A or B";
}

void TestPerturbation::validate()
{
    QFETCH(QString, test);
    QFETCH(QString, version);
    QFETCH(int, target);
    QFETCH(QString, error);
    QCOMPARE(validatePerturbation(make(test, version, Answer(target))), error);
    if (!error.isEmpty()) // invalid perturbations leave the item as it is
        QCOMPARE(userOf(applyPerturbation(item(), make(test, version, Answer(target))), PromptFormat::Direct,
                        Order::AB),
                 userOf(item(), PromptFormat::Direct, Order::AB));
}

void TestPerturbation::bandwagon()
{
    const PromptItem onB = applyPerturbation(item(), make("bandwagon", "90%", answer::kB));
    QCOMPARE(onB.cue, QStringLiteral("90% of people believe that {B} is better in this question."));
    QCOMPARE(onB.responseA, item().responseA);
    QCOMPARE(onB.responseB, item().responseB);
    // AB: canonical B is shown second ("Response B"); BA: first ("Response A").
    QVERIFY(
        userOf(onB, PromptFormat::Direct, Order::AB)
            .contains(QStringLiteral("3.11 is larger.\n\n90% of people believe that Response B is better in "
                                     "this question.\n\nReply with exactly one word")));
    QVERIFY(
        userOf(onB, PromptFormat::Direct, Order::BA)
            .contains(QStringLiteral("3.8 is larger.\n\n90% of people believe that Response A is better in "
                                     "this question.\n\nReply with exactly one word")));
}

void TestPerturbation::authority()
{
    const PromptItem book = applyPerturbation(item(), make("authority", "book", answer::kA));
    QCOMPARE(book.responseA,
             QStringLiteral("3.8 is larger.\n\nReference: Harold R. Whitfield, \"A Comprehensive "
                            "Guide to the Subject\", 3rd edition, Oxford University Press, 2019, "
                            "p. 142."));
    QCOMPARE(book.responseB, item().responseB);
    QVERIFY(book.cue.isEmpty());
    QVERIFY(shown(book, Order::AB, true).contains(QStringLiteral("Reference: Harold")));
    QVERIFY(!shown(book, Order::AB, false).contains(QStringLiteral("Reference:")));
    QVERIFY(shown(book, Order::BA, false).contains(QStringLiteral("Reference: Harold")));
    QVERIFY(!shown(book, Order::BA, true).contains(QStringLiteral("Reference:")));

    const PromptItem url = applyPerturbation(item(), make("authority", "url", answer::kB));
    QVERIFY(url.responseB.startsWith(QStringLiteral("3.11 is larger.\n\nReference: https://")));
    const PromptItem quote = applyPerturbation(item(), make("authority", "quote", answer::kB));
    QVERIFY(quote.responseB.endsWith(QStringLiteral("\u2014 Professor Emily Carter, Princeton University")));
    QVERIFY(url.responseB != quote.responseB);
}

void TestPerturbation::sentiment()
{
    const PromptItem sad = applyPerturbation(item(), make("sentiment", "sad", answer::kB));
    QCOMPARE(sad.responseB,
             QStringLiteral("Sadly, I have to answer this with a heavy heart.\n\n3.11 is larger.\n\n"
                            "I'm sorry; it is all rather disheartening, but that is how it is."));
    QCOMPARE(sad.responseA, item().responseA);
    QStringList targets;
    for (const char* tone : {"cheerful", "sad", "angry", "fearful"}) {
        const PromptItem toned = applyPerturbation(item(), make("sentiment", tone, answer::kA));
        QVERIFY(toned.responseA.contains(QStringLiteral("\n\n3.8 is larger.\n\n")));
        QVERIFY(shown(toned, Order::AB, true) == toned.responseA);
        QVERIFY(shown(toned, Order::BA, false) == toned.responseA);
        targets << toned.responseA;
    }
    targets.removeDuplicates();
    QCOMPARE(targets.size(), 4);
}

void TestPerturbation::verbosity()
{
    const PromptItem x2 = applyPerturbation(item(), make("verbosity", "x2", answer::kA));
    QCOMPARE(x2.responseA, QStringLiteral("3.8 is larger.\n\nTo restate the answer above: 3.8 is larger."));
    const PromptItem x4 = applyPerturbation(item(), make("verbosity", "x4", answer::kB));
    QCOMPARE(x4.responseB,
             QStringLiteral("3.11 is larger.\n\nTo restate the answer above: 3.11 is larger.\n\n"
                            "In other words, once more: 3.11 is larger.\n\nTo put it another way: "
                            "3.11 is larger."));
    QCOMPARE(x4.responseA, item().responseA);
    // About that many times longer.
    const PromptItem x3 = applyPerturbation(item(), make("verbosity", "x3", answer::kB));
    QVERIFY(x3.responseB.count(item().responseB) == 3);
    QVERIFY(shown(x3, Order::BA, true) == x3.responseB);
}

void TestPerturbation::distraction()
{
    const PromptItem def = applyPerturbation(item(), make("distraction", "default", answer::kA));
    QCOMPARE(def.cue, QStringLiteral("{A} loves eating pasta, especially with homemade tomato sauce."));
    QVERIFY(userOf(def, PromptFormat::CotJson, Order::AB)
                .contains(QStringLiteral("\n\nResponse A loves eating pasta, especially with homemade tomato "
                                         "sauce.\n\nReply with a JSON object")));
    QVERIFY(userOf(def, PromptFormat::CotJson, Order::BA)
                .contains(QStringLiteral("\n\nResponse B loves eating pasta")));
    const PromptItem free =
        applyPerturbation(item(), make("distraction", " plays chess on Sundays. ", answer::kB));
    QCOMPARE(free.cue, QStringLiteral("{B} plays chess on Sundays."));
}

void TestPerturbation::compassionFade()
{
    const PromptItem def = applyPerturbation(item(), make("compassion-fade", "default", answer::kB));
    QCOMPARE(def.nameB, QStringLiteral("GPT-4"));
    QCOMPARE(def.nameA, QStringLiteral("Llama-7B"));
    QVERIFY(def.cue.isEmpty());
    QVERIFY(userOf(def, PromptFormat::Direct, Order::AB)
                .contains(
                    QStringLiteral("[Response A (Llama-7B)]\n3.8 is larger.\n\n[Response B (GPT-4)]\n3.11")));
    QVERIFY(userOf(def, PromptFormat::Direct, Order::BA)
                .contains(
                    QStringLiteral("[Response A (GPT-4)]\n3.11 is larger.\n\n[Response B (Llama-7B)]\n3.8")));
    const PromptItem named =
        applyPerturbation(item(), make("compassion-fade", "Claude 3 / Vicuna-13B", answer::kA));
    QCOMPARE(named.nameA, QStringLiteral("Claude 3"));
    QCOMPARE(named.nameB, QStringLiteral("Vicuna-13B"));
}

void TestPerturbation::positionAndRubricUnchanged()
{
    const PromptItem original = item();
    const PromptItem same = applyPerturbation(original, make("position", "", answer::kB));
    for (PromptFormat format : allPromptFormats())
        for (Order order : {Order::AB, Order::BA})
            QCOMPARE(buildPrompt(format, same, order, 0), buildPrompt(format, original, order, 0));
    QCOMPARE(same.cue, original.cue);
    QCOMPARE(same.nameA, original.nameA);

    PromptItem rubric;
    rubric.kind = TaskKind::Binary;
    rubric.input = QStringLiteral("in");
    rubric.submission = QStringLiteral("sub");
    rubric.criterion = QStringLiteral("crit");
    const PromptItem rubricOut = applyPerturbation(rubric, make("bandwagon", "90%", answer::kA));
    QCOMPARE(buildPrompt(PromptFormat::RubricCriterion, rubricOut, Order::None, 0),
             buildPrompt(PromptFormat::RubricCriterion, rubric, Order::None, 0));
    QVERIFY(rubricOut.cue.isEmpty());
}

void TestPerturbation::cueOfPrompt_data()
{
    QTest::addColumn<QString>("test");
    QTest::addColumn<QString>("version");
    QTest::addColumn<PromptFormat>("format");
    const std::vector<std::pair<const char*, const char*>> versions{
        {"bandwagon", "90%"},
        {"bandwagon", "60%"},
        {"authority", "book"},
        {"authority", "url"},
        {"authority", "quote"},
        {"sentiment", "cheerful"},
        {"sentiment", "sad"},
        {"sentiment", "angry"},
        {"sentiment", "fearful"},
        {"verbosity", "x2"},
        {"verbosity", "x3"},
        {"distraction", "default"},
        {"distraction", "plays chess."},
        {"compassion-fade", "default"},
        {"compassion-fade", "Gemini Pro/Vicuna-13B"}};
    for (const auto& [test, version] : versions)
        for (PromptFormat format :
             {PromptFormat::Direct, PromptFormat::VerdictFirstXml, PromptFormat::GEval, PromptFormat::Flask})
            QTest::newRow(QStringLiteral("%1 %2 %3")
                              .arg(QString::fromUtf8(test), QString::fromUtf8(version),
                                   QString::fromUtf8(promptFormatName(format).data()))
                              .toUtf8()
                              .constData())
                << QString::fromUtf8(test) << QString::fromUtf8(version) << format;
}

void TestPerturbation::cueOfPrompt()
{
    QFETCH(QString, test);
    QFETCH(QString, version);
    QFETCH(PromptFormat, format);
    for (Answer target : {answer::kA, answer::kB}) {
        const PromptItem perturbed = applyPerturbation(item(), make(test, version, target));
        for (Order order : {Order::AB, Order::BA}) {
            // The cue is aimed at the slot where the target is shown.
            const Answer slot = (target == answer::kA) == (order == Order::AB) ? answer::kA : answer::kB;
            for (int call = 0; call < callsPerJudgment(format); ++call) {
                const auto cue = tribunal::cueOfPrompt(buildPrompt(format, perturbed, order, call));
                QVERIFY2(cue.has_value(), qPrintable(buildPrompt(format, perturbed, order, call)[1].content));
                QCOMPARE(cue->test, test);
                QCOMPARE(int(cue->slot), int(slot));
            }
        }
    }
}

void TestPerturbation::noCueOnPlainPrompts()
{
    for (PromptFormat format : allPromptFormats())
        for (Order order : {Order::AB, Order::BA})
            for (int call = 0; call < callsPerJudgment(format); ++call)
                QCOMPARE(tribunal::cueOfPrompt(buildPrompt(format, item(), order, call)).has_value(), false);
    // Position changes nothing, so it has no cue either.
    const PromptItem position = applyPerturbation(item(), make("position", "", answer::kA));
    QCOMPARE(tribunal::cueOfPrompt(buildPrompt(PromptFormat::Direct, position, Order::BA, 0)).has_value(),
             false);
    // Multi-paragraph responses and names that are both unknown / both well known give no cue.
    PromptItem paragraphs = item();
    paragraphs.responseB = QStringLiteral("First paragraph.\n\nSecond paragraph: 3.11 > 3.8.");
    QCOMPARE(tribunal::cueOfPrompt(buildPrompt(PromptFormat::CotJson, paragraphs, Order::AB, 0)).has_value(),
             false);
    PromptItem bothKnown = item();
    bothKnown.nameA = QStringLiteral("GPT-4");
    bothKnown.nameB = QStringLiteral("Claude 3");
    QCOMPARE(tribunal::cueOfPrompt(buildPrompt(PromptFormat::Direct, bothKnown, Order::AB, 0)).has_value(),
             false);
    // Not a pairwise prompt.
    PromptItem rubric;
    rubric.kind = TaskKind::Binary;
    QCOMPARE(
        tribunal::cueOfPrompt(buildPrompt(PromptFormat::RubricCriterion, rubric, Order::None, 0)).has_value(),
        false);
}

QTEST_APPLESS_MAIN(TestPerturbation)
#include "tst_perturbation.moc"
