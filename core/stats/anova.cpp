#include "stats/anova.h"

#include "model/coreerror.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace tribunal {
namespace {

// A column whose part outside the span of the accepted columns is below this share of its own norm is taken
// as linearly dependent. Indicator columns have integer entries, so true dependencies leave ~1e-15 of
// rounding.
constexpr double kRankTolerance = 1e-9;

struct Design {
    std::size_t n = 0;
    std::vector<double> y;
    // Per term (index 0 = intercept, then the model's terms): its indicator columns, each of length n.
    std::vector<std::vector<std::vector<double>>> blocks;
};

struct BlockFit {
    std::vector<std::size_t> rank; ///< per fitted block, the columns that added to the span
    std::vector<double> ss; ///< per fitted block, the squared length of y's projection on the added span
    double rss = 0;         ///< residual sum of squares after all blocks
    std::size_t totalRank = 0;
};

// Least squares of y on the blocks in the given order: Householder QR with column pivoting restricted to each
// block, so each block's SS and rank are its increment given all earlier blocks (exactly sequential SS).
BlockFit fitBlocks(const Design& design, const std::vector<std::size_t>& order)
{
    const std::size_t n = design.n;
    std::vector<std::vector<double>> cols;
    std::vector<std::size_t> blockOf;
    std::vector<double> originalNorm;
    for (std::size_t b = 0; b < order.size(); ++b) {
        for (const std::vector<double>& c : design.blocks[order[b]]) {
            cols.push_back(c);
            blockOf.push_back(b);
            double s = 0;
            for (double v : c)
                s += v * v;
            originalNorm.push_back(std::sqrt(s));
        }
    }
    std::vector<double> y = design.y;
    std::vector<bool> used(cols.size(), false);
    BlockFit fit;
    fit.rank.assign(order.size(), 0);
    fit.ss.assign(order.size(), 0.0);
    std::size_t r = 0; // reflections applied so far = rank so far
    std::vector<double> v(n);
    for (std::size_t b = 0; b < order.size() && r < n; ++b) {
        while (r < n) {
            // Pivot: the column of this block with the largest remaining share of its norm.
            std::size_t best = cols.size();
            double bestRatio = 0;
            double bestNorm = 0;
            for (std::size_t c = 0; c < cols.size(); ++c) {
                if (blockOf[c] != b || used[c] || originalNorm[c] == 0)
                    continue;
                double s = 0;
                for (std::size_t i = r; i < n; ++i)
                    s += cols[c][i] * cols[c][i];
                const double norm = std::sqrt(s);
                const double ratio = norm / originalNorm[c];
                if (ratio > bestRatio) {
                    bestRatio = ratio;
                    bestNorm = norm;
                    best = c;
                }
            }
            if (best == cols.size() || bestRatio <= kRankTolerance)
                break; // the rest of the block lies in the span already fitted
            used[best] = true;
            const std::vector<double>& x = cols[best];
            const double alpha = x[r] >= 0 ? -bestNorm : bestNorm;
            double vv = 0;
            for (std::size_t i = r; i < n; ++i) {
                v[i] = x[i];
                if (i == r)
                    v[i] -= alpha;
                vv += v[i] * v[i];
            }
            auto reflect = [&](std::vector<double>& z) {
                double dot = 0;
                for (std::size_t i = r; i < n; ++i)
                    dot += v[i] * z[i];
                const double f = 2 * dot / vv;
                for (std::size_t i = r; i < n; ++i)
                    z[i] -= f * v[i];
            };
            for (std::size_t c = 0; c < cols.size(); ++c) {
                if (!used[c] && blockOf[c] >= b)
                    reflect(cols[c]);
            }
            reflect(y);
            fit.ss[b] += y[r] * y[r];
            ++fit.rank[b];
            ++r;
        }
    }
    for (std::size_t i = r; i < n; ++i)
        fit.rss += y[i] * y[i];
    fit.totalRank = r;
    return fit;
}

bool contains(const std::vector<std::size_t>& outer, const std::vector<std::size_t>& inner)
{
    return outer.size() > inner.size() &&
           std::includes(outer.begin(), outer.end(), inner.begin(), inner.end());
}

} // namespace

