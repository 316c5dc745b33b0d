// 576-bit values as nine UInt64 limbs held inline (a tuple: no array, no heap), least significant first,
// with the limb loops written over a pointer to that storage (LLVM unrolls them: the bounds are constant).
// P-521's field elements use 521 of the bits, its scalars likewise.
//
// Constant-time: additions, subtractions, selections and comparisons-to-masks have no data-dependent
// branch; functions that branch on values say so with a `Vartime` suffix.

import PureECDSA

@usableFromInline
struct U576: Sendable {
    typealias Storage = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    var limbs: Storage

    @inline(__always)
    init(_ limbs: Storage) { self.limbs = limbs }

    static let zero = U576((0, 0, 0, 0, 0, 0, 0, 0, 0))
    static let one = U576((1, 0, 0, 0, 0, 0, 0, 0, 0))

    /// Reads the limbs through a pointer.
    @inline(__always)
    func withLimbs<R>(_ body: (UnsafePointer<UInt64>) -> R) -> R {
        withUnsafeBytes(of: limbs) { body($0.baseAddress!.assumingMemoryBound(to: UInt64.self)) }
    }

    /// Builds a value by writing its limbs through a pointer (they start at zero).
    @inline(__always)
    static func build(_ body: (UnsafeMutablePointer<UInt64>) -> Void) -> U576 {
        var value = U576.zero
        withUnsafeMutableBytes(of: &value.limbs) { body($0.baseAddress!.assumingMemoryBound(to: UInt64.self)) }
        return value
    }

    /// From 66 big-endian bytes (the top limb gets the first two). The caller guarantees the count.
    init(bigEndian66 bytes: UnsafeRawBufferPointer) {
        self = U576.build { out in
            for index in 0..<66 {
                let shift = UInt64(8 * (index % 8))
                out[index / 8] |= UInt64(bytes[65 - index]) << shift
            }
        }
    }

    /// From at most 72 big-endian bytes (shorter ones left-padded); nil for more.
    init?<Bytes: Collection>(bigEndianBytes bytes: Bytes) where Bytes.Element == UInt8 {
        guard bytes.count <= 72 else { return nil }
        self = U576.build { out in
            var position = bytes.count - 1   // the byte's place from the least significant end
            for byte in bytes {
                out[position / 8] |= UInt64(byte) << UInt64(8 * (position % 8))
                position -= 1
            }
        }
    }

    /// Calls `body` with the low 66 bytes, big-endian (the value must be below 2^528), held on the stack:
    /// the nine limbs most significant first, each big-endian, are 72 bytes whose first 6 are zero.
    func withBigEndian66<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        let l = limbs
        var words = (l.8.bigEndian, l.7.bigEndian, l.6.bigEndian, l.5.bigEndian, l.4.bigEndian, l.3.bigEndian,
                     l.2.bigEndian, l.1.bigEndian, l.0.bigEndian)
        return withUnsafeBytes(of: &words) { body(UnsafeRawBufferPointer(rebasing: $0[6...])) }
    }

    /// The low 66 bytes, big-endian (the value must be below 2^528).
    var bigEndian66: [UInt8] { withBigEndian66 { Array($0) } }

    /// All ones if zero.
    @inline(__always)
    var isZeroMask: UInt64 {
        let t = withLimbs { limbs in
            var t: UInt64 = 0
            for index in 0..<9 { t |= limbs[index] }
            return t
        }
        return ((t | (0 &- t)) >> 63) &- 1
    }

    var isZero: Bool { isZeroMask != 0 }
    var isOdd: Bool { limbs.0 & 1 == 1 }

    /// a + b and the carry out (0 or 1).
    @inline(__always)
    static func add(_ a: U576, _ b: U576) -> (U576, UInt64) {
        var carry: UInt64 = 0
        let sum = a.withLimbs { a in b.withLimbs { b in U576.build { out in
            for index in 0..<9 { out[index] = addWithCarry(a[index], b[index], &carry) }
        } } }
        return (sum, carry)
    }

    /// a − b and the borrow out (0 or 1).
    @inline(__always)
    static func subtract(_ a: U576, _ b: U576) -> (U576, UInt64) {
        var borrow: UInt64 = 0
        let difference = a.withLimbs { a in b.withLimbs { b in U576.build { out in
            for index in 0..<9 { out[index] = subtractWithBorrow(a[index], b[index], &borrow) }
        } } }
        return (difference, borrow)
    }

    /// `mask` all ones: `a`; all zeros: `b`.
    @inline(__always)
    static func select(_ mask: UInt64, _ a: U576, _ b: U576) -> U576 {
        a.withLimbs { a in b.withLimbs { b in U576.build { out in
            for index in 0..<9 { out[index] = (a[index] & mask) | (b[index] & ~mask) }
        } } }
    }

    /// Whether a < b.
    @inline(__always)
    static func < (a: U576, b: U576) -> Bool { subtract(a, b).1 == 1 }

    /// Limb equality. VARIABLE-TIME in where the first difference is; for public values.
    static func equalVartime(_ a: U576, _ b: U576) -> Bool {
        a.withLimbs { a in b.withLimbs { b in (0..<9).allSatisfy { a[$0] == b[$0] } } }
    }

    /// (topBit·2^576 + self) >> 1. For the variable-time inversion.
    func halvedVartime(topBit: UInt64 = 0) -> U576 {
        withLimbs { limbs in U576.build { out in
            for index in 0..<9 {
                let next = index == 8 ? topBit : limbs[index + 1]
                out[index] = (limbs[index] >> 1) | (next << 63)
            }
        } }
    }
}

// MARK: Limb primitives
//
// addWithCarry, subtractWithBorrow and multiplyAdd are PureECDSA's (LimbPrimitives.swift); this one is P-521's own.

/// Adds a·b to the three-word column accumulator (c0, c1, c2). The high word of a product is at most
/// 2^64 − 2, so adding the low word's carry to it cannot overflow.
@inline(__always)
func accumulate(_ a: UInt64, _ b: UInt64, _ c0: inout UInt64, _ c1: inout UInt64, _ c2: inout UInt64) {
    let (high, low) = a.multipliedFullWidth(by: b)
    let (s0, o0) = c0.addingReportingOverflow(low)
    let (s1, o1) = c1.addingReportingOverflow(high &+ valueBarrier(o0 ? 1 : 0))
    c0 = s0
    c1 = s1
    c2 &+= valueBarrier(o1 ? 1 : 0)
}
