// Montgomery arithmetic for a fixed odd modulus n (Montgomery 1985; the CIOS form of Koç, Acar and
// Kaliski, "Analyzing and Comparing Montgomery Multiplication Algorithms", 1996).
//
// With R = 2^(64·k) for a k-limb modulus, numbers are kept as a·R mod n; the product of two such numbers,
// reduced by REDC, is again in that form. The context precomputes −n⁻¹ mod 2^64 and R² mod n once, so an
// RSA key pays for them when it is constructed, not on every verification.
//
// What may leak:
// - `multiply` and `power` run in time that depends only on the modulus size (and, for `power`, on the
//   exponent's limb count): no branch or memory index depends on the operands or on the exponent's bits.
//   The final subtraction of REDC is done by masks, and `power` reads every table entry.
// - `powerVartime` branches on the exponent's bits: use it only for public exponents (RSA verification).
//
// On x86-64, 1024-, 1536-, 2048-, 3072- and 4096-bit moduli run `power`, `powerVartime` with a short exponent and
// `scaledPowerVartime` on the vector kernels instead (radix 2^28, or 2^27 above 3,554 bits; Radix28Montgomery.swift,
// MontgomeryRadix28Power.swift), with the same guarantees.

/// Arithmetic modulo a fixed odd modulus greater than 1.
public struct MontgomeryContext: Sendable {
    /// The odd modulus the context was made for.
    public let modulus: BigUInt
    /// The modulus limbs, exactly `count` of them.
    let n: [UInt64]
    /// −n⁻¹ mod 2^64.
    let n0Inverse: UInt64
    /// R² mod n, `count` limbs.
    let rSquared: [UInt64]
    /// The vector kernels' constants, for the powers of 1024- to 4096-bit moduli on x86-64
    /// (MontgomeryRadix28Power.swift); nil elsewhere.
    let radix28: Radix28Modulus?
    /// The limb count k.
    public var count: Int { n.count }

    /// A context for `modulus`; nil if it is even or less than 3.
    public init?(modulus: BigUInt) {
        guard modulus.isOdd, modulus > 1 else { return nil }
        self.modulus = modulus
        n = modulus.limbs
        // Newton's iteration doubles the correct low bits each step: 1 → 2 → 4 → … → 64 (x = n0 is
        // already correct to 3 bits for odd n0).
        var inverse: UInt64 = n[0]
        for _ in 0..<5 { inverse = inverse &* (2 &- n[0] &* inverse) }
        n0Inverse = 0 &- inverse
        let r2 = modulus.limbs.count == 1 ? (BigUInt(1) << 128) % modulus : BigUInt.powerOfTwo(128 * modulus.limbs.count, modulo: modulus)
        rSquared = r2.limbs + [UInt64](repeating: 0, count: modulus.limbs.count - r2.limbs.count)
        radix28 = Self.usesRadix28(limbs: modulus.limbs.count) ? Radix28Modulus(modulus: modulus, count: modulus.limbs.count) : nil
    }

    // MARK: - Public operations on BigUInt values (normal form in, normal form out)

    /// `a · b mod n`. Constant-time in the values (for operands below n).
    public func multiply(_ a: BigUInt, _ b: BigUInt) -> BigUInt {
        withWorkspace { w in BigUInt(limbs: Array(UnsafeBufferPointer(start: multiply(in: w, a, b), count: count))) }
    }

    /// `base^exponent mod n`, variable-time in the exponent: for public exponents only.
    ///
    /// Left-to-right square-and-multiply in Montgomery form. The last multiplication of an odd exponent
    /// (every RSA exponent) takes the base in normal form, x·R · base · R⁻¹ = x·base, so the result comes
    /// out of Montgomery form with no further multiplication; an even exponent ends with one REDC.
    public func powerVartime(_ base: BigUInt, _ exponent: BigUInt) -> BigUInt {
        if exponent.isZero { return modulus == 1 ? BigUInt() : BigUInt(1) }
        if exponent.bitWidth > 64 { return powerSlidingWindowVartime(base, exponent) }
        return withWorkspace { w in
            BigUInt(limbs: Array(UnsafeBufferPointer(start: powerVartime(in: w, base, exponent), count: count)))
        }
    }

