// 256-bit values as four UInt64 limbs in a struct (no arrays, no heap), least significant first, for
// secp256k1's field and scalar arithmetic.
//
// Signing handles secrets with this arithmetic: additions, subtractions, selections and products have no
// data-dependent branch (the carry primitives are PureECDSA's LimbPrimitives.swift, every carry through
// `valueBarrier`; scripts/audit-branches.sh lists the functions that inline them); functions that branch
// on values say so with a `Vartime` suffix.

import PureECDSA

@usableFromInline
struct U256: Sendable, Hashable {
    var w0, w1, w2, w3: UInt64

    @inline(__always)
    init(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64) {
        (self.w0, self.w1, self.w2, self.w3) = (w0, w1, w2, w3)
    }

    static let zero = U256(0, 0, 0, 0)
    static let one = U256(1, 0, 0, 0)

    /// From at most 32 big-endian bytes (fewer are left-padded with zeros); nil for more. The byte
    /// positions depend on the count only, never on the values.
    init?<Bytes: Collection>(bigEndianBytes bytes: Bytes) where Bytes.Element == UInt8 {
        guard bytes.count <= 32 else { return nil }
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            let out = raw.baseAddress!.assumingMemoryBound(to: UInt64.self)
            var position = bytes.count - 1   // the byte's place from the least significant end
            for byte in bytes {
                out[position / 8] |= UInt64(byte) << UInt64(8 * (position % 8))
                position -= 1
            }
        }
        self.init(words.0, words.1, words.2, words.3)
    }

    /// Calls `body` with the 32 big-endian bytes, held on the stack.
    func withBigEndianBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        var words = (w3.bigEndian, w2.bigEndian, w1.bigEndian, w0.bigEndian)
        return withUnsafeBytes(of: &words) { body($0) }
    }

    /// 32 big-endian bytes.
    var bigEndianBytes: [UInt8] { withBigEndianBytes { Array($0) } }

    /// All ones if zero, branch-free.
    @inline(__always)
    var isZeroMask: UInt64 {
        let x = w0 | w1 | w2 | w3
        return ((x | (0 &- x)) >> 63) &- 1
    }

    /// Bit `index` (0 = least significant) of a public value, for exponents.
    func bit(_ index: Int) -> UInt64 {
        let limb = [w0, w1, w2, w3][index / 64]
        return (limb >> UInt64(index % 64)) & 1
    }

    /// `mask` all ones: `a`; all zeros: `b`.
    @inline(__always)
    static func select(_ mask: UInt64, _ a: U256, _ b: U256) -> U256 {
        let mask = valueBarrier(mask)
        return U256((a.w0 & mask) | (b.w0 & ~mask), (a.w1 & mask) | (b.w1 & ~mask),
                    (a.w2 & mask) | (b.w2 & ~mask), (a.w3 & mask) | (b.w3 & ~mask))
    }

    /// a + b and the carry out (0 or 1).
    @inline(__always)
    static func add(_ a: U256, _ b: U256) -> (U256, carry: UInt64) {
        var carry: UInt64 = 0
        let w0 = addWithCarry(a.w0, b.w0, &carry), w1 = addWithCarry(a.w1, b.w1, &carry)
        let w2 = addWithCarry(a.w2, b.w2, &carry), w3 = addWithCarry(a.w3, b.w3, &carry)
        return (U256(w0, w1, w2, w3), carry)
    }

    /// a − b and the borrow out (0 or 1).
    @inline(__always)
    static func subtract(_ a: U256, _ b: U256) -> (U256, borrow: UInt64) {
        var borrow: UInt64 = 0
        let w0 = subtractWithBorrow(a.w0, b.w0, &borrow), w1 = subtractWithBorrow(a.w1, b.w1, &borrow)
        let w2 = subtractWithBorrow(a.w2, b.w2, &borrow), w3 = subtractWithBorrow(a.w3, b.w3, &borrow)
        return (U256(w0, w1, w2, w3), borrow)
    }

    /// All ones if a < b. Constant-time.
    @inline(__always)
    static func lessThanMask(_ a: U256, _ b: U256) -> UInt64 { 0 &- subtract(a, b).borrow }
}
