#pragma once
// The rubric CSV (docs/data-formats.md "Rubric CSV") of tests/cli/tst_cascadecli.cpp, three panels:
// - casc: ../shared/spec/examples.md section 7 (ordinal criterion Depth, levels 1-5, label 3 on q1..q10; D
//   answers 3 when right, else 2, with the example's confidences and costs; the fallback F answers 3 when
//   right, else 4, with its costs); a judge G answers q1 in two formats (a, b);
// - jury: section 8 (j1..j4 on v1..v5, labels 3 4 2 5 1);
// - checks: binary criterion "Has title", labels UNMET on b1..b3, MET on b4..b6; D answers MET, MET, UNMET,
//   UNMET, UNMET, MET with P(MET) 0.9, 0.7, 0.2, 0.1, 0.4, 0.8; X answers MET, UNMET, UNMET, UNMET, MET, MET;
//   Y answers UNMET, MET, UNMET, -, MET, UNMET (no judgment on b4).

#include <QByteArray>

namespace tribunal::testing {

QByteArray cascadeRubricCsv();

} // namespace tribunal::testing
