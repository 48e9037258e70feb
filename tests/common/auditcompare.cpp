#include "auditcompare.h"

#include <bit>
#include <cmath>
#include <cstdio>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace tribunal::test {
namespace {

// A string value as a difference shows it: quoted, control characters escaped, long ones cut.
std::string shown(std::string_view text)
{
    constexpr std::size_t kMax = 120;
    std::string out = "\"";
    for (std::size_t i = 0; i < text.size() && i < kMax; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20) {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
            out += buffer;
        } else {
            out += static_cast<char>(c);
        }
    }
    if (text.size() > kMax)
        out += "...";
    return out + "\"";
}

std::string shown(double value)
{
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", value);
    return buffer;
}

bool sameDouble(double x, double y)
{
    return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y) ||
           (std::isnan(x) && std::isnan(y));
}

std::string conditionText(const Audit& audit, CondId id)
{
    std::string out = "{";
    for (const auto& [k, v] : audit.conditions()[id])
        out.append(audit.str(k)).append("=").append(audit.str(v)).append(";");
    return out + "}";
}

std::string itemName(const Audit& audit, std::uint32_t item)
{
    const auto& items = audit.items();
    return std::string(audit.str(items.dataset[item])) + "/" + std::string(audit.str(items.itemId[item]));
}

// Collects the first difference; every check is skipped once one is found.
class Differ {
public:
    Differ(const Audit& a, const Audit& b) : m_a(a), m_b(b) {}

    bool found() const { return m_first.has_value(); }
    std::string result() const { return m_first.value_or(std::string()); }
    void at(std::string where) { m_where = std::move(where); }

    void text(const char* field, std::string_view x, std::string_view y)
    {
        check(field, x == y, shown(x), shown(y));
    }
    void str(const char* field, StrId x, StrId y) { text(field, m_a.str(x), m_b.str(y)); }
    void real(const char* field, double x, double y) { check(field, sameDouble(x, y), shown(x), shown(y)); }
    template <typename T> void number(const char* field, T x, T y)
    {
        check(field, x == y, std::to_string(x), std::to_string(y));
    }
    void answer(const char* field, TaskKind kind, Answer x, Answer y)
    {
        check(field, x == y, shown(answerText(kind, x)), shown(answerText(kind, y)));
    }
    void check(const char* field, bool same, const std::string& x, const std::string& y)
    {
        if (!same && !m_first)
            m_first = m_where + ": " + field + ": " + x + " != " + y;
    }

private:
    const Audit& m_a;
    const Audit& m_b;
    std::string m_where = "audit";
    std::optional<std::string> m_first;
};

void compareItems(const Audit& a, const Audit& b, Differ& d)
{
    const auto& ia = a.items();
    const auto& ib = b.items();
    for (std::size_t i = 0; i < ia.size() && !d.found(); ++i) {
        d.at("item " + std::to_string(i) + " (" + itemName(a, static_cast<std::uint32_t>(i)) + ")");
        d.str("dataset", ia.dataset[i], ib.dataset[i]);
        d.str("item_id", ia.itemId[i], ib.itemId[i]);
        d.text("kind", kindName(ia.kind[i]), kindName(ib.kind[i]));
        d.answer("label", ia.kind[i], ia.label[i], ib.label[i]);
        for (int f = 0; f < kItemTextCount; ++f) {
            const auto field = static_cast<ItemText>(f);
            d.str(std::string(itemTextName(field)).c_str(), ia.field(field, i), ib.field(field, i));
        }
        const auto la = ia.levels(i), lb = ib.levels(i);
        d.number("level count", la.size(), lb.size());
        for (std::size_t l = 0; l < la.size() && !d.found(); ++l)
            d.str(("levels[" + std::to_string(l) + "]").c_str(), la[l], lb[l]);
        const auto ra = ia.itemRatings(i), rb = ib.itemRatings(i);
        d.number("rating count", ra.size(), rb.size());
        for (std::size_t r = 0; r < ra.size() && !d.found(); ++r) {
            d.str("ratings.rater", ra[r].rater, rb[r].rater);
            d.answer("ratings.value", ia.kind[i], ra[r].value, rb[r].value);
        }
    }
}

