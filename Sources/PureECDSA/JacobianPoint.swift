// Points in Jacobian coordinates, (X, Y, Z) for the affine (X/Z², Y/Z³), Z = 0 for the point at infinity,
// with the Explicit-Formulas Database's formulas (Bernstein and Lange, https://hyperelliptic.org/EFD/):
// add-2007-bl and madd-2007-bl, which do not involve a, and the doubling dbl-2001-b for a = −3 or
// dbl-2009-l for a = 0. Cheaper than the complete projective formulas (a doubling is 3M + 5S or 2M + 5S
// instead of 8M + 3S), but they have exceptional cases, handled by branches.
//
// VARIABLE-TIME: for verification only, whose inputs are public.

@usableFromInline package struct JacobianPoint<C: WeierstrassCurve>: Sendable {
    @usableFromInline package var x, y, z: C.Field

    @inlinable
    package init(x: C.Field, y: C.Field, z: C.Field) { (self.x, self.y, self.z) = (x, y, z) }

    @inlinable
    package init(_ point: AffinePoint<C>) { (x, y, z) = (point.x, point.y, .one) }

    @inlinable
    package static var infinity: JacobianPoint { JacobianPoint(x: .one, y: .one, z: .zero) }

    @inlinable
    package var isInfinity: Bool { z == .zero }

    @inlinable
    package var negated: JacobianPoint { JacobianPoint(x: x, y: -y, z: z) }

    /// 2·self: dbl-2001-b (a = −3), 3M + 5S, or dbl-2009-l (a = 0), 2M + 5S.
    @inlinable
    package func doubled() -> JacobianPoint {
        if isInfinity || y == .zero { return .infinity }
        if case .zero = C.coefficientA { return doubledA0() }
        let delta = z.squared
        let gamma = y.squared
        let beta = x * gamma
        let t = (x - delta) * (x + delta)
        let alpha = t + t + t
        let beta2 = beta + beta
        let beta4 = beta2 + beta2
        let x3 = alpha.squared - (beta4 + beta4)
        let z3 = (y + z).squared - gamma - delta
        let gamma2 = gamma.squared
        let gamma4 = gamma2 + gamma2
        let gamma8 = gamma4 + gamma4
        let y3 = alpha * (beta4 - x3) - (gamma8 + gamma8)
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// dbl-2009-l, for a = 0: A = X², B = Y², C = B², D = 2((X + B)² − A − C), E = 3A, X₃ = E² − 2D,
    /// Y₃ = E(D − X₃) − 8C, Z₃ = 2YZ. No branch: Z = 0 gives Z₃ = 0, the point at infinity again, so the
    /// constant-time doubling (VariableBaseMultiplication.swift) uses it too.
    @inlinable
    func doubledA0() -> JacobianPoint {
        let a = x.squared, b = y.squared
        let c = b.squared
        let sum = x + b
        let half = sum.squared - a - c
        let d = half + half
        let e = a + a + a
        let x3 = e.squared - (d + d)
        let c2 = c + c, c4 = c2 + c2
        let yz = y * z
        return JacobianPoint(x: x3, y: e * (d - x3) - (c4 + c4), z: yz + yz)
    }

    /// self + other: add-2007-bl, 11M + 5S; doubles when the points are equal.
    @inlinable
    package func adding(_ other: JacobianPoint) -> JacobianPoint {
        if isInfinity { return other }
        if other.isInfinity { return self }
        let z1z1 = z.squared, z2z2 = other.z.squared
        let u1 = x * z2z2, u2 = other.x * z1z1
        let s1 = y * other.z * z2z2, s2 = other.y * z * z1z1
        let h = u2 - u1
        let sDifference = s2 - s1
        let r = sDifference + sDifference
        if h == .zero { return r == .zero ? doubled() : .infinity }
        let i = (h + h).squared
        let j = h * i
        let v = u1 * i
        let x3 = r.squared - j - (v + v)
        let s1j = s1 * j
        let y3 = r * (v - x3) - (s1j + s1j)
        let z3 = ((z + other.z).squared - z1z1 - z2z2) * h
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// self + other for an affine `other`: madd-2007-bl, 7M + 4S; doubles when the points are equal.
    @inlinable
    package func adding(_ other: AffinePoint<C>) -> JacobianPoint {
        if isInfinity { return JacobianPoint(other) }
        let z1z1 = z.squared
        let u2 = other.x * z1z1
        let s2 = other.y * z * z1z1
        let h = u2 - x
        let sDifference = s2 - y
        let r = sDifference + sDifference
        if h == .zero { return r == .zero ? doubled() : .infinity }
        let hh = h.squared
        let hh2 = hh + hh
        let i = hh2 + hh2
        let j = h * i
        let v = x * i
        let x3 = r.squared - j - (v + v)
        let yj = y * j
        let y3 = r * (v - x3) - (yj + yj)
        let z3 = (z + h).squared - z1z1 - hh
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// The affine points of `points` (none at infinity) with one field inversion for all. Constant-time.
    @inlinable
    package static func normalize(_ points: [JacobianPoint]) -> [AffinePoint<C>] {
        normalize(points) { $0.inverted }
    }

    /// `normalize` with the variable-time inversion: for public points only (the ECDH table of the peer's
    /// point).
    @inlinable
    package static func normalizeVartime(_ points: [JacobianPoint]) -> [AffinePoint<C>] {
        normalize(points) { $0.invertedVartime }
    }

    @inlinable
    static func normalize(_ points: [JacobianPoint], invert: (C.Field) -> C.Field) -> [AffinePoint<C>] {
        withInverses(count: points.count, of: { points[$0].z }, invert: invert) { zInverses in
            points.indices.map { index in
                let zInverse = zInverses[index], zInverse2 = zInverse.squared
                return AffinePoint(x: points[index].x * zInverse2, y: points[index].y * zInverse2 * zInverse)
            }
        }
    }
}
