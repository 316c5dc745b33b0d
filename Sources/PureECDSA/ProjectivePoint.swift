// Points in homogeneous projective coordinates (X : Y : Z), x = X/Z, y = Y/Z, with the complete formulas
// of Renes, Costello and Batina, "Complete addition formulas for prime order elliptic curves" (EUROCRYPT
// 2016): for a = −3 Algorithm 4 (addition), 5 (mixed addition, Q affine) and 6 (doubling); for a = 0
// Algorithms 7, 8 and 9 (ProjectivePointA0.swift). Complete: right for every input, the identity
// (0 : 1 : 0) and P + P included, so no branch depends on the points and the formulas are constant-time.
// The signing path uses only these. The switch on the curve's `coefficientA` is on a constant of the
// specialised curve type: the compiler keeps one arm.

/// An affine point (x, y); never the identity, which has no affine form.
@usableFromInline package struct AffinePoint<C: WeierstrassCurve>: Sendable {
    @usableFromInline package var x, y: C.Field

    @inlinable
    package init(x: C.Field, y: C.Field) { (self.x, self.y) = (x, y) }

    @inlinable
    package var negated: AffinePoint { AffinePoint(x: x, y: -y) }

    @inlinable
    package static func select(_ mask: UInt64, _ a: AffinePoint, _ b: AffinePoint) -> AffinePoint {
        AffinePoint(x: .select(mask, a.x, b.x), y: .select(mask, a.y, b.y))
    }

    /// Whether (x, y) satisfies y² = x³ + ax + b.
    @inlinable
    package static func isOnCurve(x: C.Field, y: C.Field) -> Bool {
        y.squared == rightSide(x)
    }

    /// x³ + ax + b.
    @inlinable
    package static func rightSide(_ x: C.Field) -> C.Field {
        switch C.coefficientA {
        case .minusThree: x.squared * x - (x + x + x) + C.b
        case .zero: x.squared * x + C.b
        }
    }
}

@usableFromInline package struct ProjectivePoint<C: WeierstrassCurve>: Sendable {
    @usableFromInline package var x, y, z: C.Field

    @inlinable
    package init(x: C.Field, y: C.Field, z: C.Field) { (self.x, self.y, self.z) = (x, y, z) }

    @inlinable
    package init(_ point: AffinePoint<C>) { (x, y, z) = (point.x, point.y, .one) }

    @inlinable
    package static var identity: ProjectivePoint { ProjectivePoint(x: .zero, y: .one, z: .zero) }

    @inlinable
    package static func select(_ mask: UInt64, _ a: ProjectivePoint, _ b: ProjectivePoint) -> ProjectivePoint {
        ProjectivePoint(x: .select(mask, a.x, b.x), y: .select(mask, a.y, b.y), z: .select(mask, a.z, b.z))
    }

    /// P + Q for any P, Q: RCB Algorithm 4 (a = −3, 12M + 2 multiplications by b) or 7 (a = 0).
    @inlinable
    package func adding(_ q: ProjectivePoint) -> ProjectivePoint {
        if case .zero = C.coefficientA { return addingA0(q) }
        let b = C.b
        var t0 = x * q.x, t1 = y * q.y, t2 = z * q.z
        var t3 = (x + y) * (q.x + q.y)
        var t4 = t0 + t1
        t3 = t3 - t4                                    // X1Y2 + X2Y1
        t4 = (y + z) * (q.y + q.z)
        var x3 = t1 + t2
        t4 = t4 - x3                                    // Y1Z2 + Y2Z1
        x3 = (x + z) * (q.x + q.z)
        var y3 = t0 + t2
        y3 = x3 - y3                                    // X1Z2 + X2Z1
        var z3 = b * t2
        x3 = y3 - z3
        z3 = x3 + x3
        x3 = x3 + z3
        z3 = t1 - x3
        x3 = t1 + x3
        y3 = b * y3
        t1 = t2 + t2
        t2 = t1 + t2
        y3 = y3 - t2
        y3 = y3 - t0
        t1 = y3 + y3
        y3 = t1 + y3
        t1 = t0 + t0
        t0 = t1 + t0
        t0 = t0 - t2
        t1 = t4 * y3
        t2 = t0 * y3
        y3 = x3 * z3 + t2
        x3 = t3 * x3 - t1
        z3 = t4 * z3 + t3 * t0
        return ProjectivePoint(x: x3, y: y3, z: z3)
    }

    /// P + Q for any P and an affine Q (so Q is not the identity): RCB Algorithm 5 (a = −3, 11M + 2 by b)
    /// or 8 (a = 0).
    @inlinable
    package func adding(_ q: AffinePoint<C>) -> ProjectivePoint {
        if case .zero = C.coefficientA { return addingA0(q) }
        let b = C.b
        var t0 = x * q.x, t1 = y * q.y
        var t3 = (q.x + q.y) * (x + y)
        var t4 = t0 + t1
        t3 = t3 - t4                                    // X1Y2 + X2Y1
        t4 = q.y * z + y                                // Y1 + Y2Z1
        var y3 = q.x * z + x                            // X1 + X2Z1
        var z3 = b * z
        var x3 = y3 - z3
        z3 = x3 + x3
        x3 = x3 + z3
        z3 = t1 - x3
        x3 = t1 + x3
        y3 = b * y3
        t1 = z + z
        var t2 = t1 + z
        y3 = y3 - t2
        y3 = y3 - t0
        t1 = y3 + y3
        y3 = t1 + y3
        t1 = t0 + t0
        t0 = t1 + t0
        t0 = t0 - t2
        t1 = t4 * y3
        t2 = t0 * y3
        y3 = x3 * z3 + t2
        x3 = t3 * x3 - t1
        z3 = t4 * z3 + t3 * t0
        return ProjectivePoint(x: x3, y: y3, z: z3)
    }

    /// 2P for any P: RCB Algorithm 6 (a = −3, 8M + 3S + 2 by b) or 9 (a = 0).
    @inlinable
    package func doubled() -> ProjectivePoint {
        if case .zero = C.coefficientA { return doubledA0() }
        let b = C.b
        var t0 = x.squared
        let t1 = y.squared
        var t2 = z.squared
        var t3 = x * y
        t3 = t3 + t3
        var z3 = x * z
        z3 = z3 + z3
        var y3 = b * t2
        y3 = y3 - z3
        var x3 = y3 + y3
        y3 = x3 + y3
        x3 = t1 - y3
        y3 = t1 + y3
        y3 = x3 * y3
        x3 = x3 * t3
        t3 = t2 + t2
        t2 = t2 + t3
        z3 = b * z3
        z3 = z3 - t2
        z3 = z3 - t0
        t3 = z3 + z3
        z3 = z3 + t3
        t3 = t0 + t0
        t0 = t3 + t0
        t0 = t0 - t2
        t0 = t0 * z3
        y3 = y3 + t0
        t0 = y * z
        t0 = t0 + t0
        z3 = t0 * z3
        x3 = x3 - z3
        z3 = t0 * t1
        z3 = z3 + z3
        z3 = z3 + z3
        return ProjectivePoint(x: x3, y: y3, z: z3)
    }

    /// The affine point; nil for the identity. The inversion is constant-time; the identity test is a
    /// branch with a public outcome (it happens only for invalid input, or with negligible probability).
    @inlinable
    package func affine() -> AffinePoint<C>? {
        guard z.isZeroMask == 0 else { return nil }
        let zInverse = z.inverted
        return AffinePoint(x: x * zInverse, y: y * zInverse)
    }
}