void compareJudgments(const Audit& a, const Audit& b, Differ& d)
{
    const auto& ja = a.judgments();
    const auto& jb = b.judgments();
    const auto oa = a.importOrder(), ob = b.importOrder();
    for (std::size_t k = 0; k < oa.size() && !d.found(); ++k) {
        const auto x = oa[k], y = ob[k];
        const auto kind = a.kindOf(x);
        d.at("judgment #" + std::to_string(k) + " (" + itemName(a, ja.item[x]) + ", judge " +
             std::string(a.str(ja.judge[x])) + ")");
        d.text("item", itemName(a, ja.item[x]), itemName(b, jb.item[y]));
        d.str("judge", ja.judge[x], jb.judge[y]);
        d.str("format", ja.format[x], jb.format[y]);
        d.text("condition", conditionText(a, ja.condition[x]), conditionText(b, jb.condition[y]));
        d.text("order", orderName(ja.order[x]), orderName(jb.order[y]));
        d.number("rep", ja.rep[x], jb.rep[y]);
        d.answer("answer", kind, ja.answer[x], jb.answer[y]);
        d.str("raw", ja.raw[x], jb.raw[y]);
        d.str("error", ja.error[x], jb.error[y]);
        d.str("test", ja.test[x], jb.test[y]);
        d.str("version", ja.version[x], jb.version[y]);
        d.text("variant", variantName(ja.variant[x]), variantName(jb.variant[y]));
        d.text("cue_on", cueName(ja.cue[x]), cueName(jb.cue[y]));
        d.str("extra", ja.extra[x], jb.extra[y]);
        d.real("confidence", ja.confidence(x), jb.confidence(y));
        d.real("cost_usd", ja.costUsd(x), jb.costUsd(y));
        d.real("latency_s", ja.latencyS(x), jb.latencyS(y));
        d.number("tokens_in", ja.tokensIn(x), jb.tokensIn(y));
        d.number("tokens_out", ja.tokensOut(x), jb.tokensOut(y));
        const auto pa = ja.probsOf(x), pb = jb.probsOf(y);
        d.number("probs count", pa.size(), pb.size());
        for (std::size_t p = 0; p < pa.size() && !d.found(); ++p) {
            d.answer("probs option", kind, pa[p].option, pb[p].option);
            d.real("probs value", pa[p].p, pb[p].p);
        }
    }
}

void compareStructure(const Audit& a, const Audit& b, Differ& d)
{
    const auto oa = a.importOrder(), ob = b.importOrder();
    for (std::size_t k = 0; k < oa.size() && !d.found(); ++k) {
        d.at("judgment #" + std::to_string(k));
        d.number("row", oa[k], ob[k]);
    }
    d.at("audit");
    std::string ka, kb;
    for (auto key : a.conditionKeys())
        ka.append(a.str(key)).append(",");
    for (auto key : b.conditionKeys())
        kb.append(b.str(key)).append(",");
    d.text("condition keys", ka, kb);
    const auto ca = a.cells(), cb = b.cells();
    d.number("cell count", ca.size(), cb.size());
    for (std::size_t c = 0; c < ca.size() && !d.found(); ++c) {
        const auto &x = ca[c], &y = cb[c];
        d.at("cell " + std::to_string(c) + " (judge " + std::string(a.str(x.judge)) + ")");
        d.str("dataset", x.dataset, y.dataset);
        d.str("judge", x.judge, y.judge);
        d.str("format", x.format, y.format);
        d.text("condition", conditionText(a, x.condition), conditionText(b, y.condition));
        d.str("test", x.test, y.test);
        d.str("version", x.version, y.version);
        d.number("begin", x.begin, y.begin);
        d.number("end", x.end, y.end);
        d.number("firstRun", x.firstRun, y.firstRun);
        d.number("endRun", x.endRun, y.endRun);
    }
}

} // namespace

std::string compareAudits(const Audit& a, const Audit& b)
{
    Differ d(a, b);
    d.number("item count", a.itemCount(), b.itemCount());
    if (!d.found())
        compareItems(a, b, d);
    d.at("audit");
    d.number("judgment count", a.judgmentCount(), b.judgmentCount());
    d.number("import order size", a.importOrder().size(), b.importOrder().size());
    if (!d.found())
        compareJudgments(a, b, d);
    if (!d.found())
        compareStructure(a, b, d);
    return d.result();
}

} // namespace tribunal::test
