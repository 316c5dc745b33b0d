// An arbitrary-precision unsigned integer: UInt64 limbs, least significant first, with no zero limbs at
// the top (zero has no limbs). Value semantics through the array's copy-on-write.
//
// Timing: the general operations here are variable-time (they branch on sizes and values). Secret
// exponents go through `MontgomeryContext.power(_:_:)`, which is constant-time; see Montgomery.swift.

/// An unsigned integer of any size.
public struct BigUInt: Sendable, Hashable {
    /// Little-endian limbs, normalized (no trailing zeros).
    public internal(set) var limbs: [UInt64]

    /// Zero.
    public init() { limbs = [] }

    /// The value with these little-endian limbs (trailing zero limbs are dropped).
    public init(limbs: [UInt64]) {
        self.limbs = limbs
        normalize()
    }

    /// The value of a non-negative binary integer. Traps on a negative value, as `UInt(_:)` does.
    public init<T: BinaryInteger>(_ value: T) {
        precondition(value >= 0, "BigUInt cannot hold a negative value")
        limbs = value.words.map { UInt64($0) }
        normalize()
    }

    /// The value of a binary integer, or nil if it is negative.
    public init?<T: BinaryInteger>(exactly value: T) {
        guard value >= 0 else { return nil }
        self.init(value)
    }

    mutating func normalize() {
        while let last = limbs.last, last == 0 { limbs.removeLast() }
    }

    /// Whether the value is zero.
    public var isZero: Bool { limbs.isEmpty }

    /// The number of bits needed to write the value (0 for zero).
    public var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return limbs.count * 64 - top.leadingZeroBitCount
    }

    /// The number of trailing zero bits (0 for zero).
    public var trailingZeroBitCount: Int {
        for (index, limb) in limbs.enumerated() where limb != 0 {
            return index * 64 + limb.trailingZeroBitCount
        }
        return 0
    }

    /// Bit `index` (0 is the least significant).
    public func bit(_ index: Int) -> Bool {
        guard index >= 0 else { return false }
        let limb = index / 64
        guard limb < limbs.count else { return false }
        return (limbs[limb] >> UInt64(index % 64)) & 1 == 1
    }

    /// Whether the value is odd.
    public var isOdd: Bool { (limbs.first ?? 0) & 1 == 1 }

    /// The value as a `UInt64` if it fits.
    public var uint64Value: UInt64? {
        switch limbs.count {
        case 0: return 0
        case 1: return limbs[0]
        default: return nil
        }
    }
}

extension BigUInt: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: UInt64) {
        self.init(value)
    }
}

extension BigUInt: Comparable {
    public static func < (lhs: BigUInt, rhs: BigUInt) -> Bool { compare(lhs, rhs) < 0 }

    /// -1, 0 or 1 as `lhs` is less than, equal to or greater than `rhs`.
    static func compare(_ lhs: BigUInt, _ rhs: BigUInt) -> Int {
        if lhs.limbs.count != rhs.limbs.count { return lhs.limbs.count < rhs.limbs.count ? -1 : 1 }
        return lhs.limbs.withUnsafeBufferPointer { a in
            rhs.limbs.withUnsafeBufferPointer { b in
                guard let a = a.baseAddress, let b = b.baseAddress else { return 0 }
                return compareLimbs(a, b, count: lhs.limbs.count)
            }
        }
    }
}

extension BigUInt {
    /// The value from big-endian bytes (leading zero bytes allowed).
    @inlinable
    public init<Bytes: Collection>(bigEndianBytes bytes: Bytes) where Bytes.Element == UInt8 {
        if let value = bytes.withContiguousStorageIfAvailable({ BigUInt(bigEndianBuffer: $0) }) {
            self = value
        } else {
            self = Array(bytes).withUnsafeBufferPointer { BigUInt(bigEndianBuffer: $0) }
        }
    }

    /// The value from big-endian bytes in memory; eight bytes per limb, from the end.
    @usableFromInline
    init(bigEndianBuffer bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        var limbs = [UInt64](repeating: 0, count: (count + 7) / 8)
        var end = count
        var index = 0
        // Whole limbs as one big-endian load each; the leading partial limb byte by byte.
        let raw = UnsafeRawBufferPointer(bytes)
        while end >= 8 {
            limbs[index] = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self))
            index += 1
            end -= 8
        }
        if end > 0 {
            var limb: UInt64 = 0
            for position in 0..<end { limb = limb << 8 | UInt64(bytes[position]) }
            limbs[index] = limb
        }
        self.init(limbs: limbs)
    }

    /// The minimal big-endian bytes of the value (empty for zero).
    public func bigEndianBytes() -> [UInt8] {
        bigEndianBytes(length: (bitWidth + 7) / 8) ?? []
    }

    /// The value as exactly `length` big-endian bytes, left-padded with zeros; nil if it does not fit.
    public func bigEndianBytes(length: Int) -> [UInt8]? {
        guard (bitWidth + 7) / 8 <= length else { return nil }
        var bytes = [UInt8](repeating: 0, count: length)
        for (index, limb) in limbs.enumerated() {
            for k in 0..<8 {
                let position = length - 1 - (index * 8 + k)
                if position < 0 { break }
                bytes[position] = UInt8(truncatingIfNeeded: limb >> UInt64(k * 8))
            }
        }
        return bytes
    }
}
