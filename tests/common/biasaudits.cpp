#include "biasaudits.h"

#include "answerchars.h"

#include "model/auditbuilder.h"

#include <set>
#include <stdexcept>
#include <tuple>

namespace tribunal::testing {
namespace {

/// runAnswer (answerchars.h), restricted to the verdicts a bias fixture may use.
Answer verdictOf(char c)
{
    if (c != 'A' && c != 'B' && c != 'T' && c != '-')
        throw std::invalid_argument(std::string("bad verdict character: ") + c);
    return runAnswer(c);
}

} // namespace

AuditPtr buildBiasAudit(const std::vector<BiasRowSpec>& rows)
{
    AuditBuilder b;
    std::set<std::tuple<std::string, std::string, std::string, std::string>> originalsAdded;
    for (const BiasRowSpec& row : rows) {
        const StrId dataset = b.intern(row.dataset);
        for (const BiasItemSpec& spec : row.items) {
            const StrId itemId = b.intern(spec.itemId);
            std::uint32_t item = 0;
            if (auto found = b.findItem(dataset, itemId)) {
                item = *found;
            } else {
                item = b.addItem(dataset, itemId, TaskKind::Pairwise);
                if (spec.label != ' ')
                    b.setLabel(item, verdictOf(spec.label));
            }
            auto add = [&](char verdict, double pA, Variant variant, std::uint16_t rep, bool bias) {
                if (verdict == ' ')
                    return;
                JudgmentInput in;
                in.item = item;
                in.judge = b.intern(row.judge);
                in.format = b.intern(row.format);
                in.order = Order::AB;
                in.rep = rep;
                in.answer = verdictOf(verdict);
                in.variant = variant;
                if (bias) {
                    in.test = b.intern(row.test);
                    in.version = b.intern(row.version);
                    in.cue = row.cue.empty() ? Cue::None : *parseCue(row.cue);
                }
                ProbEntry prob{answer::kA, pA};
                if (pA >= 0)
                    in.probs = {&prob, 1};
                b.addJudgment(in);
            };
            if (originalsAdded.insert({row.judge, row.format, row.dataset, spec.itemId}).second) {
                add(spec.o1, spec.pA1, Variant::Original, 1, false);
                add(spec.o2, spec.pA2, Variant::Original, 2, false);
            }
            add(spec.p, spec.pAp, Variant::Perturbed, 1, true);
        }
    }
    ImportLog log;
    AuditPtr audit = b.build(log);
    if (!audit)
        throw std::runtime_error("buildBiasAudit: the builder refused the audit");
    return audit;
}

std::vector<BiasItemSpec> examplesSection3Items()
{
    // item, label, original run 1, run 2, perturbed (examples.md section 3)
    return {{"k1", 'A', 'A', 'A', 'A'}, {"k2", 'A', 'A', 'A', 'B'}, {"k3", 'A', 'B', 'B', 'B'},
            {"k4", 'A', 'A', 'B', 'A'}, {"k5", 'A', 'B', 'B', 'A'}, {"k6", 'A', 'A', 'A', 'A'},
            {"k7", 'A', 'B', 'B', 'A'}, {"k8", 'A', 'A', 'A', 'A'}};
}

} // namespace tribunal::testing
