// Where the tests put their SQLite databases and the files a server process reads (.p8 key, App Store
// root): one folder per test process, removed when the process exits. Written straight into the
// temporary directory, every run of the suite left a few dozen databases and folders behind.

import Foundation

/// The process's folder, made on first use; a global because `atexit` takes a C function, which cannot
/// capture. Written once, under the lock.
nonisolated(unsafe) private var scratchRootPath: String?
private let scratchLock = NSLock()

enum TestScratch {
    /// A new, unused path in the process's folder ending with `name`.
    static func path(_ name: String) throws -> URL {
        try root().appendingPathComponent("\(UUID().uuidString)-\(name)")
    }

    /// A new, empty folder in the process's folder.
    static func directory() throws -> URL {
        let directory = try path("files")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    private static func root() throws -> URL {
        scratchLock.lock()
        defer { scratchLock.unlock() }
        if let existing = scratchRootPath { return URL(fileURLWithPath: existing) }
        let made = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        scratchRootPath = made.path
        atexit {
            if let path = scratchRootPath { try? FileManager.default.removeItem(atPath: path) }
        }
        return made
    }
}
