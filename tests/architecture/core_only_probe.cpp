// Links tribunal_core alone: if the core needed Qt, this would not link (see check_layers.cmake).
#include "analysis/auditsummary.h"
#include "model/auditbuilder.h"

int main()
{
    tribunal::AuditBuilder builder;
    auto item = builder.addItem(builder.intern("d"), builder.intern("1"), tribunal::TaskKind::Pairwise);
    tribunal::JudgmentInput j;
    j.item = item;
    j.judge = builder.intern("judge");
    builder.addJudgment(j);
    tribunal::ImportLog log;
    auto audit = builder.build(log);
    return audit && tribunal::summarize(*audit).judgments == 1 ? 0 : 1;
}
