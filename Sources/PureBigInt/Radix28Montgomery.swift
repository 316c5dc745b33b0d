// Montgomery multiplication and squaring in radix 2^28 (2^27 for moduli of over 3,554 bits), two limbs per
// 128-bit vector: the kernels of RSA's modular powers at 1024 to 4096 bits on x86-64
// (MontgomeryRadix28Power.swift).
//
// Why a second representation: the 64-bit kernels (LimbKernels.swift, MontgomeryConstantTimeSquaring.swift)
// spend about three cycles per limb product on this machine's `mul`/`adc` chains (Docs/Performance.md).
// SSE2, which every x86-64 processor has, multiplies two pairs of 32-bit numbers per `pmuludq`, and the
// processor starts two of them per cycle. With 28-bit limbs a product is below 2^56, so a 64-bit lane can
// take 256 of them before it overflows: the sums need no carry chain until the very end, and the 5.3 times
// as many limb products (74 limbs against 32 for a 2048-bit modulus) run two at a time, off the integer
// multiplier. Measured stand-alone (2026-11-28, § machine): at 2048 bits 1.19 µs per multiplication and
// 1.02 µs per squaring against 1.71 and 1.43 µs, at 1024 bits 375 and 317 ns against 433 and 381 ns; an
// RSA-2048 verification (sixteen squarings, two multiplications) 19.3 µs against 25.6 µs. LLVM turns `(x & 0xFFFF_FFFF) &* (y & 0xFFFF_FFFF)` on `SIMD2<UInt64>` into one `pmuludq` when
// it can see both masks in the block of the multiplication; the kernels are written so that it can (a mask
// it cannot see costs two more multiplications and a shift per product: the machine code was checked).
//
// Representation: a number below 2^(bL) as L limbs of b bits, one per UInt64 lane, in W = 2P + 2 lanes
// (P = ⌈L/2⌉ pairs; the lanes from L up are zero); b is 28, or 27 where 28-bit lanes could overflow (below).
// The text below says 28 for b. With R = 2^(bL) > 4n, Montgomery's almost-reduced form
// holds: operands below 2n give a result below 2n, so no step subtracts n until the caller leaves the
// representation.
//
// The product's lanes: a·b + q·n is summed row by row, two rows at a time (rows 2m and 2m + 1, "row pair"
// m): lane 2m + j gets a_2m·b_j, lane 2m + 1 + j gets a_(2m+1)·b_j. In pairs of lanes, row 2m meets b's
// natural pairs E_p = (b_2p, b_2p+1) and row 2m + 1 the shifted pairs O_p = (b_2p−1, b_2p), both at the
// lane pair m + p: so one vector addition per lane pair takes four products (a_2m·E_p, a_2m+1·O_p and the
// same with q and n), and no vector is ever shuffled. The two q's of a row pair come from the scalar lanes
// 2m and 2m + 1 first (each makes its lane ≡ 0 mod 2^28, as REDC's word-by-word q does), with the carry
// between them.
//
// Bounds: a lane k receives a_i·b_j (or x_i·d_j, i < j, and x_i² in the squaring) and q_i·n_j for i + j = k:
// at most L products of each kind, each below 2^(2b) — the squaring's doubled operand is below 2^(b+1), but
// it meets at most L/2 cross products — so with the carry from below (under 2^(64−b)) a lane stays below
// (2L + 1)·2^(2b) + 2^(64−b). With b = 28 that allows L ≤ 127 (255·2^56 + 2^36 < 2^64; 2048-bit moduli need
// 74 limbs, 3072-bit ones 110), with b = 27 L ≤ 254 (below 2^63), which covers moduli of up to 6,848 bits;
// 64-bit limbs are cut into 27 bits where 28 would need L > 127 (moduli of over 3,554 bits: RSA-4096's 4096
// as 152 limbs, where 28-bit ones would need 147). `Radix28Modulus` refuses larger moduli.
//
// What may leak: nothing about the operands. Every loop's trip count depends on L and on the row index
// (public), every q and carry is computed by multiplications, masks and shifts, and no memory index depends
// on a value. scripts/audit-branches.sh checks the compiled kernels' machine code (L = 37, 55, 74, 110, 152).

