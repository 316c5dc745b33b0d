// P-256's Jacobian points on PureECDSA's constant-time variable-base ladder (ECDH): a branch-free doubling
// and a masked addition, the exceptional cases dealt with as VariableBaseMultiplication.swift (PureECDSA)
// explains. Same algebra as the variable-time formulas of JacobianPoint.swift, without their branches.

import PureECDSA

extension JacobianPoint: LadderPoint {
    @usableFromInline typealias Entry = JacobianPoint

    @usableFromInline static var identity: JacobianPoint { .infinity }

    /// `doubledVartime`'s 4M + 4S without its branch: Z = 0 gives Z₃ = 2Y·Z = 0, infinity again; Y = 0
    /// would need a point of order 2, which P-256 has not.
    @usableFromInline func doubledConstantTime() -> JacobianPoint {
        let delta = z.squared
        let y2 = y.doubled
        let y2Squared = y2.squared
        let beta4 = x * y2Squared
        let alpha3 = ((x - delta) * (x + delta)).tripled
        let x3 = alpha3.squared - beta4.doubled
        let z3 = y2 * z
        let y3 = alpha3 * (beta4 - x3) - y2Squared.squared.halved
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// add-1998-cmo-2 (12M + 4S) without the branches of `addingVartime`; self at infinity and a zero
    /// digit by mask.
    @usableFromInline func addingConstantTime(_ q: JacobianPoint, skip: UInt64) -> JacobianPoint {
        let (sum, _) = uncheckedSum(q)
        return .select(skip, self, .select(z.isZeroMask, q, sum))
    }

    @usableFromInline func addingConstantTimeAllowingEqual(_ q: JacobianPoint, skip: UInt64) -> JacobianPoint {
        let (sum, equal) = uncheckedSum(q)
        let sumOrDouble = JacobianPoint.select(equal, doubledConstantTime(), sum)
        return .select(skip, self, .select(z.isZeroMask, q, sumOrDouble))
    }

    /// The formulas alone, and the mask of self = q (H = 0 and R = 0), where they give Z₃ = 0 instead of
    /// 2·self. For self = −q (H = 0, R ≠ 0) Z₃ = 0 is right: the point at infinity.
    @inline(__always)
    func uncheckedSum(_ q: JacobianPoint) -> (JacobianPoint, equal: UInt64) {
        let z1z1 = z.squared, z2z2 = q.z.squared
        let u1 = x * z2z2
        let u2 = q.x * z1z1
        let s1 = y * q.z * z2z2
        let s2 = q.y * z * z1z1
        let h = u2 - u1
        let r = s2 - s1
        let hh = h.squared
        let hhh = h * hh
        let v = u1 * hh
        let x3 = r.squared - hhh - v.doubled
        let y3 = r * (v - x3) - s1 * hhh
        return (JacobianPoint(x: x3, y: y3, z: z * q.z * h), h.isZeroMask & r.isZeroMask)
    }

    @usableFromInline func multiplesTable() -> [JacobianPoint] {
        var table = [self]
        table.reserveCapacity(8)
        while table.count < 8 {
            table.append(table.count & 1 == 1 ? table[table.count >> 1].doubledVartime() : table[table.count - 1].addingVartime(self))
        }
        return table
    }

    @usableFromInline static func negated(_ entry: JacobianPoint) -> JacobianPoint { entry.negatedVartime() }

    /// The affine x-coordinate, 32 bytes; nil at infinity (a public outcome). Constant-time inversion.
    var affineXBytes: [UInt8]? {
        guard z.isZeroMask == 0 else { return nil }
        return (x * z.inverted.squared).canonical.bigEndianBytes
    }
}
