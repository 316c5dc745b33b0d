// The complete projective formulas for curves with a = 0 (secp256k1): Renes, Costello and Batina,
// "Complete addition formulas for prime order elliptic curves" (EUROCRYPT 2016), Algorithms 7, 8 and 9,
// step for step in the paper's order, with b₃ = 3b (the curve's constant `threeB`). As for a = −3
// (ProjectivePoint.swift) they are right for every input, the identity (0 : 1 : 0) and P + P included, so
// they have no branch and are constant-time. With a = 0 the terms in a vanish: an addition is 12M and a doubling 6M + 2S, against
// 12M + 2 by b and 8M + 3S + 2 by b for a = −3.

extension ProjectivePoint {
    /// RCB Algorithm 7: P + Q for any P, Q on a curve with a = 0. 12M + 2 multiplications by 3b.
    @inlinable
    func addingA0(_ q: ProjectivePoint) -> ProjectivePoint {
        let b3 = C.threeB
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
        x3 = t0 + t0
        t0 = x3 + t0                                    // 3·X1X2
        t2 = b3 * t2
        var z3 = t1 + t2
        t1 = t1 - t2
        y3 = b3 * y3
        x3 = t4 * y3
        t2 = t3 * t1
        x3 = t2 - x3
        y3 = y3 * t0
        t1 = t1 * z3
        y3 = t1 + y3
        t0 = t0 * t3
        z3 = z3 * t4 + t0
        return ProjectivePoint(x: x3, y: y3, z: z3)
    }

    /// RCB Algorithm 8: P + Q for any P and an affine Q (so Q is not the identity) on a curve with a = 0.
    /// 11M + 2 by 3b.
    @inlinable
    func addingA0(_ q: AffinePoint<C>) -> ProjectivePoint {
        let b3 = C.threeB
        var t0 = x * q.x, t1 = y * q.y
        var t3 = (q.x + q.y) * (x + y)
        var t4 = t0 + t1
        t3 = t3 - t4                                    // X1Y2 + X2Y1
        t4 = q.y * z + y                                // Y1 + Y2Z1
        var y3 = q.x * z + x                            // X1 + X2Z1
        var x3 = t0 + t0
        t0 = x3 + t0                                    // 3·X1X2
        var t2 = b3 * z
        var z3 = t1 + t2
        t1 = t1 - t2
        y3 = b3 * y3
        x3 = t4 * y3
        t2 = t3 * t1
        x3 = t2 - x3
        y3 = y3 * t0
        t1 = t1 * z3
        y3 = t1 + y3
        t0 = t0 * t3
        z3 = z3 * t4 + t0
        return ProjectivePoint(x: x3, y: y3, z: z3)
    }

    /// RCB Algorithm 9: 2P for any P on a curve with a = 0. 6M + 2S + 1 by 3b.
    @inlinable
    func doubledA0() -> ProjectivePoint {
        var t0 = y.squared
        var z3 = t0 + t0
        z3 = z3 + z3
        z3 = z3 + z3                                    // 8Y²
        var t1 = y * z
        var t2 = z.squared
        t2 = C.threeB * t2
        var x3 = t2 * z3
        var y3 = t0 + t2
        z3 = t1 * z3
        t1 = t2 + t2
        t2 = t1 + t2
        t0 = t0 - t2
        y3 = t0 * y3
        y3 = x3 + y3
        t1 = x * y
        x3 = t0 * t1
        x3 = x3 + x3
        return ProjectivePoint(x: x3, y: y3, z: z3)
    }
}
