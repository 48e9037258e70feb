#pragma once
// The deterministic draws of tribunal-judge-sim (judgesimserver.h): a hash of a sequence of parts, so that
// the same (seed, model, item, body, k, ...) always gives the same answer, whatever the order requests arrive
// in. Each part is mixed in with splitmix64 so parts cannot run into each other ("ab"+"c" differs from
// "a"+"bc").
//
// A value type: no shared state, safe to use from any thread.

#include <QByteArray>
#include <QString>

#include <cstdint>

namespace tribunal {

class SimDraw {
public:
    explicit SimDraw(std::uint64_t seed);

    SimDraw& add(const QByteArray& part);
    SimDraw& add(const QString& part) { return add(part.toUtf8()); }
    SimDraw& add(const char* part) { return add(QByteArray(part)); }
    SimDraw& add(std::uint64_t value);

    /// The hash of the parts so far (a seed for further draws or a random engine).
    std::uint64_t hash() const { return m_h; }
    /// Uniform in [0, 1) from the top 53 bits of the mixed hash.
    double uniform() const;

private:
    std::uint64_t m_h;
};

} // namespace tribunal
