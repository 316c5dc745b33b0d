// RSAES-OAEP (RFC 8017 §7.1): encryption with the public key, decryption with the private key on the
// blinded constant-time CRT path that signing uses (PKCS1v15Signing.swift's privateOperation).
//
// Decoding (§7.1.2 step 3) runs in constant time over the whole block: the leading byte, the label hash,
// the zero run and the 01 separator are each checked with masks, the separator's position is tracked by
// mask, and the one outcome — valid or not — is the only branch. A decoder that answered "first byte not
// zero" faster or differently than "bad padding" is Manger's oracle (CRYPTO 2001): about a thousand such
// answers decrypt a ciphertext. Every failure, from a wrong length to a wrong label, is the same
// `decryptionFailed`.
//
// RSAES-PKCS1-v1_5 is not offered at all (Bleichenbacher 1998): JWE's "RSA1_5" is refused by PureJWT.

import PureBigInt
import PureSHA2

extension RSA {
    /// RSA encryption with OAEP padding, with swift-crypto's `_RSA.Encryption` names.
    public enum Encryption {}
}

extension RSA.Encryption {
    /// The OAEP hash (MGF1 uses the same one): JWE's RSA-OAEP (SHA-1), RSA-OAEP-256, -384 and -512.
    public struct Padding: Sendable, Hashable {
        enum Hash: Sendable, Hashable { case sha1, sha256, sha384, sha512 }
        let hash: Hash

        /// OAEP with SHA-1 and MGF1-SHA-1 (JWE "RSA-OAEP"; SHA-1 is sound in OAEP, where no collision helps).
        public static let PKCS1_OAEP = Padding(hash: .sha1)
        /// OAEP with SHA-256 and MGF1-SHA-256 (JWE "RSA-OAEP-256").
        public static let PKCS1_OAEP_SHA256 = Padding(hash: .sha256)
        /// OAEP with SHA-384 and MGF1-SHA-384 (JWE "RSA-OAEP-384").
        public static let PKCS1_OAEP_SHA384 = Padding(hash: .sha384)
        /// OAEP with SHA-512 and MGF1-SHA-512 (JWE "RSA-OAEP-512").
        public static let PKCS1_OAEP_SHA512 = Padding(hash: .sha512)
    }

    /// An RSA public key for encryption (the same key as `RSA.Signing.PublicKey`, the same policy).
    public struct PublicKey: Sendable {
        let key: RSA.Signing.PublicKey

        /// The encryption face of a signing public key.
        public init(_ key: RSA.Signing.PublicKey) { self.key = key }
        /// A SubjectPublicKeyInfo or PKCS#1 public key in DER.
        public init(derRepresentation: [UInt8]) throws(RSAError) { key = try RSA.Signing.PublicKey(derRepresentation: derRepresentation) }
        /// A "PUBLIC KEY" or "RSA PUBLIC KEY" PEM.
        public init(pemRepresentation: String) throws(RSAError) { key = try RSA.Signing.PublicKey(pemRepresentation: pemRepresentation) }
        /// n and e as big-endian bytes (a JWK's "n" and "e").
        public init<N: Collection, E: Collection>(modulus: N, publicExponent: E) throws(RSAError)
        where N.Element == UInt8, E.Element == UInt8 {
            key = try RSA.Signing.PublicKey(modulus: modulus, publicExponent: publicExponent)
        }

        /// The modulus size in bits.
        public var keySizeInBits: Int { key.keySizeInBits }
        /// n.
        public var modulus: BigUInt { key.modulus }
        /// e.
        public var publicExponent: BigUInt { key.publicExponent }
        /// SubjectPublicKeyInfo DER (rsaEncryption, RFC 8017 A.1).
        public var derRepresentation: [UInt8] { key.derRepresentation }
        /// "PUBLIC KEY" PEM: the SubjectPublicKeyInfo, for handing to whoever encrypts to this key.
        public var pemRepresentation: String { key.pemRepresentation }

