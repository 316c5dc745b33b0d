// Conversion to and from text in radix 2…36, and the description.

extension BigUInt: CustomStringConvertible, LosslessStringConvertible {
    /// Decimal digits.
    public var description: String { String(self, radix: 10) }

    /// Parses decimal digits.
    public init?(_ description: String) {
        self.init(description, radix: 10)
    }

    /// Parses digits in `radix` (2…36, letters in either case). No sign, no prefix, no separators; nil on
    /// anything else, including an empty string.
    public init?<S: StringProtocol>(_ text: S, radix: Int) {
        guard (2...36).contains(radix), !text.isEmpty else { return nil }
        // Consume as many digits as fit in a limb at a time: value = value·radix^c + chunk.
        let (chunkDigits, chunkBase) = Self.chunk(radix)
        var value = BigUInt()
        var chunk: UInt64 = 0
        var digitsInChunk = 0
        for byte in text.utf8 {
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = UInt64(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit = UInt64(byte - UInt8(ascii: "A")) + 10
            default: return nil
            }
            guard digit < UInt64(radix) else { return nil }
            chunk = chunk * UInt64(radix) + digit
            digitsInChunk += 1
            if digitsInChunk == chunkDigits {
                value = value.multipliedAdding(limb: chunkBase, plus: chunk)
                chunk = 0
                digitsInChunk = 0
            }
        }
        if digitsInChunk > 0 {
            value = value.multipliedAdding(limb: UInt64(radix).power(digitsInChunk), plus: chunk)
        }
        self = value
    }

    /// The largest number of digits c with radix^c < 2^64, and radix^c.
    static func chunk(_ radix: Int) -> (digits: Int, base: UInt64) {
        var digits = 0
        var base: UInt64 = 1
        while true {
            let (next, overflow) = base.multipliedReportingOverflow(by: UInt64(radix))
            if overflow { return (digits, base) }
            base = next
            digits += 1
        }
    }

    /// self · m + a for single limbs m and a.
    func multipliedAdding(limb m: UInt64, plus a: UInt64) -> BigUInt {
        var result = limbs + [0]
        var carry = a
        for index in 0..<limbs.count {
            let (high, low) = limbs[index].multipliedFullWidth(by: m)
            let (sum, overflow) = low.addingReportingOverflow(carry)
            result[index] = sum
            carry = high &+ (overflow ? 1 : 0)
        }
        result[limbs.count] = carry
        return BigUInt(limbs: result)
    }
}

extension UInt64 {
    fileprivate func power(_ exponent: Int) -> UInt64 {
        (0..<exponent).reduce(1) { result, _ in result * self }
    }
}

extension String {
    /// The digits of `value` in `radix` (2…36), lower-case letters unless `uppercase`.
    public init(_ value: BigUInt, radix: Int = 10, uppercase: Bool = false) {
        precondition((2...36).contains(radix), "radix must be in 2...36")
        if value.isZero { self = "0"; return }
        let (chunkDigits, chunkBase) = BigUInt.chunk(radix)
        var chunks: [UInt64] = []
        var rest = value
        while !rest.isZero {
            let (quotient, remainder) = rest.quotientAndRemainder(dividingByLimb: chunkBase)
            chunks.append(remainder)
            rest = quotient
        }
        var text = String(chunks.removeLast(), radix: radix, uppercase: uppercase)
        for chunk in chunks.reversed() {
            let digits = String(chunk, radix: radix, uppercase: uppercase)
            text += String(repeating: "0", count: chunkDigits - digits.count) + digits
        }
        self = text
    }
}