    /// `a · b mod n` in a workspace: the product's k limbs, at w.x. Needs w.rSquared to hold R².
    func multiply(in w: Workspace, _ a: BigUInt, _ b: BigUInt) -> UnsafeMutablePointer<UInt64> {
        load(reduced(a), into: w.x)
        load(reduced(b), into: w.y)
        montgomeryMultiply(w.z, w.x, w.rSquared, w.t)                       // x·R
        montgomeryMultiply(w.x, w.z, w.y, w.t)                              // x·y
        return w.x
    }

    /// `powerVartime` in a workspace, for a nonzero exponent of at most 64 bits: the result's k limbs, at
    /// w.x or w.z. Overwrites w.rSquared (`restoreRSquared` puts R² back).
    func powerVartime(in w: Workspace, _ base: BigUInt, _ exponent: BigUInt) -> UnsafeMutablePointer<UInt64> {
        let k = count
        load(reduced(base), into: w.y)                                      // base, normal form
        if let radix28 {
            radix28PowerVartime(radix28, base: w.y, exponent: exponent, scaled: false, into: w.x)
            return w.x
        }
        // Public operands: the variable-time kernels (MontgomeryCarries.swift, MontgomerySquaring.swift),
        // which at 16, 24 and 32 limbs are the constant-time ones compiled for those sizes (as fast).
        montgomeryMultiplyVartime(w.x, w.y, w.rSquared, w.t)                 // base·R
        let baseR = w.rSquared                                              // R² is not needed again
        baseR.update(from: w.x, count: k)
        // The accumulator and a scratch buffer swap roles instead of copying.
        var x = w.x, scratch = w.z
        var bit = exponent.bitWidth - 2
        while bit >= 0 {
            montgomerySquareVartime(scratch, x, w.t)
            if !exponent.bit(bit) {
                swap(&x, &scratch)
            } else if bit > 0 {
                montgomeryMultiplyVartime(x, scratch, baseR, w.t)
            } else {
                // The last bit, set: multiply by the normal-form base and leave Montgomery form.
                montgomeryMultiplyVartime(x, scratch, w.y, w.t)
                return x
            }
            bit -= 1
        }
        // Even exponent (or 1, when x is still base·R): x·R⁻¹ by one REDC of x with zero upper limbs.
        w.t.update(from: x, count: k)
        (w.t + k).update(repeating: 0, count: k)
        n.withUnsafeBufferPointer { nb in montgomeryReduceVartime(scratch, w.t, nb.baseAddress!, n0Inverse, count: k) }
        return scratch
    }

    /// Copies R² mod n into the workspace again (after `powerVartime(in:)`).
    func restoreRSquared(_ w: Workspace) {
        rSquared.withUnsafeBufferPointer { w.rSquared.update(from: $0.baseAddress!, count: count) }
    }

