#include "testaudits.h"

#include "model/auditbuilder.h"

namespace tribunal::test {

AuditPtr oneJudgmentAudit(TaskKind kind, Answer answer, std::string_view itemId,
                          const std::vector<std::pair<std::string, std::string>>& condition,
                          std::string_view extra)
{
    AuditBuilder b;
    JudgmentInput in;
    in.item = b.addItem(b.intern("d"), b.intern(itemId), kind);
    in.judge = b.intern("j");
    in.order = kind == TaskKind::Pairwise ? Order::AB : Order::None;
    in.answer = answer;
    Condition pairs;
    for (const auto& [key, value] : condition)
        pairs.emplace_back(b.intern(key), b.intern(value));
    in.condition = b.internCondition(std::move(pairs));
    in.extra = b.intern(extra);
    b.addJudgment(in);
    ImportLog log;
    return b.build(log);
}

} // namespace tribunal::test