/// The constants of radix-2^b arithmetic modulo one odd n < 2^(bL − 2).
struct Radix28Modulus: Sendable {
    /// The number of limbs, L.
    let limbCount: Int
    /// The bits per limb, b: 28, or 27 for moduli too large for 28 (see the top of this file).
    let limbBits: Int
    /// n's limbs in W lanes, then n shifted up by one lane (lane 0 zero) in W more.
    let lanes: [UInt64]
    /// −n⁻¹ mod 2^b.
    let n0Inverse: UInt64
    /// 2^(2bL) mod n, L limbs in W lanes: multiplying by it puts a number into Montgomery form.
    let rSquared: [UInt64]
    /// 2^(2bL − 64k) mod n: multiplying a·2^(64k) by it gives a·2^(bL), the radix-2^b Montgomery form of
    /// a number in the 64-bit kernels' (k 64-bit limbs).
    let fromWordForm: [UInt64]
    /// 2^(64k) mod n: multiplying a·2^(bL) by it gives a·2^(64k), back to the 64-bit kernels' form.
    let toWordForm: [UInt64]
    /// 2^(bL) mod n: 1 in Montgomery form.
    let one: [UInt64]

    /// The largest limb count whose lanes cannot overflow with b = 28 and with b = 27 (see the top of
    /// this file).
    static let maximumLimbCount28 = 127
    static let maximumLimbCount27 = 254

    /// b and L for a modulus of `count` 64-bit limbs (R = 2^(bL) > 4n for n < 2^(64·count)): 28-bit limbs
    /// while L fits their bound, 27-bit ones above (moduli over 3,554 bits); nil past both bounds.
    static func shape(words count: Int) -> (limbBits: Int, limbCount: Int)? {
        let bits = 64 * count + 2
        let limbs28 = (bits + 27) / 28, limbs27 = (bits + 26) / 27
        if limbs28 <= maximumLimbCount28 { return (28, limbs28) }
        if limbs27 <= maximumLimbCount27 { return (27, limbs27) }
        return nil
    }

    /// The pair count P and the lanes per number W for L limbs.
    static func pairs(_ limbCount: Int) -> Int { (limbCount + 1) / 2 }
    static func width(_ limbCount: Int) -> Int { 2 * pairs(limbCount) + 2 }
    var pairCount: Int { Self.pairs(limbCount) }
    var width: Int { Self.width(limbCount) }

    /// The constants for the odd modulus `modulus` of `count` 64-bit limbs; nil if it needs more limbs
    /// than the bounds allow (`shape(words:)`) or fewer than 8.
    init?(modulus: BigUInt, count: Int) {
        guard modulus.isOdd, let (bits, l) = Self.shape(words: count), l >= 8 else { return nil }
        limbCount = l
        limbBits = bits
        let w = Self.width(l)
        var natural = [UInt64](repeating: 0, count: w)
        modulus.limbs.withUnsafeBufferPointer { Self.split($0, into: &natural, limbCount: l, limbBits: bits) }
        lanes = natural + [0] + natural.dropLast()
        // Newton's iteration from 3 correct bits: 6, 12, 24, 48 ≥ b.
        var inverse = natural[0]
        for _ in 0..<4 { inverse = inverse &* (2 &- natural[0] &* inverse) }
        n0Inverse = (0 &- inverse) & ((1 << UInt64(bits)) &- 1)
        // Computed once per modulus (as MontgomeryContext computes R² mod n), by division.
        func powerOfTwo(_ exponent: Int) -> [UInt64] {
            var result = [UInt64](repeating: 0, count: w)
            BigUInt.powerOfTwo(exponent, modulo: modulus).limbs.withUnsafeBufferPointer {
                Self.split($0, into: &result, limbCount: l, limbBits: bits)
            }
            return result
        }
        rSquared = powerOfTwo(2 * bits * l)
        fromWordForm = powerOfTwo(2 * bits * l - 64 * count)
        toWordForm = powerOfTwo(64 * count)
        one = powerOfTwo(bits * l)
    }

