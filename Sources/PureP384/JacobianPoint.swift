// Points of P-384 in Jacobian coordinates: (X, Y, Z) stands for the affine (X/Z², Y/Z³), Z = 0 for the
// point at infinity. Formulas from the Explicit-Formulas Database for short Weierstrass curves with a = −3
// (dbl-2001-b, add-2007-bl, madd-2007-bl; Bernstein and Lange, https://hyperelliptic.org/EFD/).
//
// VARIABLE-TIME: the exceptional cases (infinity, equal or opposite points) are handled by branches.
// This module only verifies signatures, whose inputs are public.

/// An affine point (Montgomery-form coordinates); never the point at infinity.
struct AffinePoint: Sendable {
    var x, y: FieldElement

    var negated: AffinePoint { AffinePoint(x: x, y: -y) }

    /// The generator G (SP 800-186 §3.2.1.4), in Montgomery form.
    static let generator = AffinePoint(
        x: FieldElement(montgomery: U384(0x3dd0_7566_49c0_b528, 0x20e3_78e2_a0d6_ce38, 0x879c_3afc_541b_4d6e,
                                         0x6454_8684_59a3_0eff, 0x812f_f723_614e_de2b, 0x4d3a_adc2_299e_1513)),
        y: FieldElement(montgomery: U384(0x2304_3dad_4b03_a4fe, 0xa1bf_a8bf_7bb4_a9ac, 0x8bad_e756_2e83_b050,
                                         0xc6c3_5219_68f4_ffd9, 0xdd80_0226_3969_a840, 0x2b78_abc2_5a15_c5e9)))
}

struct JacobianPoint: Sendable {
    var x, y, z: FieldElement

    static let infinity = JacobianPoint(x: .one, y: .one, z: .zero)

    init(x: FieldElement, y: FieldElement, z: FieldElement) {
        (self.x, self.y, self.z) = (x, y, z)
    }

    init(_ point: AffinePoint) {
        (x, y, z) = (point.x, point.y, .one)
    }

    var isInfinity: Bool { z.isZero }

    var negated: JacobianPoint { JacobianPoint(x: x, y: -y, z: z) }

    /// 2·self: dbl-2001-b, 3M + 5S.
    func doubled() -> JacobianPoint {
        if isInfinity || y.isZero { return .infinity }
        let delta = z.squared
        let gamma = y.squared
        let beta = x * gamma
        let t = (x - delta) * (x + delta)
        let alpha = t.doubled + t
        let beta4 = beta.doubled.doubled
        let x3 = alpha.squared - beta4.doubled
        let z3 = (y + z).squared - gamma - delta
        let gamma2 = gamma.squared.doubled
        let y3 = alpha * (beta4 - x3) - gamma2.doubled.doubled
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// self + other: add-2007-bl, 11M + 5S; doubles when the points are equal.
    func adding(_ other: JacobianPoint) -> JacobianPoint {
        if isInfinity { return other }
        if other.isInfinity { return self }
        let z1z1 = z.squared, z2z2 = other.z.squared
        let u1 = x * z2z2, u2 = other.x * z1z1
        let s1 = y * other.z * z2z2, s2 = other.y * z * z1z1
        let h = u2 - u1
        let r = (s2 - s1).doubled
        if h.isZero { return r.isZero ? doubled() : .infinity }
        let i = h.doubled.squared
        let j = h * i
        let v = u1 * i
        let x3 = r.squared - j - v.doubled
        let y3 = r * (v - x3) - (s1 * j).doubled
        let z3 = ((z + other.z).squared - z1z1 - z2z2) * h
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// self + other for an affine `other`: madd-2007-bl, 7M + 4S; doubles when the points are equal.
    func adding(_ other: AffinePoint) -> JacobianPoint {
        if isInfinity { return JacobianPoint(other) }
        let z1z1 = z.squared
        let u2 = other.x * z1z1
        let s2 = other.y * z * z1z1
        let h = u2 - x
        let r = (s2 - y).doubled
        if h.isZero { return r.isZero ? doubled() : .infinity }
        let hh = h.squared
        let i = hh.doubled.doubled
        let j = h * i
        let v = x * i
        let x3 = r.squared - j - v.doubled
        let y3 = r * (v - x3) - (y * j).doubled
        let z3 = (z + h).squared - z1z1 - hh
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// The affine points of `points` (none at infinity) with one field inversion for all (Montgomery's
    /// trick: invert the product, then peel off each factor).
    static func normalize(_ points: [JacobianPoint]) -> [AffinePoint] {
        guard !points.isEmpty else { return [] }
        var prefix = [FieldElement](repeating: .one, count: points.count)
        var running = FieldElement.one
        for (index, point) in points.enumerated() {
            prefix[index] = running
            running = running * point.z
        }
        var inverse = running.inverted
        var result = [AffinePoint](repeating: AffinePoint(x: .zero, y: .zero), count: points.count)
        for index in stride(from: points.count - 1, through: 0, by: -1) {
            let zInverse = inverse * prefix[index]
            inverse = inverse * points[index].z
            let zInverse2 = zInverse.squared
            result[index] = AffinePoint(x: points[index].x * zInverse2, y: points[index].y * zInverse2 * zInverse)
        }
        return result
    }
}
