#include "analysis/trustpair.h"

#include <algorithm>

namespace tribunal {

namespace {

bool isVerdict(Answer a)
{
    return a == answer::kA || a == answer::kB || a == answer::kTie;
}

/// Verdict counts of one (pair, order) presentation.
struct Presentation {
    std::uint32_t rows = 0;       // judgment rows, answered or not
    std::uint32_t counts[3] = {}; // A, B, tie (index = answer - kA)

    std::uint32_t answered() const { return counts[0] + counts[1] + counts[2]; }
    int distinct() const { return (counts[0] > 0) + (counts[1] > 0) + (counts[2] > 0); }
    /// T1: the most frequent verdict; kNone when no run answered or two verdicts share the top count.
    Answer mode() const
    {
        const std::uint32_t top = std::max({counts[0], counts[1], counts[2]});
        if (top == 0)
            return answer::kNone;
        int atTop = 0;
        Answer modal = answer::kNone;
        for (int k = 0; k < 3; ++k)
            if (counts[k] == top) {
                ++atTop;
                modal = static_cast<Answer>(answer::kA + k);
            }
        return atTop == 1 ? modal : answer::kNone;
    }
};

struct RunVerdict {
    std::uint16_t rep;
    Answer verdict;
};

/// Row class of an answer: 0 = none (failed call), 1..3 = the verdicts A, B, tie, 4 = anything else (NA, or
/// an answer that is not pairwise). Branch-free: verdicts are random, so branches on them mispredict.
unsigned answerClass(Answer a)
{
    const bool verdict = static_cast<unsigned>(a - answer::kA) < 3u;
    const bool none = a == answer::kNone;
    return verdict ? static_cast<unsigned>(a) : (none ? 0u : 4u);
}

/// Row order slot: 0 = AB, 1 = BA, 2 = no order (ignored).
unsigned orderSlot(Order order)
{
    return order == Order::AB ? 0u : (order == Order::None ? 2u : 1u);
}

constexpr unsigned kClasses = 5;

/// Set bits of the low and of the high 32-bit half of x ({low, high}). Not std::popcount: the project builds
/// for baseline x86-64, which has no popcnt instruction, and the library call that becomes cost a third of
/// the trust table's time; one SWAR count here serves both order halves at once.
struct HalfCounts {
    std::uint32_t low, high;
};
inline HalfCounts halfBitCounts(std::uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555u;
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu; // bit count per byte
    x += x >> 8;
    x += x >> 16; // per 32-bit half, in its low byte
    return {static_cast<std::uint32_t>(x & 0xff), static_cast<std::uint32_t>((x >> 32) & 0xff)};
}

/// Everything the pair summary needs from the rows of one item run.
struct RunCounts {
    std::uint32_t rows[3][kClasses] = {}; ///< judgment rows by order slot and answer class
    std::uint32_t matched = 0, agreeing = 0, agreeingCorrect = 0; ///< T12b, see TrustPair
};

/// The common case in one pass without sorting: every row ordered, run numbers below 32, and no (order, run
/// number) twice. Each answer class keeps a bit set of run numbers, order AB in the low 32 bits and BA in the
/// high ones; counts are bit counts and the T12b replay is set intersection (which is what the merge of the
/// general path computes when run numbers are unique per order). Returns false (leaving `out` unspecified)
/// when the run does not qualify.
bool countRunBitsets(const Order* orderCol, const Answer* answerCol, const std::uint16_t* repCol,
                     const ItemRun& run, Answer label, RunCounts& out)
{
    // Two sets of bit sets, for even and odd rows: consecutive rows usually share a class, and one set would
    // chain every row's read-modify-write on the previous one.
    std::uint64_t bitsBy[2][kClasses] = {};
    unsigned allReps = 0;
    bool unordered = false;
    for (std::uint32_t r = run.begin; r < run.end; ++r) {
        const unsigned rep = repCol[r];
        const Order order = orderCol[r];
        allReps |= rep;
        unordered |= order == Order::None;
        const unsigned shift = (rep & 31u) | (order == Order::AB ? 0u : 32u);
        bitsBy[r & 1][answerClass(answerCol[r])] |= std::uint64_t{1} << shift;
    }
    if (allReps >= 32 || unordered)
        return false;
    std::uint64_t bits[kClasses];
    std::uint64_t any = 0;
    for (unsigned c = 0; c < kClasses; ++c) {
        bits[c] = bitsBy[0][c] | bitsBy[1][c];
        any |= bits[c];
    }
    // Distinct (order, run number) combinations equal the rows exactly when none repeats; then every row set
    // its own bit and the class bit sets count the rows.
    const HalfCounts distinct = halfBitCounts(any);
    if (distinct.low + distinct.high != run.end - run.begin)
        return false;
    for (unsigned c = 0; c < kClasses; ++c) {
        const HalfCounts n = halfBitCounts(bits[c]);
        out.rows[0][c] = n.low;
        out.rows[1][c] = n.high;
    }
    // Run numbers answered in both orders (AB half AND BA half), overall and with the same verdict.
    const auto both = [](std::uint64_t x) { return x & (x >> 32) & 0xffffffffu; };
    const HalfCounts sameAB = halfBitCounts(both(bits[1]) | both(bits[2]) << 32);
    const HalfCounts tieMatched = halfBitCounts(both(bits[3]) | both(bits[1] | bits[2] | bits[3]) << 32);
    const std::uint32_t agreeingBy[3] = {sameAB.low, sameAB.high, tieMatched.low};
    out.matched = tieMatched.high;
    out.agreeing = sameAB.low + sameAB.high + tieMatched.low;
    out.agreeingCorrect = isVerdict(label) ? agreeingBy[label - answer::kA] : 0;
    return true;
}

/// Any item run: counts, then the answered runs of each order sorted (stably) by run number and merged,
/// pairing the AB and BA calls of the same run number in turn. `scratch` is reused across runs.
void countRunGeneral(const Order* orderCol, const Answer* answerCol, const std::uint16_t* repCol,
                     const ItemRun& run, Answer label, RunCounts& out, std::vector<RunVerdict>& scratch)
{
    out = RunCounts{};
    const std::size_t rows = run.end - run.begin;
    if (scratch.size() < 3 * rows)
        scratch.resize(3 * rows);
    // Order slots AB, BA and a sink for unordered rows; every row is written, answered ones are kept.
    RunVerdict* const byOrder[3] = {scratch.data(), scratch.data() + rows, scratch.data() + 2 * rows};
    std::uint32_t listed[3] = {};
    for (std::uint32_t r = run.begin; r < run.end; ++r) {
        const unsigned o = orderSlot(orderCol[r]);
        const unsigned c = answerClass(answerCol[r]);
        ++out.rows[o][c];
        byOrder[o][listed[o]] = {repCol[r], answerCol[r]};
        listed[o] += c - 1u < 3u;
    }
    const auto byRep = [](const RunVerdict& x, const RunVerdict& y) { return x.rep < y.rep; };
    for (int o = 0; o < 2; ++o)
        std::stable_sort(byOrder[o], byOrder[o] + listed[o], byRep);
    std::uint32_t i = 0, j = 0;
    while (i < listed[0] && j < listed[1]) {
        const RunVerdict& ab = byOrder[0][i];
        const RunVerdict& ba = byOrder[1][j];
        if (ab.rep < ba.rep) {
            ++i;
        } else if (ba.rep < ab.rep) {
            ++j;
        } else {
            ++out.matched;
            if (ab.verdict == ba.verdict) {
                ++out.agreeing;
                // A kept verdict equal to the label implies a labelled pair (verdicts are never kNone).
                if (ab.verdict == label)
                    ++out.agreeingCorrect;
            }
            ++i;
            ++j;
        }
    }
}

} // namespace

bool isBiasTestRun(const Audit& audit, const ItemRun& run)
{
    // Rows of an item are sorted by variant, None first: the first row tells whether any judgment of the run
    // is outside the bias tests.
    return run.begin < run.end && audit.judgments().variant[run.begin] != Variant::None;
}

bool hasTrustRuns(const Audit& audit, const Cell& cell)
{
    const auto runs = audit.itemRunsOf(cell);
    return std::any_of(runs.begin(), runs.end(),
                       [&](const ItemRun& run) { return !isBiasTestRun(audit, run); });
}

TrustPairs summarizeTrustPairs(const Audit& audit, std::span<const ItemRun> runs)
{
    const auto& items = audit.items();
    const auto& judgments = audit.judgments();
    const Order* const orderCol = judgments.order.data();
    const Answer* const answerCol = judgments.answer.data();
    const std::uint16_t* const repCol = judgments.rep.data();
    TrustPairs out;
    out.pairs.reserve(runs.size());
    std::vector<RunVerdict> scratch;

    for (const ItemRun& run : runs) {
        if (items.kind[run.item] != TaskKind::Pairwise) {
            ++out.notPairwiseItems;
            continue;
        }
        if (isBiasTestRun(audit, run)) {
            ++out.biasTestItems;
            continue;
        }
        const Answer label = items.label[run.item];
        const bool labelled = isVerdict(label);
        RunCounts counts;
        if (!countRunBitsets(orderCol, answerCol, repCol, run, label, counts))
            countRunGeneral(orderCol, answerCol, repCol, run, label, counts, scratch);
        const auto& rowsBy = counts.rows;

        // T0: unordered rows are ignored; 'none' and NA rows of ordered presentations leave every
        // denominator.
        for (unsigned c = 0; c < kClasses; ++c)
            out.unorderedRuns += rowsBy[2][c];
        out.noneRuns += rowsBy[0][0] + rowsBy[1][0];
        out.abstainedRuns += rowsBy[0][4] + rowsBy[1][4];
        Presentation pres[2];
        for (int o = 0; o < 2; ++o) {
            for (int k = 0; k < 3; ++k)
                pres[o].counts[k] = rowsBy[o][k + 1];
            pres[o].rows = rowsBy[o][0] + pres[o].answered() + rowsBy[o][4];
        }

        if (pres[0].rows == 0 || pres[1].rows == 0) {
            ++out.droppedMissingOrder;
            continue;
        }
        if (pres[0].answered() == 0 || pres[1].answered() == 0) {
            ++out.droppedMissingVerdicts;
            continue;
        }

        // Filled in place: a local copied into the vector costs a store-forwarding stall per pair.
        TrustPair& p = out.pairs.emplace_back();
        p.item = run.item;
        p.labelled = labelled;
        p.answered[0] = pres[0].answered();
        p.answered[1] = pres[1].answered();
        p.correct = labelled ? rowsBy[0][label] + rowsBy[1][label] : 0;
        // Tie runs name no slot; the first-shown slot is the canonical A in order AB and B in order BA.
        p.slotVerdicts = rowsBy[0][1] + rowsBy[0][2] + rowsBy[1][1] + rowsBy[1][2];
        p.firstSlotVerdicts = rowsBy[0][1] + rowsBy[1][2];
        const Answer mode[2] = {pres[0].mode(), pres[1].mode()};
        for (int o = 0; o < 2; ++o) {
            if (pres[o].distinct() == 1)
                ++p.agreeingPresentations;
            if (pres[o].answered() == 1)
                ++p.singleRunPresentations;
            if (mode[o] != answer::kNone) {
                ++p.modalPresentations;
                if (labelled && mode[o] == label)
                    ++p.modalCorrectPresentations;
            }
        }
        p.reproducible = p.agreeingPresentations == 2;
        p.orderInvariant = mode[0] != answer::kNone && mode[0] == mode[1];
        p.modalCorrect = p.orderInvariant && labelled && mode[0] == label;
        p.hardReversal = (mode[0] == answer::kA && mode[1] == answer::kB) ||
                         (mode[0] == answer::kB && mode[1] == answer::kA);
        // T12b: the AB and BA calls of the same run number; a run number answered in one order only has no
        // both-order verdict and leaves the denominator.
        p.matchedRuns = counts.matched;
        p.agreeingRuns = counts.agreeing;
        p.agreeingCorrectRuns = counts.agreeingCorrect;
    }
    return out;
}

} // namespace tribunal
