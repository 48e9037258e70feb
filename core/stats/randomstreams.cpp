#include "stats/randomstreams.h"

#include <algorithm>
#include <iterator>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tribunal {

namespace {
constexpr std::uint64_t kGolden = 0x9e3779b97f4a7c15ULL;
}

RandomStream::RandomStream(std::uint64_t seed, std::uint64_t stream, std::uint64_t substream)
{
    // Each level is mixed before the next is added, so nearby (stream, substream) pairs give unrelated keys.
    std::uint64_t key = mix64(mix64(mix64(seed) + stream * kGolden) + substream * kGolden);
    for (std::uint64_t& word : m_s)
        word = splitMix64(key);
    // Four consecutive SplitMix64 outputs are distinct (mix64 is a bijection of distinct states), so the
    // state is never all zero.
}

RandomStream RandomStream::fromState(std::uint64_t s0, std::uint64_t s1, std::uint64_t s2, std::uint64_t s3)
{
    RandomStream r;
    r.m_s[0] = s0;
    r.m_s[1] = s1;
    r.m_s[2] = s2;
    r.m_s[3] = s3;
    return r;
}

void RandomStream::fill16(std::uint32_t n, std::uint32_t* out, std::size_t count)
{
    const std::uint64_t threshold = 65536 % n;
    std::size_t i = 0;
#if defined(__SSE2__)
    // Eight 16-bit words (two outputs) at a time: pmulhuw gives (w n) >> 16, pmullw (w n) mod 2^16.
    const __m128i bound = _mm_set1_epi16(static_cast<short>(n));
    const __m128i limit = _mm_set1_epi16(static_cast<short>(threshold));
    const __m128i zero = _mm_setzero_si128();
    // The state in locals: the vector stores to `out` may alias anything, which would otherwise force it
    // through memory on every step.
    std::uint64_t s[4] = {m_s[0], m_s[1], m_s[2], m_s[3]};
    while (count - i >= 8) {
        const std::uint64_t x0 = step(s), x1 = step(s);
        const __m128i words = _mm_set_epi64x(static_cast<long long>(x1), static_cast<long long>(x0));
        const __m128i low = _mm_mullo_epi16(words, bound);
        // low >= threshold (unsigned) in every lane: the saturating difference threshold - low is 0.
        const __m128i rejected = _mm_subs_epu16(limit, low);
        if (_mm_movemask_epi8(_mm_cmpeq_epi16(rejected, zero)) == 0xffff) {
            const __m128i high = _mm_mulhi_epu16(words, bound);
            _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), _mm_unpacklo_epi16(high, zero));
            _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i + 4), _mm_unpackhi_epi16(high, zero));
            i += 8;
            continue;
        }
        takeWords<16>(x0, n, threshold, out, i, count);
        takeWords<16>(x1, n, threshold, out, i, count);
    }
    std::copy(std::begin(s), std::end(s), std::begin(m_s));
#endif
    while (i < count)
        takeWords<16>(next(), n, threshold, out, i, count);
}

void RandomStream::fill32(std::uint32_t n, std::uint32_t* out, std::size_t count)
{
    const std::uint64_t threshold = ((std::uint64_t{1} << 32) - n) % n; // 2^32 mod n
    std::size_t i = 0;
    while (i < count)
        takeWords<32>(next(), n, threshold, out, i, count);
}

} // namespace tribunal
