// Points of edwards25519, −x² + y² = 1 + d·x²·y² (RFC 8032 §5.1), in extended coordinates (X : Y : Z : T)
// with x = X/Z, y = Y/Z, x·y = T/Z (Hisil, Wong, Carter, Dawson, "Twisted Edwards curves revisited",
// 2008). The addition formula is complete on this curve (d is not a square, a = −1 is), so one formula
// serves every pair of points, the identity and equal points included: no case analysis, no branch.
//
// Two forms of a point prepared for adding:
// - `CachedPoint` (Y+X, Y−X, 2Z, 2d·T), for points computed at run time (verification's table of A);
// - `AffineNielsPoint` (y+x, y−x, 2d·x·y) with Z = 1, for precomputed tables (one multiplication less).

@usableFromInline
struct EdwardsPoint: Sendable {
    var x, y, z, t: FieldElement

    /// The neutral element (0, 1).
    static let identity = EdwardsPoint(x: .zero, y: .one, z: .one, t: .zero)

    /// The base point B of RFC 8032 §5.1: y = 4/5, x positive (even).
    static let base = EdwardsPoint(
        x: FieldElement(0x62d608f25d51a, 0x412a4b4f6592a, 0x75b7171a4b31d, 0x1ff60527118fe, 0x216936d3cd6e5),
        y: FieldElement(0x6666666666658, 0x4cccccccccccc, 0x1999999999999, 0x3333333333333, 0x6666666666666),
        z: .one,
        t: FieldElement(0x68ab3a5b7dda3, 0xeea2a5eadbb, 0x2af8df483c27e, 0x332b375274732, 0x67875f0fd78b7))
}

/// A point ready to be added: (Y+X, Y−X, 2Z, 2d·T).
struct CachedPoint: Sendable {
    var yPlusX, yMinusX, z2, t2d: FieldElement
}

/// An affine point ready to be added: (y+x, y−x, 2d·x·y), Z = 1.
@usableFromInline
struct AffineNielsPoint: Sendable {
    @usableFromInline var yPlusX, yMinusX, xy2d: FieldElement

    /// The neutral element in this form: (1, 1, 0).
    static let identity = AffineNielsPoint(yPlusX: .one, yMinusX: .one, xy2d: .zero)

    /// −P: x negated swaps y+x and y−x and negates x·y.
    @inline(__always)
    var negated: AffineNielsPoint { AffineNielsPoint(yPlusX: yMinusX, yMinusX: yPlusX, xy2d: -xy2d) }

    @inline(__always)
    static func select(_ mask: UInt64, _ a: AffineNielsPoint, _ b: AffineNielsPoint) -> AffineNielsPoint {
        AffineNielsPoint(yPlusX: .select(mask, a.yPlusX, b.yPlusX), yMinusX: .select(mask, a.yMinusX, b.yMinusX),
                         xy2d: .select(mask, a.xy2d, b.xy2d))
    }
}

extension EdwardsPoint {
    var cached: CachedPoint {
        CachedPoint(yPlusX: y + x, yMinusX: y - x, z2: z + z, t2d: t * .d2)
    }

    /// P + Q ("add-2008-hwcd-3", a = −1, with Q's factors prepared): 8 multiplications.
    ///
    /// Limb bounds, for this and the three formulas below: a point's coordinates and a prepared point's
    /// factors are tight (below 2^51 + 2^18, as `*` and the carrying `+` and `−` return them), so y − x is
    /// below 2^53.4 and y + x below 2^52.1 uncarried; then e = b − a < 2^53.4, f and g < 2^53.6, h < 2^52.1
    /// — all below the 2^54 that `*` accepts, and every subtrahend tight, as `uncarriedDifference` needs.
    @inline(__always)
    func adding(_ q: CachedPoint) -> EdwardsPoint {
        let a = FieldElement.uncarriedDifference(y, x) * q.yMinusX
        let b = FieldElement.uncarriedSum(y, x) * q.yPlusX
        let c = t * q.t2d
        let d = z * q.z2
        return EdwardsPoint.fromCompleted(e: .uncarriedDifference(b, a), f: .uncarriedDifference(d, c), g: .uncarriedSum(d, c),
                                          h: .uncarriedSum(b, a))
    }

    /// P − Q.
    @inline(__always)
    func subtracting(_ q: CachedPoint) -> EdwardsPoint {
        let a = FieldElement.uncarriedDifference(y, x) * q.yPlusX
        let b = FieldElement.uncarriedSum(y, x) * q.yMinusX
        let c = t * q.t2d
        let d = z * q.z2
        return EdwardsPoint.fromCompleted(e: .uncarriedDifference(b, a), f: .uncarriedSum(d, c), g: .uncarriedDifference(d, c),
                                          h: .uncarriedSum(b, a))
    }

