#pragma once
// Reading the project's unquoted fixture CSVs (the paper tables) in tests, Qt-free.

#include <istream>
#include <string>
#include <vector>

namespace tribunal::testing {

/// std::getline without the CR of a CRLF file (the paper files use CRLF).
bool readCsvLine(std::istream& in, std::string& line);

/// Splits an unquoted CSV line on commas (a trailing comma gives a trailing empty field). Throws
/// std::runtime_error on a quote: the fixtures have none, so one would mean a fixture changed shape.
std::vector<std::string> splitCsvLine(const std::string& line);

} // namespace tribunal::testing
