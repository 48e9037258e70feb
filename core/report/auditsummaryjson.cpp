#include "auditsummaryjson.h"

#include "jsonwriter.h"

namespace tribunal {
namespace {

void writeGroups(JsonWriter& w, std::string_view name, const std::map<std::string, GroupCount>& groups,
                 const std::map<std::string, std::uint64_t>* items = nullptr)
{
    w.key(name).beginObject();
    for (const auto& [key, count] : groups) {
        w.key(key.empty() ? "none" : key).beginObject();
        w.key("judgments").value(count.judgments);
        w.key("missing_verdicts").value(count.missingVerdicts);
        if (items) {
            auto it = items->find(key);
            w.key("items").value(static_cast<std::uint64_t>(it == items->end() ? 0 : it->second));
        }
        w.endObject();
    }
    w.endObject();
}

void writeNumeric(JsonWriter& w, std::string_view name, const NumericSummary& s)
{
    w.key(name);
    if (s.count == 0) {
        w.null();
        return;
    }
    w.beginObject();
    w.key("n").value(s.count);
    w.key("sum").value(s.sum);
    w.key("mean").value(s.mean);
    w.key("min").value(s.min);
    w.key("max").value(s.max);
    w.endObject();
}

} // namespace

std::string auditSummaryJson(const AuditSummary& s)
{
    std::string out;
    JsonWriter w(out);
    w.beginObject();
    w.key("judgments").value(s.judgments);
    w.key("items").value(s.items);
    w.key("labelled_items").value(s.labelledItems);
    w.key("cells").value(s.cells);
    w.key("missing_verdicts").value(s.missingVerdicts);
    w.key("with_raw_output").value(s.withRaw);
    writeGroups(w, "by_dataset", s.byDataset, &s.itemsByDataset);
    writeGroups(w, "by_judge", s.byJudge);
    writeGroups(w, "by_format", s.byFormat);
    writeGroups(w, "by_order", s.byOrder);
    writeGroups(w, "by_rep", s.byRep);
    writeGroups(w, "by_kind", s.byKind);
    writeNumeric(w, "cost_usd", s.costUsd);
    writeNumeric(w, "latency_s", s.latencyS);
    writeNumeric(w, "tokens_in", s.tokensIn);
    writeNumeric(w, "tokens_out", s.tokensOut);
    writeNumeric(w, "confidence", s.confidence);
    w.endObject();
    out += '\n';
    return out;
}

} // namespace tribunal
