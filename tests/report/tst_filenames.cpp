// SPDX-License-Identifier: GPL-3.0-or-later
// safeFileStem (report/filenames.h): hostile names from data become portable file-name stems. Each row
// checks the exact stem (hash suffixes computed independently with a 10-line Python FNV-1a) and, for every
// row, the properties the contract promises whatever the input.

#include "report/filenames.h"

#include <QtTest>

using namespace tribunal;

namespace {

std::string_view view(const QByteArray& b)
{
    return {b.constData(), static_cast<std::size_t>(b.size())};
}

bool validUtf8(const QByteArray& b)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    (void)decoder.decode(b);
    return !decoder.hasError();
}

/// The first broken promise of the contract, or "" (independent of the exact mapping).
QString brokenPromise(const std::string& stem)
{
    const QByteArray b(stem.data(), static_cast<qsizetype>(stem.size()));
    if (b.isEmpty())
        return "empty";
    if (b.size() > qsizetype(kMaxFileStemBytes))
        return "longer than 100 bytes";
    if (!validUtf8(b))
        return "not valid UTF-8";
    for (const char c : b) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7F)
            return "control byte";
        if (QByteArray("/\\<>:\"|?*").contains(c))
            return QString("forbidden character %1").arg(c);
    }
    if (b.startsWith('.') || b.startsWith('-'))
        return "leading dot or dash";
    if (b.endsWith('.') || b.endsWith(' '))
        return "trailing dot or space";
    if (b.contains("\xe2\x80\xae") || b.contains("\xe2\x80\x8f"))
        return "bidi control";
    const QByteArray base = b.left(b.indexOf('.') < 0 ? b.size() : b.indexOf('.')).toUpper();
    static const QList<QByteArray> devices = {"CON",  "PRN",  "AUX",  "NUL",  "COM1", "COM2", "COM3", "COM4",
                                              "COM5", "COM6", "COM7", "COM8", "COM9", "LPT1", "LPT2", "LPT3",
                                              "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9"};
    if (devices.contains(base))
        return "Windows device name";
    return {};
}

} // namespace

class TestFileNames : public QObject {
    Q_OBJECT
private slots:
    void stems_data();
    void stems();
    void changedNamesDoNotCollide();
    void fallbackIsMadeSafeToo();
};

void TestFileNames::stems_data()
{
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<QByteArray>("expected");
    auto row = [](const char* tag, const QByteArray& name, const QByteArray& expected) {
        QTest::newRow(tag) << name << expected;
    };
    row("plain name unchanged", "gpt-4o_judge v2", "gpt-4o_judge v2");
    row("inner dots unchanged", "llama-3.1.8b", "llama-3.1.8b");
    row("path traversal", "../../etc/passwd", "___.._etc_passwd-9031d1f1");
    row("absolute path", "/abs", "_abs-8329be16");
    row("windows drive and backslash", "C:\\x", "C__x-4711aa61");
    row("device CON", "CON", "_CON-a1fd9952");
    row("device con.txt", "con.txt", "_con.txt-0c631f8b");
    row("device Aux.tar.gz", "Aux.tar.gz", "_Aux.tar.gz-5d715431");
    row("device lpt9", "lpt9", "_lpt9-7c3ee2af");
    row("COM0 is not a device", "COM0", "COM0");
    row("CONSOLE is not a device", "CONSOLE", "CONSOLE");
    row("empty gives the fallback", "", "judge");
    row("dot", ".", "_-296228fd");
    row("dot dot", "..", "__-b37a252a");
    row("hidden file", ".hidden", "_hidden-e5e365c5");
    row("option -rf", "-rf", "_rf-01859b7f");
    row("dashes only", "--", "__-b347f288");
    row("trailing dot and space", "trail. ", "trail__-3f7eaf89");
    row("newline", "a\nb", "a_b-e1ab5769");
    row("NUL byte", QByteArray("a\0b", 3), "a_b-e1f4ffab");
    row("slash", "a/b", "a_b-e2480c78");
    row("windows-forbidden characters", "q?*<>|\":", "q_______-2fb393c8");
    row("emoji kept", "judge \xf0\x9f\x8e\x89", "judge \xf0\x9f\x8e\x89");
    row("RTL override U+202E", "\xe2\x80\xaetxt.exe", "_txt.exe-eda11c2a");
    row("non-UTF-8 byte",
        "bad\xff"
        "byte",
        "bad_byte-4531a8b1");
    row("100 bytes unchanged", QByteArray(100, 'x'), QByteArray(100, 'x'));
    row("101 bytes cut", QByteArray(101, 'x'), QByteArray(91, 'x') + "-796f2992");
    row("300 bytes cut", QByteArray(300, 'x'), QByteArray(91, 'x') + "-fc258aca");
    {
        QByteArray e2, emoji;
        for (int k = 0; k < 150; ++k)
            e2 += "\xc3\xa9";
        for (int k = 0; k < 30; ++k)
            emoji += "\xf0\x9f\x8e\x89";
        // 91 bytes would cut the 46th two-byte e-acute and the 23rd four-byte emoji in half.
        row("300 bytes of 2-byte sequences cut on a boundary", e2, e2.left(90) + "-129dfae3");
        row("120 bytes of emoji cut on a boundary", emoji, emoji.left(88) + "-1f678906");
    }
}

void TestFileNames::stems()
{
    QFETCH(QByteArray, name);
    QFETCH(QByteArray, expected);
    const std::string stem = safeFileStem(view(name), "judge");
    QCOMPARE(QByteArray::fromStdString(stem), expected);
    QCOMPARE(brokenPromise(stem), QString());
    QCOMPARE(safeFileStem(view(name), "judge"), stem); // deterministic
    // A safe stem maps to itself, so sanitising twice changes nothing.
    QCOMPARE(safeFileStem(stem, "judge"), stem);
}

void TestFileNames::changedNamesDoNotCollide()
{
    // Names that sanitise to the same characters keep distinct stems through the hash of the original.
    const std::vector<std::string> names = {"a/b", "a_b", "a\\b", "a:b", "a\nb", std::string("a\0b", 3),
                                            "a?b"};
    std::vector<std::string> stems;
    for (const auto& n : names)
        stems.push_back(safeFileStem(n, "x"));
    std::sort(stems.begin(), stems.end());
    QCOMPARE(std::adjacent_find(stems.begin(), stems.end()), stems.end());
    QCOMPARE(safeFileStem("a_b", "x"), std::string("a_b"));
}

void TestFileNames::fallbackIsMadeSafeToo()
{
    QCOMPARE(safeFileStem("", "../x"), std::string("___x-f2be8f5c"));
    QCOMPARE(safeFileStem("", ""), std::string("file"));
    QCOMPARE(safeFileStem("", "dataset"), std::string("dataset"));
}

QTEST_GUILESS_MAIN(TestFileNames)
#include "tst_filenames.moc"
