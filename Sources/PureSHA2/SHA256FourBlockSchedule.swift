// SHA-256 over runs of four consecutive blocks: the four message schedules computed together, one block
// per vector lane, then the rounds of each block in turn (FIPS 180-4 §6.2.2).
//
// Why this is faster than one block at a time:
// - A block's schedule (§6.2.2 step 1) depends only on that block's sixteen message words, never on the
//   chaining value, so the schedules of blocks i … i+3 can be computed before block i is compressed. With
//   lane j holding block j's word, every operation of the schedule is the same in every lane — shifts by
//   one count, XORs, adds — which SSE2, the x86-64 baseline that a package without `unsafeFlags` is built
//   for, does four lanes at a time. (A schedule vectorised *within* one block needs cross-lane shuffles
//   and per-lane shift counts; LLVM scalarised those: Docs/Performance.md, "What we tried and why it
//   lost", measured 2026-11-23.)
// - The rounds then read W[t] + K[t] with one memory operand, and with the schedule gone from the
//   round loop its instructions no longer compete with the rounds' for the machine's issue slots; the
//   rounds are arranged for a short dependency chain instead (`roundFromSum`).
// Measured on 1 MiB (Docs/Performance.md; 2026-11-23, an AMD EPYC Zen 5 VM, Swift 6.3.1):
// ~515 → ~560–590 MB/s.
//
// Constant-time: no branch and no memory index depends on the data.

extension SHA256State {
    /// Compresses blocks four at a time from `block` while at least four remain, advancing `block` and
    /// decreasing `remaining` (by a multiple of four).
    mutating func compressFours(_ block: inout UnsafeRawPointer, _ remaining: inout Int) {
        sha256RoundConstantsFourLanes.withUnsafeBufferPointer { constants in
            sha256ShiftCounts.withUnsafeBufferPointer { shiftCounts in
                // 64 vectors of W (lane j = block j), then 64 of W + K: 2 KiB on the stack.
                withUnsafeTemporaryAllocation(of: FourBlockVector.self, capacity: 128) { workspace in
                    let k = constants.baseAddress!
                    let counts = shiftCounts.baseAddress!
                    let w = workspace.baseAddress!
                    while remaining >= 4 {
                        compressFour(block, k, counts, w, w + 64)
                        block += 256
                        remaining &-= 4
                    }
                }
            }
        }
    }

    /// Compresses the four 64-byte blocks at `blocks` (no alignment required), in order. `k` is
    /// `sha256RoundConstantsFourLanes`, `counts` is `sha256ShiftCounts`; `w` and `wk` have room for 64
    /// vectors each.
    @inline(__always)
    private mutating func compressFour(
        _ blocks: UnsafeRawPointer, _ k: UnsafePointer<FourBlockVector>, _ counts: UnsafePointer<UInt32>,
        _ w: UnsafeMutablePointer<FourBlockVector>, _ wk: UnsafeMutablePointer<FourBlockVector>
    ) {
        // §6.2.2 step 1, t = 0…15: the message words, big-endian, word t of block j into lane j of w[t].
        // The vector is assembled in registers: four 4-byte stores read back as one 16-byte load would
        // defeat the processor's store-to-load forwarding.
        for t in 0..<16 {
            let word = FourBlockVector(
                UInt32(bigEndian: blocks.loadUnaligned(fromByteOffset: t &* 4, as: UInt32.self)),
                UInt32(bigEndian: blocks.loadUnaligned(fromByteOffset: 64 &+ t &* 4, as: UInt32.self)),
                UInt32(bigEndian: blocks.loadUnaligned(fromByteOffset: 128 &+ t &* 4, as: UInt32.self)),
                UInt32(bigEndian: blocks.loadUnaligned(fromByteOffset: 192 &+ t &* 4, as: UInt32.self)))
            w[t] = word
            wk[t] = word &+ k[t]
        }

        // t = 16…63: W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16], for four blocks per operation.
        // W[t-2] and W[t-1] are carried in registers: the σ1 chain is the loop's critical path, and
        // through memory every step would wait for a store to reach the load that reads it back.
        var twoBack = w[14], oneBack = w[15]
        for t in 16..<64 {
            let word = (w[t &- 16] &+ w[t &- 7]) &+ smallSigma0(w[t &- 15], counts) &+ smallSigma1(twoBack, counts)
            w[t] = word
            wk[t] = word &+ k[t]
            twoBack = oneBack
            oneBack = word
        }

        // Steps 2–4 for each block in turn, block j reading lane j of W + K. Four calls to one
        // out-of-line copy of the rounds: as fast as four inlined copies (~9 KB of code), and faster than
        // one inlined copy in a loop over the lanes (measured, Docs/Performance.md).
        let sums = UnsafeRawPointer(wk).assumingMemoryBound(to: UInt32.self)
        compressFromSums(sums)
        compressFromSums(sums + 1)
        compressFromSums(sums + 2)
        compressFromSums(sums + 3)
    }

