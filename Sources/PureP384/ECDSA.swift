// ECDSA verification on P-384 (FIPS 186-5 §6.4.2), with SHA-384 or any digest: e is the digest's leftmost
// 384 bits (§6.4.2 step 2; SEC 1 §4.1.4 step 5).

import PureSHA2

enum ECDSA {
    /// The integer e of a digest: its first 48 bytes (all of a SHA-384 digest, the leftmost 384 bits of a
    /// SHA-512 one), shorter digests taken whole; reduced below n (e < 2^384 < 2n).
    static func digestInteger<D: Digest>(_ digest: D) -> U384 {
        let bytes = digest.withUnsafeBytes { Array($0.prefix(48)) }
        return Modulus384.n.reduceOnce(U384(bigEndianBytes: bytes) ?? .zero)
    }

    /// Whether (r, s) is a valid signature of e under the public key `q` (on the curve, not infinity).
    /// VARIABLE-TIME: every input is public.
    ///
    /// 1. r and s in [1, n − 1] (else invalid). 2. w = s⁻¹ mod n, u1 = e·w, u2 = r·w. 3. R = u1·G + u2·Q;
    /// invalid if R is the point at infinity. 4. Valid iff x(R) mod n = r. x(R) = X/Z² is not computed:
    /// x(R) mod n = r means x(R) = r or, when r + n < p, x(R) = r + n, and x(R) = c ⇔ X = c·Z² (mod p).
    static func verify(e: U384, r: U384, s: U384, publicKey q: AffinePoint) -> Bool {
        let n = Modulus384.n
        guard !r.isZero, !s.isZero, r < n.m, s < n.m else { return false }
        let w = n.inverseVartime(s)
        let u1 = n.multiplyCanonical(e, w)
        let u2 = n.multiplyCanonical(r, w)
        let point = JacobianPoint.doubleScalarMultiplyVartime(u1: u1, u2: u2, q: q)
        guard !point.isInfinity else { return false }
        let zz = point.z.squared
        // r < n < p, so r is a field element as it is.
        if let candidate = FieldElement(canonical: r), candidate * zz == point.x { return true }
        let (rPlusN, carry) = U384.add(r, n.m)
        guard carry == 0, let candidate = FieldElement(canonical: rPlusN) else { return false }
        return candidate * zz == point.x
    }
}