AnovaResult anova(const CellTable& table, const AnovaOptions& options)
{
    std::vector<std::size_t> columns;
    for (const std::string& name : options.factors) {
        const auto index = cellFactorIndex(table, name);
        if (!index)
            throw CoreError(ErrorCode::AnovaUnknownFactor, {name});
        if (std::find(columns.begin(), columns.end(), *index) != columns.end())
            throw CoreError(ErrorCode::AnovaRepeatedFactor, {name});
        columns.push_back(*index);
    }
    const std::size_t k = columns.size();

    AnovaResult result;
    Design design;
    std::vector<std::map<std::string, std::size_t>> levels(k);
    std::vector<std::vector<std::size_t>> codes(k);
    for (const CellRow& row : table.rows) {
        const double value = cellValue(row, options.response);
        if (std::isnan(value)) {
            ++result.droppedMissing;
            continue;
        }
        design.y.push_back(value);
        for (std::size_t f = 0; f < k; ++f) {
            auto& map = levels[f];
            codes[f].push_back(map.emplace(cellFactorValue(row, columns[f]), map.size()).first->second);
        }
    }
    const std::size_t n = design.y.size();
    if (n == 0)
        throw CoreError(ErrorCode::AnovaNoResponse);
    design.n = n;
    result.observations = n;

    // Balanced: every combination of all factors' levels occurs, equally often.
    {
        std::map<std::vector<std::size_t>, std::size_t> counts;
        double combinations = 1;
        for (std::size_t f = 0; f < k; ++f)
            combinations *= static_cast<double>(levels[f].size());
        std::vector<std::size_t> key(k);
        for (std::size_t i = 0; i < n; ++i) {
            for (std::size_t f = 0; f < k; ++f)
                key[f] = codes[f][i];
            ++counts[key];
        }
        result.balanced = static_cast<double>(counts.size()) == combinations &&
                          std::all_of(counts.begin(), counts.end(), [&](const auto& entry) {
                              return entry.second == counts.begin()->second;
                          });
    }
    switch (options.type) {
    case AnovaOptions::Type::Auto:
        result.type = result.balanced ? SumOfSquaresType::Sequential : SumOfSquaresType::TypeII;
        break;
    case AnovaOptions::Type::Sequential:
        result.type = SumOfSquaresType::Sequential;
        break;
    case AnovaOptions::Type::TypeII:
        result.type = SumOfSquaresType::TypeII;
        break;
    }

    // Terms as sorted lists of factor positions: main effects, then pairs in factor order.
    std::vector<std::vector<std::size_t>> terms;
    for (std::size_t f = 0; f < k; ++f)
        terms.push_back({f});
    if (options.twoWayInteractions) {
        for (std::size_t f = 0; f < k; ++f) {
            for (std::size_t g = f + 1; g < k; ++g)
                terms.push_back({f, g});
        }
    }

    // Full indicator columns per term (one per level combination present): with the hierarchical models
    // fitted here they span the same space as any contrast coding, and the QR discards the redundant ones.
    design.blocks.push_back({std::vector<double>(n, 1.0)});
    for (const auto& term : terms) {
        std::map<std::vector<std::size_t>, std::size_t> columnOf;
        std::vector<std::vector<double>> block;
        std::vector<std::size_t> key(term.size());
        for (std::size_t i = 0; i < n; ++i) {
            for (std::size_t t = 0; t < term.size(); ++t)
                key[t] = codes[term[t]][i];
            auto [it, inserted] = columnOf.emplace(key, block.size());
            if (inserted)
                block.emplace_back(n, 0.0);
            block[it->second][i] = 1.0;
        }
        design.blocks.push_back(std::move(block));
    }

    double mean = 0;
    for (double v : design.y)
        mean += v;
    mean /= static_cast<double>(n);
    for (double v : design.y)
        result.ssTotal += (v - mean) * (v - mean);

    std::vector<std::size_t> sequential(terms.size() + 1);
    for (std::size_t b = 0; b < sequential.size(); ++b)
        sequential[b] = b;
    const BlockFit full = fitBlocks(design, sequential);

    auto eta2 = [&](double ss) { return result.ssTotal > 0 ? ss / result.ssTotal : kMissing; };
    for (std::size_t t = 0; t < terms.size(); ++t) {
        AnovaRow row;
        for (std::size_t i = 0; i < terms[t].size(); ++i)
            row.source += (i ? ":" : "") + options.factors[terms[t][i]];
        if (result.type == SumOfSquaresType::Sequential) {
            row.df = static_cast<double>(full.rank[t + 1]);
            row.ss = full.ss[t + 1];
        } else {
            // SS(term | all other terms that do not contain it).
            std::vector<std::size_t> order{0};
            for (std::size_t u = 0; u < terms.size(); ++u) {
                if (u != t && !contains(terms[u], terms[t]))
                    order.push_back(u + 1);
            }
            order.push_back(t + 1);
            const BlockFit fit = fitBlocks(design, order);
            row.df = static_cast<double>(fit.rank.back());
            row.ss = fit.ss.back();
        }
        row.eta2 = eta2(row.ss);
        result.rows.push_back(std::move(row));
    }
    AnovaRow residual;
    residual.source = "residual";
    residual.df = static_cast<double>(n - full.totalRank);
    residual.ss = full.rss;
    residual.eta2 = eta2(full.rss);
    result.rows.push_back(std::move(residual));
    return result;
}

} // namespace tribunal
