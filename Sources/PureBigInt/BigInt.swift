// A signed arbitrary-precision integer: a sign and a BigUInt magnitude. Division truncates toward zero
// and the remainder takes the dividend's sign, as for Swift's `Int`; `>>` rounds toward negative
// infinity and the bitwise operators act on the infinite two's-complement form, also as for `Int`.

/// A signed arbitrary-precision integer with the semantics of Swift's `Int` (truncating division,
/// `>>` toward negative infinity, two's-complement bitwise operators). Variable-time: for public values only.
public struct BigInt: Sendable, Hashable {
    /// The absolute value.
    public private(set) var magnitude: BigUInt
    /// Whether the value is below zero (never true for zero).
    public private(set) var isNegative: Bool

    /// The value with `magnitude` and the given sign; a zero magnitude is never negative.
    public init(sign isNegative: Bool, magnitude: BigUInt) {
        self.magnitude = magnitude
        self.isNegative = isNegative && !magnitude.isZero
    }

    /// The non-negative value `magnitude`.
    public init(_ magnitude: BigUInt) {
        self.init(sign: false, magnitude: magnitude)
    }

    /// The value of a fixed-width integer.
    public init<T: BinaryInteger>(_ value: T) {
        if value < 0 {
            // magnitude of the most negative value overflows T, so go through its words.
            self.init(sign: true, magnitude: BigUInt(0 - (value + 1)) + 1)
        } else {
            self.init(sign: false, magnitude: BigUInt(value))
        }
    }

    /// -1, 0 or 1.
    public var signum: Int { magnitude.isZero ? 0 : (isNegative ? -1 : 1) }
}

extension BigInt: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self.init(value) }
}

extension BigInt: Comparable {
    public static func < (lhs: BigInt, rhs: BigInt) -> Bool {
        switch (lhs.isNegative, rhs.isNegative) {
        case (false, false): return lhs.magnitude < rhs.magnitude
        case (true, true): return rhs.magnitude < lhs.magnitude
        case (true, false): return true
        case (false, true): return false
        }
    }
}

extension BigInt {
    /// The negation of `value`.
    public static prefix func - (value: BigInt) -> BigInt { BigInt(sign: !value.isNegative, magnitude: value.magnitude) }

    /// The sum.
    public static func + (lhs: BigInt, rhs: BigInt) -> BigInt {
        if lhs.isNegative == rhs.isNegative { return BigInt(sign: lhs.isNegative, magnitude: lhs.magnitude + rhs.magnitude) }
        // Different signs: subtract the smaller magnitude from the larger.
        if lhs.magnitude >= rhs.magnitude { return BigInt(sign: lhs.isNegative, magnitude: lhs.magnitude - rhs.magnitude) }
        return BigInt(sign: rhs.isNegative, magnitude: rhs.magnitude - lhs.magnitude)
    }

    /// The difference.
    public static func - (lhs: BigInt, rhs: BigInt) -> BigInt { lhs + -rhs }

    /// The product.
    public static func * (lhs: BigInt, rhs: BigInt) -> BigInt {
        BigInt(sign: lhs.isNegative != rhs.isNegative, magnitude: lhs.magnitude * rhs.magnitude)
    }

    /// Truncating division: the quotient rounds toward zero; the remainder has the dividend's sign.
    public func quotientAndRemainder(dividingBy divisor: BigInt) -> (quotient: BigInt, remainder: BigInt) {
        let (q, r) = magnitude.quotientAndRemainder(dividingBy: divisor.magnitude)
        return (BigInt(sign: isNegative != divisor.isNegative, magnitude: q), BigInt(sign: isNegative, magnitude: r))
    }

    /// The quotient, truncated toward zero. Traps if `rhs` is zero, like `Int`.
    public static func / (lhs: BigInt, rhs: BigInt) -> BigInt { lhs.quotientAndRemainder(dividingBy: rhs).quotient }
    /// The remainder, with the sign of `lhs`. Traps if `rhs` is zero, like `Int`.
    public static func % (lhs: BigInt, rhs: BigInt) -> BigInt { lhs.quotientAndRemainder(dividingBy: rhs).remainder }

