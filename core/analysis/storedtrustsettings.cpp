#include "analysis/storedtrustsettings.h"

#include <charconv>
#include <cmath>
#include <system_error>

namespace tribunal {
namespace {

std::string number(double value)
{
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, value); // shortest text that reads back exactly
    return {buf, res.ptr};
}

template <typename T> bool parse(const std::string& text, T& out)
{
    const auto res = std::from_chars(text.data(), text.data() + text.size(), out);
    return res.ec == std::errc{} && res.ptr == text.data() + text.size();
}

void put(ProjectSettings& settings, const char* key, const std::string& value,
         const std::string& defaultValue)
{
    if (value == defaultValue)
        settings.erase(key);
    else
        settings[key] = value;
}

std::string unitText(ConsistencyUnit unit)
{
    return unit == ConsistencyUnit::Presentation ? "presentation" : "pair";
}

std::string qText(QMode mode)
{
    return mode == QMode::Observed ? "observed" : "half";
}

} // namespace

void storeTrustSettings(const StoredTrustSettings& value, const StoredTrustSettings& defaults,
                        ProjectSettings& settings)
{
    const TrustSettings& t = value.trust;
    const TrustSettings& d = defaults.trust;
    put(settings, "trust.consistency_unit", unitText(t.consistencyUnit), unitText(d.consistencyUnit));
    put(settings, "trust.q", qText(t.qMode), qText(d.qMode));
    put(settings, "trust.assume_consistent", t.assumeConsistentWhenSingleRun ? "true" : "false",
        d.assumeConsistentWhenSingleRun ? "true" : "false");
    put(settings, "trust.good_c", number(t.goodConsistency), number(d.goodConsistency));
    put(settings, "trust.good_phi", number(t.goodFlipRate), number(d.goodFlipRate));
    const BootstrapSettings& b = value.bootstrap;
    const BootstrapSettings& bd = defaults.bootstrap;
    put(settings, "trust.bootstrap.resamples", std::to_string(b.resamples), std::to_string(bd.resamples));
    put(settings, "trust.bootstrap.seed", std::to_string(b.seed), std::to_string(bd.seed));
    put(settings, "trust.bootstrap.level", number(b.level), number(bd.level));
}

StoredTrustSettings loadTrustSettings(const ProjectSettings& settings, const StoredTrustSettings& defaults,
                                      std::vector<std::string>* problems)
{
    StoredTrustSettings out = defaults;
    const auto bad = [problems](const std::string& key, const std::string& reason) {
        if (problems)
            problems->push_back(key + ": " + reason);
    };
    const auto proportion = [&](const char* key, double& target, bool open) {
        const auto it = settings.find(key);
        if (it == settings.end())
            return;
        double v = 0;
        if (!parse(it->second, v) || !std::isfinite(v) || v < 0 || v > 1 || (open && (v == 0 || v == 1)))
            bad(key, "'" + it->second + "' is not a number in " + (open ? "(0, 1)" : "[0, 1]"));
        else
            target = v;
    };
    if (const auto it = settings.find("trust.consistency_unit"); it != settings.end()) {
        if (it->second == "pair" || it->second == "presentation")
            out.trust.consistencyUnit =
                it->second == "pair" ? ConsistencyUnit::Pair : ConsistencyUnit::Presentation;
        else
            bad(it->first, "'" + it->second + "' is neither pair nor presentation");
    }
    if (const auto it = settings.find("trust.q"); it != settings.end()) {
        if (it->second == "half" || it->second == "observed")
            out.trust.qMode = it->second == "half" ? QMode::Half : QMode::Observed;
        else
            bad(it->first, "'" + it->second + "' is neither half nor observed");
    }
    if (const auto it = settings.find("trust.assume_consistent"); it != settings.end()) {
        if (it->second == "true" || it->second == "false")
            out.trust.assumeConsistentWhenSingleRun = it->second == "true";
        else
            bad(it->first, "'" + it->second + "' is neither true nor false");
    }
    proportion("trust.good_c", out.trust.goodConsistency, false);
    proportion("trust.good_phi", out.trust.goodFlipRate, false);
    if (const auto it = settings.find("trust.bootstrap.resamples"); it != settings.end()) {
        int v = 0;
        if (!parse(it->second, v) || v < 0)
            bad(it->first, "'" + it->second + "' is not a non-negative integer");
        else
            out.bootstrap.resamples = v;
    }
    if (const auto it = settings.find("trust.bootstrap.seed"); it != settings.end()) {
        std::uint64_t v = 0;
        if (!parse(it->second, v))
            bad(it->first, "'" + it->second + "' is not a non-negative integer");
        else
            out.bootstrap.seed = v;
    }
    proportion("trust.bootstrap.level", out.bootstrap.level, true);
    return out;
}

} // namespace tribunal
