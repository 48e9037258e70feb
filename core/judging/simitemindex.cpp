#include "simitemindex.h"

#include <algorithm>

namespace tribunal {
namespace {

constexpr int kKeyLength = 32; // characters of the text an item is indexed by

// Rabin-Karp over UTF-16 code units.
constexpr std::uint64_t kBase = 1000003ULL;

std::uint64_t textHash(QStringView text)
{
    std::uint64_t h = 0;
    for (QChar c : text)
        h = h * kBase + c.unicode();
    return h;
}

// Position of `text` in `message` at or after `from` that does not lie inside [skipBegin, skipEnd), or -1.
qsizetype findOutside(QStringView message, QStringView text, qsizetype from, qsizetype skipBegin,
                      qsizetype skipEnd)
{
    qsizetype pos = message.indexOf(text, from);
    while (pos >= 0 && pos >= skipBegin && pos + text.size() <= skipEnd)
        pos = message.indexOf(text, pos + 1);
    return pos;
}

// Where responses A and B are shown: positions of both, the longer located first so that a response
// contained in the other is not found inside it. False when one is missing.
bool locatePair(QStringView message, QStringView a, QStringView b, qsizetype from, qsizetype* posA,
                qsizetype* posB)
{
    const bool aLonger = a.size() >= b.size();
    const QStringView longer = aLonger ? a : b, shorter = aLonger ? b : a;
    const qsizetype pL = message.indexOf(longer, from);
    if (pL < 0)
        return false;
    const qsizetype pS = findOutside(message, shorter, from, pL, pL + longer.size());
    if (pS < 0)
        return false;
    *posA = aLonger ? pL : pS;
    *posB = aLonger ? pS : pL;
    return true;
}

} // namespace

SimItemIndex::SimItemIndex(const Audit* audit)
{
    if (!audit)
        return;
    const auto& table = audit->items();
    for (std::size_t row = 0; row < table.size(); ++row) {
        SimItem item;
        item.texts = promptItemOf(*audit, row);
        const auto id = audit->str(table.itemId[row]);
        item.itemId = QString::fromUtf8(id.data(), static_cast<qsizetype>(id.size()));
        item.label = table.label[row];
        const PromptItem& t = item.texts;
        const bool pairwise = t.kind == TaskKind::Pairwise;
        QString source;
        if (pairwise) {
            if (t.responseA.isEmpty() || t.responseB.isEmpty())
                continue;
            source = t.responseA;
        } else {
            source = !t.submission.isEmpty() ? t.submission : !t.criterion.isEmpty() ? t.criterion : t.input;
            if (source.isEmpty())
                continue;
        }
        item.key = source.left(kKeyLength);
        const int index = static_cast<int>(m_items.size());
        addKey(pairwise ? m_pairwiseKeys : m_rubricKeys, index, item.key);
        m_items.push_back(std::move(item));
    }
}

void SimItemIndex::addKey(KeyTable& table, int item, const QString& key)
{
    table[static_cast<int>(key.size())][textHash(key)].push_back(item);
}

std::vector<int> SimItemIndex::candidates(const KeyTable& keys, QStringView message) const
{
    std::vector<int> found;
    for (const auto& [length, table] : keys) {
        const qsizetype n = message.size(), len = length;
        if (n < len)
            continue;
        std::uint64_t power = 1;
        for (qsizetype i = 0; i < len; ++i)
            power *= kBase;
        std::uint64_t h = textHash(message.first(len));
        for (qsizetype i = 0;; ++i) {
            const auto it = table.find(h);
            if (it != table.end())
                for (int candidate : it->second)
                    if (message.sliced(i, len) == QStringView(item(candidate).key))
                        found.push_back(candidate);
            if (i + len >= n)
                break;
            h = h * kBase + message[i + len].unicode() - power * message[i].unicode();
        }
    }
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
    return found;
}

std::optional<SimMatch> SimItemIndex::match(const QString& message, bool pairwise) const
{
    SimMatch best;
    qsizetype bestScore = -1;
    for (int candidate : candidates(pairwise ? m_pairwiseKeys : m_rubricKeys, message)) {
        const PromptItem& t = item(candidate).texts;
        qsizetype score = 0;
        Order order = Order::None;
        if (pairwise) {
            // Responses come after the question in the prompt; searching from there keeps a short
            // response ("13") from being found inside the question.
            const qsizetype q = t.question.isEmpty() ? -1 : message.indexOf(t.question);
            qsizetype posA = -1, posB = -1;
            bool found =
                q >= 0 && locatePair(message, t.responseA, t.responseB, q + t.question.size(), &posA, &posB);
            if (!found)
                found = locatePair(message, t.responseA, t.responseB, 0, &posA, &posB);
            if (!found)
                continue;
            order = posA < posB ? Order::AB : Order::BA;
            score = t.responseA.size() + t.responseB.size() + (q >= 0 ? t.question.size() : 0);
        } else {
            bool all = true;
            for (const QString* field : {&t.submission, &t.criterion, &t.input}) {
                if (field->isEmpty())
                    continue;
                if (!message.contains(*field)) {
                    all = false;
                    break;
                }
                score += field->size();
            }
            if (!all)
                continue;
            for (const QString& level : t.levels)
                if (!level.isEmpty() && message.contains(level))
                    score += level.size();
        }
        if (score > bestScore) {
            bestScore = score;
            best.item = candidate;
            best.order = order;
        }
    }
    if (best.item < 0)
        return std::nullopt;
    return best;
}

} // namespace tribunal