    /// P + Q for an affine Q (Z = 1): 7 multiplications.
    @inline(__always)
    func adding(_ q: AffineNielsPoint) -> EdwardsPoint {
        let a = FieldElement.uncarriedDifference(y, x) * q.yMinusX
        let b = FieldElement.uncarriedSum(y, x) * q.yPlusX
        let c = t * q.xy2d
        let d = FieldElement.uncarriedSum(z, z)                 // below 2^52.1: f < 2^53.6, g < 2^52.6
        return EdwardsPoint.fromCompleted(e: .uncarriedDifference(b, a), f: .uncarriedDifference(d, c), g: .uncarriedSum(d, c),
                                          h: .uncarriedSum(b, a))
    }

    /// P − Q for an affine Q.
    @inline(__always)
    func subtracting(_ q: AffineNielsPoint) -> EdwardsPoint {
        let a = FieldElement.uncarriedDifference(y, x) * q.yPlusX
        let b = FieldElement.uncarriedSum(y, x) * q.yMinusX
        let c = t * q.xy2d
        let d = FieldElement.uncarriedSum(z, z)
        return EdwardsPoint.fromCompleted(e: .uncarriedDifference(b, a), f: .uncarriedSum(d, c), g: .uncarriedDifference(d, c),
                                          h: .uncarriedSum(b, a))
    }

    /// 2P ("dbl-2008-hwcd", a = −1): 4 squarings and 4 multiplications.
    ///
    /// Limb bounds: the coordinates are tight (below 2^51 + 2^18), so x + y < 2^52.1 and a + b, 2Z² < 2^52.1,
    /// a + 2Z² < 2^52.6, all below the 2^53 − 76 a subtrahend may reach; e, f, g < 2^53.4 and h < 2^53.
    @inline(__always)
    func doubled() -> EdwardsPoint {
        let a = x.squared
        let b = y.squared
        let zz = z.squared
        let c = FieldElement.uncarriedSum(zz, zz)
        let aPlusB = FieldElement.uncarriedSum(a, b)
        let e = FieldElement.uncarriedDifference(FieldElement.uncarriedSum(x, y).squared, aPlusB)
        let g = FieldElement.uncarriedDifference(b, a)                        // a·A + B with a = −1
        let f = FieldElement.uncarriedDifference(b, FieldElement.uncarriedSum(a, c))
        let h = FieldElement.uncarriedDifference(.zero, aPlusB)               // a·A − B
        return EdwardsPoint.fromCompleted(e: e, f: f, g: g, h: h)
    }

    /// (E·F : G·H : F·G : E·H), the last step shared by every formula.
    @inline(__always)
    static func fromCompleted(e: FieldElement, f: FieldElement, g: FieldElement, h: FieldElement) -> EdwardsPoint {
        EdwardsPoint(x: e * f, y: g * h, z: f * g, t: e * h)
    }

    /// 2^count·P.
    func doubled(times count: Int) -> EdwardsPoint {
        var point = self
        for _ in 0..<count { point = point.doubled() }
        return point
    }
}

// MARK: Encoding (RFC 8032 §5.1.2, §5.1.3)

extension EdwardsPoint {
    /// y in 255 bits, little-endian, with x's low bit in the top bit.
    var encoded: [UInt8] {
        let inverse = z.inverted
        let ax = x * inverse, ay = y * inverse
        var bytes = ay.encoded
        bytes[31] |= UInt8(truncatingIfNeeded: ax.isNegativeMask & 1) << 7
        return bytes
    }

    /// The point of a 32-byte encoding, or nil when it encodes none: y ≥ p (non-canonical), no x for y,
    /// or x = 0 with the sign bit set (RFC 8032 §5.1.3 steps 1–4). Variable-time: for public keys and
    /// signatures' R only.
    init?(decodingVartime bytes: [UInt8]) {
        guard bytes.count == 32 else { return nil }
        let y = bytes.withUnsafeBytes { FieldElement(bytes: $0) }
        var canonical = bytes
        canonical[31] &= 0x7f
        guard y.encoded == canonical else { return nil }
        let ySquared = y.squared
        let u = ySquared - .one                     // y² − 1
        let v = ySquared * .d + .one                // d·y² + 1
        let (root, isSquare) = FieldElement.squareRoot(ratio: u, v)
        guard isSquare != 0 else { return nil }
        let sign = UInt64(bytes[31] >> 7)
        let xIsZero = root.equalityMask(.zero) != 0
        if xIsZero && sign == 1 { return nil }
        let x = (root.isNegativeMask & 1) != sign ? -root : root
        self.init(x: x, y: y, z: .one, t: x * y)
    }
}
