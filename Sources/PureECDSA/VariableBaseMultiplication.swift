// Constant-time variable-base scalar multiplication k·P, for ECDH (SP 800-56A §5.7.1.2): P is the peer's
// public point, k our private scalar. Fixed windows of signed radix-16 digits, k = Σ_i d_i·16^i with
// d_i ∈ [−8, 8] (the recoding GeneratorComb.swift uses), from the most significant digit down: four
// doublings, then the addition of sign(d_i)·|d_i|·P from a table of 0·P … 8·P.
//
// Constant-time in k: the recoding is branch-free arithmetic on masks; every table entry is read and
// combined by mask; the sign is a masked negation; the table's entry 0 is the identity, so a zero digit
// adds the identity instead of being skipped; and the points use complete formulas (RCB for a = −3: the
// identity, P + P and P + (−P) are ordinary inputs), so there is no exceptional case that a particular k
// could reach. The loop runs 2·byteCount + 1 windows whatever k is. What may leak: nothing about k; P
// is public.
//
// Cost for an n-bit order: n doublings and n/4 + 1 additions, plus 7 point operations for the table. The
// table is not normalised to affine: one inversion would cost more than mixed additions save.

/// A point with complete addition and doubling and masked selection: what `multipliedConstantTime`
/// needs. PureECDSA's generic `ProjectivePoint` and P-256's own conform.
@usableFromInline package protocol CompletePoint: Sendable {
    /// The identity (the point at infinity), an ordinary input of `adding` and `doubled`.
    static var identity: Self { get }
    /// P + Q for any P and Q. Constant-time.
    func adding(_ q: Self) -> Self
    /// 2P for any P. Constant-time.
    func doubled() -> Self
    /// −P. Constant-time.
    func negated() -> Self
    /// `mask` all ones: `a`; all zeros: `b`. Constant-time.
    static func select(_ mask: UInt64, _ a: Self, _ b: Self) -> Self
}

/// Entries of the multiplication's table: 0·P, 1·P, …, 8·P.
@usableFromInline let variableBaseTableSize = 9

extension CompletePoint {
    /// k·P for a scalar given as big-endian bytes (any length; k need not be reduced). Constant-time in k.
    @inlinable
    package func multipliedConstantTime(bigEndianScalar k: [UInt8]) -> Self {
        var table = [Self](repeating: .identity, count: variableBaseTableSize)
        table[1] = self
        var j = 2
        repeat {
            table[j] = j & 1 == 0 ? table[j >> 1].doubled() : table[j &- 1].adding(self)
            j &+= 1
        } while j < variableBaseTableSize
        let digits = SignedRadix16Digits(bigEndianScalar: k)
        return table.withUnsafeBufferPointer { table in
            Self.ladder(table: table, digits: digits)
        }
    }

    /// The windows, most significant first. Kept out of line, so the branch audit finds it: its only
    /// jumps are the loops' back-edges (public trip counts).
    @inlinable @inline(never)
    static func ladder(table: UnsafeBufferPointer<Self>, digits: SignedRadix16Digits) -> Self {
        var index = digits.magnitudes.count &- 1
        var result = lookup(table, magnitude: digits.magnitudes[index], negative: digits.negativeMasks[index])
        index &-= 1
        repeat {
            result = result.doubled().doubled().doubled().doubled()
            result = result.adding(lookup(table, magnitude: digits.magnitudes[index], negative: digits.negativeMasks[index]))
            index &-= 1
        } while index >= 0
        return result
    }

    /// sign·table[magnitude], reading all nine entries.
    @inlinable @inline(__always)
    static func lookup(_ table: UnsafeBufferPointer<Self>, magnitude: UInt64, negative: UInt64) -> Self {
        var entry = Self.identity
        var j = 1
        repeat {
            entry = .select(equalMask(UInt64(truncatingIfNeeded: j), magnitude), table[j], entry)
            j &+= 1
        } while j < variableBaseTableSize
        return .select(negative, entry.negated(), entry)
    }

    /// All ones if a = b. Branch-free.
    @inlinable @inline(__always)
    static func equalMask(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let difference = valueBarrier(a ^ b)
        return ((difference | (0 &- difference)) >> 63) &- 1
    }
}

/// A scalar's signed radix-16 digits, least significant first: magnitudes 0…8 and sign masks. A secret.
@usableFromInline package struct SignedRadix16Digits {
    @usableFromInline var magnitudes: [UInt64]
    @usableFromInline var negativeMasks: [UInt64]

    /// Two digits per byte and one for the last carry. Each digit v = nibble + carry (0…16) becomes
    /// d = v − 16 with a carry out when v > 8, so Σ d_i·16^i = k.
    @inlinable
    init(bigEndianScalar k: [UInt8]) {
        let count = 2 &* k.count &+ 1
        magnitudes = [UInt64](repeating: 0, count: count)
        negativeMasks = [UInt64](repeating: 0, count: count)
        var carry: UInt64 = 0
        var index = 0
        while index < count {
            let byte = index >> 1 < k.count ? UInt64(k[k.count &- 1 &- index >> 1]) : 0
            let nibble = index & 1 == 0 ? byte & 0xf : byte >> 4
            let value = nibble &+ carry
            carry = (8 &- value) >> 63                              // 1 when value > 8
            let negative = 0 &- carry
            magnitudes[index] = (value & ~negative) | ((16 &- value) & negative)
            negativeMasks[index] = negative
            index &+= 1
        }
    }
}

extension ProjectivePoint: CompletePoint {
    /// −P.
    @inlinable
    package func negated() -> ProjectivePoint { ProjectivePoint(x: x, y: -y, z: z) }
}
