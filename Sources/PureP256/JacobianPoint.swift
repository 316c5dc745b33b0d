// Points in Jacobian coordinates (X : Y : Z), x = X/Z², y = Y/Z³, with the cheapest known formulas for
// a = −3 — for verification only, where every input is public.
//
// VARIABLE-TIME. These formulas are not complete: adding a point to itself or to its negative, and the
// point at infinity, are handled by branches on the coordinates. That is harmless for ECDSA verification
// (the public key, the signature and the message are all public) and must never be used with a secret
// scalar; signing uses the complete formulas of ProjectivePoint.swift. Every function here is named
// `…Vartime` so that a reader of a call site can see it. (The one constant-time function on Jacobian
// points, the incomplete `addingDistinct`, lives beside its only caller in GeneratorTable.swift, with the
// proof that its exceptional cases cannot occur there.)
//
// Formulas from the Explicit-Formulas Database (Bernstein and Lange, hyperelliptic.org/EFD), "g1p/
// shortw/jacobian-3": dbl-2001-b (rearranged to 4M + 4S with fewer additions), add-1998-cmo-2 (12M + 4S), madd-2004-hmv
// (8M + 3S) — the variants with the fewest field additions, which cost about a third of a multiplication.

import PureECDSA

@usableFromInline
struct JacobianPoint: Sendable {
    var x, y, z: FieldElement

    /// The point at infinity (any point with Z = 0).
    static let infinity = JacobianPoint(x: .one, y: .one, z: .zero)

    init(x: FieldElement, y: FieldElement, z: FieldElement) { (self.x, self.y, self.z) = (x, y, z) }

    init(_ point: AffinePoint) { self.init(x: point.x, y: point.y, z: .one) }

    var isInfinityVartime: Bool { z.isZeroMask != 0 }

    func negatedVartime() -> JacobianPoint { JacobianPoint(x: x, y: -y, z: z) }

