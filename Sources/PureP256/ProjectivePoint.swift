// Points of P-256 (y² = x³ − 3x + b) in homogeneous projective coordinates (X : Y : Z), x = X/Z, y = Y/Z,
// with the complete formulas of Renes, Costello and Batina, "Complete addition formulas for prime order
// elliptic curves" (EUROCRYPT 2016), Algorithm 4 (addition) and Algorithm 6 (doubling) for a = −3.
// Complete: correct for every input, the identity (0 : 1 : 0) and P + P included, so there is no branch
// on the points and the formulas are constant-time.

@usableFromInline
struct ProjectivePoint: Sendable {
    var x, y, z: FieldElement

    static let identity = ProjectivePoint(x: .zero, y: .one, z: .zero)

    /// The base point G (SP 800-186 §3.2.1.3).
    static let generator = ProjectivePoint(
        x: FieldElement(montgomery: U256(0x79e7_30d4_18a9_143c, 0x75ba_95fc_5fed_b601, 0x79fb_732b_7762_2510, 0x1890_5f76_a537_55c6)),
        y: FieldElement(montgomery: U256(0xddf2_5357_ce95_560a, 0x8b4a_b8e4_ba19_e45c, 0xd2e8_8688_dd21_f325, 0x8571_ff18_2588_5d85)),
        z: .one)

    /// All ones if this is the identity (Z = 0).
    var isIdentityMask: UInt64 { z.isZeroMask }

    /// RCB Algorithm 4: P + Q for any P, Q. 12 multiplications (two by b).
    func adding(_ q: ProjectivePoint) -> ProjectivePoint {
        let b = FieldElement.b
        var t0 = x * q.x                    // 1
        var t1 = y * q.y                    // 2
        var t2 = z * q.z                    // 3
        var t3 = x + y                      // 4
        var t4 = q.x + q.y                  // 5
        t3 = t3 * t4                        // 6
        t4 = t0 + t1                        // 7
        t3 = t3 - t4                        // 8   X1Y2 + X2Y1
        t4 = y + z                          // 9
        var x3 = q.y + q.z                  // 10
        t4 = t4 * x3                        // 11
        x3 = t1 + t2                        // 12
        t4 = t4 - x3                        // 13  Y1Z2 + Y2Z1
        x3 = x + z                          // 14
        var y3 = q.x + q.z                  // 15
        x3 = x3 * y3                        // 16
        y3 = t0 + t2                        // 17
        y3 = x3 - y3                        // 18  X1Z2 + X2Z1
        var z3 = b * t2                     // 19
        x3 = y3 - z3                        // 20
        z3 = x3.doubled                     // 21
        x3 = x3 + z3                        // 22
        z3 = t1 - x3                        // 23
        x3 = t1 + x3                        // 24
        y3 = b * y3                         // 25
        t1 = t2.doubled                     // 26
        t2 = t1 + t2                        // 27
        y3 = y3 - t2                        // 28
        y3 = y3 - t0                        // 29
        t1 = y3.doubled                     // 30
        y3 = t1 + y3                        // 31
        t1 = t0.doubled                     // 32
        t0 = t1 + t0                        // 33
        t0 = t0 - t2                        // 34
        t1 = t4 * y3                        // 35
        t2 = t0 * y3                        // 36
        y3 = x3 * z3                        // 37
        y3 = y3 + t2                        // 38
        x3 = t3 * x3                        // 39
        x3 = x3 - t1                        // 40
        z3 = t4 * z3                        // 41
        t1 = t3 * t0                        // 42
        z3 = z3 + t1                        // 43
        return ProjectivePoint(x: x3, y: y3, z: z3)
    }

    /// RCB Algorithm 6: 2P for any P.
    func doubled() -> ProjectivePoint {
        let b = FieldElement.b
        var t0 = x.squared                  // 1
        let t1 = y.squared                  // 2
        var t2 = z.squared                  // 3
        var t3 = x * y                      // 4
        t3 = t3.doubled                     // 5
        var z3 = x * z                      // 6
        z3 = z3.doubled                     // 7
        var y3 = b * t2                     // 8
        y3 = y3 - z3                        // 9
        var x3 = y3.doubled                 // 10
        y3 = x3 + y3                        // 11
        x3 = t1 - y3                        // 12
        y3 = t1 + y3                        // 13
        y3 = x3 * y3                        // 14
        x3 = x3 * t3                        // 15
        t3 = t2.doubled                     // 16
        t2 = t2 + t3                        // 17
        z3 = b * z3                         // 18
        z3 = z3 - t2                        // 19
        z3 = z3 - t0                        // 20
        t3 = z3.doubled                     // 21
        z3 = z3 + t3                        // 22
        t3 = t0.doubled                     // 23
        t0 = t3 + t0                        // 24
        t0 = t0 - t2                        // 25
        t0 = t0 * z3                        // 26
        y3 = y3 + t0                        // 27
        t0 = y * z                          // 28
        t0 = t0.doubled                     // 29
        z3 = t0 * z3                        // 30
        x3 = x3 - z3                        // 31
        z3 = t0 * t1                        // 32
        z3 = z3.doubled                     // 33
        z3 = z3.doubled                     // 34
        return ProjectivePoint(x: x3, y: y3, z: z3)
    }

    func negated() -> ProjectivePoint { ProjectivePoint(x: x, y: -y, z: z) }

    static func select(_ mask: UInt64, _ a: ProjectivePoint, _ b: ProjectivePoint) -> ProjectivePoint {
        ProjectivePoint(x: .select(mask, a.x, b.x), y: .select(mask, a.y, b.y), z: .select(mask, a.z, b.z))
    }

    /// The affine coordinates (x, y); nil for the identity. Constant-time inversion; the identity check is
    /// a public-outcome branch (it only happens on invalid input or with negligible probability).
    func affine() -> (x: FieldElement, y: FieldElement)? {
        guard isIdentityMask == 0 else { return nil }
        let zInverse = z.inverted
        return (x * zInverse, y * zInverse)
    }

    /// Whether the affine point (x, y) satisfies y² = x³ − 3x + b.
    static func isOnCurve(x: FieldElement, y: FieldElement) -> Bool {
        let rhs = x.squared * x - x.tripled + FieldElement.b
        return FieldElement.equalMask(y.squared, rhs) != 0
    }
}
