// Heap allocations per operation, counted by ordo-one's malloc-interposer (the counter jwt-kit's own
// benchmarks use): every malloc, calloc, realloc and aligned allocation while counting is on, on any
// thread. The interposer must be loaded before main (LD_PRELOAD on Linux, DYLD_INSERT_LIBRARIES on
// macOS); when it is not, the benchmark starts itself again with it preloaded (see main.swift), and if
// that is impossible the allocation columns stay empty rather than read zero.

import Foundation
import MallocInterposerSwift

enum AllocationCounter {
    /// Whether allocations are being counted: a known allocation moves the counter.
    static let works: Bool = {
        MallocInterposerSwift.initialize()
        MallocInterposerSwift.hook()
        // The pointer escapes into `consume`, so the optimizer cannot drop the malloc/free pair.
        let pointer = malloc(64 + Int(sink & 1))
        consume(UInt64(UInt(bitPattern: pointer)))
        free(pointer)
        MallocInterposerSwift.unhook()
        return MallocInterposerSwift.getStatistics().mallocCount > 0
    }()

    /// Allocations per call of `body`, over `iterations` calls after one warm-up call; nil when counting
    /// does not work in this process.
    static func perCall(_ iterations: Int, _ body: () async -> UInt64) async -> Double? {
        guard works else { return nil }
        consume(await body())
        MallocInterposerSwift.initialize()
        MallocInterposerSwift.hook()
        var accumulator: UInt64 = 0
        for _ in 0..<iterations { accumulator &+= await body() }
        MallocInterposerSwift.unhook()
        consume(accumulator)
        return Double(MallocInterposerSwift.getStatistics().mallocCount) / Double(iterations)
    }

    /// The interposer library to preload: beside the executable, as SwiftPM builds it.
    static var libraryPath: String? {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for name in ["libMallocInterposerSwift.so", "libMallocInterposerSwift.dylib"] {
            let path = folder.appendingPathComponent(name).path
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return nil
    }
}
