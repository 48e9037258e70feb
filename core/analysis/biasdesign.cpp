#include "analysis/biasdesign.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <tuple>
#include <unordered_map>

namespace tribunal {
namespace {

/// Originals of one (item, judge, format, condition, test, version).
struct OriginalKey {
    std::uint32_t item;
    StrId judge, format;
    CondId condition;
    StrId test, version;
    friend bool operator==(const OriginalKey&, const OriginalKey&) = default;
};

struct OriginalKeyHash {
    std::size_t operator()(const OriginalKey& k) const
    {
        std::uint64_t h = k.item;
        for (std::uint64_t v : {std::uint64_t{k.judge}, std::uint64_t{k.format}, std::uint64_t{k.condition},
                                std::uint64_t{k.test}, std::uint64_t{k.version}})
            h = mix(h ^ v);
        return static_cast<std::size_t>(h);
    }
    static std::uint64_t mix(std::uint64_t z)
    {
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return (z ^ (z >> 31)) + 0x9e3779b97f4a7c15ULL;
    }
};

using OriginalIndex = std::unordered_map<OriginalKey, std::vector<std::uint32_t>, OriginalKeyHash>;

bool answered(Answer a)
{
    return a != answer::kNone && a != answer::kNA;
}

OriginalIndex indexOriginals(const Audit& audit)
{
    const JudgmentTable& jt = audit.judgments();
    OriginalIndex index;
    for (std::uint32_t j = 0; j < jt.size(); ++j) {
        if (jt.variant[j] != Variant::Original || audit.kindOf(j) != TaskKind::Pairwise)
            continue;
        index[{jt.item[j], jt.judge[j], jt.format[j], jt.condition[j], jt.test[j], jt.version[j]}].push_back(
            j);
    }
    return index;
}

/// The originals of a perturbed judgment by the preference order of the header, or nullptr.
const std::vector<std::uint32_t>* originalsOf(const OriginalIndex& index, const JudgmentTable& jt,
                                              std::uint32_t j)
{
    const std::array<std::pair<StrId, StrId>, 4> keys{{{jt.test[j], jt.version[j]},
                                                       {jt.test[j], kEmptyStr},
                                                       {kEmptyStr, jt.version[j]},
                                                       {kEmptyStr, kEmptyStr}}};
    for (const auto& [test, version] : keys) {
        auto it = index.find({jt.item[j], jt.judge[j], jt.format[j], jt.condition[j], test, version});
        if (it != index.end())
            return &it->second;
    }
    return nullptr;
}

/// Answered originals of one order, sorted by rep (then row).
std::vector<std::uint32_t> answeredInOrder(const JudgmentTable& jt,
                                           const std::vector<std::uint32_t>& originals, Order order)
{
    std::vector<std::uint32_t> rows;
    for (std::uint32_t j : originals)
        if (jt.order[j] == order && answered(jt.answer[j]))
            rows.push_back(j);
    std::sort(rows.begin(), rows.end(), [&](std::uint32_t a, std::uint32_t b) {
        return std::tie(jt.rep[a], a) < std::tie(jt.rep[b], b);
    });
    return rows;
}

Order otherOrder(Order order)
{
    return order == Order::AB ? Order::BA : order == Order::BA ? Order::AB : Order::None;
}

std::string lowerAlnum(std::string_view text)
{
    std::string out;
    for (char c : text)
        if (c != ' ' && c != '-' && c != '_')
            out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    return out;
}

struct RowBuild {
    BiasRow row;
    bool cueSet = false;
};

} // namespace

bool isFallacyTest(std::string_view testName)
{
    const std::string t = lowerAlnum(testName);
    return t == "fallacy" || t == "fallacyoversight";
}

std::vector<BiasItem> BiasRow::completeItems() const
{
    if (!crAvailable)
        return items;
    std::vector<BiasItem> complete;
    complete.reserve(items.size());
    for (const BiasItem& item : items)
        if (item.hasSecondRun())
            complete.push_back(item);
    return complete;
}

BiasDesign collectBiasDesign(const Audit& audit)
{
    BiasDesign design;
    const JudgmentTable& jt = audit.judgments();
    if (std::none_of(jt.variant.begin(), jt.variant.end(), [](Variant v) { return v == Variant::Perturbed; }))
        return design;
    const OriginalIndex originals = indexOriginals(audit);

    // Row key (as strings, for a stable order) -> row under construction.
    using SortKey =
        std::tuple<std::string_view, std::string_view, CondId, std::string_view, std::string_view>;
    std::map<SortKey, RowBuild> rows;
    std::map<SortKey, std::uint32_t> withoutOriginal;

    for (const Cell& cell : audit.cells()) {
        for (const ItemRun& run : audit.itemRunsOf(cell)) {
            if (audit.items().kind[run.item] != TaskKind::Pairwise)
                continue;
            bool used = false;
            for (std::uint32_t j = run.begin; j < run.end; ++j) {
                if (jt.variant[j] != Variant::Perturbed)
                    continue;
                const BiasRowKey key{jt.judge[j], jt.format[j], jt.condition[j], jt.test[j], jt.version[j]};
                const SortKey sortKey{audit.str(key.judge), audit.str(key.format), key.condition,
                                      audit.str(key.test), audit.str(key.version)};
                RowBuild& build = rows[sortKey];
                BiasRow& row = build.row;
                row.key = key;
                if (used) {
                    ++row.gaps.extraPerturbed;
                    continue;
                }
                used = true;
                if (!answered(jt.answer[j])) {
                    ++row.gaps.perturbedUnanswered;
                    continue;
                }
                const std::vector<std::uint32_t>* found = originalsOf(originals, jt, j);
                if (found == nullptr) {
                    ++row.gaps.noOriginal;
                    ++withoutOriginal[sortKey];
                    continue;
                }
                const bool swapTest = lowerAlnum(audit.str(key.test)) == "position";
                const Order preferred = swapTest ? otherOrder(jt.order[j]) : jt.order[j];
                std::vector<std::uint32_t> chosen;
                for (Order order : {preferred, otherOrder(preferred), Order::None}) {
                    std::vector<std::uint32_t> rowsOfOrder = answeredInOrder(jt, *found, order);
                    if (rowsOfOrder.size() >= 2) {
                        chosen = std::move(rowsOfOrder);
                        break;
                    }
                    if (chosen.empty())
                        chosen = std::move(rowsOfOrder);
                }
                if (chosen.empty()) {
                    ++row.gaps.noAnsweredOriginal;
                    continue;
                }
                BiasItem item;
                item.item = run.item;
                item.original1 = chosen[0];
                item.o1 = jt.answer[chosen[0]];
                if (chosen.size() >= 2) {
                    item.original2 = chosen[1];
                    item.o2 = jt.answer[chosen[1]];
                    row.crAvailable = true;
                } else {
                    ++row.gaps.oneRun;
                }
                item.perturbed = j;
                item.p = jt.answer[j];
                item.cue = jt.cue[j];
                if (!build.cueSet) {
                    row.cue = item.cue;
                    build.cueSet = true;
                } else if (row.cue != item.cue) {
                    row.cue = Cue::None;
                }
                row.items.push_back(item);
            }
        }
    }

    design.rows.reserve(rows.size());
    for (auto& [sortKey, build] : rows) {
        BiasRow& row = build.row;
        row.fallacy = isFallacyTest(audit.str(row.key.test));
        std::sort(row.items.begin(), row.items.end(),
                  [](const BiasItem& a, const BiasItem& b) { return a.item < b.item; });
        if (!row.crAvailable)
            row.gaps.oneRun = 0; // a one-run design: no item is missing a run it could have had
        if (auto it = withoutOriginal.find(sortKey); it != withoutOriginal.end())
            design.problems.push_back(
                describeBiasRow(audit, row.key) + ": " + std::to_string(it->second) +
                (it->second == 1 ? " perturbed prompt has" : " perturbed prompts have") +
                " no original prompt");
        design.rows.push_back(std::move(row));
    }
    return design;
}

std::string describeBiasRow(const Audit& audit, const BiasRowKey& key)
{
    std::string text =
        "judge " + std::string(audit.str(key.judge)) + ", format " + std::string(audit.str(key.format));
    for (const auto& [k, v] : audit.conditions()[key.condition])
        text += ", " + std::string(audit.str(k)) + "=" + std::string(audit.str(v));
    text += ", test " + std::string(audit.str(key.test));
    if (key.version != kEmptyStr)
        text += ", version " + std::string(audit.str(key.version));
    return text;
}

} // namespace tribunal