    /// `base^exponent mod n` for long public exponents: a left-to-right sliding window of w bits over a
    /// table of the odd powers base^1 … base^(2^w − 1) (Menezes, van Oorschot and Vanstone, "Handbook of
    /// Applied Cryptography", Algorithm 14.85): one multiplication per window instead of one per set bit.
    /// w grows with the exponent, at the usual thresholds (those of OpenSSL's
    /// `BN_window_bits_for_exponent_size`): 6 bits for a 2048-bit exponent, where the table's 31
    /// multiplications are repaid by about 48 fewer windows than with 5 bits (measured: 3.6% faster).
    /// Variable-time in the exponent.
    private func powerSlidingWindowVartime(_ base: BigUInt, _ exponent: BigUInt) -> BigUInt {
        let k = count
        let bits = exponent.bitWidth
        let windowBits = bits > 671 ? 6 : bits > 239 ? 5 : bits > 79 ? 4 : 3
        let oddPowers = UnsafeMutablePointer<UInt64>.allocate(capacity: (1 << (windowBits - 1)) * k)
        defer { oddPowers.deallocate() }
        return withWorkspace { w in
            // oddPowers[i] = base^(2i + 1)·R; w.z = base²·R.
            load(reduced(base), into: w.y)
            montgomeryMultiplyVartime(oddPowers, w.y, w.rSquared, w.t)
            montgomerySquareVartime(w.z, oddPowers, w.t)
            for i in 1..<(1 << (windowBits - 1)) {
                montgomeryMultiplyVartime(oddPowers + i * k, oddPowers + (i - 1) * k, w.z, w.t)
            }
            var x = w.x, scratch = w.z
            var started = false
            var bit = exponent.bitWidth - 1
            while bit >= 0 {
                if !exponent.bit(bit) {
                    montgomerySquareVartime(scratch, x, w.t)
                    swap(&x, &scratch)
                    bit -= 1
                    continue
                }
                // The longest window of at most `windowBits` bits that starts here and ends in a one.
                var end = max(bit - windowBits + 1, 0)
                while !exponent.bit(end) { end += 1 }
                var value = 0
                for i in stride(from: bit, through: end, by: -1) { value = value << 1 | (exponent.bit(i) ? 1 : 0) }
                let entry = oddPowers + (value >> 1) * k
                if started {
                    for _ in 0...(bit - end) {
                        montgomerySquareVartime(scratch, x, w.t)
                        swap(&x, &scratch)
                    }
                    montgomeryMultiplyVartime(scratch, x, entry, w.t)
                    swap(&x, &scratch)
                } else {
                    x.update(from: entry, count: k)
                    started = true
                }
                bit = end - 1
            }
            // Leave Montgomery form: one REDC of x with zero upper limbs.
            w.t.update(from: x, count: k)
            (w.t + k).update(repeating: 0, count: k)
            n.withUnsafeBufferPointer { nb in montgomeryReduceVartime(scratch, w.t, nb.baseAddress!, n0Inverse, count: k) }
            return BigUInt(limbs: Array(UnsafeBufferPointer(start: scratch, count: k)))
        }
    }

    /// `base^exponent mod n` in constant time: a fixed 5-bit window over all `exponentLimbs` limbs of the
    /// exponent (its own limb count when omitted, which is then the only thing the timing reveals), with
    /// every table entry read and selected by mask.
    public func power(_ base: BigUInt, _ exponent: BigUInt, exponentLimbs: Int? = nil) -> BigUInt {
        let e = paddedExponent(exponent, limbs: exponentLimbs)
        return withWorkspace(powerTable: true) { w in
            load(reduced(base), into: w.y)
            montgomeryMultiply(w.z, w.y, w.rSquared, w.t)             // base·R
            w.y.update(from: w.z, count: count)
            powerOfMontgomeryForm(w, e)
            return fromMontgomery(w)
        }
    }

    /// The exponent's limbs, padded with zeros to `limbs` (at least its own count). One allocation of the
    /// padded size whatever the exponent's own length (an exponent shorter than `exponentLimbs` used to
    /// cost a second allocation, which the dudect test could see). Building the BigUInt already revealed
    /// its length; this keeps `power` from adding to that.
    func paddedExponent(_ exponent: BigUInt, limbs: Int?) -> [UInt64] {
        var e = [UInt64](repeating: 0, count: max(limbs ?? exponent.limbs.count, exponent.limbs.count))
        for (i, limb) in exponent.limbs.enumerated() { e[i] = limb }
        return e
    }

    /// The width of `power`'s fixed window. Five bits: for RSA-2048's 1024-bit CRT exponents, 204
    /// multiplications after 1020 squarings and a table of 30 operations, against 4 bits' 255 and 14 —
    /// while every lookup reads twice as much (32 entries); BoringSSL's `bn_power5` makes the same choice.
    static let windowBits = 5
    static let tableEntries = 1 << windowBits

