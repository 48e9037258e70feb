#include "simdraw.h"

namespace tribunal {
namespace {

std::uint64_t splitmix64(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

std::uint64_t fnv1a(const QByteArray& bytes)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (char c : bytes) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ULL;
    }
    return h;
}

} // namespace

SimDraw::SimDraw(std::uint64_t seed) : m_h(splitmix64(seed)) {}

SimDraw& SimDraw::add(const QByteArray& part)
{
    m_h = splitmix64(m_h ^ fnv1a(part) ^ (static_cast<std::uint64_t>(part.size()) << 56));
    return *this;
}

SimDraw& SimDraw::add(std::uint64_t value)
{
    m_h = splitmix64(m_h ^ splitmix64(value + 0x632be59bd9b4e019ULL));
    return *this;
}

double SimDraw::uniform() const
{
    return static_cast<double>(splitmix64(m_h) >> 11) * 0x1.0p-53;
}

} // namespace tribunal
