// X25519 (RFC 7748 §5): Diffie–Hellman on the Montgomery form of Curve25519, by the Montgomery ladder.
//
// The ladder runs a fixed 255 steps over the clamped scalar, whatever its bits; each step swaps the two
// working points by mask (a conditional swap computed from the bit, never a branch on it), then does the
// same differential addition and doubling. The field is edwards25519's (FieldElement.swift, five 51-bit
// limbs); the final division is by PureBigInt's fixed-divstep safegcd inversion. Input u-coordinates are
// taken as RFC 7748 §5 says: the top bit masked, values from p to 2^255 − 1 accepted and reduced.

@_exported import struct PureSHA2.SharedSecret

enum X25519 {
    /// The base point's u-coordinate, 9.
    static let basePoint: [UInt8] = [9] + [UInt8](repeating: 0, count: 31)

    /// The scalar with RFC 7748's clamping: the three low bits cleared, bit 255 cleared, bit 254 set.
    static func clamped(_ scalar: [UInt8]) -> [UInt8] {
        var k = scalar
        k[0] &= 248
        k[31] &= 127
        k[31] |= 64
        return k
    }

    /// X25519(k, u) for a 32-byte scalar (clamped here) and a 32-byte u-coordinate: the 32-byte u of k·P.
    static func scalarMultiply(_ scalar: [UInt8], _ u: [UInt8]) -> [UInt8] {
        let k = clamped(scalar)
        let x1 = u.withUnsafeBytes { FieldElement(bytes: $0) }
        var x2 = FieldElement.one, z2 = FieldElement.zero
        var x3 = x1, z3 = FieldElement.one
        var swap: UInt64 = 0
        // Bit 255 is clear after clamping: 255 steps, from bit 254 down to bit 0.
        var t = 254
        repeat {
            let bit = UInt64((k[t >> 3] >> UInt8(t & 7)) & 1)
            swap ^= bit
            let mask = 0 &- swap
            FieldElement.conditionalSwap(mask, &x2, &x3)
            FieldElement.conditionalSwap(mask, &z2, &z3)
            swap = bit
            // RFC 7748 §5's step: differential addition of (x3:z3) and doubling of (x2:z2). Sums and
            // differences that only feed a multiplication skip their carry pass (FieldElement.swift's
            // bounds: products and squares leave limbs below 2^52, a sum of two below 2^53, a
            // difference below 2^52 + 2^53; all under the 2^54 a multiplication takes).
            let a = FieldElement.uncarriedSum(x2, z2), b = FieldElement.uncarriedDifference(x2, z2)
            let aa = a.squared, bb = b.squared
            let e = aa - bb
            let c = FieldElement.uncarriedSum(x3, z3), d = FieldElement.uncarriedDifference(x3, z3)
            let da = d * a, cb = c * b
            x3 = FieldElement.uncarriedSum(da, cb).squared
            z3 = x1 * FieldElement.uncarriedDifference(da, cb).squared
            x2 = aa * bb
            z2 = e * FieldElement.uncarriedSum(aa, e.timesA24)
            t -= 1
        } while t >= 0
        let mask = 0 &- swap
        x2 = FieldElement.select(mask, x3, x2)
        z2 = FieldElement.select(mask, z3, z2)
        // z2 = 0 (a low-order input) gives 0, as RFC 7748 says: 0^(p−2) = 0.
        return (x2 * z2.inverted).encoded
    }
}

extension FieldElement {
    /// self · 121665 ((A − 2)/4 for Curve25519's A = 486662): five 64×64-bit products, one carry pass.
    /// Limbs below 2^52 in, below 2^51 + 2^23 out.
    @inline(__always)
    var timesA24: FieldElement {
        @inline(__always) func split(_ limb: UInt64) -> (low: UInt64, carry: UInt64) {
            let (high, low) = limb.multipliedFullWidth(by: 121_665)
            return (low & Self.mask51, (high << 13) | (low >> 51))
        }
        let p0 = split(l0), p1 = split(l1), p2 = split(l2), p3 = split(l3), p4 = split(l4)
        return FieldElement(p0.low &+ p4.carry &* 19, p1.low &+ p0.carry, p2.low &+ p1.carry, p3.low &+ p2.carry, p4.low &+ p3.carry)
    }
}
