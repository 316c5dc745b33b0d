// Points of edwards448 (RFC 8032 §5.2): x² + y² = 1 + d·x²·y², d = −39081, in projective coordinates
// (X : Y : Z) with x = X/Z, y = Y/Z, and the formulas of RFC 8032 §5.2.4. The curve is untwisted (a = 1)
// and d is not a square, so the addition law is complete: the same formula adds any two points, a point to
// itself and the identity, which is what lets the constant-time fixed-base multiplication (BasepointTable.swift)
// run one fixed sequence.

struct EdwardsPoint: Sendable {
    var x, y, z: FieldElement

    static let identity = EdwardsPoint(x: .zero, y: .one, z: .one)

    /// The base point B (RFC 8032 §5.2).
    static let base = EdwardsPoint(
        x: FieldElement(0x26a82bc70cc05e, 0x80e18b00938e26, 0xf72ab66511433b, 0xa3d3a46412ae1a,
                        0x0f1767ea6de324, 0x36da9e14657047, 0xed221d15a622bf, 0x4f1970c66bed0d),
        y: FieldElement(0x08795bf230fa14, 0x132c4ed7c8ad98, 0x1ce67c39c4fdbd, 0x05a0c2d73ad3ff,
                        0xa3984087789c1e, 0xc7624bea73736c, 0x248876203756c9, 0x693f46716eb6bc),
        z: .one)

    /// self + other, RFC 8032 §5.2.4's addition (complete: 10 multiplications, a square, a product by 39081).
    /// With d = −39081, E = d·C·D is −39081·C·D, so F = B − E and G = B + E are B + 39081·C·D and
    /// B − 39081·C·D.
    func adding(_ other: EdwardsPoint) -> EdwardsPoint {
        let a = z * other.z
        let b = a.squared
        let c = x * other.x
        let d = y * other.y
        let minusE = (c * d).times39081
        let f = b + minusE
        let g = b - minusE
        let h = FieldElement.uncarriedSum(x, y) * FieldElement.uncarriedSum(other.x, other.y)
        return EdwardsPoint(x: a * f * (h - c - d), y: a * g * (d - c), z: f * g)
    }

    /// 2·self, RFC 8032 §5.2.4's doubling (3 multiplications, 4 squares).
    func doubled() -> EdwardsPoint {
        let b = FieldElement.uncarriedSum(x, y).squared
        let c = x.squared
        let d = y.squared
        let e = c + d
        let h = z.squared
        let j = e - (h + h)
        return EdwardsPoint(x: (b - e) * j, y: e * (c - d), z: e * j)
    }

    /// −self.
    var negated: EdwardsPoint { EdwardsPoint(x: -x, y: y, z: z) }

    /// Whether the point is the identity (X = 0 and Y = Z). Public data only.
    var isIdentityVartime: Bool { x.isZeroMask != 0 && (y - z).isZeroMask != 0 }
}

// MARK: Encoding (RFC 8032 §5.2.2–5.2.3)

extension EdwardsPoint {
    /// The 57-byte encoding: y in 56 little-endian bytes, then a byte holding x's low bit in its top bit.
    /// Constant-time (one inversion by a fixed chain).
    var encoded: [UInt8] {
        let inverse = z.inverted
        let affineX = x * inverse, affineY = y * inverse
        return affineY.canonicalBytes + [UInt8(truncatingIfNeeded: affineX.lowBit << 7)]
    }

    /// The point of a 57-byte encoding, or nil when it encodes none (RFC 8032 §5.2.3): bits 448–454 set or
    /// y ≥ p, no square root for x, or x = 0 with the sign bit set. Variable-time: for public keys and
    /// signatures' R.
    init?(decodingVartime bytes: ArraySlice<UInt8>) {
        guard bytes.count == 57 else { return nil }
        let last = bytes[bytes.endIndex - 1]
        let yBytes = bytes.prefix(56)
        guard last & 0x7F == 0, FieldElement.isCanonicalVartime(yBytes) else { return nil }
        let sign = UInt64(last >> 7)
        let y = FieldElement(bytes: yBytes)
        let y2 = y.squared
        // x² = (y² − 1)/(d·y² − 1), d = −39081: the denominator is −(39081·y² + 1).
        let u = y2 - .one
        let v = -(y2.times39081 + .one)
        let (root, isSquare) = FieldElement.squareRootOfRatio(u, v)
        guard isSquare != 0 else { return nil }
        let isZero = root.isZeroMask != 0
        if isZero && sign == 1 { return nil }
        let x = root.lowBit == sign ? root : -root
        self.init(x: x, y: y, z: .one)
    }
}
