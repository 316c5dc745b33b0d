// The measuring harness: ours and the peer alternate within each round, the median of the rounds is
// reported, after a warm-up. Timings are wall-clock ns per operation from ContinuousClock.
//
// The ratio column is the median of the per-round ratios, not the ratio of the medians: within a round
// the two sides run back to back, so a slow stretch of this noisy shared machine hits both of them.

/// One row of the table: an operation done by us and by a peer.
struct Comparison {
    let name: String
    let peer: String
    /// Runs our operation once, returning something derived from the result so it cannot be elided.
    let ours: () -> UInt64
    /// Runs the peer's operation once.
    let theirs: () -> UInt64
    /// Bytes processed per operation, for a throughput column; 0 when not meaningful.
    var bytes: Int = 0
}

/// A row with no peer (ML-DSA-44: no other Swift library has it): our time alone, an absolute figure.
struct SoloRow {
    let name: String
    let ours: () -> UInt64
}

struct Row {
    let name: String
    let oursNanoseconds: Double
    let peer: String
    let peerNanoseconds: Double
    let bytes: Int
    /// Median over the rounds of ours/peer measured in the same round.
    let ratio: Double
    /// Heap allocations per operation, for rows that count them (the jwt-kit set).
    var oursMallocs: Double? = nil
    var peerMallocs: Double? = nil
}

/// Results are folded into this so the optimizer must compute them.
nonisolated(unsafe) var sink: UInt64 = 0

@inline(never)
func consume(_ value: UInt64) { sink &+= value }

enum Harness {
    static let rounds = 21
    static let targetBatch: Duration = .milliseconds(20)

    /// Nanoseconds per call of `body` over one batch of `iterations` calls.
    static func time(_ iterations: Int, _ body: () -> UInt64) -> Double {
        let clock = ContinuousClock()
        var accumulator: UInt64 = 0
        let start = clock.now
        for _ in 0..<iterations { accumulator &+= body() }
        let elapsed = clock.now - start
        consume(accumulator)
        return elapsed.nanoseconds / Double(iterations)
    }

    /// How many calls of `body` fill about `targetBatch`.
    static func calibrate(_ body: () -> UInt64) -> Int {
        var iterations = 1
        while true {
            let perCall = time(iterations, body)
            if perCall * Double(iterations) >= targetBatch.nanoseconds / 4 || iterations >= 1 << 26 {
                return max(1, Int(targetBatch.nanoseconds / max(perCall, 0.1)))
            }
            iterations *= 4
        }
    }

    static func measure(_ comparison: Comparison) -> Row {
        // Warm-up doubles as calibration, for both sides.
        let ourIterations = calibrate(comparison.ours)
        let theirIterations = calibrate(comparison.theirs)
        var ours: [Double] = [], theirs: [Double] = []
        for round in 0..<rounds {
            // Alternate which side goes first so neither always runs on a warmer machine.
            if round % 2 == 0 {
                ours.append(time(ourIterations, comparison.ours))
                theirs.append(time(theirIterations, comparison.theirs))
            } else {
                theirs.append(time(theirIterations, comparison.theirs))
                ours.append(time(ourIterations, comparison.ours))
            }
        }
        return Row(name: comparison.name, oursNanoseconds: median(ours), peer: comparison.peer,
                   peerNanoseconds: median(theirs), bytes: comparison.bytes,
                   ratio: median(zip(ours, theirs).map { $0 / $1 }))
    }

    /// Nanoseconds per call of a row with no peer: the median of the rounds, after a warm-up.
    static func measureAlone(_ body: () -> UInt64) -> Double {
        let iterations = calibrate(body)
        return median((0..<rounds).map { _ in time(iterations, body) })
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}

extension Duration {
    var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}

/// A row whose peer has an async API (jwt-kit's key collection is an actor). Both sides are timed in the
/// same async loop, so the peer's cost includes its actor hops, as its users pay them.
struct AsyncComparison {
    let name: String
    let peer: String
    let ours: () async -> UInt64
    let theirs: () async -> UInt64
    /// Whether the row also reports heap allocations per operation.
    var countsAllocations = false
}

extension Harness {
    static func timeAsync(_ iterations: Int, _ body: () async -> UInt64) async -> Double {
        let clock = ContinuousClock()
        var accumulator: UInt64 = 0
        let start = clock.now
        for _ in 0..<iterations { accumulator &+= await body() }
        let elapsed = clock.now - start
        consume(accumulator)
        return elapsed.nanoseconds / Double(iterations)
    }

    static func calibrateAsync(_ body: () async -> UInt64) async -> Int {
        var iterations = 1
        while true {
            let perCall = await timeAsync(iterations, body)
            if perCall * Double(iterations) >= targetBatch.nanoseconds / 4 || iterations >= 1 << 26 {
                return max(1, Int(targetBatch.nanoseconds / max(perCall, 0.1)))
            }
            iterations *= 4
        }
    }

    static func measure(_ comparison: AsyncComparison) async -> Row {
        let ourIterations = await calibrateAsync(comparison.ours)
        let theirIterations = await calibrateAsync(comparison.theirs)
        var ours: [Double] = [], theirs: [Double] = []
        for round in 0..<rounds {
            if round % 2 == 0 {
                ours.append(await timeAsync(ourIterations, comparison.ours))
                theirs.append(await timeAsync(theirIterations, comparison.theirs))
            } else {
                theirs.append(await timeAsync(theirIterations, comparison.theirs))
                ours.append(await timeAsync(ourIterations, comparison.ours))
            }
        }
        var row = Row(name: comparison.name, oursNanoseconds: median(ours), peer: comparison.peer,
                      peerNanoseconds: median(theirs), bytes: 0, ratio: median(zip(ours, theirs).map { $0 / $1 }))
        if comparison.countsAllocations {
            row.oursMallocs = await AllocationCounter.perCall(100, comparison.ours)
            row.peerMallocs = await AllocationCounter.perCall(100, comparison.theirs)
        }
        return row
    }
}