    /// The `limbBits`-bit limbs of the number in `source` (64-bit limbs) into the first `limbCount` lanes
    /// of `destination`. Shifts at public positions only.
    static func split(_ source: UnsafeBufferPointer<UInt64>, into destination: inout [UInt64], limbCount: Int,
                      limbBits: Int) {
        destination.withUnsafeMutableBufferPointer { d in
            split(source.baseAddress, count: source.count, into: d.baseAddress!, limbCount: limbCount, limbBits: limbBits)
        }
    }

    static func split(_ source: UnsafePointer<UInt64>?, count: Int, into destination: UnsafeMutablePointer<UInt64>,
                      limbCount: Int, limbBits: Int) {
        let limbMask: UInt64 = (1 << UInt64(limbBits)) &- 1
        for j in 0..<limbCount {
            let position = j * limbBits, word = position / 64, offset = position % 64
            var value: UInt64 = 0
            if let source, word < count {
                value = source[word] >> UInt64(offset)
                if offset > 64 - limbBits && word + 1 < count { value |= source[word + 1] << UInt64(64 - offset) }
            }
            destination[j] = value & limbMask
        }
    }

    /// The number in the first `limbCount` lanes of `source` (each below 2^limbBits) as `count` 64-bit
    /// limbs (bits from 64·count up are dropped: a caller whose value may reach 2^(64k) asks for k + 1
    /// limbs). Shifts at public positions only.
    static func join(_ source: UnsafePointer<UInt64>, limbCount: Int, limbBits: Int,
                     into destination: UnsafeMutablePointer<UInt64>, count: Int) {
        destination.update(repeating: 0, count: count)
        for j in 0..<limbCount {
            let position = j * limbBits, word = position / 64, offset = position % 64
            let value = source[j]
            if word < count { destination[word] |= value << UInt64(offset) }
            if offset > 64 - limbBits && word + 1 < count { destination[word + 1] |= value >> UInt64(64 - offset) }
        }
    }
}

/// One row pair's q's (rows 2m and 2m + 1) from the lanes 2m, 2m + 1 of everything before them (`low`,
/// `high`, carry already in `low`), and the carry out of lane 2m + 1. `secondRow` is false only for the
/// last row pair of an odd L, whose second row is past the last limb: no q there.
@inline(__always)
private func radix28RowQuotients(_ low: UInt64, _ high: UInt64, n0: UInt64, n1: UInt64, n0Inverse: UInt64,
                                 secondRow: Bool,
                                 limbBits bits: UInt64) -> (q0: UInt64, q1: UInt64, laneHigh: UInt64, carry: UInt64) {
    let mask: UInt64 = (1 << bits) &- 1
    let q0 = (low &* n0Inverse) & mask
    let high1 = high &+ q0 &* n1 &+ ((low &+ q0 &* n0) >> bits)
    let q1 = secondRow ? (high1 &* n0Inverse) & mask : 0
    return (q0, q1, high1, (high1 &+ q1 &* n0) >> bits)
}

/// The result lanes L ..< 2L of a finished accumulator, carried into b-bit limbs at `out` (W lanes, zero
/// above L). `lastHigh` is lane 2P − 1 as the last row pair left it and `carry` the carry out of it.
@inline(__always)
private func radix28Normalize(_ out: UnsafeMutableRawPointer, _ accumulator: UnsafeRawPointer, lastHigh: UInt64,
                              carry: UInt64, limbCount l: Int, limbBits bits: UInt64) {
    let mask: UInt64 = (1 << bits) &- 1
    var c: UInt64
    var first: Int
    if l % 2 == 1 {
        // Lane L = 2P − 1 is the last row pair's second lane, complete.
        out.storeBytes(of: lastHigh & mask, as: UInt64.self)
        c = lastHigh >> bits
        first = 1
    } else {
        c = carry
        first = 0
    }
    for k in first..<l {
        let v = accumulator.load(fromByteOffset: 8 &* (l &+ k), as: UInt64.self) &+ c
        out.storeBytes(of: v & mask, toByteOffset: 8 &* k, as: UInt64.self)
        c = v >> bits
    }
    for k in l..<Radix28Modulus.width(l) { out.storeBytes(of: 0, toByteOffset: 8 &* k, as: UInt64.self) }
}

