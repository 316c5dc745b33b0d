// RSA private keys (two primes), named as in swift-crypto's `_RSA.Signing.PrivateKey`, read from PKCS#8,
// PKCS#1 or a JWK's members, and checked for consistency before use: a key whose members disagree would
// sign wrongly (and a CRT signature computed with a wrong prime can reveal the other prime: Boneh,
// DeMillo, Lipton 1997), so every relation RSASP1's CRT form relies on is verified once, here.
//
// Key policy as for public keys: modulus 2048 to 16384 bits, e odd and > 1 (RSAPublicKey.swift).

import PureASN1
import PureBigInt

extension RSA.Signing {
    /// An RSA private key with two primes. Signs with PKCS#1 v1.5 in constant time (PKCS1v15Signing.swift).
    /// Never printed: its description is redacted.
    public struct PrivateKey: Sendable {
        final class Storage: Sendable {
            let publicKey: PublicKey
            let privateExponent: BigUInt
            let p: BigUInt, q: BigUInt
            let dp: BigUInt, dq: BigUInt, qInverse: BigUInt
            let contextP: MontgomeryContext, contextQ: MontgomeryContext
            /// The constant-time CRT on fixed-size limbs (PureBigInt's MontgomeryCRT.swift), when p and q have
            /// the same limb count; nil otherwise, and signing takes the general path.
            let crt: RSACRTOperation?
            /// Blinding pairs reused between operations (RSABlinding.swift).
            let blindingPairs = RSABlindingPairs()

            init(publicKey: PublicKey, privateExponent: BigUInt, p: BigUInt, q: BigUInt, dp: BigUInt, dq: BigUInt,
                 qInverse: BigUInt, contextP: MontgomeryContext, contextQ: MontgomeryContext) {
                (self.publicKey, self.privateExponent, self.p, self.q) = (publicKey, privateExponent, p, q)
                (self.dp, self.dq, self.qInverse, self.contextP, self.contextQ) = (dp, dq, qInverse, contextP, contextQ)
                crt = RSACRTOperation(p: p, q: q, dp: dp, dq: dq, qInverse: qInverse)
            }
        }
        let storage: Storage

        /// The public half.
        public var publicKey: PublicKey { storage.publicKey }
        /// The modulus size in bits.
        public var keySizeInBits: Int { storage.publicKey.keySizeInBits }

        /// A PKCS#8 ("PRIVATE KEY") or PKCS#1 ("RSA PRIVATE KEY") key in DER.
        public init(derRepresentation: [UInt8]) throws(RSAError) {
            let material: RSAPrivateKeyMaterial
            do { material = try RSAPrivateKeyMaterial(derRepresentation: derRepresentation) } catch {
                throw RSAError(.invalidKeyEncoding(error.description))
            }
            try self.init(pkcs1: material.key)
        }

        /// A PEM "PRIVATE KEY" (PKCS#8) or "RSA PRIVATE KEY" (PKCS#1).
        public init(pemRepresentation: String) throws(RSAError) {
            let material: RSAPrivateKeyMaterial
            do { material = try RSAPrivateKeyMaterial(pemRepresentation: pemRepresentation) } catch {
                throw RSAError(.invalidKeyEncoding(error.description))
            }
            try self.init(pkcs1: material.key)
        }

        /// A key from its members as big-endian bytes (a JWK's n, e, d, p, q, dp, dq, qi, base64url-decoded),
        /// checked for consistency.
        public init(modulus: [UInt8], publicExponent: [UInt8], privateExponent: [UInt8], prime1: [UInt8], prime2: [UInt8],
                    exponent1: [UInt8], exponent2: [UInt8], coefficient: [UInt8]) throws(RSAError) {
            try self.init(pkcs1: PKCS1RSAPrivateKey(modulus: modulus, publicExponent: publicExponent, privateExponent: privateExponent,
                                                    prime1: prime1, prime2: prime2, exponent1: exponent1, exponent2: exponent2,
                                                    coefficient: coefficient))
        }

