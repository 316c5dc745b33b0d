// Integers modulo the group order n of P-384, in Montgomery form, for ECDSA (FIPS 186-5 §6.4): signing's
// k⁻¹ and r·d constant-time, verification's s⁻¹ by the variable-time binary extended Euclidean algorithm
// (public input, and much faster than an exponentiation).

import PureECDSA

/// An integer modulo n, in Montgomery form (a·2^384 mod n), always below n.
@usableFromInline
struct Scalar: ECScalar {
    var value: U384

    @inline(__always)
    init(montgomery value: U384) { self.value = value }

    @usableFromInline static let zero = Scalar(montgomery: .zero)
    @usableFromInline static let one = Scalar(montgomery: Modulus384.n.one)

    @inline(__always)
    @usableFromInline static func + (a: Scalar, b: Scalar) -> Scalar { Scalar(montgomery: Modulus384.n.add(a.value, b.value)) }
    @inline(__always)
    @usableFromInline static func * (a: Scalar, b: Scalar) -> Scalar { Scalar(montgomery: Modulus384.n.multiply(a.value, b.value)) }

    @usableFromInline var isZeroMask: UInt64 { value.isZeroMask }

    /// a^(n−2) by the fixed digits of n − 2 (public): constant-time in a.
    @usableFromInline var inverted: Scalar { Scalar(montgomery: Modulus384.n.power(value, digits: Scalar.nMinusTwoDigits)) }

    static let nMinusTwoDigits = Modulus384.digits(of: U384(0xecec_196a_ccc5_2971, 0x581a_0db2_48b0_a77a, 0xc763_4d81_f437_2ddf,
                                                            0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff))

    @usableFromInline var invertedVartime: Scalar {
        let n = Modulus384.n
        return Scalar(montgomery: n.toMontgomery(n.inverseVartime(n.fromMontgomery(value))))
    }

    @usableFromInline init<Bytes: Collection>(reducingOnce bytes: Bytes) where Bytes.Element == UInt8 {
        let n = Modulus384.n
        value = n.toMontgomery(n.reduceOnce(U384(bigEndianBytes: bytes) ?? .zero))
    }

    @usableFromInline init?<Bytes: Collection>(canonicalBigEndian bytes: Bytes) where Bytes.Element == UInt8 {
        guard bytes.count == 48, let integer = U384(bigEndianBytes: bytes), integer < Modulus384.n.m else { return nil }
        value = Modulus384.n.toMontgomery(integer)
    }

    @usableFromInline var canonicalBigEndianBytes: [UInt8] { Modulus384.n.fromMontgomery(value).bigEndianBytes }

    @usableFromInline func withCanonicalBigEndianBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        Modulus384.n.fromMontgomery(value).withBigEndianBytes(body)
    }
}

extension Modulus384 {
    /// a⁻¹ mod m for 0 < a < m (m odd), canonical in and out. VARIABLE-TIME: the loop's path depends on a.
    /// Menezes, van Oorschot and Vanstone, "Handbook of Applied Cryptography", Algorithm 14.61 as
    /// simplified for an odd modulus (Guide to Elliptic Curve Cryptography, Algorithm 2.22): the
    /// invariants u ≡ a·x1 and v ≡ a·x2 (mod m) hold throughout.
    func inverseVartime(_ a: U384) -> U384 {
        var u = a, v = m
        var x1 = U384.one, x2 = U384.zero
        /// x/2 mod m: x itself when even, (x + m)/2 when odd (x + m may carry into a 385th bit).
        @inline(__always) func halve(_ x: U384) -> U384 {
            guard x.isOdd else { return x.shiftedRightVartime(1) }
            let (sum, carry) = U384.add(x, m)
            return sum.shiftedRightVartime(1, topBit: carry)
        }
        while u != .one && v != .one {
            if u.isZero || v.isZero { return .zero }   // not invertible; cannot happen for 0 < a < m prime
            while !u.isOdd {
                u = u.shiftedRightVartime(1)
                x1 = halve(x1)
            }
            while !v.isOdd {
                v = v.shiftedRightVartime(1)
                x2 = halve(x2)
            }
            if u < v {
                v = U384.subtract(v, u).0
                x2 = subtract(x2, x1)
            } else {
                u = U384.subtract(u, v).0
                x1 = subtract(x1, x2)
            }
        }
        return u == .one ? x1 : x2
    }
}

extension Modulus384 {
    /// a·b mod m for canonical a, b < m (two Montgomery multiplications: a·R, then (a·R)·b·R⁻¹).
    @inline(__always)
    func multiplyCanonical(_ a: U384, _ b: U384) -> U384 { multiply(toMontgomery(a), b) }
}