/// Calls `body(p)` for p = first … last (first ≤ last), two lane pairs per trip when `twoPerTrip`: then
/// `oddCount` must say whether the count is odd (the first lane pair runs on its own) and at least two must
/// remain after it. In the compiled kernels both flags are constants, so the choice costs no jump; two lane
/// pairs a trip save the loop's own instructions, which on this machine's SSE2 loop (issue rate, not the
/// multiplier, bounds it) were a seventh of each trip.
@inline(__always)
private func forEachLanePair(_ first: Int, through last: Int, twoPerTrip: Bool, oddCount: Bool, _ body: (Int) -> Void) {
    var p = first
    if twoPerTrip {
        if oddCount { body(p); p &+= 1 }
        repeat {
            body(p)
            body(p &+ 1)
            p &+= 2
        } while p < last
    } else {
        repeat {
            body(p)
            p &+= 1
        } while p <= last
    }
}

/// out = a·b·2^(−bL) mod n, below 2n for a, b below 2n. `a`, `b`, `out`: W lanes; `shifted`: W lanes of
/// scratch; `accumulator`: 2W lanes of scratch; `n` the modulus's `lanes`. Every pointer 16-byte aligned;
/// `out` overlaps no input.
@inline(__always)
func radix28MultiplyLimbs(_ out: UnsafeMutableRawPointer, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer,
                          _ shifted: UnsafeMutableRawPointer, _ n: UnsafeRawPointer, _ n0Inverse: UInt64,
                          _ accumulator: UnsafeMutableRawPointer, limbCount l: Int, limbBits bits: UInt64) {
    typealias V = Radix28Vector
    let mask: UInt64 = (1 << bits) &- 1
    let low32 = V(repeating: 0xFFFF_FFFF)
    let pairs = Radix28Modulus.pairs(l), w = Radix28Modulus.width(l)
    // The operand pairs E_p = b's natural pairs, O_p = b shifted up one lane; n's likewise.
    shifted.storeBytes(of: 0, as: UInt64.self)
    (shifted + 8).copyMemory(from: b, byteCount: 8 &* (w &- 1))
    let nNatural = n, nShifted = n + 8 &* w
    // The last operand pair that can be nonzero: O_P = (x_(2P−1), 0) when L is even.
    let lastPair = l % 2 == 0 ? pairs : pairs &- 1
    let zero = V(repeating: bigIntOpaqueZero)   // not a constant: stores in line, not a call to memset
    for p in 0..<w { accumulator.storeBytes(of: zero, toByteOffset: 16 &* p, as: V.self) }
    let b0 = b.load(as: UInt64.self), b1 = b.load(fromByteOffset: 8, as: UInt64.self)
    let n0 = n.load(as: UInt64.self), n1 = n.load(fromByteOffset: 8, as: UInt64.self)
    var carry: UInt64 = 0, lastHigh: UInt64 = 0
    @inline(__always) func rowPair(_ m: Int, secondRow: Bool) {
        let a0 = a.load(fromByteOffset: 16 &* m, as: UInt64.self) & mask
        let a1 = a.load(fromByteOffset: 16 &* m &+ 8, as: UInt64.self) & mask
        let row = accumulator + 16 &* m
        let low = row.load(as: UInt64.self) &+ carry &+ a0 &* b0
        let high = row.load(fromByteOffset: 8, as: UInt64.self) &+ a0 &* b1 &+ a1 &* b0
        let (q0, q1, high1, carryOut) = radix28RowQuotients(low, high, n0: n0, n1: n1, n0Inverse: n0Inverse,
                                                           secondRow: secondRow, limbBits: bits)
        carry = carryOut
        lastHigh = high1
        let va0 = V(repeating: a0), va1 = V(repeating: a1), vq0 = V(repeating: q0), vq1 = V(repeating: q1)
        @inline(__always) func lanePair(_ p: Int) {
            let offset = 16 &* p
            var s = row.load(fromByteOffset: offset, as: V.self)
            s &+= va0 &* (b.load(fromByteOffset: offset, as: V.self) & low32)
            s &+= va1 &* (UnsafeRawPointer(shifted).load(fromByteOffset: offset, as: V.self) & low32)
            s &+= vq0 &* (nNatural.load(fromByteOffset: offset, as: V.self) & low32)
            s &+= vq1 &* (nShifted.load(fromByteOffset: offset, as: V.self) & low32)
            row.storeBytes(of: s, toByteOffset: offset, as: V.self)
        }
        // p = 1 … lastPair, at least three (L ≥ 8): two a trip.
        forEachLanePair(1, through: lastPair, twoPerTrip: true, oddCount: lastPair % 2 == 1, lanePair)
    }
    for m in 0..<(pairs &- 1) { rowPair(m, secondRow: true) }
    rowPair(pairs &- 1, secondRow: l % 2 == 0)
    radix28Normalize(out, accumulator, lastHigh: lastHigh, carry: carry, limbCount: l, limbBits: bits)
}

