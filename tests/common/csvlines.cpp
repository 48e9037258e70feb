#include "csvlines.h"

#include <sstream>
#include <stdexcept>

namespace tribunal::testing {

bool readCsvLine(std::istream& in, std::string& line)
{
    if (!std::getline(in, line))
        return false;
    if (!line.empty() && line.back() == '\r')
        line.pop_back();
    return true;
}

std::vector<std::string> splitCsvLine(const std::string& line)
{
    if (line.find('"') != std::string::npos)
        throw std::runtime_error("quoted CSV field not supported by this test reader: " + line);
    std::vector<std::string> fields;
    std::stringstream in(line);
    std::string field;
    while (std::getline(in, field, ','))
        fields.push_back(field);
    if (!line.empty() && line.back() == ',')
        fields.emplace_back();
    return fields;
}

} // namespace tribunal::testing
