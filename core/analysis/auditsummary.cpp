#include "auditsummary.h"

#include <boost/accumulators/accumulators.hpp>
#include <boost/accumulators/statistics/count.hpp>
#include <boost/accumulators/statistics/max.hpp>
#include <boost/accumulators/statistics/mean.hpp>
#include <boost/accumulators/statistics/min.hpp>
#include <boost/accumulators/statistics/stats.hpp>
#include <boost/accumulators/statistics/sum.hpp>

#include <vector>

namespace tribunal {
namespace {

namespace acc = boost::accumulators;
using Accumulator = acc::accumulator_set<
    double, acc::stats<acc::tag::count, acc::tag::sum, acc::tag::mean, acc::tag::min, acc::tag::max>>;

NumericSummary finish(const Accumulator& a)
{
    NumericSummary s;
    s.count = acc::count(a);
    if (s.count == 0)
        return s;
    s.sum = acc::sum(a);
    s.mean = acc::mean(a);
    s.min = acc::min(a);
    s.max = acc::max(a);
    return s;
}

// Counts per interned id first (cheap), names resolved once at the end.
void countBy(std::vector<GroupCount>& counts, std::size_t id, bool missing)
{
    if (id >= counts.size())
        counts.resize(id + 1);
    ++counts[id].judgments;
    counts[id].missingVerdicts += missing ? 1 : 0;
}

} // namespace

AuditSummary summarize(const Audit& audit)
{
    const auto& j = audit.judgments();
    const auto& items = audit.items();
    AuditSummary s;
    s.judgments = j.size();
    s.items = items.size();
    s.cells = audit.cells().size();

    std::vector<GroupCount> dataset, judge, format, order(3), rep, kind(3);
    Accumulator cost, latency, tokIn, tokOut, conf;
    for (std::size_t r = 0; r < j.size(); ++r) {
        const bool missing = j.answer[r] == answer::kNone;
        s.missingVerdicts += missing ? 1 : 0;
        s.withRaw += j.raw[r] != kEmptyStr ? 1 : 0;
        const auto item = j.item[r];
        countBy(dataset, items.dataset[item], missing);
        countBy(judge, j.judge[r], missing);
        countBy(format, j.format[r], missing);
        countBy(order, static_cast<std::size_t>(j.order[r]), missing);
        countBy(rep, j.rep[r], missing);
        countBy(kind, static_cast<std::size_t>(items.kind[item]), missing);
        if (double v = j.costUsd(r); !isMissing(v))
            cost(v);
        if (double v = j.latencyS(r); !isMissing(v))
            latency(v);
        if (double v = j.confidence(r); !isMissing(v))
            conf(v);
        if (auto v = j.tokensIn(r); v != kMissingCount)
            tokIn(static_cast<double>(v));
        if (auto v = j.tokensOut(r); v != kMissingCount)
            tokOut(static_cast<double>(v));
    }
    auto names = [&audit](const std::vector<GroupCount>& counts, std::map<std::string, GroupCount>& out) {
        for (std::size_t id = 0; id < counts.size(); ++id)
            if (counts[id].judgments > 0)
                out[std::string(audit.str(static_cast<StrId>(id)))] = counts[id];
    };
    names(dataset, s.byDataset);
    names(judge, s.byJudge);
    names(format, s.byFormat);
    for (std::size_t o = 0; o < order.size(); ++o)
        if (order[o].judgments > 0)
            s.byOrder[std::string(orderName(static_cast<Order>(o)))] = order[o];
    for (std::size_t r = 0; r < rep.size(); ++r)
        if (rep[r].judgments > 0)
            s.byRep[std::to_string(r)] = rep[r];
    for (std::size_t k = 0; k < kind.size(); ++k)
        if (kind[k].judgments > 0)
            s.byKind[std::string(kindName(static_cast<TaskKind>(k)))] = kind[k];
    for (std::size_t i = 0; i < items.size(); ++i) {
        ++s.itemsByDataset[std::string(audit.str(items.dataset[i]))];
        s.labelledItems += items.label[i] != answer::kNone ? 1 : 0;
    }
    s.costUsd = finish(cost);
    s.latencyS = finish(latency);
    s.tokensIn = finish(tokIn);
    s.tokensOut = finish(tokOut);
    s.confidence = finish(conf);
    return s;
}

} // namespace tribunal
