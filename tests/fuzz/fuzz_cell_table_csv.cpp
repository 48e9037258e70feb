// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: parseCellTableCsv (a published table typed in from a paper). Byte 0 picks the units (auto,
// proportion, percent) and the format column (`format` or `paradigm`); the rest is the file. Checks the
// header's contract: no table exactly when an issue is set; a table is in proportions or percent (never
// auto), every row has one value per condition column, and every metric is missing or in its range.

#include "fuzzinput.h"

#include "analysis/celltablecsv.h"

#include <cmath>

using namespace tribunal;

namespace {

bool inRange(double value, double low, double high)
{
    return std::isnan(value) || (value >= low && value <= high);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    fuzz::Choices choices({data, size});
    const std::uint8_t how = choices.take();
    CellTableCsvOptions options;
    options.units = static_cast<CellUnits>(how % 3);
    if ((how & 4) != 0)
        options.formatColumn = "paradigm";
    ImportIssue issue;
    const auto parsed = parseCellTableCsv(fuzz::asText(choices.rest()), "fuzz.csv", options, issue);
    if (!parsed) {
        fuzz::check(!issue.reason.empty(), "a refused table says why");
        fuzz::check(issue.file == "fuzz.csv", "a refused table's issue names the file");
        return 0;
    }
    fuzz::check(issue.reason.empty(), "an accepted table sets no issue");
    fuzz::check(parsed->units != CellUnits::Auto, "a table is read in proportions or percent");
    for (const CellRow& row : parsed->table.rows) {
        fuzz::check(row.conditions.size() == parsed->table.conditionNames.size(),
                    "every row has one value per condition column");
        fuzz::check(inRange(row.C, 0, 1) && inRange(row.phi, 0, 1) && inRange(row.A, 0, 1),
                    "C, phi and A are proportions");
        fuzz::check(inRange(row.T, -0.5, 1), "T is in [-0.5, 1]");
    }
    return 0;
}
