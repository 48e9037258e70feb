// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the input as an Inspect AI log (importInspectLog): a `.eval` ZIP when it starts with the ZIP
// signature (libzip reads it; entry sizes are bounded), otherwise a `.json` log; imported under both
// bad-record policies, the audit built and round-tripped through the JSONL exporter (fuzzinput.h,
// importBothPolicies).

#include "fuzzinput.h"

using namespace tribunal;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const fuzz::MemFile file({data, size});
    fuzz::importBothPolicies({file.path()}, SourceFormat::InspectEval, true);
    return 0;
}