    /// w.x = (w.y)^e in Montgomery form, for w.y = base·R: the constant-time fixed 5-bit window of `power`,
    /// over all limbs of `e`. Uses w.z, w.t and the workspace's table (`withWorkspace(powerTable: true)`).
    ///
    /// Leaks only e's limb count: the windows run from the top whatever their digits, each digit picks its
    /// table entry by masks over all 32 entries, and the digits come out of e by shifts at public positions.
    func powerOfMontgomeryForm(_ w: Workspace, _ e: [UInt64]) {
        if let radix28 { return radix28PowerOfMontgomeryForm(radix28, w, e) }
        let k = count
        let table = w.table!
        // table[i] = base^i · R: odd entries by a multiplication, even ones by a squaring of their half.
        (table + k).update(from: w.y, count: k)                                 // table[1]: base·R
        w.y.update(repeating: 0, count: k); w.y[0] = 1
        montgomeryMultiply(table, w.y, w.rSquared, w.t)                          // table[0]: 1·R
        for i in 2..<Self.tableEntries {
            if i % 2 == 0 {
                montgomerySquare(table + i * k, table + (i / 2) * k, w.t)
            } else {
                montgomeryMultiply(table + i * k, table + (i - 1) * k, table + k, w.t)
            }
        }
        let bits = e.count * 64
        var window = (bits + Self.windowBits - 1) / Self.windowBits - 1
        guard window >= 0 else {
            w.x.update(from: table, count: k)                                   // e has no limbs: 1·R
            return
        }
        // The top window's entry is the accumulator's start (no squarings of 1·R before it).
        select(digit(of: e, window: window), from: table, into: w.x, limbs: k)
        window -= 1
        while window >= 0 {
            // Five squarings between x and z (no copies), ending in z; then x = z·table[digit].
            montgomerySquare(w.z, w.x, w.t)                                     // MontgomeryConstantTimeSquaring.swift
            montgomerySquare(w.x, w.z, w.t)
            montgomerySquare(w.z, w.x, w.t)
            montgomerySquare(w.x, w.z, w.t)
            montgomerySquare(w.z, w.x, w.t)
            select(digit(of: e, window: window), from: table, into: w.y, limbs: k)
            montgomeryMultiply(w.x, w.z, w.y, w.t)
            window -= 1
        }
    }

    /// Bits 5·window ..< 5·window + 5 of e (zeros above its top). The shifts and the limb index depend on
    /// the window's position only, which is public; the bits themselves are never branched on.
    func digit(of e: [UInt64], window: Int) -> UInt64 {
        let position = window * Self.windowBits
        let limb = position / 64, offset = position % 64
        var bits = e[limb] >> UInt64(offset)
        if offset > 64 - Self.windowBits && limb + 1 < e.count {
            bits |= e[limb + 1] << UInt64(64 - offset)
        }
        return bits & UInt64(Self.tableEntries - 1)
    }

    /// destination = table[digit] (entries of `limbs` limbs, a multiple of 8 or not), reading every entry
    /// and keeping one by mask. Eight limbs at a time in a vector accumulator that stays in registers across
    /// the 32 entries (as one pass per entry, the destination was loaded and stored 32 times); the masks are
    /// XORed with the opaque zero so that the optimizer cannot know they are 0 or all ones.
    func select(_ digit: UInt64, from table: UnsafeMutablePointer<UInt64>, into destination: UnsafeMutablePointer<UInt64>,
                limbs k: Int) {
        var masks = (0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64,
                     0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64,
                     0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64,
                     0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64)
        withUnsafeMutableBytes(of: &masks) { raw in
            let mask = raw.bindMemory(to: UInt64.self)
            for i in 0..<Self.tableEntries {
                let difference = UInt64(i) ^ digit
                mask[i] = (((difference | (0 &- difference)) >> 63) &- 1) ^ bigIntOpaqueZero   // all ones iff i == digit
            }
            var j = 0
            while j &+ 8 <= k {
                var accumulator = SIMD8<UInt64>()
                for i in 0..<Self.tableEntries {
                    let entry = UnsafeRawPointer(table + (i &* k &+ j)).loadUnaligned(as: SIMD8<UInt64>.self)
                    accumulator |= entry & SIMD8(repeating: mask[i])
                }
                UnsafeMutableRawPointer(destination + j).storeBytes(of: accumulator, as: SIMD8<UInt64>.self)
                j &+= 8
            }
            while j < k {
                var limb: UInt64 = 0
                for i in 0..<Self.tableEntries { limb |= table[i &* k &+ j] & mask[i] }
                destination[j] = limb
                j &+= 1
            }
        }
    }

