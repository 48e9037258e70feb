// readJsonObjectFile (judging/jsonobjectfile.h): the object of a good file, and the exact errors and problem
// kinds of a missing file, a file that is not JSON and JSON that is not an object; readDesignFile's own
// wording for the last two (auditdesign.h), which it builds from the problem.

#include "judging/auditdesign.h"
#include "judging/jsonobjectfile.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace tribunal;

class TestJsonObjectFile : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString write(const QString& name, const QByteArray& bytes)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (file.open(QIODevice::WriteOnly))
            file.write(bytes);
        return path;
    }

private slots:
    void object()
    {
        const QString path = write(QStringLiteral("good.json"), R"({"a": 1, "b": [true]})");
        QString error;
        JsonObjectFileProblem problem;
        problem.kind = JsonObjectFileProblem::Kind::NotJson; // reset by the call
        const auto json = readJsonObjectFile(path, &error, &problem);
        QVERIFY2(json, qPrintable(error));
        QCOMPARE(json->value(QLatin1String("a")).toInt(), 1);
        QVERIFY(json->value(QLatin1String("b")).isArray());
        QCOMPARE(problem.kind, JsonObjectFileProblem::Kind::None);
        QVERIFY(error.isEmpty());
    }

    void problems_data()
    {
        QTest::addColumn<QByteArray>("bytes"); // empty = no file
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("error");       // after "<path>: "
        QTest::addColumn<QString>("designError"); // readDesignFile's, after "<path>: "; empty = as `error`
        QTest::newRow("unterminated object")
            << QByteArray("{") << int(JsonObjectFileProblem::Kind::NotJson)
            << QStringLiteral("not JSON: unterminated object at offset 1")
            << QStringLiteral("not a JSON object (unterminated object at byte 1)");
        QTest::newRow("array") << QByteArray("[1, 2]") << int(JsonObjectFileProblem::Kind::NotObject)
                               << QStringLiteral("must be a JSON object")
                               << QStringLiteral("not a JSON object");
    }

    void problems()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, kind);
        QFETCH(QString, error);
        QFETCH(QString, designError);
        const QString path = write(QStringLiteral("bad.json"), bytes);
        QString got;
        JsonObjectFileProblem problem;
        QVERIFY(!readJsonObjectFile(path, &got, &problem));
        QCOMPARE(int(problem.kind), kind);
        QCOMPARE(got, path + QStringLiteral(": ") + error);
        QString designGot;
        QVERIFY(!readDesignFile(path, &designGot));
        QCOMPARE(designGot, path + QStringLiteral(": ") + designError);
    }

    void missingFile()
    {
        const QString path = m_dir.filePath(QStringLiteral("none.json"));
        QString got;
        JsonObjectFileProblem problem;
        QVERIFY(!readJsonObjectFile(path, &got, &problem));
        QCOMPARE(problem.kind, JsonObjectFileProblem::Kind::CannotRead);
        QCOMPARE(got, path + QStringLiteral(": cannot read: ") + problem.reason);
        QVERIFY(!problem.reason.isEmpty());
        // Both callers keep the shared "cannot read" text.
        QString designGot;
        QVERIFY(!readDesignFile(path, &designGot));
        QCOMPARE(designGot, got);
    }
};

QTEST_GUILESS_MAIN(TestJsonObjectFile)
#include "tst_jsonobjectfile.moc"
