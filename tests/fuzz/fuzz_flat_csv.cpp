// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the input as a flat pairwise CSV (importFlatCsv), imported under both bad-record
// policies, the audit built and round-tripped through the JSONL exporter (fuzzinput.h, importBothPolicies)
// and through the flat CSV exporter (checkFlatCsvRoundTrip: formula guards read back).

#include "fuzzinput.h"

using namespace tribunal;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const fuzz::MemFile file({data, size});
    fuzz::importBothPolicies({file.path()}, SourceFormat::FlatCsv, true);
    fuzz::checkFlatCsvRoundTrip(file.path());
    return 0;
}
