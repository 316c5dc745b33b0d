// P-256's Jacobian points on PureECDSA's constant-time variable-base ladder (ECDH): a branch-free doubling
// and a masked mixed addition of an affine table entry, the exceptional cases dealt with as
// VariableBaseMultiplication.swift (PureECDSA) explains. Same algebra as the variable-time formulas of
// JacobianPoint.swift, without their branches. The table of 1·P … 8·P (P public) is normalized with one
// variable-time safegcd inversion: each of the 65 additions is then 8M + 3S instead of 12M + 4S.

import PureECDSA

extension JacobianPoint: LadderPoint {
    @usableFromInline typealias Entry = AffinePoint

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

    /// madd-2004-hmv (8M + 3S, as `addingDistinct`) without branches; self at infinity and a zero digit
    /// by mask.
    @usableFromInline func addingConstantTime(_ q: AffinePoint, skip: UInt64) -> JacobianPoint {
        let (sum, _) = uncheckedMixedSum(q)
        return .select(skip, self, .select(z.isZeroMask, JacobianPoint(q), sum))
    }

    @usableFromInline func addingConstantTimeAllowingEqual(_ q: AffinePoint, skip: UInt64) -> JacobianPoint {
        let (sum, equal) = uncheckedMixedSum(q)
        let sumOrDouble = JacobianPoint.select(equal, doubledConstantTime(), sum)
        return .select(skip, self, .select(z.isZeroMask, JacobianPoint(q), sumOrDouble))
    }

    /// madd-2004-hmv's formulas alone, and the mask of self = q (H = 0 and R = 0), where they give Z₃ = 0
    /// instead of 2·self. For self = −q (H = 0, R ≠ 0) Z₃ = Z·H = 0 is right: the point at infinity.
    /// Shared with the fixed-base multiplication's `addingDistinct`.
    @inline(__always)
    func uncheckedMixedSum(_ q: AffinePoint) -> (sum: JacobianPoint, equal: UInt64) {
        let z1z1 = z.squared
        let u2 = q.x * z1z1
        let s2 = q.y * z * z1z1
        let h = u2 - x
        let r = s2 - y
        let hh = h.squared
        let hhh = h * hh
        let v = x * hh
        let x3 = r.squared - hhh - v.doubled
        let y3 = r * (v - x3) - y * hhh
        return (JacobianPoint(x: x3, y: y3, z: z * h), h.isZeroMask & r.isZeroMask)
    }

    /// 1·P … 8·P in affine form: Jacobian multiples by the variable-time formulas, then one variable-time
    /// inversion for all (`affine`, JacobianPoint.swift). P is public; no multiple is at infinity
    /// (k·P ≠ O for 1 ≤ k ≤ 8 < n).
    @usableFromInline func multiplesTable() -> [AffinePoint] {
        withUnsafeTemporaryAllocation(of: JacobianPoint.self, capacity: 8) { multiples in
            multiples.initializeElement(at: 0, to: self)
            for index in 1..<8 {
                // (index + 1)·P: a doubling of ((index + 1)/2)·P when index + 1 is even, else index·P + P.
                multiples.initializeElement(at: index, to: index & 1 == 1 ? multiples[index >> 1].doubledVartime()
                                                                           : multiples[index - 1].addingVartime(self))
            }
            return [AffinePoint](unsafeUninitializedCapacity: 8) { table, count in
                JacobianPoint.affine(UnsafeBufferPointer(multiples), into: table) { $0.invertedVartime }
                count = 8
            }
        }
    }

    @usableFromInline static func negated(_ entry: AffinePoint) -> AffinePoint { AffinePoint(x: entry.x, y: -entry.y) }

    @usableFromInline static func select(_ mask: UInt64, _ a: AffinePoint, _ b: AffinePoint) -> AffinePoint {
        AffinePoint.select(mask, a, b)
    }

    /// The affine x-coordinate, 32 bytes; nil at infinity (a public outcome). Constant-time inversion.
    var affineXBytes: [UInt8]? {
        guard z.isZeroMask == 0 else { return nil }
        return (x * z.inverted.squared).canonical.bigEndianBytes
    }
}
