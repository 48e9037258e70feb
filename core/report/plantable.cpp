#include "report/plantable.h"

namespace tribunal {
namespace {

FlatCell text(std::string_view value)
{
    return FlatCell{std::string(value)};
}

FlatCell integer(int value)
{
    return FlatCell{static_cast<std::int64_t>(value)};
}

} // namespace

FlatTable planTable(const PrecisionPlan& plan)
{
    FlatTable table;
    table.columns = {"items", "runs", "metric",   "mean",           "width", "width_se",
                     "lo",    "hi",   "expected", "labelled_items", "note"};
    for (const PlanPoint& p : plan.points)
        for (int m = 0; m < kPlanMetrics; ++m) {
            const auto metric = static_cast<PlanMetric>(m);
            const PlanMetricResult& r = p.metric(metric);
            const std::size_t row = table.addRow();
            table.set(row, "items", integer(p.items));
            table.set(row, "runs", integer(p.runs));
            table.set(row, "metric", text(planMetricName(metric)));
            table.set(row, "labelled_items", integer(p.labelledItems));
            if (!r.identifiable) {
                table.set(row, "note", text(kPlanNotIdentifiable));
                continue;
            }
            // NaN numbers (undefined in most simulations) are written as missing cells by the writer.
            table.set(row, "mean", r.mean);
            table.set(row, "width", r.width);
            table.set(row, "width_se", r.widthSe);
            table.set(row, "lo", r.lo);
            table.set(row, "hi", r.hi);
            table.set(row, "expected", r.expected);
        }
    return table;
}

FlatTable planTargetTable(const PrecisionPlan& plan)
{
    FlatTable table;
    table.columns = {"runs", "metric", "target_width", "items", "note"};
    if (!plan.targetWidth)
        return table;
    for (const PlanRecommendation& rec : plan.recommendations) {
        const std::size_t row = table.addRow();
        table.set(row, "runs", integer(rec.runs));
        table.set(row, "metric", text(planMetricName(rec.metric)));
        table.set(row, "target_width", *plan.targetWidth);
        const bool identifiable =
            rec.runs > 1 || (rec.metric != PlanMetric::Consistency && rec.metric != PlanMetric::Trust);
        if (rec.items)
            table.set(row, "items", integer(*rec.items));
        else
            table.set(row, "note", text(identifiable ? "not reached in the grid" : kPlanNotIdentifiable));
    }
    return table;
}

} // namespace tribunal
