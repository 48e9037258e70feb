#include "trustcells.h"

#include "model/auditbuilder.h"

#include <string>
#include <utility>

namespace tribunal::testing {

AuditPtr buildTrustAudit(const std::vector<std::vector<PairSpec>>& cells)
{
    AuditBuilder b;
    const auto file = b.addSourceFile("t.csv");
    std::uint64_t line = 1;
    for (std::size_t c = 0; c < cells.size(); ++c) {
        const StrId judge = b.intern("J" + std::to_string(c + 1));
        int n = 0;
        for (const PairSpec& spec : cells[c]) {
            const auto name = (cells.size() == 1 ? "p" : "c" + std::to_string(c) + "p") + std::to_string(++n);
            const auto item = b.addItem(b.intern("D1"), b.intern(name), TaskKind::Pairwise);
            if (*spec.label)
                b.setLabel(item, *parseAnswer(TaskKind::Pairwise, spec.label));
            for (auto [order, runs] : {std::pair{Order::AB, spec.ab}, std::pair{Order::BA, spec.ba}}) {
                for (int r = 0; runs[r]; ++r) {
                    JudgmentInput j;
                    j.item = item;
                    j.judge = judge;
                    j.format = b.intern("F1");
                    j.order = order;
                    j.rep = static_cast<std::uint16_t>(r + 1);
                    j.answer = runAnswer(runs[r]);
                    j.source = {file, ++line};
                    b.addJudgment(j);
                }
            }
        }
    }
    ImportLog log;
    return b.build(log);
}

} // namespace tribunal::testing
