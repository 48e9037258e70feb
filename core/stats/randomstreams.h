#pragma once
// Reproducible random streams for resampling (../shared/spec/architecture.md "Reproducibility").
//
// Every parallel resampling job splits its work into fixed chunks and gives each chunk its own stream, keyed
// by (seed, stream, substream) - for the bootstrap (seed, cell index, chunk index) - so results never depend
// on which thread ran which chunk, nor on the number of threads.
//
// Derivation (fixed; changing it changes every published interval):
//   key   = mix64(mix64(mix64(seed) + stream * G) + substream * G),  G = 0x9e3779b97f4a7c15 (mod 2^64)
//   state = four consecutive SplitMix64 outputs from the state `key` (s[0] first)
// where mix64 is the SplitMix64 output function (Steele, Lea and Flood 2014). The generator is xoshiro256**
// 1.0 (Blackman and Vigna 2018), chosen over std::mt19937_64 for speed (a bootstrap draws ~10^8 indices) and
// its 32-byte state, cheap to seed per chunk. Uniform indices use Lemire's nearly divisionless method on
// 32-bit words (uniformIndex: each 64-bit output gives two words, low half first) or, in bulk, on 16-bit
// words for bounds below 2^16 (fillIndices): exact and fully specified mappings, unlike
// std::uniform_int_distribution whose output differs between standard libraries.
// Thread-safety: a RandomStream is a plain value; use one per thread.

#include <bit>
#include <cstddef>
#include <cstdint>

namespace tribunal {

/// The SplitMix64 output function: a bijective mix of 64 bits.
constexpr std::uint64_t mix64(std::uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/// One SplitMix64 step: advances `state` by the golden gamma and returns mix64 of the new state.
constexpr std::uint64_t splitMix64(std::uint64_t& state)
{
    state += 0x9e3779b97f4a7c15ULL;
    return mix64(state);
}

class RandomStream {
public:
    /// The stream keyed by (seed, stream, substream), see the derivation above.
    RandomStream(std::uint64_t seed, std::uint64_t stream, std::uint64_t substream);
    /// A stream with an explicit xoshiro256** state (not all zero), for reference tests.
    static RandomStream fromState(std::uint64_t s0, std::uint64_t s1, std::uint64_t s2, std::uint64_t s3);

    /// Next 64-bit output of xoshiro256**.
    std::uint64_t next()
    {
        m_haveSpare = false; // a 64-bit draw discards any unused half
        return step(m_s);
    }

    /// Next 32-bit word: the low half of a fresh 64-bit output, then its high half.
    std::uint32_t next32()
    {
        if (m_haveSpare) {
            m_haveSpare = false;
            return m_spare;
        }
        const std::uint64_t x = next();
        m_spare = static_cast<std::uint32_t>(x >> 32);
        m_haveSpare = true;
        return static_cast<std::uint32_t>(x);
    }

    /// Uniform integer in [0, n), n >= 1 (Lemire 2019, "Fast random integer generation in an interval"):
    /// the high word of next32() * n, rejecting the (2^32 mod n) low words that would bias it.
    std::uint32_t uniformIndex(std::uint32_t n) { return lemire(next32(), n); }

    /// Fills out[0, count) with uniform indices in [0, n), 1 <= n: the bootstrap's bulk mapping, faster
    /// than uniformIndex (not the same values). It starts at a fresh 64-bit output (a pending spare
    /// word of next32 is dropped) and splits each output into words, least significant first: four 16-bit
    /// words when n <= 65535, else two 32-bit words. A b-bit word w gives (w n) >> b, except that it is
    /// skipped when (w n) mod 2^b < 2^b mod n (Lemire's exact rejection). Words left in the last output are
    /// dropped.
    void fillIndices(std::uint32_t n, std::uint32_t* out, std::size_t count)
    {
        m_haveSpare = false;
        if (n <= 0xffffu)
            fill16(n, out, count);
        else
            fill32(n, out, count);
    }

private:
    RandomStream() = default;
    /// One xoshiro256** step on the state `s`.
    static std::uint64_t step(std::uint64_t (&s)[4])
    {
        const std::uint64_t result = std::rotl(s[1] * 5, 7) * 9;
        const std::uint64_t t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = std::rotl(s[3], 45);
        return result;
    }
    /// Lemire's mapping of the word `first`, drawing replacement words with next32() on rejection.
    std::uint32_t lemire(std::uint32_t first, std::uint32_t n)
    {
        std::uint64_t m = static_cast<std::uint64_t>(first) * n;
        auto low = static_cast<std::uint32_t>(m);
        if (low < n) {
            const std::uint32_t threshold = (0u - n) % n;
            while (low < threshold) {
                m = static_cast<std::uint64_t>(next32()) * n;
                low = static_cast<std::uint32_t>(m);
            }
        }
        return static_cast<std::uint32_t>(m >> 32);
    }

    /// fillIndices for n <= 65535 (eight words at a time with SSE2 where available) and for larger n.
    void fill16(std::uint32_t n, std::uint32_t* out, std::size_t count);
    void fill32(std::uint32_t n, std::uint32_t* out, std::size_t count);
    /// The rule word by word, for the words of output `x` while i < count.
    template <int Bits>
    static void takeWords(std::uint64_t x, std::uint32_t n, std::uint64_t threshold, std::uint32_t* out,
                          std::size_t& i, std::size_t count)
    {
        constexpr std::uint64_t kMask = (std::uint64_t{1} << Bits) - 1;
        for (int w = 0; w < 64 / Bits && i < count; ++w) {
            const std::uint64_t m = ((x >> (w * Bits)) & kMask) * n;
            if ((m & kMask) >= threshold)
                out[i++] = static_cast<std::uint32_t>(m >> Bits);
        }
    }

    std::uint64_t m_s[4] = {};
    std::uint32_t m_spare = 0;
    bool m_haveSpare = false;
};

} // namespace tribunal
