#pragma once
// The trust settings a project remembers (ProjectExtras::settings, docs/data-formats.md "Project
// settings"): the T2 unit, the q of T4-T6, the T2 one-run opt-in "assume C = 1", the T11 thresholds and the
// T13 bootstrap (resamples, seed, level). Stored as text under "trust.*" keys, one key per value that
// differs from the defaults, so a project opened and left alone is not changed by being opened.
// Thread-safety: pure functions of their arguments.

#include "analysis/trustbootstrap.h"
#include "analysis/trustsettings.h"

#include <map>
#include <string>
#include <vector>

namespace tribunal {

using ProjectSettings = std::map<std::string, std::string>;

struct StoredTrustSettings {
    TrustSettings trust;
    BootstrapSettings bootstrap; ///< threads is not stored (results do not depend on it)
};

/// The keys, in the order the docs list them.
inline constexpr const char* kTrustSettingKeys[] = {"trust.consistency_unit",  "trust.q",
                                                    "trust.assume_consistent", "trust.good_c",
                                                    "trust.good_phi",          "trust.bootstrap.resamples",
                                                    "trust.bootstrap.seed",    "trust.bootstrap.level"};

/// Writes `value` into `settings`: every trust key whose value differs from `defaults` is set, every other
/// trust key removed; keys that are not trust keys are left alone.
void storeTrustSettings(const StoredTrustSettings& value, const StoredTrustSettings& defaults,
                        ProjectSettings& settings);

/// Reads the trust keys of `settings` over `defaults`. A value that cannot be read (unknown word, number
/// out of range) keeps the default and adds "key: reason" to `problems` (when given).
StoredTrustSettings loadTrustSettings(const ProjectSettings& settings, const StoredTrustSettings& defaults,
                                      std::vector<std::string>* problems = nullptr);

} // namespace tribunal