        /// RSAES-OAEP-ENCRYPT (§7.1.1) with an empty label and a fresh random seed: k bytes.
        public func encrypt<Bytes: Sequence>(_ data: Bytes, padding: Padding) throws(RSAError) -> [UInt8] where Bytes.Element == UInt8 {
            var generator = SystemRandomNumberGenerator()
            let seed = (0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) }
            return try padding.dispatch { (hash) throws(RSAError) in
                try oaepEncrypt(Array(data), label: [], seed: seed, hash: hash, mgfHash: hash)
            }
        }

        /// RSAES-OAEP-ENCRYPT with any label, hash and MGF1 hash, and the given seed bytes (the first hLen
        /// are used): for known-answer tests and for JWE's package use.
        package func oaepEncrypt<H: HashFunction, M: HashFunction>(
            _ message: [UInt8], label: [UInt8], seed: [UInt8], hash: H.Type, mgfHash: M.Type
        ) throws(RSAError) -> [UInt8] {
            let k = key.byteCount, hLen = H.Digest.byteCount
            guard message.count <= k - 2 * hLen - 2 else { throw RSAError(.messageTooLong(maximum: max(0, k - 2 * hLen - 2))) }
            // DB = lHash ‖ PS ‖ 01 ‖ M; EM = 00 ‖ maskedSeed ‖ maskedDB.
            var db = Array(H.hash(data: label))
            db += [UInt8](repeating: 0, count: k - message.count - 2 * hLen - 2)
            db.append(0x01)
            db += message
            var maskedSeed = Array(seed.prefix(hLen))
            maskedSeed.withUnsafeBytes { xorMGF1(seed: $0, into: &db, M.self) }
            db.withUnsafeBytes { xorMGF1(seed: $0, into: &maskedSeed, M.self) }
            let m = BigUInt(bigEndianBytes: [0] + maskedSeed + db)
            let c = key.context.powerVartime(m, key.publicExponent)
            guard let bytes = c.bigEndianBytes(length: k) else { throw RSAError(.decryptionFailed) }
            return bytes
        }
    }

    /// An RSA private key for decryption (the same key as `RSA.Signing.PrivateKey`, checked the same way).
    public struct PrivateKey: Sendable {
        let key: RSA.Signing.PrivateKey

        /// The decryption face of a signing private key.
        public init(_ key: RSA.Signing.PrivateKey) { self.key = key }
        /// A PKCS#8 or PKCS#1 private key in DER.
        public init(derRepresentation: [UInt8]) throws(RSAError) { key = try RSA.Signing.PrivateKey(derRepresentation: derRepresentation) }
        /// A "PRIVATE KEY" or "RSA PRIVATE KEY" PEM.
        public init(pemRepresentation: String) throws(RSAError) { key = try RSA.Signing.PrivateKey(pemRepresentation: pemRepresentation) }

        /// The public half.
        public var publicKey: PublicKey { PublicKey(key.publicKey) }

        /// RSAES-OAEP-DECRYPT (§7.1.2) with an empty label. Throws ``RSAError/Reason/decryptionFailed``,
        /// and nothing else, for any ciphertext that is not a valid OAEP encryption under this key.
        public func decrypt<Bytes: Sequence>(_ data: Bytes, padding: Padding) throws(RSAError) -> [UInt8] where Bytes.Element == UInt8 {
            try padding.dispatch { (hash) throws(RSAError) in try oaepDecrypt(Array(data), label: [], hash: hash, mgfHash: hash) }
        }

        /// RSAES-OAEP-DECRYPT with any label, hash and MGF1 hash.
        package func oaepDecrypt<H: HashFunction, M: HashFunction>(
            _ ciphertext: [UInt8], label: [UInt8], hash: H.Type, mgfHash: M.Type
        ) throws(RSAError) -> [UInt8] {
            let publicKey = key.publicKey
            let k = publicKey.byteCount, hLen = H.Digest.byteCount
            // Public checks first (§7.1.2 steps 1 and 2a): the length, then c < n.
            guard ciphertext.count == k, k >= 2 * hLen + 2 else { throw RSAError(.decryptionFailed) }
            let c = BigUInt(bigEndianBytes: ciphertext)
            guard c < publicKey.modulus else { throw RSAError(.decryptionFailed) }
            // m = c^d mod n, blinded, by the CRT, checked by m^e = c (a fault throws the same error).
            let em: [UInt8]
            do { em = try key.privateOperation(c) } catch { throw RSAError(.decryptionFailed) }
            // EM = Y ‖ maskedSeed ‖ maskedDB (step 3b); unmask (3c–3f).
            var seed = Array(em[1...hLen]), db = Array(em[(1 + hLen)...])
            db.withUnsafeBytes { xorMGF1(seed: $0, into: &seed, M.self) }
            seed.withUnsafeBytes { xorMGF1(seed: $0, into: &db, M.self) }
            // Step 3g in constant time: Y = 0, lHash' = lHash, then zeros up to a 01 (masks, no exit).
            let lHash = Array(H.hash(data: label))
            let (bad, separator) = db.withUnsafeBufferPointer { db in
                lHash.withUnsafeBufferPointer { lHash in
                    oaepPaddingCheck(firstByte: em[0], db: db.baseAddress!, dbCount: db.count, labelHash: lHash.baseAddress!, hashCount: lHash.count)
                }
            }
            // The one branch: on the outcome. Nothing of the block leaves on failure.
            guard bad == 0 else { throw RSAError(.decryptionFailed) }
            return Array(db[(separator + 1)...])
        }
    }
}