    /// 2P by dbl-2001-b's algebra, rearranged for fewer additions: 3M + 5S and 16 additions as written in
    /// the EFD, 4M + 4S and 10 additions here. With Y₂ = 2Y: 4β = X·Y₂² (= 4XY²), Z₃ = Y₂·Z (= 2YZ in
    /// place of (Y + Z)² − Y² − Z²) and 8Y⁴ = (Y₂²)²/2. The additions are worth counting: each is a
    /// dependent carry chain plus a masked correction, about a third of a multiplication here, and a
    /// verification does 256 doublings.
    ///
    /// Always inlined: out of line, each of the 256 calls passed the point in and out through memory
    /// (96 bytes each way) around the eight field operations; inlined into the verification loop,
    /// verification is ~6% faster (median of 16 alternating runs, 65.9 → 61.9 µs). The additions,
    /// inlined the same way, gained nothing measurable and stay out of line.
    @inline(__always)
    func doubledVartime() -> JacobianPoint {
        if isInfinityVartime { return self }
        let delta = z.squared                               // Z²
        let y2 = y.doubled                                  // 2Y
        let y2Squared = y2.squared                          // 4Y²
        let beta4 = x * y2Squared                           // 4XY²
        let alpha3 = ((x - delta) * (x + delta)).tripled    // 3(X − Z²)(X + Z²)
        let x3 = alpha3.squared - beta4.doubled
        let z3 = y2 * z
        let y3 = alpha3 * (beta4 - x3) - y2Squared.squared.halved   // … − 8Y⁴
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// add-1998-cmo-2: P + Q for any P, Q, with the exceptional cases as branches. 12M + 4S and 7 field
    /// additions, against 11M + 5S and 13 for add-2007-bl: an addition costs a third of a multiplication
    /// here (see `doubledVartime`), so the older formula is the cheaper one. It is the Chudnovsky form
    /// below with Q's Z² and Z³ computed on the spot.
    func addingVartime(_ q: JacobianPoint) -> JacobianPoint {
        if q.isInfinityVartime { return self }
        return addingVartime(ChudnovskyPoint(q))
    }

    /// add-1998-cmo-2 for a Q whose Z² and Z³ are known (Chudnovsky coordinates): 11M + 3S instead of
    /// 12M + 4S. Building verification's table of odd multiples adds 2Q seven times.
    func addingVartime(_ q: ChudnovskyPoint) -> JacobianPoint {
        if isInfinityVartime { return q.jacobian }
        let z1z1 = z.squared
        let u1 = x * q.zz
        let u2 = q.x * z1z1
        let s1 = y * q.zzz
        let s2 = q.y * z * z1z1
        let h = u2 - u1
        let r = s2 - s1
        if h.isZeroMask != 0 {
            return r.isZeroMask != 0 ? doubledVartime() : .infinity
        }
        let hh = h.squared
        let hhh = h * hh
        let v = u1 * hh
        let x3 = r.squared - hhh - v.doubled
        let y3 = r * (v - x3) - s1 * hhh
        let z3 = z * q.z * h
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// madd-2004-hmv: P + Q for an affine Q (never the point at infinity), with the exceptional cases as
    /// branches. 8M + 3S and 7 field additions, against 7M + 4S and 13 for madd-2007-bl.
    func addingVartime(_ q: AffinePoint) -> JacobianPoint {
        if isInfinityVartime { return JacobianPoint(q) }
        let z1z1 = z.squared
        let u2 = q.x * z1z1
        let s2 = q.y * z * z1z1
        let h = u2 - x
        let r = s2 - y
        if h.isZeroMask != 0 {
            return r.isZeroMask != 0 ? doubledVartime() : .infinity
        }
        let hh = h.squared
        let hhh = h * hh
        let v = x * hh
        let x3 = r.squared - hhh - v.doubled
        let y3 = r * (v - x3) - y * hhh
        let z3 = z * h
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// The affine point; nil for infinity. (Used by tests and table building, not by verification, which
    /// compares x without an inversion.)
    func affineVartime() -> AffinePoint? {
        if isInfinityVartime { return nil }
        let zInverse = z.inverted
        let zInverse2 = zInverse.squared
        return AffinePoint(x: x * zInverse2, y: y * zInverse2 * zInverse)
    }
}

extension AffinePoint {
    func negatedVartime() -> AffinePoint { AffinePoint(x: x, y: -y) }
}

/// A Jacobian point (X : Y : Z), never the point at infinity, with Z² and Z³ kept beside it.
struct ChudnovskyPoint: Sendable {
    let x, y, z, zz, zzz: FieldElement

    init(_ p: JacobianPoint) {
        (x, y, z) = (p.x, p.y, p.z)
        zz = p.z.squared
        zzz = zz * p.z
    }

    private init(x: FieldElement, y: FieldElement, z: FieldElement, zz: FieldElement, zzz: FieldElement) {
        (self.x, self.y, self.z, self.zz, self.zzz) = (x, y, z, zz, zzz)
    }

    var jacobian: JacobianPoint { JacobianPoint(x: x, y: y, z: z) }

    func negatedVartime() -> ChudnovskyPoint { ChudnovskyPoint(x: x, y: -y, z: z, zz: zz, zzz: zzz) }
}

extension JacobianPoint {
    /// Writes the affine forms of `points` (none at infinity) to `table`, with one inversion for all
    /// (`withInverses`, PureECDSA): x = X/Z², y = Y/Z³, 1S + 3M an entry. `invert` is the constant-time
    /// inversion or, for public points, the variable-time one. The Z's and their inverses live on the stack.
    static func affine(_ points: UnsafeBufferPointer<JacobianPoint>, into table: UnsafeMutableBufferPointer<AffinePoint>,
                       invert: (FieldElement) -> FieldElement) {
        withInverses(count: points.count, of: { points[$0].z }, invert: invert) { zInverses in
            for index in points.indices {
                let zInverse = zInverses[index], zInverse2 = zInverse.squared
                table.initializeElement(at: index, to: AffinePoint(x: points[index].x * zInverse2,
                                                                   y: points[index].y * zInverse2 * zInverse))
            }
        }
    }
}