/// out = x²·2^(−bL) mod n, below 2n for x below 2n: the cross products x_i·x_j (i < j) once, against the
/// doubled operand d = 2x, and the squares x_i² on the diagonal. `x`, `out`: W lanes; `scratch`: 3W + 4P
/// lanes (d, d shifted, the diagonal pairs); `accumulator`: 2W lanes; as `radix28MultiplyLimbs` otherwise.
///
/// Row pair m meets d's pairs from p = m on (row 2m) and p = m + 1 on (row 2m + 1); the first of each is a
/// diagonal pair, (x_2m, d_2m+1) and (x_2m+1, d_2m+2), so that x_i meets itself once and undoubled. Below
/// p = m only the reduction's q·n terms remain.
@inline(__always)
func radix28SquareLimbs(_ out: UnsafeMutableRawPointer, _ x: UnsafeRawPointer, _ scratch: UnsafeMutableRawPointer,
                        _ n: UnsafeRawPointer, _ n0Inverse: UInt64, _ accumulator: UnsafeMutableRawPointer,
                        limbCount l: Int, limbBits bits: UInt64) {
    typealias V = Radix28Vector
    let mask: UInt64 = (1 << bits) &- 1
    let low32 = V(repeating: 0xFFFF_FFFF)
    let pairs = Radix28Modulus.pairs(l), w = Radix28Modulus.width(l)
    let doubled = scratch, doubledShifted = scratch + 8 &* w, diagonal = scratch + 16 &* w
    // Whole vectors (no scalar loop for the optimizer to vectorize behind a runtime overlap check, which
    // would be a branch in the audited code): d's pairs, d shifted, and the diagonal pairs.
    var previous = x.load(as: V.self) &<< 1
    doubled.storeBytes(of: previous, as: V.self)
    doubledShifted.storeBytes(of: V(0, previous[0]), as: V.self)
    for p in 1...pairs {
        let xp = x.load(fromByteOffset: 16 &* p, as: V.self)
        let dp = xp &<< 1
        doubled.storeBytes(of: dp, toByteOffset: 16 &* p, as: V.self)
        doubledShifted.storeBytes(of: V(previous[1], dp[0]), toByteOffset: 16 &* p, as: V.self)
        // Row pair m = p − 1's diagonal pairs: (x_2m, d_2m+1) and (x_2m+1, d_2m+2).
        let xm = x.load(fromByteOffset: 16 &* (p &- 1), as: V.self)
        let entry = diagonal + 32 &* (p &- 1)
        entry.storeBytes(of: V(xm[0], previous[1]), as: V.self)
        entry.storeBytes(of: V(xm[1], dp[0]), toByteOffset: 16, as: V.self)
        previous = dp
    }
    let dNatural = UnsafeRawPointer(doubled), dShifted = UnsafeRawPointer(doubledShifted)
    let nNatural = n, nShifted = n + 8 &* w
    let lastPair = l % 2 == 0 ? pairs : pairs &- 1
    let zero = V(repeating: bigIntOpaqueZero)   // not a constant: stores in line, not a call to memset
    for p in 0..<w { accumulator.storeBytes(of: zero, toByteOffset: 16 &* p, as: V.self) }
    let n0 = n.load(as: UInt64.self), n1 = n.load(fromByteOffset: 8, as: UInt64.self)
    var carry: UInt64 = 0, lastHigh: UInt64 = 0
    /// Row pair m. `twoPerTrip` (the middle rows, where both loops below run at least twice) takes their
    /// lane pairs two a trip, with `mIsEven` giving the parity of their counts (m − 1 and lastPair − m − 1).
    @inline(__always) func rowPair(_ m: Int, first: Bool, secondRow: Bool, twoPerTrip: Bool = false, mIsEven: Bool = false) {
        let a0 = x.load(fromByteOffset: 16 &* m, as: UInt64.self) & mask
        let a1 = x.load(fromByteOffset: 16 &* m &+ 8, as: UInt64.self) & mask
        let row = accumulator + 16 &* m
        var low = row.load(as: UInt64.self) &+ carry, high = row.load(fromByteOffset: 8, as: UInt64.self)
        if first {
            // Lanes 0 and 1: x_0² and x_0·d_1; from row pair 1 on, a row pair's own squares start at lane 4m.
            low &+= a0 &* a0
            high &+= a0 &* dNatural.load(fromByteOffset: 8, as: UInt64.self)
        }
        let (q0, q1, high1, carryOut) = radix28RowQuotients(low, high, n0: n0, n1: n1, n0Inverse: n0Inverse,
                                                           secondRow: secondRow, limbBits: bits)
        carry = carryOut
        lastHigh = high1
        let va0 = V(repeating: a0), va1 = V(repeating: a1), vq0 = V(repeating: q0), vq1 = V(repeating: q1)
        @inline(__always) func reduction(_ offset: Int) -> V {
            vq0 &* (nNatural.load(fromByteOffset: offset, as: V.self) & low32)
                &+ vq1 &* (nShifted.load(fromByteOffset: offset, as: V.self) & low32)
        }
        // The loops below run at least once when entered (their ranges are checked by the caller's flags,
        // constants wherever the row index is), so the compiled code has no jump around them.
        if m >= 2 {
            forEachLanePair(1, through: m &- 1, twoPerTrip: twoPerTrip, oddCount: mIsEven) { p in
                let offset = 16 &* p
                row.storeBytes(of: row.load(fromByteOffset: offset, as: V.self) &+ reduction(offset), toByteOffset: offset, as: V.self)
            }
        }
        let entry = UnsafeRawPointer(diagonal) + 32 &* m
        if !first {
            // p = m: row 2m's diagonal pair (x_2m, d_2m+1).
            let offset = 16 &* m
            var s = row.load(fromByteOffset: offset, as: V.self) &+ reduction(offset)
            s &+= va0 &* (entry.load(as: V.self) & low32)
            row.storeBytes(of: s, toByteOffset: offset, as: V.self)
        }
        if m &+ 1 <= lastPair {
            // p = m + 1: row 2m with d's pair, row 2m + 1's diagonal pair (x_2m+1, d_2m+2).
            let offset = 16 &* (m &+ 1)
            var s = row.load(fromByteOffset: offset, as: V.self) &+ reduction(offset)
            s &+= va0 &* (dNatural.load(fromByteOffset: offset, as: V.self) & low32)
            s &+= va1 &* (entry.load(fromByteOffset: 16, as: V.self) & low32)
            row.storeBytes(of: s, toByteOffset: offset, as: V.self)
        }
        if m &+ 2 <= lastPair {
            let fullOdd = (lastPair &- 1) & 1 == 1 ? mIsEven : !mIsEven   // lastPair − m − 1 odd
            forEachLanePair(m &+ 2, through: lastPair, twoPerTrip: twoPerTrip, oddCount: fullOdd) { p in
                let offset = 16 &* p
                var s = row.load(fromByteOffset: offset, as: V.self) &+ reduction(offset)
                s &+= va0 &* (dNatural.load(fromByteOffset: offset, as: V.self) & low32)
                s &+= va1 &* (dShifted.load(fromByteOffset: offset, as: V.self) & low32)
                row.storeBytes(of: s, toByteOffset: offset, as: V.self)
            }
        }
    }
    // The first two and the last two row pairs on their own, so that in between every range is known to be
    // non-empty (L ≥ 8: at least 4 row pairs). Of the rows between, 3 … lastPair − 3 have both loops at
    // least two long: they run two lane pairs a trip, taken two rows a trip so that each row's parity (and
    // so its counts') is a constant. Every bound here is a constant in the compiled kernels.
    rowPair(0, first: true, secondRow: true)
    rowPair(1, first: false, secondRow: true)
    let middleFirst = 3, middleLast = lastPair &- 3
    if middleLast &- middleFirst >= 1 {
        rowPair(2, first: false, secondRow: true)
        var m = middleFirst
        if (middleLast &- middleFirst) & 1 == 0 { rowPair(m, first: false, secondRow: true); m &+= 1 }   // an odd count
        let startIsEven = m & 1 == 0
        repeat {
            rowPair(m, first: false, secondRow: true, twoPerTrip: true, mIsEven: startIsEven)
            rowPair(m &+ 1, first: false, secondRow: true, twoPerTrip: true, mIsEven: !startIsEven)
            m &+= 2
        } while m < middleLast
        for m in (middleLast &+ 1)..<(pairs &- 2) { rowPair(m, first: false, secondRow: true) }
    } else {
        for m in 2..<(pairs &- 2) { rowPair(m, first: false, secondRow: true) }
    }
    rowPair(pairs &- 2, first: false, secondRow: true)
    rowPair(pairs &- 1, first: false, secondRow: l % 2 == 0)
    radix28Normalize(out, accumulator, lastHigh: lastHigh, carry: carry, limbCount: l, limbBits: bits)
}

