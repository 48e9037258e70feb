#pragma once
// Golden-file comparison for the report tests (Qt Test). A golden lives in tests/data/<subdir>/<name>; after
// an intended change of the output, regenerate with TRIBUNAL_UPDATE_GOLDEN=1 (the test then writes the
// goldens instead of comparing, and passes) and review the diff before committing. Link
// tests/common/golden.cpp.

#include <string>

namespace tribunal::testing {

/// The whole file as bytes (empty when it cannot be read).
std::string readTextFile(const std::string& path);
/// Writes (replaces) the file, creating its folder; QVERIFY-fails the calling test when it cannot.
void writeTextFile(const std::string& path, const std::string& text);
/// QFAIL-s naming the first differing line when `actual` differs from the golden at `path` (or rewrites the
/// golden when TRIBUNAL_UPDATE_GOLDEN=1). Use as: checkGolden(...); if (QTest::currentTestFailed()) return;
void checkGolden(const std::string& path, const std::string& actual);

} // namespace tribunal::testing
