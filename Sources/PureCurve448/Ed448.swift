// Ed448 signing and verification, RFC 8032 §5.2.5–§5.2.7 (pure Ed448, with an optional context of up to
// 255 bytes; Ed448ph is not offered), on the field, point and scalar code of this module and PureSHA3's
// SHAKE256.
//
// Verification equation. RFC 8032 §5.2.7 asks for [4][S]B = [4]R + [4][k]A and allows the cofactorless
// [S]B = R + [k]A. This module checks the cofactored equation, as OpenSSL (and so Python's cryptography,
// the usual peer of a JOSE or COSE Ed448 signature) does: the two differ only for keys or signatures with
// small-order components, which honest signers never produce. S must be below L (§5.2.7: no
// malleability), R and A must decode (§5.2.3: y < p, a square x², not x = 0 with the sign bit set).

import PureSHA3

enum Ed448 {
    /// What signing needs, computed once from the 57-byte secret (§5.2.5): the clamped scalar s (56 bytes;
    /// its 57th byte is zero), the prefix for nonces, and the encoded public key A = [s]B.
    struct ExpandedKey: Sendable {
        let scalar: [UInt8]
        let prefix: [UInt8]
        let publicKey: [UInt8]

        init(secret: [UInt8]) {
            let hash = SHAKE256.hash(data: secret, outputByteCount: 114)
            var scalar = Array(hash[0..<56])
            scalar[0] &= 0xFC
            scalar[55] |= 0x80
            self.scalar = scalar
            prefix = Array(hash[57..<114])
            // [s]B = [s mod L]B (B has order L); the table takes scalars below L.
            publicKey = EdwardsPoint.baseMultiple(Scalar.reducing(wide: scalar + [UInt8](repeating: 0, count: 58))).encoded
        }
    }

    /// dom4(0, context) (§2): "SigEd448", the flag 0 (pure Ed448), the context's length and the context.
    static func domainSeparator(context: [UInt8]) -> [UInt8] {
        Array("SigEd448".utf8) + [0, UInt8(truncatingIfNeeded: context.count)] + context
    }

    /// The 114-byte signature (R ‖ S) of `message` (§5.2.6). Constant-time in the key and the nonce.
    /// `context` must be at most 255 bytes (the caller checks).
    static func sign(_ message: [UInt8], context: [UInt8], with key: ExpandedKey) -> [UInt8] {
        let dom = domainSeparator(context: context)
        var hasher = SHAKE256()
        hasher.update(data: dom)
        hasher.update(data: key.prefix)
        hasher.update(data: message)
        let r = Scalar.reducing(wide: hasher.squeeze(byteCount: 114))
        let encodedR = EdwardsPoint.baseMultiple(r).encoded
        let k = challenge(dom, encodedR[...], key.publicKey, message)
        let s = Scalar.multiplyAdd(k, key.scalar, r)
        return encodedR + s.bytes
    }

    /// Whether `signature` is a valid signature of `message` by the public key A (encoded `publicKey`,
    /// decoded `point`), §5.2.7 with the cofactored equation (see the header). Variable-time: every input is
    /// public.
    static func verify(_ signature: [UInt8], _ message: [UInt8], context: [UInt8], publicKey: [UInt8], point: EdwardsPoint) -> Bool {
        guard signature.count == 114, context.count <= 255 else { return false }
        let encodedR = signature[0..<57], encodedS = signature[57..<114]
        guard Scalar.isCanonicalVartime(encodedS), let r = EdwardsPoint(decodingVartime: encodedR) else { return false }
        let k = challenge(domainSeparator(context: context), encodedR, publicKey, message)
        // [S]B − [k]A − R, times 4, must be the identity.
        let sum = EdwardsPoint.doubleMultiplyVartime(s: Array(encodedS.prefix(56)), k: Array(k.bytes.prefix(56)), a: point.negated)
        return sum.adding(r.negated).doubled().doubled().isIdentityVartime
    }

    /// k = SHAKE256(dom4 ‖ R ‖ A ‖ M, 114) mod L.
    private static func challenge(_ dom: [UInt8], _ encodedR: ArraySlice<UInt8>, _ publicKey: [UInt8], _ message: [UInt8]) -> Scalar {
        var hasher = SHAKE256()
        hasher.update(data: dom)
        hasher.update(data: encodedR)
        hasher.update(data: publicKey)
        hasher.update(data: message)
        return Scalar.reducing(wide: hasher.squeeze(byteCount: 114))
    }
}
