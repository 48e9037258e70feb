#include "labelcoverage.h"

#include "rubriclabels.h"

namespace tribunal {

bool itemHasLabel(const Audit& audit, std::uint32_t item)
{
    const auto& items = audit.items();
    if (items.label[item] != answer::kNone)
        return true;
    return isRubricKind(items.kind[item]) && !items.itemRatings(item).empty();
}

std::vector<CellLabelCoverage> labelCoverage(const Audit& audit, LabelScope scope)
{
    const auto& kinds = audit.items().kind;
    auto inScope = [&](std::uint32_t item) {
        switch (scope) {
        case LabelScope::AllItems:
            return true;
        case LabelScope::PairwiseItems:
            return kinds[item] == TaskKind::Pairwise;
        case LabelScope::RubricItems:
            return isRubricKind(kinds[item]);
        }
        return true;
    };
    std::vector<CellLabelCoverage> out;
    const auto cells = audit.cells();
    out.reserve(cells.size());
    for (std::uint32_t c = 0; c < cells.size(); ++c) {
        CellLabelCoverage coverage;
        coverage.cell = c;
        // Item runs of a cell are one per item (rows are sorted by cell, then item).
        for (const ItemRun& run : audit.itemRunsOf(cells[c])) {
            if (!inScope(run.item))
                continue;
            ++coverage.items;
            coverage.labelledItems += itemHasLabel(audit, run.item) ? 1 : 0;
        }
        out.push_back(coverage);
    }
    return out;
}

std::vector<UnlabelledDataset> unlabelledDatasets(const Audit& audit, LabelScope scope)
{
    std::vector<UnlabelledDataset> out;
    for (const CellLabelCoverage& coverage : labelCoverage(audit, scope)) {
        if (coverage.items == 0 || coverage.labelledItems > 0)
            continue;
        const StrId dataset = audit.cells()[coverage.cell].dataset;
        auto it = out.begin();
        while (it != out.end() && it->dataset != dataset)
            ++it;
        if (it == out.end())
            it = out.insert(out.end(), UnlabelledDataset{dataset, {}});
        it->cells.push_back(coverage.cell);
    }
    return out;
}

std::string labelCellName(const Audit& audit, std::uint32_t cell)
{
    const Cell& c = audit.cells()[cell];
    std::string name(audit.str(c.judge));
    if (c.format != kEmptyStr)
        name += "/" + std::string(audit.str(c.format));
    if (c.condition != 0) {
        name += " [";
        bool first = true;
        for (const auto& [key, value] : audit.conditions()[c.condition]) {
            if (!first)
                name += ", ";
            first = false;
            name += std::string(audit.str(key)) + "=" + std::string(audit.str(value));
        }
        name += "]";
    }
    if (c.test != kEmptyStr) {
        name += " (" + std::string(audit.str(c.test));
        if (c.version != kEmptyStr)
            name += " " + std::string(audit.str(c.version));
        name += ")";
    }
    return name;
}

} // namespace tribunal
