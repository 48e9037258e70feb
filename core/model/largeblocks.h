#pragma once
// How the process allocates the columns of a large audit (docs/performance.md, "Import").

namespace tribunal {

/// Blocks of at least this many bytes are mapped from the system and returned to it when freed.
inline constexpr int kLargeBlockBytes = 1 << 20;

/// Makes malloc map every block of kLargeBlockBytes or more and unmap it on free (glibc: a fixed
/// M_MMAP_THRESHOLD). An audit's columns are allocated and freed whole, often on several threads; glibc's
/// adaptive threshold rises past the first freed column and keeps later ones in heaps it does not return,
/// which at 1,000,000 judgments raised the import's peak from 121 to 174 MiB. The price is a page fault for
/// every page of every large block: right for a command that imports once (tribunal-cli), not for the GUI,
/// whose open of the same audit it made about 100 ms slower. Call once at the start of main(), before other
/// threads start. Returns false where the C library has no such setting (nothing changed then).
bool mapLargeBlocks();

} // namespace tribunal
