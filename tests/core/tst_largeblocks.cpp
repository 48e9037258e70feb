// mapLargeBlocks (core/model/largeblocks.h): with it, a block of 1 MiB or more is mapped even after a larger
// mapped block was freed, which glibc's adaptive threshold would otherwise move above it, and its memory
// returns to the system on free.

#include "model/largeblocks.h"

#include <QtTest>

#include <cstdlib>
#include <cstring>
#include <malloc.h>

// GCC says __SANITIZE_ADDRESS__, clang __has_feature(address_sanitizer).
#if defined(__SANITIZE_ADDRESS__)
#define TRIBUNAL_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TRIBUNAL_UNDER_ASAN 1
#endif
#endif

using namespace tribunal;

class TestLargeBlocks : public QObject {
    Q_OBJECT
private slots:
    void blocksAreMappedAndReturned()
    {
#if defined(TRIBUNAL_UNDER_ASAN)
        // Under AddressSanitizer malloc is ASan's allocator, not glibc's: mallopt has no effect and
        // mapLargeBlocks must say so (the contract: false, nothing changed), not pretend.
        QVERIFY(!mapLargeBlocks());
        return;
#endif
        QVERIFY(mapLargeBlocks());
        const auto mapped = [] { return mallinfo2().hblkhd; };
        const std::size_t before = mapped();
        // A freed 8 MiB mapped block raises glibc's adaptive threshold to 8 MiB; a fixed one stays at 1 MiB.
        void* big = std::malloc(std::size_t(8) << 20);
        QVERIFY(big);
        std::memset(big, 1, std::size_t(8) << 20);
        QVERIFY(mapped() >= before + (std::size_t(8) << 20));
        std::free(big);
        QCOMPARE(mapped(), before);

        void* column = std::malloc(std::size_t(2) << 20);
        QVERIFY(column);
        std::memset(column, 1, std::size_t(2) << 20);
        QVERIFY2(mapped() >= before + (std::size_t(2) << 20),
                 "a 2 MiB block after a freed 8 MiB one is mapped");
        std::free(column);
        QCOMPARE(mapped(), before); // handed back, not kept in the heap

        void* small = std::malloc(std::size_t(kLargeBlockBytes / 2));
        QVERIFY(small);
        QCOMPARE(mapped(), before); // below the threshold: from the heap
        std::free(small);
    }
};

QTEST_GUILESS_MAIN(TestLargeBlocks)
#include "tst_largeblocks.moc"
