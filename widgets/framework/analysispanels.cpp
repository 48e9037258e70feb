#include "framework/analysispanels.h"

namespace tribunal {

const std::vector<const AnalysisPanel*>& analysisPanels()
{
    static const std::vector<const AnalysisPanel*> panels{
#define TRIBUNAL_ANALYSIS_PANEL(entry) &entry(),
#include "framework/analysispanellist.inc"
#undef TRIBUNAL_ANALYSIS_PANEL
    };
    return panels;
}

} // namespace tribunal
