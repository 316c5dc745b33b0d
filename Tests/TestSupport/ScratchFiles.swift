// Files the tool tests hand to `jwt` and `appleauth` (keys, tokens, passwords, certificates): written in
// one folder per test process, removed when the process exits. Tests that wrote straight into the
// temporary directory left about 130 files and folders there on every run of the suite.

import Foundation

/// The process's scratch folder, made on first use. `atexit` takes a C function, which cannot capture,
/// hence the global; it is written once, under the lock, before any file goes into the folder.
nonisolated(unsafe) private var scratchFolderPath: String?
private let scratchLock = NSLock()

public enum ScratchFiles {
    /// A new, unused path in the scratch folder whose last component ends with `name`.
    private static func path(_ name: String) throws -> String {
        try folder().appendingPathComponent("\(UUID().uuidString)-\(name)").path
    }

    /// Writes `text` as UTF-8 to a new scratch file and returns its path.
    @discardableResult
    public static func write(_ text: String, _ name: String) throws -> String {
        let path = try path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Writes `bytes` to a new scratch file and returns its path.
    @discardableResult
    public static func write(_ bytes: Data, _ name: String) throws -> String {
        let path = try path(name)
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    private static func folder() throws -> URL {
        scratchLock.lock()
        defer { scratchLock.unlock() }
        if let existing = scratchFolderPath { return URL(fileURLWithPath: existing) }
        let made = FileManager.default.temporaryDirectory.appendingPathComponent("purejwt-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        scratchFolderPath = made.path
        atexit {
            if let path = scratchFolderPath { try? FileManager.default.removeItem(atPath: path) }
        }
        return made
    }
}