    // MARK: - Internals

    /// Scratch buffers for one operation, allocated once.
    struct Workspace {
        let x, y, z: UnsafeMutablePointer<UInt64>
        /// 2k + 2 limbs: k + 2 for the interleaved REDC, 2k for a square before its REDC.
        let t: UnsafeMutablePointer<UInt64>
        /// A copy of R² mod n (a pointer into the array itself would outlive its access).
        let rSquared: UnsafeMutablePointer<UInt64>
        /// 32k limbs for `powerOfMontgomeryForm`'s table, when asked for.
        let table: UnsafeMutablePointer<UInt64>?
    }

    /// From this many limbs, even, the vartime squaring splits once by Karatsuba (KaratsubaMultiplication.swift).
    static let karatsubaSquaringThreshold = 64

    /// Runs `body` with scratch buffers (with room for a power's table when `powerTable`), zeroed before
    /// and after. On the stack up to the standard library's limit for `withUnsafeTemporaryAllocation`
    /// (1 KiB), on the heap above it: one allocation, which RSA signing saves by sharing one buffer
    /// between its steps (MontgomeryCRT.swift).
    func withWorkspace<R>(powerTable: Bool = false, _ body: (Workspace) -> R) -> R {
        let size = Self.workspaceCount(limbs: count, powerTable: powerTable)
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: size) { buffer in
            let base = buffer.baseAddress!
            base.initialize(repeating: 0, count: size)
            let result = body(workspace(at: base, powerTable: powerTable))
            base.update(repeating: 0, count: size)   // leave no intermediate values behind
            return result
        }
    }

    /// The limbs a workspace takes: x, y, z, R² (k each), t (2k + 2) and, for the Karatsuba squaring, its
    /// scratch after t; then the table.
    static func workspaceCount(limbs k: Int, powerTable: Bool) -> Int {
        6 * k + 2 + karatsubaScratchCount(k, threshold: karatsubaSquaringThreshold) + (powerTable ? tableEntries * k : 0)
    }

    /// A workspace in `workspaceCount` limbs at `base`, with R² copied in.
    func workspace(at base: UnsafeMutablePointer<UInt64>, powerTable: Bool) -> Workspace {
        let k = count
        let scratch = Self.workspaceCount(limbs: k, powerTable: false)
        // t last but for the squaring scratch, which montgomerySquareVartime finds right after it.
        let w = Workspace(x: base, y: base + k, z: base + 2 * k, t: base + 4 * k, rSquared: base + 3 * k,
                          table: powerTable ? base + scratch : nil)
        restoreRSquared(w)
        return w
    }

    /// `value mod n` if needed (a public-size check).
    func reduced(_ value: BigUInt) -> BigUInt {
        value.limbs.count > count || value >= modulus ? value % modulus : value
    }

    func load(_ value: BigUInt, into destination: UnsafeMutablePointer<UInt64>) {
        destination.update(repeating: 0, count: count)
        value.limbs.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { destination.update(from: base, count: source.count) }
        }
    }

    /// Converts w.x out of Montgomery form.
    private func fromMontgomery(_ w: Workspace) -> BigUInt {
        w.y.update(repeating: 0, count: count)
        w.y[0] = 1
        montgomeryMultiply(w.z, w.x, w.y, w.t)
        return BigUInt(limbs: Array(UnsafeBufferPointer(start: w.z, count: count)))
    }

    /// r = a²·R⁻¹ mod n for a public a < n (MontgomerySquaring.swift). `t` is the workspace's: 2k + 2
    /// limbs, and from 64 limbs the Karatsuba scratch right after them.
    ///
    /// At 16, 24 and 32 limbs (RSA-2048's n among them) it runs the constant-time squaring compiled for that
    /// size, which is as fast (1.43 against 1.45 µs at 32 limbs, 2026-11-27, § machine): so RSA-2048
    /// signing's r^e and fault check take a time that depends on neither r, s nor n.
    func montgomerySquareVartime(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>,
                                 _ t: UnsafeMutablePointer<UInt64>) {
        switch count {
        case 16: return n.withUnsafeBufferPointer { montgomerySquare16(r, a, $0.baseAddress!, n0Inverse, t) }
        case 24: return n.withUnsafeBufferPointer { montgomerySquare24(r, a, $0.baseAddress!, n0Inverse, t) }
        case 32: return n.withUnsafeBufferPointer { montgomerySquare32(r, a, $0.baseAddress!, n0Inverse, t) }
        default: break
        }
        if count >= Self.karatsubaSquaringThreshold {
            // The workspace's t has room past its 2k + 2 limbs for the Karatsuba scratch (withWorkspace).
            squareKaratsubaVartime(t, a, count: count, threshold: Self.karatsubaSquaringThreshold,
                                   scratch: t + (2 &* count &+ 2))
        } else {
            squareLimbsVartime(t, a, count: count)
        }
        n.withUnsafeBufferPointer { nb in
            montgomeryReduceVartime(r, t, nb.baseAddress!, n0Inverse, count: count)
        }
    }

    /// r = a·b·R⁻¹ mod n, for a, b < n. `r` may alias neither `a` nor `b`; `t` has k + 2 limbs.
    func montgomeryMultiply(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>,
                            _ t: UnsafeMutablePointer<UInt64>) {
        n.withUnsafeBufferPointer { nb in
            // The limb counts of RSA-2048, -3072 and -4096's CRT halves get the kernel compiled for their
            // size (constant trip counts: no dispatch on the count inside, and the branch audit checks
            // exactly this code); other sizes the kernel with the count as a variable. The switch is on the
            // modulus's public size.
            switch count {
            case 16: montgomeryMultiply16(r, a, b, nb.baseAddress!, n0Inverse, t)
            case 24: montgomeryMultiply24(r, a, b, nb.baseAddress!, n0Inverse, t)
            case 32: montgomeryMultiply32(r, a, b, nb.baseAddress!, n0Inverse, t)
            default: montgomeryMultiplyLimbs(r, a, b, nb.baseAddress!, n0Inverse, count, t, ConstantTimeCarries.self)
            }
        }
    }

    /// The same for public operands only (`powerVartime`): carries from the overflow flags (see
    /// MontgomeryCarries.swift). At 16, 24 and 32 limbs (RSA-2048's n among them) the fixed-size kernels,
    /// compiled with constant trip counts, are faster than this one with the count as a variable (1.71 against
    /// 1.87 µs at 32 limbs, 2026-11-27, § machine), so public operands take them too.
    func montgomeryMultiplyVartime(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>,
                                   _ t: UnsafeMutablePointer<UInt64>) {
        n.withUnsafeBufferPointer { nb in
            switch count {
            case 16: montgomeryMultiply16(r, a, b, nb.baseAddress!, n0Inverse, t)
            case 24: montgomeryMultiply24(r, a, b, nb.baseAddress!, n0Inverse, t)
            case 32: montgomeryMultiply32(r, a, b, nb.baseAddress!, n0Inverse, t)
            default: montgomeryMultiplyLimbs(r, a, b, nb.baseAddress!, n0Inverse, count, t, VartimeCarries.self)
            }
        }
    }
}