// The kernels compiled for 1024-, 1536-, 2048-, 3072- and 4096-bit moduli (L = 37 and 55: RSA-2048's and
// RSA-3072's CRT halves; L = 74: RSA-2048's n and RSA-4096's CRT halves; L = 110: RSA-3072's n and
// RSA-6144's CRT halves; L = 152, 27-bit limbs: RSA-4096's n and RSA-8192's CRT halves), with constant trip
// counts, which the generic code lacks (it took twice the time of a compiled kernel at 3072 bits); the
// machine code that scripts/audit-branches.sh checks.
@inline(never)
func radix28Multiply37(_ out: UnsafeMutableRawPointer, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer,
                       _ shifted: UnsafeMutableRawPointer, _ n: UnsafeRawPointer, _ n0Inverse: UInt64,
                       _ accumulator: UnsafeMutableRawPointer) {
    radix28MultiplyLimbs(out, a, b, shifted, n, n0Inverse, accumulator, limbCount: 37, limbBits: 28)
}

@inline(never)
func radix28Square37(_ out: UnsafeMutableRawPointer, _ x: UnsafeRawPointer, _ scratch: UnsafeMutableRawPointer,
                     _ n: UnsafeRawPointer, _ n0Inverse: UInt64, _ accumulator: UnsafeMutableRawPointer) {
    radix28SquareLimbs(out, x, scratch, n, n0Inverse, accumulator, limbCount: 37, limbBits: 28)
}