    /// §6.2.2 steps 2–4 for one block whose W[t] + K[t] is at `wk[4·t]`.
    @inline(never)
    private mutating func compressFromSums(_ wk: UnsafePointer<UInt32>) {
        var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
        var ab = b ^ c
        var sum = wk
        // Sixteen rounds unrolled (the variables rotate by renaming), four times; an unroll of eight
        // measured slower.
        for _ in 0..<4 {
            roundFromSum(a, b, c, &d, e, f, g, &h, &ab, sum[0])
            roundFromSum(h, a, b, &c, d, e, f, &g, &ab, sum[4])
            roundFromSum(g, h, a, &b, c, d, e, &f, &ab, sum[8])
            roundFromSum(f, g, h, &a, b, c, d, &e, &ab, sum[12])
            roundFromSum(e, f, g, &h, a, b, c, &d, &ab, sum[16])
            roundFromSum(d, e, f, &g, h, a, b, &c, &ab, sum[20])
            roundFromSum(c, d, e, &f, g, h, a, &b, &ab, sum[24])
            roundFromSum(b, c, d, &e, f, g, h, &a, &ab, sum[28])
            roundFromSum(a, b, c, &d, e, f, g, &h, &ab, sum[32])
            roundFromSum(h, a, b, &c, d, e, f, &g, &ab, sum[36])
            roundFromSum(g, h, a, &b, c, d, e, &f, &ab, sum[40])
            roundFromSum(f, g, h, &a, b, c, d, &e, &ab, sum[44])
            roundFromSum(e, f, g, &h, a, b, c, &d, &ab, sum[48])
            roundFromSum(d, e, f, &g, h, a, b, &c, &ab, sum[52])
            roundFromSum(c, d, e, &f, g, h, a, &b, &ab, sum[56])
            roundFromSum(b, c, d, &e, f, g, h, &a, &ab, sum[60])
            sum += 64
        }
        h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d
        h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
    }
}

/// One round of §6.2.2 step 3 with W[t] + K[t] given as `wk`. As in `SHA256Compression.swift`, the caller
/// renames instead of shifting: `d` receives the new e and `h` the new a; `previousAB` is b ⊕ c on entry
/// and a ⊕ b on exit (Maj(a, b, c) = ((a ⊕ b) ∧ (b ⊕ c)) ⊕ b).
///
/// Without the schedule in the loop the rounds are bound by their dependency chains, so this one is
/// shaped for latency (measured: ~6.9 → ~5.4 cycles a round here):
/// - Σ0 and Σ1 as three independent rotations, two XORs deep (the nested form in SHA256Compression.swift
///   takes fewer instructions but is four operations deep);
/// - new e = (d + h + W + K + Ch(e, f, g)) + Σ1(e): `dhkch` has two uses, so LLVM keeps it as one term
///   instead of regrouping the sum around Σ1 + Ch (which it shares with T1), and e's chain is Σ1 and one add.
@inline(__always)
private func roundFromSum(
    _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
    _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32,
    _ previousAB: inout UInt32, _ wk: UInt32
) {
    let choose = g ^ (e & (f ^ g))
    let dhkch = (d &+ (h &+ wk)) &+ choose
    let sigma1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
    let t1 = (dhkch &- d) &+ sigma1
    d = dhkch &+ sigma1
    let ab = a ^ b
    let majority = (ab & previousAB) ^ b
    previousAB = ab
    h = (t1 &+ majority) &+ (rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22))
}

@inline(__always)
private func rotateRight(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &>> n) | (x &<< (32 &- n)) }

