// X448 (RFC 7748 §5): Diffie–Hellman on curve448, the Montgomery curve v² = u³ + 156326u² + u, by the
// Montgomery ladder.
//
// The ladder runs a fixed 448 steps over the clamped scalar, whatever its bits; each step swaps the two
// working points by mask (a conditional swap computed from the bit, never a branch on it), then does the
// same differential addition and doubling. The final division is x^(p − 2) (FieldPowers.swift). Input
// u-coordinates are taken as RFC 7748 §5 says: 56 bytes, values from p to 2^448 − 1 accepted and reduced.

@_exported import struct PureSHA2.SharedSecret

enum X448 {
    /// The base point's u-coordinate, 5.
    static let basePoint: [UInt8] = [5] + [UInt8](repeating: 0, count: 55)

    /// X448(k, u) for a 56-byte scalar (clamped here: the two low bits cleared, bit 447 set) and a 56-byte
    /// u-coordinate: the 56-byte u of k·P.
    static func scalarMultiply(_ scalar: [UInt8], _ u: [UInt8]) -> [UInt8] {
        var k = scalar
        k[0] &= 252
        k[55] |= 128
        let x1 = u.withUnsafeBytes { FieldElement(bytes: $0) }
        var x2 = FieldElement.one, z2 = FieldElement.zero
        var x3 = x1, z3 = FieldElement.one
        var swap: UInt64 = 0
        var t = 447
        repeat {
            let bit = UInt64((k[t >> 3] >> UInt8(t & 7)) & 1)
            swap ^= bit
            let mask = 0 &- swap
            FieldElement.conditionalSwap(mask, &x2, &x3)
            FieldElement.conditionalSwap(mask, &z2, &z3)
            swap = bit
            // RFC 7748 §5's step. Sums and differences that only feed a multiplication skip their carry pass
            // (FieldElement.swift: loose limbs are below 2^56 + 2^9, a sum of two below 2^57 + 2^10, a
            // difference below 3·2^56 + 2^9; a multiplication takes up to 3·2^56 + 2^10).
            let a = FieldElement.uncarriedSum(x2, z2), b = FieldElement.uncarriedDifference(x2, z2)
            let aa = a.squared, bb = b.squared
            let e = aa - bb
            let c = FieldElement.uncarriedSum(x3, z3), d = FieldElement.uncarriedDifference(x3, z3)
            let da = d * a, cb = c * b
            x3 = FieldElement.uncarriedSum(da, cb).squared
            z3 = x1 * FieldElement.uncarriedDifference(da, cb).squared
            x2 = aa * bb
            z2 = e * FieldElement.uncarriedSum(aa, e.times39081)
            t -= 1
        } while t >= 0
        let mask = 0 &- swap
        x2 = FieldElement.select(mask, x3, x2)
        z2 = FieldElement.select(mask, z3, z2)
        // z2 = 0 (a low-order input) gives 0, as RFC 7748 says: 0^(p−2) = 0.
        return (x2 * z2.inverted).canonicalBytes
    }
}