@inline(never)
func radix28Multiply55(_ out: UnsafeMutableRawPointer, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer,
                       _ shifted: UnsafeMutableRawPointer, _ n: UnsafeRawPointer, _ n0Inverse: UInt64,
                       _ accumulator: UnsafeMutableRawPointer) {
    radix28MultiplyLimbs(out, a, b, shifted, n, n0Inverse, accumulator, limbCount: 55, limbBits: 28)
}

@inline(never)
func radix28Square55(_ out: UnsafeMutableRawPointer, _ x: UnsafeRawPointer, _ scratch: UnsafeMutableRawPointer,
                     _ n: UnsafeRawPointer, _ n0Inverse: UInt64, _ accumulator: UnsafeMutableRawPointer) {
    radix28SquareLimbs(out, x, scratch, n, n0Inverse, accumulator, limbCount: 55, limbBits: 28)
}

@inline(never)
func radix28Multiply74(_ out: UnsafeMutableRawPointer, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer,
                       _ shifted: UnsafeMutableRawPointer, _ n: UnsafeRawPointer, _ n0Inverse: UInt64,
                       _ accumulator: UnsafeMutableRawPointer) {
    radix28MultiplyLimbs(out, a, b, shifted, n, n0Inverse, accumulator, limbCount: 74, limbBits: 28)
}

@inline(never)
func radix28Square74(_ out: UnsafeMutableRawPointer, _ x: UnsafeRawPointer, _ scratch: UnsafeMutableRawPointer,
                     _ n: UnsafeRawPointer, _ n0Inverse: UInt64, _ accumulator: UnsafeMutableRawPointer) {
    radix28SquareLimbs(out, x, scratch, n, n0Inverse, accumulator, limbCount: 74, limbBits: 28)
}