// σ0 and σ1 (FIPS 180-4 §4.1.2, (4.6) and (4.7)) on four lanes, each rotation as its two shifts.
//
// The shift counts are read from `count`, a table that holds n at index n and is filled at run time, so
// that the optimizer cannot see them. Why: Swift's SIMD shifts and XORs reach LLVM as per-lane scalar
// operations that its SLP vectorizer must join back into vector instructions. With constant counts, LLVM
// first fuses each shift pair into a scalar rotate; SSE2 has no vector rotate, so the vectorizer's cost
// model then keeps the whole schedule scalar (measured: 30% slower hashing than the one-block path). A
// count it cannot see cannot form a rotate, and a shift of four lanes by one register count is a single
// `psrld`/`pslld`.
//
// σ0 is off the schedule's critical path, so its right shifts are nested, ((x ≫ 11 ⊕ x) ≫ 4 ⊕ x) ≫ 3 =
// x ≫ 18 ⊕ x ≫ 7 ⊕ x ≫ 3, and its left ones too, (x ≪ 11 ⊕ x) ≪ 14 = x ≪ 25 ⊕ x ≪ 14: fewer register
// copies (SSE2 shifts overwrite their operand). σ1 is on it (W[t] needs σ1(W[t-2])) and stays flat.
@inline(__always)
private func smallSigma0(_ x: FourBlockVector, _ count: UnsafePointer<UInt32>) -> FourBlockVector {
    ((((x &>> count[11]) ^ x) &>> count[4] ^ x) &>> count[3]) ^ (((x &<< count[11]) ^ x) &<< count[14])
}

@inline(__always)
private func smallSigma1(_ x: FourBlockVector, _ count: UnsafePointer<UInt32>) -> FourBlockVector {
    (x &>> count[17]) ^ (x &<< count[15]) ^ (x &>> count[19]) ^ (x &<< count[13]) ^ (x &>> count[10])
}

/// Shift counts 0…31, entry n holding n: see `smallSigma0` for why they are read from memory.
let sha256ShiftCounts: [UInt32] = (0..<32).map { UInt32($0) }

/// K[t] of FIPS 180-4 §4.2.2 in all four lanes.
let sha256RoundConstantsFourLanes: [FourBlockVector] = sha256RoundConstants.map { FourBlockVector(repeating: $0) }

// The schedule's vector type. Optimized builds use `SIMD4<UInt32>` (SSE2: four lanes an instruction, as
// above). Debug builds use `FourBlockLanes`, the same four lanes as plain `UInt32`s with the same wrapping
// operations: unoptimized, every `SIMD4` operator is a call into the standard library's generic code, and
// hashing anything over 255 bytes was several times slower in the debug tests than through the one-block
// path. The code above is the same text for both; the optimized form is what the benchmarks, the release
// known answers (scripts/known-answer-loops.sh) and the wasm32 known answers run.
#if DEBUG
typealias FourBlockVector = FourBlockLanes
#else
typealias FourBlockVector = SIMD4<UInt32>
#endif

/// Four 32-bit lanes as `SIMD4<UInt32>` has them, with the schedule's operations lane by lane: wrapping
/// addition, XOR, and shifts by a scalar count (masked, as `SIMD4`'s `&<<` and `&>>` are).
struct FourBlockLanes: Sendable {
    var lane0, lane1, lane2, lane3: UInt32

    @_transparent init(_ lane0: UInt32, _ lane1: UInt32, _ lane2: UInt32, _ lane3: UInt32) {
        (self.lane0, self.lane1, self.lane2, self.lane3) = (lane0, lane1, lane2, lane3)
    }
    @_transparent init(repeating value: UInt32) { self.init(value, value, value, value) }

    @_transparent static func &+ (a: Self, b: Self) -> Self {
        Self(a.lane0 &+ b.lane0, a.lane1 &+ b.lane1, a.lane2 &+ b.lane2, a.lane3 &+ b.lane3)
    }
    @_transparent static func ^ (a: Self, b: Self) -> Self {
        Self(a.lane0 ^ b.lane0, a.lane1 ^ b.lane1, a.lane2 ^ b.lane2, a.lane3 ^ b.lane3)
    }
    @_transparent static func &>> (a: Self, count: UInt32) -> Self {
        Self(a.lane0 &>> count, a.lane1 &>> count, a.lane2 &>> count, a.lane3 &>> count)
    }
    @_transparent static func &<< (a: Self, count: UInt32) -> Self {
        Self(a.lane0 &<< count, a.lane1 &<< count, a.lane2 &<< count, a.lane3 &<< count)
    }
}