    /// Adds `rhs` to `lhs`.
    public static func += (lhs: inout BigInt, rhs: BigInt) { lhs = lhs + rhs }
    /// Subtracts `rhs` from `lhs`.
    public static func -= (lhs: inout BigInt, rhs: BigInt) { lhs = lhs - rhs }
    /// Multiplies `lhs` by `rhs`.
    public static func *= (lhs: inout BigInt, rhs: BigInt) { lhs = lhs * rhs }
    /// Divides `lhs` by `rhs`, truncating toward zero. Traps if `rhs` is zero.
    public static func /= (lhs: inout BigInt, rhs: BigInt) { lhs = lhs / rhs }
    /// Replaces `lhs` with the remainder of dividing it by `rhs`. Traps if `rhs` is zero.
    public static func %= (lhs: inout BigInt, rhs: BigInt) { lhs = lhs % rhs }

    /// `lhs` shifted left by `rhs` bits (right for a negative `rhs`).
    public static func << (lhs: BigInt, rhs: Int) -> BigInt {
        if rhs < 0 { return lhs >> -rhs }
        return BigInt(sign: lhs.isNegative, magnitude: lhs.magnitude << rhs)
    }

    /// Arithmetic shift: rounds toward negative infinity, as `Int`'s `>>` does.
    public static func >> (lhs: BigInt, rhs: Int) -> BigInt {
        if rhs < 0 { return lhs << -rhs }
        guard lhs.isNegative else { return BigInt(lhs.magnitude >> rhs) }
        // −m >> s = −⌈m / 2^s⌉ = −((m − 1) >> s) − 1
        return -(BigInt((lhs.magnitude - 1) >> rhs) + 1)
    }

    /// Bitwise AND of the two's-complement forms.
    public static func & (lhs: BigInt, rhs: BigInt) -> BigInt { bitwise(lhs, rhs, &) }
    /// Bitwise OR of the two's-complement forms.
    public static func | (lhs: BigInt, rhs: BigInt) -> BigInt { bitwise(lhs, rhs, |) }
    /// Bitwise XOR of the two's-complement forms.
    public static func ^ (lhs: BigInt, rhs: BigInt) -> BigInt { bitwise(lhs, rhs, ^) }
    /// Bitwise NOT: `-value - 1`.
    public static prefix func ~ (value: BigInt) -> BigInt { -value - 1 }

    /// Applies `operation` limb by limb to the two's-complement forms, one limb wider than either
    /// magnitude so the sign limb is all zeros or all ones.
    private static func bitwise(_ lhs: BigInt, _ rhs: BigInt, _ operation: (UInt64, UInt64) -> UInt64) -> BigInt {
        let width = max(lhs.magnitude.limbs.count, rhs.magnitude.limbs.count) + 1
        let a = lhs.twosComplement(width: width), b = rhs.twosComplement(width: width)
        let result = zip(a, b).map(operation)
        return BigInt(twosComplement: result)
    }

    private func twosComplement(width: Int) -> [UInt64] {
        var limbs = magnitude.limbs + [UInt64](repeating: 0, count: width - magnitude.limbs.count)
        guard isNegative else { return limbs }
        // −m = ~m + 1
        var carry: UInt64 = 1
        for index in limbs.indices {
            let (sum, overflow) = (~limbs[index]).addingReportingOverflow(carry)
            limbs[index] = sum
            carry = overflow ? 1 : 0
        }
        return limbs
    }

    private init(twosComplement limbs: [UInt64]) {
        guard let top = limbs.last, top >> 63 == 1 else {
            self.init(BigUInt(limbs: limbs))
            return
        }
        var magnitude = limbs
        var carry: UInt64 = 1
        for index in magnitude.indices {
            let (sum, overflow) = (~magnitude[index]).addingReportingOverflow(carry)
            magnitude[index] = sum
            carry = overflow ? 1 : 0
        }
        self.init(sign: true, magnitude: BigUInt(limbs: magnitude))
    }
}

extension BigInt: CustomStringConvertible, LosslessStringConvertible {
    public var description: String { String(self, radix: 10) }

    public init?(_ description: String) { self.init(description, radix: 10) }

    /// Parses an optional '-' or '+' and digits in `radix` (2…36).
    public init?<S: StringProtocol>(_ text: S, radix: Int) {
        var digits = Substring(text)
        var negative = false
        if let first = digits.first, first == "-" || first == "+" {
            negative = first == "-"
            digits = digits.dropFirst()
        }
        guard let magnitude = BigUInt(digits, radix: radix) else { return nil }
        self.init(sign: negative, magnitude: magnitude)
    }
}

extension String {
    /// The digits of `value` in `radix` (2…36), with a leading '-' when negative.
    public init(_ value: BigInt, radix: Int = 10, uppercase: Bool = false) {
        self = (value.isNegative ? "-" : "") + String(value.magnitude, radix: radix, uppercase: uppercase)
    }
}
