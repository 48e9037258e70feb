#pragma once
// The text the workbench shows for an exception from tribunal_core: a CoreError (or CoreRangeError,
// core/model/coreerror.h) in the user's language, translated per code in the context "tribunal::CoreError"
// with %1, %2, ... for its arguments (the English source text reads as errorCodeText(code), so in English the
// text is what()); any other exception as its what(). Call it where a widget catches a core exception, never
// e.what(). GUI thread or any thread after the translators are installed (QCoreApplication::translate).

#include "model/coreerror.h"

#include <QString>

#include <exception>

namespace tribunal {

QString coreErrorText(const std::exception& e);

/// The translated text of `code` with its %N placeholders still in it (for tests).
QString coreErrorTemplate(ErrorCode code);

} // namespace tribunal
