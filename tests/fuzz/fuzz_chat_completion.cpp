// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: ChatAttempt::parseCompletion (a server's 200 body) and ChatAttempt::parseRetryAfter (its
// Retry-After header, the input's first line). Checks: a body is Answered or Retryable with a
// "malformed response body: " reason; token counts are -1 or >= 0; a Retry-After is -1 or a finite delay >=
// 0.

#include "fuzzinput.h"

#include "judging/chatattempt.h"

#include <QDateTime>

#include <cmath>

using namespace tribunal;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto bytes = fuzz::asText({data, size});
    const QByteArray body(bytes.data(), static_cast<qsizetype>(bytes.size()));
    const AttemptResult result = ChatAttempt::parseCompletion(body);
    if (result.kind == AttemptResult::Kind::Answered) {
        fuzz::check(result.error.isEmpty(), "an answered body has no error");
    } else {
        fuzz::check(result.kind == AttemptResult::Kind::Retryable, "a malformed body is retryable");
        fuzz::check(result.error.startsWith(QStringLiteral("malformed response body: ")),
                    "a malformed body says so");
    }
    fuzz::check(result.tokensIn >= -1 && result.tokensOut >= -1, "token counts are -1 or >= 0");

    static const QDateTime now = QDateTime::fromSecsSinceEpoch(1'700'000'000, Qt::UTC);
    const double delay = ChatAttempt::parseRetryAfter(body.left(body.indexOf('\n')), now);
    fuzz::check(delay == -1.0 || (std::isfinite(delay) && delay >= 0), "a Retry-After is -1 or a delay >= 0");
    return 0;
}