/// RFC 8017 §7.1.2 step 3g over the unmasked DB = lHash' ‖ PS ‖ 0x01 ‖ M: `bad` is zero exactly when the
/// first byte Y is zero, lHash' equals the label's hash and PS is zeros ended by a 01; `separator` is the
/// 01's index in DB (meaningful only when `bad` is zero). Masks over every byte, no exit and no branch
/// on the data: the loops' trip counts are the public lengths. Kept out of line so that
/// scripts/audit-branches.sh can check its machine code (loop back-edges only). `dbCount` is greater than
/// `hashCount`, which is at least 1, as the caller's length check (k ≥ 2·hLen + 2) ensures.
@inline(never)
func oaepPaddingCheck(firstByte: UInt8, db: UnsafePointer<UInt8>, dbCount: Int,
                      labelHash: UnsafePointer<UInt8>, hashCount: Int) -> (bad: UInt64, separator: Int) {
    var bad = UInt64(firstByte)
    var index = 0
    repeat {
        bad |= UInt64(db[index] ^ labelHash[index])
        index &+= 1
    } while index < hashCount
    var looking: UInt64 = .max, separator: UInt64 = 0
    repeat {
        let byte = UInt64(db[index])
        let isOne = isZeroMask(byte ^ 1), isZero = isZeroMask(byte)
        separator |= looking & isOne & UInt64(truncatingIfNeeded: index)
        bad |= looking & ~isOne & ~isZero
        looking &= ~isOne
        index &+= 1
    } while index < dbCount
    return (bad | looking, Int(truncatingIfNeeded: separator))
}

/// All ones when `x` is zero, zero otherwise, without a branch.
@inline(__always)
private func isZeroMask(_ x: UInt64) -> UInt64 { 0 &- (((x | (0 &- x)) >> 63) ^ 1) }

extension RSA.Encryption.Padding {
    /// Runs `body` with the hash type this padding names.
    func dispatch<Result>(_ body: (any HashFunction.Type) throws(RSAError) -> Result) throws(RSAError) -> Result {
        switch hash {
        case .sha1: return try body(Insecure.SHA1.self)
        case .sha256: return try body(SHA256.self)
        case .sha384: return try body(SHA384.self)
        case .sha512: return try body(SHA512.self)
        }
    }
}
