// SPDX-License-Identifier: GPL-3.0-or-later
#include "redaction.h"

#include <QList>
#include <QUrl>

#include <algorithm>

namespace tribunal {
namespace {

const QString kRedacted = QStringLiteral("[redacted]");

// The forms in which a server may echo the key: as sent, percent-encoded (a query string, a form body; hex
// in either case, or every byte encoded), and JSON-escaped (a JSON body the attempt could not parse is kept
// as text, escapes included).
QList<QString> keyForms(const QByteArray& key)
{
    QList<QString> forms{QString::fromUtf8(key)};
    const auto add = [&forms](const QByteArray& form) {
        const QString text = QString::fromLatin1(form);
        if (!form.isEmpty() && !forms.contains(text))
            forms.append(text);
    };
    const QByteArray percent = QUrl::toPercentEncoding(QString::fromUtf8(key));
    add(percent);
    QByteArray lowerHex = percent;
    for (qsizetype i = 0; i + 2 < lowerHex.size(); ++i)
        if (lowerHex[i] == '%')
            for (const qsizetype h : {i + 1, i + 2})
                if (lowerHex[h] >= 'A' && lowerHex[h] <= 'F')
                    lowerHex[h] = static_cast<char>(lowerHex[h] - 'A' + 'a');
    add(lowerHex);
    QByteArray everyByte, everyByteLower;
    for (const char c : key) {
        const QByteArray hex = QByteArray(1, c).toHex();
        everyByte += '%' + hex.toUpper();
        everyByteLower += '%' + hex;
    }
    add(everyByte);
    add(everyByteLower);
    QByteArray json;
    for (const char c : key) {
        if (c == '"' || c == '\\' || c == '/')
            json += '\\';
        json += c;
    }
    add(json);
    return forms;
}

// How many characters of `form` `text` holds from `at` (as many as both have in common there).
qsizetype matchLength(const QString& text, qsizetype at, const QString& form)
{
    qsizetype length = 0;
    while (length < form.size() && at + length < text.size() && text[at + length] == form[length])
        ++length;
    return length;
}

// Replaces in `text`, from left to right, the longest run at each place that is a whole form or a start of
// one of at least kRedactPrefixChars characters. Longest over all forms: the plain key and its
// percent-encodings share their first characters, and the first form to match must not take only those.
void redactForms(QString& text, const QList<QString>& forms)
{
    qsizetype at = 0;
    while (at < text.size()) {
        qsizetype best = 0;
        for (const QString& form : forms)
            if (text[at] == form.front()) {
                const qsizetype length = matchLength(text, at, form);
                if (length == form.size() || length >= kRedactPrefixChars)
                    best = std::max(best, length);
            }
        if (best == 0) {
            ++at;
            continue;
        }
        text.replace(at, best, kRedacted);
        at += kRedacted.size();
    }
}

} // namespace

QString redactedText(const QString& text, const QByteArray& key, qsizetype maxChars)
{
    QString out = text;
    if (!key.isEmpty())
        redactForms(out, keyForms(key));
    if (maxChars >= 0 && out.size() > maxChars)
        out = out.left(maxChars) + QStringLiteral("...");
    return out;
}

QString apiKeyProblem(const QByteArray& key)
{
    for (const char c : key) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte == '\r' || byte == '\n')
            return QStringLiteral("holds a line break (CR or LF), which would start another "
                                  "request header");
        if (byte < 0x20 || byte == 0x7F)
            return QStringLiteral("holds a control character");
        if (byte == ' ')
            return QStringLiteral("holds a space");
        if (byte > 0x7E)
            return QStringLiteral("holds a character outside ASCII");
    }
    return {};
}

} // namespace tribunal
