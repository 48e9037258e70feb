// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the input as a rubric CSV (importRubricCsv), imported under both bad-record
// policies, the audit built and round-tripped through the JSONL exporter (fuzzinput.h, importBothPolicies).

#include "fuzzinput.h"

using namespace tribunal;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const fuzz::MemFile file({data, size});
    fuzz::importBothPolicies({file.path()}, SourceFormat::RubricCsv, true);
    return 0;
}
