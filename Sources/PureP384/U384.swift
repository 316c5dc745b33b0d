// 384-bit values as six UInt64 limbs in a struct (no arrays, no heap), least significant first, and the
// carry primitives the field and scalar arithmetic are built from.
//
// Signing handles secrets with this arithmetic: additions, subtractions, selections and Montgomery
// multiplication have no data-dependent branch; functions that branch on values say so with a `Vartime`
// suffix, and `bit(_:)` (tests only) reads public values.

import PureECDSA

@usableFromInline
struct U384: Sendable, Hashable {
    var w0, w1, w2, w3, w4, w5: UInt64

    @inline(__always)
    init(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64, _ w4: UInt64, _ w5: UInt64) {
        (self.w0, self.w1, self.w2, self.w3, self.w4, self.w5) = (w0, w1, w2, w3, w4, w5)
    }

    static let zero = U384(0, 0, 0, 0, 0, 0)
    static let one = U384(1, 0, 0, 0, 0, 0)

    /// From 48 big-endian bytes. The caller guarantees the count.
    init(bigEndian bytes: UnsafeRawBufferPointer) {
        @inline(__always) func word(_ offset: Int) -> UInt64 {
            UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        self.init(word(40), word(32), word(24), word(16), word(8), word(0))
    }

    /// From at most 48 big-endian bytes (fewer are left-padded with zeros); nil for more.
    /// Byte by byte into inline words: no padded copy on the heap (verification reads r, s and the digest
    /// this way). The byte positions depend on the count only, never on the values.
    init?<Bytes: Collection>(bigEndianBytes bytes: Bytes) where Bytes.Element == UInt8 {
        guard bytes.count <= 48 else { return nil }
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            let out = raw.baseAddress!.assumingMemoryBound(to: UInt64.self)
            var position = bytes.count - 1   // the byte's place from the least significant end
            for byte in bytes {
                out[position / 8] |= UInt64(byte) << UInt64(8 * (position % 8))
                position -= 1
            }
        }
        self.init(words.0, words.1, words.2, words.3, words.4, words.5)
    }

    /// Calls `body` with the 48 big-endian bytes, held on the stack.
    func withBigEndianBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        var words = (w5.bigEndian, w4.bigEndian, w3.bigEndian, w2.bigEndian, w1.bigEndian, w0.bigEndian)
        return withUnsafeBytes(of: &words) { body($0) }
    }

    /// 48 big-endian bytes.
    var bigEndianBytes: [UInt8] { withBigEndianBytes { Array($0) } }

    var isZero: Bool { (w0 | w1 | w2 | w3 | w4 | w5) == 0 }

    /// All ones if zero, branch-free.
    @inline(__always)
    var isZeroMask: UInt64 {
        let t = w0 | w1 | w2 | w3 | w4 | w5
        return ((t | (0 &- t)) >> 63) &- 1
    }
    var isOdd: Bool { w0 & 1 == 1 }

    /// a + b and the carry out (0 or 1).
    @inline(__always)
    static func add(_ a: U384, _ b: U384) -> (U384, UInt64) {
        var c: UInt64 = 0
        let r0 = addWithCarry(a.w0, b.w0, &c), r1 = addWithCarry(a.w1, b.w1, &c)
        let r2 = addWithCarry(a.w2, b.w2, &c), r3 = addWithCarry(a.w3, b.w3, &c)
        let r4 = addWithCarry(a.w4, b.w4, &c), r5 = addWithCarry(a.w5, b.w5, &c)
        return (U384(r0, r1, r2, r3, r4, r5), c)
    }

    /// a − b and the borrow out (0 or 1).
    @inline(__always)
    static func subtract(_ a: U384, _ b: U384) -> (U384, UInt64) {
        var c: UInt64 = 0
        let r0 = subtractWithBorrow(a.w0, b.w0, &c), r1 = subtractWithBorrow(a.w1, b.w1, &c)
        let r2 = subtractWithBorrow(a.w2, b.w2, &c), r3 = subtractWithBorrow(a.w3, b.w3, &c)
        let r4 = subtractWithBorrow(a.w4, b.w4, &c), r5 = subtractWithBorrow(a.w5, b.w5, &c)
        return (U384(r0, r1, r2, r3, r4, r5), c)
    }

    /// `mask` all ones: `a`; all zeros: `b`.
    @inline(__always)
    static func select(_ mask: UInt64, _ a: U384, _ b: U384) -> U384 {
        U384((a.w0 & mask) | (b.w0 & ~mask), (a.w1 & mask) | (b.w1 & ~mask), (a.w2 & mask) | (b.w2 & ~mask),
             (a.w3 & mask) | (b.w3 & ~mask), (a.w4 & mask) | (b.w4 & ~mask), (a.w5 & mask) | (b.w5 & ~mask))
    }

    /// `a` when `bit` is 1, `b` when it is 0: six conditional moves on one test of the bit, which passes
    /// through `valueBarrier` first — for the final corrections of the modular addition and the Montgomery
    /// products (PureP256's `U256.select(bit:)` says why not for every select).
    @inline(__always)
    static func select(bit: UInt64, _ a: U384, _ b: U384) -> U384 {
        let condition = valueBarrier(bit) != 0
        return U384(condition ? a.w0 : b.w0, condition ? a.w1 : b.w1, condition ? a.w2 : b.w2,
                    condition ? a.w3 : b.w3, condition ? a.w4 : b.w4, condition ? a.w5 : b.w5)
    }

    /// Whether a < b.
    @inline(__always)
    static func < (a: U384, b: U384) -> Bool { subtract(a, b).1 == 1 }

    /// Bit `index` (0 = least significant) as 0 or 1; `index` in 0..<384.
    func bit(_ index: Int) -> UInt64 {
        let limb: UInt64
        switch index >> 6 {
        case 0: limb = w0
        case 1: limb = w1
        case 2: limb = w2
        case 3: limb = w3
        case 4: limb = w4
        default: limb = w5
        }
        return (limb >> UInt64(index & 63)) & 1
    }

    /// (topBit·2^384 + self) >> s for s in 1…64: `topBit` is bit 384 of a 385-bit value (a sum's carry).
    /// Variable-time in s, a public shift count.
    @inline(__always)
    func shiftedRightVartime(_ s: Int, topBit: UInt64 = 0) -> U384 {
        if s == 64 { return U384(w1, w2, w3, w4, w5, topBit) }
        let left = UInt64(64 - s), right = UInt64(s)
        return U384((w0 >> right) | (w1 << left), (w1 >> right) | (w2 << left), (w2 >> right) | (w3 << left),
                    (w3 >> right) | (w4 << left), (w4 >> right) | (w5 << left), (w5 >> right) | (topBit << left))
    }
}

// The carry primitives (addWithCarry, subtractWithBorrow, multiplyAdd, addReportingCarry) are PureECDSA's
// (LimbPrimitives.swift), shared with PureP521 and PureSecp256k1.
