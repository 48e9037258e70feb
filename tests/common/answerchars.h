#pragma once
// One character per answer, for compact test fixtures: 'A', 'B', 'T' (tie), 'N' (NA: abstained), 'M' (MET),
// 'U' (UNMET); anything else ('-', ' ') is none. Header-only, no Qt.

#include "model/types.h"

namespace tribunal::testing {

inline Answer runAnswer(char c)
{
    switch (c) {
    case 'A':
        return answer::kA;
    case 'B':
        return answer::kB;
    case 'T':
        return answer::kTie;
    case 'N':
        return answer::kNA;
    case 'M':
        return answer::kMet;
    case 'U':
        return answer::kUnmet;
    default:
        return answer::kNone;
    }
}

} // namespace tribunal::testing
