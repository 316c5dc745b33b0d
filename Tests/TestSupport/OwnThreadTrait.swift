// Tests that measure elapsed time run their bodies off Swift's cooperative pool.
//
// `swift test` runs hundreds of tests at once on the cooperative pool, whose width is the core count (two
// on CI). Its queue is first come, first served: when the Wycheproof and property tests have queued
// thousands of synchronous, CPU-bound test cases, a timing test's continuation — the end of a retry's
// back-off, a URLSession answer — waits behind all of them. On CI a refused exchange, three attempts and
// about one second of back-off, measured 7.6 s that way, and once ran into its 10-second time limit.
//
// With this trait each test case of the suite or test runs with a task executor preference for one serial
// Dispatch queue (its own thread, outside the cooperative pool): its continuations, its child tasks (the
// retry policy's time-limit group) and the default actors it calls resume there, so what the test measures
// is the code under test and the machine, not the queue of other tests. Tasks it does not start itself
// (a server's threads, URLSession's own queues) are unaffected.
//
// Task executors are new in macOS 15; on older Apple systems the body runs as before.

import Dispatch
import Testing

/// Runs each test case on a serial Dispatch queue of its own instead of the cooperative pool.
public struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> OwnThreadTrait? {
        testCase == nil ? nil : self
    }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            try await withTaskExecutorPreference(SerialQueueExecutor(testName: test.name)) {
                try await function()
            }
        } else {
            try await function()
        }
    }
}

extension OwnThreadTrait {
    /// The name of the test whose trait queue the caller runs on, or nil off every such queue.
    public static var currentQueueTestName: String? {
        DispatchQueue.getSpecific(key: testNameKey)
    }

    static let testNameKey = DispatchSpecificKey<String>()
}

extension Trait where Self == OwnThreadTrait {
    /// Runs each test case off the cooperative pool, for tests that measure elapsed time.
    public static var onOwnThread: Self { OwnThreadTrait() }
}

/// `count` task executors, each a serial Dispatch queue of its own: for a load test whose tasks should run
/// in parallel outside the cooperative pool. On the pool, a task that yields now and then (so as not to hold
/// the pool's threads) waits behind every test case queued there at each yield.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public func ownThreadExecutors(_ count: Int, name: String) -> [any TaskExecutor] {
    (0..<count).map { SerialQueueExecutor(testName: "\(name) \($0)") }
}

/// A task executor that runs every job on one serial Dispatch queue.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class SerialQueueExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(testName: String) {
        queue = DispatchQueue(label: "OwnThreadTrait \(testName)")
        queue.setSpecific(key: OwnThreadTrait.testNameKey, value: testName)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
