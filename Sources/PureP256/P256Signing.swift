// ECDSA signing and verification of P256.Signing's keys (generated in P256Keys.swift) with this module's
// own P-256 arithmetic (ECDSA.swift), which the generic code does not match for speed: digests as U256,
// r ‖ s written straight from the limbs.

import PureECDSA
import PureSHA2

extension P256.Signing.PublicKey {
    /// Whether `signature` is valid for the SHA-256 digest of `data`.
    public func isValidSignature<Bytes: Sequence>(_ signature: P256.Signing.ECDSASignature, for data: Bytes) -> Bool
    where Bytes.Element == UInt8 {
        isValidSignature(signature, for: SHA256.hash(data: data))
    }

    /// Whether `signature` is valid for a precomputed SHA-256 digest.
    public func isValidSignature(_ signature: P256.Signing.ECDSASignature, for digest: SHA256Digest) -> Bool {
        verify(signature, ECDSA.digestInteger(digest))
    }

    /// Whether `signature` is valid for a precomputed SHA-384 digest (its leftmost 256 bits, FIPS 186-5
    /// §6.4.2 step 2), as certificates signed ecdsa-with-SHA384 by a P-256 key use.
    public func isValidSignature(_ signature: P256.Signing.ECDSASignature, for digest: SHA384Digest) -> Bool {
        verify(signature, ECDSA.leftmostDigestInteger(digest))
    }

    /// Whether `signature` is valid for a precomputed SHA-512 digest (its leftmost 256 bits).
    public func isValidSignature(_ signature: P256.Signing.ECDSASignature, for digest: SHA512Digest) -> Bool {
        verify(signature, ECDSA.leftmostDigestInteger(digest))
    }

    private func verify(_ signature: P256.Signing.ECDSASignature, _ e: U256) -> Bool {
        let (r, s) = signature.components
        return ECDSA.verify(digest: e, r: r, s: s, publicKey: core.point)
    }
}

extension P256.Signing.PrivateKey {
    /// Signs the SHA-256 digest of `data` with an RFC 6979 deterministic nonce (JWS "ES256").
    public func signature<Bytes: Sequence>(for data: Bytes) -> P256.Signing.ECDSASignature where Bytes.Element == UInt8 {
        signature(for: SHA256.hash(data: data))
    }

    /// Signs a precomputed SHA-256 digest with an RFC 6979 deterministic nonce.
    public func signature(for digest: SHA256Digest) -> P256.Signing.ECDSASignature {
        sign(digest: digest, extraEntropy: [])
    }

    /// Signs with an RFC 6979 nonce hedged with 32 fresh random bytes (RFC 6979 §3.6): still safe if the
    /// random generator fails, and resistant to fault attacks on deterministic signing.
    public func hedgedSignature<Bytes: Sequence>(for data: Bytes) -> P256.Signing.ECDSASignature where Bytes.Element == UInt8 {
        var generator = SystemRandomNumberGenerator()
        let extra = (0..<4).flatMap { _ in withUnsafeBytes(of: generator.next()) { Array($0) } }
        return sign(digest: SHA256.hash(data: data), extraEntropy: extra)
    }

    func sign(digest: SHA256Digest, extraEntropy: [UInt8]) -> P256.Signing.ECDSASignature {
        let e = ECDSA.digestInteger(digest)
        var nonces = RFC6979Nonces(privateKey: core.scalar.d, digest: e, extra: extraEntropy)
        while true {
            if let (r, s) = ECDSA.sign(digest: e, privateKey: core.scalar.scalar, nonce: nonces.next()) {
                return P256.Signing.ECDSASignature(r: r, s: s)
            }
        }
    }

    /// Signs with a caller-chosen nonce: for NIST's SigGen vectors only (`package` access).
    package func signature(for digest: SHA256Digest, nonce k: [UInt8]) -> P256.Signing.ECDSASignature? {
        guard let nonce = U256(bigEndianBytes: k) else { return nil }
        return ECDSA.sign(digest: ECDSA.digestInteger(digest), privateKey: core.scalar.scalar, nonce: nonce)
            .map { P256.Signing.ECDSASignature(r: $0.r, s: $0.s) }
    }
}

extension P256.Signing.ECDSASignature {
    /// r ‖ s from the limbs signing computed.
    init(r: U256, s: U256) {
        let raw = [UInt8](unsafeUninitializedCapacity: 64) { buffer, count in
            let out = UnsafeMutableRawBufferPointer(buffer)
            out.storeBytes(of: r.w3.bigEndian, toByteOffset: 0, as: UInt64.self)
            out.storeBytes(of: r.w2.bigEndian, toByteOffset: 8, as: UInt64.self)
            out.storeBytes(of: r.w1.bigEndian, toByteOffset: 16, as: UInt64.self)
            out.storeBytes(of: r.w0.bigEndian, toByteOffset: 24, as: UInt64.self)
            out.storeBytes(of: s.w3.bigEndian, toByteOffset: 32, as: UInt64.self)
            out.storeBytes(of: s.w2.bigEndian, toByteOffset: 40, as: UInt64.self)
            out.storeBytes(of: s.w1.bigEndian, toByteOffset: 48, as: UInt64.self)
            out.storeBytes(of: s.w0.bigEndian, toByteOffset: 56, as: UInt64.self)
            count = 64
        }
        self.init(core: ECDSASignatureCore(computed: raw))
    }

    /// r and s as integers (not yet range-checked).
    var components: (r: U256, s: U256) {
        core.rawRepresentation.withUnsafeBytes {
            (U256(bigEndian: UnsafeRawBufferPointer(rebasing: $0[0..<32])), U256(bigEndian: UnsafeRawBufferPointer(rebasing: $0[32..<64])))
        }
    }
}
