#include "golden.h"

#include <QtTest>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tribunal::testing {

std::string readTextFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void writeTextFile(const std::string& path, const std::string& text)
{
    // Several suites write into one folder (latex-documents/) and CTest may run them at once: the overload
    // with an error code does not throw when another process created the folder first; the write below is
    // checked.
    std::error_code ignored;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ignored);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    QVERIFY2(out.good(), path.c_str());
}

void checkGolden(const std::string& path, const std::string& actual)
{
    const char* update = std::getenv("TRIBUNAL_UPDATE_GOLDEN");
    if (update != nullptr && std::string(update) == "1") {
        writeTextFile(path, actual);
        return;
    }
    QVERIFY2(std::filesystem::exists(path), ("missing golden " + path).c_str());
    const std::string expected = readTextFile(path);
    if (expected == actual)
        return;
    std::istringstream a(actual), e(expected);
    std::string la, le;
    int line = 1;
    while (true) {
        const bool ha = static_cast<bool>(std::getline(a, la));
        const bool he = static_cast<bool>(std::getline(e, le));
        if (!ha && !he)
            break;
        if (!ha || !he || la != le) {
            const std::string message = path + ":" + std::to_string(line) + ": expected `" +
                                        (he ? le : "<eof>") + "`, got `" + (ha ? la : "<eof>") + "`";
            QFAIL(message.c_str());
        }
        ++line;
    }
    QFAIL((path + ": differs (line endings or final newline)").c_str());
}

} // namespace tribunal::testing