/// Montgomery multiplication on raw limbs: r = a·b·2^(−64k) mod n; constant-time with
/// `ConstantTimeCarries`, variable-time (public operands only) with `VartimeCarries`.
/// Preconditions: a, b < n; n odd; `t` holds k + 2 limbs; `r` aliases nothing.
///
/// Each outer step adds a·b[i] and m·n in one pass over j, with the two carry chains interleaved (the
/// "coarsely integrated" form of Koç et al. with the two inner loops fused), so the processor can run
/// both chains side by side instead of waiting on one.
@inline(__always)
func montgomeryMultiplyLimbs<C: CarryArithmetic>(
    _ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>,
    _ n: UnsafePointer<UInt64>, _ n0Inverse: UInt64, _ k: Int, _ t: UnsafeMutablePointer<UInt64>, _: C.Type
) {
    t.update(repeating: 0, count: k &+ 1)
    var i = 0
    while i < k {
        let bi = b[i]
        // j = 0: choose m so that t[0] + a[0]·bi + m·n[0] ≡ 0 (mod 2^64).
        var (carryA, low) = a[0].multipliedFullWidth(by: bi)
        let u0 = low &+ t[0]
        carryA &+= C.carry(low, t[0], u0)
        let m = u0 &* n0Inverse
        // u0 + low(n[0]·m) ≡ 0 (mod 2^64) by the choice of m, so it carries 1 unless u0 = 0. Taken as
        // (u0 | −u0) >> 63, which is branch-free under both policies: as an overflow flag, LLVM made it a
        // branch on the data here, mispredicted about half the time when the operands change.
        var (carryN, _) = n[0].multipliedFullWidth(by: m)
        carryN &+= (u0 | (0 &- u0)) >> 63
        @inline(__always) func step(_ j: Int) {
            let (ha, la) = a[j].multipliedFullWidth(by: bi)
            let tj = t[j]
            let s1 = la &+ tj
            let s2 = s1 &+ carryA
            carryA = ha &+ C.carry(la, tj, s1) &+ C.carry(s1, carryA, s2)
            let (hn, ln) = n[j].multipliedFullWidth(by: m)
            let s3 = ln &+ s2
            let s4 = s3 &+ carryN
            carryN = hn &+ C.carry(ln, s2, s3) &+ C.carry(s3, carryN, s4)
            t[j &- 1] = s4
        }
        // Two positions per iteration: less loop bookkeeping between the multiplications.
        var j = 1
        while j &+ 1 < k {
            step(j)
            step(j &+ 1)
            j &+= 2
        }
        if j < k { step(j) }
        // The top: t[k] + carryA + carryN, which may carry into a (k+1)-th limb.
        let tk = t[k]
        let s1 = tk &+ carryA
        let s2 = s1 &+ carryN
        t[k &- 1] = s2
        t[k] = C.carry(tk, carryA, s1) &+ C.carry(s1, carryN, s2)
        i &+= 1
    }
    // t < 2n: subtract n unless t is below it (MontgomeryCarries.swift).
    subtractModulusIfNotBelow(r, t, top: t[k], n, k, C.self)
}

// The constant-time kernel at fixed sizes (see `MontgomeryContext.montgomeryMultiply`), with the plain
// carries that scripts/audit-branches.sh checks in the machine code (MontgomeryCarries.swift).
@inline(never)
func montgomeryMultiply16(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>,
                          _ n: UnsafePointer<UInt64>, _ n0Inverse: UInt64, _ t: UnsafeMutablePointer<UInt64>) {
    montgomeryMultiplyLimbs(r, a, b, n, n0Inverse, 16, t, AuditedCarries.self)
}

@inline(never)
func montgomeryMultiply24(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>,
                          _ n: UnsafePointer<UInt64>, _ n0Inverse: UInt64, _ t: UnsafeMutablePointer<UInt64>) {
    montgomeryMultiplyLimbs(r, a, b, n, n0Inverse, 24, t, AuditedCarries.self)
}

@inline(never)
func montgomeryMultiply32(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>,
                          _ n: UnsafePointer<UInt64>, _ n0Inverse: UInt64, _ t: UnsafeMutablePointer<UInt64>) {
    montgomeryMultiplyLimbs(r, a, b, n, n0Inverse, 32, t, AuditedCarries.self)
}