@inline(never)
func radix28Multiply110(_ out: UnsafeMutableRawPointer, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer,
                        _ shifted: UnsafeMutableRawPointer, _ n: UnsafeRawPointer, _ n0Inverse: UInt64,
                        _ accumulator: UnsafeMutableRawPointer) {
    radix28MultiplyLimbs(out, a, b, shifted, n, n0Inverse, accumulator, limbCount: 110, limbBits: 28)
}

@inline(never)
func radix28Square110(_ out: UnsafeMutableRawPointer, _ x: UnsafeRawPointer, _ scratch: UnsafeMutableRawPointer,
                      _ n: UnsafeRawPointer, _ n0Inverse: UInt64, _ accumulator: UnsafeMutableRawPointer) {
    radix28SquareLimbs(out, x, scratch, n, n0Inverse, accumulator, limbCount: 110, limbBits: 28)
}

@inline(never)
func radix27Multiply152(_ out: UnsafeMutableRawPointer, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer,
                        _ shifted: UnsafeMutableRawPointer, _ n: UnsafeRawPointer, _ n0Inverse: UInt64,
                        _ accumulator: UnsafeMutableRawPointer) {
    radix28MultiplyLimbs(out, a, b, shifted, n, n0Inverse, accumulator, limbCount: 152, limbBits: 27)
}

@inline(never)
func radix27Square152(_ out: UnsafeMutableRawPointer, _ x: UnsafeRawPointer, _ scratch: UnsafeMutableRawPointer,
                      _ n: UnsafeRawPointer, _ n0Inverse: UInt64, _ accumulator: UnsafeMutableRawPointer) {
    radix28SquareLimbs(out, x, scratch, n, n0Inverse, accumulator, limbCount: 152, limbBits: 27)
}

// MARK: The kernels' vector type
//
// Two 64-bit lanes. Optimized builds use `SIMD2<UInt64>`, which LLVM compiles to SSE2 (`pmuludq` for the
// masked products). Debug builds use `Radix28LanePair`, the same two lanes as two plain `UInt64`s with the
// same wrapping operations: unoptimized, every `SIMD2` operator is a call into the standard library's
// generic code (the lanes reached through witness tables), the kernels ran some 150 times slower than
// optimized, and RSA was the larger part of the debug test run. The kernels' text is the same for both;
// only what a lane operation compiles to differs. The type is defined in this file because an unoptimized
// build inlines a `@_transparent` function only into callers in its own file. The optimized form is checked
// against known answers on the release build (scripts/known-answer-loops.sh: RSA signing and the large
// OAEP keys) and measured by the benchmarks.
#if DEBUG
typealias Radix28Vector = Radix28LanePair
#else
typealias Radix28Vector = SIMD2<UInt64>
#endif

/// Two 64-bit lanes as `SIMD2<UInt64>` has them (lane 0 at the lower address), with the operations the
/// kernels use, each lane by lane and wrapping.
struct Radix28LanePair {
    var lane0: UInt64
    var lane1: UInt64

    @_transparent init() { (lane0, lane1) = (0, 0) }
    @_transparent init(_ lane0: UInt64, _ lane1: UInt64) { (self.lane0, self.lane1) = (lane0, lane1) }
    @_transparent init(repeating value: UInt64) { (lane0, lane1) = (value, value) }

    subscript(index: Int) -> UInt64 { @_transparent get { index == 0 ? lane0 : lane1 } }

    @_transparent static func &+ (a: Self, b: Self) -> Self { Self(a.lane0 &+ b.lane0, a.lane1 &+ b.lane1) }
    @_transparent static func &+= (a: inout Self, b: Self) { a = a &+ b }
    @_transparent static func &* (a: Self, b: Self) -> Self { Self(a.lane0 &* b.lane0, a.lane1 &* b.lane1) }
    @_transparent static func & (a: Self, b: Self) -> Self { Self(a.lane0 & b.lane0, a.lane1 & b.lane1) }
    @_transparent static func &<< (a: Self, count: UInt64) -> Self { Self(a.lane0 &<< count, a.lane1 &<< count) }
}
