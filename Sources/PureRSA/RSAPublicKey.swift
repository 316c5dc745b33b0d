// RSA public keys for signature verification, named as in swift-crypto's `_RSA.Signing`.
//
// Key policy (../shared/DESIGN.md): modulus of 2048 to 16384 bits and odd; public exponent odd, greater
// than 1, below the modulus and at most 33 bits wide (BoringSSL's bound; 65537 in practice); no ROCA
// fingerprint (ROCAFingerprint.swift). The
// Montgomery context for the modulus and the verification's scale factor are built once, here, so that
// verifications do not repeat them.

import PureASN1
import PureBigInt

/// RSA, for verifying PKCS#1 v1.5 signatures (RFC 8017).
public enum RSA {
    /// RSA signatures: public keys, signatures and their padding, as in swift-crypto.
    public enum Signing {}
}

extension RSA.Signing {
    /// The signature padding, with swift-crypto's names: PKCS#1 v1.5 (which swift-crypto calls insecure for
    /// new designs; it is what Apple and most JWS issuers use) and PSS.
    public enum Padding: Sendable, Hashable {
        /// RSASSA-PKCS1-v1_5 (RFC 8017 §8.2), the padding of JWS "RS256".
        case insecurePKCS1v1_5
        /// RSASSA-PSS (RFC 8017 §8.1) with MGF1 over the same hash and a salt as long as the hash, as JWS
        /// PS256/384/512 require (RFC 7518 §3.5); a signature with another salt length does not verify.
        case PSS
    }

    /// An RSA public key.
    public struct PublicKey: Sendable {
        /// Everything the key holds, behind one reference: a key is copied on every lookup and call (key
        /// sets, JWT keys), and six arrays would be six reference-count updates per copy.
        private final class Storage: Sendable {
            let modulus: BigUInt
            let publicExponent: BigUInt
            let byteCount: Int
            let context: MontgomeryContext
            let digestFactor: BigUInt
            let templateTerm: BigUInt

            init(modulus: BigUInt, publicExponent: BigUInt, byteCount: Int, context: MontgomeryContext,
                 digestFactor: BigUInt, templateTerm: BigUInt) {
                (self.modulus, self.publicExponent, self.byteCount) = (modulus, publicExponent, byteCount)
                (self.context, self.digestFactor, self.templateTerm) = (context, digestFactor, templateTerm)
            }
        }
        private let storage: Storage

        /// The modulus n.
        public var modulus: BigUInt { storage.modulus }
        /// The public exponent e.
        public var publicExponent: BigUInt { storage.publicExponent }
        /// The modulus length in bytes, k in RFC 8017.
        var byteCount: Int { storage.byteCount }
        /// Precomputed arithmetic modulo n.
        var context: MontgomeryContext { storage.context }
        /// K·2^256 mod n and EM₀·K·2^256 mod n, where K = R^(−f(e)) mod n is the factor that
        /// `scaledPowerVartime` leaves on s^e and EM₀ the expected PKCS#1 v1.5 block with the digest's
        /// bytes zero (PKCS1v15Verification.swift).
        var digestFactor: BigUInt { storage.digestFactor }
        var templateTerm: BigUInt { storage.templateTerm }

        /// The modulus size in bits.
        public var keySizeInBits: Int { modulus.bitWidth }

        /// A key from the big-endian bytes of the modulus and exponent (e.g. a JWK's decoded `n` and `e`).
        /// Leading zero bytes are ignored. Throws `RSAError` when the key breaks the policy.
        public init<N: Collection, E: Collection>(modulus: N, publicExponent: E) throws(RSAError)
        where N.Element == UInt8, E.Element == UInt8 {
            try self.init(modulus: BigUInt(bigEndianBytes: modulus), publicExponent: BigUInt(bigEndianBytes: publicExponent),
                          minimumBits: 2048)
        }

        /// A key from DER: a SubjectPublicKeyInfo (rsaEncryption) or a PKCS#1 RSAPublicKey.
        public init(derRepresentation: [UInt8]) throws(RSAError) {
            let material: RSAPublicKeyMaterial
            do { material = try RSAPublicKeyMaterial(derRepresentation: derRepresentation) } catch {
                throw RSAError(.invalidKeyEncoding(error.description))
            }
            try self.init(modulus: material.modulus, publicExponent: material.publicExponent)
        }

        /// A key from PEM: "PUBLIC KEY" (SubjectPublicKeyInfo) or "RSA PUBLIC KEY" (PKCS#1).
        public init(pemRepresentation: String) throws(RSAError) {
            let material: RSAPublicKeyMaterial
            do { material = try RSAPublicKeyMaterial(pemRepresentation: pemRepresentation) } catch {
                throw RSAError(.invalidKeyEncoding(error.description))
            }
            try self.init(modulus: material.modulus, publicExponent: material.publicExponent)
        }

        /// The key policy with a chosen minimum size. `package` so that tests can verify NIST's 1024-bit
        /// vectors; users always get the 2048-bit minimum.
        package init(modulus n: BigUInt, publicExponent e: BigUInt, minimumBits: Int) throws(RSAError) {
            let bits = n.bitWidth
            guard bits >= minimumBits else { throw RSAError(.modulusTooSmall(bits: bits)) }
            guard bits <= 16384 else { throw RSAError(.modulusTooLarge(bits: bits)) }
            guard n.isOdd, let context = MontgomeryContext(modulus: n) else { throw RSAError(.evenModulus) }
            guard e.bitWidth <= 33 else { throw RSAError(.exponentTooLarge(bits: e.bitWidth)) }
            guard e.isOdd, e > 1, e < n else { throw RSAError(.invalidExponent) }
            guard !ROCAFingerprint.matches(n) else { throw RSAError(.weakKeyROCA) }
            let byteCount = (bits + 7) / 8
            // K is a power of R⁻¹, invertible modulo the odd n, so never zero. Were it zero through a bug,
            // the expected side would be zero for every message and the signature s = 0 would match it, so
            // the invariant is checked.
            let scale = context.scaledPowerVartime(1, e)
            precondition(!scale.isZero, "RSA: the verification scale factor R^(−f) mod n is zero")
            let shiftedScale = (scale << 256) % n
            storage = Storage(modulus: n, publicExponent: e, byteCount: byteCount, context: context,
                              digestFactor: shiftedScale,
                              templateTerm: Self.encodingTemplate(byteCount: byteCount) * shiftedScale % n)
        }

        /// SubjectPublicKeyInfo DER.
        public var derRepresentation: [UInt8] {
            let pkcs1 = PKCS1RSAPublicKey(modulus: modulus.bigEndianBytes(), publicExponent: publicExponent.bigEndianBytes())
            return SubjectPublicKeyInfo(algorithm: .rsaEncryption, subjectPublicKey: pkcs1.derRepresentation).derRepresentation
        }

        /// SubjectPublicKeyInfo PEM ("PUBLIC KEY").
        public var pemRepresentation: String { PEM.encode(label: "PUBLIC KEY", derBytes: derRepresentation) }
    }

    /// An RSA signature: the k-byte big-endian integer s (RFC 8017 §8.2.2).
    public struct RSASignature: Sendable, Hashable {
        /// The signature bytes, as long as the modulus (k bytes, big-endian).
        public let rawRepresentation: [UInt8]

        /// A signature from its bytes; the length is checked at verification, which refuses any length but k.
        public init<Bytes: Sequence>(rawRepresentation: Bytes) where Bytes.Element == UInt8 {
            self.rawRepresentation = Array(rawRepresentation)
        }
    }
}
