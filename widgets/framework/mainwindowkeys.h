#pragma once
// The main window's QSettings keys and timings, shared by its source files (mainwindow.cpp,
// mainwindowmenus.cpp, mainwindowsave.cpp). GUI thread; no state of its own.

namespace tribunal::mainwindowkeys {

inline constexpr int kLayoutVersion = 8; ///< bump when the set of docks changes incompatibly (8: Notes dock)
inline constexpr int kMessageMs = 5000;  ///< how long a status-bar message stays
inline constexpr const char* kGeometryKey = "mainWindow/geometry";
inline constexpr const char* kStateKey = "mainWindow/state";
inline constexpr const char* kSkipKey = "import/skipBadRecords";
inline constexpr const char* kProjectDirectoryKey =
    "project/directory"; ///< the folder of the last project saved
inline constexpr const char* kOpenDirectoryKey =
    "files/openDirectory"; ///< the folder of the last file opened

} // namespace tribunal::mainwindowkeys
