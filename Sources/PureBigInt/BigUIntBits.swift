// Shifts and bitwise operations.

extension BigUInt {
    /// `lhs` shifted left by `rhs` bits (right for a negative `rhs`).
    public static func << (lhs: BigUInt, rhs: Int) -> BigUInt {
        if rhs < 0 { return lhs >> -rhs }
        if lhs.isZero || rhs == 0 { return lhs }
        let limbShift = rhs / 64, bitShift = UInt64(rhs % 64)
        var result = [UInt64](repeating: 0, count: lhs.limbs.count + limbShift + 1)
        for (index, limb) in lhs.limbs.enumerated() {
            result[index + limbShift] |= limb << bitShift
            if bitShift > 0 { result[index + limbShift + 1] = limb >> (64 - bitShift) }
        }
        return BigUInt(limbs: result)
    }

    /// `lhs` shifted right by `rhs` bits (left for a negative `rhs`).
    public static func >> (lhs: BigUInt, rhs: Int) -> BigUInt {
        if rhs < 0 { return lhs << -rhs }
        let limbShift = rhs / 64, bitShift = UInt64(rhs % 64)
        guard limbShift < lhs.limbs.count else { return BigUInt() }
        var result = [UInt64](repeating: 0, count: lhs.limbs.count - limbShift)
        for index in 0..<result.count {
            result[index] = lhs.limbs[index + limbShift] >> bitShift
            if bitShift > 0, index + limbShift + 1 < lhs.limbs.count {
                result[index] |= lhs.limbs[index + limbShift + 1] << (64 - bitShift)
            }
        }
        return BigUInt(limbs: result)
    }

    /// Shifts `lhs` left by `rhs` bits.
    public static func <<= (lhs: inout BigUInt, rhs: Int) { lhs = lhs << rhs }
    /// Shifts `lhs` right by `rhs` bits.
    public static func >>= (lhs: inout BigUInt, rhs: Int) { lhs = lhs >> rhs }

    /// Bitwise AND.
    public static func & (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        BigUInt(limbs: zip(lhs.limbs, rhs.limbs).map { $0 & $1 })
    }

    /// Bitwise OR.
    public static func | (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        let (long, short) = lhs.limbs.count >= rhs.limbs.count ? (lhs.limbs, rhs.limbs) : (rhs.limbs, lhs.limbs)
        var result = long
        for (index, limb) in short.enumerated() { result[index] |= limb }
        return BigUInt(limbs: result)
    }

    /// Bitwise XOR.
    public static func ^ (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        let (long, short) = lhs.limbs.count >= rhs.limbs.count ? (lhs.limbs, rhs.limbs) : (rhs.limbs, lhs.limbs)
        var result = long
        for (index, limb) in short.enumerated() { result[index] ^= limb }
        return BigUInt(limbs: result)
    }

    /// Bitwise AND into `lhs`.
    public static func &= (lhs: inout BigUInt, rhs: BigUInt) { lhs = lhs & rhs }
    /// Bitwise OR into `lhs`.
    public static func |= (lhs: inout BigUInt, rhs: BigUInt) { lhs = lhs | rhs }
    /// Bitwise XOR into `lhs`.
    public static func ^= (lhs: inout BigUInt, rhs: BigUInt) { lhs = lhs ^ rhs }
}
