// ECDSA over P-256 with SHA-256, FIPS 186-5 §6.4: signing with RFC 6979 nonces, and verification with
// the checks of ../shared/DESIGN.md (r and s in [1, n − 1]; the public key was validated when built).

import PureSHA2

enum ECDSA {
    /// The integer e of FIPS 186-5 §6.4.1 step 2 (bits2int of a 256-bit digest: the digest itself).
    static func digestInteger(_ digest: SHA256Digest) -> U256 {
        digest.withUnsafeBytes { U256(bigEndian: $0) }
    }

    /// bits2int of a longer digest: its leftmost 256 bits (FIPS 186-5 §6.4.1 step 2; SEC 1 §4.1.3 step 5).
    static func leftmostDigestInteger<D: Digest>(_ digest: D) -> U256 {
        digest.withUnsafeBytes { U256(bigEndian: UnsafeRawBufferPointer(rebasing: $0.prefix(32))) }
    }

    /// Signs with the given nonce k ∈ [1, n − 1]; nil if r or s came out zero (then the caller takes the
    /// next nonce). Constant-time in d and k.
    static func sign(digest e: U256, privateKey d: Scalar, nonce k: U256) -> (r: U256, s: U256)? {
        // R = k·G; r = x(R) mod n.
        let point = ProjectivePoint.generatorMultiplied(by: k)
        guard let affine = point.affine() else { return nil }
        let r = Scalar(reducing: affine.x.canonical)
        // s = k⁻¹(e + r·d) mod n
        let kScalar = Scalar(reducing: k)
        let s = kScalar.inverted * (Scalar(reducing: e) + r * d)
        let rZero = r.isZeroMask, sZero = s.isZeroMask
        guard (rZero | sZero) == 0 else { return nil }
        return (r.canonical, s.canonical)
    }

    /// Verifies (r, s) over digest e for public point Q. Variable-time: all inputs are public.
    static func verify(digest e: U256, r: U256, s: U256, publicKey q: ProjectivePoint) -> Bool {
        // q has Z = 1: public keys are stored affine (P256Keys.swift).
        //
        // §6.4.2 step 1: r, s ∈ [1, n − 1].
        guard let rScalar = Scalar(canonical: r), rScalar.isZeroMask == 0,
              U256.lessThanMask(s, Scalar.order) != 0, s.isZeroMask == 0 else { return false }
        // w = s⁻¹, canonical, by the variable-time safegcd (s is public). The Montgomery product of a
        // Montgomery-form value x·R with the canonical w is x·w·R·R⁻¹ = x·w: u1 and u2 come out canonical.
        let w = Scalar.safeGCDModulus.inverseVartime(s)
        let u1 = Scalar.montgomeryMultiply(Scalar(reducing: e).montgomery, w)
        let u2 = Scalar.montgomeryMultiply(rScalar.montgomery, w)
        // §6.4.2 steps 5–8: R = u1·G + u2·Q, not the identity, and x(R) mod n = r.
        let point = JacobianPoint.doubleScalarMultipliedVartime(u1: u1, u2: u2, q: AffinePoint(x: q.x, y: q.y))
        return point.hasXCoordinateVartime(congruentTo: r)
    }
}