        init(pkcs1 key: PKCS1RSAPrivateKey) throws(RSAError) {
            let n = BigUInt(bigEndianBytes: key.modulus), e = BigUInt(bigEndianBytes: key.publicExponent)
            let publicKey = try PublicKey(modulus: n, publicExponent: e, minimumBits: 2048)
            let d = BigUInt(bigEndianBytes: key.privateExponent)
            let p = BigUInt(bigEndianBytes: key.prime1), q = BigUInt(bigEndianBytes: key.prime2)
            let dp = BigUInt(bigEndianBytes: key.exponent1), dq = BigUInt(bigEndianBytes: key.exponent2)
            let qInverse = BigUInt(bigEndianBytes: key.coefficient)
            func inconsistent(_ what: String) -> RSAError { RSAError(.inconsistentPrivateKey(what)) }
            // Public relations only are tested by value here; the checks run once per key, not per signature.
            // Sizes first, so that hostile members (a JWK from a key set) cannot make the checks below
            // multiply huge numbers: n is at most 16,384 bits, and every member is bounded by it.
            guard p.bitWidth + q.bitWidth <= n.bitWidth + 1, dp < p, dq < q else {
                throw inconsistent("p, q, dp and dq must be no larger than the modulus allows")
            }
            guard p > 1, q > 1, p.isOdd, q.isOdd, p != q else { throw inconsistent("the primes p and q must be distinct odd numbers") }
            guard p * q == n else { throw inconsistent("p · q is not the modulus n") }
            let one: BigUInt = 1
            guard d > one, d < n else { throw inconsistent("the private exponent d must be between 1 and n") }
            guard dp == d % (p - one), dq == d % (q - one) else {
                throw inconsistent("dp and dq must be d mod (p − 1) and d mod (q − 1)")
            }
            guard (e * dp) % (p - one) == one, (e * dq) % (q - one) == one else {
                throw inconsistent("d is not the inverse of e modulo p − 1 and q − 1")
            }
            guard qInverse < p, (qInverse * q) % p == one else { throw inconsistent("qi must be q⁻¹ mod p") }
            guard let contextP = MontgomeryContext(modulus: p), let contextQ = MontgomeryContext(modulus: q) else {
                throw inconsistent("the primes p and q must be odd")
            }
            storage = Storage(publicKey: publicKey, privateExponent: d, p: p, q: q, dp: dp, dq: dq, qInverse: qInverse,
                              contextP: contextP, contextQ: contextQ)
        }

        /// The members as PKCS#1 holds them (also what a private JWK writes: `package` for PureJWT). Secret.
        package var pkcs1: PKCS1RSAPrivateKey {
            PKCS1RSAPrivateKey(modulus: publicKey.modulus.bigEndianBytes(), publicExponent: publicKey.publicExponent.bigEndianBytes(),
                               privateExponent: storage.privateExponent.bigEndianBytes(), prime1: storage.p.bigEndianBytes(),
                               prime2: storage.q.bigEndianBytes(), exponent1: storage.dp.bigEndianBytes(),
                               exponent2: storage.dq.bigEndianBytes(), coefficient: storage.qInverse.bigEndianBytes())
        }

        /// PKCS#8 in DER (rsaEncryption, the PKCS#1 key inside).
        public var derRepresentation: [UInt8] {
            PKCS8PrivateKey(algorithm: .rsaEncryption, privateKey: pkcs1.derRepresentation).derRepresentation
        }

        /// PKCS#8 in PEM, label "PRIVATE KEY".
        public var pemRepresentation: String { PEM.encode(label: "PRIVATE KEY", derBytes: derRepresentation) }

        /// PKCS#1 in PEM, label "RSA PRIVATE KEY" (what older tools write).
        public var pkcs1PEMRepresentation: String { pkcs1.pemRepresentation }
    }
}

extension RSA.Signing.PrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    /// The key size; the private members are redacted.
    public var description: String { "RSA.Signing.PrivateKey(\(keySizeInBits) bits, redacted)" }
    /// Same as `description`.
    public var debugDescription: String { description }
}

extension RSA.Encryption.PrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    /// The key size; the private members are redacted.
    public var description: String { "RSA.Encryption.PrivateKey(\(key.keySizeInBits) bits, redacted)" }
    /// Same as `description`.
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
extension RSA.Signing.PrivateKey: CustomReflectable {
    /// The key size; the private members are redacted.
    public var customMirror: Mirror { Mirror(self, children: ["bits": keySizeInBits, "private": "redacted"], displayStyle: .struct) }
}

extension RSA.Encryption.PrivateKey: CustomReflectable {
    /// The key size; the private members are redacted.
    public var customMirror: Mirror { Mirror(self, children: ["bits": key.keySizeInBits, "private": "redacted"], displayStyle: .struct) }
}
#endif
