// Ed25519 signing and verification, RFC 8032 §5.1.5–§5.1.7, on the field, point and scalar code of this
// module.
//
// Verification equation. RFC 8032 §5.1.7 allows checking [8][S]B = [8]R + [8][k]A (cofactored) or
// [S]B = R + [k]A (cofactorless). This module checks the cofactorless equation in the form encode([S]B −
// [k]A) = R's 32 bytes, as Go's crypto/ed25519, BoringSSL (swift-crypto) and ref10 do: a signature that
// one of them accepts is accepted here and the converse, which is what matters when tokens move between
// implementations. The two equations differ only for adversarial keys or signatures with small-order
// components, which honest signers never produce. S must be below L (§5.1.7 step 1: no malleability), R
// is compared as bytes (a non-canonical R never matches), and A must decode: y < p, a square x² and
// not x = 0 with the sign bit set (§5.1.3).

import PureSHA2

enum Ed25519 {
    /// What signing needs, computed once from the 32-byte seed (§5.1.5): the clamped scalar s, the
    /// prefix for nonces, and the encoded public key A = [s]B.
    struct ExpandedKey: Sendable {
        let scalar: [UInt8]
        let prefix: [UInt8]
        let publicKey: [UInt8]

        init(seed: [UInt8]) {
            let hash = Array(SHA512.hash(data: seed))
            var scalar = Array(hash[0..<32])
            scalar[0] &= 248
            scalar[31] &= 127
            scalar[31] |= 64
            self.scalar = scalar
            prefix = Array(hash[32..<64])
            publicKey = EdwardsPoint.baseMultiple(scalar).encoded
        }
    }

    /// The 64-byte signature (R ‖ S) of `message` (§5.1.6). Constant-time in the key and the nonce.
    static func sign(_ message: [UInt8], with key: ExpandedKey) -> [UInt8] {
        var hasher = SHA512()
        hasher.update(data: key.prefix)
        hasher.update(data: message)
        let r = Scalar.reducing(wide: hasher.finalize())
        let encodedR = EdwardsPoint.baseMultiple(r).encoded
        let k = message.withUnsafeBytes { challenge(encodedR[...], key.publicKey, $0) }
        let s = Scalar.multiplyAdd(k, Scalar(littleEndian: key.scalar[...]), r)
        // R ‖ S written into one array (no concatenation of two).
        return [UInt8](unsafeUninitializedCapacity: 64) { buffer, count in
            for index in 0..<32 { buffer[index] = encodedR[index] }
            s.write(into: UnsafeMutableBufferPointer(rebasing: buffer[32..<64]))
            count = 64
        }
    }

    /// Whether `signature` is a valid signature of `message` by the public key A (encoded `publicKey`,
    /// decoded `point`), §5.1.7 with the cofactorless equation (see the header). Variable-time: every
    /// input is public.
    static func verify(_ signature: [UInt8], _ message: UnsafeRawBufferPointer, publicKey: [UInt8], point: EdwardsPoint) -> Bool {
        guard signature.count == 64 else { return false }
        let encodedR = signature[0..<32], encodedS = signature[32..<64]
        guard Scalar.isCanonicalVartime(encodedS) else { return false }
        let k = challenge(encodedR, publicKey, message)
        let check = EdwardsPoint.verificationCombinationVartime(s: Scalar(littleEndian: encodedS), k: k, a: point)
        return check.encoded.elementsEqual(encodedR)
    }

    /// k = SHA-512(R ‖ A ‖ M) mod L.
    private static func challenge(_ encodedR: ArraySlice<UInt8>, _ publicKey: [UInt8], _ message: UnsafeRawBufferPointer) -> Scalar {
        var hasher = SHA512()
        hasher.update(data: encodedR)
        hasher.update(data: publicKey)
        hasher.update(bufferPointer: message)
        return Scalar.reducing(wide: hasher.finalize())
    }
}
