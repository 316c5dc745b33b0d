// Running a command-line tool built beside the tests (appleauth, jwt) as a subprocess, with its standard
// input, and collecting its exit status and both outputs.

import Foundation

/// The outcome of one run of a tool.
public struct ToolRun: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
}

public enum ToolProcess {
    /// The executable named `tool` in the build folder the tests run from.
    public static func executable(_ tool: String, testFile: String = #filePath) throws -> URL {
        let root = URL(fileURLWithPath: testFile).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(tool),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(tool),
            root.appendingPathComponent(".build/debug/\(tool)"),
        ]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw VectorFileError(description: "\(tool) executable not found in \(candidates.map(\.path))")
        }
        return found
    }

    /// Runs the tool on a thread of its own, neither the test's nor one of Dispatch's shared pool: waiting
    /// for a subprocess blocks a thread, and a blocked thread of Swift's cooperative pool (two on a 2-core
    /// machine) starves every async test running beside this one, and blocked threads of Dispatch's
    /// global pool hold up URLSession's answers on Linux and the transport's deadline timers, which run on
    /// that pool (measured: four blocked items there delayed a loopback answer from 0.02 s to 1.8 s, until
    /// libdispatch added threads): a URLSession answer then waits past its deadline.
    public static func run(_ tool: String, _ arguments: [String], stdin: String? = nil,
                           environment: [String: String] = [:]) async throws -> ToolRun {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try runBlocking(tool, arguments, stdin: stdin, environment: environment) })
            }.start()
        }
    }

    /// Runs the tool and waits on the calling thread.
    public static func runBlocking(_ tool: String, _ arguments: [String], stdin: String? = nil,
                                   environment: [String: String] = [:]) throws -> ToolRun {
        let process = Process()
        process.executableURL = try executable(tool)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // Standard output is drained on another thread while standard input is written, so a tool that
        // prints a lot before reading all its input cannot deadlock the test.
        // Each on a thread of its own, for the reason `run` gives.
        let collected = DispatchGroup()
        nonisolated(unsafe) var stdoutData = Data(), stderrData = Data()
        collected.enter()
        Thread { stdoutData = out.fileHandleForReading.readDataToEndOfFile(); collected.leave() }.start()
        collected.enter()
        Thread { stderrData = err.fileHandleForReading.readDataToEndOfFile(); collected.leave() }.start()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        collected.wait()
        process.waitUntilExit()
        return ToolRun(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                       stderr: String(decoding: stderrData, as: UTF8.self))
    }
}
