"""The halvings of K9's cross-fitting (each a permutation of the units; its first half is one side): Tribunal's,
reproduced exactly, and a numpy user's.

tribunal_halvings reproduces crossfit.h / stats/randomstreams.h bit for bit (xoshiro256** streams keyed by seed,
stream and halving; Fisher-Yates with Lemire's uniformIndex), so that the cascade stage's check runs on Tribunal's
own halvings; numpy_halvings is what the timed baseline draws (numpy's generator).
"""
import numpy as np

K9_HALVINGS = 50                 # `cascade` default
K9_SEED = 20261129               # `cascade` default seed
K9_STREAM = 0x4B39               # core/analysis/crossfit.h kCrossFitStream ("K9")
M64 = (1 << 64) - 1


def _mix64(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def tribunal_halvings(units, halvings=K9_HALVINGS, seed=K9_SEED, stream=K9_STREAM):
    """Tribunal's halving permutations (crossfit.h, stats/randomstreams.h) reproduced exactly: per halving h the
    xoshiro256** stream keyed by (seed, stream, h), Fisher-Yates from the last position down with Lemire's
    uniformIndex on 32-bit words (low half of each output first). Vectorised over the halvings."""
    G = 0x9E3779B97F4A7C15
    state = np.zeros((4, halvings), dtype=np.uint64)
    for h in range(halvings):
        key = _mix64((_mix64((_mix64(seed) + stream * G) & M64) + h * G) & M64)
        for w in range(4):
            key = (key + G) & M64
            state[w, h] = _mix64(key)
    s0, s1, s2, s3 = state
    spare = np.zeros(halvings, dtype=np.uint64)
    have = np.zeros(halvings, dtype=bool)
    M32 = np.uint64(0xFFFFFFFF)

    def rotl(x, k):
        return (x << np.uint64(k)) | (x >> np.uint64(64 - k))

    def next32(mask):
        nonlocal s0, s1, s2, s3, spare, have
        result = rotl(s1 * np.uint64(5), 7) * np.uint64(9)
        t = s1 << np.uint64(17)
        n2 = s2 ^ s0
        n3 = s3 ^ s1
        n1 = s1 ^ n2
        n0 = s0 ^ n3
        n2 = n2 ^ t
        n3 = rotl(n3, 45)
        adv = mask & ~have                            # these streams draw a fresh 64-bit output
        word = np.where(have, spare, result & M32)
        s0, s1, s2, s3 = (np.where(adv, a, b) for a, b in ((n0, s0), (n1, s1), (n2, s2), (n3, s3)))
        spare = np.where(adv, result >> np.uint64(32), spare)
        have = np.where(mask, ~have, have)
        return word

    perm = np.tile(np.arange(units, dtype=np.int64), (halvings, 1))
    rows = np.arange(halvings)
    everyone = np.ones(halvings, dtype=bool)
    with np.errstate(over="ignore"):
        for i in range(units, 1, -1):
            n = np.uint64(i)
            m = next32(everyone) * n
            low = m & M32
            threshold = np.uint64(((1 << 32) - i) % i)
            rejected = low < threshold
            while rejected.any():
                m = np.where(rejected, next32(rejected) * n, m)
                low = m & M32
                rejected = rejected & (low < threshold)
            j = (m >> np.uint64(32)).astype(np.int64)
            a = perm[rows, i - 1].copy()
            perm[rows, i - 1] = perm[rows, j]
            perm[rows, j] = a
    return perm


def numpy_halvings(units, halvings=K9_HALVINGS, seed=K9_SEED):
    """What a careful numpy user writes: one permutation of the units per halving from numpy's generator."""
    rng = np.random.default_rng(seed)
    return np.array([rng.permutation(units) for _ in range(halvings)])
